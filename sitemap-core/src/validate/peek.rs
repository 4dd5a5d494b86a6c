//! A quick look at a file without validating it: what kind of
//! document it is, and the first URL it lists (gunzipped when gzipped).

use std::io::{self, BufRead, Read};

use crate::Loc;

use super::DocumentKind;

/// Guesses what a file is from its first 4 KiB (gunzipped when gzipped),
/// without checking it: a caller that walks a directory checks indexes
/// first, so their sitemaps are checked as the index lists them.
///
/// ```
/// use sitemap_core::validate::{DocumentKind, peek_kind};
///
/// let xml = r#"<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#;
/// assert_eq!(peek_kind(xml.as_bytes())?, DocumentKind::Sitemapindex);
/// assert_eq!(peek_kind(&b"https://example.org/\n"[..])?, DocumentKind::Text);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
///
/// When `input` fails to read (a corrupt gzip stream included).
pub fn peek_kind(input: impl BufRead) -> io::Result<DocumentKind> {
    let head = peek_head(input, 4096)?;
    let text = String::from_utf8_lossy(&head);
    let text = text.trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n']);
    Ok(
        if text.contains("<sitemapindex") || text.contains(":sitemapindex") {
            DocumentKind::Sitemapindex
        } else if text.contains("<urlset") || text.contains(":urlset") {
            DocumentKind::Urlset
        } else if text.starts_with('<') || text.is_empty() {
            DocumentKind::Unknown
        } else {
            DocumentKind::Text
        },
    )
}

/// The first `limit` bytes of a sitemap, gunzipped when it is gzipped.
pub(super) fn peek_head(mut input: impl BufRead, limit: u64) -> io::Result<Vec<u8>> {
    let gzip = input.fill_buf()?.starts_with(&[0x1f, 0x8b]);
    let mut head = Vec::new();
    if gzip {
        crate::gzip::gunzip(input)
            .take(limit)
            .read_to_end(&mut head)?;
    } else {
        input.take(limit).read_to_end(&mut head)?;
    }
    Ok(head)
}

/// The first URL a sitemap lists (the first `<loc>` of a `<urlset>` or
/// `<sitemapindex>`, or the first line of a text sitemap), read from its
/// first 64 KiB (gunzipped when gzipped), without checking anything else.
/// A caller that finds a sitemap by its URL's file name learns from it
/// which site the file on disk belongs to.
///
/// ```
/// use sitemap_core::validate::peek_first_loc;
///
/// let xml = r#"<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.org/a?x=1&amp;y=2</loc></url></urlset>"#;
/// assert_eq!(peek_first_loc(xml.as_bytes())?.unwrap().as_str(), "https://example.org/a?x=1&y=2");
/// assert_eq!(peek_first_loc(&b"\nhttps://example.org/\n"[..])?.unwrap().as_str(), "https://example.org/");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
///
/// When `input` fails to read (a corrupt gzip stream included).
pub fn peek_first_loc(input: impl BufRead) -> io::Result<Option<Loc>> {
    let head = peek_head(input, 64 * 1024)?;
    let text = String::from_utf8_lossy(&head);
    let text = text.trim_start_matches('\u{feff}');
    if !text.trim_start().starts_with('<') {
        let first = text.lines().map(str::trim).find(|l| !l.is_empty());
        return Ok(first.and_then(|l| Loc::parse(l).ok()));
    }
    // `<loc>` or `<prefix:loc>`, never `</loc>`.
    let mut rest = text;
    while let Some(i) = rest.find("loc>") {
        let before = &rest[..i];
        let opens = before.ends_with('<')
            || before.rfind('<').is_some_and(|lt| {
                let name = &before[lt + 1..];
                name.ends_with(':') && !name.starts_with('/') && !name.contains(char::is_whitespace)
            });
        rest = &rest[i + 4..];
        if opens {
            let value = rest.split('<').next().unwrap_or("").trim();
            let value = value
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
            return Ok(Loc::parse(&value).ok());
        }
    }
    Ok(None)
}
