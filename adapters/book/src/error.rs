//! The one error type of this crate: every variant names the file (and the
//! chapter, where there is one) and what was expected.

use std::fmt;
use std::path::PathBuf;

use sitemap_core::diagnostic::{Diagnostic, Name};
use thiserror::Error;

/// What can go wrong reading a book; its text is [`Error::diagnostics`]'.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// `book.toml` itself cannot be read or parsed.
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
    Summary {
        /// The `SUMMARY.md`.
        file: PathBuf,
        /// mdBook's message.
        message: String,
    },
    /// The book builds no HTML, so there are no pages to list.
    NoHtmlOutput {
        /// The `book.toml`.
        file: PathBuf,
        /// Which configuration leads to no HTML, and what to add.
        message: String,
    },
    /// A chapter's page cannot be turned into a `loc`.
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
    Source(#[from] sitemap_pages::Error),
    /// Several chapters' front matter refused, all reported at once, in
    /// `SUMMARY.md` order: one `error:` line each (a skin prefixes the
    /// first), as the settings files' errors are.
    Chapters {
        /// Each chapter's error, naming its file and line.
        errors: Vec<sitemap_pages::Error>,
    },
    /// A file that cannot be read.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

impl Error {
    /// The error as data, a diagnostic for each place it names: every
    /// chapter of [`Error::Chapters`], in `SUMMARY.md` order.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let one = match self {
            Error::BookToml {
                file,
                line,
                message,
            } => Diagnostic::error(message)
                .in_file(file)
                .with_line(line.map(|l| l as u64)),
            Error::Summary { file, message } | Error::NoHtmlOutput { file, message } => {
                Diagnostic::error(message).in_file(file)
            }
            Error::Loc {
                chapter,
                html_path,
                source,
            } => Diagnostic::error(format!(
                "chapter `{}` ({}): {source}",
                Name::new(chapter),
                Name::new(html_path)
            )),
            Error::Source(e) => e.diagnostic(),
            Error::Chapters { errors } => {
                return errors
                    .iter()
                    .map(sitemap_pages::Error::diagnostic)
                    .collect();
            }
            Error::Io { path, source } => Diagnostic::error(source.to_string()).in_file(path),
        };
        vec![one]
    }
}

impl fmt::Display for Error {
    /// `file:line: message`, one line each (each after the first
    /// `error: `).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics().iter().enumerate() {
            if i > 0 {
                f.write_str("\nerror: ")?;
            }
            d.unlabelled().fmt(f)?;
        }
        Ok(())
    }
}
