//! One pass over the history: the repository's facts ([`RepoInfo`]), the
//! `git` commands ([`Git`]), and what every process of a pass is asked
//! ([`Pass`], [`Order`]) and how it ends ([`End`], [`Walked`]). The driver
//! that feeds the `git log` processes into the walk is
//! [`drive`](super::drive).

use std::collections::HashSet;
use std::path::Path;
use std::path::PathBuf;
use std::process::Command;
use std::process::Stdio;

use super::GitLastmod;
use super::Oid;
use super::StatusEntries;
use super::watch::Expired;
use super::watch::Limit;
use super::watch::Watched;
use super::{OidSet, PathIds};
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
    /// The `git` run: found in an absolute `PATH` entry only
    /// ([`crate::find_program`]), never one the scanned site ships; the
    /// empty path when there is none, which no spawn runs (NotFound, as
    /// for a missing git).
    program: PathBuf,
    pub(super) limit: Limit,
    pub(super) expired: Expired,
}

impl Git {
    pub(super) fn new(dir: &Path, limit: Limit) -> Git {
        Git {
            dir: dir.to_owned(),
            program: crate::find_program("git").unwrap_or_default(),
            limit,
            expired: Expired::default(),
        }
    }

    /// The same read, run in `dir`.
    pub(super) fn at(&self, dir: &Path) -> Git {
        Git {
            dir: dir.to_owned(),
            program: self.program.clone(),
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
        let mut cmd = Command::new(&self.program);
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
                // The scanned tree's own config names programs git would
                // run (`core.fsmonitor` on `ls-files` and `status`, hooks):
                // a site from an archive must never run its code.
                "-c",
                "core.fsmonitor=false",
                "-c",
                "core.hooksPath=/dev/null",
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

    pub(super) fn shallow_commits(&self, file: &Path) -> Result<OidSet, Error> {
        let text = std::fs::read_to_string(file).map_err(|source| Error::Io {
            path: file.to_owned(),
            source,
        })?;
        Ok(text
            .lines()
            .filter_map(|l| Oid::from_hex(l.trim().as_bytes()))
            .collect())
    }

    /// `git log` with the pass's options; `range` is `--skip` and
    /// `--max-count`.
    pub(super) fn log_command(
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

    pub(super) fn count_command(&self, head: &str) -> Command {
        let mut cmd = self.command();
        cmd.args(["rev-list", "--count", head, "--"]);
        cmd
    }
}

/// What every process of one pass is asked.
pub(super) struct Pass<'a> {
    /// HEAD's commit id, fixed once for all processes.
    pub(super) head: &'a str,
    pub(super) ids: &'a PathIds<'a>,
    pub(super) date: GitDate,
    pub(super) shallow_commits: &'a OidSet,
    /// Commits that answer no file (the ignore-revs list).
    pub(super) ignored: &'a OidSet,
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

/// The outcome of [`Git::walk`](super::drive).
pub(super) enum Walked {
    /// The answers, and how many `git log` processes gave them.
    Answers(Vec<(u32, GitLastmod)>, usize),
    OutOfOrder,
    SplitMismatch,
}
