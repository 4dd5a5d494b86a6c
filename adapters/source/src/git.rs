//! Last-commit dates for many files from one history pass.
//!
//! `git log -1 -- FILE` answers with the first commit, walking back from
//! HEAD, that is not TREESAME for FILE, where git's default history
//! simplification follows only the first TREESAME parent of a merge. This
//! module replays that rule for every requested file at once over one
//! `git log --diff-merges=separate --name-only` stream: each file waits at
//! the commit its walk has reached; a commit that changed it answers it,
//! otherwise it moves on to the parent git would follow. A commit must be
//! read after all its children, so a file never waits at a commit already
//! passed: git's default date order gives that unless dates are skewed,
//! and when it does not, the pass is redone by one process with
//! `--topo-order`. When no file waits any more, git is stopped.
//!
//! Almost all the time goes into git's tree diffs, on one core. So on a
//! long history the stream is produced by several processes at once (one
//! per core, at most [`MAX_PROCESSES`]), while the walk still takes the
//! commits in the stream's order:
//!
//! - The first `git log` starts at once and feeds the walk as it reads,
//!   so a walk that stops early (the newest pages) stops after the same
//!   commits as with one process. Only once it has shown [`COUNT_AFTER`]
//!   commits do other processes start, so a short history, or a walk
//!   that stops by then, never shares the cores with them.
//! - Two processes (two cores): the second is `git log --reverse` with
//!   the same options ([`Tail`]): the same stream backwards, oldest
//!   first, read by its own thread. Before each commit of the first
//!   process the walk asks whether the tail has shown it; when it has,
//!   the two have met: the tail is stopped, the commit must be the same
//!   in both (parents, date, files), and the walk takes the tail's
//!   commits from there back to the oldest. No count, no skipping, and
//!   they meet wherever their speeds take them.
//! - More processes: `git rev-list --count` runs beside the first (never
//!   waited for); with at least [`MIN_SPLIT_COMMITS`] commits the rest is
//!   shared out: part `i` is `git log --skip=START --max-count=LEN`,
//!   read by its own thread into batches of parsed commits. `--skip`
//!   walks past the first START commits without diffing them (git's
//!   `get_revision_internal` just pulls them from the same walk), so the
//!   parts put end to end are the one stream. The parts are sized to
//!   finish together, counting what each spends skipping
//!   ([`split_points`]). The walk reads the first process up to its
//!   share, stops it, then takes each part's batches in order. Every part
//!   but the last shows one commit past its share, and the first
//!   process's next commit is read too: each must be the first commit of
//!   the part after it, and each part must show exactly its share, or
//!   the pass is redone by one process. Newer commits tend to cost git
//!   more (bigger trees), so the first share tends to run late: whenever
//!   a part's process has ended and a core is free, the rest of the first
//!   share is split again ([`steal_point`]).
//!
//! Every child process is killed and reaped on every way out of a pass
//! (early stop, error, panic), and its stderr is drained by a thread so a
//! full pipe never blocks it ([`Running`]).

use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use sitemap_core::Lastmod;

use crate::error::Error;
use crate::lastmod::{GitDate, GitOptions, Uncommitted};

/// A commit or tree id (SHA-1 or SHA-256) held without allocating, since
/// the walk keys maps by tens of thousands of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
struct Oid {
    bytes: [u8; 32],
    len: u8,
}

impl Oid {
    /// Parses lowercase or uppercase hex of 40 or 64 digits.
    fn from_hex(hex: &[u8]) -> Option<Oid> {
        if hex.len() != 40 && hex.len() != 64 {
            return None;
        }
        let mut oid = Oid {
            bytes: [0; 32],
            len: (hex.len() / 2) as u8,
        };
        for (i, pair) in hex.chunks_exact(2).enumerate() {
            let digit = |c: u8| (c as char).to_digit(16);
            oid.bytes[i] = (digit(pair[0])? * 16 + digit(pair[1])?) as u8;
        }
        Some(oid)
    }
}

impl std::fmt::Display for Oid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.bytes[..usize::from(self.len)]
            .iter()
            .try_for_each(|b| write!(f, "{b:02x}"))
    }
}

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
}

/// The git answers for a set of files, read by [`GitHistory::read`].
#[derive(Clone, Debug)]
pub struct GitHistory {
    toplevel: PathBuf,
    shallow: bool,
    files: HashMap<PathBuf, GitLastmod>,
    /// How many `git log` processes shared the pass that gave the answers.
    log_processes: usize,
}

impl GitHistory {
    /// Asks git about `files` (paths relative to `root`, which may be any
    /// directory inside a work tree). `Ok(None)` when `root` is not inside
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
        let git = Git {
            dir: root.to_owned(),
        };
        let Some(info) = git.rev_parse()? else {
            return Ok(None);
        };
        let mut history = GitHistory {
            toplevel: info.toplevel.clone(),
            shallow: info.shallow,
            files: HashMap::with_capacity(files.len()),
            log_processes: 0,
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
        let git = Git {
            dir: info.toplevel.clone(),
        };
        let shallow_commits = if info.shallow {
            git.shallow_commits(&info.shallow_file)?
        } else {
            HashSet::new()
        };
        let ids: HashMap<&str, u32> = by_repo_path
            .iter()
            .map(|(p, &i)| (p.as_str(), i as u32))
            .collect();
        // `git status` runs beside the log: the walk settles untracked and
        // uncommitted files as soon as it knows them (so they do not keep
        // it going to the root), and status answers win at the end.
        let (tx, rx) = std::sync::mpsc::channel();
        let ((walked, log_processes), from_status) =
            std::thread::scope(|scope| -> Result<_, Error> {
                let (status_git, prefix) = (&git, info.prefix.as_str());
                scope.spawn(move || {
                    // The receiver may be gone if the log failed first.
                    let _ = tx.send(status_git.status(prefix));
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
        for (file, answer) in files.iter().zip(wanted) {
            history
                .files
                .entry(file.clone())
                .or_insert(answer.unwrap_or(GitLastmod::NoCommit));
        }
        Ok(Some(history))
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
/// empty) joined with a root-relative path, `/`-separated; `None` for a
/// path git could not be asked about (not UTF-8, or leaving the root).
fn repo_path(prefix: &str, file: &Path) -> Option<String> {
    let mut out = prefix.to_owned();
    for (n, part) in file.components().enumerate() {
        match part {
            std::path::Component::Normal(p) => {
                if n > 0 && !out.is_empty() && !out.ends_with('/') {
                    out.push('/');
                }
                out.push_str(p.to_str()?);
            }
            std::path::Component::CurDir => {}
            _ => return None,
        }
    }
    Some(out)
}

/// `git status` entries: path from the top level, two-letter status.
type StatusEntries = Vec<(String, [u8; 2])>;

/// The answers `git status` gives (untracked, uncommitted), from a thread
/// running beside the log.
struct StatusSource<'a> {
    rx: std::sync::mpsc::Receiver<Result<StatusEntries, Error>>,
    answers: Option<Vec<(u32, GitLastmod)>>,
    ids: &'a HashMap<&'a str, u32>,
    uncommitted: Uncommitted,
    git: &'a Git,
}

impl StatusSource<'_> {
    fn convert(&self, entries: StatusEntries) -> Vec<(u32, GitLastmod)> {
        entries
            .into_iter()
            .filter_map(|(path, code)| {
                let &i = self.ids.get(path.as_str())?;
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

struct RepoInfo {
    toplevel: PathBuf,
    prefix: String,
    shallow: bool,
    shallow_file: PathBuf,
    /// HEAD's commit id; `None` before the first commit.
    head: Option<String>,
}

struct Git {
    dir: PathBuf,
}

impl Git {
    fn command(&self) -> Command {
        let mut cmd = Command::new("git");
        // No index refresh writes (a build must not take index.lock), and
        // no pager, colour or signature lines in the output we parse.
        cmd.current_dir(&self.dir)
            .env("GIT_OPTIONAL_LOCKS", "0")
            .env("GIT_PAGER", "cat")
            // A site folder named `[draft]` is a path, not a glob.
            .env("GIT_LITERAL_PATHSPECS", "1")
            .env_remove("GIT_DIR")
            .env_remove("GIT_WORK_TREE")
            .args([
                "-c",
                "log.showSignature=false",
                "-c",
                "core.quotePath=false",
            ]);
        cmd
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error::Git {
            dir: self.dir.clone(),
            message: message.into(),
        }
    }

    fn output(&self, args: &[&str]) -> Result<std::process::Output, Error> {
        self.command()
            .args(args)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| self.error(format!("cannot run `git {}`: {e}", args.join(" "))))
    }

    fn rev_parse(&self) -> Result<Option<RepoInfo>, Error> {
        let out = match self
            .command()
            .args([
                "rev-parse",
                "--show-toplevel",
                "--show-prefix",
                "--is-shallow-repository",
                "--git-path",
                "shallow",
            ])
            .stdin(Stdio::null())
            .output()
        {
            Ok(out) => out,
            // No git at all: the same as no repository.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(self.error(format!("cannot run git: {e}"))),
        };
        if !out.status.success() {
            // Not a work tree (or a bare repository): no git dates.
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = text.lines().collect();
        let [toplevel, prefix, shallow, shallow_file] = lines[..] else {
            return Err(self.error(format!("unexpected `git rev-parse` output: {text:?}")));
        };
        let head = self.output(&["rev-parse", "--quiet", "--verify", "HEAD^{commit}"])?;
        Ok(Some(RepoInfo {
            toplevel: PathBuf::from(toplevel),
            prefix: prefix.to_owned(),
            shallow: shallow == "true",
            shallow_file: self.dir.join(shallow_file),
            // The id, not the name: every process of the pass must walk
            // the same history even if a commit lands meanwhile.
            head: head
                .status
                .success()
                .then(|| String::from_utf8_lossy(&head.stdout).trim().to_owned()),
        }))
    }

    /// `git status` for the paths under `prefix`: (path from the top level,
    /// two-letter status).
    fn status(&self, prefix: &str) -> Result<StatusEntries, Error> {
        let pathspec = if prefix.is_empty() {
            ".".to_owned()
        } else {
            prefix.to_owned()
        };
        let args = [
            "status",
            "--porcelain=v1",
            "-z",
            "--untracked-files=all",
            "--no-renames",
            "--ignore-submodules=all",
            "--",
            pathspec.as_str(),
        ];
        let out = self.output(&args)?;
        if !out.status.success() {
            return Err(self.error(format!(
                "`git status` failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        Ok(out
            .stdout
            .split(|&b| b == 0)
            .filter(|entry| entry.len() > 3)
            .map(|entry| {
                (
                    String::from_utf8_lossy(&entry[3..]).into_owned(),
                    [entry[0], entry[1]],
                )
            })
            .collect())
    }

    fn shallow_commits(&self, file: &Path) -> Result<HashSet<Oid>, Error> {
        let text = std::fs::read_to_string(file).map_err(|source| Error::Io {
            path: file.to_owned(),
            source,
        })?;
        Ok(text
            .lines()
            .filter_map(|l| Oid::from_hex(l.trim().as_bytes()))
            .collect())
    }

    /// The walk: answers for the files in `pass.ids` (repo path → index).
    ///
    /// git's default order (newest commit date first) streams from the
    /// first commit and almost always shows every child before its parent;
    /// `--topo-order` guarantees that but must walk the whole history
    /// before showing anything. So the default order is read first, and
    /// only if a commit turns up after one of its parents (a clock skew,
    /// or equal dates across branches) is the walk redone in topological
    /// order, by one process.
    fn log(
        &self,
        pass: &Pass<'_>,
        status: &mut StatusSource<'_>,
        split: Split,
    ) -> Result<(Vec<(u32, GitLastmod)>, usize), Error> {
        if pass.ids.is_empty() {
            return Ok((Vec::new(), 0));
        }
        let mut walked = self.walk(pass, status, Order::Date, split)?;
        if matches!(walked, Walked::SplitMismatch) {
            // The parts did not join up into one history. git walks the
            // same way every time, so this is not expected; one process
            // cannot disagree with itself.
            walked = self.walk(pass, status, Order::Date, Split::ONE)?;
        }
        if matches!(walked, Walked::OutOfOrder) {
            walked = self.walk(pass, status, Order::Topo, Split::ONE)?;
        }
        match walked {
            Walked::Answers(answers, processes) => Ok((answers, processes)),
            Walked::OutOfOrder => {
                Err(self.error("`git log --topo-order` showed a commit after its parent"))
            }
            // Only a split pass can end so, and the retry is not split.
            Walked::SplitMismatch => Err(self.error("`git log` parts did not join up")),
        }
    }

    /// One pass over the history in `order`, split as `split` allows.
    fn walk(
        &self,
        pass: &Pass<'_>,
        status: &mut StatusSource<'_>,
        order: Order,
        split: Split,
    ) -> Result<Walked, Error> {
        let mut walk = Walk::new(pass.ids, pass.shallow_commits, self);
        let end =
            std::thread::scope(|scope| self.drive(scope, pass, &mut walk, status, order, split));
        if let Some(mut trees) = walk.trees.take() {
            trees.finish();
        }
        Ok(match end? {
            End::Finished | End::Stopped => {
                let processes = walk.log_processes;
                Walked::Answers(walk.into_answers(), processes)
            }
            End::OutOfOrder => Walked::OutOfOrder,
            End::SplitMismatch => Walked::SplitMismatch,
        })
    }

    /// Runs the pass's processes and feeds their commits to `walk` in
    /// git's order. Every process started here is killed and reaped when
    /// this returns, whichever way it returns (see [`Running`]).
    fn drive<'scope, 'env>(
        &'env self,
        scope: &'scope std::thread::Scope<'scope, 'env>,
        pass: &'env Pass<'env>,
        walk: &mut Walk<'_>,
        status: &mut StatusSource<'_>,
        order: Order,
        split: Split,
    ) -> Result<End, Error> {
        walk.log_processes = 1;
        let mut first = Running::spawn(
            scope,
            self,
            self.log_command(pass, order, None),
            "git log".to_owned(),
        )?;
        let mut reader = LogReader::new(first.stdout(), pass.ids, self);
        // What splits the pass (the tail, or the count that plans the
        // parts) starts beside the first process once it has shown
        // `count_after` commits; the walk takes what is there and never
        // waits for it (tests can make it wait, at `count_at`).
        let mut count: Option<Running<'scope>> = None;
        let mut tail: Option<Tail<'scope>> = None;
        let mut counted = split.processes < 2 || order == Order::Topo;
        let mut parts: Option<Parts<'scope>> = None;
        let mut commit = Commit::default();
        let mut read = 0_usize;
        loop {
            if !counted && read == split.count_after {
                counted = true;
                // Without the count or the tail the pass just stays in one
                // process.
                if split.processes == 2 {
                    tail = self.start_tail(scope, pass).ok();
                    walk.log_processes += usize::from(tail.is_some());
                } else {
                    count = Running::spawn(
                        scope,
                        self,
                        self.count_command(pass.head),
                        "git rev-list --count".to_owned(),
                    )
                    .ok();
                }
            }
            if let Some(t) = tail.as_ref()
                && split.count_at == Some(read)
            {
                t.wait_until_done();
            }
            if let Some(counting) = count.as_mut() {
                let total = match split.count_at {
                    Some(at) if read == at => counting.count(true),
                    Some(_) => None,
                    None if read.is_multiple_of(COUNT_POLL_EVERY) => counting.count(false),
                    None => None,
                };
                if let Some(total) = total {
                    count = None;
                    if let Some(total) = total.filter(|&t| t >= split.min_commits) {
                        parts = self.start_parts(scope, pass, total, read, split.processes)?;
                        walk.log_processes += parts.as_ref().map_or(0, |p| p.rest.len());
                    }
                }
            }
            if let Some(p) = parts.as_mut() {
                // A core is free (a part has ended) while the first
                // process still has much to show: hand the older half of
                // its rest to a new process. Newer commits tend to cost
                // git more (bigger trees), so the first share is the one
                // that runs late.
                let (steal, least) = match split.count_at {
                    Some(at) => (read == at + 1, 1),
                    None => (
                        read.is_multiple_of(COUNT_POLL_EVERY) && p.running() + 1 < split.processes,
                        MIN_STEAL,
                    ),
                };
                if steal && let Some(at) = steal_point(read, p.first_len, least) {
                    let part = self.start_part(scope, pass, at, Some(p.first_len - at))?;
                    p.rest.insert(0, part);
                    walk.log_processes += 1;
                    p.first_len = at;
                }
                if p.first_len == read {
                    break;
                }
            }
            if !reader.read_commit(&mut commit)? {
                first.finish(self)?;
                // With a split planned, the first process was to be
                // stopped before its end.
                return Ok(if parts.is_some() {
                    End::SplitMismatch
                } else {
                    End::Finished
                });
            }
            if let Some(at) = tail.as_ref().and_then(|t| t.position(commit.id)) {
                // The two processes have met: the tail has shown this
                // commit and every older one.
                drop(reader);
                drop(first);
                let shown = tail.take().expect("checked above").finish();
                let met = &shown[at];
                if met.parents != commit.parents
                    || met.date != commit.date
                    || met.blocks != commit.blocks
                {
                    return Ok(End::SplitMismatch);
                }
                for c in shown[..=at].iter().rev() {
                    if let Some(end) = step(walk, c, status)? {
                        return Ok(end);
                    }
                }
                return Ok(End::Finished);
            }
            read += 1;
            if let Some(end) = step(walk, &commit, status)? {
                return Ok(end);
            }
        }
        // The first process has shown its share: the commit it shows next
        // must be the one the second part starts with.
        let mut expected = reader.peek_id();
        drop(reader);
        drop(first);
        let parts = parts.expect("the loop stops early only at a split");
        for mut part in parts.rest {
            let mut got = 0_usize;
            loop {
                match part.batches.recv() {
                    Ok(Batch::Commits(commits)) => {
                        for c in &commits {
                            if got == 0 && Some(c.id) != expected {
                                return Ok(End::SplitMismatch);
                            }
                            got += 1;
                            if let Some(end) = step(walk, c, status)? {
                                return Ok(end);
                            }
                        }
                    }
                    Ok(Batch::End { next }) => {
                        part.process.finish(self)?;
                        if part.len.is_some_and(|n| n != got) {
                            return Ok(End::SplitMismatch);
                        }
                        expected = next;
                        break;
                    }
                    Ok(Batch::Failed(e)) => return Err(e),
                    Err(_) => {
                        return Err(self.error(format!(
                            "the reader of `{}` stopped without an answer",
                            part.process.what
                        )));
                    }
                }
            }
        }
        // The last part reads to the end of the history.
        Ok(if expected.is_none() {
            End::Finished
        } else {
            End::SplitMismatch
        })
    }

    /// Starts the processes for the commits after the first `read` of
    /// `total`; `None` when the history is too short to split.
    fn start_parts<'scope, 'env>(
        &'env self,
        scope: &'scope std::thread::Scope<'scope, 'env>,
        pass: &'env Pass<'env>,
        total: usize,
        read: usize,
        processes: usize,
    ) -> Result<Option<Parts<'scope>>, Error> {
        let Some(ends) = split_points(total, read, processes) else {
            return Ok(None);
        };
        let mut rest = Vec::with_capacity(ends.len() - 1);
        for (i, w) in ends.windows(2).enumerate() {
            let last = i + 2 == ends.len();
            rest.push(self.start_part(scope, pass, w[0], (!last).then_some(w[1] - w[0]))?);
        }
        Ok(Some(Parts {
            first_len: ends[0],
            rest,
        }))
    }

    /// Starts the process and reader for the `len` commits (all the rest
    /// if `None`) after the first `start`.
    fn start_part<'scope, 'env>(
        &'env self,
        scope: &'scope std::thread::Scope<'scope, 'env>,
        pass: &'env Pass<'env>,
        start: usize,
        len: Option<usize>,
    ) -> Result<Part<'scope>, Error> {
        // A part that is not the last shows one commit more than its
        // share, to check that it joins the next part.
        let range = (start, len.map(|n| n + 1));
        let what = match range.1 {
            Some(n) => format!("git log --skip={start} --max-count={n}"),
            None => format!("git log --skip={start}"),
        };
        let mut process = Running::spawn(
            scope,
            self,
            self.log_command(pass, Order::Date, Some(range)),
            what,
        )?;
        let reader = LogReader::new(process.stdout(), pass.ids, self);
        let (tx, rx) = std::sync::mpsc::channel();
        scope.spawn(move || read_part(reader, len, &tx));
        Ok(Part {
            process,
            batches: rx,
            len,
        })
    }

    /// Starts the tail of a two-process pass.
    fn start_tail<'scope, 'env>(
        &'env self,
        scope: &'scope std::thread::Scope<'scope, 'env>,
        pass: &'env Pass<'env>,
    ) -> Result<Tail<'scope>, Error> {
        let mut process = Running::spawn(
            scope,
            self,
            self.log_command(pass, Order::Reverse, None),
            "git log --reverse".to_owned(),
        )?;
        let reader = LogReader::new(process.stdout(), pass.ids, self);
        let shared = std::sync::Arc::new(TailShared::default());
        let for_reader = std::sync::Arc::clone(&shared);
        let reader = scope.spawn(move || read_tail(reader, &for_reader));
        Ok(Tail {
            process,
            shared,
            reader,
        })
    }

    /// `git log` with the pass's options; `range` is `--skip` and
    /// `--max-count`.
    fn log_command(
        &self,
        pass: &Pass<'_>,
        order: Order,
        range: Option<(usize, Option<usize>)>,
    ) -> Command {
        let format = match pass.date {
            GitDate::Committer => "--format=%x1e%H%x1f%P%x1f%cI",
            GitDate::Author => "--format=%x1e%H%x1f%P%x1f%aI",
        };
        let mut cmd = self.command();
        cmd.args([
            "log",
            "--no-renames",
            "--diff-merges=separate",
            "--root",
            "--name-only",
            "-z",
            "--no-color",
            "--no-ext-diff",
            format,
        ]);
        match order {
            Order::Date => {}
            Order::Topo => {
                cmd.arg("--topo-order");
            }
            Order::Reverse => {
                cmd.arg("--reverse");
            }
        }
        if let Some((skip, count)) = range {
            cmd.arg(format!("--skip={skip}"));
            if let Some(n) = count {
                cmd.arg(format!("--max-count={n}"));
            }
        }
        cmd.args([pass.head, "--"])
            // Into a pipe git would flush after every commit: one write
            // and one wake-up of the reader per commit. Fully buffered
            // output costs a fraction of that.
            .env("GIT_FLUSH", "0");
        cmd
    }

    fn count_command(&self, head: &str) -> Command {
        let mut cmd = self.command();
        cmd.args(["rev-list", "--count", head, "--"]);
        cmd
    }
}

/// What every process of one pass is asked.
struct Pass<'a> {
    /// HEAD's commit id, fixed once for all processes.
    head: &'a str,
    ids: &'a HashMap<&'a str, u32>,
    date: GitDate,
    shallow_commits: &'a HashSet<Oid>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// git's default: newest commit date first, streamed.
    Date,
    /// `--topo-order`: every child before its parents, guaranteed.
    Topo,
    /// `--reverse`: the date order, oldest first (git walks the whole
    /// history, then shows it backwards).
    Reverse,
}

/// How a pass ended.
enum End {
    /// The whole history was read.
    Finished,
    /// Every file had its answer before the end.
    Stopped,
    /// A commit came after one of its parents.
    OutOfOrder,
    /// The parts of a split did not join up.
    SplitMismatch,
}

/// The outcome of [`Git::walk`].
enum Walked {
    /// The answers, and how many `git log` processes gave them.
    Answers(Vec<(u32, GitLastmod)>, usize),
    OutOfOrder,
    SplitMismatch,
}

/// How many `git log` processes may share a pass (2: the first and the
/// [`Tail`]; more: the first and `--skip` parts).
#[derive(Clone, Copy, Debug)]
struct Split {
    /// At most this many (1: never split).
    processes: usize,
    /// A history with fewer commits is read by one process: there the
    /// count and the extra processes cost more than they save.
    min_commits: usize,
    /// The count, or the tail, starts once the first process has shown
    /// this many commits: a shorter history is never split, and a walk
    /// that stops by then (the newest pages) does not share the cores.
    count_after: usize,
    /// For tests: wait for the count, or for the tail to show everything,
    /// once this many commits are read (`None`: take what is there,
    /// without waiting).
    count_at: Option<usize>,
}

/// At most this many `git log` processes: past that the parts' skipping
/// (each walks, without diffing, all the commits before its own) and the
/// one walk that takes their output in order cost more than they save.
const MAX_PROCESSES: usize = 4;

/// Below this many commits a pass stays in one process.
const MIN_SPLIT_COMMITS: usize = 2_000;

/// See [`Split::count_after`].
const COUNT_AFTER: usize = MIN_SPLIT_COMMITS / 2;

/// The fewest commits worth a new process when the first share is split
/// again (a process and its skipping cost about as much as showing them).
const MIN_STEAL: usize = 1_000;

/// How often (in commits read) the walk looks whether the count is done
/// and whether a core is free.
const COUNT_POLL_EVERY: usize = 16;

/// What skipping a commit costs git, as a share of showing it with its
/// diff: on the benchmark repository (`cargo xtask bench git`),
/// `git log --skip` past all 50,000 commits takes 0.29 s of CPU, the
/// whole pass 2.9 s.
const SKIP_COST: f64 = 0.1;

impl Split {
    const ONE: Split = Split {
        processes: 1,
        min_commits: usize::MAX,
        count_after: usize::MAX,
        count_at: None,
    };

    /// One process per core, up to [`MAX_PROCESSES`].
    fn for_machine() -> Split {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Split {
            processes: cores.min(MAX_PROCESSES),
            min_commits: MIN_SPLIT_COMMITS,
            count_after: COUNT_AFTER,
            count_at: None,
        }
    }
}

/// Where the parts of a split end (commit counts from HEAD; the last is
/// `total`), when the first process has shown `done` commits and goes
/// on; `None` when there is too little left to split.
///
/// The parts are sized to finish together: the first just goes on, part
/// `i` first skips every commit before its own ([`SKIP_COST`] each), then
/// shows its share. With `t` the time each takes (in commits shown) and
/// `e_i` the end of part `i`: `e_0 = done + t` and
/// `e_i = t + (1 - SKIP_COST) e_(i-1)`, linear in `t`, solved for
/// `e_last = total`.
fn split_points(total: usize, done: usize, processes: usize) -> Option<Vec<usize>> {
    let k = processes.min(total.saturating_sub(done));
    if k < 2 {
        return None;
    }
    let ends_for = |t: f64| {
        let mut ends = Vec::with_capacity(k);
        let mut e = done as f64 + t;
        ends.push(e);
        for _ in 1..k {
            e = t + (1.0 - SKIP_COST) * e;
            ends.push(e);
        }
        ends
    };
    let at0 = ends_for(0.0)[k - 1];
    let slope = ends_for(1.0)[k - 1] - at0;
    let t = (total as f64 - at0) / slope;
    let mut ends: Vec<usize> = ends_for(t).iter().map(|e| e.round() as usize).collect();
    // Each part at least one commit, the last ending at `total`.
    let mut previous = done;
    for (i, e) in ends.iter_mut().enumerate() {
        *e = (*e).clamp(previous + 1, total - (k - 1 - i));
        previous = *e;
    }
    ends[k - 1] = total;
    Some(ends)
}

/// Where to split the rest of the first process's share (it has shown
/// `read` of `first_len`) so that it and a new process, which first skips
/// everything before its part, finish together; `None` when the new part
/// would get fewer than `least` commits.
fn steal_point(read: usize, first_len: usize, least: usize) -> Option<usize> {
    let rest = first_len.checked_sub(read)? as f64;
    // The first goes on for x commits; the new one skips read + x, then
    // shows rest - x: x = SKIP_COST (read + x) + rest - x.
    let x = ((rest + SKIP_COST * read as f64) / (2.0 - SKIP_COST)).round() as usize;
    let at = read + x.max(1);
    (first_len.checked_sub(at)? >= least.max(1)).then_some(at)
}

/// The second process of a two-process pass: `git log --reverse`, read
/// by its own thread from the oldest commit up, while the walk reads the
/// first process from the newest down, until the walk meets a commit the
/// tail has shown. No count, no skipping, and the two meet wherever their
/// speeds take them.
struct Tail<'scope> {
    process: Running<'scope>,
    shared: std::sync::Arc<TailShared>,
    reader: std::thread::ScopedJoinHandle<'scope, Vec<Commit>>,
}

/// What the tail's reader and the walk share.
#[derive(Default)]
struct TailShared {
    /// Each commit shown, whole, by the tail → its place in the reader's
    /// list (oldest first).
    shown: std::sync::Mutex<HashMap<Oid, usize>>,
    /// Set by the walk: the reader stops.
    stop: std::sync::atomic::AtomicBool,
    /// Set by the reader when it has stopped.
    done: std::sync::atomic::AtomicBool,
}

impl Tail<'_> {
    /// Where the tail's list has commit `id`, if it has shown it.
    fn position(&self, id: Oid) -> Option<usize> {
        self.shared.shown.lock().ok()?.get(&id).copied()
    }

    /// For tests: waits until the reader has stopped (the tail has shown
    /// everything, or failed).
    fn wait_until_done(&self) {
        while !self.shared.done.load(std::sync::atomic::Ordering::Acquire) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// Stops the tail and takes what it has shown, oldest first.
    fn finish(self) -> Vec<Commit> {
        self.shared
            .stop
            .store(true, std::sync::atomic::Ordering::Release);
        let Tail {
            process, reader, ..
        } = self;
        // Killed: the reader, if it waits for more, sees the end.
        drop(process);
        match reader.join() {
            Ok(shown) => shown,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}

/// The tail's reader thread: offers each commit, whole, to the walk.
///
/// An error (a stream cut off when the walk stops the tail, or anything
/// else) just ends what the tail offers: the commits offered before it
/// were read whole, and the first process shows every other one.
fn read_tail<R: BufRead>(mut reader: LogReader<'_, R>, shared: &TailShared) -> Vec<Commit> {
    let mut shown = Vec::new();
    loop {
        if shared.stop.load(std::sync::atomic::Ordering::Acquire) {
            break;
        }
        let mut commit = Commit::default();
        if !matches!(reader.read_commit(&mut commit), Ok(true)) {
            break;
        }
        // A commit is whole once the next one's header has been read. The
        // last one, ended by the end of the stream, is not offered: it is
        // HEAD, which the first process shows first anyway, and a stream
        // cut short must not pass off a commit with names missing.
        if reader.peek_id().is_none() {
            break;
        }
        let id = commit.id;
        shown.push(commit);
        let Ok(mut map) = shared.shown.lock() else {
            break;
        };
        map.insert(id, shown.len() - 1);
    }
    shared
        .done
        .store(true, std::sync::atomic::Ordering::Release);
    shown
}

/// The split of one pass: the first process's share, then the others.
struct Parts<'scope> {
    first_len: usize,
    rest: Vec<Part<'scope>>,
}

/// One `git log --skip=… --max-count=…` process and its reader.
struct Part<'scope> {
    process: Running<'scope>,
    batches: std::sync::mpsc::Receiver<Batch>,
    /// The commits it shows for the walk (`None`: all the rest).
    len: Option<usize>,
}

impl Parts<'_> {
    /// How many of the other parts' processes still run.
    fn running(&mut self) -> usize {
        self.rest
            .iter_mut()
            .map(|p| matches!(p.process.child.try_wait(), Ok(None)))
            .filter(|&running| running)
            .count()
    }
}

/// What a part's reader thread sends.
enum Batch {
    Commits(Vec<Commit>),
    /// The part is done; `next` is the commit the process showed after
    /// its share (the next part's first), if any.
    End {
        next: Option<Oid>,
    },
    Failed(Error),
}

/// Commits are sent in batches: one channel message per commit would
/// cost more than parsing it.
const BATCH: usize = 256;

/// A part's reader thread: parses `len` commits (all, for the last part)
/// into batches for the walk.
fn read_part<R: BufRead>(
    mut reader: LogReader<'_, R>,
    len: Option<usize>,
    tx: &std::sync::mpsc::Sender<Batch>,
) {
    let mut batch = Vec::with_capacity(BATCH);
    let mut got = 0_usize;
    let result = loop {
        if len == Some(got) {
            let next = reader.peek_id();
            // The commit past the share was read only to check the join;
            // git ends once it has written it.
            break reader.drain().map(|()| next);
        }
        let mut commit = Commit::default();
        match reader.read_commit(&mut commit) {
            Ok(true) => {}
            Ok(false) => break Ok(None),
            Err(e) => break Err(e),
        }
        got += 1;
        batch.push(commit);
        if batch.len() == BATCH
            && tx
                .send(Batch::Commits(std::mem::replace(
                    &mut batch,
                    Vec::with_capacity(BATCH),
                )))
                .is_err()
        {
            // The walk is over; its processes are being stopped.
            return;
        }
    };
    if !batch.is_empty() && tx.send(Batch::Commits(batch)).is_err() {
        return;
    }
    // The receiver may be gone: the walk stopped.
    let _ = tx.send(match result {
        Ok(next) => Batch::End { next },
        Err(e) => Batch::Failed(e),
    });
}

/// Feeds one commit to the walk; `Some` when the walk is over.
fn step(
    walk: &mut Walk<'_>,
    commit: &Commit,
    status: &mut StatusSource<'_>,
) -> Result<Option<End>, Error> {
    walk.process(commit)?;
    if walk.out_of_order {
        return Ok(Some(End::OutOfOrder));
    }
    if !walk.status_applied
        && let Some(answers) = status.poll()?
    {
        walk.settle(answers);
    }
    Ok((walk.waiting == 0).then_some(End::Stopped))
}

/// A `git` child of a pass. Dropping it kills and reaps it, so no way out
/// of the pass (an early stop, an error, a panic) leaves a process
/// running or a zombie; a thread drains its stderr, so a full pipe never
/// blocks it.
struct Running<'scope> {
    child: Child,
    /// The command, for messages.
    what: String,
    stderr: Option<std::thread::ScopedJoinHandle<'scope, Vec<u8>>>,
}

impl<'scope> Running<'scope> {
    fn spawn<'env>(
        scope: &'scope std::thread::Scope<'scope, 'env>,
        git: &Git,
        mut cmd: Command,
        what: String,
    ) -> Result<Running<'scope>, Error> {
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| git.error(format!("cannot run `{what}`: {e}")))?;
        let mut pipe = child.stderr.take().expect("stderr is piped");
        let stderr = scope.spawn(move || {
            let mut text = Vec::new();
            // A read error leaves the message short, nothing worse.
            let _ = pipe.read_to_end(&mut text);
            text
        });
        Ok(Running {
            child,
            what,
            stderr: Some(stderr),
        })
    }

    fn stdout(&mut self) -> BufReader<ChildStdout> {
        let stdout = self
            .child
            .stdout
            .take()
            .expect("stdout is piped, taken once");
        BufReader::with_capacity(1 << 16, stdout)
    }

    /// Waits for the process to end; an error with git's message unless
    /// it succeeded.
    fn finish(&mut self, git: &Git) -> Result<(), Error> {
        let status = self
            .child
            .wait()
            .map_err(|e| git.error(format!("`{}`: {e}", self.what)))?;
        let stderr = self
            .stderr
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default();
        if !status.success() {
            return Err(git.error(format!(
                "`{}` failed: {}",
                self.what,
                String::from_utf8_lossy(&stderr).trim()
            )));
        }
        Ok(())
    }

    /// For `git rev-list --count`: the number of commits once it has
    /// ended (`Some(None)` if it failed: the pass then stays in one
    /// process); `None` while it runs, unless `block`.
    fn count(&mut self, block: bool) -> Option<Option<usize>> {
        let status = if block {
            self.child.wait().ok()
        } else {
            match self.child.try_wait() {
                Ok(None) => return None,
                Ok(Some(status)) => Some(status),
                Err(_) => None,
            }
        };
        let mut out = String::new();
        let read = match (status, self.child.stdout.as_mut()) {
            // The output is one short line: it fits the pipe, so the
            // process could end before it was read.
            (Some(status), Some(stdout)) if status.success() => {
                stdout.read_to_string(&mut out).is_ok()
            }
            _ => false,
        };
        Some(read.then(|| out.trim().parse().ok()).flatten())
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        // Stops a process still running (the walk needs no more of it);
        // for one already waited for, both calls do nothing.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A commit header: `%H%x1f%P%x1f%cI`.
#[derive(Default)]
struct Header {
    id: Oid,
    parents: Vec<Oid>,
    date: String,
}

/// Fills `into` from a header's bytes; `None` if it is not one.
fn parse_header(bytes: &[u8], into: &mut Header) -> Option<()> {
    let mut parts = bytes.split(|&b| b == 0x1f);
    into.id = Oid::from_hex(parts.next()?)?;
    into.parents.clear();
    for p in parts
        .next()?
        .split(|&b| b == b' ')
        .filter(|p| !p.is_empty())
    {
        into.parents.push(Oid::from_hex(p)?);
    }
    into.date.clear();
    into.date.push_str(std::str::from_utf8(parts.next()?).ok()?);
    Some(())
}

/// Reads commits, with the requested files each changed, from a
/// `git log -z --name-only --format=%x1e%H%x1f%P%x1f%cI` stream.
struct LogReader<'a, R> {
    input: R,
    ids: &'a HashMap<&'a str, u32>,
    git: &'a Git,
    token: Vec<u8>,
    /// The header that ended the last commit read: the next commit's.
    next: Header,
    has_next: bool,
}

impl<'a, R: BufRead> LogReader<'a, R> {
    fn new(input: R, ids: &'a HashMap<&'a str, u32>, git: &'a Git) -> LogReader<'a, R> {
        LogReader {
            input,
            ids,
            git,
            token: Vec::new(),
            next: Header::default(),
            has_next: false,
        }
    }

    /// The next NUL-terminated token into `self.token`; `false` at the end.
    fn read_token(&mut self) -> Result<bool, Error> {
        self.token.clear();
        let n = self
            .input
            .read_until(0, &mut self.token)
            .map_err(|e| self.git.error(format!("reading `git log`: {e}")))?;
        if self.token.last() == Some(&0) {
            self.token.pop();
        }
        Ok(n > 0)
    }

    /// Whether the token is a header; if so it is parsed into `self.next`.
    fn take_header(&mut self) -> Result<bool, Error> {
        if self.token.first() != Some(&0x1e) {
            return Ok(false);
        }
        parse_header(&self.token[1..], &mut self.next).ok_or_else(|| {
            self.git.error(format!(
                "unexpected `git log` header {:?}",
                String::from_utf8_lossy(&self.token[1..])
            ))
        })?;
        Ok(true)
    }

    /// The id of the commit the stream shows next, once the last commit
    /// read has ended.
    fn peek_id(&self) -> Option<Oid> {
        self.has_next.then_some(self.next.id)
    }

    /// Reads the next commit into `commit` (reusing its buffers); `false`
    /// at the end of the stream.
    fn read_commit(&mut self, commit: &mut Commit) -> Result<bool, Error> {
        if !self.has_next {
            // The start of the stream: its first token is a header.
            loop {
                if !self.read_token()? {
                    return Ok(false);
                }
                if self.take_header()? {
                    break;
                }
            }
        }
        self.has_next = false;
        commit.id = self.next.id;
        std::mem::swap(&mut commit.parents, &mut self.next.parents);
        std::mem::swap(&mut commit.date, &mut self.next.date);
        commit.blocks.truncate(1);
        match commit.blocks.first_mut() {
            Some(b) => b.clear(),
            None => commit.blocks.push(Vec::new()),
        }
        let mut first_file = true;
        loop {
            if !self.read_token()? {
                return Ok(true);
            }
            if self.take_header()? {
                first_file = true;
                if self.next.id == commit.id {
                    // The same merge again: its diff against the next parent.
                    commit.blocks.push(Vec::new());
                    continue;
                }
                self.has_next = true;
                return Ok(true);
            }
            let mut name = &self.token[..];
            if first_file {
                // git writes a newline between the header and the first name.
                name = name.strip_prefix(b"\n").unwrap_or(name);
                first_file = false;
            }
            if name.is_empty() {
                continue;
            }
            if let Some(&i) = std::str::from_utf8(name).ok().and_then(|n| self.ids.get(n)) {
                commit
                    .blocks
                    .last_mut()
                    .expect("a commit has a block")
                    .push(i);
            }
        }
    }

    /// Reads the rest of the stream, so the process can end normally.
    fn drain(&mut self) -> Result<(), Error> {
        std::io::copy(&mut self.input, &mut std::io::sink())
            .map(|_| ())
            .map_err(|e| self.git.error(format!("reading `git log`: {e}")))
    }
}

/// One commit of the stream, with its per-parent file lists.
#[derive(Default)]
struct Commit {
    id: Oid,
    parents: Vec<Oid>,
    date: String,
    /// One list per block git printed: with `--diff-merges=separate` a
    /// merge has one block per parent whose diff is not empty.
    blocks: Vec<Vec<u32>>,
}

/// The files still waiting, grouped by the commit they wait at.
///
/// Most commits move every waiting file on to the first parent, so files
/// are not moved one by one: each file points at a group, groups are
/// merged with union-find when two children's walks meet at one parent,
/// and only the few files a commit or merge lists are looked at. That
/// keeps the walk linear in the size of git's output, not in files times
/// commits.
struct Walk<'a> {
    /// Requested repo paths → dense file numbers.
    ids: &'a HashMap<&'a str, u32>,
    /// The group each file was last put in (find its representative).
    group_of: Vec<u32>,
    /// Union-find parent of each group.
    group_parent: Vec<u32>,
    /// Files still waiting in each representative group.
    group_size: Vec<u32>,
    /// The answer for each file, once known.
    answer: Vec<Option<GitLastmod>>,
    /// Representative group waiting at each commit; the first commit
    /// (HEAD) is taken from `head`.
    pending: HashMap<Oid, u32>,
    head: Option<u32>,
    waiting: usize,
    /// Commits already read, to notice one read after its parent.
    processed: HashSet<Oid>,
    /// A commit was read after one of its parents.
    out_of_order: bool,
    /// `git status`'s answers have been taken into account.
    status_applied: bool,
    shallow_commits: &'a HashSet<Oid>,
    trees: Option<TreeLookup>,
    git: &'a Git,
    /// How many `git log` processes the pass started.
    log_processes: usize,
}

impl<'a> Walk<'a> {
    fn new(
        ids: &'a HashMap<&'a str, u32>,
        shallow_commits: &'a HashSet<Oid>,
        git: &'a Git,
    ) -> Walk<'a> {
        let n = ids.values().map(|&i| i as usize + 1).max().unwrap_or(0);
        let mut answer = vec![Some(GitLastmod::NoCommit); n];
        for &i in ids.values() {
            answer[i as usize] = None;
        }
        Walk {
            ids,
            group_of: vec![0; n],
            group_parent: vec![0],
            group_size: vec![ids.len() as u32],
            answer,
            pending: HashMap::new(),
            head: Some(0),
            waiting: ids.len(),
            processed: HashSet::new(),
            out_of_order: false,
            status_applied: false,
            shallow_commits,
            trees: None,
            git,
            log_processes: 0,
        }
    }

    fn into_answers(self) -> Vec<(u32, GitLastmod)> {
        let ids = self.ids;
        let mut answer = self.answer;
        ids.values()
            // A file whose walk ran past every commit without meeting one
            // that has it: tracked, but never committed on this history.
            .map(|&i| (i, answer[i as usize].take().unwrap_or(GitLastmod::NoCommit)))
            .collect()
    }

    fn find(&mut self, mut g: u32) -> u32 {
        while self.group_parent[g as usize] != g {
            let up = self.group_parent[self.group_parent[g as usize] as usize];
            self.group_parent[g as usize] = up;
            g = up;
        }
        g
    }

    fn new_group(&mut self) -> u32 {
        let g = self.group_parent.len() as u32;
        self.group_parent.push(g);
        self.group_size.push(0);
        g
    }

    /// Whether `file` waits in the group whose representative is `rep`.
    fn waits_in(&mut self, file: u32, rep: u32) -> bool {
        self.answer[file as usize].is_none() && self.find(self.group_of[file as usize]) == rep
    }

    /// Takes `git status`'s answers: those files stop waiting wherever
    /// they are (their final answer is set by the caller).
    fn settle(&mut self, answers: &[(u32, GitLastmod)]) {
        self.status_applied = true;
        for (file, answer) in answers {
            if self.answer[*file as usize].is_none() {
                let rep = self.find(self.group_of[*file as usize]);
                self.resolve(*file, rep, answer.clone());
            }
        }
    }

    fn resolve(&mut self, file: u32, rep: u32, answer: GitLastmod) {
        self.answer[file as usize] = Some(answer);
        self.group_size[rep as usize] -= 1;
        self.waiting -= 1;
    }

    /// Sends the group `rep` on to wait at `commit`.
    fn send(&mut self, rep: u32, commit: Oid) {
        if self.group_size[rep as usize] == 0 {
            return;
        }
        if self.processed.contains(&commit) {
            self.out_of_order = true;
            return;
        }
        match self.pending.get(&commit).copied() {
            Some(other) => {
                let other = self.find(other);
                if other != rep {
                    self.group_parent[rep as usize] = other;
                    self.group_size[other as usize] += self.group_size[rep as usize];
                    self.group_size[rep as usize] = 0;
                }
            }
            None => {
                self.pending.insert(commit, rep);
            }
        }
    }

    /// Sends one file on to wait at `commit`, out of the group `rep`.
    fn send_one(&mut self, file: u32, rep: u32, commit: Oid) {
        if self.processed.contains(&commit) {
            self.out_of_order = true;
            return;
        }
        self.group_size[rep as usize] -= 1;
        let target = match self.pending.get(&commit).copied() {
            Some(g) => self.find(g),
            None => {
                let g = self.new_group();
                self.pending.insert(commit, g);
                g
            }
        };
        self.group_of[file as usize] = target;
        self.group_size[target as usize] += 1;
    }

    /// Every file still waiting in `rep` (a full scan: used only at root
    /// and shallow-boundary commits, which are few).
    fn all_in(&mut self, rep: u32) -> Vec<u32> {
        (0..self.answer.len() as u32)
            .filter(|&f| self.waits_in(f, rep))
            .collect()
    }

    fn process(&mut self, commit: &Commit) -> Result<(), Error> {
        self.processed.insert(commit.id);
        let group = match self.head.take() {
            Some(g) => Some(g),
            None => self.pending.remove(&commit.id),
        };
        let Some(group) = group else {
            return Ok(());
        };
        let rep = self.find(group);
        if self.group_size[rep as usize] == 0 {
            return Ok(());
        }
        let lastmod = || {
            Lastmod::parse(&commit.date)
                .map(GitLastmod::Committed)
                .map_err(|e| {
                    self.git.error(format!(
                        "commit {} has date {:?}: {e}",
                        commit.id, commit.date
                    ))
                })
        };
        if self.shallow_commits.contains(&commit.id) {
            // The boundary of a shallow clone: what it changed, and
            // everything before it, is unknown.
            for f in self.all_in(rep) {
                self.resolve(f, rep, GitLastmod::CutOff);
            }
            return Ok(());
        }
        match commit.parents.len() {
            0 => {
                // A root commit: it added every file it has; a file it
                // lacks has no commit on this walk.
                let date = lastmod()?;
                for &f in commit.blocks.iter().flatten() {
                    if self.waits_in(f, rep) {
                        self.resolve(f, rep, date.clone());
                    }
                }
                for f in self.all_in(rep) {
                    self.resolve(f, rep, GitLastmod::NoCommit);
                }
            }
            1 => {
                let mut date = None;
                for &f in commit.blocks.iter().flatten() {
                    if self.waits_in(f, rep) {
                        if date.is_none() {
                            date = Some(lastmod()?);
                        }
                        let d = date.clone().expect("set above");
                        self.resolve(f, rep, d);
                    }
                }
                self.send(rep, commit.parents[0]);
            }
            n => {
                // A merge. Which block belongs to which parent: git prints
                // no block for a parent whose tree is the merge's own, so
                // when blocks are missing, ask which parents those are.
                let blocks = &commit.blocks;
                let per_parent: Vec<Option<HashSet<u32>>> = if blocks.len() == n {
                    blocks
                        .iter()
                        .map(|b| Some(b.iter().copied().collect()))
                        .collect()
                } else if blocks.len() == 1 && blocks[0].is_empty() {
                    vec![None; n]
                } else {
                    // Rare (a merge whose tree is one parent's), so the
                    // trees are asked for here rather than printed for
                    // every commit.
                    let own = self.tree_of(commit.id)?;
                    let trees = self.parent_trees(&commit.parents)?;
                    let same: Vec<bool> = trees.iter().map(|t| *t == own).collect();
                    let differing = same.iter().filter(|s| !**s).count();
                    if differing != blocks.len() {
                        return Err(self.git.error(format!(
                            "merge {} has {} diff blocks for {differing} parent(s) that differ from it",
                            commit.id,
                            blocks.len()
                        )));
                    }
                    let mut it = blocks.iter();
                    same.iter()
                        .map(|&s| {
                            if s {
                                None
                            } else {
                                it.next().map(|b| b.iter().copied().collect())
                            }
                        })
                        .collect()
                };
                // Only files some block lists can leave the first-parent
                // walk; every other file is TREESAME to the first parent.
                let mut listed: Vec<u32> = blocks.iter().flatten().copied().collect();
                listed.sort_unstable();
                listed.dedup();
                let mut date = None;
                for f in listed {
                    if !self.waits_in(f, rep) {
                        continue;
                    }
                    // The first parent f is TREESAME to (None: the whole
                    // tree is), as git's simplification follows.
                    let follow = per_parent
                        .iter()
                        .position(|p| p.as_ref().is_none_or(|changed| !changed.contains(&f)));
                    match follow {
                        Some(0) => {}
                        Some(p) => self.send_one(f, rep, commit.parents[p]),
                        None => {
                            if date.is_none() {
                                date = Some(lastmod()?);
                            }
                            let d = date.clone().expect("set above");
                            self.resolve(f, rep, d);
                        }
                    }
                }
                self.send(rep, commit.parents[0]);
            }
        }
        Ok(())
    }

    fn parent_trees(&mut self, parents: &[Oid]) -> Result<Vec<Oid>, Error> {
        parents.iter().map(|&p| self.tree_of(p)).collect()
    }

    fn tree_of(&mut self, commit: Oid) -> Result<Oid, Error> {
        if self.trees.is_none() {
            self.trees = Some(TreeLookup::start(self.git)?);
        }
        let lookup = self.trees.as_mut().expect("started above");
        lookup.tree_of(&commit, self.git)
    }
}

/// A `git cat-file --batch-check` process asked for commits' trees, one
/// line at a time, only for merges whose diff blocks need telling apart.
struct TreeLookup {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl TreeLookup {
    fn start(git: &Git) -> Result<TreeLookup, Error> {
        let mut child = git
            .command()
            .args(["cat-file", "--batch-check=%(objectname)"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| git.error(format!("cannot run `git cat-file`: {e}")))?;
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Ok(TreeLookup {
            child,
            stdin,
            stdout,
        })
    }

    fn tree_of(&mut self, commit: &Oid, git: &Git) -> Result<Oid, Error> {
        let stdin = self.stdin.as_mut().expect("open until finish");
        writeln!(stdin, "{commit}^{{tree}}")
            .and_then(|()| stdin.flush())
            .map_err(|e| git.error(format!("`git cat-file`: {e}")))?;
        let mut line = String::new();
        self.stdout
            .read_line(&mut line)
            .map_err(|e| git.error(format!("`git cat-file`: {e}")))?;
        Oid::from_hex(line.trim().as_bytes())
            .ok_or_else(|| git.error(format!("`git cat-file` found no tree for commit {commit}")))
    }

    fn finish(&mut self) {
        // Closing stdin ends cat-file.
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::{SKIP_COST, split_points, steal_point};

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
