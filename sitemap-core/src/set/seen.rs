//! The set of `loc`s seen so far, for duplicate detection, in 8 bytes per
//! distinct `loc`.
//!
//! Each `loc` is reduced to a 64-bit xxh3 hash (no seed, so a run is
//! reproducible; about half the cost of the SipHash it replaced, which
//! with fixed keys gave no more protection against crafted collisions).
//! Two different `loc`s share a hash with probability about n²/2⁶⁵:
//! 3·10⁻⁸ for a million URLs, 3·10⁻⁶ for ten million.
//!
//! A Bloom filter of 8 to 16 bits per hash answers most lookups of a new
//! `loc` with one memory read. Behind it, recent hashes go into a small
//! hash set; every 65,536 of them are sorted
//! and merged into one sorted `Vec<u64>` in place (from the back, so no
//! second copy is made). A lookup checks the small set, then searches the
//! sorted vector by interpolation: the hashes are uniform, so the first
//! guess lands within a few slots of the answer and a lookup costs two or
//! three memory reads, where a binary search over megabytes would cost
//! twenty. The sorted hashes live in fixed chunks (`chunked`), never
//! reallocated. Memory: 9 to 10 bytes per distinct `loc` (8 for the hash,
//! 1 to 2 for the filter) plus about 1.2 MiB for the recent set, against
//! 16–36 bytes per entry for a `HashSet<u64>` (which also doubles while it
//! grows). Measured with `cargo xtask bench write --memory --count
//! 1000000` on 2026-11-25 at 404512d: `sitemap write` peaks 12.8 bytes per
//! URL above a one-line run (14.3 with the single `Vec` before it), the
//! fixed recent set and the filter's last doubling included; at the
//! bench's default 10,000,000 URLs (at c88e526) 10.3 bytes per URL, 106
//! MiB in all, where `sort -u` of the same list takes 1.48 GiB. Memory still
//! grows with the list: the check is exact and held in memory, not spilled.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::chunked::{CHUNK, Chunked};

const RECENT: usize = CHUNK;

/// Passes a key that is already a uniform hash through unchanged.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used; fold anything else in to stay correct.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub(crate) struct Seen {
    sorted: Chunked,
    recent: HashSet<u64, BuildHasherDefault<Identity>>,
    /// A Bloom filter with both bits of a hash in one word (one memory
    /// read), at least 8 bits per hash held: about 5% of new hashes pass
    /// it and need the exact search.
    filter: Vec<u64>,
}

/// Bits of filter per hash held, at most twice this after growing.
const FILTER_BITS_PER_HASH: usize = 8;

impl Seen {
    pub(crate) fn new() -> Seen {
        Seen {
            sorted: Chunked::default(),
            recent: HashSet::default(),
            filter: vec![0; 1024],
        }
    }

    /// The filter word and bit mask of `hash`. The word comes from the low
    /// bits, the bit positions from two other 6-bit slices, so they are
    /// independent of each other and of the order the sorted vector uses.
    fn filter_slot(&self, hash: u64) -> (usize, u64) {
        let word = (hash as usize) & (self.filter.len() - 1);
        let mask = (1u64 << ((hash >> 40) & 63)) | (1u64 << ((hash >> 46) & 63));
        (word, mask)
    }

    fn len(&self) -> usize {
        self.sorted.len() + self.recent.len()
    }

    /// Doubles the filter and sets the bits of every hash held again.
    fn grow_filter(&mut self) {
        let words = self.filter.len() * 2;
        self.filter = vec![0; words];
        let all: Vec<u64> = self.recent.iter().copied().collect();
        for hash in self.sorted.iter().chain(all) {
            let (word, mask) = self.filter_slot(hash);
            self.filter[word] |= mask;
        }
    }

    /// The hash a `loc` is known by.
    pub(crate) fn hash(loc: &str) -> u64 {
        xxhash_rust::xxh3::xxh3_64(loc.as_bytes())
    }

    /// Whether `hash` was inserted.
    pub(crate) fn contains(&self, hash: u64) -> bool {
        let (word, mask) = self.filter_slot(hash);
        if self.filter[word] & mask != mask {
            return false;
        }
        self.recent.contains(&hash) || contains(&self.sorted, hash)
    }

    /// Adds `hash`, which [`Seen::contains`] said is new.
    pub(crate) fn insert(&mut self, hash: u64) {
        debug_assert!(!self.contains(hash));
        let (word, mask) = self.filter_slot(hash);
        self.filter[word] |= mask;
        self.recent.insert(hash);
        if self.len() * FILTER_BITS_PER_HASH > self.filter.len() * 64 {
            self.grow_filter();
        }
        if self.recent.len() >= RECENT {
            self.merge();
        }
    }

    fn merge(&mut self) {
        let mut new: Vec<u64> = self.recent.drain().collect();
        new.sort_unstable();
        let old = self.sorted.len();
        self.sorted.grow_to(old + new.len());
        let (mut i, mut j, mut k) = (old, new.len(), old + new.len());
        while j > 0 {
            if i > 0 && self.sorted.get(i - 1) > new[j - 1] {
                self.sorted.set(k - 1, self.sorted.get(i - 1));
                i -= 1;
            } else {
                self.sorted.set(k - 1, new[j - 1]);
                j -= 1;
            }
            k -= 1;
        }
    }
}

/// Interpolation search, falling back to bisection should the guesses
/// stop converging (they do not for uniform hashes).
fn contains<S: Sorted + ?Sized>(sorted: &S, x: u64) -> bool {
    let (mut lo, mut hi) = (0, sorted.size());
    for _ in 0..8 {
        if lo >= hi {
            return false;
        }
        let (a, b) = (sorted.at(lo), sorted.at(hi - 1));
        if x < a || x > b {
            return false;
        }
        if a == b {
            return x == a;
        }
        let span = (hi - 1 - lo) as u128;
        let pos = lo + ((u128::from(x - a) * span) / u128::from(b - a)) as usize;
        match sorted.at(pos).cmp(&x) {
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Less => lo = pos + 1,
            std::cmp::Ordering::Greater => hi = pos,
        }
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match sorted.at(mid).cmp(&x) {
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
        }
    }
    false
}

/// What the search reads: the chunked array, or a slice in the tests.
trait Sorted {
    fn size(&self) -> usize;
    fn at(&self, i: usize) -> u64;
}

impl Sorted for Chunked {
    fn size(&self) -> usize {
        self.len()
    }
    fn at(&self, i: usize) -> u64 {
        self.get(i)
    }
}

impl Sorted for [u64] {
    fn size(&self) -> usize {
        self.len()
    }
    fn at(&self, i: usize) -> u64 {
        self[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_inserted_hash_across_merges() {
        let mut seen = Seen::new();
        let n = 3 * RECENT as u64 + 17;
        for i in 0..n {
            let hash = Seen::hash(&format!("https://example.org/{i}"));
            assert!(!seen.contains(hash), "{i} is new");
            seen.insert(hash);
        }
        let sorted: Vec<u64> = seen.sorted.iter().collect();
        assert!(sorted.windows(2).all(|w| w[0] < w[1]));
        for i in 0..n {
            assert!(
                seen.contains(Seen::hash(&format!("https://example.org/{i}"))),
                "{i} was seen"
            );
        }
        assert!(!seen.contains(Seen::hash("https://example.org/other")));
    }

    #[test]
    fn interpolation_search_handles_skewed_values() {
        let sorted: Vec<u64> = (0..1000u64).map(|i| i * i * i).chain([u64::MAX]).collect();
        for &v in &sorted {
            assert!(contains(sorted.as_slice(), v));
        }
        for v in [2, 9, 1_000_001, u64::MAX - 1] {
            assert!(!contains(sorted.as_slice(), v));
        }
        assert!(!contains(&[][..], 5));
    }
}
