//! Where a page's `lastmod` comes from, and git history read in one pass.
//!
//! A page's `lastmod` is taken from the first source in a precedence list
//! that has a value. The default, [`DEFAULT_PRECEDENCE`], is: an explicit
//! front matter `lastmod` (`lastmod`, `updated`, `last_modified_at`), then
//! the file's last commit in git, then the front matter `date`, then the
//! file's modification time, which counts only where it is true: for an
//! untracked or edited file in a git work tree (never a tracked,
//! unmodified one: its mtime is when it was checked out, on CI the build's
//! time; see [`GitLastmod::mtime_is_true`]), and outside any work tree
//! only when the user named the precedence.
//!
//! The git names here are the [`sitemap_git`] crate's, re-exported so
//! that adapters and skins name them from one place:
//! [`GitHistory::read`] answers "when was this file last committed" for
//! every requested file from **one** pass over the history, as
//! `git log -1 -- FILE` would; files with uncommitted changes, untracked
//! files, a shallow clone's cut-off history ([`GitLastmod::CutOff`]),
//! commits on the ignore-revs list ([`IgnoreRevs`]) and submodules
//! ([`GitHistory::submodules_not_checked_out`]) each have their answer.
//! [`GitOptions`] says how git is asked. Its errors arrive here as this
//! crate's [`Error`](crate::Error) variants of the same names.
//!
//! A date stays a date (`2024-05-01`); a git time is a date-time with the
//! committer's (or author's) own offset (`2024-05-01T10:30:00+02:00`).
//!
//! ```no_run
//! use std::path::{Path, PathBuf};
//! use sitemap_pages::lastmod::{GitHistory, GitLastmod, GitOptions};
//!
//! let files = vec![PathBuf::from("content/_index.md")];
//! if let Some(history) = GitHistory::read(Path::new("."), &files, &GitOptions::default())? {
//!     if let Some(GitLastmod::Committed(lastmod)) = history.get(&files[0]) {
//!         println!("{lastmod}");
//!     }
//! }
//! # Ok::<(), sitemap_pages::Error>(())
//! ```

use serde::{Deserialize, Serialize};

pub use sitemap_git::{
    GitDate, GitHistory, GitLastmod, GitOptions, IgnoreRevs, NotCheckedOut, ShallowPolicy,
    Uncommitted,
};

/// A place a `lastmod` can come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum LastmodSource {
    /// `lastmod`, `updated` or `last_modified_at` in front matter
    /// (written `front-matter`).
    FrontMatter,
    /// The file's last commit in git.
    Git,
    /// The front matter `date`.
    Date,
    /// The file's modification time.
    Mtime,
}

/// Explicit front matter, then git, then the front matter `date`, then the
/// file's mtime.
pub const DEFAULT_PRECEDENCE: [LastmodSource; 4] = [
    LastmodSource::FrontMatter,
    LastmodSource::Git,
    LastmodSource::Date,
    LastmodSource::Mtime,
];
