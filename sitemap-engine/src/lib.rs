//! The one sitemap job behind every skin: the `sitemap` CLI, the
//! `mdbook-sitemap` plugin and `sitemap-build` for build.rs only gather
//! settings and present the [`Report`]; everything between happens here.
//!
//! A job goes one way, as mdBook's `MDBook::load` → `build` does:
//!
//! 1. **Settings** ([`settings`]): [`Layer`]s of one [`Settings`] type,
//!    the same keys everywhere (declared once in [`keys`]), each value
//!    remembering where it came from for messages; a book's
//!    `[output.sitemap]` table (module `book_toml`, feature `mdbook`); a
//!    file's keys checked one by one, so every wrong key is reported at
//!    once; base URLs no one reaches ([`base_url_check`]).
//! 2. **Scan** ([`Job::scan`], module `scan`): a [`Source`] (a site
//!    folder, an mdBook book by folder or already loaded (its types
//!    re-exported for the plugin in module `book`, feature `mdbook`), or pages
//!    the caller lists) → pages → entries, through the source layer
//!    (overrides, filters, lastmod), with the [`ledger`]'s recorded
//!    lastmods for content that did not change. Every page then passes
//!    one gate (module `scan::gate`), whatever it came from: the same
//!    leave-out rules in one order (publish state, cascade and front
//!    matter, build options, URL patterns, the site's robots.txt, what
//!    its built head says), each page left out with one reason; a scan
//!    that lists nothing says why.
//! 3. **Check** (module `check`): a Zola or Hugo scan held against the
//!    site its generator built (the build check, feature `html`: it
//!    stays in the site, reads what each listed page's head says, and
//!    gives a Hugo content adapter's pages through the same gate);
//!    `--check`'s comparison with what is on disk ([`Scanned::check_report`]); after
//!    a write with `check-site`, the set against the built pages beside
//!    it (module `site_check`, feature `html`); and sitemaps on disk, ours or not, as a set
//!    (module `validate`, feature `html`: `sitemap validate`).
//! 4. **Publish** ([`Scanned::write`], [`publish`]): the sitemap set
//!    (one sitemap per group with `split-by`: [`split`]; one set per host
//!    of a multihost site), robots.txt, the stylesheet, and the pages for
//!    people, `sitemap.html` and `llms.txt` ([`human`]), staged and
//!    published as one unit, never under a name the site or the tool
//!    owns, Hugo's own sitemap there named with what to do. The ledger is
//!    written last, only after the set is published.
//! 5. **Submission** (`submit`, feature `submit`): the ledger's changes
//!    not yet submitted, posted to IndexNow after checking the live site,
//!    and recorded in the ledger once accepted; its errors are its own
//!    (`SubmitError`).
//!
//! The jobs every skin calls are in module `job`: [`Job`] and
//! [`Scanned`] (the site's set), [`IndexJob`] (`sitemap index`: one index
//! over sitemaps other tools wrote, each checked) and [`WriteJob`]
//! (`sitemap write`: a set from a list of URLs, read by [`url_list`], or
//! from another generator's sitemap, read back by [`sitemap_input`]);
//! `Validation` (`sitemap validate`), `Submission` and the [`ledger`]'s
//! changes are their rooms' own. A job tells what it finds while it runs
//! through a [`Notice`], then returns its report.
//!
//! The rooms import downward only: `job` over `check` and `submit`, over
//! `scan`, over `publish`, over `settings`, `ledger` and `human`, over
//! the shared [`Error`] and `timings`; `input` (what `write` and
//! `--check` read back) imports nothing above it. Every warning and error
//! reaches a skin as a string naming its place first; [`diagnostic`]
//! splits the place off, so each skin prints `file:line: warning:
//! message` (and `error:`) the same way. [`git_watched_files`] (the git
//! reader's, `sitemap-git`) names the `.git` files whose change means
//! git's dates may have changed, for a build script to watch.
//!
//! ```
//! use sitemap_engine::{Job, Layer, Origin, Settings, Source};
//!
//! let dir = tempfile::tempdir()?;
//! let site = dir.path();
//! std::fs::write(site.join("zola.toml"), "base_url = \"https://example.org\"\n")?;
//! std::fs::create_dir_all(site.join("content"))?;
//! std::fs::write(site.join("content/hello.md"), "+++\ndate = 2024-05-01\n+++\nHi\n")?;
//!
//! let mut settings = Settings::default();
//! settings.lastmod = Some(vec![sitemap_engine::LastmodSource::Date]);
//! let job = Job::new(Source::Site(site.to_owned()))
//!     .with_layer(Layer::new(settings, Origin::Flag));
//! let report = job.scan()?.write(|_| {})?;
//! assert_eq!(report.set.urls, 2);
//! let xml = std::fs::read_to_string(site.join("public/sitemap.xml"))?;
//! assert!(xml.contains("<loc>https://example.org/hello/</loc>\n    <lastmod>2024-05-01</lastmod>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "mdbook")]
pub mod book;
mod check;
pub mod diagnostic;
mod error;
pub mod human;
mod input;
mod job;
pub mod ledger;
pub mod publish;
mod scan;
pub mod settings;
#[cfg(feature = "submit")]
pub mod submit;
mod timings;

#[cfg(feature = "html")]
pub use crate::check::{site_check, validate};
pub use crate::input::{sitemap_input, url_list};
pub use crate::publish::split;
#[cfg(feature = "mdbook")]
pub use crate::settings::book_toml;
pub use crate::settings::{base_url_check, keys};

/// How the "nothing listed" report names what left entries out
/// (`sitemap.toml:6 \`exclude\``, `` `--exclude-urls` ``).
pub use crate::scan::nothing_listed::left_out_label;
/// A content tree's error, as a skin finds it in a cause chain (its bad
/// pages one at a time, its hint).
pub use sitemap_content::Error as ContentError;
/// The history pass's error, as a skin finds it inside [`PagesError::History`].
pub use sitemap_git::Error as GitError;
pub use sitemap_git::watched_files as git_watched_files;
pub use sitemap_git::{GitDate, ShallowPolicy, Uncommitted};
/// The source layer's error (front matter, overrides, git), as a skin
/// finds it in a cause chain.
pub use sitemap_pages::Error as PagesError;
pub use sitemap_pages::lastmod::LastmodSource;

pub use crate::error::Error;
pub use crate::human::HumanPage;
pub use crate::human::SiteInfo;
pub use crate::publish::hosts::Host;
pub use crate::publish::{IndexEntry, Outputs, Publisher, Report, book_summary, publish_index};
pub use crate::scan::{
    LeftOut, ListedPage, NoindexBy, PageList, Reason, Scan, Source, build_summary, images_summary,
};
pub use crate::settings::RobotsDisallowed;
pub use crate::settings::SplitBy;
pub use crate::settings::{
    FileFormat, Flavor, GitSettings, LastmodDep, Layer, LimitsName, Origin, Resolved, Settings,
    SubmitSettings, TrailingSlash,
};

#[cfg(feature = "html")]
pub use crate::check::site_check::{BaseFrom, SiteCheck, SiteSummary};
pub use crate::check::up_to_date::CheckReport;
#[cfg(feature = "html")]
pub use crate::check::validate::{Validated, Validation};
pub use crate::job::summary::{RobotsLine, ScanSummary};
pub use crate::job::{
    DEFAULT_INDEX_NAME, IndexJob, Indexed, Job, Notice, Scanned, WriteJob, WriteRead, Written,
};
