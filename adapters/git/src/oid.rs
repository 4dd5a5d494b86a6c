//! Commit and tree ids, and the maps the walk keys by them and by paths:
//! ids held without allocating and hashed by a prefix, parsed from hex by
//! a table.

use std::collections::{HashMap, HashSet};

/// A commit or tree id (SHA-1 or SHA-256) held without allocating, since
/// the walk keys maps by tens of thousands of them.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Oid {
    bytes: [u8; 32],
    len: u8,
}

/// Only the first 8 bytes are hashed: an id is already a cryptographic
/// hash, so they spread as well as all 32, and equal ids hash equal. The
/// walk looks ids up several times per commit.
impl std::hash::Hash for Oid {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let mut first = [0; 8];
        first.copy_from_slice(&self.bytes[..8]);
        state.write_u64(u64::from_le_bytes(first));
    }
}

impl Oid {
    /// Parses lowercase or uppercase hex of 40 or 64 digits.
    pub(crate) fn from_hex(hex: &[u8]) -> Option<Oid> {
        if hex.len() != 40 && hex.len() != 64 {
            return None;
        }
        let mut oid = Oid {
            bytes: [0; 32],
            len: (hex.len() / 2) as u8,
        };
        // Every commit header holds two or more ids: a digit is one table
        // load, and one check per id says whether any was not hex.
        let mut bad = 0;
        for (byte, pair) in oid.bytes.iter_mut().zip(hex.chunks_exact(2)) {
            let (high, low) = (HEX[usize::from(pair[0])], HEX[usize::from(pair[1])]);
            bad |= high | low;
            *byte = high << 4 | low;
        }
        (bad & NOT_HEX == 0).then_some(oid)
    }
}

/// Marks a byte that is not a hex digit in [`HEX`].
const NOT_HEX: u8 = 0x10;

/// Each byte's value as a hex digit, or [`NOT_HEX`].
const HEX: [u8; 256] = {
    let mut table = [NOT_HEX; 256];
    let mut i = 0;
    while i < 10 {
        table[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        table[b'a' as usize + i] = 10 + i as u8;
        table[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    table
};

/// The hasher of the walk's maps: foldhash, not SipHash, since the walk
/// looks up every path and commit id `git log` names (on a long history
/// millions), and the keys are the site's paths and git's ids, not input
/// chosen to collide.
pub(crate) type FastHash = foldhash::fast::RandomState;

/// Requested repo paths (as git writes them) → dense file numbers. Keyed
/// by bytes: a name from the log stream is looked up as git wrote it,
/// with no UTF-8 check (a name that is not UTF-8 matches no key either).
pub(crate) type PathIds<'a> = HashMap<&'a [u8], u32, FastHash>;

/// A set of commit ids.
pub(crate) type OidSet = HashSet<Oid, FastHash>;

/// A map keyed by commit id.
pub(crate) type OidMap<V> = HashMap<Oid, V, FastHash>;

impl std::fmt::Debug for Oid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

impl std::fmt::Display for Oid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.bytes[..usize::from(self.len)]
            .iter()
            .try_for_each(|b| write!(f, "{b:02x}"))
    }
}

#[cfg(test)]
mod tests {
    use super::Oid;

    /// The table parse takes exactly the ASCII hex digits, in either case,
    /// at every place of an id, and refuses an id with any other byte (a
    /// sign, a space, a letter past `f`).
    #[test]
    fn oid_from_hex_takes_exactly_the_hex_digits() {
        let id = b"0123456789abcdefABCDEF0123456789abcdef01";
        let parsed = Oid::from_hex(id).expect("an id");
        assert_eq!(
            parsed.to_string(),
            String::from_utf8_lossy(id).to_lowercase()
        );
        for at in [0, 1, 38, 39] {
            for byte in 0..=u8::MAX {
                let mut hex = *id;
                hex[at] = byte;
                let digit = byte.is_ascii_hexdigit();
                assert_eq!(Oid::from_hex(&hex).is_some(), digit, "byte {byte} at {at}");
            }
        }
        assert!(Oid::from_hex(&id[..39]).is_none());
        assert!(Oid::from_hex(&[b'a'; 64]).is_some());
    }
}
