//! `sitemap write [FILE|-]`: a list of URLs (one a line with optional
//! `key=value` fields, or JSON Lines), or another generator's sitemap,
//! in; a sitemap set out.
//!
//! The job is the engine's [`WriteJob`] (the list streamed, every bad line
//! told, a sitemap read back and repaired, nothing written when the input
//! cannot be read whole): this gathers the flags, prints what the job
//! tells as it reads, and its summary.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use sitemap_engine::{WriteJob, WriteRead};

use crate::Outcome;
use crate::flags::OutputArgs;
use crate::ui::{Ui, shown};

/// Write a sitemap set from a list of URLs (one a line, or JSON Lines),
/// or from another generator's sitemap, index or `.gz` (repaired: relative
/// locs made absolute, invalid values dropped, duplicates left out, split
/// past the limits).
#[derive(Args, Debug)]
// The key's doc names the generators' output folders, which a list has
// none of: here the help says what `write` does without `--out`.
#[command(mut_arg("out", |a| a.help(
    "The output folder: required for a URL list; a sitemap input is written into its own folder without it."
)))]
pub(crate) struct WriteArgs {
    /// The list: a file, or `-` for standard input; or a sitemap file
    /// (`sitemap.xml`, an index, `.gz`), whose index children are read
    /// from its folder.
    #[arg(default_value = "-")]
    input: PathBuf,
    /// The folder the sitemap is served from; every URL must lie under it
    /// (a sitemap's relative locs are resolved under it; a sitemap input
    /// is written, without `--out`, into its own folder).
    #[arg(long, value_name = "URL")]
    pub(crate) base_url: String,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    /// When another run holds the output folder, wait at most this many
    /// seconds for it, then fail naming the process that holds it
    /// (default: wait as long as it takes).
    #[arg(long, value_name = "SECONDS")]
    pub(crate) wait: Option<u64>,
    /// Print only errors.
    #[arg(long, short)]
    quiet: bool,
}

pub(crate) fn run(args: &WriteArgs, ui: &Ui) -> anyhow::Result<Outcome> {
    ui.set_quiet(args.quiet);
    let job = if args.input.as_os_str() == "-" {
        WriteJob::list(std::io::stdin().lock(), "<stdin>")
    } else {
        WriteJob::open(&args.input)?
    };
    crate::values::base_url(&args.base_url)?;
    if !job.reads_sitemap() && args.output.out.is_none() {
        return Err(crate::values::Usage("--out DIR is required".to_owned()).into());
    }
    let written = job
        .with_layer(args.output.layer(Some(&args.base_url)))
        .with_lock_wait(args.wait.map(Duration::from_secs))
        .run(&mut |notice| ui.notice(notice))?;
    let report = &written.report;
    for w in &report.warnings {
        ui.warning(w);
    }
    let mut notes = Vec::new();
    let read = match &written.read {
        WriteRead::List { lines } => format!("{lines} lines read"),
        WriteRead::Sitemaps(read) => {
            if read.made_absolute > 0 {
                notes.push(format!(
                    "{} relative loc(s) made absolute",
                    read.made_absolute
                ));
            }
            if read.repaired > 0 {
                notes.push(format!("{} problem(s) reported above", read.repaired));
            }
            format!(
                "{} sitemap file(s) read, {} <url> entries",
                read.files, read.urls
            )
        }
        _ => String::new(),
    };
    if report.duplicates > 0 {
        notes.push(format!("{} duplicate(s) left out", report.duplicates));
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    };
    ui.summary(&format!(
        "sitemap: {read}, {} URLs{notes}; {}",
        report.set.urls,
        report.written(shown)
    ));
    Ok(Outcome::Done)
}
