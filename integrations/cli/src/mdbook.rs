//! `sitemap mdbook [BOOK_DIR]`: the sitemap of an mdBook book, for a book
//! built with its one HTML output (so the plugin's second `[output]` table,
//! which moves the HTML to `book/html/`, is not wanted).

use std::path::PathBuf;

use clap::Args;
use sitemap_engine::settings::parse_value;
use sitemap_engine::{Job, LastmodSource, Source, book_summary};

use crate::Outcome;
use crate::flags::OutputArgs;
use crate::ui::Ui;

/// Write the sitemap of an mdBook book after `mdbook build`.
///
/// Reads book.toml and SUMMARY.md as `mdbook build` does, lists every
/// non-draft chapter page, and writes sitemap.xml into the folder holding
/// the book's HTML (`book/`, or `book/html/` when the book has several
/// outputs). Settings come from `[output.sitemap]` (or
/// `[preprocessor.sitemap]`) in book.toml, as for the plugin; flags win.
#[derive(Args, Debug)]
// The key's doc lists every generator's folder; a book has one.
#[command(mut_arg("out", |a| a.help(
    "The output folder. Default: the book's HTML folder (`book/`, or `book/html/` when the book has several outputs)."
)))]
pub(crate) struct MdbookArgs {
    /// The book's root folder (where book.toml is).
    #[arg(default_value = ".")]
    dir: PathBuf,
    /// The URL the book is published at, instead of book.toml's `base-url`.
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// Where lastmod comes from, first match wins: front-matter, git, date, mtime (instead of
    /// book.toml's `lastmod`).
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = parse_value::<LastmodSource>)]
    lastmod: Vec<LastmodSource>,
    #[command(flatten)]
    output: OutputArgs,
    /// Write nothing; print the entries (tab-separated fields, the chapter file last).
    #[arg(long)]
    dry_run: bool,
    /// Print only errors.
    #[arg(long, short)]
    quiet: bool,
}

pub(crate) fn run(args: &MdbookArgs, ui: &Ui) -> anyhow::Result<Outcome> {
    ui.set_quiet(args.quiet);
    if let Some(url) = &args.base_url {
        crate::values::base_url(url)?;
    }
    // The flags over book.toml's table, as over sitemap.toml for `scan`;
    // without --out the sitemap goes into the book's HTML folder.
    let mut flags = args.output.layer(args.base_url.as_deref());
    flags.settings.lastmod = (!args.lastmod.is_empty()).then(|| args.lastmod.clone());
    let mut scanned = Job::new(Source::Book(args.dir.clone()))
        .with_sources(true)
        .with_layer(flags)
        .scan()?;
    for w in &scanned.scan.warnings {
        ui.warning(w);
    }
    if args.dry_run {
        let (listed, _) = scanned.scan.listed();
        crate::scan::print_entries(&listed, &scanned.scan.sources, &args.dir)?;
        ui.summary(&format!(
            "sitemap: {} URLs, {} chapter(s) left out; dry run, nothing written",
            listed.len(),
            scanned.scan.left_out.len()
        ));
        return Ok(Outcome::Done);
    }
    // A missing HTML folder means the book is not built; a missing --out
    // is made, as `scan --out` makes it.
    let out_dir = scanned.outputs.set.dir.clone();
    if args.output.out.is_none() && !out_dir.is_dir() {
        return Err(
            sitemap_engine::diagnostic::Diagnostic::error("no such folder")
                .in_file(&out_dir)
                .with_hint("run `mdbook build` first, or pass --out DIR")
                .into(),
        );
    }
    let left_out = scanned.scan.left_out.len();
    let report = scanned.write(|_| {})?;
    for w in &report.warnings {
        ui.warning(w);
    }
    ui.summary(&format!(
        "sitemap: {}",
        book_summary(
            &report.set,
            left_out,
            &report.files,
            report.robots.as_ref().map(|(p, _)| p.as_path())
        )
    ));
    Ok(Outcome::Done)
}
