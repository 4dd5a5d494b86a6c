//! The XML reader: a `<urlset>` or `<sitemapindex>`, one event at a time.
//!
//! This module holds the loop over quick-xml's events and the reader's
//! state (the stack of open elements, the entry being read); `attrs`
//! reads attributes and names, `start` judges start tags, `end` gathers
//! text and checks each value when its element ends.

use std::io::BufRead;

use quick_xml::NsReader;
use quick_xml::errors::{Error as XmlError, IllFormedError};
use quick_xml::events::{BytesDecl, BytesRef, Event};
use quick_xml::name::ResolveResult;

use crate::validate::position::{Pos, Tracked};
use crate::validate::values::{Entries, xml_char};
use crate::validate::{Entry, Options, Report, Sink};
use crate::{Alternate, Lastmod, Loc};

mod attrs;
mod end;
mod start;

use self::attrs::{qname, read_attributes};
use self::end::{on_end, on_text};
use self::start::{on_start, xml_name};

const XSI_NS: &str = "http://www.w3.org/2001/XMLSchema-instance";
const XHTML_NS: &str = "http://www.w3.org/1999/xhtml";
const IMAGE_NS: &str = "http://www.google.com/schemas/sitemap-image/1.1";
const VIDEO_NS: &str = "http://www.google.com/schemas/sitemap-video/1.1";
const NEWS_NS: &str = "http://www.google.com/schemas/sitemap-news/0.9";

/// Nesting deeper than this is no sitemap; stop rather than grow.
const MAX_DEPTH: usize = 64;
/// Value text kept per element: enough for any valid `loc`, bounded for
/// an invalid one.
const MAX_VALUE: usize = 4 * crate::MAX_LOC_LEN;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    Loc,
    Lastmod,
    ChangeFreq,
    Priority,
}

impl Field {
    fn stage(self) -> u8 {
        match self {
            Field::Loc => 1,
            Field::Lastmod => 2,
            Field::ChangeFreq => 3,
            Field::Priority => 4,
        }
    }
    fn name(self) -> &'static str {
        match self {
            Field::Loc => "loc",
            Field::Lastmod => "lastmod",
            Field::ChangeFreq => "changefreq",
            Field::Priority => "priority",
        }
    }
}

/// After an extension element nothing of the sitemap namespace may follow.
const STAGE_EXT: u8 = 5;

enum Frame {
    Root,
    Entry {
        at: Pos,
        stage: u8,
        has_loc: bool,
        /// `<image:image>` elements so far: the extension allows 1,000.
        images: usize,
    },
    Field {
        field: Field,
        at: Pos,
        text: String,
        /// A `'`, `"` or `>` written raw, which the protocol asks to escape.
        raw_special: Option<char>,
    },
    XhtmlLink,
    Image {
        at: Pos,
        has_loc: bool,
        /// The place of the last child in the XSD's sequence (`loc`,
        /// `caption`, `geo_location`, `title`, `license`), 0 before any.
        stage: u8,
    },
    ImageValue {
        is_loc: bool,
        at: Pos,
        text: String,
    },
    /// Content not judged: reported already, or an extension we do not
    /// model (video, news, unknown namespaces).
    Skip,
}

/// An element's namespace, owned so the reader can be used again.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Ns {
    None,
    Named(String),
    UnknownPrefix(String),
}

impl Ns {
    fn is(&self, ns: &str) -> bool {
        matches!(self, Ns::Named(n) if n == ns)
    }
}

fn owned_ns(r: &ResolveResult<'_>) -> Ns {
    match r {
        ResolveResult::Unbound => Ns::None,
        ResolveResult::Bound(ns) => Ns::Named(ns.as_ref().to_owned()),
        ResolveResult::Unknown(p) => Ns::UnknownPrefix(p.clone()),
    }
}

/// What a visitor is handed for the `<url>` being read.
#[derive(Default)]
struct Pending {
    loc: Option<(Loc, Pos)>,
    lastmod: Option<Lastmod>,
    alternates: Vec<Alternate>,
    images: Vec<Loc>,
}

struct State<'a> {
    options: &'a Options,
    /// The caller's visitor, and the `<url>` being read for it (only when
    /// there is one: without, nothing is kept).
    visit: Option<&'a mut dyn FnMut(Entry)>,
    pending: Option<Pending>,
    stack: Vec<Frame>,
    /// The root's namespace: elements in it are read as sitemap elements
    /// even when it is the wrong one, so one wrong `xmlns` gives one error,
    /// not one per element.
    doc_ns: Ns,
    index: bool,
    root_seen: bool,
    root_done: bool,
    entries: Option<Entries>,
    stop: bool,
    /// Deprecated `<image:…>` children already warned about, a bit each.
    deprecated_seen: u8,
}

pub(crate) fn xml<'a, R: BufRead>(
    input: &mut Tracked<R>,
    options: &'a Options,
    sink: &mut Sink,
    report: &mut Report,
    visit: Option<&'a mut dyn FnMut(Entry)>,
) {
    if !byte_order_mark(input, sink) {
        return;
    }
    let base = input.offset();
    let mut reader = NsReader::from_reader(&mut *input);
    {
        let config = reader.config_mut();
        config.expand_empty_elements = true;
        config.check_end_names = true;
        config.check_comments = true;
    }
    let mut st = State {
        options,
        visit,
        pending: None,
        stack: Vec::new(),
        doc_ns: Ns::None,
        index: false,
        root_seen: false,
        root_done: false,
        entries: None,
        stop: false,
        deprecated_seen: 0,
    };
    let mut buf = Vec::new();
    while !st.stop {
        buf.clear();
        reader.get_mut().mark();
        let at = reader.get_mut().here();
        let start_offset = reader.get_mut().offset();
        let (ns, event) = match reader.read_resolved_event_into(&mut buf) {
            Ok((ns, event)) => (owned_ns(&ns), event),
            Err(e) => {
                let error_at = base + reader.error_position();
                let input = reader.get_mut();
                if !input.over_limit && input.read_error.is_none() {
                    let pos = input.pos_of(error_at);
                    sink.error(pos, well_formedness(&e));
                }
                break;
            }
        };
        match event {
            Event::Decl(decl) => on_declaration(&decl, start_offset == base, at, sink),
            Event::PI(pi) => {
                if pi.target().eq_ignore_ascii_case("xml") {
                    sink.error(at, "an XML declaration `<?xml …?>` is allowed only at the very start of the file");
                }
            }
            Event::DocType(_) => {
                sink.warning(
                    at,
                    "a sitemap needs no DOCTYPE; entities it declares are not expanded here",
                );
            }
            Event::Comment(_) => {}
            Event::Start(start) => {
                let name = qname(&start);
                if !xml_name(&name) {
                    let hint = if name.contains('<') {
                        " (a raw `<` in a value must be written `&lt;`)"
                    } else {
                        ""
                    };
                    sink.error(at, format!("not well-formed XML: `<{name}` does not start a valid element name{hint}"));
                    break;
                }
                let attrs = read_attributes(&start, &reader, at, sink);
                on_start(&mut st, &ns, &start, &attrs, at, sink, report);
            }
            Event::End(_) => on_end(&mut st, at, sink, report),
            Event::Text(text) => on_text(&mut st, &text, at, sink, true),
            Event::CData(cdata) => {
                let s = cdata.into_inner();
                on_text(&mut st, &s, at, sink, false);
            }
            Event::GeneralRef(r) => on_reference(&mut st, &r, at, sink),
            Event::Empty(_) => unreachable!("expand_empty_elements is set"),
            Event::Eof => {
                let input = reader.get_mut();
                if !input.over_limit && input.read_error.is_none() {
                    on_eof(&st, at, sink);
                }
                break;
            }
        }
        if st.stack.len() > MAX_DEPTH {
            sink.error(
                at,
                format!("elements nested deeper than {MAX_DEPTH} levels; this is no sitemap"),
            );
            break;
        }
    }
    report.entries = st.entries.as_ref().map_or(0, |e| e.count);
}

/// Checks the byte order mark, and steps over a UTF-8 one; false when
/// the file is UTF-16, which ends the reading: quick-xml (without its
/// encoding feature) reads UTF-8 only, and the protocol allows nothing
/// else.
fn byte_order_mark<R: BufRead>(input: &mut Tracked<R>, sink: &mut Sink) -> bool {
    match input.fill_buf() {
        Ok(buf) if buf.starts_with(b"\xFF\xFE") || buf.starts_with(b"\xFE\xFF") => {
            sink.error(input.here(), "the file is UTF-16 (it starts with a UTF-16 byte order mark); sitemaps must be UTF-8");
            return false;
        }
        Ok(buf) if buf.starts_with(b"\xEF\xBB\xBF") => {
            sink.warning(
                input.here(),
                "the file starts with a UTF-8 byte order mark; XML allows it, but some consumers fail on it; write the file without one",
            );
            input.consume(3);
            input.reset_column();
        }
        _ => {}
    }
    true
}

/// `<?xml …?>`: first in the file, UTF-8, version 1.0.
fn on_declaration(decl: &BytesDecl<'_>, first: bool, at: Pos, sink: &mut Sink) {
    if !first {
        sink.error(at, "the XML declaration `<?xml …?>` must be the very first thing in the file (nothing, not even whitespace, may come before it)");
    }
    match decl.encoding() {
        Some(Ok(enc)) if !enc.eq_ignore_ascii_case("utf-8") => sink.error(
            at,
            format!("the XML declaration says encoding=\"{enc}\"; sitemaps must be UTF-8"),
        ),
        _ => {}
    }
    if let Ok(v) = decl.version()
        && &*v != "1.0"
    {
        sink.warning(at, format!("XML version {v}; sitemaps are XML 1.0"));
    }
}

/// `&…;`: a character reference or one of XML's five entities is text;
/// anything else is not well-formed and stops the reading.
fn on_reference(st: &mut State<'_>, r: &BytesRef<'_>, at: Pos, sink: &mut Sink) {
    let ch = match r.resolve_char_ref() {
        Ok(Some(c)) if xml_char(c) => Some(c),
        Ok(Some(c)) => {
            sink.error(
                at,
                format!(
                    "character reference `&{};` is U+{:04X}, which XML does not allow",
                    &**r,
                    u32::from(c)
                ),
            );
            st.stop = true;
            None
        }
        Ok(None) => match &**r {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            other => {
                sink.error(
                    at,
                    format!("entity `&{other};` is not defined; XML knows only &amp; &lt; &gt; &quot; &apos; (a raw `&` must be written `&amp;`)"),
                );
                st.stop = true;
                None
            }
        },
        Err(_) => {
            sink.error(
                at,
                format!("`&{};` is not a valid character reference", &**r),
            );
            st.stop = true;
            None
        }
    };
    if let Some(c) = ch {
        let mut tmp = [0u8; 4];
        on_text(st, c.encode_utf8(&mut tmp), at, sink, false);
    }
}

/// The end of a file read whole: a root, and closed.
fn on_eof(st: &State<'_>, at: Pos, sink: &mut Sink) {
    if !st.root_seen {
        sink.error(at, "no root element: expected <urlset> or <sitemapindex>");
    } else if !st.stack.is_empty() {
        sink.error(at, "the file ends before the root element is closed");
    }
}

fn well_formedness(e: &XmlError) -> String {
    match e {
        XmlError::IllFormed(IllFormedError::UnclosedReference) => {
            "not well-formed XML: a raw `&` must be written `&amp;`".to_owned()
        }
        XmlError::IllFormed(IllFormedError::MismatchedEndTag { expected, found }) => {
            format!(
                "not well-formed XML: `</{found}>` closes `<{expected}>`; expected `</{expected}>`"
            )
        }
        XmlError::Encoding(e) => format!("the file is not UTF-8 ({e}); sitemaps must be UTF-8"),
        other => format!("not well-formed XML: {other}"),
    }
}
