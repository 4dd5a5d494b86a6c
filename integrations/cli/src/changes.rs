//! `sitemap changes [DIR] [--ledger FILE]`: what the last run that changed
//! anything added, changed and removed, from the lastmod ledger. (`sitemap
//! submit` sends what changed since the last submission, which the ledger
//! records separately.)

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use sitemap_engine::Layer;
use sitemap_engine::ledger::Ledger;

use crate::Outcome;
use crate::report::{ReportArgs, ReportFormat};
use crate::settings::Hinted;
use crate::ui::{Ui, shown};

/// Print what the last run added, changed and removed, from the lastmod ledger.
#[derive(Args, Debug)]
pub(crate) struct ChangesArgs {
    /// The site's root folder, whose sitemap.toml names the ledger.
    #[arg(default_value = ".")]
    dir: PathBuf,
    /// The ledger (default: the `ledger` setting of DIR/sitemap.toml).
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    /// `text`: a line per URL (what happened, the URL, its lastmod), or `json`.
    #[command(flatten)]
    report: ReportArgs,
    /// Print only errors.
    #[arg(long, short)]
    quiet: bool,
}

pub(crate) fn run(args: &ChangesArgs, ui: &Ui) -> anyhow::Result<Outcome> {
    ui.set_quiet(args.quiet);
    let path = match &args.ledger {
        Some(path) => path.clone(),
        // The file's `ledger` is relative to DIR, as for `sitemap scan DIR`.
        None => Layer::read_file(&args.dir.join("sitemap.toml"), false, &args.dir)?
            .and_then(|layer| layer.settings.ledger)
            .ok_or_else(|| Hinted {
                message: format!(
                    "no ledger named: no --ledger, and no `ledger` in {}",
                    shown(&args.dir.join("sitemap.toml"))
                ),
                hint: "pass --ledger FILE, the file `sitemap scan --ledger FILE` keeps".to_owned(),
            })?,
    };
    let ledger = Ledger::read(&path)?.ok_or_else(|| {
        sitemap_engine::diagnostic::Diagnostic::error("no such ledger")
            .in_file(&path)
            .with_hint(format!(
                "a run with `--ledger {}` (or `ledger = …` in its settings) makes it",
                shown(&path)
            ))
    })?;
    let changes = ledger.changes();
    let mut out = std::io::stdout().lock();
    if args.report.format() == ReportFormat::Json {
        let json = serde_json::json!({
            "at": ledger.last_change(),
            "changes": changes,
        });
        writeln!(out, "{json:#}").map_err(crate::ui::stdout_error)?;
    } else {
        for c in &changes {
            let event = serde_json::to_value(c.event)?;
            let event = event.as_str().unwrap_or_default();
            match &c.lastmod {
                Some(l) => writeln!(out, "{event}\t{}\t{l}", c.loc),
                None => writeln!(out, "{event}\t{}", c.loc),
            }
            .map_err(crate::ui::stdout_error)?;
        }
    }
    let count = |e: sitemap_engine::ledger::Event| changes.iter().filter(|c| c.event == e).count();
    use sitemap_engine::ledger::Event;
    ui.summary(&format!(
        "ledger {}: {} added, {} changed, {} removed{}",
        shown(&path),
        count(Event::Added),
        count(Event::Changed),
        count(Event::Removed),
        ledger
            .last_change()
            .map_or(String::new(), |at| format!(" by the run of {at}"))
    ));
    Ok(Outcome::Done)
}
