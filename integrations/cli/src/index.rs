//! `sitemap index --base-url URL --out DIR SITEMAP...`: one
//! `<sitemapindex>` over sitemaps that already exist, such as a Zola site
//! at `/`, an mdBook book at `/book/` and API docs at `/api/`, each
//! written by its own tool.
//!
//! The job is the engine's [`IndexJob`] (each sitemap inside `--out` and
//! valid under its own URL, an index replaced by what it lists, each
//! entry's lastmod the newest of its URLs): this gathers the flags and
//! prints each sitemap it refuses and what it wrote.

use std::path::PathBuf;

use clap::Args;
use sitemap_engine::{IndexJob, Layer, Origin, Settings};

use crate::Outcome;
use crate::ui::{Ui, shown};

/// Write one sitemap index over existing sitemaps (each checked), with each one's newest lastmod.
#[derive(Args, Debug)]
pub(crate) struct IndexArgs {
    /// The sitemaps (or indexes, replaced by what they list), inside --out.
    #[arg(required = true, value_name = "SITEMAP")]
    sitemaps: Vec<PathBuf>,
    /// The URL --out is served at.
    #[arg(long, value_name = "URL")]
    base_url: String,
    /// The folder served at --base-url; the index is written here.
    #[arg(long, short, value_name = "DIR")]
    out: PathBuf,
    /// The index's file name.
    #[arg(long, default_value = sitemap_engine::DEFAULT_INDEX_NAME)]
    filename: String,
    /// Add or update the `Sitemap:` line in robots.txt in --out.
    #[arg(long)]
    robots: bool,
    /// Print only errors.
    #[arg(long, short)]
    quiet: bool,
}

pub(crate) fn run(args: &IndexArgs, ui: &Ui) -> anyhow::Result<Outcome> {
    ui.set_quiet(args.quiet);
    crate::values::base_url(&args.base_url)?;
    let mut flags = Settings::default();
    flags.base_url = Some(args.base_url.clone());
    flags.out = Some(args.out.clone());
    flags.filename = Some(args.filename.clone());
    flags.robots = Some(args.robots);
    let indexed = IndexJob::new(&args.sitemaps)
        .with_layer(Layer::new(flags, Origin::Flag))
        .run(&mut |notice| ui.notice(notice))?;
    let report = &indexed.report;
    let mut written = format!("wrote {}", shown(&args.out.join(&args.filename)));
    match report.robots_changed {
        Some(true) => written.push_str(" and robots.txt"),
        Some(false) => written.push_str("; robots.txt already up to date"),
        None => {}
    }
    for w in &report.warnings {
        ui.warning(w);
    }
    ui.summary(&format!(
        "sitemap: index of {} sitemaps; {written}",
        indexed.sitemaps
    ));
    Ok(Outcome::Done)
}
