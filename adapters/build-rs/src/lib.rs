//! Write a site's sitemap from a `build.rs` or any Rust program.
//!
//! [`Sitemap`] names a source — a Zola or Hugo content tree
//! ([`Sitemap::content`], flavour detected from the site's configuration),
//! a built HTML folder (`Sitemap::html`, feature `html`), or a list of
//! pages the caller builds ([`Sitemap::pages`]) — and [`Sitemap::write`]
//! writes the sitemap set (split and indexed past the protocol's limits,
//! each file written to a temporary name and renamed), merges the
//! `Sitemap:` line into `robots.txt` when asked, and returns a [`Built`]:
//! the set written and **every file read** to write it (content files,
//! configuration files, `sitemap.toml`), so that
//! [`Built::rerun_if_changed`] tells cargo to rerun the build script
//! exactly when one of them changes.
//!
//! A site root may hold a `sitemap.toml`, with the same keys as for
//! `sitemap scan` (`base-url`, `out`, `format`, `gzip`, `limits`, `stem`,
//! `robots`, `html`, and a `[source]` table: `lastmod`, `include`,
//! `exclude`, `changefreq`, `priority`, `include-drafts`, `[source.git]`).
//! The builder's own settings win over it.
//!
//! Features, so that build scripts compile fast (default: none):
//! - `git`: `git` in the lastmod precedence (it runs the `git` program,
//!   reading history in one pass); without it a precedence naming `git` is
//!   an error, and the default precedence is `front-matter`, `date`,
//!   `mtime`. With it, `.git/HEAD`, `.git/index` and the current branch's
//!   ref file are added to the rerun-if-changed files.
//! - `gzip`: `.xml.gz` / `.txt.gz` output.
//! - `html`: scan a built HTML folder.
//!
//! Errors are one type, [`Error`], whose `Display` and `Debug` both print
//! `file:line: message`, so `fn main() -> Result<(), sitemap_build::Error>`
//! in a build script fails with a message naming the file and line.
//!
//! A complete `build.rs` (here run on a small Zola site made on the spot):
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let dir = tempfile::tempdir()?;
//! # let site = dir.path();
//! # std::fs::write(site.join("zola.toml"), "base_url = \"https://example.org\"\n")?;
//! # std::fs::create_dir_all(site.join("content/blog"))?;
//! # std::fs::write(site.join("content/blog/_index.md"), "+++\n+++\n")?;
//! # std::fs::write(site.join("content/blog/hello.md"), "+++\ndate = 2024-05-01\n+++\nHi\n")?;
//! # std::fs::write(site.join("sitemap.toml"), "[source]\nlastmod = [\"front-matter\", \"date\"]\n")?;
//! # let out_dir = dir.path().join("out");
//! # fn build_rs(site: &std::path::Path, out_dir: &std::path::Path) -> Result<(), sitemap_build::Error> {
//! // build.rs
//! // fn main() -> Result<(), sitemap_build::Error> {
//! //     let site = std::path::Path::new("site");
//! //     let out_dir = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
//!     let built = sitemap_build::Sitemap::content(site)
//!         .out_dir(out_dir)
//!         .robots(true)
//!         .write()?;
//!     built.rerun_if_changed();
//!     Ok(())
//! // }
//! # }
//! # build_rs(site, &out_dir)?;
//! let xml = std::fs::read_to_string(out_dir.join("sitemap.xml"))?;
//! assert!(xml.contains("<loc>https://example.org/blog/hello/</loc>\n    <lastmod>2024-05-01</lastmod>"));
//! assert!(std::fs::read_to_string(out_dir.join("robots.txt"))?
//!     .contains("Sitemap: https://example.org/sitemap.xml"));
//! # Ok(())
//! # }
//! ```
//!
//! A list of pages a generator made itself:
//!
//! ```
//! use sitemap_build::{Page, Sitemap};
//!
//! let dir = tempfile::tempdir()?;
//! let built = Sitemap::pages("https://example.org/docs/", [
//!     Page::new(""),
//!     Page::new("guide/").with_lastmod("2024-06-01".parse()?),
//! ])
//! .out_dir(dir.path())
//! .write()?;
//! assert_eq!(built.report.urls, 2);
//! assert!(built.files_read.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod settings;

use std::collections::{BTreeSet, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};

pub use sitemap_core::{ChangeFreq, Format, Lastmod, Limits, Loc, Priority, SetReport, Url};
use sitemap_core::{DuplicatePolicy, OutsidePolicy, SetOptions, SetWriter};
pub use sitemap_source::lastmod::LastmodSource;
use sitemap_source::pipeline::{Pipeline, SourceConfig};

pub use crate::error::Error;
use crate::settings::Settings;

/// One page of a list the caller builds ([`Sitemap::pages`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Page {
    /// The page's path relative to the base URL (`""` for the home page,
    /// `"guide/"`, `"about.html"`), or an absolute URL under it.
    pub path: String,
    /// The file the page is made from, relative to the root given to
    /// [`Sitemap::root`] (or the working directory): what `include` /
    /// `exclude` globs match, what `mtime` (and, with the `git` feature,
    /// `git`) lastmod is read from, and a file reported as read. A
    /// Markdown source's front matter (`date`, `updated`, sitemap
    /// overrides) counts as in a content tree.
    pub source: Option<PathBuf>,
    /// An explicit lastmod; it wins over every other source.
    pub lastmod: Option<Lastmod>,
    /// The page's changefreq.
    pub changefreq: Option<ChangeFreq>,
    /// The page's priority.
    pub priority: Option<Priority>,
}

impl Page {
    /// A page at `path` (relative to the base URL).
    pub fn new(path: impl Into<String>) -> Page {
        Page {
            path: path.into(),
            source: None,
            lastmod: None,
            changefreq: None,
            priority: None,
        }
    }

    /// The file the page is made from.
    pub fn with_source(mut self, source: impl Into<PathBuf>) -> Page {
        self.source = Some(source.into());
        self
    }

    /// An explicit lastmod.
    pub fn with_lastmod(mut self, lastmod: Lastmod) -> Page {
        self.lastmod = Some(lastmod);
        self
    }

    /// The page's changefreq.
    pub fn with_changefreq(mut self, changefreq: ChangeFreq) -> Page {
        self.changefreq = Some(changefreq);
        self
    }

    /// The page's priority.
    pub fn with_priority(mut self, priority: Priority) -> Page {
        self.priority = Some(priority);
        self
    }
}

#[derive(Clone, Debug)]
enum Source {
    Content(PathBuf),
    #[cfg(feature = "html")]
    Html(PathBuf),
    Pages(Vec<Page>),
}

/// What to scan and how to write it; [`Sitemap::write`] does the work.
#[derive(Clone, Debug)]
#[must_use = "nothing is written until `write` is called"]
pub struct Sitemap {
    source: Source,
    root: Option<PathBuf>,
    base_url: Option<String>,
    out_dir: Option<PathBuf>,
    config: Option<PathBuf>,
    lastmod: Option<Vec<LastmodSource>>,
    format: Option<Format>,
    gzip: Option<bool>,
    limits: Option<Limits>,
    stem: Option<String>,
    robots: Option<bool>,
    drafts: Option<bool>,
}

impl Sitemap {
    fn new(source: Source, root: Option<PathBuf>) -> Sitemap {
        Sitemap {
            source,
            root,
            base_url: None,
            out_dir: None,
            config: None,
            lastmod: None,
            format: None,
            gzip: None,
            limits: None,
            stem: None,
            robots: None,
            drafts: None,
        }
    }

    /// A Zola or Hugo site at `root` (the folder with `zola.toml`,
    /// `config.toml`, `hugo.toml`, …). Output goes to the site's own output
    /// folder (`public/`) unless [`out_dir`](Self::out_dir) says otherwise.
    pub fn content(root: impl Into<PathBuf>) -> Sitemap {
        let root = root.into();
        Sitemap::new(Source::Content(root.clone()), Some(root))
    }

    /// A built HTML folder (`public/`, `_site/`, `dist/`) published at
    /// [`base_url`](Self::base_url); written into that folder unless
    /// [`out_dir`](Self::out_dir) says otherwise. Its `sitemap.toml`, if
    /// any, is looked for in `dir`.
    #[cfg(feature = "html")]
    pub fn html(dir: impl Into<PathBuf>, base_url: impl Into<String>) -> Sitemap {
        let dir = dir.into();
        Sitemap::new(Source::Html(dir.clone()), Some(dir)).base_url(base_url)
    }

    /// The pages a program lists itself, published under `base_url`.
    /// Needs an [`out_dir`](Self::out_dir). Page sources are relative to
    /// [`root`](Self::root) (default: the working directory, which in a
    /// build script is the package's folder); no `sitemap.toml` is read
    /// unless [`config`](Self::config) names one.
    pub fn pages(base_url: impl Into<String>, pages: impl IntoIterator<Item = Page>) -> Sitemap {
        Sitemap::new(Source::Pages(pages.into_iter().collect()), None).base_url(base_url)
    }

    /// The folder page sources are relative to (for [`Sitemap::pages`]).
    pub fn root(mut self, root: impl Into<PathBuf>) -> Sitemap {
        self.root = Some(root.into());
        self
    }

    /// The site's base URL, instead of its configuration's.
    pub fn base_url(mut self, base_url: impl Into<String>) -> Sitemap {
        self.base_url = Some(base_url.into());
        self
    }

    /// Where to write the sitemap (and robots.txt).
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Sitemap {
        self.out_dir = Some(dir.into());
        self
    }

    /// The settings file, instead of `sitemap.toml` in the root; it must
    /// exist.
    pub fn config(mut self, path: impl Into<PathBuf>) -> Sitemap {
        self.config = Some(path.into());
        self
    }

    /// Where lastmod comes from, first match wins.
    pub fn lastmod(mut self, precedence: impl IntoIterator<Item = LastmodSource>) -> Sitemap {
        self.lastmod = Some(precedence.into_iter().collect());
        self
    }

    /// `<urlset>` XML (the default) or plain text.
    pub fn format(mut self, format: Format) -> Sitemap {
        self.format = Some(format);
        self
    }

    /// Gzip the files.
    #[cfg(feature = "gzip")]
    pub fn gzip(mut self, gzip: bool) -> Sitemap {
        self.gzip = Some(gzip);
        self
    }

    /// Size limits per file (default [`Limits::LEGACY`]).
    pub fn limits(mut self, limits: Limits) -> Sitemap {
        self.limits = Some(limits);
        self
    }

    /// File names: `stem.xml`, `stem-1.xml`, … (default `sitemap`).
    pub fn stem(mut self, stem: impl Into<String>) -> Sitemap {
        self.stem = Some(stem.into());
        self
    }

    /// Add or update the `Sitemap:` line in `robots.txt` in the output
    /// folder (merged, never replaced).
    pub fn robots(mut self, robots: bool) -> Sitemap {
        self.robots = Some(robots);
        self
    }

    /// List drafts too.
    pub fn drafts(mut self, drafts: bool) -> Sitemap {
        self.drafts = Some(drafts);
        self
    }

    /// Scans, writes the set, merges robots.txt when asked.
    pub fn write(self) -> Result<Built, Error> {
        let mut files_read = BTreeSet::new();
        let settings_path = match (&self.config, &self.root, &self.source) {
            (Some(path), _, _) => Some((path.clone(), true)),
            (None, _, Source::Pages(_)) | (None, None, _) => None,
            (None, Some(root), _) => Some((root.join("sitemap.toml"), false)),
        };
        let settings = match &settings_path {
            Some((path, required)) => {
                let found = settings::load(path, *required)?;
                if found.is_some() {
                    files_read.insert(path.clone());
                }
                found.unwrap_or_default()
            }
            None => Settings::default(),
        };
        let settings_file = settings_path.map(|(p, _)| p);
        let source_config = self.source_config(&settings, settings_file.as_deref())?;
        let git_asked = source_config.lastmod.contains(&LastmodSource::Git);

        let mut scanned = match &self.source {
            Source::Content(root) => match settings.html.as_ref().map(|h| root.join(h)) {
                #[cfg(feature = "html")]
                Some(dir) => self.scan_html(&dir, &settings, &source_config)?,
                #[cfg(not(feature = "html"))]
                Some(_) => {
                    return Err(Error::config(
                        settings_file.as_deref().unwrap_or(root),
                        None,
                        "`html` needs the `html` feature of sitemap-build".to_owned(),
                    ));
                }
                None => self.scan_content(root, &settings, source_config)?,
            },
            #[cfg(feature = "html")]
            Source::Html(dir) => self.scan_html(dir, &settings, &source_config)?,
            Source::Pages(pages) => self.scan_pages(pages, &settings, source_config)?,
        };
        files_read.append(&mut scanned.files_read);
        let git = scanned.uses_pipeline && git_asked;

        let out = match (&self.out_dir, &settings.out, &self.root) {
            (Some(dir), _, _) => dir.clone(),
            (None, Some(out), Some(root)) => root.join(out),
            (None, Some(out), None) => out.clone(),
            (None, None, _) => scanned.out.clone().ok_or_else(|| {
                Error::message("Sitemap::pages needs an output folder: call `.out_dir(..)`")
            })?,
        };
        let format = self.format.or(settings.format).unwrap_or(Format::Xml);
        let gzip = self.gzip.or(settings.gzip).unwrap_or(false);
        if gzip && !cfg!(feature = "gzip") {
            return Err(Error::config(
                settings_file
                    .as_deref()
                    .unwrap_or(Path::new("sitemap.toml")),
                None,
                "`gzip = true` needs the `gzip` feature of sitemap-build".to_owned(),
            ));
        }
        let stem = self
            .stem
            .clone()
            .or(settings.stem.clone())
            .unwrap_or_else(|| "sitemap".to_owned());
        let options = SetOptions::new(&out, scanned.base_url.clone())
            .with_stem(stem)
            .with_format(format)
            .with_gzip(gzip)
            .with_limits(self.limits.or(settings.limits).unwrap_or(Limits::LEGACY))
            .with_outside(OutsidePolicy::Skip)
            .with_duplicates(DuplicatePolicy::Skip);
        let mut writer = SetWriter::new(options)?;
        for url in &scanned.urls {
            writer.push(url)?;
        }
        let mut staged = writer.stage()?;
        // Staged with the set, so a robots.txt that cannot be merged
        // stops the build before the sitemap is replaced.
        let robots = if self.robots.or(settings.robots).unwrap_or(false) {
            Some(staged.stage_robots(&[])?.0)
        } else {
            None
        };
        let report = staged.commit()?;

        let mut rerun_dirs = scanned.rerun_dirs;
        rerun_dirs.sort();
        rerun_dirs.dedup();
        let git_files = match (git, &self.root) {
            (true, Some(root)) => git_files(root),
            (true, None) => git_files(Path::new(".")),
            (false, _) => Vec::new(),
        };
        Ok(Built {
            report,
            files_read: files_read.into_iter().collect(),
            rerun_dirs,
            git_files,
            robots,
            warnings: scanned.warnings,
            excluded: scanned.excluded,
        })
    }

    /// The `[source]` table of `sitemap.toml`, with the builder's settings
    /// over it.
    fn source_config(
        &self,
        settings: &Settings,
        settings_file: Option<&Path>,
    ) -> Result<SourceConfig, Error> {
        let mut config = match &settings.source {
            Some(table) => toml::Value::Table(table.clone())
                .try_into::<SourceConfig>()
                .map_err(|e| {
                    Error::config(
                        settings_file.unwrap_or(Path::new("sitemap.toml")),
                        settings_file.and_then(|f| settings::line_of(f, "[source]")),
                        format!("[source]: {}", e.message()),
                    )
                })?,
            None => SourceConfig::default(),
        };
        // Without the feature, the default precedence skips git; only a
        // precedence that names it is refused (below).
        let named = settings
            .source
            .as_ref()
            .is_some_and(|t| t.contains_key("lastmod"));
        if !cfg!(feature = "git") && !named {
            config.lastmod.retain(|s| *s != LastmodSource::Git);
        }
        if let Some(lastmod) = &self.lastmod {
            config.lastmod = lastmod.clone();
        }
        if let Some(drafts) = self.drafts {
            config.include_drafts = drafts;
        }
        if !cfg!(feature = "git") && config.lastmod.contains(&LastmodSource::Git) {
            return Err(Error::config(
                settings_file.unwrap_or(Path::new("sitemap.toml")),
                settings_file.and_then(|f| settings::line_of(f, "lastmod")),
                "lastmod source `git` needs the `git` feature of sitemap-build".to_owned(),
            ));
        }
        Ok(config)
    }

    fn scan_content(
        &self,
        root: &Path,
        settings: &Settings,
        config: SourceConfig,
    ) -> Result<Scanned, Error> {
        use sitemap_content::{Site, SiteOptions};

        let options = SiteOptions::default()
            .with_base_url(self.base_url.clone().or(settings.base_url.clone()))
            .with_drafts(config.include_drafts);
        let site = Site::open(root, &options)?;
        let scan = site.scan()?;
        let output = content_output(&site, &scan, config)?;
        let urls = output.urls;

        let mut files_read = BTreeSet::new();
        for file in config_files(&site) {
            files_read.insert(file);
        }
        for source in scan
            .pages
            .iter()
            .filter_map(|p| p.source.as_ref())
            .chain(scan.excluded.iter().map(|e| &e.source))
        {
            files_read.insert(source.clone());
        }
        let mut warnings: Vec<String> = scan.warnings.iter().map(|w| w.to_string()).collect();
        warnings.extend(output.warnings.iter().map(|w| w.to_string()));
        let mut excluded: Vec<PathBuf> = scan.excluded.iter().map(|e| e.source.clone()).collect();
        excluded.extend(output.excluded.iter().map(|e| site.root.join(&e.source)));
        excluded.sort();
        excluded.dedup();
        Ok(Scanned {
            urls,
            base_url: site.base_url.clone(),
            out: Some(site.output_dir.clone()),
            files_read,
            // A new page is a new file no list names yet: cargo watches the
            // whole content folder for it.
            rerun_dirs: vec![site.content_dir.clone()],
            warnings,
            excluded,
            uses_pipeline: true,
        })
    }

    #[cfg(feature = "html")]
    fn scan_html(
        &self,
        dir: &Path,
        settings: &Settings,
        config: &SourceConfig,
    ) -> Result<Scanned, Error> {
        let base_url = self
            .base_url
            .clone()
            .or(settings.base_url.clone())
            .ok_or_else(|| {
                Error::message(format!(
                    "{}: a built HTML folder has no configuration to take the base URL from; call `.base_url(..)` or set `base-url` in sitemap.toml",
                    dir.display()
                ))
            })?;
        let base = base_loc(&base_url)?;
        let options = sitemap_html::HtmlOptions::new(base.clone())
            .with_exclude(config.exclude.iter().cloned());
        let found = sitemap_html::scan(dir, &options)?;
        Ok(Scanned {
            base_url: base,
            out: Some(dir.to_path_buf()),
            files_read: found.files_read.iter().cloned().collect(),
            rerun_dirs: vec![dir.to_path_buf()],
            warnings: found
                .warnings
                .iter()
                .map(|w| format!("{}: {}", w.path.display(), w.kind))
                .collect(),
            excluded: found.excluded.iter().map(|e| e.path.clone()).collect(),
            urls: found.urls,
            // Dates come from the pages' markup.
            uses_pipeline: false,
        })
    }

    fn scan_pages(
        &self,
        pages: &[Page],
        settings: &Settings,
        config: SourceConfig,
    ) -> Result<Scanned, Error> {
        use sitemap_source::overrides::Overrides;
        use sitemap_source::pipeline::Page as SourcePage;

        let base_url = self
            .base_url
            .clone()
            .or(settings.base_url.clone())
            .ok_or_else(|| Error::message("no base URL: pass one to `Sitemap::pages`"))?;
        let base = base_loc(&base_url)?;
        let root = self.root.clone().unwrap_or_else(|| PathBuf::from("."));
        let mut files_read = BTreeSet::new();
        let mut list = Vec::with_capacity(pages.len());
        let mut explicit: HashMap<Loc, Lastmod> = HashMap::new();
        for (i, page) in pages.iter().enumerate() {
            let loc = base
                .join(&page.path)
                .map_err(|e| Error::message(format!("page {} (`{}`): {e}", i + 1, page.path)))?;
            // Pages without a file get a name of their own, so that the
            // duplicate check and filters still have something to say.
            let source = match &page.source {
                Some(s) => {
                    files_read.insert(root.join(s));
                    s.clone()
                }
                None => PathBuf::from(format!("<page {}>", i + 1)),
            };
            // A Markdown source's front matter counts as it does in a
            // content tree (`date`, `updated`, `[extra.sitemap]`); the
            // caller's own values win over it.
            let mut overrides = match page.source.as_ref().filter(|s| is_markdown(s)) {
                Some(s) => {
                    let path = root.join(s);
                    let text = std::fs::read_to_string(&path).map_err(|e| {
                        Error::message(format!("{}: cannot read: {e}", path.display()))
                    })?;
                    let fm = sitemap_source::front_matter::parse(s, &text)?;
                    SourcePage::from_front_matter(s.clone(), loc.clone(), &fm)?.overrides
                }
                None => Overrides::default(),
            };
            overrides.changefreq = page.changefreq.or(overrides.changefreq);
            overrides.priority = page.priority.or(overrides.priority);
            // An explicit lastmod is the caller's front matter; kept aside
            // too, so it wins even where the precedence leaves that out.
            if page.lastmod.is_some() {
                overrides.lastmod = page.lastmod.clone();
            }
            if let Some(l) = &page.lastmod {
                explicit.insert(loc.clone(), l.clone());
            }
            list.push(SourcePage::new(source, loc).with_overrides(overrides));
        }
        let output = Pipeline::new(&root, config)?.run(list)?;
        let mut urls = output.urls;
        for url in &mut urls {
            if let Some(l) = explicit.remove(&url.loc) {
                url.lastmod = Some(l);
            }
        }
        Ok(Scanned {
            urls,
            base_url: base,
            out: None,
            files_read,
            rerun_dirs: Vec::new(),
            warnings: output.warnings.iter().map(|w| w.to_string()).collect(),
            excluded: output
                .excluded
                .iter()
                .map(|e| root.join(&e.source))
                .collect(),
            uses_pipeline: true,
        })
    }
}

/// A content tree's pages through the source pipeline (overrides,
/// filters, lastmod precedence), with the list-page rule applied: the
/// home page, sections and their pagers take the newest `lastmod` of the
/// pages under them; generated taxonomy and term pages get none. The
/// glue [`Sitemap::content`] uses, public so that `sitemap scan` gives
/// the same entries.
pub fn content_output(
    site: &sitemap_content::Site,
    scan: &sitemap_content::ContentScan,
    config: SourceConfig,
) -> Result<sitemap_source::pipeline::Output, sitemap_source::Error> {
    use sitemap_source::pipeline::Page as SourcePage;

    let rel = |p: &Path| p.strip_prefix(&site.root).unwrap_or(p).to_path_buf();
    let config_rel = rel(&site.config_path);
    // The content scan has already read each page's overrides (on its
    // walker threads): what is left is copying, spread over the cores
    // since on a large site it is a few allocations per page.
    let convert = |chunk: &[sitemap_content::ContentPage]| -> Vec<SourcePage> {
        chunk
            .iter()
            .map(|cp| {
                let page = match &cp.source {
                    Some(source) => SourcePage::new(rel(source), cp.loc.clone())
                        .with_overrides(cp.overrides.clone()),
                    // Generated pages (pagination, taxonomies, a home page
                    // with no _index.md) name the configuration they come
                    // from.
                    None => SourcePage::new(config_rel.clone(), cp.loc.clone()),
                };
                page.with_alternates(cp.alternates.clone())
            })
            .collect()
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = scan.pages.len().div_ceil(threads).max(1);
    let mut pages = Vec::with_capacity(scan.pages.len());
    std::thread::scope(|s| {
        let handles: Vec<_> = scan
            .pages
            .chunks(chunk)
            .map(|c| s.spawn(move || convert(c)))
            .collect();
        for handle in handles {
            pages.extend(handle.join().expect("conversion thread panicked"));
        }
    });
    let mut output = Pipeline::new(&site.root, config)?.run(pages)?;
    roll_up_lastmod(&mut output.urls, &scan.pages);
    Ok(output)
}

fn is_markdown(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e == "md" || e == "markdown")
}

fn base_loc(base_url: &str) -> Result<Loc, Error> {
    Loc::parse_folder(base_url).map_err(|e| Error::message(format!("base URL: {e}")))
}

/// The configuration files a site's [`Site::open`](sitemap_content::Site::open)
/// reads: the root file, and for Hugo every TOML/YAML/JSON file of
/// `config/_default/` and `config/production/`.
fn config_files(site: &sitemap_content::Site) -> Vec<PathBuf> {
    let mut files = Vec::new();
    if site.config_path.is_file() {
        files.push(site.config_path.clone());
    }
    if site.flavor == sitemap_content::Flavor::Hugo {
        for env in ["_default", "production"] {
            let dir = site.root.join("config").join(env);
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
                if matches!(ext, "toml" | "yaml" | "yml" | "json") {
                    files.push(path);
                }
            }
        }
    }
    files
}

/// The files whose change means git's answer may have changed: `HEAD`, the
/// index, and the ref `HEAD` points to (or `packed-refs`).
fn git_files(root: &Path) -> Vec<PathBuf> {
    let start = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let Some(dot_git) = start
        .ancestors()
        .map(|a| a.join(".git"))
        .find(|g| g.exists())
    else {
        return Vec::new();
    };
    // A worktree or submodule has a `.git` file naming the real folder.
    let git_dir = if dot_git.is_file() {
        match std::fs::read_to_string(&dot_git) {
            Ok(text) => match text.trim().strip_prefix("gitdir:") {
                Some(p) => dot_git
                    .parent()
                    .map_or_else(|| PathBuf::from(p.trim()), |d| d.join(p.trim())),
                None => return Vec::new(),
            },
            Err(_) => return Vec::new(),
        }
    } else {
        dot_git
    };
    let head = git_dir.join("HEAD");
    let mut files = vec![head.clone(), git_dir.join("index")];
    if let Ok(text) = std::fs::read_to_string(&head)
        && let Some(r) = text.trim().strip_prefix("ref:")
    {
        let loose = git_dir.join(r.trim());
        if loose.is_file() {
            files.push(loose);
        } else {
            files.push(git_dir.join("packed-refs"));
        }
    }
    files
}

/// What a scan produced, whatever the source.
struct Scanned {
    urls: Vec<Url>,
    base_url: Loc,
    out: Option<PathBuf>,
    files_read: BTreeSet<PathBuf>,
    rerun_dirs: Vec<PathBuf>,
    warnings: Vec<String>,
    excluded: Vec<PathBuf>,
    /// Whether lastmod came through the source pipeline (and so maybe git).
    uses_pipeline: bool,
}

/// What [`Sitemap::write`] wrote and read.
#[derive(Debug)]
#[non_exhaustive]
pub struct Built {
    /// The set written: sitemaps, index, counts, stale files removed.
    pub report: SetReport,
    /// Every file read to write it (content files, configuration files,
    /// `sitemap.toml`, built HTML pages, page sources), sorted.
    pub files_read: Vec<PathBuf>,
    /// Folders a new source file may appear in (the content folder, the
    /// built HTML folder): cargo watches every file under them.
    pub rerun_dirs: Vec<PathBuf>,
    /// With git lastmod: `.git/HEAD`, `.git/index` and the current ref.
    pub git_files: Vec<PathBuf>,
    /// robots.txt, when it was merged.
    pub robots: Option<PathBuf>,
    /// Warnings, each naming its file.
    pub warnings: Vec<String>,
    /// Source files of pages left out (drafts, excluded, noindex), sorted.
    pub excluded: Vec<PathBuf>,
}

impl Built {
    /// The `cargo:rerun-if-changed=` lines for [`files_read`](Self::files_read),
    /// [`rerun_dirs`](Self::rerun_dirs) and [`git_files`](Self::git_files),
    /// in that order.
    pub fn rerun_lines(&self) -> Vec<String> {
        self.files_read
            .iter()
            .chain(&self.rerun_dirs)
            .chain(&self.git_files)
            .map(|p| format!("cargo:rerun-if-changed={}", p.display()))
            .collect()
    }

    /// Prints [`rerun_lines`](Self::rerun_lines) and each warning as
    /// `cargo:warning=`, for a build script.
    pub fn rerun_if_changed(&self) {
        let mut out = std::io::stdout().lock();
        for line in self.rerun_lines() {
            // A build script whose stdout is gone has nowhere to report to.
            let _ = writeln!(out, "{line}");
        }
        for w in &self.warnings {
            let _ = writeln!(out, "cargo:warning={w}");
        }
    }
}

/// List pages change when what they list changes: the home page, a
/// section and its pagers take the newest `lastmod` of the pages under
/// their URL (or their own `_index` file's, if newer); a taxonomy or term
/// page without a content file of its own gets none rather than the
/// configuration file's date. The same rule as `sitemap scan`. `urls` is
/// sorted by `loc`.
fn roll_up_lastmod(urls: &mut [Url], pages: &[sitemap_content::ContentPage]) {
    use sitemap_content::PageKind;
    // Each URL's page kind (and whether it has a content file of its own),
    // by merging the pages sorted by loc with the sorted URLs: no URL text
    // is hashed or copied, which on a site of 100,000 pages was a tenth of
    // the work left after the parallel walk. Among pages sharing a loc the
    // last one counts.
    let mut by_loc: Vec<(&str, PageKind, bool)> = pages
        .iter()
        .map(|p| (p.loc.as_str(), p.kind, p.source.is_some()))
        .collect();
    by_loc.sort_by(|a, b| a.0.cmp(b.0));
    let mut info: Vec<Option<(PageKind, bool)>> = Vec::with_capacity(urls.len());
    let mut next = 0;
    for url in urls.iter() {
        let loc = url.loc.as_str();
        while next < by_loc.len() && by_loc[next].0 < loc {
            next += 1;
        }
        let mut found = None;
        while next < by_loc.len() && by_loc[next].0 == loc {
            found = Some((by_loc[next].1, by_loc[next].2));
            next += 1;
        }
        info.push(found);
    }
    let newest = |a: Option<Lastmod>, b: Option<&Lastmod>| -> Option<Lastmod> {
        match (a, b) {
            (Some(a), Some(b)) => Some(if b.start() > a.start() { b.clone() } else { a }),
            (a, b) => a.or_else(|| b.cloned()),
        }
    };
    // The rolled-up lastmod of each list page, by URL index.
    let mut rolled: Vec<Option<Option<Lastmod>>> = vec![None; urls.len()];
    for i in 0..urls.len() {
        let Some((kind, has_source)) = info[i] else {
            continue;
        };
        match kind {
            PageKind::Home | PageKind::Section => {
                let mut best = if has_source {
                    urls[i].lastmod.clone()
                } else {
                    None
                };
                // Sorted by loc, so the pages under this URL follow it.
                let loc = urls[i].loc.as_str();
                for (u, k) in urls[i..]
                    .iter()
                    .zip(&info[i..])
                    .take_while(|(u, _)| u.loc.as_str().starts_with(loc))
                {
                    if matches!(k, Some((PageKind::Page, _))) {
                        best = newest(best, u.lastmod.as_ref());
                    }
                }
                rolled[i] = Some(best);
            }
            PageKind::Taxonomy | PageKind::Term if !has_source => rolled[i] = Some(None),
            _ => {}
        }
    }
    for i in 0..urls.len() {
        if let Some((PageKind::Pagination, _)) = info[i] {
            // `…/section/page/3/`: the section is two segments up.
            let trimmed = urls[i].loc.as_str().trim_end_matches('/');
            let parent = trimmed.rsplitn(3, '/').nth(2).map(|p| format!("{p}/"));
            let lastmod = parent
                .and_then(|p| urls.binary_search_by(|u| u.loc.as_str().cmp(&p)).ok())
                .and_then(|k| rolled[k].clone())
                .flatten();
            urls[i].lastmod = lastmod;
        } else if let Some(lastmod) = &rolled[i] {
            urls[i].lastmod = lastmod.clone();
        }
    }
}
