//! The one error type of this crate: every variant names the file (and the
//! line where there is one) and what was expected.

use std::path::PathBuf;

use thiserror::Error;

/// What can go wrong turning a book into a sitemap.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
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
    Book(#[from] sitemap_engine::book::Error),
    /// A chapter's front matter, a glob, the git history: the shared source
    /// layer's errors, which name the file and line themselves.
    #[error(transparent)]
    Source(#[from] sitemap_engine::book::FrontMatterError),
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
