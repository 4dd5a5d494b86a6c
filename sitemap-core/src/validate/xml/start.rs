//! Start tags: the root ([`on_root`]: which document, which
//! namespaces), each protocol element in its place ([`on_start`], by the
//! element it opens in: [`in_root`], [`entry_field`], [`in_image`]), the
//! extensions (image, video, news) skipped with their children
//! ([`extension`]), and `xhtml:link` alternates ([`xhtml_link`]).

use quick_xml::events::BytesStart;

use crate::Alternate;
use crate::validate::DocumentKind;
use crate::validate::MAX_ENTRY_EXTRAS;
use crate::validate::Report;
use crate::validate::SITEMAP_NS;
use crate::validate::Sink;
use crate::validate::position::Pos;
use crate::validate::values::Entries;
use crate::validate::values::check_loc;
use crate::validate::values::clip;

use super::Field;
use super::Frame;
use super::IMAGE_NS;
use super::NEWS_NS;
use super::Ns;
use super::Pending;
use super::STAGE_EXT;
use super::State;
use super::VIDEO_NS;
use super::XHTML_NS;
use super::attrs::Attr;
use super::attrs::check_sitemap_attrs;
use super::attrs::edit_distance;
use super::attrs::local_name;
use super::attrs::looks_like_xmlns;
use super::attrs::qname;

#[allow(clippy::too_many_arguments)]
pub(super) fn on_start(
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
        Frame::Root => in_root(st, ns, in_doc_ns, start, &local, attrs, at, sink),
        Frame::Entry {
            stage,
            has_loc,
            images,
            ..
        } => {
            if in_doc_ns {
                entry_field(st.index, stage, has_loc, &local, attrs, at, sink)
            } else {
                let entry = if st.index { "sitemap" } else { "url" };
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
                if ns.is(IMAGE_NS) && local == "image" {
                    *images += 1;
                    if *images == crate::MAX_IMAGES_PER_URL + 1 {
                        sink.error(at, format!("more than {} <image:image> in one <url>: Google's image extension allows at most {} a page", crate::MAX_IMAGES_PER_URL, crate::MAX_IMAGES_PER_URL));
                    }
                }
                extension(ns, start, attrs, at, sink, st.pending.as_mut())
            }
        }
        Frame::Image { has_loc, stage, .. } => in_image(
            has_loc,
            stage,
            &mut st.deprecated_seen,
            ns,
            start,
            &local,
            at,
            sink,
        ),
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

/// A child of the root: an entry (`<url>` or `<sitemap>`), an extension
/// element before the first entry, or a mistake named as such.
#[allow(clippy::too_many_arguments)]
fn in_root(
    st: &mut State<'_>,
    ns: &Ns,
    in_doc_ns: bool,
    start: &BytesStart<'_>,
    local: &str,
    attrs: &[Attr],
    at: Pos,
    sink: &mut Sink,
) -> Frame {
    let (entry, other) = if st.index {
        ("sitemap", "url")
    } else {
        ("url", "sitemap")
    };
    let container = if st.index { "sitemapindex" } else { "urlset" };
    if in_doc_ns && local == entry {
        check_sitemap_attrs(attrs, local, at, sink, false);
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
            images: 0,
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
            sink.error(
                at,
                "an index must not contain another index (<sitemapindex> inside <sitemapindex>)",
            );
        } else {
            sink.error(
                at,
                format!("<{local}> cannot be nested inside <{container}>"),
            );
        }
        Frame::Skip
    } else if in_doc_ns {
        let hint = if edit_distance(local, entry) <= 2 {
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

/// A sitemap element in an entry: `<loc>`, `<lastmod>`, `<changefreq>`
/// or `<priority>`, each once, in that order, before any extension.
fn entry_field(
    index: bool,
    stage: &mut u8,
    has_loc: &mut bool,
    local: &str,
    attrs: &[Attr],
    at: Pos,
    sink: &mut Sink,
) -> Frame {
    let entry = if index { "sitemap" } else { "url" };
    let field = match local {
        "loc" => Some(Field::Loc),
        "lastmod" => Some(Field::Lastmod),
        "changefreq" => Some(Field::ChangeFreq),
        "priority" => Some(Field::Priority),
        _ => None,
    };
    match field {
        Some(f) if index && matches!(f, Field::ChangeFreq | Field::Priority) => {
            sink.error(at, format!("<{}> is not allowed in an index's <sitemap>, which holds only <loc> and <lastmod>", f.name()));
            Frame::Skip
        }
        Some(f) => {
            check_sitemap_attrs(attrs, local, at, sink, false);
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
                sink.error(at, format!("<{}> is out of order: a <{entry}> holds <loc>, then the optional {}, in that order", f.name(), if index { "<lastmod>" } else { "<lastmod>, <changefreq>, <priority>" }));
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
            let expected = if index {
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
}

/// A child of `<image:image>`: `<image:loc>`, then the optional ones in
/// the XSD's order. The deprecated children (all but `loc`) are warned
/// about once per file, a bit each in `deprecated_seen`: a sitemap that
/// captions every image would otherwise bury the rest.
#[allow(clippy::too_many_arguments)]
fn in_image(
    has_loc: &mut bool,
    stage: &mut u8,
    deprecated_seen: &mut u8,
    ns: &Ns,
    start: &BytesStart<'_>,
    local: &str,
    at: Pos,
    sink: &mut Sink,
) -> Frame {
    const CHILDREN: [&str; 5] = ["loc", "caption", "geo_location", "title", "license"];
    let place = CHILDREN.iter().position(|c| *c == local);
    let (true, Some(place)) = (ns.is(IMAGE_NS), place) else {
        sink.error(at, format!("unexpected <{}> in <image:image>: expected <image:loc>, <image:caption>, <image:geo_location>, <image:title> or <image:license>", qname(start)));
        return Frame::Skip;
    };
    let place = place as u8 + 1;
    if local == "loc" && *has_loc {
        sink.error(at, "a second <image:loc> in one <image:image>");
    } else if place == *stage {
        sink.error(at, format!("a second <image:{local}> in one <image:image>"));
    } else if place < *stage {
        sink.error(at, format!("<image:{local}> is out of order: an <image:image> holds <image:loc>, then the optional <image:caption>, <image:geo_location>, <image:title>, <image:license>, in that order"));
    } else if place > 1 && *stage == 0 {
        sink.error(
            at,
            format!("an <image:image> must start with <image:loc>; found <image:{local}> first"),
        );
    }
    *stage = (*stage).max(place);
    if local == "loc" {
        *has_loc = true;
    } else {
        let bit = 1 << place;
        if *deprecated_seen & bit == 0 {
            *deprecated_seen |= bit;
            sink.warning(at, format!("<image:{local}> is deprecated: since 2022 Google reads only <image:loc> and ignores the rest (said once per file)"));
        }
    }
    Frame::ImageValue {
        is_loc: local == "loc",
        at,
        text: String::new(),
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn on_root(
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

pub(super) fn extension(
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
                Frame::Image {
                    at,
                    has_loc: false,
                    stage: 0,
                }
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
pub(super) fn xhtml_link(
    name: &str,
    attrs: &[Attr],
    at: Pos,
    sink: &mut Sink,
) -> Option<Alternate> {
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
pub(super) fn xml_name(name: &str) -> bool {
    let mut chars = name.chars();
    let start = |c: char| c.is_ascii_alphabetic() || c == '_' || c == ':' || !c.is_ascii();
    chars.next().is_some_and(start)
        && chars.all(|c| start(c) || c.is_ascii_digit() || c == '-' || c == '.')
}
