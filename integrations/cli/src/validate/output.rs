//! The text report: `file:line:col: error|warning: message` per finding,
//! then one line per file and the summary (the JSON report is serde's).

use std::io::Write;

use anyhow::Result;
use sitemap_core::validate::DocumentKind;

use super::{FileResult, ReadError, Summary};
use sitemap_engine::SiteSummary;

pub(super) fn write_text(
    out: &mut impl Write,
    results: &[FileResult],
    unreadable: &[ReadError],
    site: Option<&SiteSummary>,
    (verbose, quiet): (bool, bool),
    summary: &Summary,
) -> Result<()> {
    for r in results {
        for d in &r.report.diagnostics {
            if quiet && d.severity != sitemap_core::validate::Severity::Error {
                continue;
            }
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
    if quiet {
        return Ok(());
    }
    if let Some(site) = site {
        super::site::write_text(out, site, verbose)?;
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
        writeln!(out, "{}", super::site::summary_line(site))?;
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
