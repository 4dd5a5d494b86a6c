//! `sitemap validate PATH...`: check sitemaps on disk, ours or not.
//!
//! The check is the engine's [`Validation`] (files and folders given,
//! indexes and robots.txt lines followed, cycles and other hosts named,
//! and with `--site DIR` the set checked against the built folder it
//! describes); this module gathers the flags and prints what it found
//! (`output.rs`; [`site`] prints the site check's part). Output is
//! `file:line:col: error|warning: message` (or JSON), then a summary.
//! Exit status: 0 valid, 1 invalid (or a site check's error), 2 usage or
//! I/O error.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use serde::Serialize;
use sitemap_core::{Limits, Loc};
use sitemap_engine::validate::{FileResult, ReadError};
use sitemap_engine::{SiteSummary, Validated, Validation};

use crate::report::ReportFormat;

mod output;
mod site;

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
    /// Hold every listed URL to this robots.txt (default with --site: DIR's
    /// robots.txt, when there is one): a URL it disallows for Googlebot is
    /// an error naming the rule (`robots.txt:2: Disallow: /private/`).
    #[arg(long, value_name = "FILE")]
    pub(crate) robots: Option<PathBuf>,
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
    /// The limits to hold each file to: legacy (the default, as for
    /// `sitemap scan`: 50,000 URLs and 10 MB a file, 1,000 sitemaps per
    /// index, what every consumer reads) or sitemaps-org (50 MB, 50,000
    /// sitemaps per index).
    #[arg(long, value_enum, default_value_t = LimitsArg::Legacy)]
    pub(crate) limits: LimitsArg,
    #[command(flatten)]
    pub(crate) report: crate::report::ReportArgs,
    /// Print only errors: no warnings, no per-file and summary lines (text
    /// output; the JSON document is always whole).
    #[arg(long, short)]
    pub(crate) quiet: bool,
}

/// `--limits`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LimitsArg {
    /// sitemaps.org since 2016.
    SitemapsOrg,
    /// What older consumers still hold.
    Legacy,
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
        // The reader of the report stopped early (`validate DIR | head`):
        // it has what it wanted, so the run ends quietly, as `scan
        // --dry-run` does. Nothing but stdout is written to here.
        Err(e)
            if e.chain().any(|c| {
                let kind = c.downcast_ref::<std::io::Error>().map(std::io::Error::kind);
                // serde_json's own error holds the write's.
                let json = c.downcast_ref::<serde_json::Error>();
                kind.or_else(|| json.and_then(serde_json::Error::io_error_kind))
                    == Some(std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            // The same `file:line: error: …` shape, with the hint, as
            // every other subcommand.
            crate::ui::Ui::new().error(&e);
            Ok(Outcome::Failed.into())
        }
    }
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
    // As `scan` reads it: a folder URL, a host without its scheme named
    // with the https URL it likely meant, a password never quoted.
    let base_url = args
        .base_url
        .as_deref()
        .map(crate::values::base_url)
        .transpose()?;
    let location = args
        .location
        .as_deref()
        .map(|u| {
            Loc::parse(u)
                .with_context(|| format!("--location `{}`", sitemap_core::redact_credentials(u)))
        })
        .transpose()?;
    if location.is_some() && args.site.is_some() {
        bail!(
            "--location and --site do not go together: with --site, each sitemap's URL is the base URL and its path under DIR (give --base-url)"
        );
    }
    if location.is_some() && (args.paths.len() != 1 || args.paths[0].is_dir()) {
        bail!(
            "--location names one sitemap's URL: give exactly one PATH, a file (use --base-url for directories or several files)"
        );
    }
    let Validated {
        files: results,
        unreadable,
        site: site_summary,
        ..
    } = Validation::new(args.paths.clone())
        .with_site(args.site.clone())
        .with_location(location)
        .with_base_url(base_url)
        .with_limits(limits)
        .with_robots(args.robots.clone())
        .run()?;

    let summary = Summary {
        files: results.len(),
        valid: results.iter().filter(|r| r.report.is_valid()).count(),
        invalid: results.iter().filter(|r| !r.report.is_valid()).count(),
        errors: results
            .iter()
            .map(|r| r.report.errors() + r.report.suppressed as usize)
            .sum(),
        warnings: results.iter().map(|r| r.report.warnings()).sum::<usize>()
            + site_summary.as_ref().map_or(0, |s| {
                usize::from(!s.missing_pages.is_empty()) + s.warnings.len()
            }),
        unreadable: unreadable.len(),
    };
    let outcome = if !unreadable.is_empty() {
        Outcome::Failed
    } else if summary.invalid > 0 {
        Outcome::Invalid
    } else {
        Outcome::Valid
    };
    match args.report.format() {
        ReportFormat::Json => {
            let doc = JsonOutput {
                files: &results,
                unreadable: &unreadable,
                site: site_summary.as_ref(),
                summary,
            };
            serde_json::to_writer_pretty(&mut *out, &doc)?;
            writeln!(out)?;
        }
        ReportFormat::Text => write_text(
            out,
            &results,
            &unreadable,
            site_summary.as_ref(),
            (args.verbose, args.quiet),
            &summary,
        )?,
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests;
