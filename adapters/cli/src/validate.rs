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
//! it describes ([`crate::site`]). Output is
//! `file:line:col: error|warning: message` (or JSON), then a summary.
//! Exit status: 0 valid, 1 invalid (or a site check's error), 2 usage or
//! I/O error.

use std::collections::HashSet;
use std::fs::File;
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

use crate::site::{SiteCheck, SiteSummary};

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

fn write_text(
    out: &mut impl Write,
    results: &[FileResult],
    unreadable: &[ReadError],
    site: Option<&SiteSummary>,
    verbose: bool,
    summary: &Summary,
) -> Result<()> {
    for r in results {
        for d in &r.report.diagnostics {
            writeln!(out, "{}:{d}", r.path)?;
        }
        if r.report.suppressed > 0 {
            writeln!(
                out,
                "{}: … and {} more findings not shown",
                r.path, r.report.suppressed
            )?;
        }
    }
    for e in unreadable {
        writeln!(out, "{}: error: {}", e.path, e.message)?;
    }
    if let Some(site) = site {
        crate::site::write_text(out, site, verbose)?;
    }
    for r in results {
        let kind = match r.report.kind {
            DocumentKind::Urlset => "urlset",
            DocumentKind::Sitemapindex => "sitemapindex",
            DocumentKind::Text => "text sitemap",
            DocumentKind::Robots => "robots.txt",
            _ => "unrecognised",
        };
        let what = match r.report.kind {
            DocumentKind::Sitemapindex | DocumentKind::Robots => "sitemaps",
            _ => "URLs",
        };
        let verdict = if r.report.is_valid() {
            "valid"
        } else {
            "invalid"
        };
        let gz = if r.report.gzip { ", gzip" } else { "" };
        let listed = r
            .listed_by
            .as_ref()
            .map(|l| format!("; listed in {l}"))
            .unwrap_or_default();
        writeln!(
            out,
            "{}: {verdict} ({kind}{gz}, {} {what}, {} bytes; {} errors, {} warnings{listed})",
            r.path,
            r.report.entries,
            r.report.bytes,
            r.report.errors() + r.report.suppressed as usize,
            r.report.warnings()
        )?;
    }
    if let Some(site) = site {
        writeln!(out, "{}", crate::site::summary_line(site))?;
    }
    writeln!(
        out,
        "{} files checked: {} valid, {} invalid{}; {} errors, {} warnings",
        summary.files,
        summary.valid,
        summary.invalid,
        if summary.unreadable > 0 {
            format!(", {} unreadable", summary.unreadable)
        } else {
            String::new()
        },
        summary.errors,
        summary.warnings
    )?;
    Ok(())
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

/// Opens `path` for reading only when it is a regular file. A FIFO would
/// block the open (and every read) until a writer comes, a device may
/// never end: they are refused by what they are, checked on the opened
/// handle so nothing can swap the file in between.
fn open_regular(path: &Path) -> Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Non-blocking, so opening a FIFO with no writer returns at once;
        // reads of a regular file ignore the flag.
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let refuse = |what| {
        anyhow::anyhow!(
            "{what}, not a regular file: not read, since reading it could block or never end; skipped"
        )
    };
    let file = match options.open(path) {
        Ok(file) => file,
        // A socket cannot be opened at all; say what it is.
        Err(e) => {
            return Err(
                match std::fs::metadata(path)
                    .ok()
                    .and_then(|m| sitemap_core::input::special_kind(&m.file_type()))
                {
                    Some(what) => refuse(what),
                    None => {
                        anyhow::Error::new(e).context(format!("cannot open {}", path.display()))
                    }
                },
            );
        }
    };
    let kind = file
        .metadata()
        .with_context(|| format!("cannot read {}", path.display()))?
        .file_type();
    match sitemap_core::input::special_kind(&kind) {
        None => Ok(file),
        Some(what) => Err(refuse(what)),
    }
}

/// The message for an index that lists `key` when `key` is `parent` or
/// one of the indexes that led to it, naming the chain.
fn cycle(results: &[FileResult], parent: usize, key: &Path) -> Option<String> {
    let mut chain = vec![parent];
    let mut at = parent;
    while results[at].key != key {
        at = results[at].parent?;
        chain.push(at);
    }
    const RULE: &str =
        "an index lists only sitemaps (<urlset> or text), never an index, least of all itself";
    if chain.len() == 1 {
        return Some(format!(
            "index cycle: {} lists itself; {RULE}",
            results[parent].path
        ));
    }
    let names: Vec<&str> = chain
        .iter()
        .rev()
        .map(|&i| results[i].path.as_str())
        .chain([results[at].path.as_str()])
        .collect();
    Some(format!("index cycle: {}; {RULE}", names.join(" → ")))
}

/// For a robots.txt whose own URL is known: the site's origin when
/// `child` is on another one (a `Sitemap:` line may name any host; what
/// it names there is not on this disk). Indexes are left to the
/// validator, which reports a child on another host as an error.
fn foreign_origin(job: &Job, report: &Report, child: &Loc) -> Option<String> {
    let own = job.location.as_ref()?;
    (report.kind == DocumentKind::Robots && child.origin() != own.origin())
        .then(|| own.origin().to_owned())
}

/// When the listing file's URL is unknown and a child is found by file
/// name: the origin the file on disk lists, when it is not the child's
/// (another host's `sitemap.xml` is not ours, even with our file's name).
fn other_site_on_disk(path: &Path, child: &Loc) -> Option<String> {
    let file = open_regular(path).ok()?;
    let first = core_validate::peek_first_loc(BufReader::new(file)).ok()??;
    (first.origin() != child.origin()).then(|| first.origin().to_owned())
}

/// Sitemap-looking files under `dir`, robots.txt and indexes first, so
/// children are checked with the location their index gives.
fn find_sitemaps(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d)? {
            let entry = entry?;
            let path = entry.path();
            let kind = entry.file_type()?;
            if kind.is_dir() {
                stack.push(path);
                continue;
            }
            let name = entry.file_name().to_string_lossy().to_ascii_lowercase();
            let sitemap = name.starts_with("sitemap")
                && [".xml", ".xml.gz", ".txt"]
                    .iter()
                    .any(|e| name.ends_with(e));
            if sitemap || name == "robots.txt" {
                found.push(path);
            }
        }
    }
    // robots.txt, then indexes (told by their content, not their name),
    // then the rest; an unreadable file sorts last and fails when checked.
    let rank = |p: &PathBuf| {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        if name == "robots.txt" {
            return 0;
        }
        let kind = open_regular(p)
            .ok()
            .and_then(|f| core_validate::peek_kind(BufReader::new(f)).ok());
        if kind == Some(DocumentKind::Sitemapindex) {
            1
        } else {
            2
        }
    };
    let mut found: Vec<(u8, PathBuf)> = found.into_iter().map(|p| (rank(&p), p)).collect();
    found.sort();
    Ok(found.into_iter().map(|(_, p)| p).collect())
}

/// `base_url` + the file's path under `root`.
fn infer_location(base_url: Option<&Loc>, root: &Path, file: &Path) -> Option<Loc> {
    let base = base_url?;
    let rel = file.strip_prefix(root).ok()?;
    let rel: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    base.join(&rel.join("/")).ok()
}

/// Where a listed sitemap would be on disk: under the listing file's own
/// folder when its URL is known, else beside it by file name.
fn local_child(
    job: &Job,
    base_url: Option<&Loc>,
    roots: &[PathBuf],
    child: &Loc,
) -> Option<PathBuf> {
    let dir = job.path.parent().unwrap_or(Path::new(""));
    let path_part = |s: &str| s.split(['?', '#']).next().unwrap_or("").to_owned();
    if let Some(location) = &job.location {
        let folder = location.folder();
        if let Some(rel) = child.as_str().strip_prefix(folder.as_str()) {
            return Some(dir.join(path_part(rel)));
        }
        // Same site, another folder: resolve from the site root when it is known.
        if let Some(base) = base_url
            && let Some(rel) = child.as_str().strip_prefix(base.as_str())
        {
            let root = roots
                .iter()
                .find(|r| r.is_dir() && job.path.starts_with(r))
                .cloned()
                .or_else(|| {
                    // The listing file's own URL tells how deep it sits.
                    let depth = location
                        .as_str()
                        .strip_prefix(base.as_str())?
                        .matches('/')
                        .count();
                    let mut root = dir.to_path_buf();
                    for _ in 0..depth {
                        root.pop();
                    }
                    Some(root)
                })?;
            return Some(root.join(path_part(rel)));
        }
        return None;
    }
    let name = path_part(child.as_str())
        .rsplit('/')
        .next()
        .unwrap_or("")
        .to_owned();
    (!name.is_empty()).then(|| dir.join(name))
}

/// A path as printed: `/`-separated.
pub(crate) fn show(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../sitemap-core/tests/fixtures/validate")
    }

    fn args(paths: &[&Path]) -> ValidateArgs {
        ValidateArgs {
            paths: paths.iter().map(|p| p.to_path_buf()).collect(),
            location: None,
            base_url: None,
            site: None,
            verbose: false,
            limits: LimitsArg::SitemapsOrg,
            format: OutputFormat::Text,
        }
    }

    fn run_args(args: &ValidateArgs, root: &Path) -> (Outcome, String) {
        let mut out = Vec::new();
        let outcome = run_to(args, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let root = format!("{}/", show(root));
        (outcome, text.replace(&root, ""))
    }

    const NS: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn urlset(locs: &[&str]) -> String {
        let mut s =
            format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"{NS}\">\n");
        for l in locs {
            s.push_str(&format!("<url><loc>{l}</loc></url>\n"));
        }
        s + "</urlset>\n"
    }

    fn index(locs: &[&str]) -> String {
        let mut s =
            format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"{NS}\">\n");
        for l in locs {
            s.push_str(&format!("<sitemap><loc>{l}</loc></sitemap>\n"));
        }
        s + "</sitemapindex>\n"
    }

    #[test]
    fn valid_files_exit_0_and_say_so() {
        let dir = corpus();
        let a = args(&[
            &dir.join("valid-full.xml"),
            &dir.join("valid-gzip.xml.gz"),
            &dir.join("valid-text.txt"),
        ]);
        let (outcome, text) = run_args(&a, &dir);
        assert_eq!(outcome, Outcome::Valid);
        assert_eq!(
            text,
            "valid-full.xml: valid (urlset, 3 URLs, 634 bytes; 0 errors, 0 warnings)\n\
             valid-gzip.xml.gz: valid (urlset, gzip, 3 URLs, 634 bytes; 0 errors, 0 warnings)\n\
             valid-text.txt: valid (text sitemap, 3 URLs, 78 bytes; 0 errors, 0 warnings)\n\
             3 files checked: 3 valid, 0 invalid; 0 errors, 0 warnings\n"
        );
    }

    #[test]
    fn invalid_files_exit_1_with_file_line_col() {
        let dir = corpus();
        let a = args(&[
            &dir.join("bad-xlmns.xml"),
            &dir.join("bad-priority.xml"),
            &dir.join("valid-bom.xml"),
        ]);
        let (outcome, text) = run_args(&a, &dir);
        assert_eq!(outcome, Outcome::Invalid);
        assert_eq!(
            text,
            format!(
                "bad-xlmns.xml:2:1: error: <urlset> has no namespace: the attribute `xlmns` looks like a misspelt `xmlns`; write xmlns=\"{NS}\"\n\
                 bad-priority.xml:5:5: error: priority `1.5`: expected a number from 0.0 to 1.0\n\
                 valid-bom.xml:1:1: warning: the file starts with a UTF-8 byte order mark; XML allows it, but some consumers fail on it; write the file without one\n\
                 bad-xlmns.xml: invalid (urlset, 1 URLs, 163 bytes; 1 errors, 0 warnings)\n\
                 bad-priority.xml: invalid (urlset, 1 URLs, 192 bytes; 1 errors, 0 warnings)\n\
                 valid-bom.xml: valid (urlset, 1 URLs, 166 bytes; 0 errors, 1 warnings)\n\
                 3 files checked: 1 valid, 2 invalid; 2 errors, 1 warnings\n"
            )
        );
    }

    #[test]
    fn missing_file_exits_2() {
        let dir = tempfile::tempdir().unwrap();
        let a = args(&[&dir.path().join("nope.xml")]);
        let (outcome, text) = run_args(&a, dir.path());
        assert_eq!(outcome, Outcome::Failed);
        assert!(text.starts_with("nope.xml: error: cannot open "), "{text}");
        assert!(
            text.ends_with(
                "0 files checked: 0 valid, 0 invalid, 1 unreadable; 0 errors, 0 warnings\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn location_needs_one_file() {
        let dir = corpus();
        let mut a = args(&[&dir]);
        a.location = Some("https://example.org/sitemap.xml".into());
        let err = run_to(&a, &mut Vec::new()).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("--location names one sitemap's URL"),
            "{err}"
        );
    }

    #[test]
    fn directory_with_index_children_and_robots() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            &root.join("robots.txt"),
            "User-agent: *\nSitemap: https://example.org/sitemap_index.xml\nSitemap: /sitemap.xml\n",
        );
        write(
            &root.join("sitemap_index.xml"),
            &index(&[
                "https://example.org/sitemap-pages.xml",
                "https://example.org/docs/sitemap.xml",
                "https://example.org/nested_index.xml",
                "https://example.org/sitemap-gone.xml",
            ]),
        );
        write(
            &root.join("sitemap-pages.xml"),
            &urlset(&["https://example.org/", "https://example.org/docs/x/"]),
        );
        // Under docs/, so it may list only docs/ URLs.
        write(
            &root.join("docs/sitemap.xml"),
            &urlset(&["https://example.org/docs/a/", "https://example.org/blog/b/"]),
        );
        write(
            &root.join("nested_index.xml"),
            &index(&["https://example.org/sitemap-pages.xml"]),
        );
        let mut a = args(&[root]);
        a.base_url = Some("https://example.org".into());
        let (outcome, text) = run_args(&a, root);
        assert_eq!(outcome, Outcome::Invalid);
        assert_eq!(
            text,
            "robots.txt:3:1: error: `Sitemap: /sitemap.xml`: robots.txt must give the sitemap's absolute URL (https://host/sitemap.xml), not a path\n\
             sitemap_index.xml:5:10: error: an index must not list another index: nested_index.xml is a <sitemapindex>\n\
             sitemap_index.xml:6:10: warning: https://example.org/sitemap-gone.xml is not on disk at sitemap-gone.xml; it was not checked\n\
             docs/sitemap.xml:4:6: error: `https://example.org/blog/b/` is outside `https://example.org/docs/`: a sitemap at `https://example.org/docs/sitemap.xml` may list only URLs under its folder (location rule)\n\
             robots.txt: invalid (robots.txt, 1 sitemaps, 83 bytes; 1 errors, 0 warnings)\n\
             sitemap_index.xml: invalid (sitemapindex, 4 sitemaps, 391 bytes; 1 errors, 1 warnings; listed in robots.txt:2:1)\n\
             sitemap-pages.xml: valid (urlset, 2 URLs, 203 bytes; 0 errors, 0 warnings; listed in sitemap_index.xml:3:10)\n\
             docs/sitemap.xml: invalid (urlset, 2 URLs, 210 bytes; 1 errors, 0 warnings; listed in sitemap_index.xml:4:10)\n\
             nested_index.xml: valid (sitemapindex, 1 sitemaps, 190 bytes; 0 errors, 0 warnings; listed in sitemap_index.xml:5:10)\n\
             5 files checked: 2 valid, 3 invalid; 3 errors, 1 warnings\n"
        );
    }

    /// What our own set writer writes, split and gzipped under an index,
    /// checked as a directory: every file once, the children with their
    /// own URLs as location, nothing found.
    #[test]
    fn a_split_gzipped_set_from_the_writer_is_valid() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("docs");
        let base = Loc::parse("https://example.org/docs/").unwrap();
        let options = sitemap_core::SetOptions::new(&out, base.clone())
            .with_gzip(true)
            .with_limits(Limits::LEGACY.with_max_urls(10))
            .with_stylesheet("sitemap.xsl")
            .with_index_stylesheet("sitemap.xsl");
        let urls: Vec<sitemap_core::Url> = (0..35)
            .map(|i| {
                sitemap_core::Url::new(base.join(&format!("page-{i:02}/?a=1&b='{i}'")).unwrap())
            })
            .collect();
        let report = sitemap_core::SetWriter::new(options)
            .unwrap()
            .write_all(urls.iter())
            .unwrap();
        assert_eq!(report.sitemaps.len(), 4);
        let mut a = args(&[dir.path()]);
        a.base_url = Some("https://example.org/".into());
        let (outcome, text) = run_args(&a, dir.path());
        assert_eq!(outcome, Outcome::Valid, "{text}");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "docs/sitemap.xml.gz: valid (sitemapindex, gzip, 4 sitemaps, 540 bytes; 0 errors, 0 warnings)",
                "docs/sitemap-1-5c62552e.xml.gz: valid (urlset, gzip, 10 URLs, 1004 bytes; 0 errors, 0 warnings; listed in docs/sitemap.xml.gz:5:5)",
                "docs/sitemap-2-1c6e5cc3.xml.gz: valid (urlset, gzip, 10 URLs, 1014 bytes; 0 errors, 0 warnings; listed in docs/sitemap.xml.gz:8:5)",
                "docs/sitemap-3-c58c0d47.xml.gz: valid (urlset, gzip, 10 URLs, 1014 bytes; 0 errors, 0 warnings; listed in docs/sitemap.xml.gz:11:5)",
                "docs/sitemap-4-d8c2e3f2.xml.gz: valid (urlset, gzip, 5 URLs, 589 bytes; 0 errors, 0 warnings; listed in docs/sitemap.xml.gz:14:5)",
                "5 files checked: 5 valid, 0 invalid; 0 errors, 0 warnings",
            ]
        );
    }

    #[test]
    fn json_output() {
        let dir = corpus();
        let mut a = args(&[&dir.join("proto-duplicate.xml")]);
        a.format = OutputFormat::Json;
        a.limits = LimitsArg::Legacy;
        let (outcome, text) = run_args(&a, &dir);
        assert_eq!(outcome, Outcome::Invalid);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            value,
            serde_json::json!({
                "files": [{
                    "path": "proto-duplicate.xml",
                    "kind": "urlset",
                    "gzip": false,
                    "bytes": 274,
                    "entries": 3,
                    "diagnostics": [{
                        "line": 10,
                        "column": 5,
                        "severity": "error",
                        "message": "duplicate URL `https://example.org/`; first listed on line 4"
                    }],
                    "suppressed": 0,
                    "children": []
                }],
                "unreadable": [],
                "summary": {"files": 1, "valid": 0, "invalid": 1, "errors": 1, "warnings": 0, "unreadable": 0}
            })
        );
    }

    fn gzip_file(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let mut gz = sitemap_core::gzip(Vec::new());
        std::io::Write::write_all(&mut gz, text.as_bytes()).unwrap();
        std::fs::write(path, gz.finish().unwrap()).unwrap();
    }

    /// `validate` called an index that lists itself valid.
    #[test]
    fn index_listing_itself_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            &root.join("sitemap.xml"),
            &index(&[
                "https://example.org/sitemap.xml",
                "https://example.org/sitemap-1.xml",
            ]),
        );
        write(
            &root.join("sitemap-1.xml"),
            &urlset(&["https://example.org/"]),
        );
        for base in [None, Some("https://example.org/")] {
            let mut a = args(&[root]);
            a.base_url = base.map(Into::into);
            let (outcome, text) = run_args(&a, root);
            assert_eq!(outcome, Outcome::Invalid);
            assert_eq!(
                text,
                "sitemap.xml:3:10: error: index cycle: sitemap.xml lists itself; an index lists only sitemaps (<urlset> or text), never an index, least of all itself\n\
                 sitemap.xml: invalid (sitemapindex, 2 sitemaps, 248 bytes; 1 errors, 0 warnings)\n\
                 sitemap-1.xml: valid (urlset, 1 URLs, 153 bytes; 0 errors, 0 warnings; listed in sitemap.xml:4:10)\n\
                 2 files checked: 1 valid, 1 invalid; 1 errors, 0 warnings\n",
                "{base:?}"
            );
        }
    }

    /// In an A -> B -> A loop `validate` called B valid: the loop is an
    /// error naming the chain, also through a gzipped, differently named
    /// index in another folder, and A's listing of B breaks the rule that
    /// an index lists no index.
    #[test]
    fn index_cycle_through_another_index_names_the_chain() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            &root.join("sitemap_index.xml"),
            &index(&[
                "https://example.org/sitemap-1.xml",
                "https://example.org/more/idx.xml.gz",
            ]),
        );
        gzip_file(
            &root.join("more/idx.xml.gz"),
            &index(&["https://example.org/sitemap_index.xml"]),
        );
        write(
            &root.join("sitemap-1.xml"),
            &urlset(&["https://example.org/"]),
        );
        let mut a = args(&[root]);
        a.base_url = Some("https://example.org/".into());
        let (outcome, text) = run_args(&a, root);
        assert_eq!(outcome, Outcome::Invalid);
        assert_eq!(
            text,
            "sitemap_index.xml:4:10: error: an index must not list another index: more/idx.xml.gz is a <sitemapindex>\n\
             more/idx.xml.gz:3:10: error: index cycle: sitemap_index.xml → more/idx.xml.gz → sitemap_index.xml; an index lists only sitemaps (<urlset> or text), never an index, least of all itself\n\
             sitemap_index.xml: invalid (sitemapindex, 2 sitemaps, 252 bytes; 1 errors, 0 warnings)\n\
             sitemap-1.xml: valid (urlset, 1 URLs, 153 bytes; 0 errors, 0 warnings; listed in sitemap_index.xml:3:10)\n\
             more/idx.xml.gz: invalid (sitemapindex, gzip, 1 sitemaps, 190 bytes; 1 errors, 0 warnings; listed in sitemap_index.xml:4:10)\n\
             3 files checked: 1 valid, 2 invalid; 2 errors, 0 warnings\n"
        );
    }

    /// `sitemap validate public/` failed on the CLI's own robots.txt: it
    /// mapped another host's `Sitemap:` line to the local `sitemap.xml`.
    /// Another host's line is "not checked: another host", with or
    /// without --base-url.
    #[test]
    fn another_hosts_sitemap_line_is_not_mapped_to_a_local_file() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            &root.join("robots.txt"),
            "User-agent: *\n\
             Sitemap: https://cdn.example.net/sitemap.xml\n\
             Sitemap: http://www.example.org/sitemap.xml\n\
             Sitemap: https://example.org/sitemap.xml\n",
        );
        write(
            &root.join("sitemap.xml"),
            &urlset(&["https://example.org/", "https://example.org/a/"]),
        );
        let expected = |warning_2: &str, warning_3: &str| {
            format!(
                "robots.txt:2:1: warning: `https://cdn.example.net/sitemap.xml` not checked: another host ({warning_2})\n\
                 robots.txt:3:1: warning: `http://www.example.org/sitemap.xml` not checked: another host ({warning_3})\n\
                 robots.txt: valid (robots.txt, 3 sitemaps, 144 bytes; 0 errors, 2 warnings)\n\
                 sitemap.xml: valid (urlset, 2 URLs, 198 bytes; 0 errors, 0 warnings; listed in robots.txt:4:1)\n\
                 2 files checked: 2 valid, 0 invalid; 0 errors, 2 warnings\n"
            )
        };
        let (outcome, text) = run_args(&args(&[root]), root);
        assert_eq!(outcome, Outcome::Valid);
        assert_eq!(
            text,
            expected(
                "the local sitemap.xml lists URLs of `https://example.org`",
                "the local sitemap.xml lists URLs of `https://example.org`"
            )
        );
        let mut a = args(&[root]);
        a.base_url = Some("https://example.org/".into());
        let (outcome, text) = run_args(&a, root);
        assert_eq!(outcome, Outcome::Valid);
        assert_eq!(
            text,
            expected(
                "this site is `https://example.org`",
                "this site is `https://example.org`"
            )
        );
    }

    mod robots_property {
        use super::*;
        use proptest::prelude::*;
        use proptest::test_runner::{Config, TestRunner};

        const OURS: &str = "https://example.org/sitemap.xml";

        /// Lines a robots.txt holds: rules, comments, blank lines, our
        /// own line under old schemes and names, other hosts' lines.
        fn line() -> impl Strategy<Value = Vec<u8>> {
            prop_oneof![
                Just(b"User-agent: *".to_vec()),
                Just(b"User-agent: Googlebot".to_vec()),
                Just(b"Disallow: /private/".to_vec()),
                Just(b"Allow: /".to_vec()),
                Just(b"Crawl-delay: 10".to_vec()),
                Just(b"".to_vec()),
                Just(b"# comment".to_vec()),
                Just(b"# Caf\xE9 in Latin-1".to_vec()),
                Just(b"Disallow: /\xFF\xFE".to_vec()),
                Just(b"# Sitemap: https://example.org/commented.xml".to_vec()),
                Just(b"Sitemap: https://example.org/sitemap.xml".to_vec()),
                Just(b"sitemap:http://example.org/sitemap.xml".to_vec()),
                Just(b"SITEMAP: https://example.org/sitemap.xml.gz # old".to_vec()),
                Just(b"Sitemap: http://example.org/sitemap.txt".to_vec()),
                Just(b"Sitemap: https://example.org/sitemap_index.xml".to_vec()),
                Just(b"  Sitemap:   https://example.org/sitemap.txt.gz  ".to_vec()),
                Just(b"Sitemap: https://cdn.example.net/sitemap.xml".to_vec()),
                Just(b"Sitemap: https://www.example.org/sitemap.xml".to_vec()),
                Just(b"Sitemap: http://www.example.org/sitemap.xml".to_vec()),
                Just(b"Sitemap: https://example.org:8443/sitemap.xml".to_vec()),
                Just(b"Sitemap: https://example.com/blog/sitemap.xml".to_vec()),
                "[a-zA-Z#: /*-]{0,30}".prop_map(String::into_bytes),
            ]
        }

        fn robots() -> impl Strategy<Value = Vec<u8>> {
            (
                any::<bool>(),
                prop::collection::vec(line(), 0..12),
                prop::sample::select(vec![&b"\n"[..], b"\r\n", b"\r"]),
                any::<bool>(),
            )
                .prop_map(|(bom, lines, eol, final_newline)| {
                    let mut out = if bom {
                        b"\xEF\xBB\xBF".to_vec()
                    } else {
                        Vec::new()
                    };
                    out.extend(lines.join(eol));
                    if final_newline && !out.is_empty() {
                        out.extend_from_slice(eol);
                    }
                    out
                })
        }

        /// Lines of `text` that are not `Sitemap:` lines of ours.
        fn others(text: &[u8]) -> Vec<Vec<u8>> {
            // Lines end with CRLF, LF or a lone CR (RFC 9309).
            let mut lines = vec![Vec::new()];
            let mut bytes = text.iter().peekable();
            while let Some(&b) = bytes.next() {
                if b == b'\r' && bytes.peek() == Some(&&b'\n') {
                    continue;
                }
                if b == b'\n' || b == b'\r' {
                    lines.push(Vec::new());
                } else {
                    lines.last_mut().unwrap().push(b);
                }
            }
            lines
                .into_iter()
                .map(|l| {
                    l.strip_prefix(b"\xEF\xBB\xBF")
                        .map(<[u8]>::to_vec)
                        .unwrap_or(l)
                })
                .filter(|l| {
                    let s = String::from_utf8_lossy(l);
                    let value = s.split('#').next().unwrap_or("").trim().to_owned();
                    let ours_line = value
                        .split_once(':')
                        .filter(|(f, _)| f.trim().eq_ignore_ascii_case("sitemap"))
                        .map(|(_, v)| v.trim())
                        .is_some_and(|v| {
                            ["https://example.org/sitemap", "http://example.org/sitemap"]
                                .iter()
                                .any(|p| v.starts_with(p))
                        });
                    !ours_line && !l.is_empty()
                })
                .collect()
        }

        /// `scan --robots` then `validate` passes on its own output, for
        /// every robots.txt shape; the merge is idempotent; every line
        /// that is not ours survives byte for byte.
        #[test]
        fn merge_then_validate_always_passes() {
            let ours = sitemap_core::Loc::parse(OURS).unwrap();
            let dir = tempfile::tempdir().unwrap();
            let root = dir.path();
            write(
                &root.join("sitemap.xml"),
                &urlset(&["https://example.org/", "https://example.org/a/"]),
            );
            let cases: u32 = std::env::var("SITEMAP_PROPTEST_CASES")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(256);
            let mut runner = TestRunner::new(Config {
                cases,
                ..Config::default()
            });
            runner
                .run(&robots(), |old| {
                    let merged = sitemap_core::robots::merge_bytes(&old, &ours, &[]);
                    prop_assert_eq!(
                        &sitemap_core::robots::merge_bytes(&merged, &ours, &[]),
                        &merged,
                        "not idempotent"
                    );
                    // Every line of the old file that is not ours is still
                    // there, in order, byte for byte.
                    // (An empty file gets an allow-all group first.)
                    if !old.is_empty() {
                        prop_assert_eq!(others(&old), others(&merged));
                    }
                    let normal = String::from_utf8_lossy(&merged)
                        .replace("\r\n", "\n")
                        .replace('\r', "\n");
                    prop_assert_eq!(
                        normal
                            .split('\n')
                            .filter(|l| {
                                let l = l.strip_prefix('\u{feff}').unwrap_or(l).as_bytes();
                                l == OURS.replace("https://", "Sitemap: https://").as_bytes()
                            })
                            .count(),
                        1,
                        "our line exactly once"
                    );
                    std::fs::write(root.join("robots.txt"), &merged).unwrap();
                    for base in [None, Some("https://example.org/".to_owned())] {
                        let mut a = args(&[root]);
                        a.base_url = base;
                        let mut out = Vec::new();
                        let outcome = run_to(&a, &mut out).unwrap();
                        let text = String::from_utf8_lossy(&out).into_owned();
                        prop_assert_eq!(outcome, Outcome::Valid, "{}", text);
                        prop_assert!(
                            text.contains("sitemap.xml: valid (urlset, 2 URLs"),
                            "{}",
                            text
                        );
                    }
                    Ok(())
                })
                .unwrap();
        }
    }
}
