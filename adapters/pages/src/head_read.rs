//! Reading the first bytes of a file that is usually in the page cache,
//! for the readers that stop at the end of a page's head (content front
//! matter, a built page's `<head>`).
//!
//! Two costs pull apart. On a cold cache (a large site, a fresh CI
//! runner) the kernel reads ahead up to 128 KB of a file on the first
//! read, the whole page and more, when only its head is wanted:
//! `posix_fadvise(RANDOM)` stops that. On a warm cache (a scan right after
//! the build) there is nothing to read ahead, and the advice is one more
//! system call a page, a quarter of a cached content scan's. So the first
//! read is a `preadv2(RWF_NOWAIT)`, which takes what the page cache
//! holds and never waits for the disk; only a file that is not cached
//! (`EAGAIN`), or a kernel or file system without the flag, is advised
//! and read normally. Reads are positional from the first on, so the
//! file's position is never relied on.

use std::fs::File;
use std::io;

/// Reads the start of `file` into `buf`, from offset 0; 0 at the end of
/// the file. A short read is not the end of the file: read on with
/// [`read_at`] from where it stopped.
pub fn read_first(file: &File, buf: &mut [u8]) -> io::Result<usize> {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        use rustix::io::{ReadWriteFlags, preadv2};
        match preadv2(
            file,
            &mut [io::IoSliceMut::new(buf)],
            0,
            ReadWriteFlags::NOWAIT,
        ) {
            Ok(n) if n > 0 => return Ok(n),
            // Not cached, not supported, or empty (read again to tell):
            // advise, then read. A failed advice only costs the
            // optimisation.
            _ => {
                let _ = rustix::fs::fadvise(file, 0, None, rustix::fs::Advice::Random);
            }
        }
    }
    read_at(file, buf, 0)
}

/// Reads at `offset` without using or moving the file's position,
/// retrying when interrupted; 0 at the end of the file.
pub fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    loop {
        #[cfg(unix)]
        let read = std::os::unix::fs::FileExt::read_at(file, buf, offset);
        #[cfg(windows)]
        let read = std::os::windows::fs::FileExt::seek_read(file, buf, offset);
        match read {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            read => return read,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write as _;

    #[test]
    fn reads_from_the_start_then_on_at_offsets() {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        let text: Vec<u8> = (0..20_000u32).map(|i| (i % 251) as u8).collect();
        f.write_all(&text).unwrap();
        f.flush().unwrap();
        let file = File::open(f.path()).unwrap();
        let mut buf = vec![0; 4096];
        let mut read = Vec::new();
        let n = read_first(&file, &mut buf).unwrap();
        assert!(n > 0);
        read.extend_from_slice(&buf[..n]);
        loop {
            let n = read_at(&file, &mut buf, read.len() as u64).unwrap();
            if n == 0 {
                break;
            }
            read.extend_from_slice(&buf[..n]);
        }
        assert_eq!(read, text);
        let empty = tempfile::NamedTempFile::new().unwrap();
        let empty = File::open(empty.path()).unwrap();
        assert_eq!(read_first(&empty, &mut buf).unwrap(), 0);
    }
}
