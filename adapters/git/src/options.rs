//! How git is asked: which date, what a shallow clone or an uncommitted
//! file gives, which commits do not count, and how long a `git` may take.
//! Deserialised from the `[git]` settings table (kebab-case keys).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

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
    /// Warn (naming the fix for the CI host, see `sitemap_pages::ci`) and take
    /// the next source in the precedence list, where `mtime` gives nothing
    /// for such a file (it is tracked: its mtime is the clone's): so only
    /// a front matter date, or no `lastmod`, never the build time.
    #[default]
    Warn,
    /// Stop with `sitemap_pages::Error::ShallowHistory`.
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

    pub(crate) fn limit(&self) -> crate::Limit {
        let seconds = self.timeout.unwrap_or(Self::DEFAULT_TIMEOUT);
        crate::Limit {
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
