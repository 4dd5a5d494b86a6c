//! Attribute values as a browser reads them: lol_html gives a value as
//! written, with its character references still in it, and generators
//! write `+` as `&#43;` (Hugo's dates) and `&` as `&amp;` (query strings
//! in URLs).
//!
//! `html-escape` decodes the references; the hand code here covers only
//! the numeric references it leaves as written where a browser decodes
//! them (each pinned by a test below).

use lol_html::html_content::Element;

/// An attribute's value with its character references decoded.
pub(super) fn attr(el: &Element<'_, '_>, name: &str) -> Option<String> {
    el.get_attribute(name).map(|v| {
        if v.contains('&') {
            decode_references(&v)
        } else {
            v
        }
    })
}

/// Decodes the character references of an attribute value: named ones
/// (`&amp;`, `&quot;`, …) and numeric ones (`&#43;`, `&#x2B;`) by
/// `html-escape`, the numeric ones it leaves as written by
/// [`numeric_reference`]. A named reference that is not one (`&unknown;`)
/// or has no `;` is kept as written, as a browser keeps it in an
/// attribute.
pub(crate) fn decode_references(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some((at, c, len)) = next_left_by_html_escape(rest) {
        out.push_str(&html_escape::decode_html_entities(&rest[..at]));
        out.push(c);
        rest = &rest[at + len..];
    }
    out.push_str(&html_escape::decode_html_entities(rest));
    out
}

/// The first numeric reference in `s` that `html-escape` does not decode
/// but a browser does: where it starts, the character and its length.
fn next_left_by_html_escape(s: &str) -> Option<(usize, char, usize)> {
    let mut from = 0;
    while let Some(i) = s[from..].find("&#") {
        let at = from + i;
        if let Some((c, len)) = numeric_reference(&s[at..]) {
            let written = &s[at..at + len];
            if !matches!(
                html_escape::decode_html_entities(written),
                std::borrow::Cow::Owned(_)
            ) {
                return Some((at, c, len));
            }
        }
        from = at + 2;
    }
    None
}

/// The character a numeric reference at the start of `s` (`&#…`) stands
/// for in a browser, and how many bytes it takes. Where `html-escape`
/// differs:
/// - no `;` after the digits (`&#X2b`): a browser decodes it (a parse
///   error, but decoded);
/// - `&#0;`, a code point past U+10FFFF, a surrogate, or digits too many
///   for a `u32`: a browser gives U+FFFD, `html-escape` keeps the text;
/// - C0 controls (`&#1;`): a browser gives the control character.
fn numeric_reference(s: &str) -> Option<(char, usize)> {
    let num = s.strip_prefix("&#")?;
    let (digits, radix, prefix) = match num.strip_prefix(['x', 'X']) {
        Some(hex) => (hex, 16, 3),
        None => (num, 10, 2),
    };
    let len = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    if len == 0 {
        return None;
    }
    let semicolon = usize::from(digits[len..].starts_with(';'));
    let c = u32::from_str_radix(&digits[..len], radix)
        .ok()
        .and_then(char::from_u32)
        .filter(|&c| c != '\0')
        .unwrap_or(char::REPLACEMENT_CHARACTER);
    Some((c, prefix + len + semicolon))
}

#[cfg(test)]
mod unit {
    use super::decode_references;

    #[test]
    fn character_references_in_attributes() {
        assert_eq!(
            decode_references("2024-01-01T00:00:00&#43;00:00"),
            "2024-01-01T00:00:00+00:00"
        );
        assert_eq!(
            decode_references("&quot;&lt;&gt;&apos;&nbsp;"),
            "\"<>'\u{a0}"
        );
        assert_eq!(
            decode_references("a & b &unknown; &#;"),
            "a & b &unknown; &#;"
        );
        // Decoded once: `&amp;#43;` is the text `&#43;`, not `+`.
        assert_eq!(decode_references("&amp;#43;"), "&#43;");
    }

    /// A numeric reference without its `;` is decoded by a browser,
    /// kept as written by html-escape.
    #[test]
    fn numeric_reference_without_semicolon() {
        assert_eq!(
            decode_references("/a?x=1&amp;y=2&#x2B;&#X2b"),
            "/a?x=1&y=2++"
        );
        assert_eq!(decode_references("&#43abc"), "+abc");
    }

    /// NUL and code points past Unicode are U+FFFD in a browser, kept as
    /// written by html-escape.
    #[test]
    fn numeric_reference_out_of_range() {
        assert_eq!(decode_references("&#0;&#x110000;"), "\u{fffd}\u{fffd}");
        assert_eq!(decode_references("&#99999999999;"), "\u{fffd}");
        // A C0 control is the control in a browser, kept by html-escape.
        assert_eq!(decode_references("&#1;"), "\u{1}");
    }
}
