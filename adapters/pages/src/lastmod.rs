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
//! [`GitHistory::read`] answers "when was this file last committed" for
//! every requested file from **one** pass over the history (one `git log`
//! stream, produced by one process per core on a long history), with the
//! same file rule as `git log -1 -- FILE` (history simplification at
//! merges, no rename following), and stops reading as soon as every file
//! has its date. Files with uncommitted changes and untracked files are reported
//! as such (their modification time is what a build would use). In a
//! shallow clone, a file whose history reaches the shallow boundary is
//! reported [`GitLastmod::CutOff`]: the boundary commit's date is not that
//! file's date, and its mtime is not either. Commits listed in an
//! ignore-revs file ([`IgnoreRevs`], [`GitOptions::ignore_revs`]) do not
//! count. A file inside a git submodule is answered from the submodule's
//! own history (a pass of its own per submodule); in one that is not
//! checked out it is [`GitLastmod::SubmoduleNotCheckedOut`], and
//! [`GitHistory::submodules_not_checked_out`] names the submodule.
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

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub use crate::git::{GitHistory, GitLastmod, IgnoreRevs, NotCheckedOut};

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

/// Which of a commit's two dates is the file's `lastmod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum GitDate {
    /// When the commit was made (`%cI`); a rebase or cherry-pick moves it.
    #[default]
    Committer,
    /// When the change was first written (`%aI`).
    Author,
}

/// What to do when a shallow clone cuts off a file's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ShallowPolicy {
    /// Warn (naming the fix for the CI host, see [`crate::ci`]) and take
    /// the next source in the precedence list, where `mtime` gives nothing
    /// for such a file (it is tracked: its mtime is the clone's): so only
    /// a front matter date, or no `lastmod`, never the build time.
    #[default]
    Warn,
    /// Stop with [`Error::ShallowHistory`](crate::Error::ShallowHistory).
    Fail,
    /// Warn and write no `lastmod` for those files.
    Omit,
}

/// What git's answer is for a file with uncommitted changes, or an
/// untracked one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Uncommitted {
    /// The file's modification time: the edit is newer than any commit.
    #[default]
    Mtime,
    /// The last commit's date, uncommitted edits ignored; an untracked file
    /// has no git date and falls to the next source.
    LastCommit,
}

/// How git is asked.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
#[non_exhaustive]
pub struct GitOptions {
    /// Committer (default) or author date.
    pub date: GitDate,
    /// What a shallow clone's cut-off history gives.
    pub shallow: ShallowPolicy,
    /// What uncommitted and untracked files give.
    pub uncommitted: Uncommitted,
    /// Commits that do not count (mass reformatting, front-matter-only
    /// edits), in the format of `.git-blame-ignore-revs`; relative paths
    /// from the site root. `None`: the repository's own
    /// `.git-blame-ignore-revs` when there is one; an empty path: none.
    pub ignore_revs: Option<PathBuf>,
    /// Seconds any one `git` process may take before the read fails
    /// ([`Error::GitTimeout`](crate::Error::GitTimeout)); `Some(0)`: no
    /// limit; `None`: [`GitOptions::DEFAULT_TIMEOUT`].
    pub timeout: Option<u64>,
}

impl GitOptions {
    /// Seconds a `git` process may take by default: a full history pass
    /// of a very large repository (the Linux kernel's, a million commits)
    /// fits well inside; a git blocked on the network or a prompt does not
    /// keep a CI job until its own, much later, limit.
    pub const DEFAULT_TIMEOUT: u64 = 600;

    pub(crate) fn limit(&self) -> crate::git::Limit {
        let seconds = self.timeout.unwrap_or(Self::DEFAULT_TIMEOUT);
        crate::git::Limit {
            timeout: (seconds > 0).then(|| std::time::Duration::from_secs(seconds)),
        }
    }

    /// The ignore-revs file to read for a work tree whose top level is
    /// `toplevel`, the site being at `root`: the one named, else
    /// `.git-blame-ignore-revs` at the top level if it exists.
    pub fn ignore_revs_file(&self, root: &Path, toplevel: &Path) -> Option<PathBuf> {
        match &self.ignore_revs {
            Some(p) if p.as_os_str().is_empty() => None,
            Some(p) => Some(root.join(p)),
            None => {
                let default = toplevel.join(".git-blame-ignore-revs");
                default.is_file().then_some(default)
            }
        }
    }
}
