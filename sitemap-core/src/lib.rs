//! The Sitemaps 0.90 model and its streaming writers.
//!
//! The model refuses what the protocol forbids: a [`Loc`] is an absolute
//! http(s) URL of at most 2,048 characters without a fragment, a
//! [`Lastmod`] is a W3C Datetime, a [`ChangeFreq`] one of seven words, a
//! [`Priority`] within 0.0–1.0. The writers stream [`Url`] entries over
//! any `impl Write`: [`XmlWriter`] (`<urlset>`), [`TextWriter`] (one
//! `loc` per line), [`IndexWriter`] (`<sitemapindex>`), and `gzip` (feature `gzip`, on by default) with
//! a fixed header for byte-identical output. [`SetWriter`] fills a
//! directory: it splits a large site at the [`Limits`] into several files
//! under a `<sitemapindex>`, compresses them on every core, and publishes
//! the set as one unit once it is written ([`StagedSet`]: the stylesheet,
//! HTML page and robots.txt are staged with it, the index is renamed last).
//! [`output`] is the one write path every file takes: a locked folder, a
//! synced temporary file with the mode a new file gets, a rename;
//! [`input`] the one safe read of a file a site names (regular files only,
//! bounded, never blocked by a FIFO); [`interrupt`] the cleanup a signal
//! handler calls, which removes the temporary files of the folders held;
//! [`progress`] the count of files a scan's readers have read.
//!
//! [`diagnostic`] is every warning and error of a run as data (file,
//! line, key, severity, message, hint), rendered as text or JSON by the
//! skins, names from the input escaped and cut. [`validate`] checks any
//! sitemap, ours or not, as a stream;
//! [`robots`] merges the discovery line into robots.txt; [`human`] writes
//! the stylesheet and HTML page that show a sitemap to people.
//!
//! Nothing here knows about Markdown, git or content directories; the
//! adapters turn sources into [`Url`]s.
//!
//! ```
//! use sitemap_core::{ChangeFreq, Url, XmlWriter, XmlOptions};
//!
//! let mut out = Vec::new();
//! let mut writer = XmlWriter::new(&mut out, XmlOptions::default());
//! writer.write(&Url::new("https://example.org/a?x=1&y=2".parse()?).with_changefreq(ChangeFreq::Daily))?;
//! writer.finish()?;
//! let xml = String::from_utf8(out)?;
//! assert!(xml.contains("<loc>https://example.org/a?x=1&amp;y=2</loc>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod changefreq;
pub mod diagnostic;
mod error;
// Without the `gzip` feature, stand-ins that fail with a clear error.
#[cfg_attr(not(feature = "gzip"), path = "gzip_off.rs")]
mod gzip;
pub mod human;
pub mod input;
pub mod interrupt;
mod lastmod;
mod limits;
mod loc;
pub mod output;
mod priority;
pub mod progress;
pub mod robots;
mod set;
mod text;
mod url;
pub mod validate;
mod xml;

pub use crate::changefreq::ChangeFreq;
pub use crate::diagnostic::{Diagnostic, Severity};
pub use crate::error::{LocRule, ValueError};
#[cfg(feature = "gzip")]
pub use crate::gzip::{GZIP_LEVEL, gzip};
pub use crate::lastmod::{Lastmod, Precision, TimePrecision};
pub use crate::limits::Limits;
pub use crate::loc::{Loc, MAX_LOC_LEN, MIN_LOC_LEN, redact_credentials};
pub use crate::priority::Priority;
pub use crate::set::{
    DuplicatePolicy, Format, ImagesCut, IndexFile, MAX_SKIPPED_SAMPLES, OutsidePolicy, Pushed,
    SetError, SetErrorKind, SetOptions, SetReport, SetWriter, SitemapFile, SkipReason, Skipped,
    StagedSet,
};
pub use crate::text::TextWriter;
pub use crate::url::{Alternate, Hreflang, Image, MAX_IMAGES_PER_URL, Url};
pub use crate::xml::{IndexWriter, XmlOptions, XmlWriter, has_own_declaration};
