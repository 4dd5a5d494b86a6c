//! The file as bytes, before and beside the tokenizer: opening it,
//! reading a chunk (the first without readahead), telling binary files
//! and raw template source from pages by their first chunk, and finding
//! the first byte that is not UTF-8 across chunk boundaries.

use std::fs::File;
use std::io;
use std::path::Path;

use super::Read;

/// Bytes read at a time. One read holds a typical head (2–8 KB), so most
/// pages cost one `read` call; the tokenizer stops where the head ends,
/// wherever that falls in the chunk.
pub(crate) const CHUNK: usize = 8 * 1024;

/// The template opening that starts `chunk`, after white space and a BOM:
/// Jinja, Liquid, Nunjucks, Tera, Twig and Go templates all begin a
/// directive, expression or comment so. A rendered page never starts
/// with one (the generator would have rendered it).
fn template_opening(chunk: &[u8]) -> Option<&'static str> {
    let text = chunk.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(chunk);
    let start = text.iter().position(|b| !b.is_ascii_whitespace())?;
    ["{%", "{{", "{#"]
        .into_iter()
        .find(|opening| text[start..].starts_with(opening.as_bytes()))
}

/// Whether `chunk` holds a `<body` start tag (any case).
pub(super) fn has_body_tag(chunk: &[u8]) -> bool {
    chunk
        .windows(5)
        .any(|w| w[0] == b'<' && w[1..].eq_ignore_ascii_case(b"body"))
}

/// Checks `chunk` (after the `carry` left by the previous one) and returns
/// the file offset of the first byte that is not UTF-8.
pub(super) fn check_utf8(carry: &mut Vec<u8>, chunk: &[u8], offset: u64) -> Option<u64> {
    let start = offset - carry.len() as u64;
    let joined;
    let bytes: &[u8] = if carry.is_empty() {
        chunk
    } else {
        joined = [carry.as_slice(), chunk].concat();
        &joined
    };
    match std::str::from_utf8(bytes) {
        Ok(_) => {
            carry.clear();
            None
        }
        // A sequence cut at the end of the chunk: keep it for the next one.
        Err(e) if e.error_len().is_none() => {
            let tail = bytes[e.valid_up_to()..].to_vec();
            *carry = tail;
            None
        }
        Err(e) => Some(start + e.valid_up_to() as u64),
    }
}

/// Opens `path` for reading.
pub(super) fn open(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // The walk skips special files; one that replaced a page since (a
    // FIFO) must not block the scan. No effect on a regular file.
    #[cfg(target_os = "linux")]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut options,
        rustix::fs::OFlags::NONBLOCK.bits() as i32,
    );
    options.open(path)
}

/// Reads the first chunk into `buf`: a head in the page cache without
/// advice to the kernel, one that is not with no readahead (a read of the
/// first 8 KB would otherwise pull 128 KB or more from disk on a cold
/// cache); see [`sitemap_pages::head_read`]. 0 for an empty file.
pub(super) fn read_first_chunk(file: &File, buf: &mut [u8]) -> io::Result<usize> {
    sitemap_pages::head_read::read_first(file, buf)
}

/// Reads the chunk at `offset` into `buf`; 0 at the end of the file.
pub(super) fn read_chunk(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    sitemap_pages::head_read::read_at(file, buf, offset)
}

/// The offset of the first NUL byte in `chunk`: text HTML never has one,
/// binary files (images, archives saved as `.html`) almost always do. The
/// whole of every chunk read is looked at: a file whose first NUL lies
/// past its first kilobyte is no page either.
pub(super) fn nul_at(chunk: &[u8]) -> Option<usize> {
    // `contains` on bytes is a word-at-a-time memchr: a page has no NUL,
    // and looking for one a byte at a time cost 3,000 instructions a page.
    if chunk.contains(&0) {
        chunk.iter().position(|&b| b == 0)
    } else {
        None
    }
}

/// What the file is when its first chunk says it is not a page: binary
/// (a NUL byte), or template source.
pub(super) fn not_a_page(first: &[u8]) -> Option<Read> {
    if let Some(i) = nul_at(first) {
        return Some(Read::Binary { at: i as u64 });
    }
    template_opening(first).map(|opening| Read::Template { opening })
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn utf8_sequence_cut_by_a_chunk_boundary_is_valid() {
        let text = "caf\u{e9}!".as_bytes();
        let (a, b) = text.split_at(4);
        let mut carry = Vec::new();
        assert_eq!(check_utf8(&mut carry, a, 0), None);
        assert_eq!(carry, vec![0xc3]);
        assert_eq!(check_utf8(&mut carry, b, 4), None);
        assert!(carry.is_empty());
        let mut carry = Vec::new();
        assert_eq!(check_utf8(&mut carry, b"ab\xffcd", 100), Some(102));
    }
}
