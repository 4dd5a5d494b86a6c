//! `sitemap`: write a correct sitemap for a static site.
//!
//! A thin skin over `sitemap-engine`: one module per subcommand (`scan`,
//! `write`, `index`, `mdbook`, `changes`, `validate`, `submit`), each an `Args` struct and a
//! `run` that gathers settings (`flags.rs`: the settings table as flags,
//! `settings.rs`: sitemap.toml's help), hands the job to the engine and
//! presents its report (`ui.rs`; `report.rs`: `--output text|json`), returning an [`ExitCode`]-worthy
//! [`Outcome`]. None of them writes a sitemap file itself.
//!
//! Exit codes: 0 success; 1 an error (bad input, configuration or I/O;
//! printed as `error: file:line: message` with a hint; for `validate`, an
//! invalid file); 2 a usage error (unknown flag, bad value; for
//! `validate`, also a file it could not read); 3 `--check` found the sitemap on disk out of
//! date; 4 `submit`: the endpoint refused a request or could not be
//! reached; 128 + the signal's number when SIGINT, SIGTERM or SIGHUP
//! stopped the run (`signals.rs`: its temporary files removed first).

mod changes;
mod flags;
mod index;
mod mdbook;
mod report;
mod scan;
mod settings;
mod signals;
#[cfg(feature = "submit")]
mod submit;
/// Without the `submit` feature: the command is there, and says how to
/// get it.
#[cfg(not(feature = "submit"))]
#[path = "submit_off.rs"]
mod submit;
mod ui;
mod validate;
mod values;
mod write;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// A scan allocates and frees a few small maps and strings per page on
/// every walker thread; glibc's allocator spent a fifth of a 100,000-page
/// scan in malloc/free and arena consolidation (`cargo xtask bench scan`,
/// perf). mimalloc's thread-local free lists cut that. Its `no_thp`
/// feature keeps it from asking for transparent huge pages: zeroing 2 MiB
/// pages on first touch was then a third of the main thread's time.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit codes, documented in `--help`.
pub(crate) const EXIT_ERROR: u8 = 1;
/// A usage error found after clap's parse (clap exits 2 for its own).
pub(crate) const EXIT_USAGE: u8 = 2;
/// `--check` found differences.
pub(crate) const EXIT_CHECK_FAILED: u8 = 3;
/// `submit`: the endpoint refused a request or could not be reached.
pub(crate) const EXIT_SUBMIT_FAILED: u8 = 4;

const AFTER_HELP: &str = "\
Exit codes:
  0  success
  1  error: bad input, configuration or I/O (printed as `error: file:line: message`);
     for `validate`, a sitemap or robots.txt that is invalid
  2  usage error: unknown flag or bad value; for `validate`, also a file it could not
     read (as linters do: 1 means checked and invalid)
  3  `scan --check`: the sitemap on disk differs from what would be written
  4  `submit`: the endpoint refused a request or could not be reached (what it had not
     accepted stays due: the next run sends it)
  129, 130, 143  SIGHUP, SIGINT, SIGTERM stopped the run (its temporary files removed;
     the folder holds the previous set or, if it was being switched, the new one)

Colours are off when NO_COLOR is set or stderr is not a terminal.";

/// Write correct sitemaps for static sites.
#[derive(Parser, Debug)]
#[command(name = "sitemap", version, about, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Scan a Zola or Hugo site (or a built HTML folder) and write its sitemap.
    Scan(Box<scan::ScanArgs>),
    /// Check sitemaps, sitemap indexes and robots.txt files on disk (exit 0 valid, 1 invalid, 2 usage or I/O error).
    Validate(validate::ValidateArgs),
    /// Write the sitemap of an mdBook book after `mdbook build` (the alternative to the plugin for a single-output book).
    Mdbook(mdbook::MdbookArgs),
    /// Write one sitemap index over existing sitemaps (each checked), e.g. a site's and its book's.
    Index(index::IndexArgs),
    /// Write a sitemap set from a list of URLs (one a line with optional key=value fields, or JSON Lines), or from another generator's sitemap, index or .gz (repaired).
    Write(Box<write::WriteArgs>),
    /// Print what the last run added, changed and removed, from the lastmod ledger (text or JSON).
    Changes(changes::ChangesArgs),
    /// Tell search engines what changed (IndexNow): the ledger's changes not submitted yet, after checking the live site.
    Submit(Box<submit::SubmitArgs>),
}

/// How a subcommand ended, when it did not fail.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// All done.
    Done,
    /// `--check`: the files on disk are out of date.
    CheckFailed,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    signals::install();
    let ui = ui::Ui::new();
    let result = match cli.command {
        Command::Scan(args) => scan::run(&args, &ui),
        Command::Mdbook(args) => mdbook::run(&args, &ui),
        Command::Write(args) => write::run(&args, &ui),
        Command::Index(args) => index::run(&args, &ui),
        Command::Changes(args) => changes::run(&args, &ui),
        Command::Submit(args) => submit::run(&args, &ui),
        // Its own exit codes: 1 means "invalid", 2 a usage or I/O error.
        Command::Validate(args) => return validate::run(args).unwrap_or(ExitCode::from(2)),
    };
    match result {
        Ok(Outcome::Done) => ExitCode::SUCCESS,
        Ok(Outcome::CheckFailed) => ExitCode::from(EXIT_CHECK_FAILED),
        // The reader of a listing stopped early (`--dry-run | head`): it
        // has what it wanted, so the run ends quietly, as `cat` does.
        Err(err) if err.downcast_ref::<ui::StdoutClosed>().is_some() => ExitCode::SUCCESS,
        Err(err) => {
            ui.error(&err);
            let flag = err
                .downcast_ref::<sitemap_engine::Error>()
                .is_some_and(sitemap_engine::Error::from_flag)
                || err
                    .downcast_ref::<sitemap_engine::submit::SubmitError>()
                    .is_some_and(sitemap_engine::submit::SubmitError::from_flag);
            if flag || err.downcast_ref::<values::Usage>().is_some() {
                ExitCode::from(EXIT_USAGE)
            } else if submit::failed(&err) {
                ExitCode::from(EXIT_SUBMIT_FAILED)
            } else {
                ExitCode::from(EXIT_ERROR)
            }
        }
    }
}
