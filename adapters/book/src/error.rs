//! The one error type of this crate: every variant names the file (and the
//! chapter, where there is one) and what was expected.

use std::path::PathBuf;

use thiserror::Error;

/// What can go wrong reading a book.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// `book.toml` itself cannot be read or parsed.
    #[error("{}{}: {message}", file.display(), line.map(|l| format!(":{l}")).unwrap_or_default())]
    BookToml {
        /// The `book.toml`.
        file: PathBuf,
        /// The 1-based line, where known.
        line: Option<usize>,
        /// mdBook's message (never the text of the line: `book.toml` may
        /// be a link to a file that is not the book's).
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
    /// A chapter's front matter: the pages step's errors, which name the
    /// file and line themselves.
    #[error(transparent)]
    Source(#[from] sitemap_pages::Error),
    /// Several chapters' front matter refused, all reported at once, in
    /// `SUMMARY.md` order: one `error:` line each (a skin prefixes the
    /// first), as the settings files' errors are.
    #[error("{}", errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\nerror: "))]
    Chapters {
        /// Each chapter's error, naming its file and line.
        errors: Vec<sitemap_pages::Error>,
    },
    /// A file that cannot be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}
