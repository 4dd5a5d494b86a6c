//! The driver of one pass: feeds one or several `git log` processes into
//! the [`Walk`] in stream order ([`Git::log`], [`Git::walk`],
//! [`Git::drive`]), ending early once every file has its answer. How the
//! pass is shared out is [`split`](super::split)'s; the commands are
//! [`pass`](super::pass)'s.
//!
//! `drive` is the hot loop (one turn per commit): the steps it takes
//! beside reading are named functions here, none of which allocates
//! unless it starts a process.

use super::GitLastmod;
use super::Oid;
use super::StatusSource;
use super::pass::{End, Git, Order, Pass, Walked};
use super::process::{LogReader, Running};
use super::split::{
    Batch, COUNT_POLL_EVERY, MIN_STEAL, Part, Parts, Split, Tail, TailShared, read_part, read_tail,
    split_points, steal_point, step,
};
use super::walk::{Commit, Walk};
use crate::error::Error;

impl Git {
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
    ///
    /// The first process feeds the walk commit by commit; what splits the
    /// pass starts beside it ([`Git::start_splitting`]), and the walk then
    /// either meets the tail ([`join_tail`]) or reads the first share and
    /// then each part ([`Git::read_parts`]).
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
                (tail, count) = self.start_splitting(scope, pass, split);
                walk.log_processes += usize::from(tail.is_some());
            }
            if let Some(t) = tail.as_ref()
                && split.count_at == Some(read)
            {
                t.wait_until_done();
            }
            if let Some(total) = count.as_mut().and_then(|c| poll_count(c, split, read)) {
                count = None;
                if let Some(total) = total.filter(|&t| t >= split.min_commits) {
                    parts = self.start_parts(scope, pass, total, read, split.processes)?;
                    walk.log_processes += parts.as_ref().map_or(0, |p| p.rest.len());
                }
            }
            if let Some(p) = parts.as_mut() {
                let stolen = self.steal(scope, pass, p, split, read)?;
                walk.log_processes += usize::from(stolen);
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
                return join_tail(walk, status, &shown, at, &commit);
            }
            read += 1;
            if let Some(end) = step(walk, &commit, status)? {
                return Ok(end);
            }
        }
        // The first process has shown its share: the commit it shows next
        // must be the one the second part starts with.
        let expected = reader.peek_id();
        drop(reader);
        drop(first);
        let parts = parts.expect("the loop stops early only at a split");
        self.read_parts(walk, status, parts.rest, expected)
    }

    /// Starts what splits the pass: with two processes the tail, with more
    /// the count that plans the parts. Either may fail to start: the pass
    /// then just stays in one process.
    fn start_splitting<'scope, 'env>(
        &'env self,
        scope: &'scope std::thread::Scope<'scope, 'env>,
        pass: &'env Pass<'env>,
        split: Split,
    ) -> (Option<Tail<'scope>>, Option<Running<'scope>>) {
        if split.processes == 2 {
            (self.start_tail(scope, pass).ok(), None)
        } else {
            let count = Running::spawn(
                scope,
                self,
                self.count_command(pass.head),
                "git rev-list --count".to_owned(),
                true,
            )
            .ok();
            (None, count)
        }
    }

    /// A core is free (a part has ended) while the first process still
    /// has much to show: hands the older half of its rest to a new
    /// process. Newer commits tend to cost git more (bigger trees), so the
    /// first share is the one that runs late. Whether a process started.
    fn steal<'scope, 'env>(
        &'env self,
        scope: &'scope std::thread::Scope<'scope, 'env>,
        pass: &'env Pass<'env>,
        parts: &mut Parts<'scope>,
        split: Split,
        read: usize,
    ) -> Result<bool, Error> {
        let (steal, least) = match split.count_at {
            Some(at) => (read == at + 1, 1),
            None => (
                read.is_multiple_of(COUNT_POLL_EVERY) && parts.running() + 1 < split.processes,
                MIN_STEAL,
            ),
        };
        if steal && let Some(at) = steal_point(read, parts.first_len, least) {
            let part = self.start_part(scope, pass, at, Some(parts.first_len - at))?;
            parts.rest.insert(0, part);
            parts.first_len = at;
            return Ok(true);
        }
        Ok(false)
    }

    /// Feeds each part's commits to `walk` in order, after the first
    /// process's share: each part must start with `expected`, the commit
    /// the one before it showed next, and show exactly its share.
    fn read_parts(
        &self,
        walk: &mut Walk<'_>,
        status: &mut StatusSource<'_>,
        rest: Vec<Part<'_>>,
        mut expected: Option<Oid>,
    ) -> Result<End, Error> {
        for mut part in rest {
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
}

/// Whether the count has its answer: at the commit tests chose
/// (`count_at`, waiting for it there), else every [`COUNT_POLL_EVERY`]
/// commits without waiting. `Some(None)`: it ended without a number.
fn poll_count(counting: &mut Running<'_>, split: Split, read: usize) -> Option<Option<usize>> {
    match split.count_at {
        Some(at) if read == at => counting.count(true),
        Some(_) => None,
        None if read.is_multiple_of(COUNT_POLL_EVERY) => counting.count(false),
        None => None,
    }
}

/// The first process and the tail have met at `commit`, which the tail
/// showed at `at` (its commits oldest first): the two must agree on it,
/// then the walk takes the tail's commits from there back to the oldest.
fn join_tail(
    walk: &mut Walk<'_>,
    status: &mut StatusSource<'_>,
    shown: &[Commit],
    at: usize,
    commit: &Commit,
) -> Result<End, Error> {
    let met = &shown[at];
    if met.parents != commit.parents || met.date != commit.date || met.blocks != commit.blocks {
        return Ok(End::SplitMismatch);
    }
    for c in shown[..=at].iter().rev() {
        if let Some(end) = step(walk, c, status)? {
            return Ok(end);
        }
    }
    Ok(End::Finished)
}
