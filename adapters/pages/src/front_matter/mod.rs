//! Front matter: the TOML (`+++`), YAML (`---`) or JSON (`{`) block at the
//! top of a content file.
//!
//! The block is found here (so that a byte-order mark and blank lines
//! before the fence are accepted, as Zola and Hugo accept them, and the
//! body's byte offset is exact), and its text is parsed by gray_matter's
//! engines. When an engine refuses the block, the format's own parser is
//! asked once more for the position, so the error names the line and
//! column in the *file*.
//!
//! ```
//! use std::path::Path;
//! use sitemap_pages::front_matter::{self, Format};
//!
//! let text = "\u{feff}\n+++\ntitle = \"Hello\"\n[extra.sitemap]\npriority = 0.8\n+++\nBody\n";
//! let fm = front_matter::parse(Path::new("content/hello.md"), text)?;
//! assert_eq!(fm.format, Some(Format::Toml));
//! assert_eq!(fm.data()["title"], "Hello");
//! assert_eq!(fm.body(text), "Body\n");
//! assert_eq!(fm.line_of("extra.sitemap.priority"), 5);
//! # Ok::<(), sitemap_pages::Error>(())
//! ```

mod convert;
mod fences;
mod keys;
mod parse;

use std::fmt;

use serde_json::{Map, Value};

use keys::key_lines;

pub use fences::{Fences, MAX_BLOCK};
pub use parse::{parse, parse_as, parse_with};

pub(crate) use convert::kind_of;

/// The format of a front matter block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// Between `+++` lines (Zola, Hugo).
    Toml,
    /// Between `---` lines (Hugo, Jekyll, Zola).
    Yaml,
    /// A JSON object opening the file (Hugo).
    Json,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Toml => "TOML",
            Format::Yaml => "YAML",
            Format::Json => "JSON",
        })
    }
}

/// A parsed front matter block, or the absence of one.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct FrontMatter {
    /// The block's format; `None` when the file has no front matter.
    pub format: Option<Format>,
    /// The keys and values ([`FrontMatter::data`]).
    data: Map<String, Value>,
    /// What a lookup of a top-level key needs to know of the keys held
    /// (worked out when parsed and after each change). A page's rules
    /// ask for twenty-odd keys, most of them absent, and each absent one
    /// used to cost a case-insensitive pass over every key.
    keys: KeyIndex,
    /// Byte offset in the text where the body starts: after the closing
    /// fence's line, or after a byte-order mark when there is no front
    /// matter.
    pub body_start: usize,
    /// 1-based line of the opening fence (0 when there is no front matter).
    fence_line: usize,
    /// The block's text and the file line of its first line, kept so that
    /// [`FrontMatter::line_of`] can find a key's line when an error needs
    /// it. Scanning every block for key lines up front cost a tenth of a
    /// scan and many small allocations per page; only a page with a bad
    /// value ever asks.
    block: Box<str>,
    block_line: usize,
}

impl PartialEq for FrontMatter {
    fn eq(&self, other: &FrontMatter) -> bool {
        // `keys` is derived from `data`.
        self.format == other.format
            && self.data == other.data
            && self.body_start == other.body_start
            && self.fence_line == other.fence_line
            && self.block == other.block
            && self.block_line == other.block_line
    }
}

impl FrontMatter {
    /// The keys and values, with keys sorted; empty when there is no front
    /// matter. TOML date-times come out as their string form
    /// (`2024-05-01`, `2024-05-01T10:00:00+02:00`).
    pub fn data(&self) -> &Map<String, Value> {
        &self.data
    }

    /// The keys and values, to change (Zola adds the `date` of a file
    /// name, for example). The lookup's mask is worked out again when the
    /// returned guard is dropped: a Hugo scan edits every page's front
    /// matter (numbers read as booleans, cascaded values), and a page
    /// left without its mask had each of its thirty-odd asked keys looked
    /// for by a pass over all of its keys (5 % of a scan's CPU time).
    pub fn data_mut(&mut self) -> DataMut<'_> {
        DataMut { fm: self }
    }

    /// The body: the text after the block.
    pub fn body<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.body_start..).unwrap_or("")
    }

    /// The value at a dotted key path (`extra.sitemap.priority`), keys
    /// compared case-insensitively (Hugo lowercases front matter keys).
    pub fn get(&self, dotted: &str) -> Option<&Value> {
        // Nearly every key asked (a scan asks some thirty per page) has no
        // dot and is short: `split` cost as much as the lookup itself,
        // and so did a call to `memchr`.
        let Some(dot) = dotted.bytes().position(|b| b == b'.') else {
            return self.top(dotted);
        };
        let mut value = self.top(&dotted[..dot])?;
        for part in dotted[dot + 1..].split('.') {
            value = get_key(value.as_object()?, part)?;
        }
        Some(value)
    }

    /// The value of a top-level key, compared case-insensitively.
    fn top(&self, key: &str) -> Option<&Value> {
        // A key whose bit is clear is absent, told without looking at
        // its letters or searching the map.
        if self.keys.mask & key_bit(key) == 0 {
            return None;
        }
        // Every key held is lowercase: one equal to a lowercase `key` but
        // for case is `key` itself, found by the map's own lookup.
        if self.keys.lowercase && !key.bytes().any(|b| b.is_ascii_uppercase()) {
            return self.data.get(key);
        }
        get_key(&self.data, key)
    }

    /// The 1-based line in the file of a dotted key path, so an error can
    /// point at it. When the key itself is not written on a line of its
    /// own (an inline table), the line of the nearest enclosing key is
    /// given; without any, the opening fence's line (1 when the file has no
    /// front matter).
    pub fn line_of(&self, dotted: &str) -> usize {
        self.format
            .and_then(|format| KeyLines::of(format, &self.block, self.block_line).line(dotted))
            .unwrap_or(self.fence_line.max(1))
    }

    /// The 1-based line of the opening fence, if there is front matter.
    pub fn fence_line(&self) -> Option<usize> {
        (self.fence_line > 0).then_some(self.fence_line)
    }
}

/// The line of every key path of a whole TOML, YAML or JSON document,
/// to find a key's line as [`FrontMatter::line_of`] finds it: the key's
/// own line, else its nearest enclosing key's. Made once for a document
/// and asked for many keys (a configuration with thousands of unknown
/// keys names each one's line).
#[derive(Debug)]
pub struct KeyLines {
    /// Each key path, lowercased, and the line of its last occurrence (a
    /// repeated key's last value is the one kept).
    lines: std::collections::HashMap<Vec<String>, usize>,
}

impl KeyLines {
    /// The key lines of `text`, whose first line is line `first_line`
    /// of its file (a configuration file: 1).
    pub fn of(format: Format, text: &str, first_line: usize) -> KeyLines {
        KeyLines {
            lines: key_lines(format, text, first_line).into_iter().collect(),
        }
    }

    /// The 1-based line of a dotted key path; `None` when neither it nor
    /// a key enclosing it is written.
    pub fn line(&self, dotted: &str) -> Option<usize> {
        let mut want: Vec<String> = dotted.split('.').map(str::to_lowercase).collect();
        while !want.is_empty() {
            if let Some(&line) = self.lines.get(&want) {
                return Some(line);
            }
            want.pop();
        }
        None
    }
}

/// The keys and values of a [`FrontMatter`] being changed
/// ([`FrontMatter::data_mut`]); its lookup is brought up to date when
/// this is dropped.
pub struct DataMut<'f> {
    fm: &'f mut FrontMatter,
}

impl std::ops::Deref for DataMut<'_> {
    type Target = Map<String, Value>;
    fn deref(&self) -> &Map<String, Value> {
        &self.fm.data
    }
}

impl std::ops::DerefMut for DataMut<'_> {
    fn deref_mut(&mut self) -> &mut Map<String, Value> {
        &mut self.fm.data
    }
}

impl Drop for DataMut<'_> {
    fn drop(&mut self) {
        self.fm.keys = KeyIndex::of(&self.fm.data);
    }
}

/// What [`FrontMatter::top`] knows of the keys held.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct KeyIndex {
    /// A bit per key held ([`key_bit`]), the same for keys equal but for
    /// ASCII case: a clear bit is an absent key.
    mask: u64,
    /// No key has a capital letter: a lowercase key is found by the
    /// map's own lookup. Keys such as `linkTitle` and `publishDate` are
    /// common in Hugo's front matter, so the mask serves without it.
    lowercase: bool,
}

impl KeyIndex {
    pub(crate) fn of(data: &Map<String, Value>) -> KeyIndex {
        let mut index = KeyIndex {
            mask: 0,
            lowercase: true,
        };
        for key in data.keys() {
            index.lowercase &= !key.bytes().any(|b| b.is_ascii_uppercase());
            index.mask |= key_bit(key);
        }
        index
    }
}

/// One of 64 bits for a key, from its length and its first and last
/// bytes in lowercase (so keys equal but for ASCII case share it): the
/// keys a scan asks for (`date`, `lastmod`, `publishdate`, `expirydate`,
/// `sitemap`, `draft`, …) mostly differ in one of them.
fn key_bit(key: &str) -> u64 {
    let bytes = key.as_bytes();
    let (first, last) = match bytes {
        [] => (0, 0),
        [first, .., last] => (first.to_ascii_lowercase(), last.to_ascii_lowercase()),
        [only] => (only.to_ascii_lowercase(), only.to_ascii_lowercase()),
    };
    let n = bytes.len() as u32 + u32::from(first) * 7 + u32::from(last) * 13;
    1 << (n % 64)
}

fn get_key<'m>(map: &'m Map<String, Value>, key: &str) -> Option<&'m Value> {
    map.get(key).or_else(|| {
        map.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v)
    })
}
