//! An mdBook book read as the pages its HTML renderer writes.
//!
//! A map of the crate, in the order a book is read:
//!
//! - [`Book::load`]: `book.toml` (with `MDBOOK_*` environment overrides),
//!   then `SUMMARY.md` ([`chapters::from_summary`]) and the folder the HTML
//!   is built into ([`chapters::html_dir`]); [`Book::from_parts`] takes the
//!   book a renderer is handed instead ([`chapters::from_book`]).
//! - [`chapters`]: mdBook 0.5's renderer rules (which chapter gives which
//!   page), and a chapter's front matter ([`chapters::front_matter_of`]).
//! - [`Book::pages`]: each chapter file read once, its front matter turned
//!   into overrides and the files it `{{#include}}`s into deps (the private
//!   `includes` module), giving the `sitemap_pages::pipeline::Page`s in
//!   `SUMMARY.md` order.
//!
//! The crate reads and never writes; the engine's `Source::Book` and the
//! `mdbook-sitemap` plugin decide what is written where.
//!
//! ```
//! use std::fs;
//! use sitemap_book::Book;
//!
//! let dir = tempfile::tempdir()?;
//! let root = dir.path();
//! fs::create_dir_all(root.join("src"))?;
//! fs::write(root.join("book.toml"), "")?;
//! fs::write(root.join("src/SUMMARY.md"), "- [Intro](README.md)\n- [Later]()\n")?;
//! fs::write(root.join("src/README.md"), "---\nsitemap:\n  priority: 0.9\n---\n# Intro\n")?;
//!
//! let book = Book::load(root)?;
//! let base = sitemap_core::Loc::parse("https://example.org/book/")?;
//! let read = book.pages(&base)?;
//! assert_eq!(read.pages.len(), 1);
//! assert_eq!(read.pages[0].loc.as_str(), "https://example.org/book/index.html");
//! assert_eq!(read.with_front_matter, [std::path::Path::new("src/README.md")]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod chapters;
mod config_file;
mod error;
mod includes;
mod pages;

use std::path::{Path, PathBuf};

use mdbook_preprocessor::config::Config;
use sitemap_core::Diagnostic;

pub use crate::chapters::ChapterPage;
pub use crate::error::Error;
pub use crate::pages::{BookPages, page_loc};
/// mdBook's configuration and book types, as this crate reads them.
pub use mdbook_preprocessor::{book, config};

/// The largest chapter or `SUMMARY.md` read (64 MiB): far past any real
/// chapter, small enough that a hostile file cannot exhaust memory.
pub const MAX_CHAPTER_BYTES: u64 = 64 << 20;

/// The most `book.toml` may hold: far more than any real one.
pub const MAX_BOOK_TOML_BYTES: u64 = 4 << 20;

/// A book to list: its root, mdBook's configuration, its chapter pages and
/// the folder its HTML is built into.
#[derive(Debug, Clone)]
pub struct Book {
    root: PathBuf,
    config: Config,
    chapters: Vec<ChapterPage>,
    html_dir: PathBuf,
    /// Keys of `book.toml` mdBook 0.5 refuses and 0.4 read, left out.
    config_warnings: Vec<Diagnostic>,
}

impl Book {
    /// Loads the book at `root` as `mdbook build` would see it, without
    /// running mdBook: `book.toml` (with `MDBOOK_*` environment overrides)
    /// and `SUMMARY.md`. The HTML folder is where `mdbook build` puts it:
    /// `build-dir` (`book/`) for a book with one output, `build-dir/html`
    /// with several.
    pub fn load(root: impl AsRef<Path>) -> Result<Book, Error> {
        let root = root.as_ref().to_owned();
        let (config, config_warnings) = Book::load_config(&root)?;
        let chapters = chapters::from_summary(&root, &config)?;
        let html_dir = chapters::html_dir(&root, &config)?;
        Ok(Book {
            root,
            config,
            chapters,
            html_dir,
            config_warnings,
        })
    }

    /// The configuration alone of the book at `root`, as [`Book::load`]
    /// reads it (`book.toml`, with `MDBOOK_*` environment overrides; the
    /// defaults without the file), and the keys it left out
    /// ([`Book::config_warnings`]); `SUMMARY.md` is not read.
    pub fn load_config(root: &Path) -> Result<(Config, Vec<Diagnostic>), Error> {
        let book_toml = root.join("book.toml");
        let (mut config, config_warnings) = if book_toml.exists() {
            let text = sitemap_core::input::read_regular_text(&book_toml, MAX_BOOK_TOML_BYTES)
                .map_err(|e| Error::BookToml {
                    file: book_toml.clone(),
                    line: None,
                    message: e.to_string(),
                })?;
            let (config, warnings) = config_file::parse(&text).map_err(|e| Error::BookToml {
                file: book_toml.clone(),
                line: e.line,
                message: e.message,
            })?;
            let warnings = warnings
                .into_iter()
                .map(|w| w.in_file(&book_toml))
                .collect();
            (config, warnings)
        } else {
            (Config::default(), Vec::new())
        };
        config.update_from_env().map_err(|e| Error::BookToml {
            file: book_toml.clone(),
            line: None,
            message: format!("applying MDBOOK_* environment variables: {e:#}"),
        })?;
        Ok((config, config_warnings))
    }

    /// The book as mdBook hands it to a renderer (already preprocessed, so
    /// a chapter a preprocessor made up is there too). The HTML folder is
    /// found as for [`Book::load`].
    pub fn from_parts(root: PathBuf, config: Config, book: &book::Book) -> Result<Book, Error> {
        let chapters = chapters::from_book(book, &config);
        let html_dir = chapters::html_dir(&root, &config)?;
        Ok(Book {
            root,
            config,
            chapters,
            html_dir,
            // mdBook itself read `book.toml`.
            config_warnings: Vec::new(),
        })
    }

    /// The book's root (where `book.toml` is).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// mdBook's configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The chapter pages, in `SUMMARY.md` order.
    pub fn chapters(&self) -> &[ChapterPage] {
        &self.chapters
    }

    /// The keys of `book.toml` that mdBook 0.5 refuses and 0.4 reads,
    /// each named with what to do: left out, so that a book mdBook 0.4
    /// builds is read.
    pub fn config_warnings(&self) -> &[Diagnostic] {
        &self.config_warnings
    }

    /// The folder mdBook builds the HTML into.
    pub fn html_dir(&self) -> &Path {
        &self.html_dir
    }

    /// The chapters' folder (`src/`).
    pub fn src_dir(&self) -> PathBuf {
        self.root.join(&self.config.book.src)
    }
}
