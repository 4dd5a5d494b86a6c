//! Last-commit dates for many files from one history pass: the git
//! reader of the sitemap toolkit.
//!
//! [`GitHistory::read`] answers every requested file as
//! `git log -1 -- FILE` would ([`GitLastmod`]), asked as [`GitOptions`]
//! say; [`GitHistory::read_status`] only tells committed files from
//! uncommitted and untracked ones; [`watched_files`] names the files
//! whose change means the answers may have changed (for a build script).
//! Errors are one [`Error`]. `sitemap-pages` re-exports all of these in
//! its `lastmod` module. [`find_program`] finds the programs the readers
//! run (`git`, and the Hugo reader's `hugo`) in absolute `PATH` entries
//! only, never in a folder of the scanned site.
//!
//! `git log -1 -- FILE` answers with the first commit, walking back from
//! HEAD, that is not TREESAME for FILE, where git's default history
//! simplification follows only the first TREESAME parent of a merge. This
//! crate replays that rule for every requested file at once over one
//! `git log --diff-merges=separate --name-only` stream: each file waits at
//! the commit its walk has reached; a commit that changed it answers it,
//! otherwise it moves on to the parent git would follow. A commit must be
//! read after all its children, so a file never waits at a commit already
//! passed: git's default date order gives that unless dates are skewed,
//! and when it does not, the pass is redone by one process with
//! `--topo-order`. When no file waits any more, git is stopped.
//!
//! Commits on the ignore-revs list ([`IgnoreRevs`],
//! `.git-blame-ignore-revs`) are skipped inside the same pass: such a
//! commit answers no file; a file it changed waits on at the parent git
//! would follow (through a merge that differs from every parent: the
//! first), so it gets its newest commit not listed, as `git log -- FILE`
//! says once the listed commits are removed. A file only listed commits
//! changed is [`GitLastmod::OnlyIgnoredRevs`]. Nothing else changes: the
//! same processes, split, and early stop.
//!
//! Almost all the time goes into git's tree diffs, on one core. So on a
//! long history the stream is produced by several processes at once (one
//! per core, at most `MAX_PROCESSES`), while the walk still takes the
//! commits in the stream's order:
//!
//! - The first `git log` starts at once and feeds the walk as it reads,
//!   so a walk that stops early (the newest pages) stops after the same
//!   commits as with one process. Only once it has shown `COUNT_AFTER`
//!   commits do other processes start, so a short history, or a walk
//!   that stops by then, never shares the cores with them.
//! - Two processes (two cores): the second is `git log --reverse` with
//!   the same options (`Tail`): the same stream backwards, oldest
//!   first, read by its own thread. Before each commit of the first
//!   process the walk asks whether the tail has shown it; when it has,
//!   the two have met: the tail is stopped, the commit must be the same
//!   in both (parents, date, files), and the walk takes the tail's
//!   commits from there back to the oldest. No count, no skipping, and
//!   they meet wherever their speeds take them.
//! - More processes: `git rev-list --count` runs beside the first (never
//!   waited for); with at least `MIN_SPLIT_COMMITS` commits the rest is
//!   shared out: part `i` is `git log --skip=START --max-count=LEN`,
//!   read by its own thread into batches of parsed commits. `--skip`
//!   walks past the first START commits without diffing them (git's
//!   `get_revision_internal` just pulls them from the same walk), so the
//!   parts put end to end are the one stream. The parts are sized to
//!   finish together, counting what each spends skipping
//!   (`split_points`). The walk reads the first process up to its
//!   share, stops it, then takes each part's batches in order. Every part
//!   but the last shows one commit past its share, and the first
//!   process's next commit is read too: each must be the first commit of
//!   the part after it, and each part must show exactly its share, or
//!   the pass is redone by one process. Newer commits tend to cost git
//!   more (bigger trees), so the first share tends to run late: whenever
//!   a part's process has ended and a core is free, the rest of the first
//!   share is split again (`steal_point`).
//!
//! Files inside a git submodule are not in the superproject's history
//! (it records only the submodule's commit): they are read by a pass of
//! their own inside the submodule, one per submodule that holds requested
//! files, nested ones by the same rule (`submodule`).
//!
//! Every child process is killed and reaped on every way out of a pass
//! (early stop, error, panic), and its stderr is drained by a thread so a
//! full pipe never blocks it (`process::Running`).
//!
//! The modules, in the order a pass uses them:
//!
//! - this one: the public answer ([`GitHistory`], [`GitLastmod`]) and the
//!   working tree's status (uncommitted files);
//! - `options`: how git is asked ([`GitOptions`], [`GitDate`],
//!   [`ShallowPolicy`], [`Uncommitted`]);
//! - `pass`: the `git` commands and what one pass asks them;
//! - `drive`: the driver of one pass, feeding the walk in stream order;
//! - `split`: sharing the pass among several processes;
//! - `process`: a running child and its log stream's reader;
//! - `ignore_revs`: the commits a pass does not count;
//! - `submodule`: files inside submodules, grouped and read by a pass
//!   of their own each;
//! - `walk`: the replay of git's history simplification;
//! - `watch`: the bound on how long any `git` process may take
//!   (`git.timeout`), with a notice naming what the run waits for;
//! - `watched`: the `.git` files a build script watches, found without
//!   running git;
//! - `error`: the one error type.
//!
//! # Example
//!
//! One pass answers for every file asked about; a file no commit touched
//! is not [`GitLastmod::Committed`]:
//!
//! ```
//! use std::path::{Path, PathBuf};
//! use std::process::Command;
//! use sitemap_git::{GitHistory, GitLastmod, GitOptions};
//!
//! let dir = tempfile::tempdir()?;
//! let git = |args: &[&str]| {
//!     Command::new("git")
//!         .args(args)
//!         .current_dir(dir.path())
//!         .env("GIT_COMMITTER_DATE", "2024-05-01T10:00:00Z")
//!         .env("GIT_AUTHOR_DATE", "2024-05-01T10:00:00Z")
//!         .output()
//! };
//! git(&["init", "-q"])?;
//! std::fs::write(dir.path().join("a.md"), "# A\n")?;
//! git(&["add", "a.md"])?;
//! git(&["-c", "user.name=A", "-c", "user.email=a@example.org", "commit", "-qm", "a"])?;
//!
//! let files = [PathBuf::from("a.md")];
//! let history = GitHistory::read(dir.path(), &files, &GitOptions::default())?
//!     .expect("a git work tree");
//! match history.get(Path::new("a.md")) {
//!     Some(GitLastmod::Committed(lastmod)) => assert_eq!(lastmod.to_string(), "2024-05-01T10:00:00Z"),
//!     other => panic!("{other:?}"),
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use sitemap_core::Lastmod;

pub use crate::error::Error;
pub use crate::ignore_revs::IgnoreRevs;
pub use crate::options::{GitDate, GitOptions, ShallowPolicy, Uncommitted};
pub use crate::program::find_program;
pub use crate::watched::watched_files;

use crate::oid::{Oid, OidMap, OidSet, PathIds};

/// What git says about one file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GitLastmod {
    /// The date of the last commit that changed it.
    Committed(Lastmod),
    /// It has uncommitted changes (staged or not); with
    /// [`Uncommitted::Mtime`] its modification time stands in.
    Uncommitted,
    /// git does not track it.
    Untracked,
    /// A shallow clone cuts its history off: the date is unknown.
    CutOff,
    /// Tracked, but no commit reachable from HEAD has it (for example
    /// staged but never committed).
    NoCommit,
    /// Every commit that changed it is on the ignore-revs list: git has
    /// no date for it that counts.
    OnlyIgnoredRevs,
    /// Tracked and unmodified; its date was not asked
    /// ([`GitHistory::read_status`]).
    Tracked,
    /// It lies in a submodule the superproject commits but that is not
    /// checked out here ([`GitHistory::submodules_not_checked_out`]): no
    /// history to read, and its mtime is not a change either.
    SubmoduleNotCheckedOut,
}

impl GitLastmod {
    /// Whether the file's modification time tells when it was last
    /// changed: not for a file git tracks unmodified (its mtime is when
    /// it was checked out), yes for an edited or untracked one.
    pub fn mtime_is_true(&self) -> bool {
        match self {
            GitLastmod::Uncommitted | GitLastmod::Untracked | GitLastmod::NoCommit => true,
            GitLastmod::Committed(_)
            | GitLastmod::CutOff
            | GitLastmod::OnlyIgnoredRevs
            | GitLastmod::Tracked
            | GitLastmod::SubmoduleNotCheckedOut => false,
        }
    }
}

/// The git answers for a set of files, read by [`GitHistory::read`].
#[derive(Clone, Debug)]
pub struct GitHistory {
    toplevel: PathBuf,
    shallow: bool,
    files: HashMap<PathBuf, GitLastmod>,
    /// How many `git log` processes shared the pass that gave the answers.
    log_processes: usize,
    /// Submodules holding requested files that are not checked out.
    not_checked_out: Vec<NotCheckedOut>,
}

/// A submodule that holds requested files but is not checked out.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct NotCheckedOut {
    /// Its path from the superproject's top level, as git names it.
    pub path: PathBuf,
    /// The requested files in it, as they were requested.
    pub files: Vec<PathBuf>,
}

impl GitHistory {
    /// Asks git about `files` (paths relative to `root`, which may be any
    /// directory inside a work tree). [`Error::GitRefused`] when git refuses
    /// the repository for its owner (`safe.directory`). `Ok(None)` when `root` is not inside
    /// a git work tree or git is not installed.
    pub fn read(
        root: &Path,
        files: &[PathBuf],
        options: &GitOptions,
    ) -> Result<Option<GitHistory>, Error> {
        GitHistory::read_split(root, files, options, Split::for_machine())
    }

    /// Not part of the API: [`GitHistory::read`] with the history split
    /// over at most `processes` `git log` processes however short it is,
    /// the split made once the first process has shown `split_at` commits
    /// (with 2 processes: the two meet right there). `read` picks the
    /// number from the machine, splits only long histories, and never
    /// waits. The answers are the same; tests use it to run the split on
    /// small repositories.
    #[doc(hidden)]
    pub fn read_with_processes(
        root: &Path,
        files: &[PathBuf],
        options: &GitOptions,
        processes: usize,
        split_at: usize,
    ) -> Result<Option<GitHistory>, Error> {
        let split = Split {
            processes: processes.max(1),
            min_commits: 0,
            count_after: 0,
            count_at: Some(split_at),
        };
        GitHistory::read_split(root, files, options, split)
    }

    fn read_split(
        root: &Path,
        files: &[PathBuf],
        options: &GitOptions,
        split: Split,
    ) -> Result<Option<GitHistory>, Error> {
        let git = Git::new(root, options.limit());
        let read = GitHistory::read_in(&git, files, options, split);
        git.timed_out().map_or(read, Err)
    }

    fn read_in(
        git: &Git,
        files: &[PathBuf],
        options: &GitOptions,
        split: Split,
    ) -> Result<Option<GitHistory>, Error> {
        let root = git.dir.clone();
        let Some(info) = git.rev_parse()? else {
            return Ok(None);
        };
        let mut history = GitHistory {
            toplevel: info.toplevel.clone(),
            shallow: info.shallow,
            files: HashMap::with_capacity(files.len()),
            log_processes: 0,
            not_checked_out: Vec::new(),
        };
        // Requested paths as git writes them: relative to the top level,
        // `/`-separated.
        let mut by_repo_path: HashMap<String, usize> = HashMap::with_capacity(files.len());
        for (i, file) in files.iter().enumerate() {
            match repo_path(&info.prefix, file) {
                Some(p) => {
                    by_repo_path.insert(p, i);
                }
                None => {
                    history.files.insert(file.clone(), GitLastmod::Untracked);
                }
            }
        }
        let git = git.at(&info.toplevel);
        let in_submodules = {
            let links = git.gitlinks(&whole_prefix(&info.prefix, by_repo_path.keys()))?;
            submodule::take_files(&links, &mut by_repo_path)
        };
        let shallow_commits = if info.shallow {
            git.shallow_commits(&info.shallow_file)?
        } else {
            OidSet::default()
        };
        let ignored = match options.ignore_revs_file(&root, &info.toplevel) {
            Some(file) => IgnoreRevs::read(&file)?.ids,
            None => OidSet::default(),
        };
        let ids: PathIds<'_> = by_repo_path
            .iter()
            .map(|(p, &i)| (p.as_bytes(), i as u32))
            .collect();
        // `git status` runs beside the log: the walk settles untracked and
        // uncommitted files as soon as it knows them (so they do not keep
        // it going to the root), and status answers win at the end.
        let (tx, rx) = std::sync::mpsc::channel();
        let ((walked, log_processes), from_status) =
            std::thread::scope(|scope| -> Result<_, Error> {
                let prefix = whole_prefix(&info.prefix, by_repo_path.keys());
                let status_git = &git;
                scope.spawn(move || {
                    // The receiver may be gone if the log failed first.
                    let _ = tx.send(status_git.status(&prefix));
                });
                let mut status = StatusSource {
                    rx,
                    answers: None,
                    ids: &ids,
                    uncommitted: options.uncommitted,
                    git: &git,
                };
                let walked = if let Some(head) = &info.head {
                    let pass = Pass {
                        head,
                        ids: &ids,
                        date: options.date,
                        shallow_commits: &shallow_commits,
                        ignored: &ignored,
                    };
                    git.log(&pass, &mut status, split)?
                } else {
                    (Vec::new(), 0)
                };
                Ok((walked, status.wait()?.to_vec()))
            })?;
        history.log_processes = log_processes;
        let mut wanted: Vec<Option<GitLastmod>> = vec![None; files.len()];
        for (i, answer) in walked.into_iter().chain(from_status) {
            wanted[i as usize] = Some(answer);
        }
        let sub_options = submodule::options_for_submodule(options, &root);
        for sub in &in_submodules {
            history.add_submodule(&git, sub, files, &mut wanted, |git, inside| {
                GitHistory::read_in(git, inside, &sub_options, split)
            })?;
        }
        for (file, answer) in files.iter().zip(wanted) {
            history
                .files
                .entry(file.clone())
                .or_insert(answer.unwrap_or(GitLastmod::NoCommit));
        }
        Ok(Some(history))
    }

    /// Asks git only which of `files` (relative to `root`) are tracked
    /// and unmodified ([`GitLastmod::Tracked`]), edited
    /// ([`GitLastmod::Uncommitted`]) or untracked, ignored included
    /// ([`GitLastmod::Untracked`]): no history is read. `Ok(None)`
    /// outside a git work tree. This is what the `mtime` source needs to
    /// know when git dates are not asked for. Of `options`, only
    /// `timeout` counts.
    pub fn read_status(
        root: &Path,
        files: &[PathBuf],
        options: &GitOptions,
    ) -> Result<Option<GitHistory>, Error> {
        let git = Git::new(root, options.limit());
        let read = GitHistory::read_status_in(&git, files);
        git.timed_out().map_or(read, Err)
    }

    fn read_status_in(git: &Git, files: &[PathBuf]) -> Result<Option<GitHistory>, Error> {
        let Some(info) = git.rev_parse()? else {
            return Ok(None);
        };
        let git = git.at(&info.toplevel);
        let mut by_repo_path: HashMap<String, usize> = files
            .iter()
            .enumerate()
            .filter_map(|(i, file)| Some((repo_path(&info.prefix, file)?, i)))
            .collect();
        let in_submodules = {
            let links = git.gitlinks(&whole_prefix(&info.prefix, by_repo_path.keys()))?;
            submodule::take_files(&links, &mut by_repo_path)
        };
        let status: HashMap<String, [u8; 2]> = git.status(&info.prefix)?.into_iter().collect();
        let tracked = git.tracked(&info.prefix)?;
        let mut wanted: Vec<Option<GitLastmod>> = vec![None; files.len()];
        for (p, &i) in &by_repo_path {
            wanted[i] = Some(match status.get(p) {
                Some(b"??") => GitLastmod::Untracked,
                Some(_) => GitLastmod::Uncommitted,
                None if tracked.contains(p) => GitLastmod::Tracked,
                None => GitLastmod::Untracked,
            });
        }
        let mut history = GitHistory {
            toplevel: info.toplevel,
            shallow: info.shallow,
            files: HashMap::with_capacity(files.len()),
            log_processes: 0,
            not_checked_out: Vec::new(),
        };
        for sub in &in_submodules {
            history.add_submodule(&git, sub, files, &mut wanted, GitHistory::read_status_in)?;
        }
        history.files = files
            .iter()
            .cloned()
            .zip(wanted)
            .map(|(file, answer)| (file, answer.unwrap_or(GitLastmod::Untracked)))
            .collect();
        Ok(Some(history))
    }

    /// The submodules that hold requested files but are not checked out:
    /// those files are [`GitLastmod::SubmoduleNotCheckedOut`].
    pub fn submodules_not_checked_out(&self) -> &[NotCheckedOut] {
        &self.not_checked_out
    }

    /// The answer for a file, by the path it was requested with.
    pub fn get(&self, file: &Path) -> Option<&GitLastmod> {
        self.files.get(file)
    }

    /// Not part of the API: how many `git log` processes shared the pass
    /// that gave the answers (0 when no history was read). Tests check
    /// with it that a split really happened.
    #[doc(hidden)]
    pub fn log_processes(&self) -> usize {
        self.log_processes
    }

    /// Whether the repository is a shallow clone.
    pub fn is_shallow(&self) -> bool {
        self.shallow
    }

    /// The work tree's top level.
    pub fn toplevel(&self) -> &Path {
        &self.toplevel
    }
}

/// `prefix` (from `git rev-parse --show-prefix`, ends with `/` or is
/// empty) joined with a root-relative path, `/`-separated, a `..` taking
/// off the segment before it (a chapter's `{{#include ../listings/…}}`
/// names a file beside the root); `None` for a path git could not be
/// asked about (not UTF-8, or leaving the work tree).
fn repo_path(prefix: &str, file: &Path) -> Option<String> {
    // The common case, a plain relative path (`content/a.md`), is joined
    // as it is: walking its components cost a run over 20,000 files more
    // than reading their history's first commits, before git log starts.
    // Anything else (`.`, `..`, `//`, an absolute path, a backslash that
    // Windows would split on) takes the general way below.
    if let Some(plain) = file.to_str().filter(|s| {
        !s.is_empty()
            && !s.contains('\\')
            && s.split('/').all(|p| !p.is_empty() && p != "." && p != "..")
    }) {
        let mut joined = String::with_capacity(prefix.len() + plain.len() + 1);
        for part in prefix.split('/').filter(|p| !p.is_empty()) {
            joined.push_str(part);
            joined.push('/');
        }
        joined.push_str(plain);
        return Some(joined);
    }
    repo_path_by_components(prefix, file)
}

/// [`repo_path`] for any path: `..` steps out of the prefix, `.` is
/// dropped, an absolute path or a `..` past the top level is `None`.
fn repo_path_by_components(prefix: &str, file: &Path) -> Option<String> {
    let mut parts: Vec<&str> = prefix.split('/').filter(|p| !p.is_empty()).collect();
    for part in file.components() {
        match part {
            std::path::Component::Normal(p) => parts.push(p.to_str()?),
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                parts.pop()?;
            }
            _ => return None,
        }
    }
    Some(parts.join("/"))
}

/// The pathspec prefix that covers every path in `paths`: `prefix`, or
/// the whole work tree when a file is asked about from outside the root
/// (a `..` dep).
fn whole_prefix<'a>(prefix: &str, mut paths: impl Iterator<Item = &'a String>) -> String {
    if paths.all(|p| p.starts_with(prefix)) {
        prefix.to_owned()
    } else {
        String::new()
    }
}

/// `git status` entries: path from the top level, two-letter status.
type StatusEntries = Vec<(String, [u8; 2])>;

/// The answers `git status` gives (untracked, uncommitted), from a thread
/// running beside the log.
struct StatusSource<'a> {
    rx: std::sync::mpsc::Receiver<Result<StatusEntries, Error>>,
    answers: Option<Vec<(u32, GitLastmod)>>,
    ids: &'a PathIds<'a>,
    uncommitted: Uncommitted,
    git: &'a Git,
}

impl StatusSource<'_> {
    fn convert(&self, entries: StatusEntries) -> Vec<(u32, GitLastmod)> {
        entries
            .into_iter()
            .filter_map(|(path, code)| {
                let &i = self.ids.get(path.as_bytes())?;
                if code == *b"??" {
                    Some((i, GitLastmod::Untracked))
                } else if self.uncommitted == Uncommitted::Mtime {
                    Some((i, GitLastmod::Uncommitted))
                } else {
                    None
                }
            })
            .collect()
    }

    fn take(&mut self, received: Result<StatusEntries, Error>) -> Result<(), Error> {
        let answers = self.convert(received?);
        self.answers = Some(answers);
        Ok(())
    }

    /// The answers, once `git status` has finished.
    fn poll(&mut self) -> Result<Option<&[(u32, GitLastmod)]>, Error> {
        if self.answers.is_none() {
            match self.rx.try_recv() {
                Ok(received) => self.take(received)?,
                Err(std::sync::mpsc::TryRecvError::Empty) => return Ok(None),
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    // The thread sends before it ends; no message means it
                    // panicked, which `wait` reports.
                    return Ok(None);
                }
            }
        }
        Ok(self.answers.as_deref())
    }

    /// The answers, waiting for `git status` if need be.
    fn wait(&mut self) -> Result<&[(u32, GitLastmod)], Error> {
        if self.answers.is_none() {
            let received = self
                .rx
                .recv()
                .map_err(|_| self.git.error("`git status` ended without an answer"))?;
            self.take(received)?;
        }
        Ok(self.answers.as_deref().unwrap_or_default())
    }
}

mod drive;
mod error;
mod ignore_revs;
mod oid;
mod options;
mod pass;
mod process;
mod program;
mod split;
mod submodule;
mod walk;
mod watch;
mod watched;

use pass::*;
use split::*;
pub(crate) use watch::Limit;

#[cfg(test)]
mod tests {
    use super::{SKIP_COST, repo_path, repo_path_by_components, split_points, steal_point};
    use std::path::Path;

    /// The plain-path shortcut gives what the walk over components gives,
    /// for plain paths and for every shape that leaves the shortcut.
    #[test]
    fn repo_path_shortcut_matches_the_components() {
        let files = [
            "a.md",
            "content/blog/a.md",
            "content/blog/",
            "./a.md",
            "content/./a.md",
            "content//a.md",
            "../a.md",
            "content/../a.md",
            "../../a.md",
            "/abs/a.md",
            "back\\slash.md",
            "é/ü.md",
            "",
            ".",
        ];
        for prefix in ["", "site/", "site/docs/"] {
            for file in files {
                assert_eq!(
                    repo_path(prefix, Path::new(file)),
                    repo_path_by_components(prefix, Path::new(file)),
                    "{prefix:?} {file:?}"
                );
            }
        }
        assert_eq!(
            repo_path("site/", Path::new("a/b.md")).as_deref(),
            Some("site/a/b.md")
        );
    }

    /// Every plan covers the rest of the history exactly, in parts of at
    /// least one commit, one part per process at most.
    #[test]
    fn split_points_cover_the_rest() {
        for total in [2, 3, 5, 17, 100, 2_000, 50_000] {
            for done in [0, 1, 2, 10, 1_000, 49_990] {
                for processes in 1..=6 {
                    let Some(ends) = split_points(total, done, processes) else {
                        assert!(
                            processes < 2 || total < done + 2,
                            "{total} {done} {processes}"
                        );
                        continue;
                    };
                    assert_eq!(ends.len(), processes.min(total - done));
                    assert_eq!(*ends.last().unwrap(), total);
                    let mut previous = done;
                    for &e in &ends {
                        assert!(e > previous, "{total} {done} {processes}: {ends:?}");
                        previous = e;
                    }
                }
            }
        }
    }

    /// Parts that skip more get fewer commits, so that all finish
    /// together: 50,000 commits, nothing shown yet, two processes.
    #[test]
    fn split_points_give_the_skipping_part_less() {
        assert_eq!(split_points(50_000, 0, 2), Some(vec![26_316, 50_000]));
        // The first part's time equals the second's: its skip plus its
        // share.
        let first = 26_316.0;
        let second = SKIP_COST * first + (50_000.0 - first);
        assert!((first - second).abs() < 1.0, "{first} {second}");
    }

    #[test]
    fn steal_point_leaves_both_a_share() {
        // 10,000 commits left after 20,000 read: the new part skips
        // 25,000 or so, so the first keeps a little more than half.
        let at = steal_point(20_000, 30_000, 1_000).unwrap();
        assert!((25_000..26_500).contains(&at), "{at}");
        // Too little left to be worth a process.
        assert_eq!(steal_point(20_000, 21_500, 1_000), None);
        assert_eq!(steal_point(5, 6, 1), None);
        assert_eq!(steal_point(5, 7, 1), Some(6));
        assert_eq!(steal_point(7, 7, 1), None);
    }
}
