//! Names the sitemap never takes: files the site or the tool owns in the
//! output folder. A sitemap named `robots.txt` would replace the site's
//! robots.txt with a URL list, so such a name is refused with the
//! settings, before anything is written, in every skin.

use std::path::Path;

use crate::settings::Resolved;

/// Why `name`, the root file's name in `dir`, belongs to something else;
/// `None` when the sitemap may take it. Compared without case, as a
/// case-insensitive file system (macOS, Windows) would.
pub(crate) fn owner_of(name: &str, dir: &Path, resolved: &Resolved) -> Option<String> {
    let lower = name.to_ascii_lowercase();
    let fixed = match lower.as_str() {
        "robots.txt" => Some("the site's robots.txt"),
        "llms.txt" => Some("the site's llms.txt"),
        // Feeds the generators write beside the sitemap.
        "index.xml" => Some("a feed the generator writes (Hugo's RSS)"),
        "atom.xml" => Some("a feed the generator writes (Zola's Atom feed)"),
        "rss.xml" => Some("a feed the generator writes (Zola's RSS feed)"),
        _ => None,
    };
    if let Some(owner) = fixed {
        return Some(owner.to_owned());
    }
    let s = &resolved.settings;
    if lower == sitemap_core::human::XSL_FILE_NAME {
        return Some("the stylesheet (`stylesheet`)".to_owned());
    }
    if lower == sitemap_core::human::HTML_FILE_NAME {
        return Some("the page for visitors (`html-page`)".to_owned());
    }
    if lower.ends_with(".html") || lower.ends_with(".htm") {
        return Some("a page of the site".to_owned());
    }
    if let Some(ledger) = &s.ledger
        && ledger
            .file_name()
            .is_some_and(|n| n.to_string_lossy().eq_ignore_ascii_case(name))
        && same_dir(ledger.parent().unwrap_or(Path::new("")), dir)
    {
        return Some("the ledger (`ledger`)".to_owned());
    }
    if let Some(key) = &s.submit.key
        && lower == format!("{key}.txt").to_ascii_lowercase()
    {
        return Some("the IndexNow key file (`submit.key`)".to_owned());
    }
    None
}

/// Whether two folders are one, when they exist; else as written.
fn same_dir(a: &Path, b: &Path) -> bool {
    let norm = |p: &Path| {
        let p = if p.as_os_str().is_empty() {
            Path::new(".")
        } else {
            p
        };
        std::fs::canonicalize(p).unwrap_or_else(|_| p.to_owned())
    };
    norm(a) == norm(b)
}
