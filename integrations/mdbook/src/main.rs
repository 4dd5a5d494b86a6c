//! `mdbook-sitemap`: the mdBook plugin binary.
//!
//! mdBook runs it in three ways, and one binary serves them all:
//!
//! - `mdbook-sitemap supports <renderer>`: the preprocessor's question;
//!   exit status 0 means yes.
//! - stdin holds `[context, book]` (a JSON array): the preprocessor role,
//!   which answers with the book, front matter stripped, on stdout.
//! - `mdbook-sitemap install [BOOK_DIR] --base-url URL`: adds the tables
//!   below to `book.toml` (module `install`).
//! - stdin holds a render context (a JSON object): the renderer role,
//!   which writes the sitemap into the book's HTML folder.

mod install;
mod moved;

use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use mdbook_preprocessor::Preprocessor;
use mdbook_sitemap::{SitemapPreprocessor, wire};

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            // `file:line: error: …`, one line per error, as every skin
            // prints them.
            let message = sitemap_engine::diagnostic::message_of(e.as_ref());
            for line in message.split("\nerror: ") {
                eprintln!("{}", sitemap_engine::diagnostic::error_line(line));
            }
            // What to do, where the job's error says: for `submit`, whose
            // hints speak of the book (a build's hints speak of the CLI's
            // flags, which mdBook's run has none of).
            let submit = std::env::args().nth(1).as_deref() == Some("submit");
            if submit && let Some(hint) = e.chain().find_map(hint_of) {
                eprintln!("  hint: {hint}");
            }
            ExitCode::FAILURE
        }
    }
}

/// The hint of an error of the job or of the submission, where it has one.
fn hint_of<'a>(cause: &'a (dyn std::error::Error + 'static)) -> Option<&'a str> {
    use sitemap_engine::submit::SubmitError;
    match cause.downcast_ref::<mdbook_sitemap::Error>() {
        Some(mdbook_sitemap::Error::Job(job)) => job.hint(),
        Some(mdbook_sitemap::Error::Submit(submit)) => submit.hint(),
        _ => cause
            .downcast_ref::<SubmitError>()
            .and_then(SubmitError::hint)
            .or_else(|| cause.downcast_ref::<sitemap_engine::Error>()?.hint()),
    }
}

fn run() -> Result<ExitCode> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["supports", renderer] => {
            let yes = SitemapPreprocessor::new().supports_renderer(renderer)?;
            return Ok(if yes {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            });
        }
        ["--version" | "-V"] => {
            println!("mdbook-sitemap {}", env!("CARGO_PKG_VERSION"));
            return Ok(ExitCode::SUCCESS);
        }
        ["--help" | "-h"] => {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{}", HELP.trim_start());
            let _ = writeln!(out, "{}", KEYS_HELP.trim_start());
            // Indented by four, wrapped to the terminal as clap wraps `sitemap -h`.
            for line in mdbook_sitemap::config::keys_help(help_width() - 4).lines() {
                let indent = if line.is_empty() { "" } else { "    " };
                let _ = writeln!(out, "{indent}{line}");
            }
            return Ok(ExitCode::SUCCESS);
        }
        ["install" | "submit", "--help" | "-h", ..] => {
            let help = if args[0] == "install" {
                INSTALL_HELP
            } else {
                SUBMIT_HELP
            };
            // A reader that closes the pipe (`| head`) ends it quietly.
            let _ = writeln!(std::io::stdout(), "{}", help.trim_start());
            return Ok(ExitCode::SUCCESS);
        }
        ["submit", ..] => return submit(&args[1..]),
        ["install", ..] => {
            println!("{}", install::run(&args[1..])?);
            return Ok(ExitCode::SUCCESS);
        }
        [] => {}
        // mdBook's own commands, run on the plugin.
        [command @ ("build" | "serve" | "watch"), ..] => bail!(
            "`mdbook-sitemap {command}`: mdBook runs this program itself during `mdbook {command}`; run `mdbook {command}` in the book's folder (once `mdbook-sitemap install --base-url URL` has added its tables to book.toml)"
        ),
        _ => bail!("unexpected arguments {args:?}; mdBook runs this program itself (see --help)"),
    }

    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .context("reading mdBook's input from stdin")?;
    match input.trim_start().as_bytes().first() {
        Some(b'[') => preprocess(&input),
        Some(b'{') => render(&input),
        _ => bail!(
            "expected mdBook's JSON on stdin; this program is run by `mdbook build` (see --help)"
        ),
    }
}

fn preprocess(input: &str) -> Result<ExitCode> {
    let (ctx, book, dialect) = wire::preprocessor_input(input)?;
    warn_on_version(&ctx.mdbook_version);
    let book = SitemapPreprocessor::new().run(&ctx, book)?;
    let mut stdout = std::io::stdout().lock();
    serde_json::to_writer(&mut stdout, &wire::book_json(&book, dialect)?)
        .context("writing the book to mdBook")?;
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn render(input: &str) -> Result<ExitCode> {
    let (ctx, _) = wire::render_context(input)?;
    warn_on_version(&ctx.version);
    let report = mdbook_sitemap::render(&ctx)?;
    for warning in &report.warnings {
        eprintln!("{}", sitemap_engine::diagnostic::warning_line(warning));
    }
    eprintln!("mdbook-sitemap: {report}");
    Ok(ExitCode::SUCCESS)
}

/// `mdbook-sitemap submit [BOOK] [--dry-run] [--init] [--ledger FILE]
/// [--endpoint URL] [--key KEY] [--key-location URL]`: the book's ledger
/// changes to IndexNow, with `[output.sitemap]`'s settings under the flags.
fn submit(args: &[String]) -> Result<ExitCode> {
    use sitemap_engine::submit::{Client, key};
    let mut root = std::path::PathBuf::from(".");
    let (mut dry_run, mut init) = (false, false);
    let mut overrides = sitemap_engine::Settings::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .with_context(|| format!("{arg} needs a value"))
        };
        match arg.as_str() {
            "--dry-run" => dry_run = true,
            "--init" => init = true,
            "--ledger" => overrides.ledger = Some(value()?.into()),
            "--endpoint" => overrides.submit.endpoint = Some(value()?),
            "--key" => overrides.submit.key = Some(value()?),
            "--key-location" => overrides.submit.key_location = Some(value()?),
            flag if flag.starts_with('-') => bail!("submit: unknown flag {flag} (see --help)"),
            dir => root = dir.into(),
        }
    }
    let book = mdbook_sitemap::SitemapBook::load(&root)?.with_layer(sitemap_engine::Layer::new(
        overrides,
        sitemap_engine::Origin::Flag,
    ));
    if init {
        let (resolved, outputs) = book.scanned()?;
        // Into src/, which mdBook copies into every build (it empties its
        // output folder each time), and into the build there now, so a
        // deploy before the next build serves it too.
        let done = key::init(
            resolved.settings.submit.key.as_deref(),
            &book.src_dir(),
            &root.join("book.toml"),
            &["output", "sitemap"],
        )?;
        let built = match outputs.set.dir.is_dir() {
            true => Some(key::init(
                Some(&done.key),
                &outputs.set.dir,
                Path::new(""),
                &[],
            )?),
            false => None,
        };
        let shown = |p: &Path| p.strip_prefix(".").unwrap_or(p).display().to_string();
        eprintln!(
            "mdbook-sitemap: wrote the key file {}, which mdBook copies into every build{}{}",
            shown(&done.key_file),
            built.map_or(String::new(), |b| format!(
                ", and {} for the build there now",
                shown(&b.key_file)
            )),
            if done.new {
                "; `submit.key` into book.toml"
            } else {
                ""
            }
        );
        return Ok(ExitCode::SUCCESS);
    }
    let submission = book.submission()?;
    let plan = submission.plan()?;
    if plan.requests.is_empty() {
        eprintln!("mdbook-sitemap: nothing to submit");
        return Ok(ExitCode::SUCCESS);
    }
    if dry_run {
        for request in &plan.requests {
            println!(
                "POST {}\nContent-Type: application/json; charset=utf-8\n\n{}\n",
                request.endpoint_shown(),
                serde_json::to_string_pretty(&request.body)?
            );
        }
        eprintln!(
            "mdbook-sitemap: {} URL(s) in {} request(s); dry run, nothing sent",
            plan.urls(),
            plan.requests.len()
        );
        return Ok(ExitCode::SUCCESS);
    }
    let client = Client::new(std::time::Duration::from_secs(30));
    submission.send(&plan, &client, &mut |request, status| {
        eprintln!(
            "mdbook-sitemap: submitted {} URL(s) of {} ({status})",
            request.body.url_list.len(),
            request.body.host
        );
    })?;
    Ok(ExitCode::SUCCESS)
}

/// mdBook's JSON may change between minor versions before 1.0: the two
/// this program reads (`wire`) pass quietly, any other gets a warning.
fn warn_on_version(theirs: &str) {
    let minor = |v: &str| v.split('.').take(2).collect::<Vec<_>>().join(".");
    if !wire::MINORS.contains(&minor(theirs).as_str()) {
        eprintln!(
            "warning: this mdbook-sitemap reads the JSON of mdBook {}, called by mdBook {theirs}; if the build fails, install an mdbook-sitemap built for your mdBook",
            wire::MINORS.join(" and ")
        );
    }
}

const HELP: &str = r#"
mdbook-sitemap: writes a Sitemaps 0.90 sitemap.xml for an mdBook book.

Add to book.toml (`mdbook-sitemap install --base-url URL [BOOK_DIR]`
does it, keeping the file's comments):

    [preprocessor.sitemap]            # strips front matter from chapters

    [output.html]

    [output.sitemap]
    base-url = "https://example.org/book/"

`mdbook build` then writes sitemap.xml next to the HTML in book/html/.
It works with mdBook 0.4 and 0.5. mdBook runs this program itself; it
takes no arguments, but `install` and:

    mdbook-sitemap submit [BOOK] [--init] [--dry-run] [--ledger FILE]
        [--endpoint URL] [--key KEY] [--key-location URL]

tells search engines what changed since the last submission (IndexNow),
from the ledger (`ledger` in [output.sitemap]), after `mdbook build` and
the deploy: `--init` makes the key (src/KEY.txt and `submit.key`).
"#;

const KEYS_HELP: &str = r#"
Every key, each with its doc above it and all but base-url commented out
with an example value (remove the `# ` of those you want); the same keys
may sit under [preprocessor.sitemap] for a book with only the HTML output:
"#;

/// The width help is wrapped to, as clap wraps `sitemap --help`: `COLUMNS`,
/// else the terminal's, at most 100 (and 100 when neither is known).
fn help_width() -> usize {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .or_else(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
        .unwrap_or(100)
        .clamp(40, 100)
}

const INSTALL_HELP: &str = r#"
mdbook-sitemap install [BOOK_DIR] --base-url URL

Adds [preprocessor.sitemap], [output.html] and [output.sitemap] (with
base-url) to BOOK_DIR/book.toml (default: the current folder), keeping
its comments and line endings; a book.toml that has them already is left
as it is. With a second output, mdBook writes the HTML to book/html/
instead of book/: install says so, and points the `key: book` lines of
the repository's .github/workflows/*.yml at book/html, naming each line
(and the lines it leaves to you).
"#;

const SUBMIT_HELP: &str = r#"
mdbook-sitemap submit [BOOK] [--init] [--dry-run] [--ledger FILE]
    [--endpoint URL] [--key KEY] [--key-location URL]

Tells search engines what changed since the last submission (IndexNow),
from the book's ledger (`ledger` in [output.sitemap]), after `mdbook
build` and the deploy. --init makes the key (src/KEY.txt, which mdBook
copies into every build, and `submit.key`); --dry-run says what would be
sent, and sends nothing.
"#;
