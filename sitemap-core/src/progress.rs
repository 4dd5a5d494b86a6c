//! A count of files read, shared between a scan's reader threads and
//! whoever shows progress (the CLI's bar): one relaxed atomic add a file,
//! so counting costs nothing measurable whether or not anyone looks.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Files read so far. Clones share one count; the default is a fresh
/// count nobody reads.
#[derive(Clone, Debug, Default)]
pub struct FileCount(Arc<AtomicU64>);

impl FileCount {
    /// A fresh count at zero.
    pub fn new() -> FileCount {
        FileCount::default()
    }

    /// One more file read. Relaxed: the count orders nothing else, and a
    /// reader of it may see it a little late.
    #[inline]
    pub fn add(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }

    /// The files read so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_count() {
        let count = FileCount::new();
        let other = count.clone();
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| (0..1000).for_each(|_| other.add()));
            }
        });
        assert_eq!(count.get(), 4000);
        assert_eq!(FileCount::default().get(), 0);
    }
}
