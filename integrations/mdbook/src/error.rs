//! The one error type of this crate: every variant names the file (and the
//! line where there is one) and what was expected.

use std::path::PathBuf;

use thiserror::Error;

/// What can go wrong turning a book into a sitemap.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// A sitemap key in `book.toml` that is unknown or has a bad value.
    #[error("{}{}: [{table}]: {message}", file.display(), line.map(|l| format!(":{l}")).unwrap_or_default())]
    Config {
        /// The `book.toml`.
        file: PathBuf,
        /// 1-based line of the offending key, when it can be found in the file
        /// (a value set through an `MDBOOK_*` environment variable has none).
        line: Option<usize>,
        /// The table: `output.sitemap` or `preprocessor.sitemap`.
        table: String,
        /// What is wrong and what was expected.
        message: String,
    },
    /// `book.toml` itself cannot be read or parsed.
    #[error("{}: {message}", file.display())]
    BookToml {
        /// The `book.toml`.
        file: PathBuf,
        /// mdBook's message.
        message: String,
    },
    /// `SUMMARY.md` cannot be read or parsed.
    #[error("{}: {message}", file.display())]
    Summary {
        /// The `SUMMARY.md`.
        file: PathBuf,
        /// mdBook's message.
        message: String,
    },
    /// No `base-url` and no absolute `output.html.site-url` to fall back on.
    #[error(
        "{}: [output.sitemap]: `base-url` is required: the absolute URL the book is served at, such as base-url = \"https://example.org/book/\" (under [preprocessor.sitemap] for a book with only the HTML output){hint}",
        file.display()
    )]
    MissingBaseUrl {
        /// The `book.toml`.
        file: PathBuf,
        /// Why `output.html.site-url` could not stand in, if it is set.
        hint: String,
    },
    /// The book builds no HTML, so there are no pages to list.
    #[error("{}: {message}", file.display())]
    NoHtmlOutput {
        /// The `book.toml`.
        file: PathBuf,
        /// Which configuration leads to no HTML, and what to add.
        message: String,
    },
    /// The HTML output folder is missing (the book has not been built).
    #[error("{}: no HTML output here; run `mdbook build` first", dir.display())]
    NotBuilt {
        /// The folder where mdBook writes the book's HTML.
        dir: PathBuf,
    },
    /// A chapter's page cannot be turned into a `loc`.
    #[error("chapter `{chapter}` ({html_path}): {source}")]
    Loc {
        /// The chapter's name in `SUMMARY.md`.
        chapter: String,
        /// Its page, relative to the book's HTML root.
        html_path: String,
        /// Why the URL is refused.
        source: sitemap_core::ValueError,
    },
    /// The book cannot be read (`book.toml`, `SUMMARY.md`, a chapter).
    #[error(transparent)]
    Book(#[from] sitemap_book::Error),
    /// A chapter's front matter, a glob, the git history: the shared source
    /// layer's errors, which name the file and line themselves.
    #[error(transparent)]
    Source(#[from] sitemap_pages::Error),
    /// The job failed (settings, pages, writing the set).
    #[error(transparent)]
    Job(#[from] sitemap_engine::Error),
    /// `robots.txt` cannot be read, merged or written; nothing was
    /// published.
    #[error(transparent)]
    Robots(#[from] sitemap_core::robots::RobotsError),
    /// A file that cannot be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}
