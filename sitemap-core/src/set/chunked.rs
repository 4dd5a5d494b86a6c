//! A growable array of `u64` in fixed-size chunks, for the duplicate
//! check's sorted hashes.
//!
//! A `Vec<u64>` grown to ten million hashes reallocates by doubling; the
//! allocator (mimalloc in the CLI) copies each time and keeps the freed
//! copies resident, so a `Vec` cost about 16 bytes per hash of peak RSS
//! where 8 are needed. Chunks are allocated once and never moved: the
//! array holds at most one partly used chunk (512 KiB) beyond its length.

/// log₂ of the number of values in a chunk.
const SHIFT: usize = 16;
pub(super) const CHUNK: usize = 1 << SHIFT;
const MASK: usize = CHUNK - 1;

#[derive(Default)]
pub(super) struct Chunked {
    chunks: Vec<Box<[u64]>>,
    len: usize,
}

impl Chunked {
    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn get(&self, i: usize) -> u64 {
        debug_assert!(i < self.len);
        self.chunks[i >> SHIFT][i & MASK]
    }

    pub(super) fn set(&mut self, i: usize, value: u64) {
        debug_assert!(i < self.len);
        self.chunks[i >> SHIFT][i & MASK] = value;
    }

    /// Makes the array `len` long; the new values are 0.
    pub(super) fn grow_to(&mut self, len: usize) {
        debug_assert!(len >= self.len);
        while self.chunks.len() * CHUNK < len {
            self.chunks.push(vec![0; CHUNK].into_boxed_slice());
        }
        self.len = len;
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.chunks
            .iter()
            .flat_map(|c| c.iter().copied())
            .take(self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_straddling_a_chunk_boundary_keep_their_index() {
        let mut a = Chunked::default();
        a.grow_to(CHUNK - 1);
        a.set(CHUNK - 2, 7);
        a.grow_to(CHUNK + 2);
        a.set(CHUNK - 1, 8);
        a.set(CHUNK, 9);
        a.set(CHUNK + 1, 10);
        assert_eq!(a.len(), CHUNK + 2);
        assert_eq!(a.chunks.len(), 2);
        let tail: Vec<u64> = a.iter().skip(CHUNK - 3).collect();
        assert_eq!(tail, vec![0, 7, 8, 9, 10]);
        assert_eq!(a.get(CHUNK), 9);
    }
}
