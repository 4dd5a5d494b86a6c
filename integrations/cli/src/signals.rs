//! SIGINT, SIGTERM and SIGHUP: the run's temporary files removed, then
//! the exit code a shell gives a process the signal killed (128 + its
//! number), so CI still sees the run as interrupted.

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// Handles the three signals on a thread of its own: removing files takes
/// a lock and lists folders, which an asynchronous handler may not do.
/// Where the handler cannot be installed the default (die at once) stays,
/// and the next run sweeps what is left.
pub(crate) fn install() {
    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            sitemap_core::interrupt::exit(128 + signal);
        }
    });
}
