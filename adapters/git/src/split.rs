//! Sharing a pass among several `git log` processes: how many
//! ([`Split`]), where the `--skip` parts start ([`split_points`],
//! [`steal_point`]), the reversed stream read from the oldest end
//! ([`Tail`]) and the parts read ahead in batches ([`Parts`]).

use std::io::BufRead;

use super::Oid;
use super::OidMap;
use super::StatusSource;
use super::pass::End;
use super::process::LogReader;
use super::process::Running;
use super::walk::Commit;
use super::walk::Walk;
use crate::error::Error;

/// How many `git log` processes may share a pass (2: the first and the
/// [`Tail`]; more: the first and `--skip` parts).
#[derive(Clone, Copy, Debug)]
pub(super) struct Split {
    /// At most this many (1: never split).
    pub(super) processes: usize,
    /// A history with fewer commits is read by one process: there the
    /// count and the extra processes cost more than they save.
    pub(super) min_commits: usize,
    /// The count, or the tail, starts once the first process has shown
    /// this many commits: a shorter history is never split, and a walk
    /// that stops by then (the newest pages) does not share the cores.
    pub(super) count_after: usize,
    /// For tests: wait for the count, or for the tail to show everything,
    /// once this many commits are read (`None`: take what is there,
    /// without waiting).
    pub(super) count_at: Option<usize>,
}

/// At most this many `git log` processes: past that the parts' skipping
/// (each walks, without diffing, all the commits before its own) and the
/// one walk that takes their output in order cost more than they save.
pub(super) const MAX_PROCESSES: usize = 4;

/// Below this many commits a pass stays in one process.
pub(super) const MIN_SPLIT_COMMITS: usize = 2_000;

/// See [`Split::count_after`].
pub(super) const COUNT_AFTER: usize = MIN_SPLIT_COMMITS / 2;

/// The fewest commits worth a new process when the first share is split
/// again (a process and its skipping cost about as much as showing them).
pub(super) const MIN_STEAL: usize = 1_000;

/// How often (in commits read) the walk looks whether the count is done
/// and whether a core is free.
pub(super) const COUNT_POLL_EVERY: usize = 16;

/// What skipping a commit costs git, as a share of showing it with its
/// diff: on the benchmark repository (`cargo xtask bench git`),
/// `git log --skip` past all 50,000 commits takes 0.29 s of CPU, the
/// whole pass 2.9 s.
pub(super) const SKIP_COST: f64 = 0.1;

impl Split {
    pub(super) const ONE: Split = Split {
        processes: 1,
        min_commits: usize::MAX,
        count_after: usize::MAX,
        count_at: None,
    };

    /// One process per core, up to [`MAX_PROCESSES`].
    pub(super) fn for_machine() -> Split {
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
pub(super) fn split_points(total: usize, done: usize, processes: usize) -> Option<Vec<usize>> {
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
pub(super) fn steal_point(read: usize, first_len: usize, least: usize) -> Option<usize> {
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
pub(super) struct Tail<'scope> {
    pub(super) process: Running<'scope>,
    pub(super) shared: std::sync::Arc<TailShared>,
    pub(super) reader: std::thread::ScopedJoinHandle<'scope, Vec<Commit>>,
}

/// What the tail's reader and the walk share.
#[derive(Default)]
pub(super) struct TailShared {
    /// Each commit shown, whole, by the tail → its place in the reader's
    /// list (oldest first).
    shown: std::sync::Mutex<OidMap<usize>>,
    /// Set by the walk: the reader stops.
    pub(super) stop: std::sync::atomic::AtomicBool,
    /// Set by the reader when it has stopped.
    pub(super) done: std::sync::atomic::AtomicBool,
}

impl Tail<'_> {
    /// Where the tail's list has commit `id`, if it has shown it.
    pub(super) fn position(&self, id: Oid) -> Option<usize> {
        self.shared.shown.lock().ok()?.get(&id).copied()
    }

    /// For tests: waits until the reader has stopped (the tail has shown
    /// everything, or failed).
    pub(super) fn wait_until_done(&self) {
        while !self.shared.done.load(std::sync::atomic::Ordering::Acquire) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    /// Stops the tail and takes what it has shown, oldest first.
    pub(super) fn finish(self) -> Vec<Commit> {
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
pub(super) fn read_tail<R: BufRead>(
    mut reader: LogReader<'_, R>,
    shared: &TailShared,
) -> Vec<Commit> {
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
pub(super) struct Parts<'scope> {
    pub(super) first_len: usize,
    pub(super) rest: Vec<Part<'scope>>,
}

/// One `git log --skip=… --max-count=…` process and its reader.
pub(super) struct Part<'scope> {
    pub(super) process: Running<'scope>,
    pub(super) batches: std::sync::mpsc::Receiver<Batch>,
    /// The commits it shows for the walk (`None`: all the rest).
    pub(super) len: Option<usize>,
}

impl Parts<'_> {
    /// How many of the other parts' processes still run.
    pub(super) fn running(&mut self) -> usize {
        self.rest
            .iter_mut()
            .map(|p| matches!(p.process.child.try_wait(), Ok(None)))
            .filter(|&running| running)
            .count()
    }
}

/// What a part's reader thread sends.
pub(super) enum Batch {
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
pub(super) fn read_part<R: BufRead>(
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
pub(super) fn step(
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
