//! A running `git` child ([`Running`]: killed and reaped on every way
//! out, its stderr drained so a full pipe never blocks it) and the reader
//! of its `--name-only` log stream ([`LogReader`]).

use std::io::BufReader;
use std::io::{BufRead, Read};
use std::process::ChildStdout;
use std::process::Command;
use std::process::Stdio;

use super::Oid;
use super::PathIds;
use super::pass::Git;
use super::walk::Commit;
use super::watch::Watched;
use crate::error::Error;

/// A `git` child of a pass. Dropping it kills and reaps it, so no way out
/// of the pass (an early stop, an error, a panic) leaves a process
/// running or a zombie; a thread drains its stderr, so a full pipe never
/// blocks it; it is killed at `git.timeout` ([`Watched`]).
pub(super) struct Running<'scope> {
    pub(super) child: Watched,
    /// The command, for messages.
    pub(super) what: String,
    pub(super) stderr: Option<std::thread::ScopedJoinHandle<'scope, Vec<u8>>>,
}

impl<'scope> Running<'scope> {
    pub(super) fn spawn<'env>(
        scope: &'scope std::thread::Scope<'scope, 'env>,
        git: &Git,
        mut cmd: Command,
        what: String,
        quiet: bool,
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
            child: Watched::start(child, &what, &git.dir, git.limit, &git.expired, quiet),
            what,
            stderr: Some(stderr),
        })
    }

    pub(super) fn stdout(&mut self) -> BufReader<ChildStdout> {
        let stdout = self
            .child
            .child()
            .stdout
            .take()
            .expect("stdout is piped, taken once");
        BufReader::with_capacity(1 << 16, stdout)
    }

    /// Waits for the process to end; an error with git's message unless
    /// it succeeded.
    pub(super) fn finish(&mut self, git: &Git) -> Result<(), Error> {
        let status = self
            .child
            .wait()
            .map_err(|e| git.error(format!("`{}`: {e}", self.what)))?;
        if let Some(timed_out) = git.timed_out() {
            return Err(timed_out);
        }
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
    pub(super) fn count(&mut self, block: bool) -> Option<Option<usize>> {
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
        let mut child = self.child.child();
        let read = match (status, child.stdout.as_mut()) {
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
        // for one already waited for, this does nothing.
        self.child.kill();
    }
}

/// A commit header: `%H%x1f%P%x1f%cI`.
#[derive(Default)]
pub(super) struct Header {
    pub(super) id: Oid,
    pub(super) parents: Vec<Oid>,
    pub(super) date: String,
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
pub(super) struct LogReader<'a, R> {
    input: R,
    pub(super) ids: &'a PathIds<'a>,
    pub(super) git: &'a Git,
    token: Vec<u8>,
    /// The header that ended the last commit read: the next commit's.
    pub(super) next: Header,
    has_next: bool,
}

impl<'a, R: BufRead> LogReader<'a, R> {
    pub(super) fn new(input: R, ids: &'a PathIds<'a>, git: &'a Git) -> LogReader<'a, R> {
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
    pub(super) fn peek_id(&self) -> Option<Oid> {
        self.has_next.then_some(self.next.id)
    }

    /// Reads the next commit into `commit` (reusing its buffers); `false`
    /// at the end of the stream.
    pub(super) fn read_commit(&mut self, commit: &mut Commit) -> Result<bool, Error> {
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
            if let Some(&i) = self.ids.get(name) {
                commit
                    .blocks
                    .last_mut()
                    .expect("a commit has a block")
                    .push(i);
            }
        }
    }

    /// Reads the rest of the stream, so the process can end normally.
    pub(super) fn drain(&mut self) -> Result<(), Error> {
        std::io::copy(&mut self.input, &mut std::io::sink())
            .map(|_| ())
            .map_err(|e| self.git.error(format!("reading `git log`: {e}")))
    }
}
