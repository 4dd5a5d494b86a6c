//! The `check-site` setting: after a job publishes its set, the same
//! checks as `sitemap validate --site` run over the files it just wrote
//! and the folder they sit in ([`check_written`]).
//!
//! The set's files are known (the job wrote them), so nothing is
//! searched for and no index is followed: each file is read once, with
//! its own URL as its location. A folder that holds no HTML page yet (a
//! build script's output, written before the site is built) has nothing
//! to check the locs against: the check then says so in a warning and
//! checks the sitemaps alone, rather than failing every loc.

use std::io::BufReader;
use std::path::{Path, PathBuf};

use sitemap_core::diagnostic::{Name, shown};
use sitemap_core::validate::{self as core_validate, Diagnostic, DocumentKind, Options, Report};
use sitemap_core::{Limits, Loc, SetReport};

use super::{SiteCheck, SiteSummary, show};
use crate::error::Error;

/// What the check found: per file its report (the validator's findings
/// and the site's), and the site's summary.
#[derive(Debug)]
#[non_exhaustive]
pub struct SiteReport {
    /// Each file of the set, in order, with what was found in it.
    pub files: Vec<(PathBuf, Report)>,
    /// The site's summary; `None` when the folder holds no HTML page.
    pub summary: Option<SiteSummary>,
}

impl SiteReport {
    /// Every finding, at its file, line and column.
    pub fn lines(&self) -> Vec<sitemap_core::Diagnostic> {
        self.files
            .iter()
            .flat_map(|(path, r)| r.diagnostics.iter().map(move |d| d.in_file(show(path))))
            .collect()
    }

    /// How many errors: a run with any fails.
    pub fn errors(&self) -> usize {
        self.files
            .iter()
            .map(|(_, r)| r.errors() + r.suppressed as usize)
            .sum()
    }
}

/// Checks the set a job just wrote (`set`) against the folder `dir`
/// published at `base`; `left_out` are the URLs the job left out on
/// purpose, whose built pages are therefore not missing.
pub fn check_written(
    dir: &Path,
    base: &Loc,
    set: &SetReport,
    limits: Limits,
    left_out: Vec<Loc>,
) -> Result<SiteReport, Error> {
    let mut files: Vec<(PathBuf, Loc)> = Vec::new();
    if let Some(index) = &set.index {
        files.push((index.path.clone(), index.loc.clone()));
    }
    files.extend(set.sitemaps.iter().map(|s| (s.path.clone(), s.loc.clone())));
    let paths: Vec<PathBuf> = files.iter().map(|(p, _)| p.clone()).collect();
    let mut site = if has_html(dir) {
        Some(SiteCheck::new(dir, Some(base.clone()), &paths)?.with_left_out(left_out))
    } else {
        None
    };
    let mut out = Vec::new();
    for (this, (path, loc)) in files.into_iter().enumerate() {
        let file = sitemap_core::input::open_regular(&path).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
        let options = Options::default().with_limits(limits).with_location(loc);
        let input = BufReader::with_capacity(64 * 1024, file);
        let read = match site.as_mut() {
            Some(site) => {
                core_validate::validate_with(input, &options, &mut |e| site.entry(this, e))
            }
            None => core_validate::validate(input, &options),
        };
        let mut report = read.map_err(|e| Error::Io {
            path: path.clone(),
            source: std::io::Error::other(e.to_string()),
        })?;
        if let Some(site) = site.as_mut() {
            let (found, suppressed) = site.take_found();
            report.diagnostics.extend(found);
            report.suppressed += suppressed;
            if report.kind == DocumentKind::Sitemapindex {
                let children: Vec<Diagnostic> = report
                    .children
                    .iter()
                    .filter_map(|c| site.index_child(&c.loc, c.line, c.column))
                    .collect();
                report.diagnostics.extend(children);
            }
        }
        out.push((path, report));
    }
    let summary = match site {
        Some(site) => {
            let (found, summary) = site.finish()?;
            for (i, d) in found {
                out[i].1.diagnostics.push(d);
            }
            Some(summary)
        }
        None => None,
    };
    for (_, r) in &mut out {
        r.diagnostics.sort_by_key(|d| (d.line, d.column));
    }
    Ok(SiteReport {
        files: out,
        summary,
    })
}

/// Whether `dir` holds an HTML page anywhere below it.
fn has_html(dir: &Path) -> bool {
    let Ok(read) = std::fs::read_dir(dir) else {
        return false;
    };
    read.flatten().any(|e| {
        let path = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() => has_html(&path),
            Ok(t) if t.is_file() => super::files::is_html(&show(&path)),
            _ => false,
        }
    })
}

/// `check-site = true` after a write: the report's warnings gain the
/// check's warnings; any error fails the run, listing every finding.
pub(crate) fn after_write(
    outputs: &crate::publish::Outputs,
    report: &mut crate::publish::Report,
    left_out: Vec<Loc>,
) -> Result<(), Error> {
    let found = check_written(
        &outputs.set.dir,
        &outputs.set.base_url,
        &report.set,
        outputs.set.limits,
        left_out,
    )?;
    let lines = found.lines();
    if found.errors() > 0 {
        let head = sitemap_core::Diagnostic::error(format!(
            "check-site: the set just written does not match the site in {}:",
            shown::path(&outputs.set.dir)
        ));
        return Err(Error::found(
            std::iter::once(head).chain(lines).collect(),
            "fix what each line names, or set `check-site = false`",
        ));
    }
    report.warnings.extend(lines);
    let warning = sitemap_core::Diagnostic::warning;
    match &found.summary {
        Some(s) if !s.missing_pages.is_empty() => report.warnings.push(warning(format!(
            "check-site: {} indexable page(s) of {} not in the sitemap: {}",
            s.missing_pages.len(),
            Name::new(&s.dir),
            s.missing_pages
                .iter()
                .map(|p| Name::new(p).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        Some(_) => {}
        None => report.warnings.push(warning(format!(
            "check-site: {} holds no HTML page yet, so the sitemaps were checked but not against the site's pages; run `sitemap validate --site` once the site is built",
            shown::path(&outputs.set.dir)
        ))),
    }
    Ok(())
}
