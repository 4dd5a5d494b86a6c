//! `SITEMAP_TIMINGS=1`: how long each phase of a job took, one line on
//! stderr per phase (`timing: read content: 0.412 s`), for finding where
//! a large site's time goes. `cargo xtask bench` times whole runs against
//! a baseline; this says which phase of a run to look at. Off (no clock
//! read at all) unless the variable is set to something other than `0`.

use std::sync::OnceLock;
use std::time::Instant;

/// A phase being timed; the line is printed when it is dropped.
pub(crate) struct Phase {
    name: &'static str,
    start: Option<Instant>,
}

/// Starts timing `name` when timings are on.
pub(crate) fn phase(name: &'static str) -> Phase {
    Phase {
        name,
        start: enabled().then(Instant::now),
    }
}

// Only the build check (feature `html`) times a phase on another thread.
#[cfg(feature = "html")]
impl Phase {
    /// Ends the phase without printing it: its time, for a phase run on
    /// another thread and printed where the job joins it, so the lines
    /// keep the job's order.
    pub(crate) fn stop(mut self) -> Option<std::time::Duration> {
        self.start.take().map(|start| start.elapsed())
    }
}

/// Prints the line of a phase that ran elsewhere ([`Phase::stop`]).
#[cfg(feature = "html")]
pub(crate) fn print(name: &str, took: Option<std::time::Duration>) {
    if let Some(took) = took {
        eprintln!("timing: {name}: {:.3} s", took.as_secs_f64());
    }
}

impl Drop for Phase {
    fn drop(&mut self) {
        if let Some(start) = self.start {
            eprintln!(
                "timing: {}: {:.3} s",
                self.name,
                start.elapsed().as_secs_f64()
            );
        }
    }
}

fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| {
        std::env::var_os("SITEMAP_TIMINGS").is_some_and(|v| !v.is_empty() && v != "0")
    })
}
