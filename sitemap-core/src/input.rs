//! Reading a file a site names, safely: regular files only, bounded.
//!
//! A site's tree is input we did not write. A FIFO named `post.md` or
//! `SUMMARY.md` blocks a plain `read` forever; `/dev/zero` behind a
//! symlink never ends. [`read_regular`] checks what the path is before
//! opening it, opens without blocking (so a FIFO swapped in between the
//! check and the open still cannot hang the run), checks the opened handle
//! again, and reads at most a given number of bytes. [`open_regular`]
//! does the same checks for a reader that streams the file and bounds it
//! itself (a sitemap validated as it is parsed).
//!
//! ```
//! use sitemap_core::input::{read_regular, special_kind};
//!
//! let dir = tempfile::tempdir()?;
//! std::fs::write(dir.path().join("a.md"), "# A\n")?;
//! assert_eq!(read_regular(&dir.path().join("a.md"), 1024)?, b"# A\n");
//! let err = read_regular(dir.path(), 1024).unwrap_err();
//! assert_eq!(err.to_string(), "a directory, not a regular file: not read");
//! assert_eq!(special_kind(&std::fs::metadata(dir.path())?.file_type()), Some("a directory"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::{File, FileType};
use std::io::{self, Read};
use std::path::Path;

/// What a file that is not a regular file is, in words (`a FIFO (named
/// pipe)`, `a socket`, `a character device`, `a directory`, …); `None`
/// for a regular file.
pub fn special_kind(file_type: &FileType) -> Option<&'static str> {
    if file_type.is_file() {
        return None;
    }
    if file_type.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if file_type.is_socket() {
            return Some("a socket");
        }
        if file_type.is_char_device() {
            return Some("a character device");
        }
        if file_type.is_block_device() {
            return Some("a block device");
        }
    }
    Some("a special file")
}

/// Reads the regular file at `path` (following symbolic links), at most
/// `max_bytes` of it.
///
/// # Errors
///
/// The open or read error; [`io::ErrorKind::InvalidInput`] saying what the
/// file is when it is not a regular file (it is never opened then), or
/// that it is larger than `max_bytes`.
pub fn read_regular(path: &Path, max_bytes: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("larger than {max_bytes} bytes: not read"),
        ));
    }
    Ok(bytes)
}

/// Opens the regular file at `path` (following symbolic links) for a
/// reader that streams it and bounds it itself (a sitemap checked as it is
/// parsed), with the checks of [`read_regular`].
///
/// # Errors
///
/// The open error; [`io::ErrorKind::InvalidInput`] saying what the file is
/// when it is not a regular file (it is never opened then).
pub fn open_regular(path: &Path) -> io::Result<File> {
    let refuse = |what: &str| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{what}, not a regular file: not read"),
        )
    };
    if let Some(what) = special_kind(&std::fs::metadata(path)?.file_type()) {
        return Err(refuse(what));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // O_NONBLOCK: no effect on a regular file; a FIFO swapped in since
    // the check opens at once and is refused below instead of blocking.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut options,
        rustix::fs::OFlags::NONBLOCK.bits() as i32,
    );
    let file = options.open(path)?;
    if let Some(what) = special_kind(&file.metadata()?.file_type()) {
        return Err(refuse(what));
    }
    Ok(file)
}

/// [`read_regular`] as UTF-8 text.
///
/// # Errors
///
/// As [`read_regular`]; [`io::ErrorKind::InvalidData`] when the bytes are
/// not UTF-8.
pub fn read_regular_text(path: &Path, max_bytes: u64) -> io::Result<String> {
    String::from_utf8(read_regular(path, max_bytes)?)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.utf8_error()))
}
