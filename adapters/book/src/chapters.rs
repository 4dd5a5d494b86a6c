//! Chapters → the pages mdBook's HTML renderer writes for them.
//!
//! The rules follow mdBook 0.5 (`mdbook-html`'s `render_chapter`, the
//! built-in `index` preprocessor and `mdbook-driver`'s `load_book`):
//!
//! - every non-draft chapter, in `SUMMARY.md` order (prefix, numbered,
//!   suffix; a chapter before its nested chapters), gets the page `path`
//!   with the extension `.html`, directories kept;
//! - the `index` preprocessor renames a `README.md` chapter to `index.md`,
//!   so its page is `index.html` in the same directory;
//! - draft chapters (no file), part titles and separators give no page, but
//!   the chapters nested under a draft still do;
//! - the root `index.html` that mdBook writes as a copy of the first
//!   chapter is not a page of its own: it is listed once, as that chapter,
//!   only when the first chapter is itself `index.html`;
//! - `print.html`, `toc.html`, the 404 page and the redirect stubs of
//!   `[output.html.redirect]` are not chapters, so never listed. A chapter
//!   whose page is the 404 page is dropped too: the 404 page overwrites it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use mdbook_preprocessor::book::{Book, BookItem};
use mdbook_preprocessor::config::Config;
use mdbook_summary::{Summary, SummaryItem};

use crate::Error;

/// A chapter's front matter, read as the source layer reads it (so a
/// YAML alias bomb or a block past the size cap is refused with the
/// file and line), except that a `---` that is never closed is a
/// Markdown horizontal rule: mdBook has no front matter of its own, so a
/// chapter opening with a rule is plain Markdown, not a broken block.
pub fn front_matter_of(
    path: &Path,
    text: &str,
) -> Result<sitemap_pages::front_matter::FrontMatter, sitemap_pages::Error> {
    use sitemap_pages::front_matter::{self, Format, FrontMatter};
    match front_matter::parse(path, text) {
        Err(sitemap_pages::Error::UnclosedFrontMatter {
            format: Format::Yaml,
            ..
        }) => {
            let mut none = FrontMatter::default();
            none.body_start = if text.starts_with('\u{feff}') { 3 } else { 0 };
            Ok(none)
        }
        other => other,
    }
}

/// One chapter page of the book's HTML output.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ChapterPage {
    /// The chapter's name in `SUMMARY.md`.
    pub name: String,
    /// The page, relative to the book's HTML root, with `/` separators:
    /// `guide/index.html`.
    pub html_path: String,
    /// The Markdown file relative to `src/`, as named in `SUMMARY.md`
    /// (`guide/README.md` keeps its name here). `None` for a chapter a
    /// preprocessor made up, which has no file.
    pub source_path: Option<PathBuf>,
    /// The part it is in (a `# Title` of `SUMMARY.md` before it), if the
    /// book has parts.
    pub part: Option<String>,
}

/// The chapter pages of a book that mdBook has loaded (and preprocessed),
/// as a renderer receives it.
pub fn from_book(book: &Book, config: &Config) -> Vec<ChapterPage> {
    // `Book::chapters`' order (a chapter, then its nested ones), with the
    // part each top-level item is in.
    fn collect(items: &[BookItem], part: &mut Option<String>, pages: &mut Vec<ChapterPage>) {
        for item in items {
            match item {
                BookItem::PartTitle(title) => *part = Some(title.clone()),
                BookItem::Chapter(ch) => {
                    if let Some(path) = &ch.path {
                        pages.push(ChapterPage {
                            name: ch.name.clone(),
                            html_path: html_path(path),
                            source_path: ch.source_path.clone(),
                            part: part.clone(),
                        });
                    }
                    collect(&ch.sub_items, &mut part.clone(), pages);
                }
                BookItem::Separator => {}
            }
        }
    }
    let mut pages = Vec::new();
    collect(&book.items, &mut None, &mut pages);
    finish(pages, config)
}

/// The chapter pages of the book at `root`, read from its `SUMMARY.md`
/// without running mdBook: what `mdbook build` renders, for a sitemap
/// written after the build.
///
/// Unlike mdBook this never creates missing chapter files
/// (`build.create-missing`); a chapter whose file is missing is listed
/// anyway, as mdBook would create and render it.
pub fn from_summary(root: &Path, config: &Config) -> Result<Vec<ChapterPage>, Error> {
    let summary_md = root.join(&config.book.src).join("SUMMARY.md");
    let text = sitemap_core::input::read_regular_text(&summary_md, crate::MAX_CHAPTER_BYTES)
        .map_err(|source| Error::Io {
            path: summary_md.clone(),
            source,
        })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let summary = mdbook_summary::parse_summary(text).map_err(|e| Error::Summary {
        file: summary_md.clone(),
        message: format!("{e:#}"),
    })?;
    let renames_readme = index_preprocessor_runs(config);
    let mut pages = Vec::new();
    let mut part = None;
    for item in summary_items(&summary) {
        if let SummaryItem::PartTitle(title) = item {
            part = Some(title.clone());
        }
        walk(item, renames_readme, part.as_deref(), &mut pages);
    }
    Ok(finish(pages, config))
}

fn summary_items(summary: &Summary) -> impl Iterator<Item = &SummaryItem> {
    summary
        .prefix_chapters
        .iter()
        .chain(&summary.numbered_chapters)
        .chain(&summary.suffix_chapters)
}

fn walk(
    item: &SummaryItem,
    renames_readme: bool,
    part: Option<&str>,
    pages: &mut Vec<ChapterPage>,
) {
    let SummaryItem::Link(link) = item else {
        return;
    };
    if let Some(location) = &link.location {
        let mut path = location.clone();
        if renames_readme && is_readme(&path) {
            path.set_file_name("index.md");
        }
        pages.push(ChapterPage {
            name: link.name.clone(),
            html_path: html_path(&path),
            source_path: Some(location.clone()),
            part: part.map(str::to_owned),
        });
    }
    for nested in &link.nested_items {
        walk(nested, renames_readme, part, pages);
    }
}

/// Whether mdBook runs its `index` preprocessor for the HTML renderer.
fn index_preprocessor_runs(config: &Config) -> bool {
    builtin_preprocessor_runs(config, "index")
}

/// Whether mdBook runs its built-in preprocessor `name` (`index`,
/// `links`) for the HTML renderer: always with the default preprocessors
/// on, otherwise only when `[preprocessor.NAME]` asks for it (and does not
/// leave `html` out of its `renderers`).
pub(crate) fn builtin_preprocessor_runs(config: &Config, name: &str) -> bool {
    if config.build.use_default_preprocessors {
        return true;
    }
    #[derive(serde::Deserialize)]
    struct Table {
        renderers: Option<Vec<String>>,
    }
    match config.get::<Table>(&format!("preprocessor.{name}")) {
        Ok(Some(table)) => table
            .renderers
            .is_none_or(|r| r.iter().any(|name| name == "html")),
        _ => false,
    }
}

/// The `index` preprocessor's test: the file stem is `readme` in any case.
fn is_readme(path: &Path) -> bool {
    path.file_stem()
        .and_then(|s| s.to_str())
        .is_some_and(|s| s.eq_ignore_ascii_case("readme"))
}

/// `path` with the extension `.html`, as `mdbook-html` names the page.
fn html_path(path: &Path) -> String {
    let page = path.with_extension("html");
    page.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Drops the chapter the 404 page overwrites and repeated pages (a file
/// linked twice in `SUMMARY.md`, or `README.md` next to `index.md`): mdBook
/// writes each page once, the last writer winning, and a sitemap must not
/// list one URL twice.
fn finish(pages: impl IntoIterator<Item = ChapterPage>, config: &Config) -> Vec<ChapterPage> {
    let html = config.html_config().unwrap_or_default();
    let page_404 = (html.input_404.as_deref() != Some("")).then(|| html.get_404_output_file());
    let mut seen = HashSet::new();
    let mut kept: Vec<ChapterPage> = pages
        .into_iter()
        .filter(|p| page_404.as_deref() != Some(p.html_path.as_str()))
        .collect::<Vec<_>>()
        .into_iter()
        // The last chapter written to a page is the one served there.
        .rev()
        .filter(|p| seen.insert(p.html_path.clone()))
        .collect();
    kept.reverse();
    kept
}

/// Where the HTML renderer writes: `build-dir` when it is the only
/// renderer, `build-dir/html` when there are several (mdBook's
/// `build_dir_for`). An error when the book builds no HTML at all.
pub fn html_dir(root: &Path, config: &Config) -> Result<PathBuf, Error> {
    let book_toml = root.join("book.toml");
    let outputs = config
        .outputs::<toml_any::Any>()
        .map_err(|e| Error::BookToml {
            file: book_toml.clone(),
            line: None,
            message: format!("{e:#}"),
        })?;
    let build_dir = root.join(&config.build.build_dir);
    if outputs.is_empty() {
        return Ok(build_dir);
    }
    if !outputs.contains_key("html") {
        let names: Vec<String> = outputs.keys().map(|k| format!("[output.{k}]")).collect();
        return Err(Error::NoHtmlOutput {
            file: book_toml,
            message: format!(
                "{} but no [output.html]: with any [output] table mdBook builds only the outputs listed, so this book has no HTML pages to list; add an empty [output.html] table",
                names.join(", ")
            ),
        });
    }
    Ok(if outputs.len() == 1 {
        build_dir
    } else {
        build_dir.join("html")
    })
}

mod toml_any {
    /// Any TOML value, read and thrown away: only the table names matter.
    pub(crate) struct Any;

    impl<'de> serde::Deserialize<'de> for Any {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            serde::de::IgnoredAny::deserialize(d).map(|_| Any)
        }
    }
}
