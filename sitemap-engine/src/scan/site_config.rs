//! The base URL a site's own configuration gives, read by the readers a
//! scan reads it with, for a check of a built folder made without a scan
//! (`validate --site` without `--base-url`).
//!
//! The configuration sits beside the built folder (`public/` of a Hugo or
//! Zola site, `book/` of an mdBook book) or one folder higher
//! (`book/html/` of a book with two outputs). In each, as a scan reads
//! them: `sitemap.toml`'s `base-url` first (it wins over the generator's
//! file); then an mdBook book's `book.toml` (its sitemap table's
//! `base-url`, else an absolute `output.html.site-url`); then a Zola or
//! Hugo site as its reader opens it (every configuration file and folder
//! it reads, `hugo.yaml` and `config/_default/` included, and Hugo's
//! `HUGO_…` variables).

use std::path::{Path, PathBuf};

use sitemap_core::Loc;

use crate::settings::{Layer, base_url_check};

/// The base URL the configuration beside (or one folder above) the built
/// folder `built` gives, with where it was read (`hugo.toml: baseURL`,
/// `$HUGO_BASEURL`, `book.toml: output.sitemap.base-url`); `None` when no
/// configuration there gives one. A configuration a reader refuses gives
/// none: the check then infers the base URL another way.
pub(crate) fn base_url(built: &Path) -> Option<(Loc, String)> {
    let built = std::path::absolute(built).ok()?;
    built.ancestors().skip(1).take(2).find_map(in_folder)
}

/// The base URL the configuration in the folder `root` gives.
fn in_folder(root: &Path) -> Option<(Loc, String)> {
    let settings = root.join("sitemap.toml");
    if let Ok(Some(layer)) = Layer::read_file(&settings, false, root)
        && let Some(url) = &layer.settings.base_url
        && let Ok(base) = base_url_check::parse(url)
    {
        return Some((base, format!("{}: base-url", shown(&settings))));
    }
    #[cfg(feature = "mdbook")]
    if root.join("book.toml").is_file() {
        return book(root);
    }
    let site =
        super::content::open_site(root, &sitemap_content::SiteOptions::default(), None).ok()?;
    let from = match super::content::base_url_place(&site) {
        (Some(path), key) => format!("{}: {key}", shown(&path)),
        (None, variable) => variable,
    };
    Some((site.base_url, from))
}

/// An mdBook book's base URL: its sitemap table's `base-url`, else an
/// absolute `output.html.site-url`.
#[cfg(feature = "mdbook")]
fn book(root: &Path) -> Option<(Loc, String)> {
    let (config, _) = sitemap_book::Book::load_config(root).ok()?;
    let table = crate::settings::book_toml::for_book_dir(&config, root).ok()?;
    let base = table.resolve_base_url(&config, root).ok()?;
    let key = match table.base_url {
        Some(_) => format!("{}.base-url", table.table),
        None => "output.html.site-url".to_owned(),
    };
    Some((base, format!("{}: {key}", shown(&root.join("book.toml")))))
}

/// The `site-url` of the mdBook book whose built folder is `built`, and
/// its `book.toml` as the user sees it, for the check that a base URL
/// keeps the book's folder.
#[cfg(feature = "mdbook")]
pub(crate) fn book_site_url(built: &Path) -> Option<(String, String)> {
    let built = std::path::absolute(built).ok()?;
    let root = built
        .ancestors()
        .skip(1)
        .take(2)
        .find(|folder| folder.join("book.toml").is_file())?;
    let (config, _) = sitemap_book::Book::load_config(root).ok()?;
    let site_url = config.html_config()?.site_url?;
    Some((site_url, shown(&root.join("book.toml"))))
}

/// Without the book reader, no book's `site-url` is read.
#[cfg(not(feature = "mdbook"))]
pub(crate) fn book_site_url(_: &Path) -> Option<(String, String)> {
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
