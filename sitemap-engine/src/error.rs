//! One error type for the job: its `Display` names the file (and line)
//! or the flag a value came from, [`Error::hint`] says what to do, and its
//! `Debug` is its `Display`, so a build script's
//! `fn main() -> Result<(), Error>` prints a sentence.

use std::fmt;
use std::path::PathBuf;

/// Why a job failed.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A setting's value is wrong; `at` names where it came from
    /// (`sitemap.toml:7 \`max-urls\``, `` `--max-urls` ``).
    #[error("{at}: {message}")]
    Setting {
        /// Where the value was set.
        at: String,
        /// What is wrong with it.
        message: String,
        /// What to do.
        hint: String,
    },
    /// Several wrong keys of one settings file, all reported at once: one
    /// `error:` line each (the CLI prefixes the first).
    #[error("{}", errors.iter().map(ToString::to_string).collect::<Vec<_>>().join("\nerror: "))]
    Settings {
        /// Each key's error, in the file's order.
        errors: Vec<Error>,
        /// What to do.
        hint: String,
    },
    /// Something about the job as a whole (no base URL, no output folder).
    #[error("{message}")]
    Job {
        /// What is wrong.
        message: String,
        /// What to do.
        hint: String,
    },
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A sitemap key in `book.toml` that is unknown or has a bad value.
    #[error("{}{}: [{table}]: {message}", file.display(), line.map(|l| format!(":{l}")).unwrap_or_default())]
    BookConfig {
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
    /// A book with no `base-url` and no absolute `output.html.site-url` to
    /// fall back on.
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
    /// An mdBook book could not be read.
    #[error(transparent)]
    #[cfg(feature = "mdbook")]
    Book(#[from] sitemap_book::Error),
    /// A Zola or Hugo site could not be read.
    #[error(transparent)]
    Content(#[from] sitemap_content::Error),
    /// A page's front matter, or the source layer, refused something.
    #[error(transparent)]
    Source(#[from] sitemap_pages::Error),
    /// A built HTML folder could not be read.
    #[cfg(feature = "html")]
    #[error(transparent)]
    Html(#[from] sitemap_html::Error),
    /// The sitemap set could not be written.
    #[error(transparent)]
    Write(#[from] sitemap_core::SetError),
    /// robots.txt could not be merged.
    #[error(transparent)]
    Robots(#[from] sitemap_core::robots::RobotsError),
    /// The output folder could not be locked or written.
    #[error(transparent)]
    Output(#[from] sitemap_core::output::OutputError),
}

impl Error {
    /// What the user can do about it, where the job knows.
    pub fn hint(&self) -> Option<&str> {
        match self {
            Error::Setting { hint, .. }
            | Error::Job { hint, .. }
            | Error::Settings { hint, .. } => Some(hint),
            _ => None,
        }
    }

    /// Whether the value came from a command-line flag: a usage error.
    pub fn from_flag(&self) -> bool {
        matches!(self, Error::Setting { at, .. } if at.starts_with("`--"))
    }

    /// The errors of one settings file: the one error itself, or
    /// [`Error::Settings`] holding them all.
    pub(crate) fn of_settings(mut errors: Vec<Error>) -> Error {
        if errors.len() == 1 {
            return errors.remove(0);
        }
        let hint = format!(
            "fix each of the {} keys named above; `sitemap scan --help` lists every key",
            errors.len()
        );
        Error::Settings { errors, hint }
    }

    /// A folder named where a file is wanted, said as such rather than as
    /// the system's "Is a directory"; `what` says which file is wanted.
    pub fn folder_for_file(path: &std::path::Path, what: &str) -> Error {
        Error::job(
            format!(
                "`{}` is a folder; a file is wanted here ({what})",
                path.display()
            ),
            "name the file itself, not the folder holding it",
        )
    }

    pub(crate) fn job(message: impl Into<String>, hint: impl Into<String>) -> Error {
        Error::Job {
            message: message.into(),
            hint: hint.into(),
        }
    }
}

impl fmt::Debug for Error {
    /// The same text as `Display`: a build script returning this error
    /// shows the reader a sentence, not a struct.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
