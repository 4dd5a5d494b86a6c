//! [`Warning`]: what a run tells the user without stopping, and the
//! message for each, which names the fix where there is one.

use std::fmt;
use std::path::PathBuf;

use sitemap_core::Lastmod;
use sitemap_core::diagnostic::{Diagnostic, Kind, shown};

use crate::ci::{CiHost, full_history_fix};
use crate::lastmod::ShallowPolicy;

/// Something the user should know that did not stop the run.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// `git` is in the precedence list but the site is not in a git work
    /// tree (or git is not installed).
    NoGitRepository {
        /// The site root.
        root: PathBuf,
        /// `mtime` is in the precedence but was not named by the user, so
        /// it is skipped too.
        mtime_skipped: bool,
    },
    /// `git` is in the precedence list but git refuses the repository
    /// for its owner (`safe.directory`).
    GitRefused {
        /// The site root.
        root: PathBuf,
        /// git's own reason.
        reason: String,
        /// The command git offers to trust the repository.
        fix: Option<String>,
        /// As in [`Warning::NoGitRepository`].
        mtime_skipped: bool,
    },
    /// A shallow clone cut off some files' history.
    ShallowClone {
        /// How many pages are affected.
        count: usize,
        /// The first affected source.
        first: PathBuf,
        /// What was done about it.
        policy: ShallowPolicy,
        /// The CI host the build runs on, whose fix the message names.
        host: Option<CiHost>,
    },
    /// Pages lie in a git submodule that is not checked out: there is no
    /// history to date them, and their mtime is not a change.
    SubmoduleNotCheckedOut {
        /// The submodule's path from the superproject's top level.
        submodule: PathBuf,
        /// How many of the files asked about lie in it.
        count: usize,
        /// The first of them.
        first: PathBuf,
    },
    /// A `lastmod` more than a day after now (a day allows for any time
    /// zone): a typo such as `9999-12-31` would otherwise pass unseen.
    FutureLastmod {
        /// The page's source.
        source: PathBuf,
        /// The value, as written in the sitemap.
        lastmod: Lastmod,
    },
}

/// Pages with a lastmod in the future: one per page, so a site with a
/// stray year has many.
const FUTURE_LASTMOD: Kind = Kind::new(
    "future-lastmod",
    "pages with a lastmod more than a day in the future",
);

impl Warning {
    /// The warning as data: its file (the site root, a page's source)
    /// as a field, its message naming the fix.
    pub fn diagnostic(&self) -> Diagnostic {
        // A CI checkout's mtime is the time of the build.
        let mtime = |skipped: bool| {
            if skipped {
                ", and so is the files' mtime unless `lastmod` names `mtime`"
            } else {
                ""
            }
        };
        match self {
            Warning::NoGitRepository {
                root,
                mtime_skipped,
            } => Diagnostic::warning(format!(
                "not inside a git work tree (or git is not installed); lastmod from git is skipped{}",
                mtime(*mtime_skipped)
            ))
            .in_file(root),
            Warning::GitRefused {
                root,
                reason,
                fix,
                mtime_skipped,
            } => Diagnostic::warning(format!(
                "git refuses the repository: {reason}; lastmod from git is skipped{}{}",
                mtime(*mtime_skipped),
                match fix {
                    Some(fix) => format!("; if you trust the repository, run `{fix}`"),
                    None => String::new(),
                }
            ))
            .in_file(root),
            Warning::ShallowClone {
                count,
                first,
                policy,
                host,
            } => {
                // Never their mtime: that is when the clone was made.
                let what = match policy {
                    ShallowPolicy::Omit => "they get no lastmod",
                    _ => "they get no lastmod unless their front matter has a date",
                };
                Diagnostic::warning(format!(
                    "shallow git clone: the history of {count} file(s) (first: {}) is cut off, so their last commit date is unknown and {what}; to fetch the full history, {}",
                    shown::path(first),
                    full_history_fix(*host)
                ))
            }
            Warning::SubmoduleNotCheckedOut {
                submodule,
                count,
                first,
            } => Diagnostic::warning(format!(
                "git submodule `{}` is not checked out, so {count} file(s) in it (first: {}) get no lastmod from git or from their mtime; run `git submodule update --init` before the scan",
                shown::path(submodule),
                shown::path(first)
            )),
            Warning::FutureLastmod { source, lastmod } => Diagnostic::warning(format!(
                "lastmod {lastmod} is more than a day in the future; it is written as given, and a list page that takes its newest page's lastmod (a Zola or Hugo home page or section) takes it too; correct the date"
            ))
            .in_file(source)
            .with_kind(FUTURE_LASTMOD),
        }
    }
}

impl fmt::Display for Warning {
    /// `file: message`, as [`Warning::diagnostic`] has them, without the
    /// label a skin adds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.diagnostic();
        if let Some(file) = &d.file {
            write!(f, "{}: ", file.display())?;
        }
        f.write_str(&d.message)
    }
}
