//! The one sitemap job behind every skin: the `sitemap` CLI, the
//! `mdbook-sitemap` plugin and `sitemap-build` for build.rs only gather
//! settings and present the [`Report`]; everything between happens here.
//!
//! A job goes one way, as mdBook's `MDBook::load` → `build` does:
//!
//! 1. **Settings** ([`settings`]): [`Layer`]s of one [`Settings`] type,
//!    the same keys everywhere (documented in [`keys`]), each value
//!    remembering where it came from for messages; a book's
//!    `[output.sitemap]` table is read by module `book_toml` (feature `mdbook`); a file's keys
//!    are checked one by one (module `settings_check`), so every wrong
//!    key is reported at once, in plain words.
//! 2. **Scan** ([`Job::scan`], module `scan`): a [`Source`] (a site
//!    folder, an mdBook book by folder or already loaded (its types
//!    re-exported for the plugin in module `book`, feature `mdbook`), or pages the caller
//!    lists) → pages → entries, through the source layer (overrides,
//!    filters, lastmod). With a `ledger`
//!    ([`ledger`]), entries whose content did not change keep their
//!    recorded lastmod (for a content tree before list pages roll up
//!    their members' dates). Then the site's robots.txt (module
//!    `robots_rules`): an entry it disallows for Googlebot is left out
//!    and counted, or kept with a warning (`robots-disallowed`). A Zola
//!    or Hugo scan is then checked against the site its generator built
//!    (module `build_check`, feature `html`): built pages the scan does
//!    not list and listed URLs with nothing built are warnings (errors
//!    with `strict`), a Hugo content adapter's pages come from the build.
//! 3. **Outputs** ([`Scanned::write`], [`publish`]): the sitemap set
//!    (one sitemap per group under the index with `split-by`: [`split`]),
//!    robots.txt, the stylesheet, `sitemap.html` and `llms.txt` (module
//!    `human`), staged and published as one unit, never under a name the
//!    site or the tool owns (module `owned`), Hugo's own sitemap there
//!    named with what to do (module `generator_sitemap`); or a comparison with what
//!    is on disk ([`Scanned::check`], module `check`), or the entries as
//!    the write would list them ([`Scan::listed`]). A scan that leaves every
//!    page out is refused with its causes counted, each at the place to
//!    change it (module `nothing_listed`). The ledger is written last,
//!    only after the set is published. With `check-site`, the set just
//!    published is then checked against the built pages beside it
//!    (`site_check`, feature `html`: the same `SiteCheck` as
//!    `sitemap validate --site`); an error fails the job.
//! 4. **Submission** (`submit`, feature `submit`): the ledger's
//!    changes not yet submitted, posted to IndexNow after checking the
//!    live site, and recorded in the ledger once accepted.
//!
//! Every warning and error reaches a skin as a string naming its place
//! first; [`diagnostic`] splits the place off, so each skin prints
//! `file:line: warning: message` (and `error:`) the same way.
//!
//! Sitemaps on disk, ours or not, are checked as a set by `validate`
//! (feature `html`: `sitemap validate`, indexes followed, the site check
//! with a site folder).
//!
//! A list of URLs made elsewhere (`sitemap write`), read by
//! [`url_list`], goes straight to a [`Publisher`], and so does another
//! generator's sitemap read back by [`sitemap_input`]; an index over other
//! tools' sitemaps (`sitemap index`) to [`publish_index`].
//! [`git_watched_files`] (the git reader's, `sitemap-git`) names the
//! `.git` files whose change means git's dates may have changed, for a
//! build script to watch.
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
    LeftOut, ListedPage, NoindexBy, PageList, Reason, Scan, Source, images_summary,
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
