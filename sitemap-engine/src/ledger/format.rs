//! The ledger file: UTF-8 text, one URL a line, sorted, tab-separated, so
//! that a commit of it shows exactly what changed and two runs on the same
//! input write the same bytes.
//!
//! ```text
//! # sitemap ledger 1: URL, what last happened, when, content fingerprint, lastmod
//! https://example.org/a/ → added → 2026-01-01T00:00:00Z → 9f86d081884c7d65 → 2024-01-01
//! https://example.org/old/ → removed → 2026-03-01T00:00:00Z → - → -
//! ```
//!
//! (`→` standing for a tab.)
//!
//! Version 2 adds a sixth field, the `when` of the event last submitted
//! to a search engine (`sitemap submit`), or `-`:
//!
//! ```text
//! # sitemap ledger 2: URL, what last happened, when, content fingerprint, lastmod, submitted
//! https://example.org/a/ → added → 2026-01-01T00:00:00Z → 9f86d081884c7d65 → 2024-01-01 → 2026-01-01T00:00:00Z
//! ```
//!
//! Version 3 keeps the sixth field but names what was submitted by
//! content, not by time: the fingerprint submitted, `removed` when the
//! removal was, or `-`. A `when` in whole seconds collides: a page edited,
//! scanned and submitted within the second of the last submission counted
//! as sent.
//!
//! ```text
//! # sitemap ledger 3: URL, what last happened, when, content fingerprint, lastmod, submitted
//! https://example.org/a/ → changed → 2026-01-01T00:00:00Z → 9f86d081884c7d65 → 2024-01-01 → 9f86d081884c7d65
//! ```
//!
//! All three versions are read (a version 2 `submitted` equal to the
//! entry's `when` reads as its content submitted, any other as nothing
//! submitted, so it is sent again rather than never). A ledger is written
//! as version 1 while nothing in it was ever submitted, so a site that
//! never submits keeps the same bytes as before (and an older `sitemap`
//! still reads its file), else as version 3.

use std::path::Path;

use sitemap_core::Lastmod;

use super::{Entry, Event, Ledger, Submitted};
use crate::error::Error;

/// The first line, with the format's version.
const HEADER: &str =
    "# sitemap ledger 1: URL, what last happened, when, content fingerprint, lastmod";
/// The first line of version 2 (a sixth field: what was submitted).
const HEADER_2: &str =
    "# sitemap ledger 2: URL, what last happened, when, content fingerprint, lastmod, submitted";
/// The first line of version 3 (the sixth field names content).
const HEADER_3: &str =
    "# sitemap ledger 3: URL, what last happened, when, content fingerprint, lastmod, submitted";
/// A ledger larger than this is not read (a hostile file must not
/// exhaust memory): far past a million URLs.
const MAX_BYTES: u64 = 1 << 30;

impl Ledger {
    /// The ledger at `path`; `Ok(None)` when there is none yet.
    pub fn read(path: &Path) -> Result<Option<Ledger>, Error> {
        if path.is_dir() {
            return Err(Error::folder_for_file(
                path,
                "the ledger, named by `ledger` or --ledger",
            ));
        }
        let bytes = match sitemap_core::input::read_regular(path, MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(Error::Io {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        let bad = |line: usize, message: String| {
            Error::found(
                vec![sitemap_core::Diagnostic::error(message).at(path, line as u64)],
                "the ledger is written by `sitemap`; restore it from git or delete it (the next run then starts a new one)",
            )
        };
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let bytes = e.as_bytes();
                let at = e.utf8_error().valid_up_to();
                let start = bytes[..at]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                return Err(bad(line, format!("byte {} is not UTF-8", at - start + 1)));
            }
        };
        let mut lines = text.lines().enumerate();
        let version = match lines.next() {
            Some((_, first)) if first == HEADER => 1,
            Some((_, first)) if first == HEADER_2 => 2,
            Some((_, first)) if first == HEADER_3 => 3,
            _ => {
                return Err(bad(
                    1,
                    format!(
                        "not a sitemap ledger: the first line must be `{HEADER}`, `{HEADER_2}` or `{HEADER_3}`"
                    ),
                ));
            }
        };
        let width = if version == 1 { 5 } else { 6 };
        let mut ledger = Ledger::default();
        let mut previous: Option<&str> = None;
        for (i, line) in lines {
            let n = i + 1;
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut fields: Vec<&str> = line.split('\t').collect();
            if fields.len() != width {
                return Err(bad(
                    n,
                    format!(
                        "expected {width} tab-separated fields, found {}",
                        fields.len()
                    ),
                ));
            }
            let submitted = if width == 6 { fields.pop() } else { None };
            let [loc, event, at, fingerprint, lastmod] = fields[..] else {
                return Err(bad(n, format!("expected {width} tab-separated fields")));
            };
            let submitted_v2 = match submitted {
                Some(s) if version == 2 && s != "-" => {
                    s.parse::<Lastmod>()
                        .map_err(|e| bad(n, format!("submitted `{s}`: {e}")))?;
                    Some(s == at)
                }
                _ => None,
            };
            let submitted = match submitted {
                Some(s) if version == 3 => parse_submitted(s).map_err(|m| bad(n, m))?,
                _ => None,
            };
            if previous.is_some_and(|p| p >= loc) {
                return Err(bad(n, format!("`{loc}` is out of order or repeated")));
            }
            previous = Some(loc);
            let event = Event::parse(event)
                .ok_or_else(|| bad(n, format!("`{event}`: expected added, changed or removed")))?;
            at.parse::<Lastmod>()
                .map_err(|e| bad(n, format!("time `{at}`: {e}")))?;
            let fingerprint = match fingerprint {
                "-" => None,
                hex => Some(parse_hex(hex).ok_or_else(|| {
                    bad(
                        n,
                        format!("fingerprint `{hex}`: expected 16 hex digits or -"),
                    )
                })?),
            };
            let lastmod = match lastmod {
                "-" => None,
                l => Some(
                    l.parse::<Lastmod>()
                        .map_err(|e| bad(n, format!("lastmod `{l}`: {e}")))?,
                ),
            };
            let mut entry = Entry {
                event,
                at: at.to_owned(),
                fingerprint,
                lastmod,
                submitted,
            };
            if submitted_v2 == Some(true) {
                entry.submitted = Some(entry.state());
            }
            ledger.entries.insert(loc.to_owned(), entry);
        }
        Ok(Some(ledger))
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let v3 = self.entries.values().any(|e| e.submitted.is_some());
        let mut out = String::with_capacity(self.entries.len() * 140 + HEADER_3.len() + 1);
        out.push_str(if v3 { HEADER_3 } else { HEADER });
        out.push('\n');
        for (loc, e) in &self.entries {
            let fingerprint = e
                .fingerprint
                .map_or_else(|| "-".to_owned(), |f| format!("{f:016x}"));
            let lastmod = e
                .lastmod
                .as_ref()
                .map_or_else(|| "-".to_owned(), Lastmod::to_xsd_string);
            out.push_str(&format!(
                "{loc}\t{}\t{}\t{fingerprint}\t{lastmod}",
                e.event.as_str(),
                e.at
            ));
            if v3 {
                out.push('\t');
                match e.submitted {
                    Some(Submitted::Content(f)) => out.push_str(&format!("{f:016x}")),
                    Some(Submitted::Removed) => out.push_str("removed"),
                    None => out.push('-'),
                }
            }
            out.push('\n');
        }
        out
    }
}

fn parse_hex(hex: &str) -> Option<u64> {
    u64::from_str_radix(hex, 16)
        .ok()
        .filter(|_| hex.len() == 16 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A version 3 `submitted` field.
fn parse_submitted(s: &str) -> Result<Option<Submitted>, String> {
    match s {
        "-" => Ok(None),
        "removed" => Ok(Some(Submitted::Removed)),
        hex => parse_hex(hex)
            .map(|f| Some(Submitted::Content(f)))
            .ok_or_else(|| format!("submitted `{hex}`: expected 16 hex digits, removed or -")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_what_was_written_and_name_the_bad_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sitemap.ledger");
        let text = format!(
            "{HEADER}\nhttps://e.org/a/\tadded\t2026-01-01T00:00:00Z\t00000000000000ff\t2024-01-01\nhttps://e.org/b/\tremoved\t2026-02-01T00:00:00Z\t-\t-\n"
        );
        std::fs::write(&path, &text).unwrap();
        let ledger = Ledger::read(&path).unwrap().unwrap();
        assert_eq!(ledger.to_text(), text);
        std::fs::write(
            &path,
            text.replace("00000000000000ff", "zz")
                .replace("b/\tremoved", "b/\tgone"),
        )
        .unwrap();
        let err = Ledger::read(&path).unwrap_err().to_string();
        assert_eq!(
            err,
            format!(
                "{}:2: fingerprint `zz`: expected 16 hex digits or -",
                path.display()
            )
        );
        std::fs::write(&path, "https://e.org/\n").unwrap();
        assert!(Ledger::read(&path)
            .unwrap_err()
            .to_string()
            .ends_with(":1: not a sitemap ledger: the first line must be `# sitemap ledger 1: URL, what last happened, when, content fingerprint, lastmod`, `# sitemap ledger 2: URL, what last happened, when, content fingerprint, lastmod, submitted` or `# sitemap ledger 3: URL, what last happened, when, content fingerprint, lastmod, submitted`"));
        assert_eq!(Ledger::read(&dir.path().join("none")).unwrap(), None);
    }

    /// Found by the `ledger` fuzz target: a byte that is not UTF-8 was
    /// reported with the path but no line, so the user had to hunt for it.
    #[test]
    fn a_ledger_not_utf8_is_refused_naming_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sitemap.ledger");
        let mut bytes = format!(
            "{HEADER_3}\nhttps://e.org/a/\tadded\t2026-01-01T00:00:00Z\t00000000000000ff\t-\t-\n"
        )
        .into_bytes();
        bytes.extend_from_slice(
            b"https://e.org/caf\xE9/\tadded\t2026-01-01T00:00:00Z\t00000000000000ff\t-\t-\n",
        );
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(
            Ledger::read(&path).unwrap_err().to_string(),
            format!("{}:3: byte 18 is not UTF-8", path.display())
        );
    }

    /// Version 3 reads back to the same text; a version 2 file (what was
    /// submitted named by a time) reads as its content submitted where
    /// that time is the entry's own, else as nothing submitted.
    #[test]
    fn version_3_names_what_was_submitted_and_version_2_still_reads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sitemap.ledger");
        let v3 = format!(
            "{HEADER_3}\nhttps://e.org/a/\tchanged\t2026-02-01T00:00:00Z\t00000000000000ff\t2024-01-01\t00000000000000fe\nhttps://e.org/b/\tadded\t2026-01-01T00:00:00Z\t0000000000000001\t-\t0000000000000001\nhttps://e.org/c/\tremoved\t2026-01-01T00:00:00Z\t-\t-\tremoved\nhttps://e.org/d/\tadded\t2026-01-01T00:00:00Z\t0000000000000002\t-\t-\n"
        );
        std::fs::write(&path, &v3).unwrap();
        let ledger = Ledger::read(&path).unwrap().unwrap();
        assert_eq!(ledger.to_text(), v3);
        let due: Vec<&str> = ledger
            .entries
            .iter()
            .filter(|(_, e)| e.unsubmitted())
            .map(|(l, _)| l.as_str())
            .collect();
        assert_eq!(due, ["https://e.org/a/", "https://e.org/d/"]);

        let v2 = format!(
            "{HEADER_2}\nhttps://e.org/a/\tchanged\t2026-02-01T00:00:00Z\t00000000000000ff\t2024-01-01\t2026-01-01T00:00:00Z\nhttps://e.org/b/\tadded\t2026-01-01T00:00:00Z\t0000000000000001\t-\t2026-01-01T00:00:00Z\nhttps://e.org/c/\tremoved\t2026-01-01T00:00:00Z\t-\t-\t2026-01-01T00:00:00Z\nhttps://e.org/d/\tadded\t2026-01-01T00:00:00Z\t0000000000000002\t-\t-\n"
        );
        std::fs::write(&path, &v2).unwrap();
        let ledger = Ledger::read(&path).unwrap().unwrap();
        assert_eq!(ledger.to_text(), v3.replace("00000000000000fe\n", "-\n"));
        std::fs::write(&path, v3.replace("\t-\n", "\n")).unwrap();
        assert_eq!(
            Ledger::read(&path).unwrap_err().to_string(),
            format!(
                "{}:5: expected 6 tab-separated fields, found 5",
                path.display()
            )
        );
        std::fs::write(&path, v3.replace("\tremoved\n", "\tgone\n")).unwrap();
        assert_eq!(
            Ledger::read(&path).unwrap_err().to_string(),
            format!(
                "{}:4: submitted `gone`: expected 16 hex digits, removed or -",
                path.display()
            )
        );
    }
}
