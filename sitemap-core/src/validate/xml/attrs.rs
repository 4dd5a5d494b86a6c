//! Attributes and names: each attribute read once with its position
//! ([`read_attributes`]), namespace declarations told apart from
//! misspelt ones ([`looks_like_xmlns`], [`edit_distance`]), and the
//! root's `xsi:schemaLocation` checked ([`check_sitemap_attrs`]).

use quick_xml::NsReader;
use quick_xml::events::BytesStart;

use crate::validate::Sink;
use crate::validate::position::Pos;
use crate::validate::values::xml_char;

use super::Ns;
use super::XSI_NS;
use super::owned_ns;

pub(super) struct Attr {
    /// As written, `prefix:local`.
    pub(super) key: String,
    pub(super) ns: Ns,
    pub(super) value: String,
}

pub(super) fn read_attributes<R>(
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

pub(super) fn local_name(start: &BytesStart<'_>) -> String {
    start.local_name().as_ref().to_owned()
}

pub(super) fn qname(start: &BytesStart<'_>) -> String {
    start.name().as_ref().to_owned()
}

/// An attribute name one or two typing slips from `xmlns`.
pub(super) fn looks_like_xmlns(key: &str) -> bool {
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

pub(super) fn edit_distance(a: &str, b: &str) -> usize {
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
pub(super) fn check_sitemap_attrs(
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
