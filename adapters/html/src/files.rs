//! From a URL of the site to the files of its built folder that answer
//! for it, in the URL forms static hosts serve: `x/` is `x/index.html`;
//! `x.html` is itself; `x` is the file `x`, else `x.html` (clean URLs),
//! else `x/index.html` (no trailing slash). The scan asks it whether a
//! canonical URL names a page of the site; `validate --site` whether a
//! `loc` does: one answer for both.

use percent_encoding::percent_decode_str;
use sitemap_core::Loc;

/// The path `loc` names under `base` (a folder URL), percent-decoded,
/// without query or fragment; `None` when it is not under the base or
/// climbs out of it (`..`, `.`, NUL).
pub fn url_path(base: &Loc, loc: &Loc) -> Option<String> {
    let s = loc.as_str();
    let base = base.as_str();
    let rest = match s.strip_prefix(base) {
        Some(rest) => rest,
        // The base URL without its slash names the root too.
        None if base.strip_suffix('/') == Some(s.split(['?', '#']).next().unwrap_or(s)) => "",
        None => return None,
    };
    let path = rest.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_decode_str(path).decode_utf8_lossy().into_owned();
    if decoded.split('/').any(|seg| seg == ".." || seg == ".") || decoded.contains('\0') {
        return None;
    }
    Some(decoded)
}

/// The files (`/`-separated under the built folder) that may answer for
/// the URL path `rel` ([`url_path`]), in the order hosts try them.
pub fn files_for(rel: &str) -> Vec<String> {
    if rel.is_empty() || rel.ends_with('/') {
        vec![format!("{rel}index.html")]
    } else if is_html(rel) {
        vec![rel.to_owned()]
    } else {
        vec![
            rel.to_owned(),
            format!("{rel}.html"),
            format!("{rel}/index.html"),
        ]
    }
}

/// Whether the last segment of `rel` ends in `.html` or `.htm`, any case.
pub fn is_html(rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel).to_ascii_lowercase();
    name.ends_with(".html") || name.ends_with(".htm")
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn urls_to_files() {
        let base: Loc = "https://example.org/docs/".parse().unwrap();
        let path = |u: &str| url_path(&base, &u.parse().unwrap());
        assert_eq!(path("https://example.org/docs/"), Some(String::new()));
        assert_eq!(path("https://example.org/docs"), Some(String::new()));
        assert_eq!(
            path("https://example.org/docs/caf%C3%A9%20x.html?q=1"),
            Some("café x.html".to_owned())
        );
        assert_eq!(path("https://example.org/other/"), None);
        assert_eq!(files_for(""), ["index.html"]);
        assert_eq!(files_for("guide/"), ["guide/index.html"]);
        assert_eq!(files_for("a.HTML"), ["a.HTML"]);
        assert_eq!(files_for("a"), ["a", "a.html", "a/index.html"]);
    }
}
