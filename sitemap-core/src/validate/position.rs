//! A `BufRead` wrapper that knows the line and column of what it has
//! handed out, and stops at a byte limit.
//!
//! quick-xml reports byte offsets; people want `line:col`. Keeping a table
//! of every newline would grow with the file, so this counts as bytes are
//! consumed and remembers only the newlines since the last [`mark`]
//! (the start of the current event), capped, which is all a diagnostic
//! inside one event needs.
//!
//! [`mark`]: Tracked::mark

use std::io::{self, BufRead, Read};

/// Newline offsets kept per event; past this, positions inside one huge
/// event fall back to the event's last known line.
const MAX_WINDOW_NEWLINES: usize = 4096;

/// A 1-based line and column (columns count characters for positions at
/// an event start, bytes inside an event).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Pos {
    pub(crate) line: u64,
    pub(crate) column: u64,
}

pub(crate) struct Tracked<R> {
    inner: R,
    /// Bytes consumed so far.
    offset: u64,
    /// 0-based line and character column at `offset`.
    line: u64,
    col: u64,
    window_start: u64,
    window_line: u64,
    window_col: u64,
    newlines: Vec<u64>,
    /// Bytes allowed through; one more than the size limit, so that
    /// reaching it proves the limit was passed.
    allowance: u64,
    pub(crate) over_limit: bool,
    /// The first read error of the layers below (gzip data, I/O), kept so
    /// the validator can report it in its own words.
    pub(crate) read_error: Option<io::Error>,
}

impl<R: BufRead> Tracked<R> {
    pub(crate) fn new(inner: R, allowance: u64) -> Tracked<R> {
        Tracked {
            inner,
            offset: 0,
            line: 0,
            col: 0,
            window_start: 0,
            window_line: 0,
            window_col: 0,
            newlines: Vec::new(),
            allowance,
            over_limit: false,
            read_error: None,
        }
    }

    pub(crate) fn offset(&self) -> u64 {
        self.offset
    }

    /// The position at the current offset (exact, in characters).
    pub(crate) fn here(&self) -> Pos {
        Pos {
            line: self.line + 1,
            column: self.col + 1,
        }
    }

    /// Starts a new window: positions at or after this offset can be
    /// looked up until the next mark.
    pub(crate) fn mark(&mut self) {
        self.window_start = self.offset;
        self.window_line = self.line;
        self.window_col = self.col;
        self.newlines.clear();
    }

    /// Resets the column, for a byte order mark that editors do not show.
    pub(crate) fn reset_column(&mut self) {
        self.col = 0;
    }

    /// The position of `offset`, which should lie in the current window.
    pub(crate) fn pos_of(&self, offset: u64) -> Pos {
        if offset >= self.offset {
            return Pos {
                line: self.line + 1,
                column: self.col + 1 + (offset - self.offset),
            };
        }
        if offset <= self.window_start {
            return Pos {
                line: self.window_line + 1,
                column: self.window_col + 1,
            };
        }
        let k = self.newlines.partition_point(|&n| n <= offset);
        if k == 0 {
            Pos {
                line: self.window_line + 1,
                column: self.window_col + 1 + (offset - self.window_start),
            }
        } else {
            Pos {
                line: self.window_line + k as u64 + 1,
                column: offset - self.newlines[k - 1] + 1,
            }
        }
    }
}

impl<R: BufRead> Read for Tracked<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let buf = self.fill_buf()?;
        let n = buf.len().min(out.len());
        out[..n].copy_from_slice(&buf[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Tracked<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let left = self.allowance.saturating_sub(self.offset);
        if left == 0 {
            self.over_limit = true;
            return Ok(&[]);
        }
        match self.inner.fill_buf() {
            Ok(buf) => {
                let n = usize::try_from(left).unwrap_or(usize::MAX).min(buf.len());
                Ok(&buf[..n])
            }
            Err(e) => {
                // Keep a copy: quick-xml wraps the error in its own type
                // and the validator wants the original kind and text.
                if self.read_error.is_none() {
                    self.read_error = Some(io::Error::new(e.kind(), e.to_string()));
                }
                Err(e)
            }
        }
    }

    fn consume(&mut self, amt: usize) {
        if amt == 0 {
            return;
        }
        // The inner buffer still holds the bytes being consumed, so this
        // does no I/O.
        if let Ok(buf) = self.inner.fill_buf() {
            let start = self.offset;
            for (i, &b) in buf[..amt.min(buf.len())].iter().enumerate() {
                if b == b'\n' {
                    self.line += 1;
                    self.col = 0;
                    if self.newlines.len() < MAX_WINDOW_NEWLINES {
                        self.newlines.push(start + i as u64 + 1);
                    }
                } else if b & 0xC0 != 0x80 {
                    self.col += 1;
                }
            }
        }
        self.offset += amt as u64;
        self.inner.consume(amt);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_follow_lines_and_characters() {
        let mut t = Tracked::new("ab\ncd\u{e9}f\nx".as_bytes(), u64::MAX);
        t.mark();
        let n = t.fill_buf().unwrap().len();
        t.consume(n);
        assert_eq!(t.here(), Pos { line: 3, column: 2 });
        assert_eq!(t.pos_of(1), Pos { line: 1, column: 2 });
        assert_eq!(t.pos_of(4), Pos { line: 2, column: 2 });
    }

    #[test]
    fn stops_at_the_allowance() {
        let mut t = Tracked::new(&b"0123456789"[..], 4);
        let mut s = Vec::new();
        t.read_to_end(&mut s).unwrap();
        assert_eq!(s, b"0123");
        assert!(t.over_limit);
    }
}
