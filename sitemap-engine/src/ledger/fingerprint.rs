//! What a reader sees change, hashed (xxh3, 64 bits).
//!
//! - A Markdown source: its body with whitespace collapsed, and its front
//!   matter less the keys that only say when (`date`, `lastmod`,
//!   `updated`, …) or how it is listed (`sitemap`), in key order: editing
//!   a date or re-wrapping a paragraph is no change.
//! - Any other source file: its text, whitespace collapsed.
//! - A built page: its main text ([`sitemap_html::main_text`]), so a
//!   site-wide footer or a theme change is no change.

use std::io;
use std::path::Path;

use xxhash_rust::xxh3::xxh3_64;

/// The largest file fingerprinted (64 MiB), as for every read.
const MAX_BYTES: u64 = 64 << 20;

/// Front matter keys that say when a page changed or how it is listed,
/// not what it shows (any case; Hugo, Zola, Jekyll and mdBook spellings).
const NOT_CONTENT: &[&str] = &[
    "date",
    "lastmod",
    "updated",
    "last_modified_at",
    "lastmodified",
    "modified",
    "publishdate",
    "pubdate",
    "published",
    "expirydate",
    "sitemap",
];

/// The fingerprint of a source file.
pub(crate) fn source_fingerprint(path: &Path) -> io::Result<u64> {
    let text = sitemap_core::input::read_regular_text(path, MAX_BYTES)?;
    let markdown = path
        .extension()
        .is_some_and(|e| e == "md" || e == "markdown");
    let parsed = markdown
        .then(|| sitemap_pages::front_matter::parse(path, &text).ok())
        .flatten();
    let mut canonical = String::new();
    if let Some(fm) = &parsed {
        // Sorted, whatever order the file and the map keep.
        let fields: std::collections::BTreeMap<String, &serde_json::Value> = fm
            .data()
            .iter()
            .filter(|(k, _)| !NOT_CONTENT.contains(&k.to_ascii_lowercase().as_str()))
            .map(|(k, v)| (k.clone(), v))
            .collect();
        canonical.push_str(&serde_json::to_string(&fields).unwrap_or_default());
        canonical.push('\n');
        canonical.push_str(&collapse(fm.body(&text)));
    } else {
        canonical.push_str(&collapse(&text));
    }
    Ok(xxh3_64(canonical.as_bytes()))
}

/// `fingerprint` with the files the page depends on (an mdBook chapter's
/// includes, a bundle's resources) folded in, each by its bytes: a
/// changed listing is a changed page, as it is for its lastmod.
pub(crate) fn with_deps<'a>(fingerprint: u64, deps: impl IntoIterator<Item = &'a Path>) -> u64 {
    let mut all = fingerprint.to_le_bytes().to_vec();
    for dep in deps {
        all.extend_from_slice(dep.to_string_lossy().as_bytes());
        all.push(0);
        let content =
            sitemap_core::input::read_regular(dep, MAX_BYTES).map_or(0, |bytes| xxh3_64(&bytes));
        all.extend_from_slice(&content.to_le_bytes());
    }
    xxh3_64(&all)
}

/// The fingerprint of a built HTML page.
#[cfg(feature = "html")]
pub(crate) fn html_fingerprint(path: &Path) -> io::Result<u64> {
    let bytes = sitemap_core::input::read_regular(path, MAX_BYTES)?;
    Ok(xxh3_64(sitemap_html::main_text(&bytes).as_bytes()))
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_rewrapping_are_no_change_a_word_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.md");
        let fp = |text: &str| {
            std::fs::write(&path, text).unwrap();
            source_fingerprint(&path).unwrap()
        };
        let base = fp("+++\ntitle = \"A\"\ndate = 2024-01-01\n+++\nOne two\nthree.\n");
        assert_eq!(
            base,
            fp(
                "+++\ndate = 2025-05-05\nupdated = 2025-06-06\ntitle = \"A\"\n+++\nOne two three.\n"
            )
        );
        assert_ne!(base, fp("+++\ntitle = \"B\"\n+++\nOne two three.\n"));
        assert_ne!(base, fp("+++\ntitle = \"A\"\n+++\nOne two four.\n"));
    }
}
