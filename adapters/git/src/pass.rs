//! One pass over the history: the repository's facts ([`RepoInfo`]), the
//! `git` commands ([`Git`]), and the driver that feeds one or several
//! `git log` processes into the [`Walk`] in stream
//! order ([`Git::walk`], [`Git::drive`]), ending early once every file has
//! its answer.

use std::collections::HashMap;
use std::collections::HashSet;
use std::path::Path;
use std::path::PathBuf;
use std::process::Command;
use std::process::Stdio;

use super::GitLastmod;
use super::Oid;
use super::StatusEntries;
use super::StatusSource;
use super::process::LogReader;
use super::process::Running;
use super::split::Batch;
use super::split::COUNT_POLL_EVERY;
use super::split::MIN_STEAL;
use super::split::Part;
use super::split::Parts;
use super::split::Split;
use super::split::Tail;
use super::split::TailShared;
use super::split::read_part;
use super::split::read_tail;
use super::split::split_points;
use super::split::steal_point;
use super::split::step;
use super::walk::Commit;
use super::walk::Walk;
use super::watch::Expired;
use super::watch::Limit;
use super::watch::Watched;
use crate::error::Error;
use crate::options::GitDate;

pub(super) struct RepoInfo {
    pub(super) toplevel: PathBuf,
    pub(super) prefix: String,
    pub(super) shallow: bool,
    pub(super) shallow_file: PathBuf,
    /// HEAD's commit id; `None` before the first commit.
    pub(super) head: Option<String>,
}

pub(super) struct Git {
    pub(super) dir: PathBuf,
    pub(super) limit: Limit,
    pub(super) expired: Expired,
}

impl Git {
    pub(super) fn new(dir: &Path, limit: Limit) -> Git {
        Git {
            dir: dir.to_owned(),
            limit,
            expired: Expired::default(),
        }
    }

    /// The same read, run in `dir`.
    pub(super) fn at(&self, dir: &Path) -> Git {
        Git {
            dir: dir.to_owned(),
            limit: self.limit,
            expired: self.expired.clone(),
        }
    }

    /// [`Error::GitTimeout`] if a process of this read was killed at the
    /// limit: that, not what its cut-off output led to, is the error.
    pub(super) fn timed_out(&self) -> Option<Error> {
        self.expired.error(self.limit)
    }

    pub(super) fn command(&self) -> Command {
        let mut cmd = Command::new("git");
        // Its own process group, so that at the limit its helpers die with
        // it (see `watch::kill`).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
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

    pub(super) fn error(&self, message: impl Into<String>) -> Error {
        Error::Git {
            dir: self.dir.clone(),
            message: message.into(),
        }
    }

    pub(super) fn output(&self, args: &[&str]) -> Result<std::process::Output, Error> {
        let mut cmd = self.command();
        cmd.args(args);
        self.run(cmd, args)
            .map_err(|e| self.error(format!("cannot run `git {}`: {e}", args.join(" "))))?
    }

    /// Runs `cmd` to its end under the limit. The pipes are read by
    /// threads of their own, left behind if the process is killed: a
    /// helper outside its process group could still hold them open.
    fn run(
        &self,
        mut cmd: Command,
        args: &[&str],
    ) -> std::io::Result<Result<std::process::Output, Error>> {
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                let mut text = Vec::new();
                if let Some(mut pipe) = pipe {
                    // A read error leaves the output short; git's status says why.
                    let _ = pipe.read_to_end(&mut text);
                }
                let _ = tx.send(text);
            });
            rx
        };
        let stdout = drain(child.stdout.take().map(|p| Box::new(p) as _));
        let stderr = drain(child.stderr.take().map(|p| Box::new(p) as _));
        let what = format!("git {}", args.join(" "));
        let watched = Watched::start(child, &what, &self.dir, self.limit, &self.expired, false);
        let status = watched.wait()?;
        if let Some(timed_out) = self.timed_out() {
            return Ok(Err(timed_out));
        }
        Ok(Ok(std::process::Output {
            status,
            stdout: stdout.recv().unwrap_or_default(),
            stderr: stderr.recv().unwrap_or_default(),
        }))
    }

    pub(super) fn rev_parse(&self) -> Result<Option<RepoInfo>, Error> {
        let args = [
            "rev-parse",
            "--show-toplevel",
            "--show-prefix",
            "--is-shallow-repository",
            "--git-path",
            "shallow",
        ];
        let mut cmd = self.command();
        cmd.args(args);
        let out = match self.run(cmd, &args) {
            Ok(out) => out?,
            // No git at all: the same as no repository.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(self.error(format!("cannot run git: {e}"))),
        };
        if !out.status.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            if let Some(refused) = self.refused(&stderr) {
                return Err(refused);
            }
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

    /// The repository git refuses for its owner (`safe.directory`), read
    /// from its message: git's reason and the command it offers, which
    /// names the directory exactly as the check compares it.
    fn refused(&self, stderr: &str) -> Option<Error> {
        if !stderr.contains("safe.directory") {
            return None;
        }
        let reason = stderr
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or_default();
        let fix = stderr
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with("git config ") && l.contains("safe.directory"));
        Some(Error::GitRefused {
            dir: self.dir.clone(),
            reason: reason.strip_prefix("fatal: ").unwrap_or(reason).to_owned(),
            fix: fix.map(str::to_owned),
        })
    }

    /// `git status` for the paths under `prefix`: (path from the top level,
    /// two-letter status).
    pub(super) fn status(&self, prefix: &str) -> Result<StatusEntries, Error> {
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

    /// The files git tracks under `prefix` (paths from the top level).
    pub(super) fn tracked(&self, prefix: &str) -> Result<HashSet<String>, Error> {
        let pathspec = if prefix.is_empty() { "." } else { prefix };
        let out = self.output(&["ls-files", "-z", "--", pathspec])?;
        if !out.status.success() {
            return Err(self.error(format!(
                "`git ls-files` failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        Ok(out
            .stdout
            .split(|&b| b == 0)
            .filter(|p| !p.is_empty())
            .map(|p| String::from_utf8_lossy(p).into_owned())
            .collect())
    }

    pub(super) fn shallow_commits(&self, file: &Path) -> Result<HashSet<Oid>, Error> {
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
    pub(super) fn log(
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
    pub(super) fn walk(
        &self,
        pass: &Pass<'_>,
        status: &mut StatusSource<'_>,
        order: Order,
        split: Split,
    ) -> Result<Walked, Error> {
        let mut walk = Walk::new(pass.ids, pass.shallow_commits, pass.ignored, self);
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
            false,
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
                        true,
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
            false,
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
            false,
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
pub(super) struct Pass<'a> {
    /// HEAD's commit id, fixed once for all processes.
    pub(super) head: &'a str,
    pub(super) ids: &'a HashMap<&'a str, u32>,
    pub(super) date: GitDate,
    pub(super) shallow_commits: &'a HashSet<Oid>,
    /// Commits that answer no file (the ignore-revs list).
    pub(super) ignored: &'a HashSet<Oid>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Order {
    /// git's default: newest commit date first, streamed.
    Date,
    /// `--topo-order`: every child before its parents, guaranteed.
    Topo,
    /// `--reverse`: the date order, oldest first (git walks the whole
    /// history, then shows it backwards).
    Reverse,
}

/// How a pass ended.
pub(super) enum End {
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
pub(super) enum Walked {
    /// The answers, and how many `git log` processes gave them.
    Answers(Vec<(u32, GitLastmod)>, usize),
    OutOfOrder,
    SplitMismatch,
}
