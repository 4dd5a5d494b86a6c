//! An mdBook book ([`Source::Book`](super::Source::Book), or
//! [`Source::LoadedBook`](super::Source::LoadedBook) as mdBook hands it to
//! the plugin's renderer): the book read by `sitemap-book`, its chapters
//! run through the pages step in `SUMMARY.md` order, as the plugin and
//! `sitemap mdbook` list them.
//!
//! A book is opened before the settings are resolved, because it brings
//! two layers under the caller's: its sitemap table (`[output.sitemap]`,
//! else `[preprocessor.sitemap]`, read by [`crate::settings::book_toml`]) and what
//! the book itself says (the base URL, `site-url` standing in for a
//! missing `base-url`, and the HTML folder as the output folder).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use sitemap_book::Book;
use sitemap_core::Loc;

use super::{PageList, Scan, ScanOptions, pages};
use crate::error::Error;
use crate::settings::book_toml::{self, PREPROCESSOR_TABLE};
use crate::settings::{Layer, Origin, Resolved, Settings};

/// A book opened for a job: the book and the base URL its pages are under.
#[derive(Debug)]
pub(crate) struct Opened {
    book: Book,
    base: Loc,
    /// Why `robots = true` cannot be written for this book, if it cannot.
    robots_refused: Option<Error>,
    /// A base URL that leaves out the folder `site-url` serves the book
    /// under.
    site_url_warning: Option<String>,
}

/// Opens `book` for a job and adds its layers under `layers` (the
/// caller's, flags first). The base URL is the callers' `base-url`, else
/// the table's, else an absolute `output.html.site-url`.
/// A path that is no book named as such, before mdBook's loader would
/// report a missing `src/SUMMARY.md` under it. A folder that does not
/// exist is left to the loader, which names it.
pub(crate) fn check_book_dir(dir: &Path) -> Result<(), Error> {
    let shown = dir.display();
    if dir.is_file() {
        return Err(Error::job(
            format!("`{shown}` is a file; an mdBook book is a folder"),
            "name the book's root folder, the one holding book.toml",
        ));
    }
    if dir.is_dir() && !dir.join("book.toml").exists() && !dir.join("src/SUMMARY.md").exists() {
        return Err(Error::job(
            format!("`{shown}` has no book.toml (and no src/SUMMARY.md): not an mdBook book"),
            "name the book's root folder, the one holding book.toml",
        ));
    }
    Ok(())
}

pub(crate) fn open(book: Book, layers: &mut Vec<Layer>) -> Result<Opened, Error> {
    let root = book.root().to_owned();
    let mut table = book_toml::for_book_dir(book.config(), &root)?;
    table.overrides.base_url = Resolved::new(layers).settings.base_url;
    let base = table.resolve_base_url(book.config(), &root)?;
    let book_toml = root.join("book.toml");
    layers.push(Layer::new(
        table.settings.clone().relative_to(&root),
        Origin::File {
            path: book_toml.clone(),
            table: Some(table.table.clone()),
        },
    ));
    let says = Settings {
        base_url: Some(base.to_string()),
        out: Some(book.html_dir().to_owned()),
        ..Settings::default()
    };
    layers.push(Layer::new(
        says,
        Origin::File {
            path: book_toml.clone(),
            table: Some("output.html".to_owned()),
        },
    ));
    let settings = Resolved::new(layers).settings;
    let filename = settings.filename.as_deref().unwrap_or("sitemap.xml");
    // Only reached when the base URL came from `site-url` (a `base-url`
    // key or flag was checked when it was read), and only refused when
    // the set is written: a dry run lists the entries anyway.
    let site_url_warning = book
        .config()
        .html_config()
        .and_then(|html| html.site_url)
        .and_then(|site_url| {
            crate::settings::base_url_check::site_url_missing(
                &site_url,
                &base,
                &format!("base-url {base}"),
            )
        })
        .map(|message| format!("{}: {message}", book_toml.display()));
    let robots_refused = (settings.robots == Some(true))
        .then(|| book_toml::robots_problem(&base, filename))
        .flatten()
        .map(|message| Error::BookConfig {
            file: book_toml,
            line: None,
            table: "output.html".to_owned(),
            message: format!("site-url: {message}"),
        });
    Ok(Opened {
        book,
        base,
        robots_refused,
        site_url_warning,
    })
}

/// The chapters as pages, through the pages step; the warnings about the
/// book (links mdBook cannot expand) come before the step's own.
pub(super) fn scan(opened: Opened, options: &ScanOptions<'_>) -> Result<Scan, Error> {
    (options.progress)("scanning the book");
    let Opened {
        book,
        base,
        robots_refused,
        site_url_warning,
    } = opened;
    let base = &base;
    let book = &book;
    let read = book.pages_counted(base, &options.files)?;
    let list = PageList::new(book.src_dir(), read.pages).keep_order();
    let src = book.src_dir().file_name().map_or_else(
        || "src".to_owned(),
        |name| name.to_string_lossy().into_owned(),
    );
    let against = format!("chapter paths relative to the book's `{src}` folder");
    let mut scan = pages::scan(&list, options, &against)?;
    let book_toml = book.root().join("book.toml");
    let mut warnings: Vec<String> = book
        .config_warnings()
        .iter()
        .map(|w| format!("{}: {w}", book_toml.display()))
        .collect();
    warnings.extend(read.warnings);
    warnings.extend(site_url_warning);
    warnings.append(&mut scan.warnings);
    scan.warnings = warnings;
    if let Some(first) = read.with_front_matter.first()
        && !strips_front_matter(book)
    {
        let which = match read.with_front_matter.len() {
            1 => format!("{} opens", first.display()),
            n => format!("{} and {} more chapters open", first.display(), n - 1),
        };
        scan.before_write.push(format!(
            "{which} with front matter, but book.toml has no [preprocessor.sitemap]: the HTML shows it as text; add an empty [preprocessor.sitemap] table"
        ));
    }
    let out: PathBuf = options
        .resolved
        .settings
        .out
        .clone()
        .unwrap_or_else(|| book.html_dir().to_owned());
    let listed: HashSet<&Loc> = scan.urls.iter().map(|u| &u.loc).collect();
    let mut missing = Vec::new();
    for chapter in book.chapters() {
        if listed.contains(&sitemap_book::page_loc(base, chapter)?)
            && !out.join(&chapter.html_path).exists()
        {
            missing.push(format!(
                "{}: listed in the sitemap, but not in {}; has the book been built?",
                chapter.html_path,
                out.display()
            ));
        }
    }
    scan.before_write.extend(missing);
    scan.before_write.extend(earlier_build(book));
    scan.write_refused = robots_refused;
    scan.site = site_info(book, base)?;
    Ok(scan)
}

/// llms.txt's view of the book: its title and description from
/// `[book]`, and each chapter in its part of `SUMMARY.md`; a chapter in
/// no part (all of them, in a book without parts) under "Chapters".
fn site_info(book: &Book, base: &Loc) -> Result<crate::human::SiteInfo, Error> {
    let config = &book.config().book;
    let mut sections = std::collections::HashMap::new();
    for chapter in book.chapters() {
        let section = chapter.part.as_deref().unwrap_or("Chapters");
        sections.insert(sitemap_book::page_loc(base, chapter)?, section.to_owned());
    }
    Ok(crate::human::SiteInfo {
        title: config.title.clone().filter(|t| !t.trim().is_empty()),
        description: config.description.clone().filter(|d| !d.trim().is_empty()),
        sections,
        ..Default::default()
    })
}

/// Whether mdBook runs the plugin's preprocessor (which strips front
/// matter) for the HTML renderer.
fn strips_front_matter(book: &Book) -> bool {
    #[derive(serde::Deserialize)]
    struct Table {
        renderers: Option<Vec<String>>,
    }
    match book.config().get::<Table>(PREPROCESSOR_TABLE) {
        Ok(Some(table)) => table
            .renderers
            .is_none_or(|r| r.iter().any(|name| name == "html")),
        _ => false,
    }
}

/// The HTML an earlier build left in the build folder's root once the
/// book builds its HTML into `book/html/` (a second output, such as
/// `[output.sitemap]`, gives each output a folder): mdBook empties only
/// the folders it builds into, so the old book stays beside the new one,
/// and a deploy of `book/` serves both.
fn earlier_build(book: &Book) -> Option<String> {
    let build_dir = book.root().join(&book.config().build.build_dir);
    let old = build_dir.join("index.html");
    (book.html_dir() != build_dir && old.is_file()).then(|| {
        format!(
            "{}: the HTML of an earlier build, beside {} where mdBook now builds the book (with a second output each output has a folder of its own): delete everything in {} but {}/, and deploy {}",
            old.display(),
            book.html_dir().display(),
            build_dir.display(),
            book.html_dir().strip_prefix(&build_dir).unwrap_or(book.html_dir()).display(),
            book.html_dir().display()
        )
    })
}
