//! What a Zola site answers for in the shared [`Site`]: its scan, and the
//! few places where Zola is not Hugo (its Markdown, its bundles' assets,
//! its one output layout).

use std::path::{Path, PathBuf};

use sitemap_content::{ContentScan, Error, Generator, Site};
use sitemap_core::Loc;
use sitemap_pages::images::markdown::Dialect;

use super::ZolaConfig;

impl Generator for ZolaConfig {
    fn scan(&self, site: &Site) -> Result<ContentScan, Error> {
        super::scan::scan(site, self)
    }

    fn dialect(&self) -> Dialect {
        Dialect::Zola
    }

    fn writes_own_sitemap(&self) -> bool {
        true
    }

    fn static_dirs(&self, site: &Site) -> Vec<PathBuf> {
        vec![site.root.join("static")]
    }

    /// The site's `templates/` and its themes' (all of `themes/`).
    fn template_dirs(&self, site: &Site) -> Option<Vec<PathBuf>> {
        Some(vec![site.root.join("templates"), site.root.join("themes")])
    }

    fn language_root(&self, site: &Site, lang: &str) -> Option<Loc> {
        if lang == site.default_language {
            Some(site.base_url.clone())
        } else {
            site.base_url.join(&format!("{lang}/")).ok()
        }
    }

    /// Zola's colocated assets (`Page::from_file`,
    /// `find_related_assets(dir, config, true)`): every file but `.md`
    /// files, editors' temporary files and `ignored_content` matches.
    fn is_resource(&self, _bundle: &Path, file: &Path) -> bool {
        file.extension().is_none_or(|e| e != "md")
            && !is_temp_file(file)
            && self
                .ignored_content
                .as_ref()
                .is_none_or(|ignored| !ignored.is_match(file))
    }
}

/// Zola's `utils::fs::is_temp_file`: editors' swap, backup and lock files.
fn is_temp_file(path: &Path) -> bool {
    match path.extension().and_then(|e| e.to_str()) {
        Some("swp" | "swx" | "tmp" | ".DS_STORE" | ".DS_Store" | "kate-swp") => true,
        Some(x)
            if x.ends_with("jb_old___")
                || x.ends_with("jb_tmp___")
                || x.ends_with("jb_bak___")
                || x.ends_with('~')
                || x.ends_with("bck") =>
        {
            true
        }
        Some(_) => path
            .file_stem()
            .and_then(|s| s.to_str())
            .is_some_and(|s| s.starts_with('#') || s.starts_with(".#")),
        // Zola counts a file with no extension as temporary too.
        None => true,
    }
}
