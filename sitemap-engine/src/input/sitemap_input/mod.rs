//! Another generator's sitemap as `sitemap write`'s input: a `<urlset>`,
//! a `<sitemapindex>` (its children read from disk) or either gzipped, as
//! Hugo, Jekyll, MkDocs and Docusaurus write them, read back into
//! [`Url`]s so the set writer can write a correct set from them.
//!
//! The repairs, each reported with `file:line` (except the first, which
//! is what the input means rather than a fault):
//!
//! - a relative `loc`, `href` or `image:loc` (Hugo writes `/posts/a/`
//!   when `baseURL = "/"`) is resolved under the base URL: a leading `/`
//!   names the folder the site is served from, not the host's root,
//!   because that is the folder the generator built for; a
//!   protocol-relative one (`//cdn.example.net/x`) is the URL on that host
//!   with the base URL's scheme, so one on another host is left out;
//! - surrounding whitespace in a value is trimmed, a `changefreq` in
//!   another case is lowered (`Weekly`);
//! - a `lastmod`, `changefreq` or `priority` that is still invalid is
//!   dropped, the URL kept; an invalid `loc` drops its URL; an alternate
//!   with an invalid `hreflang` or `href`, or an image with an invalid
//!   `loc`, is dropped;
//! - elements of other extensions (`video:video`, `news:news`) are left
//!   out, named once each;
//! - a bare `&` that starts no reference (`?a=1&b=2`, which most
//!   generators write unescaped) is read as `&amp;`, as browsers and
//!   search engines read it;
//! - an entry with another reference (`&nbsp;`, an entity its DOCTYPE
//!   declares, which is never expanded: a billion laughs is a few lines)
//!   or an empty `loc` is left out, rather than read with the reference
//!   dropped or as the home page.
//!
//! Duplicates and URLs outside the base URL are the set writer's to drop.
//!
//! What cannot be repaired is [`Found::Unread`]: a file that is there but
//! cannot be read (a FIFO, a device), is not well-formed past the bare
//! `&`, or cannot be read to its end. What follows the fault is unknown,
//! so a caller writing over the input must refuse rather than publish the
//! part before it.
//!
//! Streamed: quick-xml reads one event at a time, and the reader holds one
//! `<url>` (no run of text or tag past [`MAX_TEXT`] bytes is read: it is
//! [`Found::Unread`] with its line), never the document. An index's
//! children are read one after the other, each as the index names it
//! (never more than [`MAX_CHILDREN`], the protocol's limit, past which the
//! rest is [`Found::Unread`]): a relative child `loc` names a file under
//! the index's folder, an absolute one under the base URL the same file
//! under that folder; a child outside it cannot be read from disk and is
//! reported.
//!
//! Here the events of one document; `entry.rs` one entry's checks and
//! repairs and where its locs point; `stream.rs` the bytes under the XML
//! reader (regular files only, gunzipped, runs bounded, lines counted).

use std::collections::BTreeSet;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use quick_xml::events::{BytesStart, Event};
use sitemap_core::{Diagnostic, Loc, Url};

use self::stream::open;

mod entry;
mod stream;

/// The longest text one value may have (a `loc` may be 2,048
/// characters): a longer run of text without markup is refused as it is
/// read, before quick-xml buffers it, so one huge text node cannot grow
/// the reader.
pub const MAX_TEXT: usize = 64 * 1024;

/// What reading found, in document order.
#[derive(Debug)]
#[non_exhaustive]
pub enum Found {
    /// An entry, with the file and line of its `<url>`.
    Url {
        /// The file it was read from.
        file: PathBuf,
        /// 1-based line of its `<url>`.
        line: u64,
        /// The entry, repaired.
        url: Url,
    },
    /// Something wrong that was dropped or corrected, at its file and line.
    Note(Diagnostic),
    /// A file that is there but could not be read (a FIFO, a device, no
    /// permission), or not to its end, so the entries after `file:line`
    /// are unknown, at its file and line (no line for the whole file).
    Unread(Diagnostic),
}

/// Counts of what reading did, for the summary.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadSummary {
    /// Sitemap files read (an index and each child).
    pub files: u64,
    /// `<url>` entries read.
    pub urls: u64,
    /// Relative locs (and hrefs, image locs) made absolute.
    pub made_absolute: u64,
    /// Problems reported in [`Found::Note`]s (values dropped, files not
    /// read, other extensions' elements left out).
    pub repaired: u64,
    /// The index's children that were read (none for a `<urlset>`).
    pub children: Vec<PathBuf>,
    /// Files that could not be read, or not to their end ([`Found::Unread`]).
    pub unread: u64,
}

/// Whether the file at `path` is a sitemap (XML, or gzip) rather than a
/// URL list: a URL list never starts with `<` nor with gzip's magic bytes.
pub fn is_sitemap(path: &Path) -> io::Result<bool> {
    let mut head = [0_u8; 512];
    let mut file = sitemap_core::input::open_regular(path)?;
    let mut n = 0;
    while n < head.len() {
        let got = file.read(&mut head[n..])?;
        if got == 0 {
            break;
        }
        n += got;
    }
    let head = &head[..n];
    if head.starts_with(&[0x1f, 0x8b]) {
        return Ok(true);
    }
    let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    Ok(text.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<'))
}

/// Reads the sitemap or index at `path` (gzipped or not), handing each
/// entry and note to `on` as it is read. `base` is the folder URL the
/// input's folder is served at. An `Err` from `on` stops the reading and
/// is returned; a file missing is a note, one that cannot be read to its
/// end (malformed, cut off) is [`Found::Unread`] and counted in
/// [`ReadSummary::unread`], the entries before the fault handed on.
pub fn read_sitemaps<E: From<io::Error>>(
    path: &Path,
    base: &Loc,
    on: &mut dyn FnMut(Found) -> Result<(), E>,
) -> Result<ReadSummary, E> {
    let folder = path.parent().unwrap_or(Path::new("")).to_path_buf();
    let mut reading = Reading {
        base,
        folder,
        summary: ReadSummary::default(),
        unknown: BTreeSet::new(),
        seen: BTreeSet::new(),
        listed: 0,
    };
    reading.seen.insert(path.to_path_buf());
    reading.file(path, true, on)?;
    Ok(reading.summary)
}

/// The most child sitemaps an index may list (the protocol's limit);
/// past it the rest of the index is not read.
pub const MAX_CHILDREN: u64 = sitemap_core::Limits::SITEMAPS_ORG.max_sitemaps;

struct Reading<'a> {
    base: &'a Loc,
    folder: PathBuf,
    summary: ReadSummary,
    /// Element names of other extensions already reported.
    unknown: BTreeSet<String>,
    /// The files read or being read, so a child listed twice (or the
    /// index itself) is read once.
    seen: BTreeSet<PathBuf>,
    /// Child locs the index has listed so far.
    listed: u64,
}

/// Where the reader is inside one document.
#[derive(Default)]
struct Doc {
    /// `<url>` or `<sitemap>` open, and its line.
    entry: Option<u64>,
    /// The leaf element whose text is being collected (`loc`, `lastmod`,
    /// …; `image:loc` as `image`), and its line.
    leaf: Option<(String, u64)>,
    text: String,
    loc: Option<String>,
    lastmod: Option<(String, u64)>,
    changefreq: Option<(String, u64)>,
    priority: Option<(String, u64)>,
    alternates: Vec<(String, String, u64)>,
    images: Vec<(String, u64)>,
    /// Inside an element of another extension, how deep.
    foreign: usize,
    /// The first reference in the entry that is not read (`&nbsp;`, an
    /// entity of the DOCTYPE), and its line: the entry is refused.
    entity: Option<(String, u64)>,
}

impl Reading<'_> {
    fn note<E>(
        &mut self,
        on: &mut dyn FnMut(Found) -> Result<(), E>,
        file: &Path,
        line: u64,
        message: String,
    ) -> Result<(), E> {
        self.summary.repaired += 1;
        on(Found::Note(at(Diagnostic::warning(message), file, line)))
    }

    fn unread<E>(
        &mut self,
        on: &mut dyn FnMut(Found) -> Result<(), E>,
        file: &Path,
        line: u64,
        message: String,
    ) -> Result<(), E> {
        self.summary.unread += 1;
        on(Found::Unread(at(Diagnostic::error(message), file, line)))
    }

    fn bare_amp<E>(
        &mut self,
        on: &mut dyn FnMut(Found) -> Result<(), E>,
        path: &Path,
        line: u64,
    ) -> Result<(), E> {
        let message = "a bare `&` that starts no reference: read as `&amp;`".to_owned();
        self.note(on, path, line, message)
    }

    /// Reads one file; when `index_allowed` and it is an index, each
    /// child is read as its `<loc>` is, so the index is never held.
    fn file<E: From<io::Error>>(
        &mut self,
        path: &Path,
        index_allowed: bool,
        on: &mut dyn FnMut(Found) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut xml = match open(path) {
            Ok(xml) => xml,
            // Nothing there: no URL of it can be lost.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return self.note(on, path, 0, format!("cannot read it: {e}"));
            }
            // There, but not to be read (a FIFO, a device, no
            // permission): its URLs would be lost.
            Err(e) => {
                return self.unread(on, path, 0, format!("cannot read it: {e}"));
            }
        };
        self.summary.files += 1;
        let mut doc = Doc::default();
        let mut is_index = None;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let line = xml.get_ref().line;
            let event = match xml.read_event_into(&mut buf) {
                Ok(event) => event,
                Err(e) => {
                    let line = xml.get_ref().line;
                    let message = match e {
                        quick_xml::Error::Io(e) => format!("cannot read it to its end: {e}"),
                        e => format!("not well-formed XML ({e})"),
                    };
                    self.unread(on, path, line, message)?;
                    break;
                }
            };
            match event {
                Event::Start(e) => {
                    let name = local(&e);
                    if is_index.is_none() {
                        is_index = Some(name == "sitemapindex");
                        if name == "sitemapindex" && !index_allowed {
                            return self.note(on, path, line, "an index inside an index: not read (the protocol allows one level)".to_owned());
                        }
                        if name != "sitemapindex" && name != "urlset" {
                            return self.note(
                                on,
                                path,
                                line,
                                format!(
                                    "<{name}> is neither <urlset> nor <sitemapindex>: not read"
                                ),
                            );
                        }
                        continue;
                    }
                    self.start(&mut doc, &e, name, line, path, on)?;
                }
                Event::Text(t) => {
                    let text = t.xml10_content();
                    // Text holds a `&` only when it starts no reference
                    // (`allow_dangling_amp`).
                    if text.contains('&') {
                        self.bare_amp(on, path, line)?;
                    }
                    push_text(&mut doc.text, &text);
                }
                Event::CData(c) => push_text(&mut doc.text, &c.into_inner()),
                Event::GeneralRef(r) => {
                    let c = match r.resolve_char_ref() {
                        Ok(Some(c)) => Some(c),
                        _ => match &*r {
                            "amp" => Some('&'),
                            "lt" => Some('<'),
                            "gt" => Some('>'),
                            "quot" => Some('"'),
                            "apos" => Some('\''),
                            _ => None,
                        },
                    };
                    if let Some(c) = c {
                        push_text(&mut doc.text, c.encode_utf8(&mut [0; 4]));
                    } else if r.starts_with('#') || is_name(&r) {
                        // A DOCTYPE's entities are never expanded (a
                        // billion laughs is a few lines of them), and
                        // dropping the reference would change the value:
                        // the entry is refused instead.
                        if doc.entry.is_some() && doc.entity.is_none() {
                            doc.entity = Some((format!("&{};", &*r), line));
                        }
                    } else {
                        // `&b=2;`: a bare `&` followed by text that
                        // happens to end in `;`, not a reference.
                        self.bare_amp(on, path, line)?;
                        push_text(&mut doc.text, &format!("&{};", &*r));
                    }
                }
                Event::End(e) => {
                    let name = e.local_name().as_ref().to_owned();
                    if is_index == Some(true) {
                        if name == "loc"
                            && doc.entry.is_some()
                            && let Some((entity, at)) = doc.entity.take()
                        {
                            let message =
                                format!("{}: child sitemap not read", unread_entity(&entity));
                            self.note(on, path, at, message)?;
                        } else if name == "loc" && doc.entry.is_some() {
                            self.listed += 1;
                            if self.listed > MAX_CHILDREN {
                                let message = format!(
                                    "the index lists more than {MAX_CHILDREN} sitemaps, the protocol's limit: the rest is not read"
                                );
                                return self.unread(on, path, line, message);
                            }
                            let child = std::mem::take(&mut doc.text);
                            self.child(path, line, child.trim(), on)?;
                        }
                        if name == "sitemap" {
                            doc.entry = None;
                        }
                        doc.text.clear();
                    } else {
                        self.end(&mut doc, &name, path, on)?;
                    }
                }
                Event::Eof => break,
                _ => {}
            }
        }
        Ok(())
    }

    /// A child loc of the index at `index`: its file read, once.
    fn child<E: From<io::Error>>(
        &mut self,
        index: &Path,
        line: u64,
        child: &str,
        on: &mut dyn FnMut(Found) -> Result<(), E>,
    ) -> Result<(), E> {
        let Some(child_path) = self.child_path(child) else {
            let message = format!("child sitemap {child} lies outside {}: not read", self.base);
            return self.note(on, index, line, message);
        };
        if self.seen.insert(child_path.clone()) {
            self.file(&child_path, false, on)?;
            self.summary.children.push(child_path);
        }
        Ok(())
    }

    fn start<E>(
        &mut self,
        doc: &mut Doc,
        e: &BytesStart<'_>,
        name: String,
        line: u64,
        path: &Path,
        on: &mut dyn FnMut(Found) -> Result<(), E>,
    ) -> Result<(), E> {
        if doc.foreign > 0 {
            doc.foreign += 1;
            return Ok(());
        }
        let prefix = e.name().prefix().map(|p| p.as_ref().to_owned());
        match (name.as_str(), doc.entry.is_some()) {
            ("url" | "sitemap", false) => {
                *doc = Doc {
                    entry: Some(line),
                    ..Doc::default()
                };
            }
            ("link", true) => {
                let attr = |key: &str| {
                    e.try_get_attribute(key).ok().flatten().and_then(|a| {
                        a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                            .ok()
                            .map(|v| v.trim().to_owned())
                    })
                };
                if attr("rel").as_deref() == Some("alternate") {
                    let hreflang = attr("hreflang").unwrap_or_default();
                    let href = attr("href").unwrap_or_default();
                    doc.alternates.push((hreflang, href, line));
                }
            }
            ("image", true) => {}
            ("loc" | "lastmod" | "changefreq" | "priority", true) => {
                let leaf = if prefix.as_deref() == Some("image") && name == "loc" {
                    "image:loc".to_owned()
                } else {
                    name
                };
                doc.leaf = Some((leaf, line));
                doc.text.clear();
            }
            (_, true) => {
                // Another extension's element, or image:caption and the
                // other deprecated image children, which are not written.
                let shown = match &prefix {
                    Some(p) => format!("{p}:{name}"),
                    None => name,
                };
                if shown.starts_with("image:") {
                    doc.foreign = 1;
                    return Ok(());
                }
                doc.foreign = 1;
                if self.unknown.len() < 32 && self.unknown.insert(shown.clone()) {
                    self.note(on, path, line, format!("<{shown}> is not written (only loc, lastmod, changefreq, priority, xhtml:link and image:loc are): left out"))?;
                }
            }
            (_, false) => {}
        }
        Ok(())
    }

    fn end<E>(
        &mut self,
        doc: &mut Doc,
        name: &str,
        path: &Path,
        on: &mut dyn FnMut(Found) -> Result<(), E>,
    ) -> Result<(), E> {
        if doc.foreign > 0 {
            doc.foreign -= 1;
            return Ok(());
        }
        if name == "url" {
            if let Some(line) = doc.entry.take() {
                let doc = std::mem::take(doc);
                self.entry(doc, line, path, on)?;
            }
            return Ok(());
        }
        let Some((leaf, line)) = doc.leaf.take() else {
            return Ok(());
        };
        let text = std::mem::take(&mut doc.text).trim().to_owned();
        match leaf.as_str() {
            "loc" => doc.loc = Some(text),
            "lastmod" => doc.lastmod = Some((text, line)),
            "changefreq" => doc.changefreq = Some((text, line)),
            "priority" => doc.priority = Some((text, line)),
            _ => doc.images.push((text, line)),
        }
        Ok(())
    }
}

/// Why a reference is not read, naming it.
fn unread_entity(entity: &str) -> String {
    format!(
        "`{entity}` is neither one of XML's five named references (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`) nor a valid character reference, and a DOCTYPE's entities are not expanded"
    )
}

/// `file:line: message`, or `file: message` for the file as a whole
/// (line 0).
fn at(d: Diagnostic, file: &Path, line: u64) -> Diagnostic {
    d.in_file(file).with_line((line > 0).then_some(line))
}

/// Whether `s` is an XML name (what may follow `&` in an entity
/// reference), so `b=2` in `?a=1&b=2;` is not one.
fn is_name(s: &str) -> bool {
    let start = |c: char| c.is_alphabetic() || c == '_' || c == ':';
    let mut chars = s.chars();
    chars.next().is_some_and(start)
        && chars.all(|c| start(c) || c.is_alphanumeric() || matches!(c, '-' | '.'))
}

fn push_text(text: &mut String, s: &str) {
    if text.len() < MAX_TEXT {
        let room = MAX_TEXT - text.len();
        let mut cut = s.len().min(room);
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        text.push_str(&s[..cut]);
    }
}

fn local(e: &BytesStart<'_>) -> String {
    e.local_name().as_ref().to_owned()
}
