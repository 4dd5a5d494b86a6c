//! `validate`: check any sitemap, ours or not, as a stream.
//!
//! [`validate`] reads an XML `<urlset>` or `<sitemapindex>`, a plain text
//! sitemap, or either gzipped, and reports every problem it finds as a
//! [`Diagnostic`] with a line, a column, a [`Severity`] and a message. It
//! holds one element at a time (plus a hash per `loc` for the duplicate
//! check), so a 50 MB file is read in bounded memory, and it stops reading
//! as soon as the uncompressed size passes the byte limit, so a gzip bomb
//! is never inflated past it.
//!
//! [`validate_with`] also hands each entry ([`Entry`]: `loc`, `lastmod`,
//! hreflang alternates, image locs, with line and column) to a visitor as
//! it streams, for callers that check more than the file (`sitemap
//! validate --site` checks the entries against the built site).
//!
//! The rules are those of the sitemaps.org XSDs (so it agrees with
//! `xmllint --schema` wherever the schema can judge) and of the protocol
//! text the schema cannot express: `loc` absolute and percent-encoded,
//! URL and byte limits, the location rule, duplicates. Values are checked
//! with the same parsers the writers use ([`Loc::parse`],
//! [`Lastmod::parse`](crate::Lastmod::parse)), so what one writes the other
//! accepts.
//!
//! ```
//! use sitemap_core::validate::{Options, Severity, validate};
//!
//! let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
//! <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
//!   <url><loc>https://example.org/</loc><priority>1.5</priority></url>
//! </urlset>"#;
//! let report = validate(xml.as_bytes(), &Options::default())?;
//! assert_eq!(report.errors(), 1);
//! let d = &report.diagnostics[0];
//! assert_eq!((d.line, d.column, d.severity), (3, 39, Severity::Error));
//! assert!(d.message.contains("priority `1.5`"));
//! # Ok::<(), sitemap_core::validate::ValidateError>(())
//! ```

mod peek;
mod position;
mod run;
mod text;
mod values;
mod xml;

use std::fmt;
use std::io::{self, BufRead};

use serde::Serialize;
use thiserror::Error;

use crate::{Alternate, Lastmod, Limits, Loc};

use run::validate_inner;

pub use crate::validate::text::validate_robots;
pub use peek::{peek_first_loc, peek_kind};

pub(crate) use run::{Sink, thousands};

/// The sitemaps.org namespace every sitemap element must be in.
pub const SITEMAP_NS: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

/// How bad a finding is (the one every diagnostic of a run has).
pub use crate::diagnostic::Severity;

/// One finding, at a 1-based line and column of the (uncompressed) file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Diagnostic {
    /// 1-based line.
    pub line: u64,
    /// 1-based column, in characters.
    pub column: u64,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong and what was expected.
    pub message: String,
}

impl Diagnostic {
    /// A finding at a 1-based line and column, for callers that check
    /// more than one file (an index whose child is itself an index).
    pub fn new(
        line: u64,
        column: u64,
        severity: Severity,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            line,
            column,
            severity,
            message: message.into(),
        }
    }
}

impl Diagnostic {
    /// The finding as a run reports it, in `file` (the validated file as
    /// the run names it): `file:line:col: severity: message`.
    pub fn in_file(&self, file: impl Into<std::path::PathBuf>) -> crate::Diagnostic {
        let d = match self.severity {
            Severity::Warning => crate::Diagnostic::warning(self.message.clone()),
            _ => crate::Diagnostic::error(self.message.clone()),
        };
        d.at(file, self.line).with_column(Some(self.column))
    }
}

impl fmt::Display for Diagnostic {
    /// `line:col: severity: message`; a caller prefixes the file name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.line, self.column, self.severity, self.message
        )
    }
}

/// What kind of document was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum DocumentKind {
    /// An XML `<urlset>`.
    Urlset,
    /// An XML `<sitemapindex>`.
    Sitemapindex,
    /// A plain text sitemap, one URL per line.
    Text,
    /// A robots.txt.
    Robots,
    /// Nothing recognisable (the diagnostics say why).
    Unknown,
}

/// A sitemap an index (or a robots.txt) lists: where it is said to be and
/// where that was said, so a caller can open it and check it too.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Child {
    /// The listed sitemap's URL.
    pub loc: Loc,
    /// 1-based line of the `<loc>` (or `Sitemap:` line).
    pub line: u64,
    /// 1-based column.
    pub column: u64,
}

/// One `<url>` of a `<urlset>` (or one line of a text sitemap) as read,
/// for a caller of [`validate_with`] that checks more than the file: the
/// values that passed their checks, each one parsed (a value that failed
/// is a [`Diagnostic`] and is left out here; an entry whose `loc` failed
/// is not handed over at all).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Entry {
    /// The entry's `loc`.
    pub loc: Loc,
    /// 1-based line of the `<loc>` (or of the text line).
    pub line: u64,
    /// 1-based column.
    pub column: u64,
    /// The `lastmod`, when it is a valid W3C Datetime.
    pub lastmod: Option<Lastmod>,
    /// The `<xhtml:link rel="alternate" hreflang href>` alternates, in
    /// file order (at most [`MAX_ENTRY_EXTRAS`]).
    pub alternates: Vec<Alternate>,
    /// The `<image:image><image:loc>` URLs, in file order (at most
    /// [`MAX_ENTRY_EXTRAS`]).
    pub images: Vec<Loc>,
}

/// Alternates, and images, kept per [`Entry`]: Google's image extension
/// allows 1,000 images per page, and no site has 1,000 languages; the cap
/// keeps one hostile `<url>` from growing without bound.
pub const MAX_ENTRY_EXTRAS: usize = 1000;

/// The outcome of validating one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Report {
    /// What the file turned out to be.
    pub kind: DocumentKind,
    /// Whether it was gzipped.
    pub gzip: bool,
    /// Uncompressed bytes read (stops one past the byte limit).
    pub bytes: u64,
    /// `<url>` entries, `<sitemap>` entries, or text lines with a URL.
    pub entries: u64,
    /// Findings in file order, at most [`Options::max_diagnostics`].
    pub diagnostics: Vec<Diagnostic>,
    /// Findings left out past [`Options::max_diagnostics`].
    pub suppressed: u64,
    /// For an index or robots.txt: the sitemaps it lists.
    pub children: Vec<Child>,
}

impl Report {
    fn new() -> Report {
        Report {
            kind: DocumentKind::Unknown,
            gzip: false,
            bytes: 0,
            entries: 0,
            diagnostics: Vec::new(),
            suppressed: 0,
            children: Vec::new(),
        }
    }

    /// Errors found (suppressed ones included).
    pub fn errors(&self) -> usize {
        self.count(Severity::Error)
    }

    /// Warnings found.
    pub fn warnings(&self) -> usize {
        self.count(Severity::Warning)
    }

    /// No errors (warnings allowed).
    pub fn is_valid(&self) -> bool {
        self.errors() == 0
    }

    fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }
}

/// What to expect of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Format {
    /// Judge from the content: gzip magic, then `<` for XML, else text.
    #[default]
    Auto,
    /// An XML sitemap or index (still gunzipped when gzipped).
    Xml,
    /// A plain text sitemap.
    Text,
    /// A robots.txt, checked for its `Sitemap:` lines.
    Robots,
}

/// A name for a [`Limits`] profile, for messages.
pub(crate) fn profile_name(limits: &Limits) -> &'static str {
    if *limits == Limits::SITEMAPS_ORG {
        "sitemaps.org profile"
    } else if *limits == Limits::LEGACY {
        "legacy profile"
    } else {
        "custom limits"
    }
}

/// How to validate.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Options {
    /// The limits to hold the file to. The default is
    /// [`Limits::SITEMAPS_ORG`], what the protocol allows today (the
    /// writers default to the stricter legacy profile: conservative in
    /// what they write, while a file checked here is judged by the
    /// protocol).
    pub limits: Limits,
    /// The URL the sitemap is served at. When set, every `loc` must lie
    /// under its folder (the protocol's location rule), and an index's
    /// sitemaps on the same host.
    pub location: Option<Loc>,
    /// What the input is.
    pub format: Format,
    /// Diagnostics kept per file; the rest are counted in
    /// [`Report::suppressed`].
    pub max_diagnostics: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limits: Limits::SITEMAPS_ORG,
            location: None,
            format: Format::Auto,
            max_diagnostics: 1000,
        }
    }
}

impl Options {
    /// Sets the limits.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Options {
        self.limits = limits;
        self
    }

    /// Sets the URL the sitemap is served at (the location rule).
    #[must_use]
    pub fn with_location(mut self, location: Loc) -> Options {
        self.location = Some(location);
        self
    }

    /// Sets what the input is.
    #[must_use]
    pub fn with_format(mut self, format: Format) -> Options {
        self.format = format;
        self
    }
}

/// Reading the input failed (the disk, not the content: a corrupt gzip
/// stream is a [`Diagnostic`]).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ValidateError {
    /// The underlying reader failed.
    #[error("cannot read the sitemap: {0}")]
    Io(#[from] io::Error),
}

/// Validates one sitemap (XML, text, robots.txt, gzipped or not) read
/// from `input`.
///
/// # Errors
///
/// Only when `input` itself fails to read; everything wrong with the
/// content is in the [`Report`].
pub fn validate(input: impl BufRead, options: &Options) -> Result<Report, ValidateError> {
    validate_inner(input, options, None)
}

/// [`validate`], handing each entry of a `<urlset>` or text sitemap to
/// `visit` as it is read (an index's sitemaps are in
/// [`Report::children`]). The validator keeps nothing of an entry after
/// the call, so memory stays bounded: the caller decides what to keep.
///
/// ```
/// use sitemap_core::validate::{Entry, Options, validate_with};
///
/// let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
/// <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
///   <url><loc>https://example.org/</loc><lastmod>2024-05-01</lastmod></url>
///   <url><loc>https://example.org/a/</loc></url>
/// </urlset>"#;
/// let mut seen: Vec<(String, u64)> = Vec::new();
/// let report = validate_with(xml.as_bytes(), &Options::default(), &mut |e: Entry| {
///     seen.push((e.loc.to_string(), e.line));
/// })?;
/// assert!(report.is_valid());
/// assert_eq!(seen, [("https://example.org/".to_owned(), 3), ("https://example.org/a/".to_owned(), 4)]);
/// # Ok::<(), sitemap_core::validate::ValidateError>(())
/// ```
///
/// # Errors
///
/// Only when `input` itself fails to read.
pub fn validate_with(
    input: impl BufRead,
    options: &Options,
    visit: &mut impl FnMut(Entry),
) -> Result<Report, ValidateError> {
    validate_inner(input, options, Some(visit))
}
