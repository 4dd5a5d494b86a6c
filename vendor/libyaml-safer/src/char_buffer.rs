//! PATCH(speed): the scanner's queue of decoded characters.
//!
//! Upstream keeps it in a `VecDeque<char>` allocated at 16,384 characters
//! per parser: every look-ahead (`CHECK!`, `get(n)`) then pays the ring's
//! wrap-around arithmetic, and every parse of a five-line front matter
//! allocates and frees 64 KB. Here it is a `Vec<char>` read from a moving
//! head: look-ahead is a bounds-checked index, consuming is an increment,
//! and the vector grows only as far as the input needs. The reader
//! compacts it (drops the consumed head) before it appends, so a streamed
//! input holds no more than one of the reader's chunks plus the few
//! characters of look-ahead left unread, as the ring did.

use core::ops::{Index, Range};

#[derive(Default)]
pub(crate) struct CharBuffer {
    chars: Vec<char>,
    head: usize,
}

impl CharBuffer {
    pub(crate) fn new() -> CharBuffer {
        CharBuffer::default()
    }

    /// How many characters are left unread.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.chars.len() - self.head
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&char> {
        self.chars.get(self.head + i)
    }

    #[inline]
    pub(crate) fn front(&self) -> Option<&char> {
        self.get(0)
    }

    #[inline]
    pub(crate) fn pop_front(&mut self) -> Option<char> {
        let ch = self.chars.get(self.head).copied();
        if ch.is_some() {
            self.head += 1;
        }
        ch
    }

    /// Drops the unread characters in `range` (always from the front, as
    /// the scanner uses it: `0..2` for a CR LF).
    #[inline]
    pub(crate) fn drain(&mut self, range: Range<usize>) {
        assert!(range.start == 0 && range.end <= self.len());
        self.head += range.end;
    }

    pub(crate) fn clear(&mut self) {
        self.chars.clear();
        self.head = 0;
    }

    /// Drops the characters already read, then makes room for
    /// `additional` more: called by the reader before it appends.
    pub(crate) fn compact_and_reserve(&mut self, additional: usize) {
        if self.head != 0 {
            self.chars.drain(..self.head);
            self.head = 0;
        }
        self.chars.reserve(additional);
    }

    /// The unread characters.
    #[inline]
    pub(crate) fn unread(&self) -> &[char] {
        &self.chars[self.head..]
    }

    /// Marks the first `n` unread characters read.
    #[inline]
    pub(crate) fn advance(&mut self, n: usize) {
        assert!(n <= self.len());
        self.head += n;
    }

    /// Appends ASCII bytes, a character each.
    pub(crate) fn extend_ascii(&mut self, bytes: &[u8]) {
        self.chars.extend(bytes.iter().map(|&b| char::from(b)));
    }

    #[inline]
    pub(crate) fn push_back(&mut self, ch: char) {
        self.chars.push(ch);
    }
}

impl Index<usize> for CharBuffer {
    type Output = char;

    #[inline]
    fn index(&self, i: usize) -> &char {
        &self.chars[self.head + i]
    }
}
