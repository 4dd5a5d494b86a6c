//! `sitemap submit [DIR]`: the ledger's changes not yet submitted, posted
//! to IndexNow (`sitemap_engine::submit`). It gathers the settings (flags
//! over `sitemap.toml`, a scan for the base URL and output folder) and
//! prints what the engine did; `--init` makes the key, `--dry-run` prints
//! the requests and sends nothing.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use sitemap_engine::submit::{Client, Plan, Submission, SubmitError, SubmitReport, key};
use sitemap_engine::{Layer, Origin, Settings};

use crate::Outcome;
use crate::report::ReportFormat;
use crate::ui::{Ui, shown};

/// Tell search engines what changed (IndexNow): the ledger's added, changed and removed URLs not submitted yet.
///
/// Run it after the deploy is live: the key file and the home page are
/// fetched from the live site first (nothing is sent when the key file
/// does not hold the key or the home page is noindex), and the sitemap set
/// in the output folder must validate. The ledger records each request's
/// URLs once the endpoint accepts it (200 or 202), so a failed run sends
/// them again next time.
#[derive(Args, Debug)]
pub(crate) struct SubmitArgs {
    /// The site's root folder.
    #[arg(default_value = ".")]
    dir: PathBuf,
    /// The ledger (default: the `ledger` setting).
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    #[arg(long, value_name = "URL", help = crate::flags::short(sitemap_engine::key_doc!(submit_endpoint)), long_help = crate::flags::long(sitemap_engine::key_doc!(submit_endpoint)))]
    endpoint: Option<String>,
    #[arg(long, value_name = "KEY", help = crate::flags::short(sitemap_engine::key_doc!(submit_key)), long_help = crate::flags::long(sitemap_engine::key_doc!(submit_key)))]
    key: Option<String>,
    #[arg(long, value_name = "URL", help = crate::flags::short(sitemap_engine::key_doc!(submit_key_location)), long_help = crate::flags::long(sitemap_engine::key_doc!(submit_key_location)))]
    key_location: Option<String>,
    #[arg(long, value_name = "URL", help = crate::flags::short(sitemap_engine::key_doc!(base_url)), long_help = crate::flags::long(sitemap_engine::key_doc!(base_url)))]
    base_url: Option<String>,
    /// Send nothing: print each request (method, URL, JSON body); the live site is not fetched.
    #[arg(long, conflicts_with = "init")]
    dry_run: bool,
    /// Make a key: write KEY.txt into the output folder and `submit.key` into the settings file (an existing key is kept).
    #[arg(long)]
    init: bool,
    /// Seconds each request may take in all (connecting, sending, reading).
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    timeout: u64,
    /// Settings file (default: DIR/sitemap.toml when it exists).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Print only errors.
    #[arg(long, short)]
    quiet: bool,
    /// The report's format: `text` (lines on stderr; with `--dry-run`
    /// the requests on stdout), or `json` (one document on stdout, for
    /// CI: each request, its status and what the ledger recorded; stderr
    /// then holds only errors).
    #[arg(
        long = "output",
        id = "report",
        value_enum,
        value_name = "text|json",
        default_value = "text",
        // `text|json` says them; listing them with their docs would turn
        // `--help` into the long form.
        hide_possible_values = true,
        conflicts_with = "init"
    )]
    report: ReportFormat,
}

pub(crate) fn run(args: &SubmitArgs, ui: &Ui) -> anyhow::Result<Outcome> {
    let json = args.report == ReportFormat::Json;
    // The JSON document holds what the text lines say.
    ui.set_quiet(args.quiet || json);
    if let Some(url) = &args.base_url {
        crate::values::base_url(url)?;
    }
    let root = &args.dir;
    let mut flags = Settings::default();
    flags.base_url.clone_from(&args.base_url);
    flags.ledger.clone_from(&args.ledger);
    flags.submit.key.clone_from(&args.key);
    flags.submit.key_location.clone_from(&args.key_location);
    flags.submit.endpoint.clone_from(&args.endpoint);
    let (job, settings_path) = crate::settings::site_job(
        root,
        args.config.as_deref(),
        Layer::new(flags, Origin::Flag),
    )?;
    // The scan finds the base URL and output folder as `sitemap scan` does.
    let scanned = job.scan()?;
    let resolved = scanned.resolved.clone();
    let outputs = scanned.outputs.clone();
    drop(scanned);

    if args.init {
        let init = key::init(
            resolved.settings.submit.key.as_deref(),
            &outputs.set.dir,
            &settings_path,
            &[],
        )?;
        let settings = match &init.settings_file {
            Some(path) => format!(" and `submit.key` into {}", shown(path)),
            None => format!(
                " (the key `submit.key` already set, {})",
                resolved.describe("submit.key")
            ),
        };
        ui.summary(&format!(
            "submit: wrote the key file {}{settings}; deploy the key file with the site (keep a copy where your generator copies static files, so a rebuild keeps it), then run `sitemap submit` once the deploy is live",
            shown(&init.key_file)
        ));
        return Ok(Outcome::Done);
    }

    let submission = Submission::new(&resolved, outputs)?;
    let plan = submission.plan()?;
    let ledger = shown(&submission.ledger);
    let mut report = SubmitReport::new(&plan, ledger.clone(), args.dry_run);
    if json && (args.dry_run || plan.requests.is_empty()) {
        print_json(&report)?;
        return Ok(Outcome::Done);
    }
    if plan.requests.is_empty() {
        ui.summary(&format!(
            "submit: nothing to submit; every change in {ledger} was submitted"
        ));
        return Ok(Outcome::Done);
    }
    if args.dry_run {
        print_requests(&plan)?;
        ui.summary(&format!(
            "submit: {} URL(s) in {} request(s); dry run, nothing sent, the live site not fetched",
            plan.urls(),
            plan.requests.len()
        ));
        return Ok(Outcome::Done);
    }
    let client = Client::new(Duration::from_secs(args.timeout));
    let mut sent = 0;
    let result = submission.send(&plan, &client, &mut |request, status| {
        sent += 1;
        report.accepted(status);
        ui.summary(&format!(
            "submitted {} URL(s) of {} to {} ({status})",
            request.body.url_list.len(),
            request.body.host,
            request.endpoint_shown()
        ));
    });
    if json {
        // Also when a request failed: what was accepted and recorded
        // before it is in the document, the error on stderr.
        print_json(&report)?;
    }
    if let Err(e) = result {
        if sent > 0 {
            ui.summary(&format!(
                "submit: {sent} of {} request(s) accepted and recorded in {ledger}",
                plan.requests.len()
            ));
        }
        return Err(e.into());
    }
    ui.summary(&format!(
        "submit: {} URL(s) in {} request(s) accepted; recorded in {ledger}",
        plan.urls(),
        plan.requests.len()
    ));
    Ok(Outcome::Done)
}

/// Whether `err` is the endpoint's (or the network's) failure, not a
/// refusal to send: exit 4.
pub(crate) fn failed(err: &anyhow::Error) -> bool {
    matches!(
        err.downcast_ref::<SubmitError>(),
        Some(SubmitError::Refused { .. } | SubmitError::GaveUp { .. } | SubmitError::Http { .. })
    )
}

/// The report as one JSON document on stdout.
fn print_json(report: &SubmitReport) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    let text = serde_json::to_string_pretty(report)?;
    writeln!(out, "{text}").map_err(crate::ui::stdout_error)?;
    Ok(())
}

/// Each request as sent: the method and URL, the content type, the body
/// (pretty-printed JSON), a blank line between requests.
fn print_requests(plan: &Plan) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    for (i, request) in plan.requests.iter().enumerate() {
        if i > 0 {
            writeln!(out).map_err(crate::ui::stdout_error)?;
        }
        let body = serde_json::to_string_pretty(&request.body)?;
        writeln!(
            out,
            "POST {}\nContent-Type: application/json; charset=utf-8\n\n{body}",
            request.endpoint_shown()
        )
        .map_err(crate::ui::stdout_error)?;
    }
    Ok(())
}
