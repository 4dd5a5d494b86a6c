//! `sitemap validate PATH...`: check sitemaps on disk, ours or not.
//!
//! Files (`.xml`, `.xml.gz`, `.txt`, `robots.txt`) are checked as given;
//! directories are searched for `sitemap*.xml`, `sitemap*.xml.gz`,
//! `sitemap*.txt` and `robots.txt`. The sitemaps an index (or a
//! robots.txt) lists are looked for on disk beside it and checked too,
//! each with its own URL as its location; a robots.txt line for another
//! host is never mapped to a local file, and an index that lists itself
//! (directly or through others) is an error naming the chain. Only
//! regular files are opened: a FIFO or device is reported and skipped.
//! With `--site DIR` the set is also checked against the built folder
//! it describes (the engine's [`SiteCheck`]; [`site`] prints its part). Output is
//! `file:line:col: error|warning: message` (or JSON), then a summary.
//! Exit status: 0 valid, 1 invalid (or a site check's error), 2 usage or
//! I/O error.

use std::collections::HashSet;
use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use serde::Serialize;
use sitemap_core::validate::{
    self as core_validate, Diagnostic, DocumentKind, Format, Options, Report, Severity,
};
use sitemap_core::{Limits, Loc};

use sitemap_engine::{SiteCheck, SiteSummary};

mod files;
mod output;
mod site;

pub(crate) use files::show;
use files::{
    cycle, find_sitemaps, foreign_origin, infer_location, local_child, open_regular,
    other_site_on_disk,
};
use output::write_text;

/// Check sitemaps, sitemap indexes and robots.txt files.
#[derive(Args, Debug, Clone)]
pub(crate) struct ValidateArgs {
    /// Sitemaps (.xml, .xml.gz, .txt), sitemap indexes, robots.txt files,
    /// or directories to search for them. With --site, the set's sitemaps
    /// (default: those found in the site folder).
    #[arg(required_unless_present = "site", value_name = "PATH")]
    pub(crate) paths: Vec<PathBuf>,
    /// Also check the set against the built site in DIR: every loc names
    /// a file there (`x/` is `x/index.html`; `x` is `x`, `x.html` or
    /// `x/index.html`), no listed page is noindex, a redirect stub or
    /// canonical elsewhere, index children and local images exist,
    /// hreflang alternates are reciprocal, no lastmod is in the future or
    /// most on one day, and indexable pages left out are counted. The base
    /// URL is --base-url, else read from DIR's robots.txt, else inferred
    /// from the locs.
    #[arg(long, value_name = "DIR")]
    pub(crate) site: Option<PathBuf>,
    /// With --site: list the indexable pages not in the sitemap.
    #[arg(long, short)]
    pub(crate) verbose: bool,
    /// The URL the sitemap is served at: every URL in it must lie under
    /// that URL's folder (the location rule). Needs exactly one PATH, a
    /// file; use --base-url for several.
    #[arg(long, value_name = "URL")]
    pub(crate) location: Option<String>,
    /// The site's base URL: each sitemap's own URL is inferred from where
    /// it sits under the directory given (or beside the file given), and
    /// the location rule checked against it.
    #[arg(long, value_name = "URL")]
    pub(crate) base_url: Option<String>,
    /// The limits to hold each file to: sitemaps-org (50,000 URLs, 50 MB,
    /// 50,000 sitemaps per index) or legacy (10 MB, 1,000 sitemaps per
    /// index).
    #[arg(long, value_enum, default_value_t = LimitsArg::SitemapsOrg)]
    pub(crate) limits: LimitsArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
    pub(crate) format: OutputFormat,
}

/// `--limits`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LimitsArg {
    /// sitemaps.org since 2016.
    SitemapsOrg,
    /// What older consumers still hold.
    Legacy,
}

/// `--format`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OutputFormat {
    /// `file:line:col: severity: message` lines and a summary.
    Text,
    /// One JSON document.
    Json,
}

/// What the run found, mapped to the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Everything valid (warnings allowed): exit 0.
    Valid,
    /// At least one error in a file: exit 1.
    Invalid,
    /// A file could not be read, or nothing to check: exit 2.
    Failed,
}

impl From<Outcome> for ExitCode {
    fn from(o: Outcome) -> ExitCode {
        ExitCode::from(match o {
            Outcome::Valid => 0,
            Outcome::Invalid => 1,
            Outcome::Failed => 2,
        })
    }
}

/// Runs the subcommand, printing to stdout. A usage or I/O problem is
/// printed to stderr and gives exit status 2 (not anyhow's 1, which means
/// "invalid" here).
pub(crate) fn run(args: ValidateArgs) -> Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match run_to(&args, &mut out) {
        Ok(outcome) => Ok(outcome.into()),
        Err(e) => {
            eprintln!("error: {e:#}");
            Ok(Outcome::Failed.into())
        }
    }
}

/// One file to check, and why.
struct Job {
    path: PathBuf,
    location: Option<Loc>,
    /// The index (result number, line, column) that lists this file.
    listed_by: Option<(usize, u64, u64)>,
}

#[derive(Serialize)]
struct FileResult {
    path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    location: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    listed_by: Option<String>,
    #[serde(flatten)]
    report: Report,
    /// The file's canonical path, to find index cycles.
    #[serde(skip)]
    key: PathBuf,
    /// The result that lists this one.
    #[serde(skip)]
    parent: Option<usize>,
}

#[derive(Serialize)]
struct ReadError {
    path: String,
    message: String,
}

#[derive(Serialize)]
struct Summary {
    files: usize,
    valid: usize,
    invalid: usize,
    errors: usize,
    warnings: usize,
    unreadable: usize,
}

#[derive(Serialize)]
struct JsonOutput<'a> {
    files: &'a [FileResult],
    unreadable: &'a [ReadError],
    #[serde(skip_serializing_if = "Option::is_none")]
    site: Option<&'a SiteSummary>,
    summary: Summary,
}

/// Runs the subcommand, writing what it finds to `out`.
pub(crate) fn run_to(args: &ValidateArgs, out: &mut impl Write) -> Result<Outcome> {
    let limits = match args.limits {
        LimitsArg::SitemapsOrg => Limits::SITEMAPS_ORG,
        LimitsArg::Legacy => Limits::LEGACY,
    };
    let base_url = args
        .base_url
        .as_deref()
        .map(|u| Loc::parse(u).with_context(|| format!("--base-url `{u}`")))
        .transpose()?
        .map(|b| {
            if b.as_str().ends_with('/') {
                b
            } else {
                b.folder()
            }
        });
    let location = args
        .location
        .as_deref()
        .map(|u| Loc::parse(u).with_context(|| format!("--location `{u}`")))
        .transpose()?;
    let site_paths;
    let paths: &[PathBuf] = match &args.site {
        Some(dir) if args.paths.is_empty() => {
            site_paths = [dir.clone()];
            &site_paths
        }
        _ => &args.paths,
    };
    if location.is_some() && args.site.is_some() {
        bail!(
            "--location and --site do not go together: with --site, each sitemap's URL is the base URL and its path under DIR (give --base-url)"
        );
    }
    let mut site = match &args.site {
        Some(dir) => {
            let mut sitemaps = Vec::new();
            for p in paths {
                if p.is_dir() {
                    sitemaps.extend(
                        find_sitemaps(p).with_context(|| format!("cannot list {}", p.display()))?,
                    );
                } else {
                    sitemaps.push(p.clone());
                }
            }
            Some(SiteCheck::new(dir, base_url.clone(), &sitemaps)?)
        }
        None => None,
    };
    let base_url = site.as_ref().map(|s| s.base().clone()).or(base_url);
    if location.is_some() && (args.paths.len() != 1 || args.paths[0].is_dir()) {
        bail!(
            "--location names one sitemap's URL: give exactly one PATH, a file (use --base-url for directories or several files)"
        );
    }

    let mut jobs = Vec::new();
    let mut unreadable = Vec::new();
    for path in paths {
        if path.is_dir() {
            let found =
                find_sitemaps(path).with_context(|| format!("cannot list {}", path.display()))?;
            if found.is_empty() {
                unreadable.push(ReadError {
                    path: show(path),
                    message: "no sitemap*.xml, sitemap*.xml.gz, sitemap*.txt or robots.txt in this directory".into(),
                });
            }
            for file in found {
                let location = infer_location(base_url.as_ref(), path, &file);
                jobs.push(Job {
                    path: file,
                    location,
                    listed_by: None,
                });
            }
        } else {
            // A sitemap of the site sits at its path under the site folder.
            let root = match &site {
                Some(s) if path.starts_with(s.dir()) => s.dir(),
                _ => path.parent().unwrap_or(Path::new("")),
            };
            let location = location
                .clone()
                .or_else(|| infer_location(base_url.as_ref(), root, path));
            jobs.push(Job {
                path: path.clone(),
                location,
                listed_by: None,
            });
        }
    }

    let mut results: Vec<FileResult> = Vec::new();
    let mut seen = HashSet::new();
    // Depth first, so an index's children follow it in the output.
    jobs.reverse();
    while let Some(job) = jobs.pop() {
        let key = std::fs::canonicalize(&job.path).unwrap_or_else(|_| job.path.clone());
        if !seen.insert(key.clone()) {
            // Checked already; an error only when the file lists itself,
            // directly or through the indexes that led here.
            if let Some((parent, line, column)) = job.listed_by
                && let Some(message) = cycle(&results, parent, &key)
            {
                results[parent].report.diagnostics.push(Diagnostic::new(
                    line,
                    column,
                    Severity::Error,
                    message,
                ));
            }
            continue;
        }
        let this = results.len();
        let report = match check(&job.path, &job.location, limits, site.as_mut(), this) {
            Ok(report) => report,
            Err(e) => {
                if let Some(site) = site.as_mut() {
                    site.forget(this);
                }
                unreadable.push(ReadError {
                    path: show(&job.path),
                    message: format!("{e:#}"),
                });
                continue;
            }
        };
        if let Some((parent, line, column)) = job.listed_by
            && report.kind == DocumentKind::Sitemapindex
            && results[parent].report.kind == DocumentKind::Sitemapindex
        {
            results[parent].report.diagnostics.push(Diagnostic::new(
                line,
                column,
                Severity::Error,
                format!(
                    "an index must not list another index: {} is a <sitemapindex>",
                    show(&job.path)
                ),
            ));
        }
        let mut children = Vec::new();
        let mut missing = Vec::new();
        for child in &report.children {
            if let Some(origin) = foreign_origin(&job, &report, &child.loc) {
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
            if let Some(site) = site.as_mut()
                && report.kind == DocumentKind::Sitemapindex
                && let Some(d) = site.index_child(&child.loc, child.line, child.column)
            {
                missing.push(d);
                continue;
            }
            match local_child(&job, base_url.as_ref(), paths, &child.loc) {
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
                    children.push(Job {
                        path,
                        location: Some(child.loc.clone()),
                        listed_by: Some((this, child.line, child.column)),
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
        let listed_by = job
            .listed_by
            .map(|(p, line, col)| format!("{}:{line}:{col}", results[p].path));
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
        results.push(result);
        for child in children.into_iter().rev() {
            jobs.push(child);
        }
    }
    let site_summary = match site {
        Some(site) => {
            let (found, summary) = site.finish()?;
            for (i, d) in found {
                results[i].report.diagnostics.push(d);
            }
            Some(summary)
        }
        None => None,
    };
    // Diagnostics added to an index after its children were read belong
    // in line order too.
    for r in &mut results {
        r.report.diagnostics.sort_by_key(|d| (d.line, d.column));
    }

    let summary = Summary {
        files: results.len(),
        valid: results.iter().filter(|r| r.report.is_valid()).count(),
        invalid: results.iter().filter(|r| !r.report.is_valid()).count(),
        errors: results
            .iter()
            .map(|r| r.report.errors() + r.report.suppressed as usize)
            .sum(),
        warnings: results.iter().map(|r| r.report.warnings()).sum::<usize>()
            + site_summary
                .as_ref()
                .map_or(0, |s| usize::from(!s.missing_pages.is_empty())),
        unreadable: unreadable.len(),
    };
    let outcome = if !unreadable.is_empty() {
        Outcome::Failed
    } else if summary.invalid > 0 {
        Outcome::Invalid
    } else {
        Outcome::Valid
    };
    match args.format {
        OutputFormat::Json => {
            let doc = JsonOutput {
                files: &results,
                unreadable: &unreadable,
                site: site_summary.as_ref(),
                summary,
            };
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)?;
        }
        OutputFormat::Text => write_text(
            out,
            &results,
            &unreadable,
            site_summary.as_ref(),
            args.verbose,
            &summary,
        )?,
    }
    Ok(outcome)
}

/// Reads and checks one file (result number `this`), and its entries
/// against the site when there is one.
fn check(
    path: &Path,
    location: &Option<Loc>,
    limits: Limits,
    site: Option<&mut SiteCheck>,
    this: usize,
) -> Result<Report> {
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
    let Some(site) = site else {
        return core_validate::validate(input, &options)
            .with_context(|| format!("cannot read {}", path.display()));
    };
    // robots.txt lists sitemaps, not pages.
    let mut report = if format == Format::Robots {
        core_validate::validate(input, &options)
    } else {
        core_validate::validate_with(input, &options, &mut |e| site.entry(this, e))
    }
    .with_context(|| format!("cannot read {}", path.display()))?;
    let (found, suppressed) = site.take_found();
    report.diagnostics.extend(found);
    report.suppressed += suppressed;
    Ok(report)
}

#[cfg(test)]
mod tests;
