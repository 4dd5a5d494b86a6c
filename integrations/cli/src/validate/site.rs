//! The site check's part of the text report (`validate --site`): the
//! indexable pages left out and the summary line. The check itself is
//! the engine's ([`sitemap_engine::SiteCheck`]); this only prints it.

use anyhow::Result;
use sitemap_engine::SiteSummary;

/// The site's lines of the text output.
pub(super) fn write_text(
    out: &mut impl std::io::Write,
    summary: &SiteSummary,
    verbose: bool,
) -> Result<()> {
    // `file: warning: …`, names escaped, as every report prints them.
    for w in &summary.warnings {
        writeln!(out, "{w}")?;
    }
    let n = summary.missing_pages.len();
    if n > 0 {
        let pages = if n == 1 { "page" } else { "pages" };
        let hint = if verbose {
            ""
        } else {
            " (--verbose lists them)"
        };
        writeln!(
            out,
            "{}: warning: {n} indexable {pages} of the site not in the sitemap{hint}; list every page you want indexed",
            summary.dir
        )?;
        if verbose {
            for p in &summary.missing_pages {
                writeln!(out, "{}{p}: not in the sitemap", summary.dir)?;
            }
        }
    }
    Ok(())
}

/// The site's summary line.
pub(super) fn summary_line(summary: &SiteSummary) -> String {
    format!(
        "site {} at {} ({}): {} locs, {} name files of the site; {} indexable pages, {} not in the sitemap",
        summary.dir,
        summary.base_url,
        summary.base_url_from.words(),
        summary.locs,
        summary.files,
        summary.indexable_pages,
        summary.missing_pages.len()
    )
}
