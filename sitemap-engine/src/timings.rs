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
