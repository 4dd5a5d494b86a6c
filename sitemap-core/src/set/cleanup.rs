//! The index file, and the files a new set replaces: the parts an older
//! index listed, the parts the journal of an interrupted commit names,
//! and the set under its other format names; nothing else in the folder
//! is touched.
//!
//! A file is removed because a record says it is the tool's (the index it
//! replaces, or the journal), never because of its name alone: a
//! hand-made `sitemap-news-20241231.xml` has the shape of a group's part
//! and stays. The journal (`.<stem>.sitemap-journal`) is written before a
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

/// The files in `options.dir` that publishing a set made of `keep` would
/// remove, sorted.
pub(super) fn leftovers(
    options: &SetOptions,
    folder: &Loc,
    keep: &[String],
) -> Result<Vec<PathBuf>, SetError> {
    let dir = &options.dir;
    let stem = &options.stem;
    let roots: Vec<String> = ["xml", "xml.gz", "txt", "txt.gz"]
        .iter()
        .map(|ext| format!("{stem}.{ext}"))
        .collect();
    let mut listed: std::collections::BTreeSet<String> = journal(dir, stem).into_iter().collect();
    for name in roots
        .iter()
        .filter(|n| n.starts_with(&format!("{stem}.xml")))
    {
        listed.extend(listed_parts(&dir.join(name), folder, stem));
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
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(list_err)? {
        let entry = entry.map_err(list_err)?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if keep.iter().any(|k| k == name) || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        if roots.iter().any(|r| r == name) || listed.contains(name) {
            found.push(dir.join(name));
        }
    }
    found.sort();
    Ok(found)
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
        let read = crate::input::open_regular(&path)
            .and_then(|f| f.take(JOURNAL_HEADER.len() as u64).read_to_end(&mut head));
        if read.is_ok() && head == JOURNAL_HEADER.as_bytes() {
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

/// The names of this folder's parts that the index at `path` lists; none
/// when it is absent, not an index, or unreadable.
fn listed_parts(path: &Path, folder: &Loc, stem: &str) -> Vec<String> {
    use std::io::Read;

    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Vec::new();
    };
    if !meta.is_file() {
        return Vec::new();
    }
    // Checked again on the opened handle: a FIFO swapped in since cannot
    // block the run.
    let Ok(file) = crate::input::open_regular(path) else {
        return Vec::new();
    };
    let mut xml = Vec::new();
    let gzipped = path.extension().is_some_and(|e| e == "gz");
    let read = if gzipped {
        crate::gzip::gunzip(io::BufReader::new(file))
            .take(MAX_INDEX_READ)
            .read_to_end(&mut xml)
    } else {
        file.take(MAX_INDEX_READ).read_to_end(&mut xml)
    };
    if read.is_err() {
        return Vec::new();
    }
    let mut reader = quick_xml::Reader::from_reader(xml.as_slice());
    let mut names = Vec::new();
    let mut in_loc = false;
    let mut is_index = false;
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf) {
            Ok(quick_xml::events::Event::Start(e)) => {
                let local = e.local_name();
                is_index |= local.as_ref() == "sitemapindex";
                in_loc = local.as_ref() == "loc";
            }
            Ok(quick_xml::events::Event::Text(t)) if in_loc => {
                // Part names hold no entity, so raw text is enough.
                let text: &str = &t;
                let name = text.trim().strip_prefix(folder.as_str()).unwrap_or("");
                if !name.contains('/')
                    && (part_number(name, stem).is_some() || group_part(name, stem))
                {
                    names.push(name.to_owned());
                }
            }
            Ok(quick_xml::events::Event::End(_)) => in_loc = false,
            Ok(quick_xml::events::Event::Eof) | Err(_) => break,
            Ok(_) => {}
        }
        buf.clear();
    }
    if is_index { names } else { Vec::new() }
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
