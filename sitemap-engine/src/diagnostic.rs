//! One shape for every warning and error a skin prints, as compilers print
//! them: `file:line: warning: message` (`file: warning: message` without a
//! line, plain `warning: message` when no file is named), and likewise
//! `file:line: error: message`.
//!
//! The engine and the readers hand over their messages as strings that
//! start with the place they are about (`site/a.md:4: …`, `public/x.xml: …`)
//! or with none; rather than turn every producer's string into a struct,
//! the place is split off here, in one place, so the CLI, the mdBook plugin
//! and anything else put the label after it the same way.

/// A message split into the place it names (a path, `path:line` or
/// `path:line:col`) and what it says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Diagnostic<'a> {
    /// `file`, `file:line` or `file:line:col`; `None` when the message
    /// names no file.
    pub place: Option<&'a str>,
    /// The rest of the message.
    pub text: &'a str,
}

impl<'a> Diagnostic<'a> {
    /// Splits off a leading place: the text before the first `": "`,
    /// when it has no whitespace or backquote and looks like a path
    /// (a `.` or a `/` in it), so a message such as `3 URL(s) lie
    /// outside …: …` or ``lastmod: …`` is not mistaken for one. A label
    /// already after the place (`file: warning: …`) is dropped, so it is
    /// never printed twice.
    pub fn parse(message: &'a str) -> Diagnostic<'a> {
        let strip_label = |text: &'a str| {
            text.strip_prefix("warning: ")
                .or_else(|| text.strip_prefix("error: "))
                .unwrap_or(text)
        };
        if let Some((place, text)) = message.split_once(": ")
            && !place.is_empty()
            && !place.contains(char::is_whitespace)
            && !place.contains('`')
            && (place.contains('.') || place.contains('/'))
        {
            return Diagnostic {
                place: Some(
                    place
                        .strip_prefix("./")
                        .filter(|p| !p.is_empty())
                        .unwrap_or(place),
                ),
                text: strip_label(text),
            };
        }
        Diagnostic {
            place: None,
            text: strip_label(message),
        }
    }

    /// The message with `label` (`warning`, `error`) after its place, as
    /// `label:` would be painted by [`Diagnostic::render`].
    pub fn line(&self, label: &str) -> String {
        self.render(&format!("{label}:"))
    }

    /// The message with an already painted `label` (`warning:` in colour,
    /// say) after its place.
    pub fn render(&self, label: &str) -> String {
        match self.place {
            Some(place) => format!("{place}: {label} {}", self.text),
            None => format!("{label} {}", self.text),
        }
    }
}

/// `message` as one warning line: `file:line: warning: …`.
pub fn warning_line(message: &str) -> String {
    Diagnostic::parse(message).line("warning")
}

/// An error and its causes as one message, `: `-separated, leaving out a
/// cause whose words the message holds already: most errors print their
/// source's text themselves, and `{:#}` would say it twice.
pub fn message_of(err: &(dyn std::error::Error + 'static)) -> String {
    let mut message = err.to_string();
    let mut cause = err.source();
    while let Some(c) = cause {
        let text = c.to_string();
        if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
        cause = c.source();
    }
    message
}

/// `message` as one error line: `file:line: error: …`.
pub fn error_line(message: &str) -> String {
    Diagnostic::parse(message).line("error")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_label_goes_after_the_place() {
        for (given, want) in [
            (
                "content/a.md:4: no date",
                "content/a.md:4: warning: no date",
            ),
            (
                "sitemap.xml:3:10: raw `&`",
                "sitemap.xml:3:10: warning: raw `&`",
            ),
            (
                "public/sitemap.xml: differs",
                "public/sitemap.xml: warning: differs",
            ),
            ("./index.html: a FIFO", "index.html: warning: a FIFO"),
            (
                ".: not inside a git work tree",
                ".: warning: not inside a git work tree",
            ),
            ("a.html: warning: broken", "a.html: warning: broken"),
            (
                "3 URL(s) lie outside https://x.org/: left out",
                "warning: 3 URL(s) lie outside https://x.org/: left out",
            ),
            ("lastmod: none", "warning: lastmod: none"),
            ("`a.b`: odd", "warning: `a.b`: odd"),
            ("no place at all", "warning: no place at all"),
        ] {
            assert_eq!(warning_line(given), want, "{given}");
        }
        assert_eq!(error_line("book.toml:7: bad"), "book.toml:7: error: bad");
    }
}
