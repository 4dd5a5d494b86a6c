//! The XML reader: a `<urlset>` or `<sitemapindex>`, one event at a time.

use std::io::BufRead;

use quick_xml::NsReader;
use quick_xml::errors::{Error as XmlError, IllFormedError};
use quick_xml::events::{BytesStart, Event};
use quick_xml::name::ResolveResult;

use crate::validate::position::{Pos, Tracked};
use crate::validate::values::{
    Entries, check_changefreq, check_lastmod, check_loc, check_priority, clip, xml_char, xml_trim,
};
use crate::validate::{
    Child, DocumentKind, Entry, MAX_ENTRY_EXTRAS, Options, Report, SITEMAP_NS, Sink,
};
use crate::{Alternate, Lastmod, Loc};

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
}

pub(crate) fn xml<'a, R: BufRead>(
    input: &mut Tracked<R>,
    options: &'a Options,
    sink: &mut Sink,
    report: &mut Report,
    visit: Option<&'a mut dyn FnMut(Entry)>,
) {
    // Encodings first: quick-xml (without its encoding feature) reads
    // UTF-8 only, and the protocol allows nothing else.
    match input.fill_buf() {
        Ok(buf) if buf.starts_with(b"\xFF\xFE") || buf.starts_with(b"\xFE\xFF") => {
            sink.error(input.here(), "the file is UTF-16 (it starts with a UTF-16 byte order mark); sitemaps must be UTF-8");
            return;
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
            Event::Decl(decl) => {
                if start_offset != base {
                    sink.error(at, "the XML declaration `<?xml …?>` must be the very first thing in the file (nothing, not even whitespace, may come before it)");
                }
                match decl.encoding() {
                    Some(Ok(enc)) if !enc.eq_ignore_ascii_case("utf-8") => sink.error(
                        at,
                        format!(
                            "the XML declaration says encoding=\"{enc}\"; sitemaps must be UTF-8"
                        ),
                    ),
                    _ => {}
                }
                if let Ok(v) = decl.version()
                    && &*v != "1.0"
                {
                    sink.warning(at, format!("XML version {v}; sitemaps are XML 1.0"));
                }
            }
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
            Event::GeneralRef(r) => {
                let ch = match r.resolve_char_ref() {
                    Ok(Some(c)) if xml_char(c) => Some(c),
                    Ok(Some(c)) => {
                        sink.error(
                            at,
                            format!(
                                "character reference `&{};` is U+{:04X}, which XML does not allow",
                                &*r,
                                u32::from(c)
                            ),
                        );
                        st.stop = true;
                        None
                    }
                    Ok(None) => match &*r {
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
                            format!("`&{};` is not a valid character reference", &*r),
                        );
                        st.stop = true;
                        None
                    }
                };
                if let Some(c) = ch {
                    let mut tmp = [0u8; 4];
                    on_text(&mut st, c.encode_utf8(&mut tmp), at, sink, false);
                }
            }
            Event::Empty(_) => unreachable!("expand_empty_elements is set"),
            Event::Eof => {
                let input = reader.get_mut();
                if input.over_limit || input.read_error.is_some() {
                    break;
                }
                if !st.root_seen {
                    sink.error(at, "no root element: expected <urlset> or <sitemapindex>");
                } else if let Some(open) = st.stack.len().checked_sub(1) {
                    let _ = open;
                    sink.error(at, "the file ends before the root element is closed");
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

struct Attr {
    /// As written, `prefix:local`.
    key: String,
    ns: Ns,
    value: String,
}

fn read_attributes<R>(
    start: &BytesStart<'_>,
    reader: &NsReader<R>,
    at: Pos,
    sink: &mut Sink,
) -> Vec<Attr> {
    let mut out = Vec::new();
    for attr in start.attributes().with_checks(true) {
        match attr {
            Ok(attr) => {
                let key = attr.key.as_ref().to_owned();
                let (ns, _) = reader.resolver().resolve_attribute(attr.key);
                let value = match attr.normalized_value(quick_xml::XmlVersion::Implicit1_0) {
                    Ok(v) => v.into_owned(),
                    Err(e) => {
                        sink.error(at, format!("attribute `{key}`: {e}"));
                        continue;
                    }
                };
                if let Some(c) = value.chars().find(|&c| !xml_char(c)) {
                    sink.error(
                        at,
                        format!(
                            "attribute `{key}` holds U+{:04X}, which XML does not allow",
                            u32::from(c)
                        ),
                    );
                }
                out.push(Attr {
                    key,
                    ns: owned_ns(&ns),
                    value,
                });
            }
            Err(e) => sink.error(at, format!("not well-formed XML: {e}")),
        }
    }
    out
}

fn local_name(start: &BytesStart<'_>) -> String {
    start.local_name().as_ref().to_owned()
}

fn qname(start: &BytesStart<'_>) -> String {
    start.name().as_ref().to_owned()
}

/// An attribute name one or two typing slips from `xmlns`.
fn looks_like_xmlns(key: &str) -> bool {
    let k = key.to_ascii_lowercase();
    k != "xmlns" && !k.starts_with("xmlns:") && {
        let mut a: Vec<char> = k.chars().collect();
        let mut b: Vec<char> = "xmlns".chars().collect();
        a.sort_unstable();
        b.sort_unstable();
        a == b
            || (k.len() >= 4
                && k.len() <= 6
                && k.starts_with('x')
                && edit_distance(&k, "xmlns") <= 1)
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur.push(
                (prev[j] + usize::from(ca != cb))
                    .min(prev[j + 1] + 1)
                    .min(cur[j] + 1),
            );
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Attributes the XSDs allow on sitemap elements: none but namespace
/// declarations and `xsi:` ones (such as `xsi:schemaLocation`).
fn check_sitemap_attrs(
    attrs: &[Attr],
    element: &str,
    at: Pos,
    sink: &mut Sink,
    skip_misspelt: bool,
) {
    for a in attrs {
        if a.key == "xmlns" || a.key.starts_with("xmlns:") || a.ns.is(XSI_NS) {
            continue;
        }
        if skip_misspelt && looks_like_xmlns(&a.key) {
            continue;
        }
        sink.error(
            at,
            format!("attribute `{}` is not allowed on <{element}>", a.key),
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn on_start(
    st: &mut State<'_>,
    ns: &Ns,
    start: &BytesStart<'_>,
    attrs: &[Attr],
    at: Pos,
    sink: &mut Sink,
    report: &mut Report,
) {
    let local = local_name(start);
    let Some(top) = st.stack.last_mut() else {
        on_root(st, ns, start, &local, attrs, at, sink, report);
        return;
    };
    let in_doc_ns = *ns == st.doc_ns;
    let frame = match top {
        Frame::Root => {
            let (entry, other) = if st.index {
                ("sitemap", "url")
            } else {
                ("url", "sitemap")
            };
            let container = if st.index { "sitemapindex" } else { "urlset" };
            if in_doc_ns && local == entry {
                check_sitemap_attrs(attrs, &local, at, sink, false);
                if let Some(entries) = st.entries.as_mut() {
                    entries.count(at, sink, &st.options.limits);
                }
                if !st.index && st.visit.is_some() {
                    st.pending = Some(Pending::default());
                }
                Frame::Entry {
                    at,
                    stage: 0,
                    has_loc: false,
                }
            } else if in_doc_ns && local == other {
                let msg = if st.index {
                    "<url> belongs in a <urlset>, not in a <sitemapindex>"
                } else {
                    "<sitemap> belongs in a <sitemapindex>, not in a <urlset>"
                };
                sink.error(at, msg);
                Frame::Skip
            } else if in_doc_ns && (local == "urlset" || local == "sitemapindex") {
                if st.index && local == "sitemapindex" {
                    sink.error(at, "an index must not contain another index (<sitemapindex> inside <sitemapindex>)");
                } else {
                    sink.error(
                        at,
                        format!("<{local}> cannot be nested inside <{container}>"),
                    );
                }
                Frame::Skip
            } else if in_doc_ns {
                let hint = if edit_distance(&local, entry) <= 2 {
                    format!(" (did you mean <{entry}>?)")
                } else {
                    String::new()
                };
                sink.error(
                    at,
                    format!("unexpected <{local}> in <{container}>: expected <{entry}>{hint}"),
                );
                Frame::Skip
            } else {
                let seen_entries = st.entries.as_ref().is_some_and(|e| e.count > 0);
                if seen_entries && !matches!(ns, Ns::None) {
                    sink.error(
                        at,
                        format!("extension element <{}> after the first <{entry}>: the XSD allows extension elements in a <{container}> only before its first <{entry}>", qname(start)),
                    );
                }
                extension(ns, start, attrs, at, sink, None)
            }
        }
        Frame::Entry { stage, has_loc, .. } => {
            let entry = if st.index { "sitemap" } else { "url" };
            if in_doc_ns {
                let field = match local.as_str() {
                    "loc" => Some(Field::Loc),
                    "lastmod" => Some(Field::Lastmod),
                    "changefreq" => Some(Field::ChangeFreq),
                    "priority" => Some(Field::Priority),
                    _ => None,
                };
                match field {
                    Some(f) if st.index && matches!(f, Field::ChangeFreq | Field::Priority) => {
                        sink.error(at, format!("<{}> is not allowed in an index's <sitemap>, which holds only <loc> and <lastmod>", f.name()));
                        Frame::Skip
                    }
                    Some(f) => {
                        check_sitemap_attrs(attrs, &local, at, sink, false);
                        if *stage >= STAGE_EXT {
                            sink.error(at, format!("<{}> after an extension element: in a <{entry}>, <loc>, <lastmod>, <changefreq> and <priority> come first", f.name()));
                        } else if f.stage() == *stage {
                            sink.error(
                                at,
                                format!(
                                    "a second <{}> in one <{entry}>; each may appear once",
                                    f.name()
                                ),
                            );
                        } else if f.stage() < *stage {
                            sink.error(at, format!("<{}> is out of order: a <{entry}> holds <loc>, then the optional {}, in that order", f.name(), if st.index { "<lastmod>" } else { "<lastmod>, <changefreq>, <priority>" }));
                        } else if f != Field::Loc && *stage == 0 {
                            sink.error(
                                at,
                                format!(
                                    "a <{entry}> must start with <loc>; found <{}> first",
                                    f.name()
                                ),
                            );
                        }
                        if f == Field::Loc {
                            *has_loc = true;
                        }
                        if *stage < STAGE_EXT {
                            *stage = (*stage).max(f.stage());
                        }
                        Frame::Field {
                            field: f,
                            at,
                            text: String::new(),
                            raw_special: None,
                        }
                    }
                    None => {
                        let expected = if st.index {
                            "<loc> or <lastmod>"
                        } else {
                            "<loc>, <lastmod>, <changefreq>, <priority> or an extension element"
                        };
                        sink.error(
                            at,
                            format!("unexpected <{local}> in <{entry}>: expected {expected}"),
                        );
                        Frame::Skip
                    }
                }
            } else {
                if *stage == 0 && !*has_loc {
                    sink.error(
                        at,
                        format!(
                            "a <{entry}> must start with <loc>; found <{}> first",
                            qname(start)
                        ),
                    );
                    *stage = STAGE_EXT;
                }
                *stage = STAGE_EXT;
                extension(ns, start, attrs, at, sink, st.pending.as_mut())
            }
        }
        Frame::Image { has_loc, .. } => {
            if ns.is(IMAGE_NS)
                && ["loc", "caption", "geo_location", "title", "license"].contains(&local.as_str())
            {
                if local == "loc" {
                    if *has_loc {
                        sink.error(at, "a second <image:loc> in one <image:image>");
                    }
                    *has_loc = true;
                }
                Frame::ImageValue {
                    is_loc: local == "loc",
                    at,
                    text: String::new(),
                }
            } else {
                sink.error(at, format!("unexpected <{}> in <image:image>: expected <image:loc>, <image:caption>, <image:geo_location>, <image:title> or <image:license>", qname(start)));
                Frame::Skip
            }
        }
        Frame::Field { field, .. } => {
            sink.error(
                at,
                format!(
                    "<{}> holds a value, not elements; found <{}>",
                    field.name(),
                    qname(start)
                ),
            );
            Frame::Skip
        }
        Frame::XhtmlLink | Frame::ImageValue { .. } => {
            sink.error(
                at,
                format!("unexpected element <{}> inside a value", qname(start)),
            );
            Frame::Skip
        }
        Frame::Skip => Frame::Skip,
    };
    st.stack.push(frame);
}

#[allow(clippy::too_many_arguments)]
fn on_root(
    st: &mut State<'_>,
    ns: &Ns,
    start: &BytesStart<'_>,
    local: &str,
    attrs: &[Attr],
    at: Pos,
    sink: &mut Sink,
    report: &mut Report,
) {
    if st.root_done {
        sink.error(
            at,
            format!(
                "not well-formed XML: a second root element <{}> after the first one closed",
                qname(start)
            ),
        );
        st.stop = true;
        return;
    }
    st.root_seen = true;
    st.doc_ns = ns.clone();
    let known = local == "urlset" || local == "sitemapindex";
    let misspelt = attrs.iter().find(|a| looks_like_xmlns(&a.key));
    match ns {
        Ns::Named(n) if n == SITEMAP_NS => {}
        Ns::None => {
            if let Some(a) = misspelt {
                sink.error(
                    at,
                    format!("<{local}> has no namespace: the attribute `{}` looks like a misspelt `xmlns`; write xmlns=\"{SITEMAP_NS}\"", a.key),
                );
            } else {
                sink.error(
                    at,
                    format!("<{local}> has no namespace; add xmlns=\"{SITEMAP_NS}\""),
                );
            }
        }
        Ns::Named(n) => {
            let hint = if n.trim_end_matches('/').replace("https://", "http://") == SITEMAP_NS {
                " (it must match exactly: http, not https, and no trailing slash)"
            } else if n.contains("google.com/schemas/sitemap/") {
                " (Google's pre-2006 namespace; consumers now expect the sitemaps.org one)"
            } else {
                ""
            };
            sink.error(
                at,
                format!(
                    "<{}> is in namespace `{n}`; expected `{SITEMAP_NS}`{hint}",
                    qname(start)
                ),
            );
        }
        Ns::UnknownPrefix(p) => {
            sink.error(
                at,
                format!(
                    "<{}> uses the prefix `{p}`, which is not declared",
                    qname(start)
                ),
            );
        }
    }
    if !known {
        let what = match local {
            "rss" | "feed" => " (this looks like a feed, not a sitemap)",
            "html" => " (this looks like an HTML page, not a sitemap)",
            "url" | "urls" => " (a <urlset> must wrap the entries)",
            _ => "",
        };
        sink.error(
            at,
            format!(
                "the root element is <{}>; expected <urlset> or <sitemapindex>{what}",
                qname(start)
            ),
        );
        st.stack.push(Frame::Skip);
        return;
    }
    st.index = local == "sitemapindex";
    report.kind = if st.index {
        DocumentKind::Sitemapindex
    } else {
        DocumentKind::Urlset
    };
    check_sitemap_attrs(attrs, local, at, sink, true);
    st.entries = Some(Entries::new(st.options, st.index));
    st.stack.push(Frame::Root);
}

fn extension(
    ns: &Ns,
    start: &BytesStart<'_>,
    attrs: &[Attr],
    at: Pos,
    sink: &mut Sink,
    pending: Option<&mut Pending>,
) -> Frame {
    let name = qname(start);
    let local = local_name(start);
    match ns {
        Ns::None => {
            sink.error(at, format!("element <{name}> has no namespace; here only sitemap elements and extension elements in their own namespace are allowed"));
            Frame::Skip
        }
        Ns::UnknownPrefix(p) => {
            sink.error(at, format!("<{name}> uses the prefix `{p}`, which is not declared (add xmlns:{p}=\"…\" to the root)"));
            Frame::Skip
        }
        Ns::Named(n) if n == XHTML_NS && local == "link" => {
            let alternate = xhtml_link(&name, attrs, at, sink);
            if let (Some(alternate), Some(pending)) = (alternate, pending)
                && pending.alternates.len() < MAX_ENTRY_EXTRAS
            {
                pending.alternates.push(alternate);
            }
            Frame::XhtmlLink
        }
        Ns::Named(n) if n == IMAGE_NS => {
            if local == "image" {
                Frame::Image { at, has_loc: false }
            } else {
                sink.error(at, format!("<{name}> must be inside <image:image>"));
                Frame::Skip
            }
        }
        Ns::Named(n) if n == XHTML_NS => {
            sink.warning(
                at,
                format!("<{name}>: of XHTML, sitemaps use only <xhtml:link rel=\"alternate\">"),
            );
            Frame::Skip
        }
        // Google's video and news extensions: their content is not modelled here.
        Ns::Named(n) if n == VIDEO_NS || n == NEWS_NS => Frame::Skip,
        Ns::Named(n) => {
            sink.warning(at, format!("<{name}> is in namespace `{n}`, which is no known sitemap extension; consumers ignore it"));
            Frame::Skip
        }
    }
}

/// Checks an `<xhtml:link>`; the alternate it names when it is valid.
fn xhtml_link(name: &str, attrs: &[Attr], at: Pos, sink: &mut Sink) -> Option<Alternate> {
    let get = |k: &str| {
        attrs
            .iter()
            .find(|a| a.key == k && matches!(a.ns, Ns::None))
            .map(|a| a.value.as_str())
    };
    let mut valid = true;
    match get("rel") {
        Some("alternate") => {}
        Some(other) => sink.error(
            at,
            format!(
                "<{name}> rel=\"{}\": sitemaps use rel=\"alternate\"",
                clip(other)
            ),
        ),
        None => sink.error(at, format!("<{name}> has no rel; write rel=\"alternate\"")),
    }
    let hreflang = match get("hreflang") {
        Some(h) => match h.parse::<crate::Hreflang>() {
            Ok(h) => Some(h),
            Err(e) => {
                sink.error(at, format!("<{name}>: {e}"));
                None
            }
        },
        None => {
            sink.error(
                at,
                format!("<{name}> has no hreflang; an alternate names its language, or x-default"),
            );
            None
        }
    };
    let href = match get("href") {
        Some(href) => check_loc(href, &format!("<{name}> href"), at, sink),
        None => {
            sink.error(at, format!("<{name}> has no href"));
            None
        }
    };
    valid &= get("rel") == Some("alternate");
    Some(Alternate::new(hreflang?, href?)).filter(|_| valid)
}

/// An XML `Name` (close enough: the ASCII rules exactly, any non-ASCII
/// letter allowed), which quick-xml does not check.
fn xml_name(name: &str) -> bool {
    let mut chars = name.chars();
    let start = |c: char| c.is_ascii_alphabetic() || c == '_' || c == ':' || !c.is_ascii();
    chars.next().is_some_and(start)
        && chars.all(|c| start(c) || c.is_ascii_digit() || c == '-' || c == '.')
}

fn on_text(st: &mut State<'_>, text: &str, at: Pos, sink: &mut Sink, raw: bool) {
    if raw && text.contains("]]>") {
        sink.error(
            at,
            "not well-formed XML: `]]>` may not appear in text; write `]]&gt;`",
        );
        st.stop = true;
        return;
    }
    if let Some(c) = text.chars().find(|&c| !xml_char(c)) {
        sink.error(
            at,
            format!(
                "not well-formed XML: U+{:04X} is not allowed in XML",
                u32::from(c)
            ),
        );
        st.stop = true;
        return;
    }
    let blank = xml_trim(text).is_empty();
    match st.stack.last_mut() {
        None if blank => {}
        None => {
            let place = if st.root_done { "after" } else { "before" };
            sink.error(
                at,
                format!(
                    "not well-formed XML: text `{}` {place} the root element",
                    clip(xml_trim(text))
                ),
            );
            st.stop = true;
        }
        Some(Frame::Field {
            text: value,
            raw_special,
            ..
        }) => {
            if raw && raw_special.is_none() {
                *raw_special = text.chars().find(|c| matches!(c, '\'' | '"' | '>'));
            }
            if value.len() < MAX_VALUE {
                value.push_str(text);
            }
        }
        Some(Frame::ImageValue { text: value, .. }) => {
            if value.len() < MAX_VALUE {
                value.push_str(text);
            }
        }
        Some(Frame::Skip) => {}
        Some(_) if blank => {}
        Some(frame) => {
            let container = match frame {
                Frame::Root => {
                    if st.index {
                        "<sitemapindex>"
                    } else {
                        "<urlset>"
                    }
                }
                Frame::Entry { .. } => {
                    if st.index {
                        "<sitemap>"
                    } else {
                        "<url>"
                    }
                }
                Frame::Image { .. } => "<image:image>",
                _ => "<xhtml:link>",
            };
            sink.error(
                at,
                format!(
                    "text `{}` is not allowed directly inside {container}; it holds only elements",
                    clip(xml_trim(text))
                ),
            );
        }
    }
}

fn on_end(st: &mut State<'_>, at: Pos, sink: &mut Sink, report: &mut Report) {
    let Some(frame) = st.stack.pop() else {
        return;
    };
    match frame {
        Frame::Root => {
            st.root_done = true;
            let count = st.entries.as_ref().map_or(0, |e| e.count);
            if count == 0 {
                let (container, entry) = if st.index {
                    ("sitemapindex", "sitemap")
                } else {
                    ("urlset", "url")
                };
                sink.error(
                    at,
                    format!("<{container}> holds no <{entry}>; the XSD requires at least one"),
                );
            }
        }
        Frame::Entry {
            at: entry_at,
            has_loc,
            ..
        } => {
            if let Some(pending) = st.pending.take()
                && let Some((loc, at)) = pending.loc
                && let Some(visit) = st.visit.as_mut()
            {
                visit(Entry {
                    loc,
                    line: at.line,
                    column: at.column,
                    lastmod: pending.lastmod,
                    alternates: pending.alternates,
                    images: pending.images,
                });
            }
            if !has_loc {
                let entry = if st.index { "sitemap" } else { "url" };
                sink.error(
                    entry_at,
                    format!("<{entry}> has no <loc>; every <{entry}> needs one"),
                );
            }
        }
        Frame::Field {
            field,
            at,
            text,
            raw_special,
        } => match field {
            Field::Loc => {
                if let Some(c) = raw_special {
                    let entity = match c {
                        '\'' => "&apos;",
                        '"' => "&quot;",
                        _ => "&gt;",
                    };
                    sink.warning(at, format!("<loc> has a raw `{c}`; the protocol asks for it to be entity-escaped as `{entity}` (or percent-encoded)"));
                }
                if let Some(loc) = check_loc(&text, "<loc>", at, sink) {
                    if let Some(entries) = st.entries.as_mut() {
                        entries.check(&loc, at, sink);
                    }
                    if st.index {
                        push_child(report, loc, at);
                    } else if let Some(pending) = st.pending.as_mut() {
                        pending.loc = Some((loc, at));
                    }
                }
            }
            Field::Lastmod => {
                check_lastmod(&text, at, sink);
                if let Some(pending) = st.pending.as_mut() {
                    pending.lastmod = Lastmod::parse(xml_trim(&text)).ok();
                }
            }
            Field::ChangeFreq => check_changefreq(&text, at, sink),
            Field::Priority => check_priority(&text, at, sink),
        },
        Frame::Image { at, has_loc } => {
            if !has_loc {
                sink.error(at, "<image:image> has no <image:loc>");
            }
        }
        Frame::ImageValue { is_loc, at, text } => {
            if is_loc
                && let Some(loc) = check_loc(&text, "<image:loc>", at, sink)
                && let Some(pending) = st.pending.as_mut()
                && pending.images.len() < MAX_ENTRY_EXTRAS
            {
                pending.images.push(loc);
            }
        }
        Frame::XhtmlLink | Frame::Skip => {}
    }
}

fn push_child(report: &mut Report, loc: Loc, at: Pos) {
    report.children.push(Child {
        loc,
        line: at.line,
        column: at.column,
    });
}
