//! Pages in, sitemap entries out: filters, exclusions, `lastmod`
//! precedence, defaults, sorting and duplicate checks in one place, so
//! every adapter behaves the same. What a run says without stopping is a
//! [`Warning`], each with its message, in `warning`.
//!
//! ```
//! use std::path::Path;
//! use sitemap_pages::front_matter;
//! use sitemap_pages::pipeline::{Page, Pipeline, SourceConfig};
//!
//! let config: SourceConfig = toml::from_str(r#"
//!     lastmod = ["front-matter", "date"]
//!     exclude = ["drafts/**"]
//!     changefreq = "monthly"
//! "#)?;
//! let pipeline = Pipeline::new(Path::new("."), config)?;
//!
//! let text = "---\ndate: 2024-05-01\n---\nHello\n";
//! let fm = front_matter::parse(Path::new("content/hello.md"), text)?;
//! let pages = vec![
//!     Page::from_front_matter("content/hello.md", "https://example.org/hello/".parse()?, &fm)?,
//!     Page::new("drafts/wip.md", "https://example.org/wip/".parse()?),
//! ];
//! let output = pipeline.run(pages)?;
//! assert_eq!(output.urls.len(), 1);
//! assert_eq!(output.urls[0].lastmod.as_ref().map(|l| l.to_string()).as_deref(), Some("2024-05-01"));
//! assert_eq!(output.excluded[0].reason.to_string(), "matches exclude pattern `drafts/**`");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sitemap_core::{Alternate, ChangeFreq, Image, Lastmod, Loc, Priority, Url};

use crate::ci::CiHost;
use crate::error::Error;
use crate::filter::Filter;
use crate::front_matter::FrontMatter;
use crate::lastmod::{
    DEFAULT_PRECEDENCE, GitHistory, GitLastmod, GitOptions, LastmodSource, ShallowPolicy,
    Uncommitted,
};
use crate::left_out::{LeftOut, Reason};
use crate::overrides::Overrides;

mod warning;

pub use self::warning::Warning;

/// The source layer's settings, as written in `sitemap.toml` or under a
/// table of `book.toml`. Keys are kebab-case; unknown keys are refused, so
/// embed this as a table of its own rather than flattening it.
///
/// ```toml
/// lastmod = ["front-matter", "git", "date", "mtime"]   # the default
/// include = ["content/**"]
/// exclude = ["content/drafts/**"]
/// changefreq = "weekly"      # default for pages that set none
/// priority = 0.5             # default for pages that set none
/// include-drafts = false
///
/// [git]
/// date = "committer"         # or "author"
/// shallow = "warn"           # or "fail", "omit"
/// uncommitted = "mtime"      # or "last-commit"
/// ignore-revs = ".git-blame-ignore-revs"   # read by default when present
/// ```
///
/// `mtime` counts only where it is true: in a git work tree, for
/// untracked or edited files (a tracked, unmodified file's mtime is when
/// it was checked out); outside any work tree, only when the user named
/// `lastmod` ([`SourceConfig::lastmod_named`]), never from the default.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
#[non_exhaustive]
pub struct SourceConfig {
    /// Where `lastmod` comes from, first match wins; empty for none.
    pub lastmod: Vec<LastmodSource>,
    /// How git is asked.
    pub git: GitOptions,
    /// Globs over source paths (relative to the site root); when any is
    /// given, only matching pages are listed.
    pub include: Vec<String>,
    /// Globs over source paths; matching pages are left out.
    pub exclude: Vec<String>,
    /// `changefreq` for pages whose front matter sets none.
    pub changefreq: Option<ChangeFreq>,
    /// `priority` for pages whose front matter sets none.
    pub priority: Option<Priority>,
    /// List drafts too (as `zola serve --drafts` / `hugo -D` build them).
    pub include_drafts: bool,
    /// The user named `lastmod` (flag, `sitemap.toml`, `book.toml`,
    /// builder), so an `mtime` in it counts outside git work trees too.
    /// Not a key: whoever resolves the settings knows where `lastmod`
    /// came from and sets it (a default list and the same list written
    /// out mean different things here).
    #[serde(skip)]
    pub lastmod_named: bool,
    /// git must not run at all (a build script without the `git`
    /// feature): every file counts as outside a work tree.
    #[serde(skip)]
    pub no_git: bool,
}

impl Default for SourceConfig {
    fn default() -> Self {
        SourceConfig {
            lastmod: DEFAULT_PRECEDENCE.to_vec(),
            git: GitOptions::default(),
            include: Vec::new(),
            exclude: Vec::new(),
            changefreq: None,
            priority: None,
            include_drafts: false,
            lastmod_named: false,
            no_git: false,
        }
    }
}

/// One page an adapter found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Page {
    /// Its source file, relative to the site root (what filters match and
    /// git and mtime are asked about). A generated page with no file of
    /// its own may name the file it comes from.
    pub source: PathBuf,
    /// Its URL.
    pub loc: Loc,
    /// What its front matter says.
    pub overrides: Overrides,
    /// Its versions in other languages.
    pub alternates: Vec<Alternate>,
    /// Files it is built from besides `source` (an mdBook chapter's
    /// `{{#include}}`s, a bundle's resources), relative to the site root
    /// like `source` (`..` allowed). Its git `lastmod` is the newest of
    /// `source`'s and theirs, read in the same history pass.
    pub deps: Vec<PathBuf>,
    /// The images it shows, in order, each once (see [`crate::images`]);
    /// listed unless its front matter says `sitemap.images = false`.
    pub images: Vec<Image>,
}

impl Page {
    /// A page with no overrides.
    pub fn new(source: impl Into<PathBuf>, loc: Loc) -> Page {
        Page {
            source: source.into(),
            loc,
            overrides: Overrides::default(),
            alternates: Vec::new(),
            deps: Vec::new(),
            images: Vec::new(),
        }
    }

    /// A page with the overrides its front matter gives; errors name
    /// `source` and the key's line.
    pub fn from_front_matter(
        source: impl Into<PathBuf>,
        loc: Loc,
        front_matter: &FrontMatter,
    ) -> Result<Page, Error> {
        let source = source.into();
        let overrides = Overrides::from_front_matter(&source, front_matter)?;
        Ok(Page {
            overrides,
            ..Page::new(source, loc)
        })
    }

    /// Sets the overrides.
    #[must_use]
    pub fn with_overrides(mut self, overrides: Overrides) -> Page {
        self.overrides = overrides;
        self
    }

    /// Sets the hreflang alternates.
    #[must_use]
    pub fn with_alternates(mut self, alternates: Vec<Alternate>) -> Page {
        self.alternates = alternates;
        self
    }

    /// Sets the files the page is built from besides its own
    /// ([`Page::deps`]).
    #[must_use]
    pub fn with_deps(mut self, deps: Vec<PathBuf>) -> Page {
        self.deps = deps;
        self
    }

    /// Sets the images ([`Page::images`]).
    #[must_use]
    pub fn with_images(mut self, images: Vec<Image>) -> Page {
        self.images = images;
        self
    }
}

/// What [`Pipeline::run`] produces.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Output {
    /// The entries, sorted by `loc`, each `loc` once.
    pub urls: Vec<Url>,
    /// Pages left out, sorted by source.
    pub excluded: Vec<LeftOut>,
    /// Warnings, in the order they arose.
    pub warnings: Vec<Warning>,
}

/// The configured source layer for one site root.
#[derive(Clone, Debug)]
pub struct Pipeline {
    root: PathBuf,
    config: SourceConfig,
    filter: Filter,
    /// "Now", for the future-lastmod warning; the clock when `None`.
    now: Option<jiff::Timestamp>,
    /// The CI host whose fix a shallow clone's message names; detected
    /// from the environment when `None`.
    ci_host: Option<Option<CiHost>>,
}

impl Pipeline {
    /// Checks the configuration (globs) for a site at `root`.
    pub fn new(root: &Path, config: SourceConfig) -> Result<Pipeline, Error> {
        let filter = Filter::new(&config.include, &config.exclude)?;
        Ok(Pipeline {
            root: root.to_owned(),
            config,
            filter,
            now: None,
            ci_host: None,
        })
    }

    /// Fixes "now" (tests), for the warning about a `lastmod` in the
    /// future.
    #[must_use]
    pub fn with_now(mut self, now: jiff::Timestamp) -> Pipeline {
        self.now = Some(now);
        self
    }

    /// Fixes the CI host (tests), for the shallow-clone message.
    #[must_use]
    pub fn with_ci_host(mut self, host: Option<CiHost>) -> Pipeline {
        self.ci_host = Some(host);
        self
    }

    fn ci_host(&self) -> Option<CiHost> {
        self.ci_host.unwrap_or_else(CiHost::detect)
    }

    /// The configuration.
    pub fn config(&self) -> &SourceConfig {
        &self.config
    }

    /// Turns pages into sorted, de-duplicated entries. Git is asked once,
    /// only about pages whose `lastmod` a higher source does not settle.
    pub fn run(&self, pages: Vec<Page>) -> Result<Output, Error> {
        let mut output = Output::default();
        // The pages are filtered, then turned into entries, in the list's
        // own buffer (`into_iter` then `collect` to a type no larger
        // reuses it): on a large site a second list of pages, then one of
        // entries, would each add a buffer the size of the site to the
        // peak.
        let mut kept: Vec<Page> = pages
            .into_iter()
            .filter_map(|page| {
                let reason = match &page.overrides.exclude {
                    Some(Reason::Draft) if self.config.include_drafts => None,
                    Some(reason) => Some(reason.clone()),
                    None => None,
                }
                .or_else(|| self.filter.check(&page.source));
                match reason {
                    Some(reason) => {
                        output
                            .excluded
                            .push(LeftOut::new(page.source, reason).at(page.loc));
                        None
                    }
                    None => Some(page),
                }
            })
            .collect();
        output
            .excluded
            .sort_by(|a, b| a.path.cmp(&b.path).then_with(|| a.loc.cmp(&b.loc)));

        // Unstable, so no scratch buffer of pages: pages equal in `loc`
        // and `source` are a duplicate error either way, whose message
        // names the same two things in either order.
        kept.sort_unstable_by(|a, b| a.loc.cmp(&b.loc).then_with(|| a.source.cmp(&b.source)));
        if let Some(pair) = kept.windows(2).find(|w| w[0].loc == w[1].loc) {
            return Err(Error::DuplicateLoc {
                loc: pair[0].loc.clone(),
                first: pair[0].source.clone(),
                second: pair[1].source.clone(),
            });
        }

        let git = self.read_git(&kept, &mut output)?;
        let mut cut_off = Vec::new();
        // A day of slack: a date written in the farthest time zone ahead
        // is still today somewhere.
        let latest = self
            .now
            .unwrap_or_else(jiff::Timestamp::now)
            .saturating_add(jiff::SignedDuration::from_hours(24))
            .unwrap_or(jiff::Timestamp::MAX);
        let urls = kept.into_iter().map(|page| {
            let lastmod = self.lastmod(&page, &git, &mut cut_off);
            if let Some(l) = &lastmod
                && is_after(l, latest)
            {
                output.warnings.push(Warning::FutureLastmod {
                    source: page.source.clone(),
                    lastmod: l.clone(),
                });
            }
            let mut url = Url::new(page.loc);
            url.lastmod = lastmod;
            url.changefreq = page.overrides.changefreq.or(self.config.changefreq);
            url.priority = page.overrides.priority.or(self.config.priority);
            let mut alternates = page.alternates;
            alternates.sort();
            alternates.dedup();
            url.alternates = alternates;
            if page.overrides.images != Some(false) {
                url.images = page.images;
            }
            url
        });
        output.urls = urls.collect();
        if let Some(first) = cut_off.iter().min() {
            output.warnings.push(Warning::ShallowClone {
                count: cut_off.len(),
                first: first.clone(),
                policy: self.config.git.shallow,
                host: self.ci_host(),
            });
        }
        Ok(output)
    }

    /// Reads git for the pages that need it: their history when `git`
    /// is in the precedence, else only their status when `mtime` is
    /// (to tell true mtimes from checkout times). Fails early under
    /// [`ShallowPolicy::Fail`].
    fn read_git(&self, pages: &[Page], output: &mut Output) -> Result<GitView, Error> {
        let precedence = &self.config.lastmod;
        let asks = |source: LastmodSource| -> Vec<&Page> {
            let Some(at) = precedence.iter().position(|s| *s == source) else {
                return Vec::new();
            };
            let before = &precedence[..at];
            pages
                .iter()
                .filter(|p| !before.iter().any(|s| self.settled_without_git(p, *s)))
                .collect()
        };
        let (for_git, for_mtime) = (asks(LastmodSource::Git), asks(LastmodSource::Mtime));
        let mut files: Vec<PathBuf> = for_git
            .iter()
            .flat_map(|p| std::iter::once(&p.source).chain(&p.deps).cloned())
            .chain(for_mtime.iter().map(|p| p.source.clone()))
            .collect();
        files.sort();
        files.dedup();
        if files.is_empty() || self.config.no_git {
            return Ok(GitView::Unknown);
        }
        let history = if precedence.contains(&LastmodSource::Git) {
            GitHistory::read(&self.root, &files, &self.config.git)
        } else {
            GitHistory::read_status(&self.root, &files, &self.config.git)
        };
        let mtime_skipped = !for_mtime.is_empty() && !self.config.lastmod_named;
        let history = match history {
            // Not a reason to stop a build: the same as no repository,
            // but with git's words and its fix rather than a wrong guess.
            Err(sitemap_git::Error::GitRefused { reason, fix, .. }) => {
                if !for_git.is_empty() {
                    output.warnings.push(Warning::GitRefused {
                        root: self.root.clone(),
                        reason,
                        fix,
                        mtime_skipped,
                    });
                }
                return Ok(GitView::Outside);
            }
            other => other?,
        };
        let Some(history) = history else {
            if !for_git.is_empty() {
                output.warnings.push(Warning::NoGitRepository {
                    root: self.root.clone(),
                    mtime_skipped,
                });
            }
            return Ok(GitView::Outside);
        };
        for sub in history.submodules_not_checked_out() {
            if let Some(first) = sub.files.first() {
                output.warnings.push(Warning::SubmoduleNotCheckedOut {
                    submodule: sub.path.clone(),
                    count: sub.files.len(),
                    first: first.clone(),
                });
            }
        }
        if self.config.git.shallow == ShallowPolicy::Fail {
            let cut: Vec<&PathBuf> = files
                .iter()
                .filter(|f| history.get(f) == Some(&GitLastmod::CutOff))
                .collect();
            if let Some(first) = cut.first() {
                return Err(Error::ShallowHistory {
                    dir: history.toplevel().to_owned(),
                    count: cut.len(),
                    first: (*first).clone(),
                    host: self.ci_host(),
                });
            }
        }
        Ok(GitView::Inside(history))
    }

    /// Whether `source` gives this page a lastmod without git (so git need
    /// not be asked about it). Mtime is not counted: it is asked later.
    fn settled_without_git(&self, page: &Page, source: LastmodSource) -> bool {
        match source {
            LastmodSource::FrontMatter => page.overrides.lastmod.is_some(),
            LastmodSource::Date => page.overrides.date.is_some(),
            _ => false,
        }
    }

    fn lastmod(&self, page: &Page, git: &GitView, cut_off: &mut Vec<PathBuf>) -> Option<Lastmod> {
        let history = match git {
            GitView::Inside(history) => Some(history),
            _ => None,
        };
        let answer = history.and_then(|h| h.get(&page.source));
        for source in &self.config.lastmod {
            let found = match source {
                LastmodSource::FrontMatter => page.overrides.lastmod.clone(),
                LastmodSource::Date => page.overrides.date.clone(),
                LastmodSource::Mtime => {
                    let true_here = match git {
                        // A file git was not asked about: not one that
                        // reaches this source (see `read_git`).
                        GitView::Inside(_) => answer.is_some_and(GitLastmod::mtime_is_true),
                        GitView::Outside | GitView::Unknown => self.config.lastmod_named,
                    };
                    if true_here {
                        self.mtime(&page.source)
                    } else {
                        None
                    }
                }
                LastmodSource::Git => match self.page_git_date(history, page) {
                    FileDate::Known(found) => found,
                    FileDate::CutOff => {
                        cut_off.push(page.source.clone());
                        if self.config.git.shallow == ShallowPolicy::Omit {
                            return None;
                        }
                        // Warn: the next source decides (the `mtime`
                        // source gives nothing for a tracked file).
                        None
                    }
                },
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The page's git date: its own file's, or a dep's when newer. The
    /// own file decides whether git dates the page at all (an untracked
    /// chapter is not dated by the listing it includes); a dep whose
    /// history is cut off makes the page's date unknown, since that dep
    /// may have changed after every commit still visible.
    fn page_git_date(&self, git: Option<&GitHistory>, page: &Page) -> FileDate {
        let mut newest = match self.git_date(git, &page.source) {
            FileDate::Known(Some(own)) => own,
            other => return other,
        };
        for dep in &page.deps {
            match self.git_date(git, dep) {
                FileDate::Known(Some(d)) if d.start() > newest.start() => newest = d,
                FileDate::Known(_) => {}
                FileDate::CutOff => return FileDate::CutOff,
            }
        }
        FileDate::Known(Some(newest))
    }

    /// What git (and, for uncommitted files, mtime) says about one file.
    fn git_date(&self, git: Option<&GitHistory>, file: &Path) -> FileDate {
        match git.and_then(|g| g.get(file)) {
            Some(GitLastmod::Committed(l)) => FileDate::Known(Some(l.clone())),
            Some(GitLastmod::Uncommitted) => FileDate::Known(self.mtime(file)),
            Some(GitLastmod::Untracked) if self.config.git.uncommitted == Uncommitted::Mtime => {
                FileDate::Known(self.mtime(file))
            }
            Some(GitLastmod::CutOff) => FileDate::CutOff,
            _ => FileDate::Known(None),
        }
    }

    fn mtime(&self, source: &Path) -> Option<Lastmod> {
        let modified = std::fs::metadata(self.root.join(source))
            .ok()?
            .modified()
            .ok()?;
        let ts = jiff::Timestamp::try_from(modified).ok()?;
        Lastmod::from_timestamp(ts).ok()
    }
}

/// One file's date as git gives it.
enum FileDate {
    /// Known, or known to be absent (the next source decides).
    Known(Option<Lastmod>),
    /// A shallow clone cuts its history off.
    CutOff,
}

/// What git said about the pages, as far as it was asked.
enum GitView {
    /// The site is in a work tree; the answers for the pages asked about.
    Inside(GitHistory),
    /// The site is in no work tree (or git is not installed).
    Outside,
    /// git was not asked (no source needs it, or it must not run).
    Unknown,
}

/// Whether `lastmod` starts after `latest`. `Lastmod::start` gives
/// `Timestamp::MAX` for the last hours of year 9999, which jiff cannot
/// hold as an instant (`9999-12-31`, the very typo this catches), so the
/// comparison holds there too.
fn is_after(lastmod: &Lastmod, latest: jiff::Timestamp) -> bool {
    lastmod.start() > latest
}
