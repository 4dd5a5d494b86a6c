//! Helpers: building entries, parsing written files back, validating.

use std::path::Path;

use quick_xml::Reader;
use quick_xml::escape::unescape;
use quick_xml::events::Event;
use sitemap_core::{Alternate, Url};

/// One `<url>` as read back from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) loc: String,
    pub(crate) lastmod: Option<String>,
    pub(crate) changefreq: Option<String>,
    pub(crate) priority: Option<String>,
    /// `(hreflang, href)` pairs.
    pub(crate) alternates: Vec<(String, String)>,
    /// The `<image:loc>`s.
    pub(crate) images: Vec<String>,
}

impl Entry {
    /// What the writer must have written for `url`.
    pub(crate) fn expected(url: &Url) -> Entry {
        Entry {
            loc: url.loc.as_str().to_owned(),
            lastmod: url.lastmod.as_ref().map(|l| l.to_xsd_string()),
            changefreq: url.changefreq.map(|c| c.as_str().to_owned()),
            priority: url.priority.map(|p| p.to_string()),
            alternates: url
                .alternates
                .iter()
                .map(|a: &Alternate| (a.hreflang.as_str().to_owned(), a.href.as_str().to_owned()))
                .collect(),
            images: url
                .images
                .iter()
                .take(sitemap_core::MAX_IMAGES_PER_URL)
                .map(|i| i.loc.as_str().to_owned())
                .collect(),
        }
    }
}

pub(crate) fn url(loc: &str) -> Url {
    Url::new(loc.parse().unwrap_or_else(|e| panic!("{loc}: {e}")))
}

fn text_of(reader: &mut Reader<&[u8]>, start: &quick_xml::events::BytesStart<'_>) -> String {
    let raw = reader.read_text(start.name()).expect("element text");
    unescape(&raw.into_inner())
        .expect("valid entities")
        .into_owned()
}

/// Parses a `<urlset>`, checking the root and namespace declarations.
pub(crate) fn parse_urlset(xml: &str) -> Vec<Entry> {
    let mut reader = Reader::from_str(xml);
    let mut entries = Vec::new();
    let mut current: Option<Entry> = None;
    let mut saw_root = false;
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) => match e.name().as_ref() {
                "urlset" => saw_root = true,
                "url" => {
                    current = Some(Entry {
                        loc: String::new(),
                        lastmod: None,
                        changefreq: None,
                        priority: None,
                        alternates: Vec::new(),
                        images: Vec::new(),
                    })
                }
                "image:image" => {
                    for attr in e.attributes() {
                        let attr = attr.expect("attribute");
                        assert_eq!(attr.key.as_ref(), "xmlns:image");
                        let value = attr
                            .normalized_value(quick_xml::XmlVersion::Explicit1_0)
                            .expect("attribute value");
                        assert_eq!(value, "http://www.google.com/schemas/sitemap-image/1.1");
                    }
                }
                "image:loc" => {
                    let loc = text_of(&mut reader, &e);
                    current.as_mut().expect("in <url>").images.push(loc);
                }
                "loc" => current.as_mut().expect("in <url>").loc = text_of(&mut reader, &e),
                "lastmod" => {
                    current.as_mut().expect("in <url>").lastmod = Some(text_of(&mut reader, &e))
                }
                "changefreq" => {
                    current.as_mut().expect("in <url>").changefreq = Some(text_of(&mut reader, &e))
                }
                "priority" => {
                    current.as_mut().expect("in <url>").priority = Some(text_of(&mut reader, &e))
                }
                other => panic!("unexpected element <{}>", other),
            },
            Event::Empty(e) if e.name().as_ref() == "xhtml:link" => {
                let mut hreflang = None;
                let mut href = None;
                for attr in e.attributes() {
                    let attr = attr.expect("attribute");
                    let value = attr
                        .normalized_value(quick_xml::XmlVersion::Explicit1_0)
                        .expect("attribute value")
                        .into_owned();
                    match attr.key.as_ref() {
                        "rel" => assert_eq!(value, "alternate"),
                        "hreflang" => hreflang = Some(value),
                        "href" => href = Some(value),
                        "xmlns:xhtml" => assert_eq!(value, "http://www.w3.org/1999/xhtml"),
                        other => panic!("unexpected attribute {}", other),
                    }
                }
                current
                    .as_mut()
                    .expect("in <url>")
                    .alternates
                    .push((hreflang.expect("hreflang"), href.expect("href")));
            }
            Event::Empty(e) if e.name().as_ref() == "urlset" => saw_root = true,
            Event::End(e) if e.name().as_ref() == "url" => {
                entries.push(current.take().expect("in <url>"))
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert!(saw_root, "no <urlset> in:\n{xml}");
    entries
}

/// Parses a `<sitemapindex>` into `(loc, lastmod)` pairs.
pub(crate) fn parse_index(xml: &str) -> Vec<(String, Option<String>)> {
    let mut reader = Reader::from_str(xml);
    let mut out = Vec::new();
    let mut current: Option<(String, Option<String>)> = None;
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) => match e.name().as_ref() {
                "sitemapindex" => {}
                "sitemap" => current = Some((String::new(), None)),
                "loc" => current.as_mut().expect("in <sitemap>").0 = text_of(&mut reader, &e),
                "lastmod" => {
                    current.as_mut().expect("in <sitemap>").1 = Some(text_of(&mut reader, &e))
                }
                other => panic!("unexpected element <{}>", other),
            },
            Event::End(e) if e.name().as_ref() == "sitemap" => {
                out.push(current.take().expect("in <sitemap>"))
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

/// Writes `xml` to a temporary file and validates it with xmllint.
pub(crate) fn assert_xml_valid(xml: &[u8]) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("sitemap.xml");
    std::fs::write(&path, xml).expect("write");
    let text = std::str::from_utf8(xml).expect("UTF-8");
    sitemap_testkit::assert_valid(&path, sitemap_testkit::Schema::for_document(text));
}

/// The files of a directory with their (gunzipped) contents, for a
/// snapshot: a `== name ==` header before each.
pub(crate) fn dump_dir(dir: &Path) -> String {
    let mut out = String::new();
    for name in sitemap_testkit::list_files(dir) {
        out.push_str(&format!("== {name} ==\n"));
        out.push_str(&sitemap_testkit::read_maybe_gz(&dir.join(&name)));
    }
    out
}
