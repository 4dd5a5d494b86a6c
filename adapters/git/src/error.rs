//! The one error type of this crate: git could not be run, failed, was
//! refused or timed out, or a file it needs could not be read.
//! `sitemap_pages::Error::History` carries it as it is.

use std::path::PathBuf;

use thiserror::Error;

/// git, or a file the history pass reads, that failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// A file that cannot be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// git could not be run, or failed.
    #[error("git in {}: {message}", dir.display())]
    Git {
        /// The directory git ran in.
        dir: PathBuf,
        /// What failed, with git's own message.
        message: String,
    },
    /// git refuses the repository (its `safe.directory` check: the work
    /// tree belongs to another user, as in CI containers and checkouts
    /// mounted into Docker), so it gives no dates at all.
    #[error("git in {}: {reason}", dir.display())]
    GitRefused {
        /// The directory git ran in.
        dir: PathBuf,
        /// git's own reason, its `fatal:` line.
        reason: String,
        /// The command git offers to trust the repository, if it says one.
        fix: Option<String>,
    },
    /// A `git` process ran past `git.timeout` and was killed.
    #[error("git in {}: `{what}` did not finish within {seconds} s (`git.timeout`), so it was stopped; a partial clone fetching objects, a slow network file system or a credential prompt can block git: fix that, raise `git.timeout` (0 for no limit), or leave `git` out of `lastmod`", dir.display())]
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
    #[error("{}:{line}: `{text}` is not a full commit id (40 or 64 hex digits); write the whole id (`git rev-parse {text}` prints it), as `git blame --ignore-revs-file` needs it too", path.display())]
    IgnoreRevs {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// What the line holds, trimmed.
        text: String,
    },
}
