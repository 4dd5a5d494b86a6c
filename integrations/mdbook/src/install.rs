//! `mdbook-sitemap install [BOOK_DIR] --base-url URL`: adds the plugin's
//! tables to a book's `book.toml`, as the README's setup shows them.
//!
//! Modelled on `mdbook-admonish install`: the folder defaults to `.`, the
//! file is edited with `toml_edit` (comments, order and formatting kept),
//! tables already there are kept as they are, and the file is written only
//! when it changed: beside it and renamed over it, its mode and line
//! endings (LF or CRLF) kept; one its owner made read-only is refused.
//! Unlike admonish it writes no `command` key (mdBook finds
//! `mdbook-sitemap` on `PATH` by the table's name) and copies no assets;
//! and it asks for the base URL rather than leaving a placeholder that
//! fails the next build.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use toml_edit::{DocumentMut, Item, Table};

use crate::moved::{self, Move};

/// What a run did, for the message.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The tables named were added to the file; the HTML moved when it
    /// was the book's one output.
    Added(Vec<&'static str>, Option<Move>),
    /// `book.toml` already had the sitemap configured; nothing changed.
    AlreadyConfigured(&'static str),
}

/// Parses `install`'s arguments and runs it; returns the message.
pub(crate) fn run(args: &[String]) -> Result<String> {
    let mut dir = PathBuf::from(".");
    let mut base_url = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--base-url" => {
                base_url = Some(it.next().context("--base-url needs a value")?.clone());
            }
            flag if flag.starts_with('-') => {
                bail!(
                    "install: unknown flag {flag} (usage: mdbook-sitemap install [BOOK_DIR] --base-url URL)"
                )
            }
            other => dir = other.into(),
        }
    }
    let file = dir.join("book.toml");
    Ok(match install(&dir, base_url.as_deref())? {
        Outcome::AlreadyConfigured(table) => format!(
            "mdbook-sitemap: {} already has {table}; nothing changed",
            file.display()
        ),
        Outcome::Added(tables, moved) => {
            let mut said = format!(
                "mdbook-sitemap: added {} to {}; `mdbook build` now writes sitemap.xml beside the book's HTML",
                tables.join(", "),
                file.display()
            );
            if let Some(moved) = moved {
                said.push_str(&moved_message(&moved));
            }
            said
        }
    })
}

/// The lines that say where the HTML went and what `install` changed for
/// it.
fn moved_message(moved: &Move) -> String {
    use std::fmt::Write as _;
    let mut said = format!(
        "\nmdbook-sitemap: the book's HTML moves from {} to {} (mdBook gives each output a folder of its own once there are two); publish {}",
        moved.from, moved.to, moved.to
    );
    // mdBook empties only the folders it builds into: an earlier build's
    // HTML would stay beside the new one, and be deployed with it.
    if std::path::Path::new(&moved.from)
        .join("index.html")
        .is_file()
    {
        let _ = write!(
            said,
            "\nmdbook-sitemap: {} still holds the HTML of an earlier build, which mdBook leaves there: delete everything in it but html/",
            moved.from
        );
    }
    for line in &moved.lines {
        let _ = match &line.now {
            Some(now) => write!(
                said,
                "\nmdbook-sitemap: {}:{}: changed `{}` to `{}`",
                line.file, line.line, line.was, now
            ),
            None => write!(
                said,
                "\nmdbook-sitemap: {}:{}: `{}` names {}; if it publishes the book, make that {}/html (not changed: not a `key: folder` line)",
                line.file, line.line, line.was, line.folder, line.folder
            ),
        };
    }
    said
}

/// Adds `[preprocessor.sitemap]`, `[output.html]` (mdBook builds only the
/// outputs listed once any is) and `[output.sitemap]` with `base-url` to
/// `dir/book.toml`, keeping every table and comment already there.
pub(crate) fn install(dir: &Path, base_url: Option<&str>) -> Result<Outcome> {
    let file = dir.join("book.toml");
    if !dir.is_dir() {
        bail!(
            "{} is not a folder; name the book's folder, where book.toml is",
            dir.display()
        );
    }
    if !file.is_file() {
        bail!(
            "no book.toml in {}; name the book's folder (mdbook-sitemap install BOOK_DIR), or run `mdbook init` there first",
            dir.display()
        );
    }
    let text =
        std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
    // The line, never its text: `book.toml` may be a link to a file that
    // is not the book's (a credentials file), which must not be printed.
    let mut doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        let line = e.span().map_or(String::new(), |span| {
            let at = span.start.min(text.len());
            let lines = text.as_bytes()[..at]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            format!(":{}", lines + 1)
        });
        anyhow::anyhow!("{}{line}: not valid TOML: {}", file.display(), e.message())
    })?;
    if let Some(table) = configured(&doc) {
        return Ok(Outcome::AlreadyConfigured(table));
    }
    let Some(base_url) = base_url else {
        bail!(
            "say where the book is served: mdbook-sitemap install --base-url https://example.org/book/ {}",
            dir.display()
        );
    };
    let base = sitemap_engine::base_url_check::parse(base_url)
        .map_err(|message| anyhow::anyhow!("--base-url: {message}"))?;

    let html_alone = moved::html_alone(&doc);
    let mut added = Vec::new();
    let preprocessor = parent(&mut doc, "preprocessor", &file)?;
    if !preprocessor.contains_key("sitemap") {
        preprocessor.insert("sitemap", Item::Table(Table::new()));
        added.push("[preprocessor.sitemap]");
    }
    let output = parent(&mut doc, "output", &file)?;
    if !output.contains_key("html") {
        output.insert("html", Item::Table(Table::new()));
        added.push("[output.html]");
    }
    let mut sitemap = Table::new();
    sitemap.insert("base-url", toml_edit::value(base.as_str()));
    output.insert("sitemap", Item::Table(sitemap));
    added.push("[output.sitemap]");

    let mut edited = doc.to_string();
    // toml_edit writes `\n`; a file kept with Windows line endings keeps
    // them.
    if text
        .split_once('\n')
        .is_some_and(|(first, _)| first.ends_with('\r'))
    {
        edited = edited.replace("\r\n", "\n").replace('\n', "\r\n");
    }
    // Published as the sitemap's files are (beside it, synced, renamed
    // over it): a full disk leaves book.toml as it was, never cut off.
    sitemap_core::output::replace_file(&file, edited.as_bytes())
        .map_err(|e| anyhow::anyhow!("{}: {}; it is left as it was", file.display(), e.kind()))?;
    let moved = if html_alone {
        Some(moved::apply(dir, &moved::build_dir(&doc))?)
    } else {
        None
    };
    Ok(Outcome::Added(added, moved))
}

/// The table that says the sitemap is set up already: `[output.sitemap]`,
/// or `[preprocessor.sitemap]` with a `base-url` (the one-output setup,
/// which writes the sitemap with `sitemap mdbook` after the build).
fn configured(doc: &DocumentMut) -> Option<&'static str> {
    let table = |outer: &str| doc.get(outer)?.as_table_like()?.get("sitemap");
    if table("output").is_some() {
        return Some("[output.sitemap]");
    }
    let preprocessor = table("preprocessor")?.as_table_like()?;
    preprocessor
        .contains_key("base-url")
        .then_some("[preprocessor.sitemap] with a base-url")
}

/// The top-level table `name` (made, without a header of its own, when
/// missing); an error when `book.toml` has `name` as something else.
fn parent<'a>(doc: &'a mut DocumentMut, name: &str, file: &Path) -> Result<&'a mut Table> {
    let item = doc.entry(name).or_insert_with(|| {
        let mut table = Table::new();
        table.set_implicit(true);
        Item::Table(table)
    });
    match item.as_table_mut() {
        Some(table) => Ok(table),
        None => bail!(
            "{}: `{name}` is not a [{name}] table; add [{name}.sitemap] by hand (see mdbook-sitemap --help)",
            file.display()
        ),
    }
}
