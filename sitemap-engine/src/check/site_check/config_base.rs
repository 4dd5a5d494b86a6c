//! The base URL a built site's own configuration gives, for `validate
//! --site` without `--base-url` (issue #40: a theme's robots.txt with
//! `Sitemap: https://h//sitemap.xml` made the base URL `https://h//`).
//!
//! The configuration sits beside the built folder (`public/` of a Hugo or
//! Zola site, `book/` of an mdBook book) or one folder higher
//! (`book/html/` of a book with two outputs). `sitemap.toml` is read
//! first, as a scan lets it win over the generator's file.

use std::path::{Path, PathBuf};

use sitemap_core::Loc;

use super::SiteWarning;

/// The files read, in order, and the keys that hold the base URL in each
/// (a dotted path; `baseurl` is matched without regard to case, as Hugo
/// reads its keys).
const FILES: &[(&str, &[&str])] = &[
    ("sitemap.toml", &["base-url"]),
    (
        "book.toml",
        &[
            "output.sitemap.base-url",
            "preprocessor.sitemap.base-url",
            "output.html.site-url",
        ],
    ),
    ("zola.toml", &["base_url"]),
    ("hugo.toml", &["baseurl"]),
    ("config.toml", &["base_url", "baseurl"]),
];

/// The base URL and the file and key it was read from
/// (`hugo.toml: baseURL`), from the folders above `site`.
pub(super) fn find(site: &Path) -> Option<(Loc, String)> {
    let site = std::path::absolute(site).ok()?;
    for folder in site.ancestors().skip(1).take(2) {
        for (name, keys) in FILES {
            let path = folder.join(name);
            let Ok(text) = sitemap_core::input::read_regular_text(&path, 1 << 20) else {
                continue;
            };
            let Ok(table) = text.parse::<toml::Table>() else {
                continue;
            };
            for key in *keys {
                if let Some((written, url)) = lookup(&table, key)
                    && let Ok(base) = Loc::parse_folder(url)
                {
                    return Some((base, format!("{}: {written}", shown(&path))));
                }
            }
        }
    }
    None
}

/// The warning for a base URL that leaves out the folder an mdBook book
/// beside `site` serves itself under (its `output.html.site-url`): the
/// scan's rule ([`crate::settings::base_url_check::site_url_missing`]), so `validate
/// --site book` says what `mdbook build` said. `from` is where the base
/// URL came from, as the summary line says it.
pub(super) fn site_url_warning(site: &Path, base: &Loc, from: &str) -> Option<SiteWarning> {
    let site = std::path::absolute(site).ok()?;
    let path = site
        .ancestors()
        .skip(1)
        .take(2)
        .map(|folder| folder.join("book.toml"))
        .find(|path| path.is_file())?;
    let text = sitemap_core::input::read_regular_text(&path, 1 << 20).ok()?;
    let table = text.parse::<toml::Table>().ok()?;
    let (_, site_url) = lookup(&table, "output.html.site-url")?;
    let message = crate::settings::base_url_check::site_url_missing(
        site_url,
        base,
        &format!("base URL {base} ({from})"),
    )?;
    Some(SiteWarning {
        file: shown(&path),
        message,
    })
}

/// The string at dotted `key`, and the key as the file writes it.
fn lookup<'a>(table: &'a toml::Table, key: &str) -> Option<(String, &'a str)> {
    let mut parts = key.split('.').peekable();
    let mut table = table;
    let mut written = Vec::new();
    while let Some(part) = parts.next() {
        let (name, value) = table.iter().find(|(k, _)| {
            k.as_str() == part || (part == "baseurl" && k.eq_ignore_ascii_case(part))
        })?;
        written.push(name.as_str());
        if parts.peek().is_none() {
            return Some((written.join("."), value.as_str()?));
        }
        table = value.as_table()?;
    }
    None
}

/// `path` as the user sees it: relative to the working folder when under
/// it.
fn shown(path: &Path) -> String {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    path.strip_prefix(&cwd)
        .unwrap_or(path)
        .display()
        .to_string()
}
