//! A bound on how long a `git` process may keep the run waiting
//! ([`Watched`]): a git that never answers (a partial clone fetching
//! lazily, a wedged network file system, a credential prompt) would
//! otherwise block the scan forever with nothing printed. After
//! [`notice_after`] a notice names what the run waits for; after the
//! limit (`git.timeout`) the process, with everything it started, is
//! killed and the pass fails with [`Error::GitTimeout`].

use std::path::PathBuf;
use std::process::{Child, ExitStatus};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::error::Error;

/// How long git may take: `None` waits for ever (`git.timeout = 0`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limit {
    pub(crate) timeout: Option<Duration>,
}

/// The command killed at the limit, shared by every process of a read:
/// once one is killed, whatever its cut-off output made the pass say
/// (a short stream, a retry), the read fails with [`Error::GitTimeout`].
#[derive(Clone, Debug, Default)]
pub(super) struct Expired(Arc<Mutex<Option<(String, PathBuf)>>>);

impl Expired {
    /// The error for the command killed at the limit, if one was.
    pub(super) fn error(&self, limit: Limit) -> Option<Error> {
        lock(&self.0).clone().map(|(what, dir)| Error::GitTimeout {
            dir,
            what,
            seconds: limit.timeout.map_or(0, |t| t.as_secs()),
        })
    }
}

/// When the notice is printed, in whole seconds (as it says): soon
/// enough that a user watching a stuck build learns why, late enough that
/// a normal history pass on a large repository rarely prints it; before
/// the limit, so the notice always comes first. `None` under a limit of
/// a second, whose error follows at once.
fn notice_after(limit: Limit) -> Option<Duration> {
    let usual = 10;
    let seconds = match limit.timeout {
        Some(t) => (t.as_secs() / 2).min(usual),
        None => usual,
    };
    (seconds > 0).then(|| Duration::from_secs(seconds))
}

/// The part shared with the watching thread.
struct Shared {
    child: Mutex<Child>,
    ended: Mutex<bool>,
    wake: Condvar,
}

/// A `git` child with a watching thread. Waiting polls (`try_wait`), so
/// that the thread can take the child to kill it: it kills only a
/// process not yet reaped, so never a stranger that reused its id.
pub(super) struct Watched {
    shared: Arc<Shared>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Watched {
    /// Watches `child`, the command `what`, run in `dir`. A process that
    /// the run never waits for (`git rev-list --count`) passes `quiet`:
    /// no notice, still the limit.
    pub(super) fn start(
        child: Child,
        what: &str,
        dir: &std::path::Path,
        limit: Limit,
        expired: &Expired,
        quiet: bool,
    ) -> Watched {
        let shared = Arc::new(Shared {
            child: Mutex::new(child),
            ended: Mutex::new(false),
            wake: Condvar::new(),
        });
        let expired = expired.clone();
        let watcher = Arc::clone(&shared);
        let (name, dir) = (what.to_owned(), dir.to_owned());
        // Detached: it ends when the process is done with, or at the limit.
        std::thread::spawn(move || {
            let start = Instant::now();
            let notice = notice_after(limit).filter(|_| !quiet);
            if let Some(after) = notice {
                if !watcher.sleep_until(Some(start + after)) {
                    return;
                }
                // A blocked run returns nothing: only a line printed now
                // tells the user what it waits for.
                let then = match limit.timeout {
                    Some(t) => format!("the run fails after {} s (`git.timeout`)", t.as_secs()),
                    None => "no limit is set (`git.timeout = 0`)".to_owned(),
                };
                eprintln!(
                    "notice: still waiting for `{name}` in {} after {} s; {then}",
                    dir.display(),
                    after.as_secs()
                );
            }
            if watcher.sleep_until(limit.timeout.map(|t| start + t)) {
                let mut child = lock(&watcher.child);
                if matches!(child.try_wait(), Ok(None)) {
                    lock(&expired.0).get_or_insert((name, dir));
                    kill(&mut child);
                }
            }
        });
        Watched { shared }
    }

    /// The child, to take its pipes.
    pub(super) fn child(&self) -> MutexGuard<'_, Child> {
        lock(&self.shared.child)
    }

    pub(super) fn try_wait(&self) -> std::io::Result<Option<ExitStatus>> {
        lock(&self.shared.child).try_wait()
    }

    /// Waits for the process to end (or to be killed at the limit).
    pub(super) fn wait(&self) -> std::io::Result<ExitStatus> {
        let mut pause = Duration::from_millis(1);
        loop {
            if let Some(status) = self.try_wait()? {
                return Ok(status);
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(50));
        }
    }

    /// Kills the process and what it started, and reaps it.
    pub(super) fn kill(&self) {
        let mut child = lock(&self.shared.child);
        if matches!(child.try_wait(), Ok(None)) {
            kill(&mut child);
        }
        let _ = child.wait();
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        *lock(&self.shared.ended) = true;
        self.shared.wake.notify_all();
    }
}

impl Shared {
    /// Sleeps until `deadline` (for ever when `None`); `false` if the
    /// process was done with first.
    fn sleep_until(&self, deadline: Option<Instant>) -> bool {
        let mut ended = lock(&self.ended);
        loop {
            if *ended {
                return false;
            }
            match deadline {
                None => {
                    ended = self
                        .wake
                        .wait(ended)
                        .unwrap_or_else(PoisonError::into_inner)
                }
                Some(d) => {
                    let now = Instant::now();
                    if now >= d {
                        return true;
                    }
                    ended = self
                        .wake
                        .wait_timeout(ended, d - now)
                        .unwrap_or_else(PoisonError::into_inner)
                        .0;
                }
            }
        }
    }
}

/// Kills a child not yet reaped, with its process group on Unix: git
/// runs helpers (a fetch for a partial clone, a credential helper) that
/// would keep its pipes open, and so the reads of the run blocked.
fn kill(child: &mut Child) {
    #[cfg(unix)]
    {
        let group = rustix::process::Pid::from_child(child);
        if rustix::process::kill_process_group(group, rustix::process::Signal::KILL).is_ok() {
            return;
        }
    }
    let _ = child.kill();
}
