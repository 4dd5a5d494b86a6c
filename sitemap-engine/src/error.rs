//! One error type for the job: [`Error::diagnostics`] gives each place it
//! names as fields (file, line, key) with the hint, for a skin to render;
//! its `Display` names the file (and line) or the flag a value came from,
//! [`Error::hint`] says what to do, and its `Debug` is its `Display`, so a
//! build script's `fn main() -> Result<(), Error>` prints a sentence.

use std::fmt;
use std::path::PathBuf;

use sitemap_core::Diagnostic;

/// Why a job failed. Its text is [`Error::diagnostics`]': each place it
/// names a field, each line `file:line: message`.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A setting's value is wrong; `at` names where it came from
    /// (`sitemap.toml:7 \`max-urls\``, `` `--max-urls` ``).
    Setting {
        /// Where the value was set.
        at: String,
        /// What is wrong with it.
        message: String,
        /// What to do.
        hint: String,
    },
    /// A settings file (`sitemap.toml`) that cannot be read, or a key of
    /// it that is unknown or has a bad value, at its line.
    SettingsFile {
        /// The file.
        file: PathBuf,
        /// The 1-based line, where known.
        line: Option<u64>,
        /// The key, where the error is about one.
        key: Option<String>,
        /// What is wrong.
        message: String,
        /// What to do.
        hint: String,
    },
    /// Several wrong keys of one settings file, all reported at once: one
    /// `error:` line each.
    Settings {
        /// Each key's error, in the file's order.
        errors: Vec<Error>,
        /// What to do.
        hint: String,
    },
    /// Something about the job as a whole (no base URL, no output folder).
    Job {
        /// What is wrong.
        message: String,
        /// What to do.
        hint: String,
    },
    /// Several findings that fail the job together (the build check's
    /// differences, the causes of an empty sitemap), each at its place;
    /// the last one carries the hint.
    Found(Vec<Diagnostic>),
    /// A file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A sitemap key in `book.toml` that is unknown or has a bad value.
    BookConfig {
        /// The `book.toml`.
        file: PathBuf,
        /// 1-based line of the offending key, when it can be found in the file
        /// (a value set through an `MDBOOK_*` environment variable has none).
        line: Option<usize>,
        /// The table: `output.sitemap` or `preprocessor.sitemap`.
        table: String,
        /// The key, as the file spells it, where the error is about one.
        key: Option<String>,
        /// What is wrong and what was expected.
        message: String,
    },
    /// A book with no `base-url` and no absolute `output.html.site-url` to
    /// fall back on.
    MissingBaseUrl {
        /// The `book.toml`.
        file: PathBuf,
        /// Why `output.html.site-url` could not stand in, if it is set.
        hint: String,
    },
    /// An mdBook book could not be read.
    #[cfg(feature = "mdbook")]
    Book(#[from] sitemap_book::Error),
    /// A Zola or Hugo site could not be read.
    Content(#[from] sitemap_content::Error),
    /// A page's front matter, or the source layer, refused something.
    Source(#[from] sitemap_pages::Error),
    /// A built HTML folder could not be read.
    #[cfg(feature = "html")]
    Html(#[from] sitemap_html::Error),
    /// The sitemap set could not be written.
    Write(#[from] sitemap_core::SetError),
    /// robots.txt could not be merged.
    Robots(#[from] sitemap_core::robots::RobotsError),
    /// The output folder could not be locked or written.
    Output(#[from] sitemap_core::output::OutputError),
}

impl Error {
    /// What the user can do about it, where the job knows.
    pub fn hint(&self) -> Option<&str> {
        match self {
            Error::Setting { hint, .. }
            | Error::SettingsFile { hint, .. }
            | Error::Job { hint, .. }
            | Error::Settings { hint, .. } => Some(hint),
            Error::Found(found) => found.last().and_then(|d| d.hint.as_deref()),
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

    /// A job's error about `file` as a whole (a folder that is no site,
    /// a ledger that cannot be written): the file a field, not a prefix
    /// of the message.
    pub(crate) fn in_file(
        file: impl Into<PathBuf>,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) -> Error {
        Error::found(vec![Diagnostic::error(message).in_file(file)], hint)
    }

    /// Several findings that fail the job together, `hint` said after
    /// the last.
    pub(crate) fn found(mut found: Vec<Diagnostic>, hint: impl Into<String>) -> Error {
        if let Some(last) = found.pop() {
            found.push(last.with_hint(hint));
        }
        Error::Found(found)
    }

    /// Every place it names as data: the one error, or each error of
    /// [`Error::Settings`], [`Error::Found`] and a reader's several
    /// (a content tree's bad pages, a book's chapters), the hint with the
    /// last.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let one = |d: Diagnostic| vec![d];
        match self {
            Error::Setting { at, message, hint } => {
                one(Diagnostic::error(format!("{at}: {message}")).with_hint(hint))
            }
            Error::SettingsFile {
                file,
                line,
                key,
                message,
                hint,
            } => {
                let d = Diagnostic::error(message)
                    .in_file(file)
                    .with_line(*line)
                    .with_hint(hint);
                one(match key {
                    Some(key) => d.with_key(key),
                    None => d,
                })
            }
            Error::Settings { errors, hint } => {
                let mut all: Vec<Diagnostic> = errors
                    .iter()
                    .flat_map(Error::diagnostics)
                    .map(|mut d| {
                        d.hint = None;
                        d
                    })
                    .collect();
                if let Some(last) = all.pop() {
                    all.push(last.with_hint(hint));
                }
                all
            }
            Error::Job { message, hint } => one(Diagnostic::error(message).with_hint(hint)),
            Error::Found(found) => found.clone(),
            Error::Io { path, source } => one(Diagnostic::error(source.to_string()).in_file(path)),
            Error::BookConfig {
                file,
                line,
                table,
                key,
                message,
            } => {
                let d = Diagnostic::error(format!("[{table}]: {message}"))
                    .in_file(file)
                    .with_line(line.map(|l| l as u64));
                one(match key {
                    Some(key) => d.with_key(key),
                    None => d,
                })
            }
            Error::MissingBaseUrl { file, hint } => one(Diagnostic::error(format!(
                "[output.sitemap]: `base-url` is required: the absolute URL the book is served at, such as base-url = \"https://example.org/book/\" (under [preprocessor.sitemap] for a book with only the HTML output){hint}"
            )).in_file(file)),
            #[cfg(feature = "mdbook")]
            Error::Book(e) => e.diagnostics(),
            Error::Content(e) => e.diagnostics(),
            Error::Source(e) => one(e.diagnostic()),
            #[cfg(feature = "html")]
            Error::Html(e) => e.diagnostics(),
            Error::Write(e) => one(Diagnostic::error(e.kind().to_string()).in_file(e.path())),
            Error::Robots(e) => one(Diagnostic::error(e.kind.to_string()).in_file(&e.path)),
            Error::Output(e) => one(Diagnostic::error(e.kind().to_string()).in_file(e.path())),
        }
    }

    pub(crate) fn job(message: impl Into<String>, hint: impl Into<String>) -> Error {
        Error::Job {
            message: message.into(),
            hint: hint.into(),
        }
    }
}

impl fmt::Display for Error {
    /// `file:line: message`, one line each, unlabelled (a skin labels
    /// them from [`Error::diagnostics`]); a reader's error as that reader
    /// says it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            #[cfg(feature = "mdbook")]
            Error::Book(e) => e.fmt(f),
            Error::Content(e) => e.fmt(f),
            Error::Source(e) => e.fmt(f),
            #[cfg(feature = "html")]
            Error::Html(e) => e.fmt(f),
            Error::Write(e) => e.fmt(f),
            Error::Robots(e) => e.fmt(f),
            Error::Output(e) => e.fmt(f),
            _ => {
                for (i, d) in self.diagnostics().iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    d.unlabelled().fmt(f)?;
                }
                Ok(())
            }
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
