//! Names from the input as a message shows them: escaped, so a file or
//! key cannot write to the terminal or start a line of its own, and cut
//! to a bound, so one hostile name cannot flood the report.

use std::borrow::Cow;
use std::fmt;
use std::path::Path;

/// The most characters of one name (a file, a key, a value quoted in a
/// message) a message shows; what is past it is counted, not shown.
/// Real paths stay well under it (a deep Hugo content path is about 130).
pub const NAME_BOUND: usize = 200;

/// The most characters of one message (or hint) shown: a net under the
/// names each producer cuts, for a message that quotes a long list (ten
/// URLs of up to 2,048 characters each fit).
pub const MESSAGE_BOUND: usize = 24_000;

/// A name from the input, shown escaped and cut to [`NAME_BOUND`]
/// characters: what every message puts between its backquotes.
///
/// ```
/// use sitemap_core::diagnostic::Name;
///
/// assert_eq!(Name::new("a\nb\x1b[2J").to_string(), "a\\nb\\x1b[2J");
/// let long = "k".repeat(312 + 200);
/// assert!(Name::new(&long).to_string().ends_with("k… (312 more characters)"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Name<'a>(&'a str, usize);

impl<'a> Name<'a> {
    /// `text` as a name.
    pub fn new(text: &'a str) -> Name<'a> {
        Name(text, NAME_BOUND)
    }
}

impl fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_shown(f, self.0, self.1)
    }
}

/// A path as a message names it: as the user gave it (without a leading
/// `./`), bytes that are not UTF-8 shown as `�`, escaped and cut as a
/// [`Name`].
pub fn path(path: &Path) -> String {
    let text = path.to_string_lossy();
    let text = match text.strip_prefix("./") {
        Some(rest) if !rest.is_empty() => rest,
        _ => &text,
    };
    Name::new(text).to_string()
}

/// `text` escaped and cut to `bound` characters.
pub(crate) fn shown(text: &str, bound: usize) -> Cow<'_, str> {
    if text.chars().all(|c| !needs_escape(c)) && text.len() <= bound {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().min(bound + 32));
    write_shown(&mut out, text, bound).expect("a String takes any text");
    Cow::Owned(out)
}

/// Writes `text` with each character that could act on a terminal or a
/// log shown as its escape (`\n`, `\x1b`, `\u{202e}`), stopping once
/// `bound` characters are written and then saying how many of `text`'s
/// characters were left out.
fn write_shown(out: &mut impl fmt::Write, text: &str, bound: usize) -> fmt::Result {
    let mut written = 0;
    for (i, c) in text.char_indices() {
        if written >= bound {
            let rest = text[i..].chars().count();
            let s = if rest == 1 { "" } else { "s" };
            return write!(out, "… ({rest} more character{s})");
        }
        if needs_escape(c) {
            let escape = escape(c);
            written += escape.len();
            out.write_str(&escape)?;
        } else {
            written += 1;
            out.write_char(c)?;
        }
    }
    Ok(())
}

/// Control characters (C0, DEL, C1: line breaks, ESC, the 8-bit CSI) and
/// the format characters that reorder or hide text (bidirectional marks,
/// embeddings, overrides and isolates), which would let a name disguise
/// what the line around it says.
fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// `\n`, `\r`, `\t` as Rust and C write them; other ASCII controls as
/// `\x1b`; the rest as `\u{9b}`.
fn escape(c: char) -> String {
    match c {
        '\n' => "\\n".to_owned(),
        '\r' => "\\r".to_owned(),
        '\t' => "\\t".to_owned(),
        c if c.is_ascii() => format!("\\x{:02x}", c as u32),
        c => format!("\\u{{{:x}}}", c as u32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_reordering_marks_are_escaped() {
        assert_eq!(
            Name::new("a\nb\r\tc\x1b]0;t\x07\x7f\u{9b}2J\u{202e}x\u{2066}").to_string(),
            "a\\nb\\r\\tc\\x1b]0;t\\x07\\x7f\\u{9b}2J\\u{202e}x\\u{2066}"
        );
        assert_eq!(Name::new("é/日本/ok").to_string(), "é/日本/ok");
    }

    #[test]
    fn a_long_name_is_cut_and_the_rest_counted() {
        let name = "x".repeat(NAME_BOUND + 312);
        assert_eq!(
            Name::new(&name).to_string(),
            format!("{}… (312 more characters)", "x".repeat(NAME_BOUND))
        );
        let one_over = "y".repeat(NAME_BOUND + 1);
        assert!(
            Name::new(&one_over)
                .to_string()
                .ends_with("y… (1 more character)")
        );
        assert_eq!(
            Name::new(&"z".repeat(NAME_BOUND)).to_string(),
            "z".repeat(NAME_BOUND)
        );
        // The count is of the name's characters, not of their escapes.
        let lines = "\n".repeat(NAME_BOUND);
        assert_eq!(
            Name::new(&lines).to_string(),
            format!(
                "{}… ({} more characters)",
                "\\n".repeat(NAME_BOUND / 2),
                NAME_BOUND / 2
            )
        );
    }

    #[test]
    fn paths_lose_their_leading_dot_and_show_bad_bytes_lossily() {
        assert_eq!(path(Path::new("./content/a.md")), "content/a.md");
        assert_eq!(path(Path::new("./")), "./");
        assert_eq!(path(Path::new(".")), ".");
        assert_eq!(path(Path::new("evil\nsite/public/")), "evil\\nsite/public/");
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let bad = std::ffi::OsStr::from_bytes(b"a\xffb.md");
            assert_eq!(path(Path::new(bad)), "a\u{fffd}b.md");
        }
    }

    #[test]
    fn shown_borrows_what_needs_nothing() {
        assert!(matches!(shown("plain", 10), Cow::Borrowed("plain")));
        assert_eq!(shown("a\nb", 10), "a\\nb");
    }
}
