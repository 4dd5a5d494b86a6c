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
//! A site root may hold a `sitemap.toml`, with the same keys as
//! `sitemap scan` and `[output.sitemap]` of mdBook (the table is in
//! [`sitemap_engine::keys`]); each key is also a builder method of the
//! same name (`max-urls` → [`Sitemap::max_urls`], `[git] date` →
//! [`Sitemap::git_date`]; `out` is [`Sitemap::out_dir`]) whose doc is the
//! key's entry in that table, and the builder's settings win over the file.
//! The work is the engine's ([`sitemap_engine`]): this crate only gathers
//! the settings and reports what was read, for cargo.
//!
//! Features, so that build scripts compile fast (default: none):
//! - `git`: `git` in the lastmod precedence (it runs the `git` program,
//!   reading history in one pass); without it a precedence naming `git` is
//!   an error, and the default precedence is `front-matter`, `date`,
//!   `mtime`. With it, `.git/HEAD`, `.git/index` and the current branch's
//!   ref file are added to the rerun-if-changed files (found by the git
//!   reader, [`sitemap_engine::git_watched_files`]).
//! - `gzip`: `.xml.gz` / `.txt.gz` output.
//! - `html`: scan a built HTML folder; `check-site` (the set checked
//!   against the output folder's built pages, or the sitemaps alone with
//!   a warning when it holds none yet, as a build script's usually does).
//!
//! Errors are one type, [`Error`] (the engine's), whose `Display` and
//! `Debug` both print `file:line: message` (or the builder method a value
//! came from), so `fn main() -> Result<(), sitemap_build::Error>`
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
//! # std::fs::write(site.join("sitemap.toml"), "lastmod = [\"front-matter\", \"date\"]\n")?;
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

use std::collections::{BTreeSet, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};

pub use sitemap_core::{ChangeFreq, Lastmod, Loc, Priority, SetReport, Url};
pub use sitemap_engine::settings::{
    FileFormat, Flavor, LastmodDep, LimitsName, Settings, TrailingSlash,
};
pub use sitemap_engine::{Error, LastmodSource};
use sitemap_engine::{Job, Layer, Origin, PageList, Resolved, Source};
pub use sitemap_pages::lastmod::{GitDate, ShallowPolicy, Uncommitted};

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
enum What {
    Content(PathBuf),
    #[cfg(feature = "html")]
    Html(PathBuf),
    Pages(Vec<Page>),
}

/// What to scan and how to write it; [`Sitemap::write`] does the work.
#[derive(Clone, Debug)]
#[must_use = "nothing is written until `write` is called"]
pub struct Sitemap {
    what: What,
    root: Option<PathBuf>,
    config: Option<PathBuf>,
    settings: Settings,
}

/// A builder method per settings key, named and documented as the key's
/// entry in [`sitemap_engine::keys`] (`$name` is the entry's Rust name);
/// doc lines given here follow the table's, for what only build.rs needs
/// to say (a feature to enable).
macro_rules! setting {
    ($(#[$doc:meta])* $name:ident($($field:ident).+: $ty:ty)) => {
        #[doc = sitemap_engine::key_doc!($name)]
        $(#[$doc])*
        pub fn $name(mut self, value: $ty) -> Sitemap {
            self.settings.$($field).+ = Some(value.into());
            self
        }
    };
}

impl Sitemap {
    fn new(what: What, root: Option<PathBuf>) -> Sitemap {
        Sitemap {
            what,
            root,
            config: None,
            settings: Settings::default(),
        }
    }

    /// A Zola or Hugo site at `root` (the folder with `zola.toml`,
    /// `config.toml`, `hugo.toml`, …). Output goes to the site's own output
    /// folder (`public/`) unless [`out_dir`](Self::out_dir) says otherwise.
    pub fn content(root: impl Into<PathBuf>) -> Sitemap {
        let root = root.into();
        Sitemap::new(What::Content(root.clone()), Some(root))
    }

    /// A built HTML folder (`public/`, `_site/`, `dist/`) published at
    /// [`base_url`](Self::base_url); written into that folder unless
    /// [`out_dir`](Self::out_dir) says otherwise. Its `sitemap.toml`, if
    /// any, is looked for in `dir`.
    #[cfg(feature = "html")]
    pub fn html(dir: impl Into<PathBuf>, base_url: impl Into<String>) -> Sitemap {
        let dir = dir.into();
        Sitemap::new(What::Html(dir.clone()), Some(dir)).base_url(base_url)
    }

    /// The pages a program lists itself, published under `base_url`.
    /// Needs an [`out_dir`](Self::out_dir). Page sources are relative to
    /// [`root`](Self::root) (default: the working directory, which in a
    /// build script is the package's folder); no `sitemap.toml` is read
    /// unless [`config`](Self::config) names one.
    pub fn pages(base_url: impl Into<String>, pages: impl IntoIterator<Item = Page>) -> Sitemap {
        Sitemap::new(What::Pages(pages.into_iter().collect()), None).base_url(base_url)
    }

    /// The folder page sources are relative to (for [`Sitemap::pages`]).
    pub fn root(mut self, root: impl Into<PathBuf>) -> Sitemap {
        self.root = Some(root.into());
        self
    }

    /// The settings file, instead of `sitemap.toml` in the root; it must
    /// exist.
    pub fn config(mut self, path: impl Into<PathBuf>) -> Sitemap {
        self.config = Some(path.into());
        self
    }

    /// Every key of `settings` that is set, over the builder's own.
    pub fn settings(mut self, settings: Settings) -> Sitemap {
        let layers = [
            Layer::new(settings, Origin::Builder),
            Layer::new(self.settings, Origin::Builder),
        ];
        self.settings = Resolved::new(&layers).settings;
        self
    }

    #[doc = sitemap_engine::key_doc!(out)]
    /// (The `out` key.)
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Sitemap {
        self.settings.out = Some(dir.into());
        self
    }

    #[doc = sitemap_engine::key_doc!(lastmod)]
    pub fn lastmod(mut self, precedence: impl IntoIterator<Item = LastmodSource>) -> Sitemap {
        self.settings.lastmod = Some(precedence.into_iter().collect());
        self
    }

    #[doc = sitemap_engine::key_doc!(include)]
    pub fn include(mut self, globs: impl IntoIterator<Item = impl Into<String>>) -> Sitemap {
        self.settings.include = Some(globs.into_iter().map(Into::into).collect());
        self
    }

    #[doc = sitemap_engine::key_doc!(exclude)]
    pub fn exclude(mut self, globs: impl IntoIterator<Item = impl Into<String>>) -> Sitemap {
        self.settings.exclude = Some(globs.into_iter().map(Into::into).collect());
        self
    }

    setting!(base_url(base_url: impl Into<String>));
    setting!(flavor(flavor: Flavor));
    setting!(html_source(html_source: impl Into<PathBuf>));
    setting!(clean_urls(clean_urls: bool));
    setting!(trailing_slash(trailing_slash: TrailingSlash));
    setting!(include_drafts(include_drafts: bool));
    setting!(changefreq(changefreq: ChangeFreq));
    setting!(priority(priority: Priority));
    setting!(git_date(git.date: GitDate));
    setting!(git_shallow(git.shallow: ShallowPolicy));
    setting!(git_uncommitted(git.uncommitted: Uncommitted));
    setting!(git_timeout(git.timeout: u64));
    setting!(git_ignore_revs(git.ignore_revs: impl Into<PathBuf>));
    setting!(filename(filename: impl Into<String>));
    setting!(format(format: FileFormat));
    setting!(limits(limits: LimitsName));
    setting!(max_urls(max_urls: u64));
    setting!(robots(robots: bool));
    setting!(stylesheet(stylesheet: bool));
    setting!(html_page(html_page: bool));
    setting!(
        /// Needs the `html` feature.
        check_site(check_site: bool)
    );
    setting!(ledger(ledger: impl Into<PathBuf>));

    #[doc = sitemap_engine::key_doc!(gzip)]
    /// Needs the `gzip` feature.
    pub fn gzip(mut self, gzip: bool) -> Sitemap {
        self.settings.gzip = Some(gzip);
        self
    }

    #[doc = sitemap_engine::key_doc!(lastmod_deps)]
    pub fn lastmod_deps(mut self, deps: impl IntoIterator<Item = LastmodDep>) -> Sitemap {
        self.settings.lastmod_deps = Some(deps.into_iter().collect());
        self
    }

    setting!(images(images: bool));

    #[doc = sitemap_engine::key_doc!(image_hosts)]
    pub fn image_hosts<S: Into<String>>(mut self, hosts: impl IntoIterator<Item = S>) -> Sitemap {
        self.settings.image_hosts = Some(hosts.into_iter().map(Into::into).collect());
        self
    }

    #[doc = sitemap_engine::key_doc!(image_keys)]
    pub fn image_keys<S: Into<String>>(mut self, keys: impl IntoIterator<Item = S>) -> Sitemap {
        self.settings.image_keys = Some(keys.into_iter().map(Into::into).collect());
        self
    }

    setting!(og_image(og_image: bool));
    /// The base URL pages are joined to.
    fn base_loc(&self) -> Result<Loc, Error> {
        let resolved = Resolved::new(&[Layer::new(self.settings.clone(), Origin::Builder)]);
        let url = resolved.settings.base_url.as_deref().unwrap_or_default();
        Loc::parse_folder(url).map_err(|e| resolved.value_error("base-url", e.to_string()))
    }

    /// Scans, writes the set and its companions, merges robots.txt when
    /// asked.
    pub fn write(self) -> Result<Built, Error> {
        let root = self.root.clone().unwrap_or_else(|| PathBuf::from("."));
        let settings_path = match (&self.config, &self.what) {
            (Some(path), _) => Some((path.clone(), true)),
            (None, What::Pages(_)) => None,
            (None, _) => Some((root.join("sitemap.toml"), false)),
        };
        if matches!(self.what, What::Pages(_)) && self.settings.out.is_none() {
            return Err(Error::Setting {
                at: "Sitemap::pages".to_owned(),
                message: "needs an output folder: call `.out_dir(..)`".to_owned(),
                hint: "a list of pages has no site folder to write into".to_owned(),
            });
        }
        let source = match &self.what {
            What::Content(root) => Source::Site(root.clone()),
            #[cfg(feature = "html")]
            What::Html(dir) => Source::Site(dir.clone()),
            What::Pages(pages) => Source::Pages(page_list(&root, &self.base_loc()?, pages)?),
        };
        let settings = match &self.what {
            #[cfg(feature = "html")]
            What::Html(_) => {
                let mut settings = self.settings.clone();
                settings.flavor = Some(Flavor::Html);
                settings
            }
            _ => self.settings.clone(),
        };
        let mut job = Job::new(source)
            .with_layer(Layer::new(settings, Origin::Builder))
            .with_read_tracking(true)
            .with_git(cfg!(feature = "git"))
            .with_gzip(cfg!(feature = "gzip"));
        let mut files_read = BTreeSet::new();
        if let Some((path, required)) = &settings_path
            && let Some(layer) = Layer::read_file(path, *required, &root)?
        {
            files_read.insert(path.clone());
            job = job.with_layer(layer);
        }
        let mut scanned = job.scan()?;
        let git = cfg!(feature = "git")
            && scanned.scan.used_git
            && scanned
                .resolved
                .settings
                .lastmod
                .as_ref()
                .is_none_or(|l| l.contains(&LastmodSource::Git));
        let scan_root = match &self.what {
            What::Pages(_) => root.clone(),
            What::Content(r) => r.clone(),
            #[cfg(feature = "html")]
            What::Html(d) => d.clone(),
        };
        files_read.extend(scanned.scan.read.iter().cloned());
        let mut rerun_dirs = scanned.scan.watch_dirs.clone();
        rerun_dirs.sort();
        rerun_dirs.dedup();
        let mut excluded: Vec<PathBuf> = scanned
            .scan
            .left_out
            .iter()
            .map(|e| scan_root.join(&e.path))
            .collect();
        excluded.sort();
        excluded.dedup();
        let mut warnings = scanned.scan.warnings.clone();
        let report = scanned.write(|_| {})?;
        warnings.extend(report.warnings.iter().cloned());
        let git_files = if git {
            sitemap_engine::git_watched_files(&root)
        } else {
            Vec::new()
        };
        Ok(Built {
            report: report.set,
            files_read: files_read.into_iter().collect(),
            rerun_dirs,
            git_files,
            robots: report.robots.map(|(path, _)| path),
            files: report.files,
            warnings,
            excluded,
        })
    }
}

/// The caller's pages as the source layer's, each Markdown source's
/// front matter read as in a content tree (`date`, `updated`, sitemap
/// overrides); the caller's own values win over it.
fn page_list(root: &Path, base: &Loc, pages: &[Page]) -> Result<PageList, Error> {
    use sitemap_pages::overrides::Overrides;
    use sitemap_pages::pipeline::Page as SourcePage;

    let mut list = Vec::with_capacity(pages.len());
    let mut fixed: HashMap<Loc, Lastmod> = HashMap::new();
    for (i, page) in pages.iter().enumerate() {
        let loc = base.join(&page.path).map_err(|e| Error::Setting {
            at: format!("page {} (`{}`)", i + 1, page.path),
            message: e.to_string(),
            hint: "a page's path is relative to the base URL, or an absolute URL under it"
                .to_owned(),
        })?;
        // Pages without a file get a name of their own, so that the
        // duplicate check and filters still have something to say.
        let source = page
            .source
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("<page {}>", i + 1)));
        let mut overrides = match page.source.as_ref().filter(|s| is_markdown(s)) {
            Some(s) => {
                let path = root.join(s);
                let text = sitemap_core::input::read_regular_text(
                    &path,
                    sitemap_pages::images::markdown::MAX_PAGE_BYTES,
                )
                .map_err(|source| Error::Io { path, source })?;
                let fm = sitemap_pages::front_matter::parse(s, &text)?;
                SourcePage::from_front_matter(s.clone(), loc.clone(), &fm)?.overrides
            }
            None => Overrides::default(),
        };
        overrides.changefreq = page.changefreq.or(overrides.changefreq);
        overrides.priority = page.priority.or(overrides.priority);
        // An explicit lastmod is the caller's front matter; kept aside
        // too, so it wins even where the precedence leaves that out.
        if let Some(l) = &page.lastmod {
            overrides.lastmod = Some(l.clone());
            fixed.insert(loc.clone(), l.clone());
        }
        list.push(SourcePage::new(source, loc).with_overrides(overrides));
    }
    Ok(PageList::new(root, list).with_fixed_lastmod(fixed))
}

fn is_markdown(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e == "md" || e == "markdown")
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
    /// The companions written (`sitemap.xsl`, `sitemap.html`).
    pub files: Vec<PathBuf>,
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

#[cfg(feature = "submit")]
mod submit;
#[cfg(feature = "submit")]
pub use crate::submit::Submitted;
/// The engine's submission types ([`Plan`](sitemap_engine::submit::Plan),
/// [`Request`](sitemap_engine::submit::Request), the
/// [`key`](sitemap_engine::submit::key) module).
#[cfg(feature = "submit")]
pub use sitemap_engine::submit as submission;

#[cfg(test)]
mod tests {
    use sitemap_engine::keys::KEYS;

    /// Every key of the table has its builder method ([`Key::builder`]
    /// names it), so build.rs takes every setting the other skins take.
    /// A reading of the source rather than a call: a method the table
    /// names but the builder lacks would otherwise be a compile error in
    /// a list written here by hand, a second copy of the table.
    ///
    /// [`Key::builder`]: sitemap_engine::keys::Key::builder
    #[test]
    fn every_key_has_its_builder_method() {
        // Without doc lines and whitespace, so that neither the doc lines
        // a `setting!` adds nor formatting matter.
        let source: String = [include_str!("lib.rs"), include_str!("submit.rs")]
            .concat()
            .lines()
            .filter(|l| !l.trim_start().starts_with("///"))
            .flat_map(str::split_whitespace)
            .collect();
        for key in KEYS {
            let method = key.builder;
            assert!(
                source.contains(&format!("pubfn{method}("))
                    || source.contains(&format!("pubfn{method}<"))
                    || source.contains(&format!("{method}(mutself,"))
                    || source.contains(&format!("setting!({method}(")),
                "`{}` has no builder method `{method}`",
                key.name
            );
        }
    }
}
