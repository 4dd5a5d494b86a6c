//! `XmlWriter` and `IndexWriter`: whole outputs, parsed back, validated.

use sitemap_core::{
    Alternate, ChangeFreq, IndexWriter, Lastmod, Loc, Priority, Url, XmlOptions, XmlWriter,
};

use crate::common::{Entry, assert_xml_valid, parse_index, parse_urlset, url};

fn alternate(lang: &str, href: &str) -> Alternate {
    Alternate::new(lang.parse().unwrap(), href.parse().unwrap())
}

fn full_entries() -> Vec<Url> {
    vec![
        url("https://example.org/")
            .with_lastmod("2024-05-01".parse().unwrap())
            .with_changefreq(ChangeFreq::Daily)
            .with_priority(Priority::new(1.0).unwrap()),
        url("https://example.org/search?q=a&b='c'")
            .with_lastmod("2024-05".parse().unwrap())
            .with_priority(Priority::new(0.25).unwrap()),
        url("https://example.org/café/a b").with_lastmod("2024-05-01T10:30+02:00".parse().unwrap()),
        url("https://example.org/it's/only-loc"),
    ]
}

/// Writes `urls`, checks the byte counts the writer predicted, parses the
/// output back and validates it.
fn write(urls: &[Url], options: XmlOptions) -> String {
    let mut writer = XmlWriter::new(Vec::new(), options);
    let mut predicted = 0;
    for u in urls {
        predicted += writer.encoded_len(u);
        writer.write(u).unwrap();
        assert_eq!(writer.bytes_written(), predicted);
    }
    predicted += writer.closing_len();
    assert_eq!(writer.urls_written(), urls.len() as u64);
    let out = writer.finish().unwrap();
    assert_eq!(
        out.len() as u64,
        predicted,
        "encoded_len/closing_len are exact"
    );
    let xml = String::from_utf8(out).unwrap();
    if !urls.is_empty() {
        assert_xml_valid(xml.as_bytes());
    }
    let expected: Vec<Entry> = urls.iter().map(Entry::expected).collect();
    assert_eq!(parse_urlset(&xml), expected);
    xml
}

#[test]
fn urlset_with_every_field() {
    insta::assert_snapshot!(
        "urlset_every_field",
        write(&full_entries(), XmlOptions::default())
    );
}

#[test]
fn stylesheet_instruction_escapes_all_five_entities() {
    let options =
        XmlOptions::default().with_stylesheet("/xsl/site.xsl?a=1&b=<2>&c=\"3\"&d='4'\u{1}");
    let xml = write(&full_entries()[..1], options);
    insta::assert_snapshot!("urlset_stylesheet", xml);
}

#[test]
fn alternates_on_first_entry_declare_xhtml_on_the_root() {
    let urls = vec![
        url("https://example.org/en/")
            .with_alternate(alternate("en", "https://example.org/en/"))
            .with_alternate(alternate("de", "https://example.org/de/?x=1&y=2")),
        url("https://example.org/plain"),
        url("https://example.org/en/b")
            .with_alternate(alternate("x-default", "https://example.org/b")),
    ];
    let xml = write(&urls, XmlOptions::default());
    assert_eq!(
        xml.matches("xmlns:xhtml=").count(),
        1,
        "declared once, on the root"
    );
    insta::assert_snapshot!("urlset_alternates_first", xml);
}

#[test]
fn alternates_on_a_later_entry_declare_xhtml_on_each_link() {
    let urls = vec![
        url("https://example.org/plain"),
        url("https://example.org/en/")
            .with_alternate(alternate("en", "https://example.org/en/"))
            .with_alternate(alternate("pt-BR", "https://example.org/pt/")),
    ];
    let xml = write(&urls, XmlOptions::default());
    assert!(xml.contains("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
    insta::assert_snapshot!("urlset_alternates_later", xml);
}

#[test]
fn declare_xhtml_option_declares_it_up_front() {
    let urls = vec![
        url("https://example.org/plain"),
        url("https://example.org/en/").with_alternate(alternate("en", "https://example.org/en/")),
    ];
    let xml = write(&urls, XmlOptions::default().with_declare_xhtml(true));
    insta::assert_snapshot!("urlset_declare_xhtml", xml);
}

#[test]
fn no_extension_namespace_when_unused() {
    let xml = write(&full_entries(), XmlOptions::default());
    assert!(!xml.contains("xhtml"), "{xml}");
}

#[test]
fn empty_urlset_is_well_formed() {
    // The XSD wants at least one <url>, so this is not validated; the set
    // writer refuses an empty set instead.
    let xml = write(&[], XmlOptions::default());
    assert_eq!(
        xml,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n</urlset>\n"
    );
}

#[test]
fn longest_loc_validates() {
    let loc = format!(
        "https://example.org/{}&x",
        "é".repeat(100) + &"a".repeat(1426)
    );
    let u = url(&loc);
    assert_eq!(u.loc.as_str().len(), 2048);
    write(&[u], XmlOptions::default());
}

#[test]
fn index_writer_output() {
    let mut index = IndexWriter::new(
        Vec::new(),
        XmlOptions::default().with_stylesheet("/index.xsl"),
    );
    let a: Loc = "https://example.org/docs/sitemap-1.xml.gz".parse().unwrap();
    let b: Loc = "https://example.org/docs/sitemap-2.xml.gz?v=1&w=2"
        .parse()
        .unwrap();
    index
        .write(&a, Some(&Lastmod::parse("2024-05-01T10:30Z").unwrap()))
        .unwrap();
    index.write(&b, None).unwrap();
    assert_eq!(index.sitemaps_written(), 2);
    let xml = String::from_utf8(index.finish().unwrap()).unwrap();
    assert_xml_valid(xml.as_bytes());
    assert_eq!(
        parse_index(&xml),
        vec![
            (
                a.as_str().to_owned(),
                Some("2024-05-01T10:30:00Z".to_owned())
            ),
            (b.as_str().to_owned(), None)
        ]
    );
    insta::assert_snapshot!("index_writer", xml);
}
