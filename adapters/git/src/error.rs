//! The one error type of this crate: git could not be run, failed, was
//! refused or timed out, or a file it needs could not be read.
//! `sitemap_pages::Error::History` carries it as it is.

use std::fmt;
use std::path::PathBuf;

use sitemap_core::diagnostic::{Diagnostic, shown};
use thiserror::Error;

/// git, or a file the history pass reads, that failed; its text is
/// [`Error::diagnostic`]'s.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// A file that cannot be read.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// git could not be run, or failed.
    Git {
        /// The directory git ran in.
        dir: PathBuf,
        /// What failed, with git's own message.
        message: String,
    },
    /// git refuses the repository (its `safe.directory` check: the work
    /// tree belongs to another user, as in CI containers and checkouts
    /// mounted into Docker), so it gives no dates at all.
    GitRefused {
        /// The directory git ran in.
        dir: PathBuf,
        /// git's own reason, its `fatal:` line.
        reason: String,
        /// The command git offers to trust the repository, if it says one.
        fix: Option<String>,
    },
    /// A `git` process ran past `git.timeout` and was killed.
    GitTimeout {
        /// The directory git ran in.
        dir: PathBuf,
        /// The command.
        what: String,
        /// The limit.
        seconds: u64,
    },
    /// A line of an ignore-revs file (`.git-blame-ignore-revs`) that is
    /// not a full commit id.
    IgnoreRevs {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// What the line holds, trimmed.
        text: String,
    },
}

impl Error {
    /// The error as data: the file (and line) it is about as fields.
    pub fn diagnostic(&self) -> Diagnostic {
        let git_in = |dir: &PathBuf, what: &str| {
            Diagnostic::error(format!("git in {}: {what}", shown::path(dir)))
        };
        match self {
            Error::Io { path, source } => Diagnostic::error(source.to_string()).in_file(path),
            Error::Git { dir, message } => git_in(dir, message),
            Error::GitRefused { dir, reason, .. } => git_in(dir, reason),
            Error::GitTimeout { dir, what, seconds } => git_in(
                dir,
                &format!(
                    "`{what}` did not finish within {seconds} s (`git.timeout`), so it was stopped; a partial clone fetching objects, a slow network file system or a credential prompt can block git: fix that, raise `git.timeout` (0 for no limit), or leave `git` out of `lastmod`"
                ),
            ),
            Error::IgnoreRevs { path, line, text } => {
                let text = shown::Name::new(text);
                Diagnostic::error(format!(
                    "`{text}` is not a full commit id (40 or 64 hex digits); write the whole id (`git rev-parse {text}` prints it), as `git blame --ignore-revs-file` needs it too"
                ))
                .at(path, *line as u64)
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diagnostic().unlabelled().fmt(f)
    }
}
