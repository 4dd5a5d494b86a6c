//! The index file, and the files a new set replaces: the parts an older
//! index listed, the parts the journal of an interrupted commit names,
//! and the set under its other format names when its content shows it
//! is the tool's; nothing else in the folder is touched.
//!
//! A file is removed because a record says it is the tool's (the index it
//! replaces, or the journal), never because of its name alone: a
//! hand-made `sitemap-news-20241231.xml` has the shape of a group's part
//! and stays, and so does a hand-made `sitemap.txt` beside a new
//! `sitemap.xml` (kept, and reported as kept: [`Leftovers::kept`]). The
//! journal (`.<stem>.sitemap-journal`) is written before a
//! commit renames anything and removed once the commit is done; it names
//! the parts the commit publishes and the leftovers it removes, so a run
//! killed between the two (its parts published but not yet listed, or the
//! old parts no longer listed but not yet removed) leaves a record the
//! next run finishes from.

use std::io;
use std::io::Write;
use std::path::Path;
use std::path::PathBuf;

use super::SetOptions;
use super::error::SetError;
use super::error::SetErrorKind;
use super::report::SitemapFile;
use crate::IndexWriter;
use crate::Loc;

pub(super) fn write_index_to<W: Write>(
    mut index: IndexWriter<W>,
    sitemaps: &[SitemapFile],
) -> io::Result<(W, u64)> {
    for sitemap in sitemaps {
        index.write(&sitemap.loc, sitemap.lastmod.as_ref())?;
    }
    // The closing tag is not counted by `bytes_written`.
    let bytes = index.bytes_written() + crate::xml::INDEX_END.len() as u64;
    Ok((index.finish()?, bytes))
}

/// An index is read back up to this many (uncompressed) bytes: more than
/// any index the limits allow.
const MAX_INDEX_READ: u64 = 64 * 1024 * 1024;

/// What publishing a set does to the files beside it: the leftovers it
/// removes, and the files under its root's other names it keeps.
#[derive(Debug, Default)]
pub(super) struct Leftovers {
    /// Removed: a record names them, sorted.
    pub(super) removed: Vec<PathBuf>,
    /// The root's other format names (`sitemap.txt` beside a new
    /// `sitemap.xml`) that nothing shows the tool wrote, kept, sorted.
    pub(super) kept: Vec<PathBuf>,
}

/// The files in `options.dir` that publishing a set made of `keep` would
/// remove, and those it keeps, each sorted. `root` holds the bytes of
/// the new set's root as written (its staged file, or a copy).
///
/// The root being replaced (`keep` holds its name) lists the parts that
/// were its own. A root under another format name goes only when it is
/// the tool's by its content: an index listing nothing but this set's
/// content-tagged parts (which then go too), or the very bytes of the
/// new root in the other compression (the switch to or from gzip of an
/// unchanged set: nothing is lost). Any other is kept: a hand-made
/// `sitemap.txt` is one URL per line, exactly as the tool writes one.
pub(super) fn leftovers(
    options: &SetOptions,
    folder: &Loc,
    keep: &[String],
    root: &Path,
) -> Result<Leftovers, SetError> {
    let dir = &options.dir;
    let stem = &options.stem;
    let roots: Vec<String> = ["xml", "xml.gz", "txt", "txt.gz"]
        .iter()
        .map(|ext| format!("{stem}.{ext}"))
        .collect();
    let mut listed: std::collections::BTreeSet<String> = journal(dir, stem).into_iter().collect();
    let mut own_roots = Vec::new();
    let mut kept = Vec::new();
    for name in &roots {
        let path = dir.join(name);
        if !std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            continue;
        }
        let index = if name.starts_with(&format!("{stem}.xml")) {
            listed_parts(&path, folder, stem)
        } else {
            Listed::default()
        };
        if keep.contains(name) {
            listed.extend(index.parts);
        } else if index.only_tagged_parts {
            listed.extend(index.parts);
            own_roots.push(name);
        } else if same_uncompressed(&path, root) {
            own_roots.push(name);
        } else {
            kept.push(path);
        }
    }
    let list_err = |e| {
        SetError::new(
            dir,
            SetErrorKind::Io {
                action: "list the folder",
                source: e,
            },
        )
    };
    let mut removed = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(list_err)? {
        let entry = entry.map_err(list_err)?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if keep.iter().any(|k| k == name) || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        if own_roots.iter().any(|r| *r == name) || listed.contains(name) {
            removed.push(dir.join(name));
        }
    }
    removed.sort();
    kept.sort();
    Ok(Leftovers { removed, kept })
}

/// Whether the files at `a` and `b` hold the same bytes once each is
/// gunzipped (when it starts with gzip's magic bytes, which no UTF-8
/// text does: a staged file's temporary name has no `.gz`); false when
/// either cannot be read to its end within [`MAX_INDEX_READ`].
fn same_uncompressed(a: &Path, b: &Path) -> bool {
    use std::io::{BufRead, BufReader, Read};

    let open = |path: &Path| -> io::Result<Box<dyn BufRead>> {
        let mut file = BufReader::new(crate::input::open_regular(path)?);
        let gzipped = file.fill_buf()?.starts_with(&[0x1f, 0x8b]);
        Ok(if gzipped {
            Box::new(BufReader::new(
                crate::gzip::gunzip(file).take(MAX_INDEX_READ + 1),
            ))
        } else {
            Box::new(file.take(MAX_INDEX_READ + 1))
        })
    };
    let (Ok(mut a), Ok(mut b)) = (open(a), open(b)) else {
        return false;
    };
    let mut total = 0u64;
    loop {
        let (Ok(x), Ok(y)) = (a.fill_buf(), b.fill_buf()) else {
            return false;
        };
        if x.is_empty() || y.is_empty() {
            return x.is_empty() && y.is_empty();
        }
        let n = x.len().min(y.len());
        if x[..n] != y[..n] {
            return false;
        }
        total += n as u64;
        if total > MAX_INDEX_READ {
            return false;
        }
        a.consume(n);
        b.consume(n);
    }
}

/// The journal's name for a set of `stem`.
pub(super) fn journal_name(stem: &str) -> String {
    format!(".{stem}.sitemap-journal")
}

/// The journal's first line, so a file of that name the tool did not
/// write is not taken for one.
const JOURNAL_HEADER: &str =
    "# sitemap-toolkit: the parts of a set being published; removed once it is";

/// The journal's text: its header, then one name a line.
pub(super) fn journal_text<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let mut text = format!("{JOURNAL_HEADER}\n");
    for name in names {
        text.push_str(name);
        text.push('\n');
    }
    text
}

/// Refuses, before anything is published, a folder (or link, FIFO, or
/// file the tool did not write) at the journal's name: the commit
/// writes the journal there and removes it at the end, so such a thing
/// would fail the run after the set was published, on every run, or be
/// removed for its name alone.
pub(super) fn check_journal(dir: &Path, stem: &str) -> Result<(), SetError> {
    use std::io::Read;

    let path = dir.join(journal_name(stem));
    let meta = match std::fs::symlink_metadata(&path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(source) => {
            return Err(SetError::new(
                path,
                SetErrorKind::Io {
                    action: "check the set's journal",
                    source,
                },
            ));
        }
        Ok(meta) => meta,
    };
    let what = if meta.file_type().is_symlink() {
        "a symbolic link"
    } else if let Some(kind) = crate::input::special_kind(&meta.file_type()) {
        kind
    } else {
        let mut head = Vec::new();
        crate::input::open_regular(&path)
            .and_then(|f| f.take(JOURNAL_HEADER.len() as u64).read_to_end(&mut head))
            .map_err(|source| {
                SetError::new(
                    &path,
                    SetErrorKind::Io {
                        action: "read the set's journal",
                        source,
                    },
                )
            })?;
        if head == JOURNAL_HEADER.as_bytes() {
            return Ok(());
        }
        "a file this tool did not write"
    };
    Err(SetError::new(path, SetErrorKind::JournalTaken { what }))
}

/// The part names the journal of an interrupted commit in `dir` names;
/// none when there is none, or it is not a regular file the tool wrote.
/// Only names of this stem's part shapes are taken, so whatever the file
/// says, nothing else in the folder can be removed by it.
pub(super) fn journal(dir: &Path, stem: &str) -> Vec<String> {
    // Far more than any set's parts: 50,000 files a set at most.
    const MAX_JOURNAL: u64 = 16 * 1024 * 1024;
    let Ok(text) = crate::input::read_regular_text(&dir.join(journal_name(stem)), MAX_JOURNAL)
    else {
        return Vec::new();
    };
    let mut lines = text.lines();
    if lines.next() != Some(JOURNAL_HEADER) {
        return Vec::new();
    }
    lines
        .filter(|name| {
            !name.contains('/') && (part_number(name, stem).is_some() || group_part(name, stem))
        })
        .map(str::to_owned)
        .collect()
}

/// What an index lists of this set's parts.
#[derive(Debug, Default)]
struct Listed {
    /// The names of this folder's parts it lists.
    parts: Vec<String>,
    /// It lists at least one sitemap, and every one is a part of this
    /// set whose name carries the content tag only the tool writes
    /// (`sitemap-1-0a1b2c3d.xml`): an index of the tool's own.
    only_tagged_parts: bool,
}

/// What the index at `path` lists of this folder's parts; nothing when it
/// is absent, not an index, or unreadable.
fn listed_parts(path: &Path, folder: &Loc, stem: &str) -> Listed {
    use std::io::Read;

    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Listed::default();
    };
    if !meta.is_file() {
        return Listed::default();
    }
    // Checked again on the opened handle: a FIFO swapped in since cannot
    // block the run.
    let Ok(file) = crate::input::open_regular(path) else {
        return Listed::default();
    };
    // Streamed, never held whole: a gzip bomb under the name costs its
    // reading up to the bound, not memory; a urlset stops at its root.
    let gzipped = path.extension().is_some_and(|e| e == "gz");
    let xml: Box<dyn io::BufRead> = if gzipped {
        Box::new(io::BufReader::new(
            crate::gzip::gunzip(io::BufReader::new(file)).take(MAX_INDEX_READ),
        ))
    } else {
        Box::new(io::BufReader::new(file.take(MAX_INDEX_READ)))
    };
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut names = Vec::new();
    let mut only_tagged = true;
    let mut locs = 0usize;
    let mut in_loc = false;
    let mut is_index = false;
    let mut root = true;
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf) {
            Ok(quick_xml::events::Event::Start(e)) => {
                let local = e.local_name();
                if root {
                    is_index = local.as_ref() == "sitemapindex";
                    if !is_index {
                        return Listed::default();
                    }
                    root = false;
                }
                in_loc = local.as_ref() == "loc";
            }
            Ok(quick_xml::events::Event::Text(t)) if in_loc => {
                // Part names hold no entity, so raw text is enough.
                let text: &str = &t;
                let name = text.trim().strip_prefix(folder.as_str()).unwrap_or("");
                locs += 1;
                let plain = !name.contains('/');
                let part = plain.then(|| part_number(name, stem)).flatten();
                let group = plain && group_part(name, stem);
                only_tagged &= group || part.is_some_and(|(_, tagged)| tagged);
                if part.is_some() || group {
                    names.push(name.to_owned());
                }
            }
            Ok(quick_xml::events::Event::End(_)) => in_loc = false,
            // Unreadable (not gzip, cut off): nothing is known of it.
            Err(quick_xml::Error::Io(_)) => return Listed::default(),
            Ok(quick_xml::events::Event::Eof) | Err(_) => break,
            Ok(_) => {}
        }
        buf.clear();
    }
    if !is_index {
        return Listed::default();
    }
    Listed {
        only_tagged_parts: only_tagged && locs > 0,
        parts: names,
    }
}

/// For a part's name, `<stem>-<N>.<ext>` or `<stem>-<N>-<tag>.<ext>` (ext
/// `xml` or `txt`, optionally `.gz`; tag eight lowercase hex digits): `N`
/// and whether it is tagged.
pub(super) fn part_number(name: &str, stem: &str) -> Option<(u64, bool)> {
    let rest = name.strip_prefix(stem)?.strip_prefix('-')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let number = rest[..digits].parse().ok()?;
    let rest = &rest[digits..];
    let (tagged, ext) = match rest.strip_prefix('-') {
        Some(tagged) => {
            let tag = tagged.get(..8)?;
            if !tag.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
                return None;
            }
            (true, &tagged[8..])
        }
        None => (false, rest),
    };
    matches!(ext, ".xml" | ".xml.gz" | ".txt" | ".txt.gz").then_some((number, tagged))
}

/// Whether `name` is `<stem>-<group>-<tag>.<ext>` or
/// `<stem>-<group>-<N>-<tag>.<ext>`: a part of a set split into groups
/// ([`SetWriter::push_in`](super::SetWriter::push_in)); the tag is eight
/// lowercase hex digits, so a hand-made `sitemap-news.xml` is never taken
/// for one.
pub(super) fn group_part(name: &str, stem: &str) -> bool {
    let Some(rest) = name.strip_prefix(stem).and_then(|r| r.strip_prefix('-')) else {
        return false;
    };
    let Some(rest) = [".xml", ".xml.gz", ".txt", ".txt.gz"]
        .iter()
        .find_map(|ext| rest.strip_suffix(ext))
    else {
        return false;
    };
    let Some((group, tag)) = rest.rsplit_once('-') else {
        return false;
    };
    tag.len() == 8
        && tag.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        && super::writer::is_group_name(group)
}
