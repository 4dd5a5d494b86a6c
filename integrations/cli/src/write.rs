//! `sitemap write [FILE|-]`: a list of URLs in, a sitemap set out, as
//! Google's Sitemap Generator (`urllist`) and sitemap.js's CLI take one.
//!
//! The list's forms and its reader are `sitemap_engine::url_list`; the
//! list is streamed: memory holds one line (at most
//! `url_list::MAX_LINE` bytes) and the writer's duplicate hashes, not the
//! list. Every bad line is reported with `file:line:col` as it is found
//! (the first 100; the rest are counted); a list with any bad line writes
//! nothing, and one with no good line is said not to look like a list. A `loc` outside the base URL
//! is left out with a warning naming its line.
//!
//! A file that is itself a sitemap (it starts with `<`, or is gzip) is
//! read as one instead: `write_sitemap.rs`. The input's own bytes tell
//! the two apart (no URL list starts with `<`), so one command writes a
//! set from either, and every output flag means the same for both.

use std::io::{BufReader, Read};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use sitemap_core::Pushed;
use sitemap_engine::url_list::UrlList;
use sitemap_engine::{HumanPage, Outputs, Publisher, Resolved};

use crate::Outcome;
use crate::flags::OutputArgs;
use crate::settings::Hinted;
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

/// The notice when another run holds the output folder, naming the
/// process that holds it when the kernel's lock table says.
pub(crate) fn waiting_for(dir: &std::path::Path) -> String {
    let holder = sitemap_core::output::lock_holder(dir)
        .map(|pid| format!(" (process {pid} holds its lock)"))
        .unwrap_or_default();
    format!(
        "waiting for another run writing into {}{holder}",
        shown(dir)
    )
}

/// The most bad lines printed one by one; past it they are counted, so a
/// binary file given by mistake prints a screenful, not one line per
/// line of it.
const MAX_SHOWN: u64 = 100;

pub(crate) fn run(args: &WriteArgs, ui: &Ui) -> anyhow::Result<Outcome> {
    ui.set_quiet(args.quiet);
    if args.input.is_dir() {
        return Err(sitemap_engine::Error::folder_for_file(
            &args.input,
            "a list of URLs, one a line, or a sitemap to rewrite",
        )
        .into());
    }
    // Only a regular file is sniffed: peeking into a FIFO
    // (`<(generate-urls)`) would eat the head of the list.
    let is_sitemap = args.input.as_os_str() != "-"
        && args.input.is_file()
        && sitemap_engine::sitemap_input::is_sitemap(&args.input)
            .with_context(|| format!("cannot read {}", args.input.display()))?;
    if is_sitemap {
        return crate::write_sitemap::run(args, &args.input, ui);
    }
    let base = crate::values::base_url(&args.base_url)?;
    if args.output.out.is_none() {
        return Err(crate::values::Usage("--out DIR is required".to_owned()).into());
    }
    let (name, input): (String, Box<dyn Read>) = if args.input.as_os_str() == "-" {
        ("<stdin>".to_owned(), Box::new(std::io::stdin().lock()))
    } else {
        // A FIFO is fine here (`<(generate-urls)`): the list is streamed.
        let file = std::fs::File::open(&args.input)
            .with_context(|| format!("cannot read {}", args.input.display()))?;
        (args.input.display().to_string(), Box::new(file))
    };
    let resolved = Resolved::new(&[args.output.layer(Some(&args.base_url))]);
    let mut outputs = Outputs::resolve(&resolved, base.clone(), None)?;
    outputs.lock_wait = args.wait.map(std::time::Duration::from_secs);
    // sitemap.html and llms.txt list every page, so only then are the
    // entries held.
    let mut pages = Vec::new();
    let html_page = outputs.html_page || outputs.llms_txt;
    let mut publisher = Publisher::open(outputs, |dir| ui.summary(&waiting_for(dir)))?;

    let mut list = UrlList::new(BufReader::with_capacity(256 * 1024, input), base.clone());
    let mut bad = 0_u64;
    let mut good = 0_u64;
    while let Some(entry) = list
        .next_entry()
        .with_context(|| format!("cannot read {name}"))?
    {
        match entry {
            // After a bad line nothing is written, but the rest is still
            // read so every bad line is reported (or counted) in one run.
            Ok(listed) if bad == 0 => {
                good += 1;
                if publisher.push(&listed.url)? == Pushed::SkippedOutside {
                    ui.warning(&format!(
                        "{name}:{}:{}: {} lies outside {base}: left out",
                        listed.line, listed.col, listed.url.loc
                    ));
                    continue;
                }
                if html_page {
                    pages.push(HumanPage {
                        loc: listed.url.loc,
                        source: None,
                        lastmod: listed.url.lastmod,
                    });
                }
            }
            Ok(_) => good += 1,
            Err(line) => {
                bad += 1;
                if bad <= MAX_SHOWN {
                    ui.error_line(&line.at(&name));
                }
            }
        }
    }
    if bad > 0 {
        let shown = if bad > MAX_SHOWN {
            format!(" (the first {MAX_SHOWN} shown)")
        } else {
            String::new()
        };
        let message = if good == 0 {
            format!(
                "{name} does not look like a URL list or a sitemap: none of its {bad} line(s) is a URL{shown}; nothing written"
            )
        } else {
            format!("{bad} bad line(s) in {name}{shown}; nothing written")
        };
        return Err(Hinted {
            message,
            hint: "each line is a URL with optional key=value fields, or a JSON object with `loc`; see `sitemap write --help`".to_owned(),
        }
        .into());
    }
    let report = publisher.finish(&pages)?;
    for w in &report.warnings {
        ui.warning(w);
    }
    let skipped = if report.duplicates > 0 {
        format!(" ({} duplicate(s) left out)", report.duplicates)
    } else {
        String::new()
    };
    ui.summary(&format!(
        "sitemap: {} lines read, {} URLs{skipped}; {}",
        list.lines_read(),
        report.set.urls,
        report.written(shown)
    ));
    Ok(Outcome::Done)
}
