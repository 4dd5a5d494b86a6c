//! `sitemap scan [DIR]`: gathers the settings (flags over `sitemap.toml`),
//! hands the job to [`sitemap_engine`], and presents what it did: a
//! summary, or with `--dry-run` the entries, or with `--check` the
//! differences.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use sitemap_engine::{CheckReport, Scan, ScanSummary, build_summary, images_summary};

use crate::Outcome;
use crate::flags::{OutputArgs, SourceArgs};
use crate::report::ReportFormat;
use crate::ui::{Ui, shown};

/// Scan a Zola or Hugo site (or a built HTML folder) and write its sitemap.
///
/// The generator is detected from the site's configuration (zola.toml or
/// config.toml with base_url; hugo.toml|yaml|json, config.* or
/// config/_default/ with baseURL); a folder with neither but an index.html
/// is scanned as built HTML.
#[derive(Args, Debug)]
#[command(after_long_help = crate::settings::keys_help())]
pub(crate) struct ScanArgs {
    /// The site's root folder.
    #[arg(default_value = ".")]
    dir: PathBuf,
    #[arg(long, value_name = "URL")]
    #[arg(help = crate::flags::short(sitemap_engine::key_doc!(base_url)))]
    #[arg(long_help = crate::flags::long(sitemap_engine::key_doc!(base_url)))]
    base_url: Option<String>,
    #[arg(
        help = "Wait at most this long for another run to finish",
        long_help = "When another run holds the output folder, wait at most this many seconds for it, then fail naming the process that holds it (default: wait as long as it takes)"
    )]
    #[arg(long, value_name = "SECONDS")]
    wait: Option<u64>,
    #[command(flatten)]
    source: SourceArgs,
    #[command(flatten)]
    output: OutputArgs,
    #[arg(
        help = "Write nothing; exit 3 if the sitemap on disk is stale",
        long_help = "Write nothing; exit 3 if the sitemap on disk differs from what would be written"
    )]
    #[arg(long, conflicts_with = "dry_run")]
    check: bool,
    #[arg(
        help = "Write nothing; print the entries",
        long_help = "Write nothing; print the entries (tab-separated fields, the source file last)"
    )]
    #[arg(long)]
    dry_run: bool,
    #[arg(
        help = "Settings file (default: DIR/sitemap.toml)",
        long_help = "Settings file (default: DIR/sitemap.toml when it exists)"
    )]
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Print only errors.
    #[arg(long, short)]
    quiet: bool,
    #[arg(
        help = "The report's format",
        long_help = "The report's format: `text` (a summary line on stderr), or `json` (one document on stdout, for CI; stderr then holds only errors)"
    )]
    #[arg(
        long = "output",
        id = "report",
        value_enum,
        value_name = "text|json",
        default_value = "text",
        conflicts_with = "dry_run"
    )]
    report: ReportFormat,
    /// Also list every page left out, with its reason.
    #[arg(long, short, conflicts_with = "quiet")]
    verbose: bool,
}

pub(crate) fn run(args: &ScanArgs, ui: &Ui) -> anyhow::Result<Outcome> {
    let json = args.report == ReportFormat::Json;
    // The JSON document holds the warnings and the summary.
    ui.set_quiet(args.quiet || json);
    if let Some(url) = &args.base_url {
        crate::values::base_url(url)?;
    }
    let root = &args.dir;
    let flags = args.source.layer(&args.output, args.base_url.as_deref());
    let (job, _) = crate::settings::site_job(root, args.config.as_deref(), flags)?;
    let files = sitemap_core::progress::FileCount::new();
    let job = job
        .with_sources(args.dry_run)
        .with_file_count(files.clone());
    let spinner = ui.spinner("scanning", &files);
    let mut scanned = job.scan_with_progress(&|step| spinner.set_message(step))?;
    drop(spinner);
    let scan = &scanned.scan;
    for w in &scan.warnings {
        ui.warning(w);
    }
    if args.verbose {
        for page in &scan.left_out {
            ui.summary(&format!(
                "left out: {}: {}",
                shown(&page.path),
                page.detail()
            ));
        }
    }
    let excluded = excluded_summary(scan, &scanned.resolved) + &build_summary(scan);
    // `files read as Hugo 0.168.0 (the hugo on PATH)`: whose rules read them.
    let read_as = scan
        .generator
        .as_ref()
        .map_or_else(String::new, |g| format!(" as {g}"));

    if args.dry_run {
        let (listed, outside) = scan.listed();
        print_entries(&listed, &scan.sources, root)?;
        if outside > 0 {
            ui.warning(&format!(
                "{outside} URL(s) lie outside {} and would be left out (a sitemap may list only URLs under its own folder)",
                scanned.served_folders()
            ));
        }
        let images: usize = listed
            .iter()
            .map(|u| u.images.len().min(sitemap_core::MAX_IMAGES_PER_URL))
            .sum();
        ui.summary(&format!(
            "sitemap: {} files read{read_as}, {} URLs{}{excluded}; dry run, nothing written",
            scan.files_read,
            listed.len(),
            images_summary(&scan.images, images as u64),
        ));
        return Ok(Outcome::Done);
    }

    if args.check {
        let check = scanned.check_report()?;
        let failed = if check.up_to_date {
            Outcome::Done
        } else {
            Outcome::CheckFailed
        };
        if json {
            print_json(&check)?;
            return Ok(failed);
        }
        print_check(&check, ui);
        let differences = check.files;
        let out = shown(&scanned.outputs.set.dir);
        if differences.is_empty() {
            ui.summary(&format!(
                "sitemap: {} URLs; {out} is up to date",
                scan.urls.len()
            ));
            return Ok(Outcome::Done);
        }
        ui.summary(&format!(
            "sitemap: out of date in {out} ({} file(s) differ); run `sitemap scan` to update",
            differences.len()
        ));
        return Ok(Outcome::CheckFailed);
    }

    let files_read = scan.files_read;
    let image_counts = scan.images;
    let summary = ScanSummary::new(scan);
    scanned.outputs.lock_wait = args.wait.map(std::time::Duration::from_secs);
    let report = scanned.write(|dir| ui.summary(&crate::ui::waiting_for(dir)))?;
    for w in &report.warnings {
        ui.warning(w);
    }
    if json {
        print_json(&summary.wrote(&report))?;
    }
    ui.summary(&format!(
        "sitemap: {files_read} files read{read_as}, {} URLs{}{excluded}; {}",
        report.urls(),
        images_summary(&image_counts, report.images()),
        report.written(shown)
    ));
    // The process exits right after this: freeing a large site's pages one
    // by one would only delay the exit (the engine keeps them for its
    // caller to drop, which is this binary's choice to skip).
    std::mem::forget(scanned);
    Ok(Outcome::Done)
}

/// A report as one JSON document on stdout. Made whole first, then
/// written, so a reader that stops early (`| head -c 10`) is told apart
/// by the write's own error, as for every other listing.
fn print_json(report: &impl serde::Serialize) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(report)?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").map_err(crate::ui::stdout_error)
}

/// `--check`'s findings: each file that differs, then each URL a write
/// would add, remove or change.
fn print_check(check: &CheckReport, ui: &Ui) {
    for d in &check.files {
        ui.warning(d);
    }
    for (what, urls) in [
        ("would add", &check.added),
        ("would remove", &check.removed),
        ("would change", &check.changed),
    ] {
        for url in urls {
            ui.summary(&format!("{what}: {url}"));
        }
    }
}

/// The entries as the write lists them, a line each: the URL, then its
/// values in their written form, then the file it came from.
pub(crate) fn print_entries(
    listed: &[&sitemap_core::Url],
    sources: &std::collections::HashMap<sitemap_core::Loc, PathBuf>,
    root: &std::path::Path,
) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    for url in listed {
        let mut line = url.loc.to_string();
        for field in [
            url.lastmod
                .as_ref()
                .map(|l| format!("lastmod={}", l.to_xsd_string())),
            url.changefreq.map(|c| format!("changefreq={}", c.as_str())),
            url.priority.map(|p| format!("priority={}", p.value())),
        ]
        .into_iter()
        .flatten()
        {
            line.push('\t');
            line.push_str(&field);
        }
        for alt in &url.alternates {
            line.push_str(&format!("\threflang={}:{}", alt.hreflang, alt.href));
        }
        // As many as the write keeps, so that piping this into `sitemap
        // write` gives the same file.
        for image in url.images.iter().take(sitemap_core::MAX_IMAGES_PER_URL) {
            line.push_str(&format!("\timage={}", image.loc));
        }
        // Last, so the sitemap's own fields keep their columns: the file
        // the entry came from, to check a lastmod against.
        if let Some(source) = sources.get(&url.loc) {
            let source = source.strip_prefix(root).unwrap_or(source);
            line.push_str("\tsource=");
            line.push_str(&field_value(source));
        }
        writeln!(out, "{line}").map_err(crate::ui::stdout_error)?;
    }
    Ok(())
}

/// A path as one whitespace-free field of the dry run: `%`, whitespace,
/// control characters and bytes that are not UTF-8 as `%XX`, so that
/// `sitemap write` splits the line where the dry run meant it and a
/// newline in a file name cannot start a line of its own.
fn field_value(path: &std::path::Path) -> String {
    use std::fmt::Write as _;
    let shown = shown(path);
    let raw: &[u8] = if std::str::from_utf8(path.as_os_str().as_encoded_bytes()).is_ok() {
        shown.as_bytes()
    } else {
        // `shown` is lossy there; the bytes name the file.
        path.as_os_str().as_encoded_bytes()
    };
    let mut out = String::with_capacity(raw.len());
    for chunk in raw.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c == '%' || c.is_whitespace() || c.is_control() {
                for b in c.encode_utf8(&mut [0; 4]).bytes() {
                    write!(out, "%{b:02X}").unwrap();
                }
            } else {
                out.push(c);
            }
        }
        for b in chunk.invalid() {
            write!(out, "%{b:02X}").unwrap();
        }
    }
    out
}

fn excluded_summary(scan: &Scan, resolved: &sitemap_engine::Resolved) -> String {
    let mut counts = std::collections::BTreeMap::new();
    for page in &scan.left_out {
        *counts
            .entry(sitemap_engine::left_out_label(resolved, &page.reason))
            .or_default() += 1;
    }
    let total: usize = counts.values().sum();
    if total == 0 {
        return ", none excluded".to_owned();
    }
    let parts: Vec<String> = counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
    format!(", {total} excluded ({})", parts.join(", "))
}
