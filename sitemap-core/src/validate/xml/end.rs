//! Text and end tags: each value gathered, checked when its element
//! closes ([`on_end`]: `loc`, `lastmod`, `changefreq`, `priority`), and an
//! entry handed to the caller or an index child recorded.

use crate::Lastmod;
use crate::Loc;
use crate::validate::Child;
use crate::validate::Entry;
use crate::validate::MAX_ENTRY_EXTRAS;
use crate::validate::Report;
use crate::validate::Sink;
use crate::validate::position::Pos;
use crate::validate::values::check_changefreq;
use crate::validate::values::check_lastmod;
use crate::validate::values::check_loc;
use crate::validate::values::check_priority;
use crate::validate::values::clip;
use crate::validate::values::xml_char;
use crate::validate::values::xml_trim;

use super::Field;
use super::Frame;
use super::MAX_VALUE;
use super::State;

pub(super) fn on_text(st: &mut State<'_>, text: &str, at: Pos, sink: &mut Sink, raw: bool) {
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

pub(super) fn on_end(st: &mut State<'_>, at: Pos, sink: &mut Sink, report: &mut Report) {
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
        Frame::Image { at, has_loc, .. } => {
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

pub(super) fn push_child(report: &mut Report, loc: Loc, at: Pos) {
    report.children.push(Child {
        loc,
        line: at.line,
        column: at.column,
    });
}
