//! `validate_with`: the entries handed to a visitor while the file streams.

use std::fmt::Write as _;

use sitemap_core::validate::{Entry, Options, validate_with};

fn entries(input: &[u8]) -> (String, usize) {
    let mut out = String::new();
    let report = validate_with(input, &Options::default(), &mut |e: Entry| {
        write!(out, "{}:{} {}", e.line, e.column, e.loc).unwrap();
        if let Some(l) = &e.lastmod {
            write!(out, " lastmod={l}").unwrap();
        }
        for a in &e.alternates {
            write!(out, " alt[{}]={}", a.hreflang, a.href).unwrap();
        }
        for i in &e.images {
            write!(out, " img={i}").unwrap();
        }
        out.push('\n');
    })
    .unwrap();
    (out, report.errors())
}

/// Valid values are handed over parsed; an invalid lastmod, alternate or
/// image is left out of the entry (its diagnostic says why), and an entry
/// whose loc is invalid is not handed over at all.
#[test]
fn urlset_entries_with_their_extensions() {
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.org/en/</loc>
    <lastmod>2024-05-01</lastmod>
    <xhtml:link rel="alternate" hreflang="en" href="https://example.org/en/"/>
    <xhtml:link rel="alternate" hreflang="fr" href="https://example.org/fr/"/>
    <xhtml:link rel="alternate" hreflang="english" href="https://example.org/x/"/>
    <image:image><image:loc>https://example.org/a.png</image:loc></image:image>
    <image:image><image:loc>not a url</image:loc></image:image>
  </url>
  <url><loc>https://example.org/fr/</loc><lastmod>2024-13-01</lastmod></url>
  <url><loc>/relative</loc></url>
</urlset>"#;
    let (out, errors) = entries(xml.as_bytes());
    assert_eq!(
        out,
        "4:5 https://example.org/en/ lastmod=2024-05-01 alt[en]=https://example.org/en/ alt[fr]=https://example.org/fr/ img=https://example.org/a.png\n\
         12:8 https://example.org/fr/\n"
    );
    assert_eq!(errors, 4);
}

/// An index's `<sitemap>`s are children, not entries; a text sitemap's
/// lines are entries.
#[test]
fn index_has_no_entries_and_text_lines_are_entries() {
    let index = r#"<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.org/s1.xml</loc></sitemap></sitemapindex>"#;
    assert_eq!(entries(index.as_bytes()), (String::new(), 0));
    let text = "https://example.org/\n\nhttps://example.org/b\n";
    assert_eq!(
        entries(text.as_bytes()),
        (
            "1:1 https://example.org/\n3:1 https://example.org/b\n".to_owned(),
            0
        )
    );
}
