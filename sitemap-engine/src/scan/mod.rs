//! Sources → pages → entries: the first half of a job.
//!
//! A [`Source`] is a site folder (a Zola or Hugo content tree, or built
//! HTML: `content.rs`, `html.rs`), an mdBook book (read by `sitemap-book`,
//! its chapters then run as a page list: `book.rs`) or a list of pages the
//! caller made (build.rs pages, made from [`ListedPage`]s in `listed.rs`;
//! the plugin's chapters: `pages.rs`). Each ends as a [`Scan`]: the
//! entries in the order they are written, what was left out and why,
//! warnings, and what a build script must watch. Whatever the source,
//! its pages then pass one gate (`gate.rs`): the same leave-out rules in
//! the same order for a page from a source file, from the build or from
//! a built folder, each page left out with one reason (URL patterns in
//! `url_patterns.rs`, the site's robots.txt in `robots_rules.rs`).

#[cfg(feature = "mdbook")]
pub(crate) mod book;
#[cfg(feature = "html")]
pub(crate) mod built;
mod content;
pub(crate) mod gate;
#[cfg(feature = "html")]
mod html;
mod listed;
pub(crate) mod nothing_listed;
mod pages;
mod project;
pub(crate) mod robots_rules;
#[cfg(feature = "html")]
pub(crate) mod site_config;
pub(crate) mod unmatched;
pub(crate) mod url_patterns;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;

use sitemap_core::{Lastmod, Loc, Url};
use sitemap_pages::images::{ImageCounts, ImageRules};
use sitemap_pages::lastmod::LastmodSource;
use sitemap_pages::pipeline::SourceConfig;

use crate::error::Error;
use crate::settings::{Flavor, Layer, Resolved};

pub use listed::ListedPage;

/// Where a job's pages come from.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Source {
    /// A site's folder: a Zola or Hugo site (flavour from `flavor` or
    /// detected), or, with `html` / `flavor = "html"` or when the folder
    /// has no generator's configuration but an `index.html`, built HTML.
    Site(PathBuf),
    /// Pages the caller lists, run through the source layer (overrides,
    /// filters, lastmod) with source paths relative to `root`.
    Pages(PageList),
    /// An mdBook book's folder (where `book.toml` is): its chapters in
    /// `SUMMARY.md` order, its sitemap table a layer under the caller's,
    /// the sitemap written into the folder its HTML is built into.
    #[cfg(feature = "mdbook")]
    Book(PathBuf),
    /// An mdBook book already loaded ([`crate::book::Book`]): the
    /// renderer's, as mdBook hands it over, so a chapter a preprocessor
    /// made up is in its list. Otherwise as [`Source::Book`]: the chapters
    /// are read from their files, because the sitemap needs what the
    /// preprocessors strip (front matter) and the files themselves (git
    /// and mtime dates).
    #[cfg(feature = "mdbook")]
    LoadedBook(Box<sitemap_book::Book>),
}

/// Pages a caller lists ([`Source::Pages`]).
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct PageList {
    /// The folder page sources are relative to.
    pub root: PathBuf,
    /// The pages.
    pub pages: Vec<sitemap_pages::pipeline::Page>,
    /// Lastmods the caller fixed, winning over the precedence.
    pub fixed_lastmod: HashMap<Loc, Lastmod>,
    /// Keep the pages' order (an mdBook's reading order) instead of
    /// sorting by `loc`.
    pub keep_order: bool,
}

impl PageList {
    /// `pages`, with sources relative to `root`.
    pub fn new(root: impl Into<PathBuf>, pages: Vec<sitemap_pages::pipeline::Page>) -> PageList {
        PageList {
            root: root.into(),
            pages,
            ..PageList::default()
        }
    }

    /// Lastmods that win over the precedence.
    pub fn with_fixed_lastmod(mut self, fixed: HashMap<Loc, Lastmod>) -> PageList {
        self.fixed_lastmod = fixed;
        self
    }

    /// Keeps the given order.
    pub fn keep_order(mut self) -> PageList {
        self.keep_order = true;
        self
    }
}

/// A page left out, and why: what every reader returns, passed on as
/// it is (paths relative to the scanned folder).
pub use sitemap_pages::{LeftOut, NoindexBy, Reason};

/// What a scan found.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct Scan {
    /// The entries, in the order they are written.
    pub urls: Vec<Url>,
    /// The URL the output folder is served at.
    pub base_url: Option<Loc>,
    /// The site configuration's file and key the base URL came from
    /// (`hugo.toml: baseURL`), when no setting gave it.
    pub(crate) base_url_from: Option<String>,
    /// The generator's own output folder, where the sitemap goes by
    /// default.
    pub default_out: Option<PathBuf>,
    /// How many source files were read.
    pub files_read: usize,
    /// The generator's version the scan followed and where that came
    /// from (`Hugo 0.168.0 (the hugo on PATH)`), for the summary line;
    /// `None` where versions make no difference.
    pub generator: Option<String>,
    /// Every file read (content, configuration, settings), when the job
    /// asked to track them (build scripts' `rerun-if-changed`).
    pub read: BTreeSet<PathBuf>,
    /// Folders a new source may appear in.
    pub watch_dirs: Vec<PathBuf>,
    /// Pages left out.
    pub left_out: Vec<LeftOut>,
    /// What the user should know, each naming its file.
    pub warnings: Vec<String>,
    /// The source file of each entry, where known (titles for
    /// `sitemap.html`, `source=` in a dry run).
    pub sources: HashMap<Loc, PathBuf>,
    /// Whether lastmod came through the source layer (so maybe git).
    pub used_git: bool,
    /// With `images`: what was found and what was left out, and why.
    pub images: ImageCounts,
    /// Warnings that matter only when the set is written (an mdBook
    /// chapter page missing from the output folder); [`Scanned::write`]
    /// puts them first in its report.
    ///
    /// [`Scanned::write`]: crate::Scanned::write
    pub before_write: Vec<String>,
    /// Why the set must not be written although the scan succeeded (a
    /// book's `robots = true` under a base URL that is not a host root).
    pub(crate) write_refused: Option<Error>,
    /// The generator's settings layer (Hugo's `[sitemap]`).
    pub(crate) site_layer: Option<Layer>,
    /// The sitemap the generator writes itself (Hugo's), warned of when
    /// the set replaces it.
    pub(crate) generator_sitemap: Option<crate::publish::generator_sitemap::GeneratorSitemap>,
    /// The site its generator built, which the build check holds the
    /// scan against (`check/build/`); `None` for a scan with nothing to
    /// check.
    #[cfg(feature = "html")]
    pub(crate) build: Option<built::Build>,
    /// The built HTML folder the pages were read from (`--html`), which
    /// names the file of a page the gate leaves out.
    pub(crate) html_dir: Option<PathBuf>,
    /// What the site's configuration says about it (title, description,
    /// an mdBook's parts), for llms.txt.
    pub site: crate::human::SiteInfo,
    /// A multihost site's hosts, the default language's first (its base
    /// URL is [`Scan::base_url`]): each gets a set of its own
    /// ([`crate::Host`]). Empty for one host.
    pub hosts: Vec<crate::publish::hosts::Host>,
    /// How many built pages the build check compared the entries with;
    /// `None` when it did not run (nothing built, a stale build, not a
    /// source scan). [`build_summary`] says it.
    pub built_pages_checked: Option<usize>,
}

/// `, checked against 1,234 built pages`, for a summary line, when the
/// build check compared the scan with the site its generator built (its
/// differences are warnings of their own); empty when it did not run, so
/// a line that says nothing of it means nothing was checked.
pub fn build_summary(scan: &Scan) -> String {
    match scan.built_pages_checked {
        Some(1) => ", checked against 1 built page".to_owned(),
        Some(n) => format!(
            ", checked against {} built pages",
            crate::publish::index_full::thousands(n as u64)
        ),
        None => String::new(),
    }
}

/// `, 12 images (left out: 3 on other hosts (not in image-hosts))`, for
/// a summary line that says `written` images were listed, with what the
/// scan left out (`counts`, [`Scan::images`]); empty when the job found no
/// image and left none out.
pub fn images_summary(counts: &ImageCounts, written: u64) -> String {
    let left_out = counts.left_out();
    if written == 0 && left_out.is_empty() {
        return String::new();
    }
    let noun = if written == 1 { "image" } else { "images" };
    if left_out.is_empty() {
        format!(", {written} {noun}")
    } else {
        format!(", {written} {noun} (left out: {})", left_out.join(", "))
    }
}

impl Scan {
    /// The entries exactly as the write lists them: not a URL outside the
    /// base URL's folder, nor a repeated `loc` (the writer leaves both
    /// out), with the count of those outside.
    pub fn listed(&self) -> (Vec<&Url>, usize) {
        let mut seen = HashSet::new();
        let mut outside = 0;
        let mut listed = Vec::with_capacity(self.urls.len());
        let hosts: Vec<&Loc> = self.hosts.iter().map(|h| &h.base_url).collect();
        for url in &self.urls {
            let served = match &self.base_url {
                _ if !hosts.is_empty() => {
                    crate::publish::hosts::of(hosts.iter().copied(), &url.loc).is_some()
                }
                Some(base) => url.loc.is_under(base),
                None => true,
            };
            if !served {
                outside += 1;
                continue;
            }
            if seen.insert(&url.loc) {
                listed.push(url);
            }
        }
        (listed, outside)
    }
}

/// What the scan needs besides the source.
pub(crate) struct ScanOptions<'a> {
    pub(crate) resolved: &'a Resolved,
    /// The lastmod ledger, when the job keeps one.
    pub(crate) ledger: Option<&'a crate::ledger::LedgerRun>,
    pub(crate) config: SourceConfig,
    pub(crate) want_sources: bool,
    pub(crate) track_reads: bool,
    /// Whether the site the generator built checks the scan (read only
    /// with the `html` feature, which the check needs).
    #[cfg_attr(not(feature = "html"), allow(dead_code))]
    pub(crate) build_check: bool,
    pub(crate) progress: &'a dyn Fn(&str),
    /// Counts the files the readers read, for a progress display.
    pub(crate) files: sitemap_core::progress::FileCount,
    /// The book of a [`Source::Book`], opened with the layers.
    #[cfg(feature = "mdbook")]
    pub(crate) book: std::cell::Cell<Option<book::Opened>>,
}

pub(crate) fn scan(source: &Source, options: &ScanOptions<'_>) -> Result<Scan, Error> {
    // A bad pattern is refused before anything is read.
    url_patterns::filter(options.resolved)?;
    let (mut scan, html_dir) = scan_source(source, options)?;
    scan.html_dir = html_dir;
    Ok(scan)
}

/// The folder `source`'s page files are named relative to, where it has
/// one.
pub(crate) fn source_root(source: &Source) -> Option<&std::path::Path> {
    match source {
        Source::Site(root) => Some(root.as_path()),
        Source::Pages(list) => Some(list.root.as_path()),
        #[cfg(feature = "mdbook")]
        Source::Book(_) | Source::LoadedBook(_) => None,
    }
}

/// The scan of `source`, with the built HTML folder when it was one.
fn scan_source(
    source: &Source,
    options: &ScanOptions<'_>,
) -> Result<(Scan, Option<PathBuf>), Error> {
    let plain = |scan: Result<Scan, Error>| scan.map(|s| (s, None));
    match source {
        Source::Pages(list) => plain(pages::scan(
            list,
            options,
            &format!("source paths relative to {}", list.root.display()),
        )),
        #[cfg(feature = "mdbook")]
        Source::Book(_) | Source::LoadedBook(_) => match options.book.take() {
            Some(opened) => plain(book::scan(opened, options)),
            None => Err(Error::job(
                "the book was not opened",
                "run the job through `Job::scan`",
            )),
        },
        Source::Site(root) => {
            let s = &options.resolved.settings;
            if let Some(missing) = project::missing(s.html.as_deref().unwrap_or(root)) {
                return Err(missing);
            }
            let html_dir = s
                .html
                .clone()
                .or_else(|| (s.flavor == Some(Flavor::Html)).then(|| root.clone()));
            match html_dir {
                Some(dir) => {
                    project::check_html_dir(&dir)?;
                    Ok((scan_html(&dir, options)?, Some(dir)))
                }
                None => match content::scan(root, options) {
                    // Not a generator's site, but a built one: its HTML.
                    Err(Error::Content(sitemap_content::Error::NotASite { .. }))
                        if s.flavor.is_none() && root.join("index.html").is_file() =>
                    {
                        project::check_html_dir(root)?;
                        Ok((scan_html(root, options)?, Some(root.clone())))
                    }
                    // Something else the tool reads: say what, and how.
                    Err(e @ Error::Content(sitemap_content::Error::NotASite { .. })) => {
                        let flavor = s.flavor.map(|f| (f, options.resolved.describe("flavor")));
                        Err(project::not_a_site(root, flavor).unwrap_or(e))
                    }
                    other => plain(other),
                },
            }
        }
    }
}

#[cfg(feature = "html")]
fn scan_html(dir: &std::path::Path, options: &ScanOptions<'_>) -> Result<Scan, Error> {
    html::scan(dir, options)
}

/// The built file of `loc` under `dir`, relative to it.
#[cfg(feature = "html")]
pub(crate) fn html_file(dir: &std::path::Path, base: &Loc, loc: &Loc) -> Option<PathBuf> {
    let file = html::built_file(dir, base, loc)?;
    Some(file.strip_prefix(dir).ok()?.to_path_buf())
}

#[cfg(not(feature = "html"))]
pub(crate) fn html_file(_: &std::path::Path, _: &Loc, _: &Loc) -> Option<PathBuf> {
    None
}

#[cfg(not(feature = "html"))]
fn scan_html(dir: &std::path::Path, options: &ScanOptions<'_>) -> Result<Scan, Error> {
    let _ = options;
    Err(Error::job(
        format!(
            "{}: scanning built HTML needs the `html` feature",
            dir.display()
        ),
        "enable the `html` feature of sitemap-build",
    ))
}

/// The source layer's settings from the resolved ones. Without git
/// (`git_allowed` false: a build script without the `git` feature) the
/// default precedence skips it, and a precedence naming it is refused.
pub(crate) fn source_config(resolved: &Resolved, git_allowed: bool) -> Result<SourceConfig, Error> {
    let s = &resolved.settings;
    let mut config = SourceConfig::default();
    if let Some(lastmod) = &s.lastmod {
        config.lastmod = lastmod.clone();
        if !git_allowed && lastmod.contains(&LastmodSource::Git) {
            return Err(
                resolved.value_error("lastmod", "`git` needs the `git` feature of sitemap-build")
            );
        }
    } else if !git_allowed {
        config.lastmod.retain(|l| *l != LastmodSource::Git);
    }
    config.include = s.include.clone().unwrap_or_default();
    config.exclude = s.exclude.clone().unwrap_or_default();
    config.changefreq = s.changefreq;
    config.priority = s.priority;
    config.include_drafts = s.include_drafts.unwrap_or(false);
    if let Some(date) = s.git.date {
        config.git.date = date;
    }
    if let Some(shallow) = s.git.shallow {
        config.git.shallow = shallow;
    }
    if let Some(uncommitted) = s.git.uncommitted {
        config.git.uncommitted = uncommitted;
    }
    config.git.timeout = s.git.timeout;
    // Deps count through git only: without it the key would do nothing.
    if !git_allowed && s.lastmod_deps.as_ref().is_some_and(|d| !d.is_empty()) {
        return Err(resolved.value_error(
            "lastmod-deps",
            "dependencies are dated by git, which needs the `git` feature of sitemap-build",
        ));
    }
    // A flag's relative path is from the working directory (a file's was
    // made absolute from its folder when read).
    config.git.ignore_revs = match &s.git.ignore_revs {
        Some(p) if !p.as_os_str().is_empty() => Some(
            std::path::absolute(p)
                .map_err(|e| resolved.value_error("git.ignore-revs", e.to_string()))?,
        ),
        other => other.clone(),
    };
    // Outside git, `mtime` counts only when the user named `lastmod`;
    // `Settings::lastmod` is `Some` exactly then, whichever skin set it.
    config.lastmod_named = s.lastmod.is_some();
    config.no_git = !git_allowed;
    Ok(config)
}

/// The rules images are listed by, when the job lists them (`images`):
/// the site's own host (`site`, the base URL) and `image-hosts`.
pub(crate) fn image_rules(resolved: &Resolved, site: &Loc) -> Result<Option<ImageRules>, Error> {
    let s = &resolved.settings;
    if s.images != Some(true) {
        return Ok(None);
    }
    let hosts = s.image_hosts.clone().unwrap_or_default();
    ImageRules::new(site, &hosts)
        .map(Some)
        .map_err(|e| resolved.value_error("image-hosts", e))
}

/// The base URL from the settings (a folder URL), or an error naming
/// where it came from.
pub(crate) fn base_url_setting(resolved: &Resolved) -> Result<Option<Loc>, Error> {
    crate::settings::base_url_check::setting(resolved)
}
