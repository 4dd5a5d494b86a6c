//! Sitemaps on disk, ours or not, checked as a set: the job behind
//! `sitemap validate PATH...` ([`Validation`]).
//!
//! Files (`.xml`, `.xml.gz`, `.txt`, `robots.txt`) are checked as given;
//! folders are searched for `sitemap*.xml`, `sitemap*.xml.gz`,
//! `sitemap*.txt` and `robots.txt`. The sitemaps an index (or a
//! robots.txt) lists are looked for on disk beside it and checked too,
//! each with its own URL as its location; a robots.txt line for another
//! host is never mapped to a local file, and an index that lists itself
//! (directly or through others) is an error naming the chain. Only
//! regular files are opened: a FIFO or device is reported and skipped.
//! With a site folder the set is also checked against the built pages
//! it describes (the [`SiteCheck`], fed entry by entry while each file
//! streams), a page the site's sources leave out on purpose (a draft,
//! `sitemap.disable`, a URL pattern: the scan's rules, through the same
//! gate, `site_check/on_purpose.rs`) being no page missing from it. Every listed URL is held to a robots.txt (given, else the
//! site folder's): one it disallows for Googlebot is an error naming the
//! rule. Map: this file walks the set depth first; `files.rs` finds,
//! opens and maps the files and names index cycles; `robots.rs` holds
//! the listed URLs to robots.txt; `leftover.rs` names the sitemaps Hugo
//! left beside the set; `no_sitemap.rs` says a site folder has none.

use std::collections::HashSet;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use serde::Serialize;
use sitemap_core::validate::{
    self as core_validate, Diagnostic, DocumentKind, Format, Options, Report, Severity,
};
use sitemap_core::{Limits, Loc};

use crate::check::site_check::{SiteCheck, SiteSummary, show};
use crate::error::Error;

mod files;
mod leftover;
mod no_sitemap;
mod robots;

use files::{
    cycle, find_sitemaps, foreign_origin, infer_location, local_child, open_regular,
    other_site_on_disk,
};
use robots::RobotsCheck;

/// What to check: the paths given, and how (see the module docs).
///
/// ```
/// use sitemap_engine::Validation;
///
/// let dir = tempfile::tempdir()?;
/// std::fs::write(
///     dir.path().join("sitemap.xml"),
///     r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.org/</loc></url></urlset>"#,
/// )?;
/// let found = Validation::new(vec![dir.path().to_owned()]).run()?;
/// assert_eq!(found.files.len(), 1);
/// assert!(found.files[0].report.is_valid());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "a validation does nothing until it is run"]
pub struct Validation {
    paths: Vec<PathBuf>,
    site: Option<PathBuf>,
    location: Option<Loc>,
    base_url: Option<Loc>,
    limits: Limits,
    robots: Option<PathBuf>,
}

/// One file checked.
#[derive(Debug, Serialize)]
#[non_exhaustive]
pub struct FileResult {
    /// The file, as printed (`/`-separated).
    pub path: String,
    /// The URL it was checked as being served at, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// `file:line:col` of the index entry that lists it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listed_by: Option<String>,
    /// What the validator (and the site check) found.
    #[serde(flatten)]
    pub report: Report,
    /// The file's canonical path, to find index cycles.
    #[serde(skip)]
    key: PathBuf,
    /// The result that lists this one.
    #[serde(skip)]
    parent: Option<usize>,
}

/// A file that could not be read (or a folder with nothing to check).
#[derive(Debug, Serialize)]
#[non_exhaustive]
pub struct ReadError {
    /// The file or folder, as printed.
    pub path: String,
    /// Why.
    pub message: String,
}

/// What a [`Validation`] found, files in the order checked (an index's
/// children right after it).
#[derive(Debug)]
#[non_exhaustive]
pub struct Validated {
    /// The files checked.
    pub files: Vec<FileResult>,
    /// The files that could not be read.
    pub unreadable: Vec<ReadError>,
    /// The site check's summary, with a site folder.
    pub site: Option<SiteSummary>,
}

/// One file to check, and why.
struct Pending {
    path: PathBuf,
    location: Option<Loc>,
    /// The index (result number, line, column) that lists this file.
    listed_by: Option<(usize, u64, u64)>,
    /// A sitemap Hugo left beside the set ([`leftover`]).
    leftover: bool,
}

impl Validation {
    /// Checks `paths` (files or folders), under the protocol's limits.
    pub fn new(paths: Vec<PathBuf>) -> Validation {
        Validation {
            paths,
            site: None,
            robots: None,
            location: None,
            base_url: None,
            limits: Limits::SITEMAPS_ORG,
        }
    }

    /// Also checks the set against the built site in `dir`; with no
    /// paths, the set is the sitemaps found there.
    pub fn with_site(mut self, dir: Option<PathBuf>) -> Validation {
        self.site = dir;
        self
    }

    /// The URL the one file given is served at (the location rule).
    pub fn with_location(mut self, location: Option<Loc>) -> Validation {
        self.location = location;
        self
    }

    /// The site's base URL: each file's URL is its path under the folder
    /// given (or beside the file given) joined to it.
    pub fn with_base_url(mut self, base_url: Option<Loc>) -> Validation {
        self.base_url = base_url;
        self
    }

    /// The limits each file is held to.
    pub fn with_limits(mut self, limits: Limits) -> Validation {
        self.limits = limits;
        self
    }

    /// Holds every listed URL to this robots.txt (default: the site
    /// folder's, when there is one): each URL it disallows for Googlebot
    /// is an error naming the rule.
    pub fn with_robots(mut self, file: Option<PathBuf>) -> Validation {
        self.robots = file;
        self
    }

    /// Checks every file, following indexes and robots.txt lines to the
    /// files they list. A file that cannot be read is in
    /// [`Validated::unreadable`]; a folder that cannot be listed or a site
    /// folder that cannot be checked is an error.
    pub fn run(&self) -> Result<Validated, Error> {
        let paths: &[PathBuf] = match &self.site {
            Some(dir) if self.paths.is_empty() => std::slice::from_ref(dir),
            _ => &self.paths,
        };
        let site = match &self.site {
            Some(dir) => {
                let mut sitemaps = Vec::new();
                for p in paths {
                    if p.is_dir() {
                        let found = list(p)?;
                        // The site folder alone: no set in it is said
                        // first, before the site check asks for a base
                        // URL it would take from the set.
                        if self.paths.is_empty() {
                            no_sitemap::check(p, &found)?;
                        }
                        let leftovers = leftover::hugo_leftovers(p, &found);
                        sitemaps.extend(found.into_iter().filter(|f| !leftovers.contains(f)));
                    } else {
                        sitemaps.push(p.clone());
                    }
                }
                // What the site's sources leave out on purpose is no page
                // missing from the sitemap.
                let left_out = crate::check::site_check::on_purpose::left_out(dir);
                Some(
                    SiteCheck::new(dir, self.base_url.clone(), &sitemaps)?
                        .with_config_checks()
                        .with_left_out(left_out),
                )
            }
            None => None,
        };
        let base_url = site
            .as_ref()
            .map(|s| s.base().clone())
            .or(self.base_url.clone());
        let robots = RobotsCheck::open(self.robots.as_deref(), self.site.as_deref())?;
        let mut walk = Walk {
            roots: paths,
            robots,
            base_url,
            limits: self.limits,
            site,
            files: Vec::new(),
            unreadable: Vec::new(),
            seen: HashSet::new(),
        };
        let mut pending = walk.given(paths, self.location.as_ref())?;
        // Depth first, so an index's children follow it in the output.
        pending.reverse();
        while let Some(job) = pending.pop() {
            pending.extend(walk.visit(job).into_iter().rev());
        }
        walk.finish()
    }
}

/// The sitemaps of a folder given, or why it cannot be listed.
fn list(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    find_sitemaps(dir).map_err(|e| Error::Job {
        message: format!("cannot list {}: {}", dir.display(), chain(&e)),
        hint: "give a folder that can be read".to_owned(),
    })
}

/// An error and its causes, `: `-separated (as `{:#}` of `anyhow` shows
/// them, so a message reads the same wherever it is printed).
fn chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cause = c.source();
    }
    s
}

/// The walk over the set: what is checked so far.
struct Walk<'a> {
    /// The paths given, to resolve a listed sitemap from the site root.
    roots: &'a [PathBuf],
    base_url: Option<Loc>,
    limits: Limits,
    site: Option<SiteCheck>,
    /// The robots.txt every listed URL is held to.
    robots: Option<RobotsCheck>,
    files: Vec<FileResult>,
    unreadable: Vec<ReadError>,
    /// Canonical paths checked already.
    seen: HashSet<PathBuf>,
}

impl Walk<'_> {
    /// The files given: each file as is, each folder's sitemaps.
    fn given(&mut self, paths: &[PathBuf], location: Option<&Loc>) -> Result<Vec<Pending>, Error> {
        let mut jobs = Vec::new();
        for path in paths {
            if path.is_dir() {
                let found = list(path)?;
                if found.is_empty() {
                    self.unreadable.push(ReadError {
                        path: show(path),
                        message: "no sitemap*.xml, sitemap*.xml.gz, sitemap*.txt or robots.txt in this directory".into(),
                    });
                }
                let leftovers = leftover::hugo_leftovers(path, &found);
                for file in found {
                    let location = infer_location(self.base_url.as_ref(), path, &file);
                    jobs.push(Pending {
                        leftover: leftovers.contains(&file),
                        path: file,
                        location,
                        listed_by: None,
                    });
                }
            } else {
                // A sitemap of the site sits at its path under the site folder.
                let root = match &self.site {
                    Some(s) if path.starts_with(s.dir()) => s.dir(),
                    _ => path.parent().unwrap_or(Path::new("")),
                };
                let location = location
                    .cloned()
                    .or_else(|| infer_location(self.base_url.as_ref(), root, path));
                jobs.push(Pending {
                    path: path.clone(),
                    location,
                    listed_by: None,
                    leftover: false,
                });
            }
        }
        Ok(jobs)
    }

    /// Checks one file (unless checked already) and returns the files it
    /// lists that are on disk, in their order.
    fn visit(&mut self, job: Pending) -> Vec<Pending> {
        let key = std::fs::canonicalize(&job.path).unwrap_or_else(|_| job.path.clone());
        if !self.seen.insert(key.clone()) {
            // Checked already; an error only when the file lists itself,
            // directly or through the indexes that led here.
            if let Some((parent, line, column)) = job.listed_by
                && let Some(message) = cycle(&self.files, parent, &key)
            {
                self.files[parent].report.diagnostics.push(Diagnostic::new(
                    line,
                    column,
                    Severity::Error,
                    message,
                ));
            }
            return Vec::new();
        }
        let this = self.files.len();
        // A leftover is read for what it is, and neither held to the
        // location rule nor counted in the site's set.
        let (location, site, robots) = match job.leftover {
            true => (None, None, None),
            false => (
                job.location.clone(),
                self.site.as_mut(),
                self.robots.as_ref(),
            ),
        };
        let report = match check(&job.path, &location, self.limits, site, robots, this) {
            Ok(mut report) if job.leftover => {
                report.diagnostics =
                    vec![Diagnostic::new(1, 1, Severity::Error, leftover::message())];
                report.children.clear();
                report
            }
            Ok(report) => report,
            Err(message) => {
                if let Some(site) = self.site.as_mut() {
                    site.forget(this);
                }
                self.unreadable.push(ReadError {
                    path: show(&job.path),
                    message,
                });
                return Vec::new();
            }
        };
        if let Some((parent, line, column)) = job.listed_by
            && report.kind == DocumentKind::Sitemapindex
            && self.files[parent].report.kind == DocumentKind::Sitemapindex
        {
            self.files[parent].report.diagnostics.push(Diagnostic::new(
                line,
                column,
                Severity::Error,
                format!(
                    "an index must not list another index: {} is a <sitemapindex>",
                    show(&job.path)
                ),
            ));
        }
        let (children, missing) = self.children(&job, &report, this);
        let listed_by = job
            .listed_by
            .map(|(p, line, col)| format!("{}:{line}:{col}", self.files[p].path));
        let mut result = FileResult {
            path: show(&job.path),
            location: job.location.as_ref().map(ToString::to_string),
            listed_by,
            report,
            key,
            parent: job.listed_by.map(|(p, _, _)| p),
        };
        result.report.diagnostics.extend(missing);
        result
            .report
            .diagnostics
            .sort_by_key(|d| (d.line, d.column));
        self.files.push(result);
        children
    }

    /// The files `report` (result number `this`) lists that are on disk
    /// to check next, and a warning for each listed one that is not
    /// checked (another host, not on disk, not the site's file).
    fn children(
        &mut self,
        job: &Pending,
        report: &Report,
        this: usize,
    ) -> (Vec<Pending>, Vec<Diagnostic>) {
        let mut children = Vec::new();
        let mut missing = Vec::new();
        for child in &report.children {
            if let Some(origin) = foreign_origin(job, report, &child.loc) {
                missing.push(Diagnostic::new(
                    child.line,
                    child.column,
                    Severity::Warning,
                    format!(
                        "`{}` not checked: another host (this site is `{origin}`)",
                        child.loc
                    ),
                ));
                continue;
            }
            // With the site known, an index's child must be its file.
            if let Some(site) = self.site.as_mut()
                && report.kind == DocumentKind::Sitemapindex
                && let Some(d) = site.index_child(&child.loc, child.line, child.column)
            {
                missing.push(d);
                continue;
            }
            match local_child(job, self.base_url.as_ref(), self.roots, &child.loc) {
                // Anything that is there but a folder is checked, so a FIFO
                // or device is reported as one rather than as missing.
                Some(path) if path.exists() && !path.is_dir() => {
                    if job.location.is_none()
                        && let Some(origin) = other_site_on_disk(&path, &child.loc)
                    {
                        missing.push(Diagnostic::new(
                            child.line,
                            child.column,
                            Severity::Warning,
                            format!(
                                "`{}` not checked: another host (the local {} lists URLs of `{origin}`)",
                                child.loc,
                                show(&path)
                            ),
                        ));
                        continue;
                    }
                    children.push(Pending {
                        path,
                        location: Some(child.loc.clone()),
                        listed_by: Some((this, child.line, child.column)),
                        leftover: false,
                    })
                }
                Some(path) => missing.push(Diagnostic::new(
                    child.line,
                    child.column,
                    Severity::Warning,
                    format!(
                        "{} is not on disk at {}; it was not checked",
                        child.loc,
                        show(&path)
                    ),
                )),
                None => {}
            }
        }
        (children, missing)
    }

    /// The site check's findings over the whole set, then every file's
    /// findings in line order.
    fn finish(mut self) -> Result<Validated, Error> {
        let site = match self.site {
            Some(site) => {
                let (found, summary) = site.finish()?;
                for (i, d) in found {
                    self.files[i].report.diagnostics.push(d);
                }
                Some(summary)
            }
            None => None,
        };
        // Diagnostics added to an index after its children were read belong
        // in line order too.
        for r in &mut self.files {
            r.report.diagnostics.sort_by_key(|d| (d.line, d.column));
        }
        Ok(Validated {
            files: self.files,
            unreadable: self.unreadable,
            site,
        })
    }
}

/// Reads and checks one file (result number `this`), and its entries
/// against the site when there is one.
fn check(
    path: &Path,
    location: &Option<Loc>,
    limits: Limits,
    mut site: Option<&mut SiteCheck>,
    robots: Option<&RobotsCheck>,
    this: usize,
) -> Result<Report, String> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let format = if name == "robots.txt" {
        Format::Robots
    } else if name.ends_with(".txt") || name.ends_with(".txt.gz") {
        Format::Text
    } else if name.ends_with(".xml") || name.ends_with(".xml.gz") {
        Format::Xml
    } else {
        Format::Auto
    };
    let file = open_regular(path)?;
    let mut options = Options::default().with_limits(limits).with_format(format);
    if let Some(loc) = location {
        options = options.with_location(loc.clone());
    }
    let input = BufReader::with_capacity(64 * 1024, file);
    let unreadable =
        |e: core_validate::ValidateError| format!("cannot read {}: {}", path.display(), chain(&e));
    // robots.txt lists sitemaps, not pages.
    let mut report = if format == Format::Robots || (site.is_none() && robots.is_none()) {
        core_validate::validate(input, &options)
    } else {
        let mut blocked = Vec::new();
        let report = core_validate::validate_with(input, &options, &mut |e| {
            if let Some(d) = robots.and_then(|r| r.check(&e)) {
                blocked.push(d);
            }
            if let Some(site) = site.as_deref_mut() {
                site.entry(this, e);
            }
        });
        report.map(|mut r| {
            r.diagnostics.extend(blocked);
            r
        })
    }
    .map_err(unreadable)?;
    if let Some(site) = site {
        let (found, suppressed) = site.take_found();
        report.diagnostics.extend(found);
        report.suppressed += suppressed;
    }
    Ok(report)
}
