//! What a scan found: the entries, what was left out and why, and what
//! looked wrong.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

use sitemap_core::diagnostic::{Diagnostic, Kind, Name, shown};
use sitemap_core::{Loc, Url};
use sitemap_pages::images::ImageCounts;
pub use sitemap_pages::{LeftOut, Reason};
use thiserror::Error;

use crate::head::MarkupDate;

/// The result of [`scan`](crate::scan).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct HtmlScan {
    /// The entries to write, sorted by `loc`, each with its hreflang
    /// alternates (sorted) and the lastmod its markup or source gave.
    pub urls: Vec<Url>,
    /// Every `.html` file not listed, with the reason, sorted by path (in
    /// byte order).
    pub excluded: Vec<LeftOut>,
    /// Problems that did not stop a page from being listed (or that
    /// concern a listed page's links), sorted by path (in byte order); a
    /// file's own warnings stay in the order they were found.
    pub warnings: Vec<Warning>,
    /// Every file the scan read (or tried to), sorted by path (in byte
    /// order). Files left out by name alone (exclude globs, `404.html`)
    /// are never opened.
    pub files_read: Vec<PathBuf>,
    /// With [`HtmlOptions::images`](crate::HtmlOptions::images): the
    /// images listed and those left out, by reason, over the listed pages
    /// (`pages_off` counts the pages whose robots meta says
    /// `noimageindex`).
    pub images: ImageCounts,
}

impl HtmlScan {
    /// How many files were left out for each kind of reason, keyed by
    /// [`Reason::label`].
    pub fn excluded_counts(&self) -> BTreeMap<&'static str, usize> {
        let mut counts = BTreeMap::new();
        for e in &self.excluded {
            *counts.entry(e.reason.label()).or_insert(0) += 1;
        }
        counts
    }

    /// One line for a terminal: `12 pages listed; 3 left out (1 noindex,
    /// 2 redirect stub); 1 warning`.
    pub fn summary(&self) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let mut s = format!("{} listed", plural(self.urls.len(), "page"));
        if !self.excluded.is_empty() {
            let counts: Vec<String> = self
                .excluded_counts()
                .into_iter()
                .map(|(label, n)| format!("{n} {label}"))
                .collect();
            s.push_str(&format!(
                "; {} left out ({})",
                self.excluded.len(),
                counts.join(", ")
            ));
        }
        s.push_str(&format!("; {}", plural(self.warnings.len(), "warning")));
        s
    }
}

/// Something that looked wrong in a file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Warning {
    /// The file it concerns.
    pub path: PathBuf,
    /// What is wrong.
    pub kind: WarningKind,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: warning: {}", self.path.display(), self.kind)
    }
}

impl From<&Warning> for Diagnostic {
    /// The file as its field, the kind's message, and the kind's family,
    /// so that a site broken the same way on every page is named twenty
    /// times, then counted.
    fn from(w: &Warning) -> Diagnostic {
        Diagnostic::warning(w.kind.to_string())
            .in_file(&w.path)
            .with_kind(w.kind.family())
    }
}

impl WarningKind {
    /// Its family, for the bound on how many a run names.
    pub fn family(&self) -> Kind {
        let (name, more) = match self {
            WarningKind::InvalidUtf8 { .. } => {
                ("html-invalid-utf8", "files that are not valid UTF-8")
            }
            WarningKind::BrokenHtml { .. } => ("html-broken", "files of broken HTML"),
            WarningKind::InvalidJsonLd { .. } => {
                ("html-invalid-json-ld", "JSON-LD blocks that are not JSON")
            }
            WarningKind::InvalidLastmod { .. } => (
                "html-invalid-lastmod",
                "dates in the markup that are not dates",
            ),
            WarningKind::InvalidHreflang { .. } => (
                "html-invalid-hreflang",
                "hreflang values that are not language tags",
            ),
            WarningKind::InvalidHref { .. } => (
                "html-invalid-href",
                "links that do not resolve to an http(s) URL",
            ),
            WarningKind::ConflictingCanonicals { .. } => (
                "html-conflicting-canonicals",
                "pages with more than one canonical URL",
            ),
            WarningKind::OneWayHreflang { .. } => {
                ("html-one-way-hreflang", "one-way hreflang alternates")
            }
            WarningKind::HreflangTargetNotListed { .. } => (
                "html-hreflang-not-listed",
                "hreflang alternates that are no listed page",
            ),
            WarningKind::MissingSelfHreflang => (
                "html-missing-self-hreflang",
                "pages whose hreflang alternates leave themselves out",
            ),
            WarningKind::CanonicalTargetExcluded { .. } => (
                "html-canonical-left-out",
                "canonical URLs of pages left out",
            ),
            WarningKind::CanonicalTargetMissing { .. } => {
                ("html-canonical-missing", "canonical URLs that name no file")
            }
            WarningKind::CanonicalCycle { .. } => ("html-canonical-cycle", "canonical cycles"),
            WarningKind::BaseUrlMismatch { .. } => {
                ("html-base-url-mismatch", "base URL mismatches")
            }
            WarningKind::BaseUrlFolderUnused { .. } => (
                "html-base-url-folder-unused",
                "base URL folders no canonical lies under",
            ),
            WarningKind::SpecialFile { .. } => {
                ("html-special-file", "FIFOs, sockets and devices skipped")
            }
            WarningKind::Walk { .. } => ("html-walk", "folders that could not be read"),
        };
        Kind::new(name, more)
    }
}

/// What looked wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WarningKind {
    /// Bytes that are not UTF-8; values were read with replacement
    /// characters (the URL comes from the path, so the page is listed).
    #[error("not valid UTF-8 from byte {at}; expected UTF-8 text")]
    InvalidUtf8 {
        /// Byte offset of the first bad byte.
        at: u64,
    },
    /// The tokenizer gave up on the markup.
    #[error("broken HTML: {message}")]
    BrokenHtml {
        /// The tokenizer's message.
        message: String,
    },
    /// A JSON-LD block that is not JSON.
    #[error("<script type=\"application/ld+json\"> is not valid JSON: {message}")]
    InvalidJsonLd {
        /// serde_json's message, with line and column in the block.
        message: String,
    },
    /// A date in the markup that is not a date.
    #[error(
        "{markup} `{}` is not a date; expected a W3C Datetime such as 2024-05-01 or 2024-05-01T10:30:00+02:00",
        Name::new(.value)
    )]
    InvalidLastmod {
        /// Where it was written.
        markup: MarkupDate,
        /// What was written.
        value: String,
    },
    /// An `hreflang` that is not a language tag; the alternate is dropped.
    #[error(
        "hreflang `{}` (href {}) is not a language tag such as en, pt-BR or x-default; alternate dropped",
        Name::new(.value),
        Name::new(.href)
    )]
    InvalidHreflang {
        /// What was written.
        value: String,
        /// Its href.
        href: String,
    },
    /// A link that does not resolve to an http(s) URL; it is ignored.
    #[error("{element} href `{}`: {error}", Name::new(.href))]
    InvalidHref {
        /// Which element (`<link rel="canonical">`, …).
        element: &'static str,
        /// What was written.
        href: String,
        /// Why it is unusable.
        error: String,
    },
    /// More than one canonical URL; search engines then ignore them all,
    /// and so does the scan.
    #[error("{} different <link rel=\"canonical\"> URLs ({}); all ignored, as search engines do", canonicals.len(), canonicals.join(", "))]
    ConflictingCanonicals {
        /// The distinct URLs.
        canonicals: Vec<String>,
    },
    /// The page lists an alternate that does not list it back; Google
    /// ignores hreflang links that are not confirmed both ways.
    #[error("one-way hreflang: {loc} lists {alternate} as `{}`, which does not link back", Name::new(.hreflang))]
    OneWayHreflang {
        /// This page.
        loc: Loc,
        /// The alternate that does not link back.
        alternate: Loc,
        /// The hreflang it was listed under.
        hreflang: String,
    },
    /// An alternate under the base URL that is not in the sitemap (no such
    /// file, or the file is left out).
    #[error(
        "hreflang `{}` alternate {alternate} of {loc} is not a listed page of this site",
        Name::new(.hreflang)
    )]
    HreflangTargetNotListed {
        /// This page.
        loc: Loc,
        /// The alternate.
        alternate: Loc,
        /// Its hreflang.
        hreflang: String,
    },
    /// The page has hreflang alternates but none for itself and no usable
    /// `<html lang>` to make one from; every version must list itself.
    #[error(
        "hreflang alternates without one for the page itself, and no <html lang> to add it from"
    )]
    MissingSelfHreflang,
    /// The canonical URL belongs to a file that is itself left out.
    #[error("canonical {canonical} is the URL of {}, which is left out", shown::path(.target))]
    CanonicalTargetExcluded {
        /// The canonical URL.
        canonical: Loc,
        /// The file at that URL.
        target: PathBuf,
    },
    /// The canonical URL lies under the base URL but no file of the site
    /// answers for it (a stale canonical after a rename): on a static host
    /// it is a 404, and search engines ignore a canonical that names a
    /// missing page. The page is listed under its own URL instead.
    #[error("canonical {canonical} names no file of the site (looked for {}): listed under its own URL {own}; fix the canonical or build that page", looked.join(", "))]
    CanonicalTargetMissing {
        /// The canonical URL.
        canonical: Loc,
        /// The files looked for, `/`-separated under the folder.
        looked: Vec<String>,
        /// The page's own URL, listed instead.
        own: Loc,
    },
    /// The canonical URL names a page whose canonical chain leads back to
    /// this one: left out in turn, every page of the cycle would vanish.
    /// This page, the target of the first page of the cycle by path, is
    /// listed under its own URL.
    #[error(
        "canonical {canonical} names a page whose canonical is this one (a cycle): listed under its own URL {own}; make one of them the canonical of the other"
    )]
    CanonicalCycle {
        /// This page's canonical URL.
        canonical: Loc,
        /// The page's own URL, listed.
        own: Loc,
    },
    /// Most pages declare a canonical URL outside the base URL: the base
    /// URL given is not where the site is published (or the generator was
    /// told another). Those pages are listed under their own URLs; this
    /// warning comes once, on the first such page.
    #[error(
        "{pages} of {of} pages declare a canonical URL outside the base URL {base} (this one: {canonical}); taken as a base-URL mismatch, not duplicates: listed under their own URLs{}",
        match likely_base {
            Some(likely) => format!("; if the site is published at {likely}, give that as the base URL (--base-url, `base-url` in sitemap.toml)"),
            None => "; give the URL the site is published at as the base URL (--base-url, `base-url` in sitemap.toml)".to_owned(),
        }
    )]
    BaseUrlMismatch {
        /// How many pages declare a canonical outside the base URL.
        pages: usize,
        /// Of how many pages that would be listed but for their canonical,
        /// or are.
        of: usize,
        /// The base URL the scan was given.
        base: Loc,
        /// This page's canonical URL.
        canonical: Loc,
        /// The base URL this page's canonical implies: the canonical
        /// without the page's own path.
        likely_base: Option<Loc>,
    },
    /// The base URL has a folder, and every canonical the pages declare
    /// lies on its host outside that folder: the folder is most likely
    /// not where the site is served. Said once, on the first such page.
    #[error(
        "{pages} page(s) declare a canonical URL on the base URL's host, none under the base URL {base} (this one: {canonical}); if the site is published at {origin}/, give that as the base URL (--base-url, `base-url` in sitemap.toml)"
    )]
    BaseUrlFolderUnused {
        /// How many pages declare a canonical elsewhere.
        pages: usize,
        /// The base URL the scan was given.
        base: Loc,
        /// This page's canonical URL.
        canonical: Loc,
        /// The base URL's scheme and host.
        origin: String,
    },
    /// A FIFO, socket or device with a page's name: never opened (a FIFO
    /// would block the scan), and no page.
    #[error("{what}, not a file: skipped, never opened")]
    SpecialFile {
        /// What it is (`a FIFO (named pipe)`, `a socket`, `a character device`).
        what: &'static str,
    },
    /// A directory could not be read; the files in it are missing.
    #[error("cannot read directory: {message}")]
    Walk {
        /// The walker's message.
        message: String,
    },
}
