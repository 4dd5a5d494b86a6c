//! The site check: a sitemap set checked against the built folder it
//! describes, which is what Search Console reports after the fact. The
//! CLI's `sitemap validate --site DIR` feeds it the sets it finds and
//! prints what it returns; a job with `check-site` runs it over the files
//! it just wrote ([`check_written`], in `run.rs`). Map: this file holds
//! the per-entry checks and the [`SiteSummary`]; `files.rs` maps a loc to
//! the file of DIR it names and infers the base URL; `finish.rs` runs the
//! checks that need the whole set.
//!
//! Per entry, while the validator streams ([`validate_with`]): the `loc`
//! names a file of DIR in the URL form the site uses (sitemap-html's
//! `files` rule); that page is not noindex, not a redirect stub, not
//! `404.html`, a generator's search page nor our own `sitemap.html`, and
//! names no other canonical URL
//! (read with sitemap-html's [`PageReader`], the same head reader and
//! rules as `scan --html`); its local images exist; its `lastmod` is not in the
//! future. Kept for the end, and only what the end needs: the files the
//! locs map to (to count indexable pages left out), the hreflang
//! alternates of entries that have some (reciprocity), and a count per
//! calendar day of `lastmod` (the "build time on every page" smell).
//!
//! [`validate_with`]: sitemap_core::validate::validate_with

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde::Serialize;
use sitemap_core::validate::{Diagnostic, Entry, Severity};
use sitemap_core::{Alternate, Lastmod, Loc};
use sitemap_html::{HtmlOptions, Indexing, PageRead, PageReader};

use crate::error::Error;

mod files;
mod finish;
pub(crate) mod on_purpose;
mod run;

pub(crate) use run::after_write;
pub use run::{SiteReport, check_written};

/// A path as printed: `/`-separated on every platform.
pub fn show(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

use files::{infer_base, is_html};

/// Diagnostics the site checks add per sitemap file; the rest are counted
/// as suppressed, as the validator's own are.
const MAX_SITE_DIAGNOSTICS: usize = 1000;

/// The "build time on every page" smell: at least this many lastmods…
const SMELL_MIN_ENTRIES: u64 = 10;
/// …of which at least this share (in percent) fall on one day.
const SMELL_PERCENT: u64 = 80;

/// Where the base URL came from, for the summary line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BaseFrom {
    /// `--base-url`.
    Flag,
    /// The site's configuration beside the folder: the file and key
    /// (`hugo.toml: baseURL`).
    Config(String),
    /// A `Sitemap:` line of DIR's robots.txt naming a sitemap of DIR.
    Robots,
    /// The folder under which most sampled locs name files of DIR.
    Locs,
}

impl BaseFrom {
    /// How the summary line says where the base URL came from.
    pub fn words(&self) -> String {
        match self {
            BaseFrom::Flag => "--base-url".to_owned(),
            BaseFrom::Config(at) => format!("from {at}"),
            BaseFrom::Robots => "from robots.txt".to_owned(),
            BaseFrom::Locs => "inferred from the locs; give --base-url to set it".to_owned(),
        }
    }
}

/// What a `loc` names on disk.
enum Mapped {
    /// The file, `/`-separated under DIR.
    File(String),
    /// No candidate exists; these were looked for.
    Missing(Vec<String>),
    /// Not under the base URL.
    Outside,
}

/// An entry with hreflang alternates, kept for the reciprocity check.
struct WithAlternates {
    file: usize,
    line: u64,
    column: u64,
    alternates: Vec<Alternate>,
}

/// The site checks of one run.
pub struct SiteCheck {
    dir: PathBuf,
    /// DIR as printed, with a trailing `/`.
    shown: String,
    base: Loc,
    base_from: BaseFrom,
    reader: PageReader,
    /// One day past now: a lastmod after this is in the future wherever
    /// its writer was.
    future: Option<Lastmod>,
    /// Findings for the file being read.
    found: Vec<Diagnostic>,
    suppressed: u64,
    /// Files of DIR the locs name.
    mapped: HashSet<String>,
    /// Entries with alternates, by loc.
    alternates: HashMap<Loc, WithAlternates>,
    /// Lastmods per calendar day, and where the first was.
    days: BTreeMap<String, (u64, usize, u64, u64)>,
    lastmods: u64,
    locs: u64,
    pages: u64,
    /// URLs the job left out on purpose (front matter, patterns, …):
    /// their built pages are not missing from the sitemap.
    left_out: Vec<Loc>,
    /// Findings about the site, for the summary.
    warnings: Vec<sitemap_core::Diagnostic>,
}

/// The site's part of the output.
#[derive(Debug, Serialize)]
pub struct SiteSummary {
    /// The site folder as printed, with a trailing `/`.
    pub dir: String,
    /// The base URL the checks used.
    pub base_url: String,
    /// Where that base URL came from.
    pub base_url_from: BaseFrom,
    /// `loc`s read from the set's sitemaps.
    pub locs: u64,
    /// Of those, the ones that name a file of DIR.
    pub files: u64,
    /// Indexable HTML pages in DIR (by the rules of `scan --html`).
    pub indexable_pages: u64,
    /// Indexable pages no `loc` names, `/`-separated under DIR.
    pub missing_pages: Vec<String>,
    /// The lastmod smell, when found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub same_day: Option<String>,
    /// Findings about the site rather than a sitemap file (a base URL
    /// that leaves out the book's `site-url` folder).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<sitemap_core::Diagnostic>,
}

impl SiteCheck {
    /// Sets up the checks of `dir`, published at `base_url` (or at a base
    /// URL inferred from `sitemaps`, the set's files).
    pub fn new(
        dir: &Path,
        base_url: Option<Loc>,
        sitemaps: &[PathBuf],
    ) -> Result<SiteCheck, Error> {
        if !dir.is_dir() {
            return Err(Error::Job {
                message: format!(
                    "--site {}: not a directory; give the folder the site was built into (public/, _site/, book/)",
                    dir.display()
                ),
                hint: "give the folder the site was built into".to_owned(),
            });
        }
        let shown = format!("{}/", show(dir).trim_end_matches('/'));
        let (base, base_from) = match base_url {
            Some(b) => (b, BaseFrom::Flag),
            None => crate::scan::site_config::base_url(dir)
                .map(|(base, at)| (base, BaseFrom::Config(at)))
                .or_else(|| infer_base(dir, sitemaps))
                .ok_or_else(|| Error::Job {
                message: format!(
                    "--site {shown}: cannot tell the URL the site is published at (no robots.txt `Sitemap:` line names a sitemap of it, and no loc names a file of it); give --base-url"
                ),
                hint: "give the base URL the site is published at".to_owned(),
            })?,
        };
        let reader = PageReader::new(HtmlOptions::new(base.clone()))?;
        let future = jiff::Timestamp::now()
            .checked_add(jiff::SignedDuration::from_hours(24))
            .ok()
            .and_then(|t| Lastmod::from_timestamp(t).ok());
        Ok(SiteCheck {
            dir: dir.to_path_buf(),
            shown,
            base,
            base_from,
            reader,
            future,
            found: Vec::new(),
            suppressed: 0,
            mapped: HashSet::new(),
            alternates: HashMap::new(),
            days: BTreeMap::new(),
            lastmods: 0,
            locs: 0,
            pages: 0,
            left_out: Vec::new(),
            warnings: Vec::new(),
        })
    }

    /// Adds the checks of the site's own configuration that `validate
    /// --site` runs (a job's check after writing leaves them out: the
    /// scan said them already).
    pub(crate) fn with_config_checks(mut self) -> SiteCheck {
        self.warnings.extend(self.site_url_warning());
        self
    }

    /// The warning for a base URL that leaves out the folder an mdBook
    /// book beside the site folder serves itself under (its
    /// `output.html.site-url`): the scan's rule
    /// ([`site_url_missing`](crate::settings::base_url_check::site_url_missing)),
    /// so `validate --site book` says what `mdbook build` said.
    fn site_url_warning(&self) -> Option<sitemap_core::Diagnostic> {
        let (site_url, book_toml) = crate::scan::site_config::book_site_url(&self.dir)?;
        let from = self.base_from.words();
        let message = crate::settings::base_url_check::site_url_missing(
            &site_url,
            &self.base,
            &format!("base URL {} ({from})", self.base),
        )?;
        Some(
            sitemap_core::Diagnostic::warning(message)
                .in_file(book_toml)
                .with_key("output.html.site-url"),
        )
    }

    /// The URLs the job left out on purpose, so their built pages are
    /// not reported as missing.
    pub(crate) fn with_left_out(mut self, left_out: Vec<Loc>) -> SiteCheck {
        self.left_out = left_out;
        self
    }

    /// The base URL the checks use.
    pub fn base(&self) -> &Loc {
        &self.base
    }

    /// The site folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn push(&mut self, e: &Entry, severity: Severity, message: String) {
        if self.found.len() >= MAX_SITE_DIAGNOSTICS {
            self.suppressed += 1;
            return;
        }
        self.found
            .push(Diagnostic::new(e.line, e.column, severity, message));
    }

    /// The base URL with the other of http and https.
    fn other_scheme(&self) -> Option<Loc> {
        let base = self.base.as_str();
        let other = match base.strip_prefix("https://") {
            Some(rest) => format!("http://{rest}"),
            None => format!("https://{}", base.strip_prefix("http://")?),
        };
        Loc::parse(&other).ok()
    }

    /// Checks one entry of the sitemap that will be result number `file`.
    pub fn entry(&mut self, file: usize, e: Entry) {
        self.locs += 1;
        match self.map(&e.loc) {
            // A warning: the location rule already makes it an error
            // (the base URL is the sitemap's location, or above it).
            Mapped::Outside => {
                let msg = match self.other_scheme().filter(|other| e.loc.is_under(other)) {
                    // `--base-url http://…` for a set of https locs: the
                    // base URL is what is wrong, not the sitemap.
                    Some(other) => format!(
                        "{} is outside the base URL {} ({}) only by its scheme, so no file of {} answers for it: not checked against the site; did you mean {other}?",
                        e.loc,
                        self.base,
                        self.base_from.words(),
                        self.shown
                    ),
                    None => format!(
                        "{} is outside the base URL {}, so no file of {} answers for it: not checked against the site",
                        e.loc, self.base, self.shown
                    ),
                };
                self.push(&e, Severity::Warning, msg);
            }
            Mapped::Missing(looked) => {
                let msg = format!(
                    "{} has no file in {}: looked for {}; build the page or drop the loc",
                    e.loc,
                    self.shown,
                    self.list(&looked)
                );
                self.push(&e, Severity::Error, msg);
            }
            Mapped::File(rel) => {
                self.pages += 1;
                if is_html(&rel) {
                    self.page(&e, &rel);
                }
                self.mapped.insert(rel);
            }
        }
        for image in &e.images {
            if !image.is_under(&self.base) {
                // Another host's image (a CDN): not a file of this site.
                continue;
            }
            if let Some(rel) = self.rel_path(image)
                && !self.dir.join(&rel).is_file()
            {
                let msg = format!(
                    "<image:loc> {image} of {} has no file in {}: looked for {}{rel}",
                    e.loc, self.shown, self.shown
                );
                self.push(&e, Severity::Error, msg);
            }
        }
        if let Some(lastmod) = &e.lastmod {
            if self.future.as_ref().is_some_and(|f| lastmod > f) {
                let msg = format!(
                    "lastmod `{lastmod}` of {} is in the future (more than a day after now); a lastmod says when the page last changed",
                    e.loc
                );
                self.push(&e, Severity::Error, msg);
            }
            if matches!(
                lastmod.precision(),
                sitemap_core::Precision::Day | sitemap_core::Precision::Time(_)
            ) {
                self.lastmods += 1;
                let day = lastmod.to_xsd_string()[..10].to_owned();
                self.days
                    .entry(day)
                    .and_modify(|d| d.0 += 1)
                    .or_insert((1, file, e.line, e.column));
            }
        }
        if !e.alternates.is_empty() {
            self.alternates.insert(
                e.loc.clone(),
                WithAlternates {
                    file,
                    line: e.line,
                    column: e.column,
                    alternates: e.alternates,
                },
            );
        }
    }

    /// Whether `scan --html` lists the page at `loc`, whose canonical is
    /// `canonical`, under its own URL: the canonical names no file of the
    /// site (a stale one: its target would be a 404), or a page whose
    /// canonical chain comes back to `loc` (a cycle, of which the scan
    /// lists one page; either is accepted here).
    fn listed_despite_canonical(&mut self, loc: &Loc, canonical: &Loc) -> bool {
        let mut seen = HashSet::new();
        let mut at = canonical.clone();
        loop {
            let file = match self.map(&at) {
                // Only the page's own canonical: one further down a chain
                // is that page's fault, reported where it is listed.
                Mapped::Missing(_) => return seen.is_empty(),
                Mapped::Outside => return false,
                Mapped::File(file) => file,
            };
            if !seen.insert(file.clone()) {
                return false;
            }
            let PageRead::Page(head) = self.reader.read(&self.dir.join(&file), &file, &at) else {
                return false;
            };
            match head.indexing {
                Indexing::CanonicalElsewhere { canonical: next } if &next == loc => return true,
                Indexing::CanonicalElsewhere { canonical: next } => at = next,
                _ => return false,
            }
        }
    }

    /// Checks the page a loc names.
    fn page(&mut self, e: &Entry, rel: &str) {
        let path = self.dir.join(rel);
        let file = format!("{}{rel}", self.shown);
        let (severity, msg) = match self.reader.read(&path, rel, &e.loc) {
            PageRead::Page(head) => match head.indexing {
                Indexing::Indexable => return,
                Indexing::Noindex { meta_name } => (
                    Severity::Error,
                    format!(
                        "{} is {file}, which says noindex (<meta name=\"{meta_name}\">); Search Console reports a listed noindex page as an error: drop the loc or the noindex",
                        e.loc
                    ),
                ),
                // A warning, as for a canonical elsewhere: search engines
                // follow an instant refresh as a redirect and index its
                // target (Search Console: "Page with redirect", an
                // exclusion, not an error), and generators list such
                // pages themselves (Hugo lists a theme page whose layout
                // renders a refresh), so a sitemap they or the scan of
                // the sources wrote is not an error for it.
                Indexing::RedirectStub { target } => (
                    Severity::Warning,
                    format!(
                        "{} is {file}, a redirect stub to {target} (<meta http-equiv=\"refresh\">); search engines index the target instead (\"Page with redirect\"): list {target} instead",
                        e.loc
                    ),
                ),
                // A warning, not an error: nothing is lost, since search
                // engines index the canonical URL instead (Search Console
                // files it under "Alternate page with proper canonical
                // tag", an exclusion, not an error); the sitemap only
                // sends a signal that contradicts the page's own.
                Indexing::CanonicalElsewhere { canonical } => {
                    if self.listed_despite_canonical(&e.loc, &canonical) {
                        return;
                    }
                    // A canonical outside the base URL, on a page the set
                    // lists under it, is most often a build made for
                    // another base URL (a staging host): listing the
                    // canonical would list the staging site.
                    if !canonical.is_under(&self.base) {
                        (
                            Severity::Warning,
                            format!(
                                "{} is {file}, whose canonical URL {canonical} lies outside the base URL {} ({}): the page was built for another base URL (a staging or preview build?); build the site again for {}, then validate",
                                e.loc,
                                self.base,
                                self.base_from.words(),
                                self.base
                            ),
                        )
                    } else {
                        (
                            Severity::Warning,
                            format!(
                                "{} is {file}, whose canonical URL is {canonical}; search engines index that URL instead (\"Alternate page with proper canonical tag\"): list {canonical} instead",
                                e.loc
                            ),
                        )
                    }
                }
                // Search engines fetch it with status 200 at this URL and
                // report a soft 404; no generator lists it.
                Indexing::NotFoundPage => (
                    Severity::Error,
                    format!(
                        "{} is {file}, the not-found page hosts serve for missing URLs, not a page: drop the loc",
                        e.loc
                    ),
                ),
                // A warning: it serves, and Search Console reports no
                // error for it, but it has no content and MkDocs leaves it
                // out; Google asks sites to keep search result pages out
                // of its index.
                Indexing::SearchPage => (
                    Severity::Warning,
                    format!(
                        "{} is {file}, the search page MkDocs renders from its theme (a form whose results a script fills; MkDocs' own sitemap leaves it out), not a page of content: drop the loc",
                        e.loc
                    ),
                ),
                // Harmless to a search engine, but no page of the site:
                // the scan never lists it.
                Indexing::OwnOutput => (
                    Severity::Warning,
                    format!(
                        "{} is {file}, the sitemap.html this toolkit writes for visitors, not a page of the site: drop the loc",
                        e.loc
                    ),
                ),
                // A rule sitemap-html adds later is not silently passed.
                other => (
                    Severity::Error,
                    format!(
                        "{} is {file}, which the HTML scan does not list: {other:?}",
                        e.loc
                    ),
                ),
            },
            PageRead::Binary { at } => (
                Severity::Error,
                format!(
                    "{} is {file}, which is not an HTML page (NUL byte at offset {at})",
                    e.loc
                ),
            ),
            PageRead::Template { opening } => (
                Severity::Error,
                format!(
                    "{} is {file}, which is unrendered template source (it starts with `{opening}`), not a page: drop it from the sitemap, or keep the template out of the built site",
                    e.loc
                ),
            ),
            PageRead::Unreadable(err) => (
                Severity::Error,
                format!("{} is {file}, which cannot be read: {err}", e.loc),
            ),
            _ => return,
        };
        self.push(e, severity, msg);
    }

    /// An index's child: it must be a file of DIR.
    pub fn index_child(&mut self, loc: &Loc, line: u64, column: u64) -> Option<Diagnostic> {
        let message = match self.map_exact(loc) {
            Mapped::File(_) => return None,
            Mapped::Outside => format!(
                "{loc} is outside the base URL {}, so it is no file of {}",
                self.base, self.shown
            ),
            Mapped::Missing(looked) => format!(
                "sitemap {loc} has no file in {}: looked for {}; write it, or drop it from the index",
                self.shown,
                self.list(&looked)
            ),
        };
        Some(Diagnostic::new(line, column, Severity::Error, message))
    }

    /// The findings for the file just read, and how many were left out.
    pub fn take_found(&mut self) -> (Vec<Diagnostic>, u64) {
        (
            std::mem::take(&mut self.found),
            std::mem::take(&mut self.suppressed),
        )
    }

    /// Forgets what was kept of result number `file` (it could not be read
    /// to the end, and the number goes to the next file).
    pub fn forget(&mut self, file: usize) {
        self.found.clear();
        self.suppressed = 0;
        self.alternates.retain(|_, w| w.file != file);
        self.days.retain(|_, d| d.1 != file);
    }
}
