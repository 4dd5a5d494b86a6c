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
//! [`Sitemap::git_date`]), and the builder's settings win over the file.
//! The work is the engine's ([`sitemap_engine`]): this crate only gathers
//! the settings and reports what was read, for cargo.
//!
//! Features, so that build scripts compile fast (default: none):
//! - `git`: `git` in the lastmod precedence (it runs the `git` program,
//!   reading history in one pass); without it a precedence naming `git` is
//!   an error, and the default precedence is `front-matter`, `date`,
//!   `mtime`. With it, `.git/HEAD`, `.git/index` and the current branch's
//!   ref file are added to the rerun-if-changed files.
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

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

pub use sitemap_core::{ChangeFreq, Lastmod, Loc, Priority, SetReport, Url};
pub use sitemap_engine::settings::{
    FileFormat, Flavor, LastmodDep, LimitsName, Settings, TrailingSlash,
};
pub use sitemap_engine::{Error, GitDate, LastmodSource, ShallowPolicy, Uncommitted};
use sitemap_engine::{Job, Layer, Origin, PageList, Resolved, Source};

/// One page of a list the caller builds ([`Sitemap::pages`]); its source
/// is relative to [`Sitemap::root`].
pub use sitemap_engine::ListedPage as Page;

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

/// A builder method per settings key.
macro_rules! setting {
    ($(#[$doc:meta])* $name:ident($($field:ident).+: $ty:ty)) => {
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

    /// Where to write the sitemap (and robots.txt): the `out` key.
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Sitemap {
        self.settings.out = Some(dir.into());
        self
    }

    /// Where lastmod comes from, first match wins.
    pub fn lastmod(mut self, precedence: impl IntoIterator<Item = LastmodSource>) -> Sitemap {
        self.settings.lastmod = Some(precedence.into_iter().collect());
        self
    }

    /// Only pages whose source matches one of these globs.
    pub fn include(mut self, globs: impl IntoIterator<Item = impl Into<String>>) -> Sitemap {
        self.settings.include = Some(globs.into_iter().map(Into::into).collect());
        self
    }

    /// Leave out pages whose source matches one of these globs.
    pub fn exclude(mut self, globs: impl IntoIterator<Item = impl Into<String>>) -> Sitemap {
        self.settings.exclude = Some(globs.into_iter().map(Into::into).collect());
        self
    }

    setting!(
        /// The site's base URL, instead of its configuration's.
        base_url(base_url: impl Into<String>)
    );
    setting!(
        /// The generator, instead of detecting it.
        flavor(flavor: Flavor)
    );
    setting!(
        /// With a built HTML folder: the sources its pages come from, for lastmod.
        html_source(html_source: impl Into<PathBuf>)
    );
    setting!(
        /// With a built HTML folder: list `page.html` as `page`.
        clean_urls(clean_urls: bool)
    );
    setting!(
        /// With a built HTML folder: how `dir/index.html` is listed.
        trailing_slash(trailing_slash: TrailingSlash)
    );
    setting!(
        /// List drafts too.
        include_drafts(include_drafts: bool)
    );
    setting!(
        /// The changefreq of pages that set none.
        changefreq(changefreq: ChangeFreq)
    );
    setting!(
        /// The priority of pages that set none.
        priority(priority: Priority)
    );
    setting!(
        /// Which date of a commit is the lastmod.
        git_date(git.date: GitDate)
    );
    setting!(
        /// What a shallow clone's cut-off history gives.
        git_shallow(git.shallow: ShallowPolicy)
    );
    setting!(
        /// What an edited or untracked file gives.
        git_uncommitted(git.uncommitted: Uncommitted)
    );
    setting!(
        /// Seconds any one `git` process may take before the run fails;
        /// 0 for no limit.
        git_timeout(git.timeout: u64)
    );
    setting!(
        /// Commits that do not count, listed as in `.git-blame-ignore-revs`
        /// (read by default when present at the repository root); an
        /// empty path for none.
        git_ignore_revs(git.ignore_revs: impl Into<PathBuf>)
    );
    setting!(
        /// The root file's name (`sitemap.xml`); split sets name their
        /// files after it.
        filename(filename: impl Into<String>)
    );
    setting!(
        /// `<urlset>` XML (the default) or plain text.
        format(format: FileFormat)
    );
    setting!(
        /// Size limits per file (default [`LimitsName::Legacy`]).
        limits(limits: LimitsName)
    );
    setting!(
        /// At most this many URLs a file; past it the set is split.
        max_urls(max_urls: u64)
    );
    setting!(
        /// Add or update the `Sitemap:` line in `robots.txt` in the
        /// output folder (merged, never replaced).
        robots(robots: bool)
    );
    setting!(
        /// Write `sitemap.xsl` beside the sitemap and reference it.
        stylesheet(stylesheet: bool)
    );
    setting!(
        /// Write `sitemap.html` for visitors.
        html_page(html_page: bool)
    );
    setting!(
        /// After writing, check the set against the output folder's
        /// built pages (needs the `html` feature). A build script's
        /// folder usually holds no page yet: the sitemaps are then
        /// checked alone, with a warning.
        check_site(check_site: bool)
    );
    setting!(
        /// Keep a lastmod ledger in this file (commit it, or keep it in
        /// the CI cache): a page whose content did not change keeps its
        /// lastmod.
        ledger(ledger: impl Into<PathBuf>)
    );

    /// Gzip the files (needs the `gzip` feature).
    pub fn gzip(mut self, gzip: bool) -> Sitemap {
        self.settings.gzip = Some(gzip);
        self
    }

    /// Files besides a page's own whose git dates count towards its
    /// lastmod ([`LastmodDep::Bundle`]: a page bundle's resources).
    pub fn lastmod_deps(mut self, deps: impl IntoIterator<Item = LastmodDep>) -> Sitemap {
        self.settings.lastmod_deps = Some(deps.into_iter().collect());
        self
    }

    setting!(
        /// List the images each page shows (Google's image extension).
        images(images: bool)
    );

    /// Hosts besides the site's own whose images are listed (a CDN):
    /// names or globs such as `*.cloudfront.net`.
    pub fn image_hosts<S: Into<String>>(mut self, hosts: impl IntoIterator<Item = S>) -> Sitemap {
        self.settings.image_hosts = Some(hosts.into_iter().map(Into::into).collect());
        self
    }

    /// Front matter keys holding a page's images (dotted for nested
    /// keys: `extra.cover`).
    pub fn image_keys<S: Into<String>>(mut self, keys: impl IntoIterator<Item = S>) -> Sitemap {
        self.settings.image_keys = Some(keys.into_iter().map(Into::into).collect());
        self
    }

    setting!(
        /// With [`images`](Self::images) on built HTML: also list each
        /// page's `og:image`.
        og_image(og_image: bool)
    );
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
            What::Pages(pages) => Source::Pages(PageList::listed(&root, &self.base_loc()?, pages)?),
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
        let git_files = if git { git_files(&root) } else { Vec::new() };
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
