//! `sitemap write [FILE|-]`: a list of URLs in, a sitemap set out, as
//! Google's Sitemap Generator (`urllist`) and sitemap.js's CLI take one.
//!
//! Two input forms, told apart by the first non-blank line:
//!
//! - **Lines**: a URL, then optional whitespace-separated `key=value`
//!   fields: `lastmod=`, `changefreq=`, `priority=`, `hreflang=LANG:URL`
//!   and `image=URL` (both repeatable), and `source=` (its path
//!   percent-escaped, so it holds no whitespace), which is ignored,
//!   so that the output of `sitemap scan --dry-run` can be written as it
//!   is.
//! - **JSON Lines** (first line starts with `{`): one object a line with
//!   `loc`, and optionally `lastmod`, `changefreq`, `priority` and
//!   `alternates` (`[{"hreflang": "de", "href": "…"}]`) and `images`
//!   (`["https://…/a.png"]`).
//!
//! A `loc` may be absolute or relative to `--base-url`. The list is
//! streamed: memory holds one line (at most [`MAX_LINE`] bytes) and the
//! writer's duplicate hashes, not the list. Every bad line is reported
//! with `file:line:col` as it is found; a list with any bad line writes
//! nothing. A `loc` outside the base URL is left out with a warning
//! naming its line; a byte order mark opening the list is skipped.

use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde::Deserialize;
use sitemap_core::{Alternate, ChangeFreq, Hreflang, Image, Lastmod, Loc, Priority, Pushed, Url};
use sitemap_engine::{HumanPage, Outputs, Publisher, Resolved};

use crate::Outcome;
use crate::flags::OutputArgs;
use crate::settings::Hinted;
use crate::ui::{Ui, shown};

/// The longest line read; a longer one is an error, not an allocation.
pub(crate) const MAX_LINE: usize = 64 * 1024;

/// Write a sitemap set from a list of URLs (one a line, or JSON Lines).
#[derive(Args, Debug)]
pub(crate) struct WriteArgs {
    /// The list: a file, or `-` for standard input.
    #[arg(default_value = "-")]
    input: PathBuf,
    /// The folder the sitemap is served from; every URL must lie under it.
    #[arg(long, value_name = "URL")]
    base_url: String,
    #[command(flatten)]
    output: OutputArgs,
    /// When another run holds the output folder, wait at most this many
    /// seconds for it, then fail naming the process that holds it
    /// (default: wait as long as it takes).
    #[arg(long, value_name = "SECONDS")]
    wait: Option<u64>,
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

/// One JSON Lines entry.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonEntry {
    loc: String,
    lastmod: Option<String>,
    changefreq: Option<String>,
    priority: Option<f64>,
    #[serde(default)]
    alternates: Vec<JsonAlternate>,
    #[serde(default)]
    images: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonAlternate {
    hreflang: String,
    href: String,
}

pub(crate) fn run(args: &WriteArgs, ui: &Ui) -> anyhow::Result<Outcome> {
    ui.set_quiet(args.quiet);
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
    // sitemap.html lists every page, so only then are the entries held.
    let mut pages = Vec::new();
    let html_page = outputs.html_page;
    let mut publisher = Publisher::open(outputs, |dir| ui.summary(&waiting_for(dir)))?;

    let mut lines = Lines::new(BufReader::with_capacity(256 * 1024, input));
    let (mut bad, mut json) = (0_u64, None::<bool>);
    while let Some(line) = lines
        .next_line()
        .with_context(|| format!("cannot read {name}"))?
    {
        let text = match line {
            Line::Text(text) => text,
            Line::NotUtf8(col) => {
                bad += 1;
                ui.error_line(&format!("{name}:{}:{col}: not UTF-8", lines.number));
                continue;
            }
            Line::TooLong => {
                bad += 1;
                ui.error_line(&format!(
                    "{name}:{}:1: line longer than {} KiB",
                    lines.number,
                    MAX_LINE / 1024
                ));
                continue;
            }
        };
        // Editors on Windows save a list with a byte order mark: invisible,
        // it made line 1 "not an absolute URL".
        let text = match text.strip_prefix('\u{feff}') {
            Some(rest) if lines.number == 1 => rest.to_owned(),
            _ => text,
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            continue;
        }
        let is_json = *json.get_or_insert_with(|| trimmed.starts_with('{'));
        let parsed = if is_json {
            parse_json(trimmed, &base)
        } else {
            parse_fields(&text, &base)
        };
        match parsed {
            // After a bad line nothing is written, but the rest is still
            // read so every bad line is reported in one run.
            Ok(url) if bad == 0 => {
                if publisher.push(&url)? == Pushed::SkippedOutside {
                    let col = text.len() - text.trim_start().len() + 1;
                    ui.warning(&format!(
                        "{name}:{}:{col}: {} lies outside {base}: left out",
                        lines.number, url.loc
                    ));
                    continue;
                }
                if html_page {
                    pages.push(HumanPage {
                        loc: url.loc,
                        source: None,
                        lastmod: url.lastmod,
                    });
                }
            }
            Ok(_) => {}
            Err((col, message)) => {
                bad += 1;
                ui.error_line(&format!("{name}:{}:{col}: {message}", lines.number));
            }
        }
    }
    if bad > 0 {
        return Err(Hinted {
            message: format!("{bad} bad line(s) in {name}; nothing written"),
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
        lines.number,
        report.set.urls,
        report.written(shown)
    ));
    Ok(Outcome::Done)
}

/// A line's URL, relative ones resolved against the base.
fn loc(text: &str, base: &Loc) -> Result<Loc, String> {
    if text.contains("://") {
        Loc::parse(text)
    } else {
        base.join(text)
    }
    .map_err(|e| format!("`{text}`: {e}"))
}

/// `URL key=value …`; the error carries its 1-based column.
fn parse_fields(line: &str, base: &Loc) -> Result<Url, (usize, String)> {
    let mut words = line
        .split_ascii_whitespace()
        // The column of each word: its offset in the line, plus one.
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize + 1, w));
    let (col, first) = words.next().ok_or((1, "empty line".to_owned()))?;
    let mut url = Url::new(loc(first, base).map_err(|m| (col, m))?);
    for (col, word) in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| (col, format!("`{word}`: expected key=value after the URL")))?;
        let bad = |e: &dyn std::fmt::Display| (col + key.len() + 1, named(key, value, e));
        url = match key {
            "lastmod" => url.with_lastmod(value.parse::<Lastmod>().map_err(|e| bad(&e))?),
            "changefreq" => url.with_changefreq(value.parse::<ChangeFreq>().map_err(|e| bad(&e))?),
            "priority" => url.with_priority(value.parse::<Priority>().map_err(|e| bad(&e))?),
            "hreflang" => {
                let (lang, href) = value
                    .split_once(':')
                    .ok_or_else(|| bad(&"expected hreflang=LANG:URL"))?;
                let lang: Hreflang = lang.parse().map_err(|e| bad(&e))?;
                url.with_alternate(Alternate::new(lang, loc(href, base).map_err(|m| bad(&m))?))
            }
            "image" => url.with_image(Image::new(loc(value, base).map_err(|m| bad(&m))?)),
            // `sitemap scan --dry-run` names each entry's source file.
            "source" => url,
            other => {
                return Err((
                    col,
                    format!(
                        "unknown field `{other}`; expected lastmod, changefreq, priority, hreflang or image"
                    ),
                ));
            }
        };
    }
    Ok(url)
}

/// A value's error, naming the field once (the model's own messages
/// often start with it already).
fn named(key: &str, value: &str, e: &dyn std::fmt::Display) -> String {
    let message = e.to_string();
    if message.starts_with(key) {
        message
    } else if value.is_empty() {
        format!("{key}: {message}")
    } else {
        format!("{key} `{value}`: {message}")
    }
}

/// One JSON object; serde_json's column for syntax errors, 1 otherwise.
fn parse_json(line: &str, base: &Loc) -> Result<Url, (usize, String)> {
    let entry: JsonEntry = serde_json::from_str(line).map_err(|e| {
        // serde_json appends "at line 1 column N"; the column is given
        // as ours instead.
        let message = e.to_string();
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        (e.column().max(1), message.to_owned())
    })?;
    let field = |name: &str, e: &dyn std::fmt::Display| (1, named(name, "", e));
    let mut url = Url::new(loc(&entry.loc, base).map_err(|m| (1, format!("loc {m}")))?);
    if let Some(l) = &entry.lastmod {
        url = url.with_lastmod(l.parse::<Lastmod>().map_err(|e| field("lastmod", &e))?);
    }
    if let Some(c) = &entry.changefreq {
        url = url.with_changefreq(
            c.parse::<ChangeFreq>()
                .map_err(|e| field("changefreq", &e))?,
        );
    }
    if let Some(p) = entry.priority {
        url = url.with_priority(Priority::new(p).map_err(|e| field("priority", &e))?);
    }
    for alt in &entry.alternates {
        let lang: Hreflang = alt.hreflang.parse().map_err(|e| field("alternates", &e))?;
        let href = loc(&alt.href, base).map_err(|m| (1, format!("alternates: {m}")))?;
        url = url.with_alternate(Alternate::new(lang, href));
    }
    for image in &entry.images {
        let image = loc(image, base).map_err(|m| (1, format!("images: {m}")))?;
        url = url.with_image(Image::new(image));
    }
    Ok(url)
}

enum Line {
    Text(String),
    TooLong,
    /// Not UTF-8: the column of the first bad byte.
    NotUtf8(usize),
}

/// Lines of at most [`MAX_LINE`] bytes, counted; a longer line is skipped
/// to its end without being held.
struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    number: u64,
}

impl<R: BufRead> Lines<R> {
    fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buf: Vec::new(),
            number: 0,
        }
    }

    fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        self.buf.clear();
        let n = (&mut self.reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut self.buf)?;
        if n == 0 {
            return Ok(None);
        }
        self.number += 1;
        if self.buf.len() > MAX_LINE && self.buf.last() != Some(&b'\n') {
            // Skip the rest of the line.
            loop {
                let chunk = self.reader.fill_buf()?;
                if chunk.is_empty() {
                    break;
                }
                match chunk.iter().position(|&b| b == b'\n') {
                    Some(at) => {
                        self.reader.consume(at + 1);
                        break;
                    }
                    None => {
                        let len = chunk.len();
                        self.reader.consume(len);
                    }
                }
            }
            return Ok(Some(Line::TooLong));
        }
        Ok(Some(
            match String::from_utf8(std::mem::take(&mut self.buf)) {
                Ok(text) => Line::Text(text),
                Err(e) => Line::NotUtf8(e.utf8_error().valid_up_to() + 1),
            },
        ))
    }
}
