//! The text form: `file:line:column: warning: message`, each note on a
//! line of its own, then `  hint: …`.

use std::fmt::Write as _;

use super::shown::{self, MESSAGE_BOUND, NAME_BOUND};
use super::{Diagnostic, Severity};

/// The labels a skin prints, already painted (a terminal's colour codes
/// around `warning:`), or plain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    warning: String,
    error: String,
    hint: String,
}

impl Labels {
    /// `warning:`, `error:` and `hint:` as given (painted by the skin).
    pub fn new(warning: String, error: String, hint: String) -> Labels {
        Labels {
            warning,
            error,
            hint,
        }
    }

    /// The labels without colour.
    pub fn plain() -> Labels {
        Labels::new("warning:".into(), "error:".into(), "hint:".into())
    }
}

impl Diagnostic {
    /// The lines a skin prints for it, joined by `\n` (no `\n` at the
    /// end), with `labels` before the message and the hint.
    pub fn render(&self, labels: &Labels) -> String {
        let mut out = String::new();
        self.write_place(&mut out);
        out.push_str(match self.severity {
            Severity::Warning => &labels.warning,
            _ => &labels.error,
        });
        out.push(' ');
        out.push_str(&shown::shown(&self.message, MESSAGE_BOUND));
        for note in &self.notes {
            out.push('\n');
            note.write_place(&mut out);
            out.push_str(&shown::shown(&note.message, MESSAGE_BOUND));
        }
        if let Some(hint) = &self.hint {
            let _ = write!(
                out,
                "\n  {} {}",
                labels.hint,
                shown::shown(hint, MESSAGE_BOUND)
            );
        }
        out
    }

    /// `file:line:column: `, as much of it as is known; nothing without
    /// a file.
    fn write_place(&self, out: &mut String) {
        let Some(file) = &self.file else {
            return;
        };
        out.push_str(&shown::path(file));
        for n in [self.line, self.column].into_iter().map_while(|n| n) {
            let _ = write!(out, ":{n}");
        }
        out.push_str(": ");
    }

    /// `file:line: message`, without a label, notes or hint: what an
    /// error's `Display` says, for a cause chain or a build script's
    /// `{e}`.
    pub fn unlabelled(&self) -> Unlabelled<'_> {
        Unlabelled(self)
    }

    /// The key as a message shows it: escaped and cut.
    pub fn shown_key(&self) -> Option<String> {
        self.key
            .as_deref()
            .map(|k| shown::shown(k, NAME_BOUND).into_owned())
    }
}

/// [`Diagnostic::unlabelled`].
#[derive(Clone, Copy, Debug)]
pub struct Unlabelled<'a>(&'a Diagnostic);

impl std::fmt::Display for Unlabelled<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut place = String::new();
        self.0.write_place(&mut place);
        f.write_str(&place)?;
        f.write_str(&shown::shown(&self.0.message, MESSAGE_BOUND))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_place_comes_first_then_the_label() {
        let cases = [
            (
                Diagnostic::warning("no date").at("content/a.md", 4),
                "content/a.md:4: warning: no date",
            ),
            (
                Diagnostic::error("raw `&`")
                    .at("sitemap.xml", 3)
                    .with_column(Some(10)),
                "sitemap.xml:3:10: error: raw `&`",
            ),
            (
                Diagnostic::warning("differs").in_file("./public/sitemap.xml"),
                "public/sitemap.xml: warning: differs",
            ),
            (
                Diagnostic::warning("not in git").in_file("."),
                ".: warning: not in git",
            ),
            (
                Diagnostic::warning("3 URL(s) lie outside https://x.org/: left out"),
                "warning: 3 URL(s) lie outside https://x.org/: left out",
            ),
            (
                Diagnostic::error("bad")
                    .in_file("book.toml")
                    .with_hint("fix it"),
                "book.toml: error: bad\n  hint: fix it",
            ),
        ];
        for (d, want) in cases {
            assert_eq!(d.to_string(), want);
        }
    }

    #[test]
    fn notes_are_lines_of_their_own_before_the_hint() {
        let d = Diagnostic::error("the sitemap does not match the site built in public/:")
            .with_notes(vec![
                Diagnostic::warning("2 built page(s) not in the sitemap").in_file("public/"),
                Diagnostic::warning("1 listed URL(s) with no built page").in_file("public/"),
            ])
            .with_hint("build the site again");
        assert_eq!(
            d.to_string(),
            "error: the sitemap does not match the site built in public/:\n\
             public/: 2 built page(s) not in the sitemap\n\
             public/: 1 listed URL(s) with no built page\n  \
             hint: build the site again"
        );
    }

    /// A folder named `evil⏎site/public/: warning: forged line` is one
    /// line, its break shown as `\n`; so is a break in a message or hint.
    #[test]
    fn nothing_from_the_input_starts_a_line() {
        let d = Diagnostic::warning("no built page\n: warning: forged")
            .in_file("evil\nsite/public/: warning: forged line")
            .with_hint("run\x1b[2J it");
        assert_eq!(
            d.to_string(),
            "evil\\nsite/public/: warning: forged line: warning: no built page\\n: warning: forged\n  \
             hint: run\\x1b[2J it"
        );
    }

    #[test]
    fn painted_labels_go_where_the_plain_ones_do() {
        let labels = Labels::new("W".into(), "E".into(), "H".into());
        let d = Diagnostic::error("m").at("f", 1).with_hint("h");
        assert_eq!(d.render(&labels), "f:1: E m\n  H h");
    }
}
