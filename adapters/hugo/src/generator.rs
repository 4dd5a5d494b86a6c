//! What a Hugo site answers for in the shared [`Site`]: its scan, and the
//! places where Hugo is not Zola (its configured lastmod order, its own
//! sitemap, pagers, static folders and hosts).

use std::path::{Path, PathBuf};

use sitemap_content::{ContentScan, Error, Generator, Site};
use sitemap_core::Loc;
use sitemap_pages::images::markdown::Dialect;
use sitemap_pages::lastmod::LastmodSource;

use super::HugoConfig;

impl Generator for HugoConfig {
    fn scan(&self, site: &Site) -> Result<ContentScan, Error> {
        let (scan, files) = super::scan::scan(site, self)?;
        // A large site's content files (a few strings each) are freed on
        // a thread of their own, which the scan does not wait for: the
        // caller sorts the pages and turns them into entries meanwhile.
        // Waiting for it at the end of the sort cost a 100,000-page scan
        // ~30 ms; a small site's take less than starting a thread.
        if files.len() > 4096 {
            // Should no thread start, the closure is dropped, and the
            // files with it, here.
            let _ = std::thread::Builder::new()
                .name("sitemap-free".to_owned())
                .spawn(move || drop(files));
        }
        Ok(scan)
    }

    fn dialect(&self) -> Dialect {
        Dialect::Hugo {
            raw_html: self.raw_html,
        }
    }

    fn lastmod_precedence(&self) -> Option<&[LastmodSource]> {
        self.lastmod_order
            .as_deref()
            .map(|o| o.precedence.as_slice())
    }

    /// Unless every language's `disableKinds` holds `sitemap`.
    fn writes_own_sitemap(&self) -> bool {
        self.writes_sitemap()
    }

    /// From the site's `pagination.path`.
    fn pager_path(&self) -> Option<&str> {
        Some(&self.pager_path)
    }

    /// `staticDir` and its themes' `static/`.
    fn static_dirs(&self, _site: &Site) -> Vec<PathBuf> {
        self.static_dirs.clone()
    }

    /// The site's `layouts/` and each theme's and module's found on disk;
    /// `None` when one is not on disk (the scan warns of it).
    fn template_dirs(&self, site: &Site) -> Option<Vec<PathBuf>> {
        (!self.mounts.missing).then(|| {
            std::iter::once(site.root.join("layouts"))
                .chain(self.mounts.module_dirs.iter().map(|d| d.join("layouts")))
                .collect()
        })
    }

    /// Its host's base URL on a multihost site, else the site's, with the
    /// language's folder where it has one.
    fn language_root(&self, site: &Site, lang: &str) -> Option<Loc> {
        let base = self.base_for(site, lang);
        match super::urls::lang_prefix(self, lang).trim_start_matches('/') {
            "" => Some(base.clone()),
            folder => base.join(&format!("{folder}/")).ok(),
        }
    }

    /// `Hugo 0.168.0 (the hugo on PATH)`.
    fn version_followed(&self) -> Option<String> {
        Some(self.version.summary())
    }

    /// A leaf bundle's files, recursively (other content files there are
    /// resources too), but the bundle's own `index.*` files: its
    /// translations are pages.
    fn is_resource(&self, bundle: &Path, file: &Path) -> bool {
        file.parent() != Some(bundle)
            || file
                .file_name()
                .and_then(|n| n.to_str())
                .is_none_or(|n| n.split('.').next() != Some("index"))
    }
}
