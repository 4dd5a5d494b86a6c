//! What a signal does to the output folders a run holds.
//!
//! A run killed by SIGINT, SIGTERM or SIGHUP never runs the destructors
//! that remove its temporary files, and a split gzip set has one per part:
//! a CI timeout followed by a deploy published them. The folders every
//! live [`OutputDir`](crate::output::OutputDir) holds are listed here, so
//! the program's signal handler (a thread of its own, never the
//! asynchronous handler: it takes a lock and lists folders) can call
//! [`exit`]: it removes their temporary files, then exits.
//!
//! One lock orders the two sides. A temporary file is created under it,
//! so none appears between the sweep and the exit; a set is published
//! under it ([`defer`]), so a signal during the renames waits for the
//! last one, and the folder holds the old set or the new one, never a mix.
//! The library installs no handler: a program that wants this calls
//! [`exit`] from its own.
//!
//! ```
//! use sitemap_core::output::{LockPolicy, OutputDir};
//!
//! let dir = tempfile::tempdir()?;
//! let out = OutputDir::open(dir.path(), LockPolicy::Fail)?;
//! assert_eq!(sitemap_core::interrupt::held(), vec![dir.path().to_owned()]);
//! drop(out);
//! assert!(sitemap_core::interrupt::held().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::output::TEMP_SUFFIX;

/// The folders live runs hold, once each per [`OutputDir`](crate::output::OutputDir).
static HELD: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn lock() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic elsewhere must not keep a signal from cleaning up.
    HELD.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Keeps [`exit`] waiting while it lives.
#[derive(Debug)]
#[must_use = "the guard defers a signal's exit only while it lives"]
pub struct Deferred(#[allow(dead_code)] MutexGuard<'static, Vec<PathBuf>>);

/// Defers [`exit`] until the guard is dropped: hold it while renaming a
/// set into place, so an interrupted run never leaves half a set.
pub fn defer() -> Deferred {
    Deferred(lock())
}

/// The folders held right now.
pub fn held() -> Vec<PathBuf> {
    lock().clone()
}

pub(crate) fn hold(path: &Path) {
    lock().push(path.to_owned());
}

pub(crate) fn release(path: &Path) {
    let mut held = lock();
    if let Some(at) = held.iter().position(|p| p == path) {
        held.swap_remove(at);
    }
}

/// Removes the temporary files (`.*.sitemap-tmp`) of every held folder,
/// then exits the process with `code`, without returning: no other thread
/// creates or publishes a file in between. Removal is best effort (the
/// process is ending; the next run's sweep catches what remains).
pub fn exit(code: i32) -> ! {
    let held = lock();
    for folder in held.iter() {
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let ours = name
                .to_str()
                .is_some_and(|n| n.starts_with('.') && n.ends_with(TEMP_SUFFIX));
            if ours && entry.file_type().is_ok_and(|t| t.is_file()) {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    std::process::exit(code)
}
