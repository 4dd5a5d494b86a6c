//! [`Generator`]: the contract between a [`Site`] and the generator's
//! crate that opened it.
//!
//! This crate holds what Zola- and Hugo-style sites share; each
//! generator's rules live in a crate above it (`sitemap-zola`,
//! `sitemap-hugo`), which reads the site's configuration into a type of
//! its own and hands it to [`Site::new`]. Whatever differs between the
//! generators after that is asked of that type through this trait, so
//! nothing here imports a generator, and the caller (the engine) chooses
//! which generator's crate opens a site.

use std::fmt;
use std::path::{Path, PathBuf};

use sitemap_core::Loc;
use sitemap_pages::images::markdown::Dialect;
use sitemap_pages::lastmod::LastmodSource;

use crate::{ContentScan, Error, Site};

/// What a generator's crate read of a site, answering for it.
pub trait Generator: fmt::Debug + Send + Sync {
    /// Every URL the generator publishes in its sitemap, in any order:
    /// [`Site::scan`] sorts them, drops duplicates and fills alternates.
    fn scan(&self, site: &Site) -> Result<ContentScan, Error>;

    /// How the generator renders Markdown, for reading a page's images.
    fn dialect(&self) -> Dialect;

    /// The lastmod precedence the site configures (Hugo's `[frontmatter]
    /// lastmod`); `None` when it configures none.
    fn lastmod_precedence(&self) -> Option<&[LastmodSource]> {
        None
    }

    /// Whether the generator writes a sitemap of its own into the output
    /// folder on every build.
    fn writes_own_sitemap(&self) -> bool;

    /// The folder the generator writes a list's pagers in (Hugo's
    /// `page/2/`), where it is a setting; `None` otherwise.
    fn pager_path(&self) -> Option<&str> {
        None
    }

    /// The folders the generator copies into its output as they are.
    fn static_dirs(&self, site: &Site) -> Vec<PathBuf>;

    /// The folders the generator reads its page templates from; `None`
    /// when some are unknown (a theme or module not on disk).
    fn template_dirs(&self, site: &Site) -> Option<Vec<PathBuf>>;

    /// The URL of a language's home page, as the generator builds it.
    fn language_root(&self, site: &Site, lang: &str) -> Option<Loc>;

    /// Whether `file`, found under the folder `bundle` of a page bundle's
    /// `index` file (not the file itself), is one of the page's resources.
    fn is_resource(&self, bundle: &Path, file: &Path) -> bool;

    /// The generator's version the scan follows and where that came from,
    /// for the report (`Hugo 0.168.0 (the hugo on PATH)`); `None` where
    /// the generator's versions make no difference to the scan.
    fn version_followed(&self) -> Option<String> {
        None
    }
}
