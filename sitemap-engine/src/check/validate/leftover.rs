//! Sitemaps Hugo left in the site folder, named as such. With several
//! languages Hugo writes an index at `public/sitemap.xml` and one sitemap
//! per language (`public/en/sitemap.xml`); once this tool's set replaces
//! the index, the language sitemaps stay from the earlier build, listed
//! by nothing. Checked as the site's own, each broke the location rule
//! once per URL (37 errors for the README's Hugo sequence on a
//! two-language site), which said nothing of where they came from.
//!
//! A sitemap found in a subfolder of the folder given is Hugo's leftover
//! when it opens with Hugo's XML declaration (`encoding="utf-8"
//! standalone="yes"`, which no file this tool writes has) while the
//! folder's own `sitemap.xml` is this tool's. It is then one error naming
//! it and what to do, and stays out of the site check.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

/// How Hugo's sitemap templates open, every version since 0.20.
const HUGO_DECLARATION: &[u8] = b"<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>";

/// The sitemaps among `found` (the search of the folder `dir`) that Hugo
/// left there.
pub(super) fn hugo_leftovers(dir: &Path, found: &[PathBuf]) -> HashSet<PathBuf> {
    let head = |path: &Path| {
        let mut bytes = Vec::new();
        let file = super::open_regular(path).ok()?;
        file.take(HUGO_DECLARATION.len() as u64)
            .read_to_end(&mut bytes)
            .ok()?;
        Some(bytes)
    };
    let ours =
        head(&dir.join("sitemap.xml")).is_some_and(|h| sitemap_core::has_own_declaration(&h));
    if !ours {
        return HashSet::new();
    }
    found
        .iter()
        .filter(|p| p.parent().is_some_and(|parent| parent != dir))
        .filter(|p| p.extension().is_some_and(|e| e == "xml"))
        .filter(|p| head(p).is_some_and(|h| h == HUGO_DECLARATION))
        .cloned()
        .collect()
}

/// The one error a leftover gets, instead of its findings.
pub(super) fn message() -> &'static str {
    "Hugo's own sitemap, left from an earlier build: this tool did not write it and nothing in the set lists it, so its entries are not checked; delete it, and stop Hugo writing it with `disableKinds = [\"sitemap\"]` in the site's hugo.toml (then `hugo --cleanDestinationDir` removes such files on each build)"
}
