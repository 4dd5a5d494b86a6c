//! The one error type of this crate: every variant names the file (and the
//! line where there is one) and what was expected.

use std::path::PathBuf;

use sitemap_core::Diagnostic;
use thiserror::Error;

/// What can go wrong turning a book into a sitemap.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
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
    /// The book cannot be read (`book.toml`, `SUMMARY.md`, a chapter).
    #[error(transparent)]
    Book(#[from] sitemap_engine::book::Error),
    /// A chapter's front matter that the preprocessor cannot read (the
    /// pages step's error, which names the file and line). The renderer's
    /// own reading fails as [`Error::Job`].
    #[error(transparent)]
    Source(#[from] sitemap_engine::book::FrontMatterError),
    /// The job failed (settings, the book's chapters, pages, writing the
    /// set).
    #[error(transparent)]
    Job(#[from] sitemap_engine::Error),
    /// A change submission (IndexNow) did not happen, or stopped.
    #[error(transparent)]
    Submit(#[from] sitemap_engine::submit::SubmitError),
}

impl Error {
    /// Every place it names as data, with the hint where the job's error
    /// has one: what the plugin prints, a line each.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        match self {
            Error::NoHtmlOutput { file, message } => {
                vec![Diagnostic::error(message).in_file(file)]
            }
            Error::NotBuilt { dir } => vec![
                Diagnostic::error("no HTML output here; run `mdbook build` first").in_file(dir),
            ],
            Error::Book(e) => e.diagnostics(),
            Error::Source(e) => vec![e.diagnostic()],
            Error::Job(e) => e.diagnostics(),
            Error::Submit(e) => e.diagnostics(),
        }
    }
}
