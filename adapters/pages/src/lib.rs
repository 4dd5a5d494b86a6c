//! The source layer every adapter shares: front matter, per-page
//! overrides, include/exclude filters, and a `lastmod` you can trust.
//!
//! - [`front_matter::parse`] finds and parses TOML (`+++`), YAML (`---`)
//!   or JSON (`{`) front matter, and where the body starts.
//! - [`overrides::Overrides::from_front_matter`] reads what the page says
//!   about its sitemap entry in Hugo, Zola and Jekyll shapes (the table is
//!   in [`overrides`]); [`overrides::parse_date`] reads the date forms site
//!   generators write.
//! - [`yaml::load`] reads YAML as Hugo does (go-yaml v2's grammar and
//!   YAML 1.1 scalars, a repeated key taking the last value),
//!   [`yaml::load_as`] as Zola does (serde_yaml 0.9), both refusing alias
//!   bombs and deep nesting; every YAML this workspace reads goes through
//!   them.
//! - [`filter::Filter`] applies include/exclude globs to source paths;
//!   [`url_filter::UrlFilter`] applies include-urls/exclude-urls globs to
//!   URLs, under the base URL's folder.
//! - [`lastmod`] holds the `lastmod` precedence ([`lastmod::LastmodSource`])
//!   and re-exports the git reader, the crate `sitemap-git`:
//!   [`lastmod::GitHistory`], which reads every file's last commit date
//!   from one pass over the history (split over the cores on a long one),
//!   exactly as `git log -1 -- FILE` would answer, and detects shallow
//!   clones; [`lastmod::IgnoreRevs`] lists the commits that pass does
//!   not count (`.git-blame-ignore-revs`).
//! - [`head_read`] reads the first bytes of a file without advising the
//!   kernel when the page cache holds them (the head-only readers);
//! - [`images`] resolves the images a page shows (found by each adapter
//!   its own way) as a browser would, keeps those on the site's hosts,
//!   and counts what it leaves out.
//! - [`ci::CiHost`] tells the CI host from the environment, so that a
//!   shallow clone's warning names the fix that works there.
//! - [`pipeline::Pipeline`] is what adapters call: given [`pipeline::Page`]s
//!   (source path, `loc`, overrides, alternates, and the files it is built
//!   from, whose git dates count towards its own) and a serde-deserialisable
//!   [`pipeline::SourceConfig`] (kebab-case keys), it applies exclusions,
//!   filters, `lastmod` precedence and defaults, and returns entries sorted
//!   by `loc` (a duplicate `loc` is an error naming both sources), the
//!   excluded pages with their reasons, and warnings.
//! - [`LeftOut`] and [`Reason`] (`left_out.rs`) say which page was left
//!   out and why, in the one vocabulary every reader returns and the
//!   engine passes on; [`TrailingSlash`] (`trailing_slash.rs`) is how a
//!   built page's path becomes its URL, named by the engine's settings
//!   and followed by the built-HTML reader.
//!
//! Every error is an [`Error`] naming the file, and the line where there
//! is one.
//!
//! ```
//! use std::path::Path;
//! use sitemap_pages::{Reason, front_matter, overrides::Overrides};
//!
//! let path = Path::new("content/draft.md");
//! let text = "+++\ntitle = \"Soon\"\ndraft = true\n+++\nNot yet.\n";
//! let fm = front_matter::parse(path, text)?;
//! assert_eq!(fm.body(text), "Not yet.\n");
//! let overrides = Overrides::from_front_matter(path, &fm)?;
//! assert_eq!(overrides.exclude, Some(Reason::Draft));
//! # Ok::<(), sitemap_pages::Error>(())
//! ```

pub mod ci;
mod error;
pub mod filter;
pub mod front_matter;
pub mod head_read;
pub mod images;
pub mod lastmod;
mod left_out;
pub mod overrides;
pub mod pipeline;
mod trailing_slash;
pub mod url_filter;
pub mod yaml;

pub use crate::left_out::{LeftOut, NoindexBy, Reason};
pub use crate::trailing_slash::TrailingSlash;

pub use crate::error::Error;
