//! [`SetError`]: a set that could not be written, with the file it
//! concerns and what went wrong ([`SetErrorKind`]).

use std::io;
use std::path::Path;
use std::path::PathBuf;

use thiserror::Error;

use crate::Loc;
use crate::output::OutputError;
use crate::output::OutputErrorKind;

/// A [`SetWriter`](crate::SetWriter) failure: which file, and what went wrong.
#[derive(Debug, Error)]
#[error("{}: {kind}", .path.display())]
pub struct SetError {
    path: PathBuf,
    kind: SetErrorKind,
}

impl SetError {
    pub(super) fn new(path: impl Into<PathBuf>, kind: SetErrorKind) -> SetError {
        SetError {
            path: path.into(),
            kind,
        }
    }

    /// The file concerned: the file being written, or for a refused entry
    /// the set's root file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What went wrong.
    pub fn kind(&self) -> &SetErrorKind {
        &self.kind
    }
}

/// What went wrong in a [`SetWriter`](crate::SetWriter).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SetErrorKind {
    /// Reading or writing the file failed.
    #[error("cannot {action}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The error.
        #[source]
        source: io::Error,
    },
    /// An entry outside the folder, with [`OutsidePolicy::Error`](crate::OutsidePolicy::Error).
    #[error(
        "loc `{loc}` is outside {folder}, the folder the sitemap is served from (a sitemap may list only URLs under its own folder)"
    )]
    Outside {
        /// The entry's `loc`.
        loc: Loc,
        /// The folder.
        folder: Loc,
    },
    /// A `loc` already written, with [`DuplicatePolicy::Error`](crate::DuplicatePolicy::Error).
    #[error("loc `{loc}` was already written; each URL may appear once")]
    Duplicate {
        /// The `loc`.
        loc: Loc,
    },
    /// One entry alone does not fit in a file.
    #[error(
        "the entry for `{loc}` needs {bytes} bytes in a file of its own; the limit is {limit} bytes"
    )]
    EntryTooLarge {
        /// The entry's `loc`.
        loc: Loc,
        /// Bytes needed: the entry, the prologue and the closing tag.
        bytes: u64,
        /// The byte limit.
        limit: u64,
    },
    /// More sitemaps than one index may list.
    #[error(
        "the set needs more than {limit} sitemaps of up to {max_urls} URLs each, and one index lists at most {limit} (an index may not list another index); raise Limits::max_sitemaps (sitemaps.org allows 50,000) or write fewer URLs"
    )]
    TooManySitemaps {
        /// The index limit.
        limit: u64,
        /// The URL limit per sitemap.
        max_urls: u64,
    },
    /// The index itself is over the byte limit.
    #[error("the index needs {bytes} bytes; the limit is {limit}")]
    IndexTooLarge {
        /// Its size.
        bytes: u64,
        /// The byte limit.
        limit: u64,
    },
    /// Nothing to write.
    #[error(
        "no entries to write: the sitemaps.org XSD requires at least one <url>; the previous files are left as they were"
    )]
    Empty,
    /// Something that is not the set's journal has its name
    /// (`.<stem>.sitemap-journal`): refused before anything is published.
    #[error(
        "{what} has the name of the set's journal, which publishing writes and then removes, so nothing was published; move it away, then run again"
    )]
    JournalTaken {
        /// What is there: `a directory`, `a symbolic link`, `a file this
        /// tool did not write`, ….
        what: &'static str,
    },
    /// A bad [`SetOptions`](crate::SetOptions) value.
    #[error("{0}")]
    Options(String),
    /// An earlier failure left this writer unusable.
    #[error("an earlier write failed; nothing more can be written to this set")]
    Failed,
    /// Another run holds the folder, with [`LockPolicy::Fail`](crate::output::LockPolicy::Fail).
    #[error(
        "another run is writing into this folder (it holds the folder's lock); wait for it to end, then run again"
    )]
    Locked,
    /// Another run still held the folder after the
    /// [`LockPolicy::WaitUpTo`](crate::output::LockPolicy::WaitUpTo) limit.
    #[error(
        "another run still holds this folder's lock after {seconds} s{}",
        holder.map(|pid| format!(" (process {pid})")).unwrap_or_default()
    )]
    LockTimeout {
        /// The limit, in whole seconds.
        seconds: u64,
        /// The process holding the lock, when it can be found.
        holder: Option<u32>,
    },
}

impl From<OutputError> for SetError {
    fn from(e: OutputError) -> SetError {
        let (path, kind) = e.into_parts();
        let kind = match kind {
            OutputErrorKind::Io { action, source } => SetErrorKind::Io { action, source },
            OutputErrorKind::Locked => SetErrorKind::Locked,
            OutputErrorKind::LockTimeout { seconds, holder } => {
                SetErrorKind::LockTimeout { seconds, holder }
            }
        };
        SetError { path, kind }
    }
}
