//! `TextWriter`: one loc per line.

use sitemap_core::TextWriter;

use crate::common::url;

#[test]
fn one_loc_per_line_and_nothing_else() {
    let urls = [
        url("https://example.org/").with_lastmod("2024-05-01".parse().unwrap()),
        url("https://example.org/search?q=a&b='c'"),
        url("https://example.org/café/a b"),
    ];
    let mut writer = TextWriter::new(Vec::new());
    let mut predicted = 0;
    for u in &urls {
        predicted += writer.encoded_len(u);
        writer.write(u).unwrap();
    }
    assert_eq!(writer.bytes_written(), predicted);
    assert_eq!(writer.urls_written(), 3);
    let text = String::from_utf8(writer.finish().unwrap()).unwrap();
    assert_eq!(text.len() as u64, predicted);
    insta::assert_snapshot!("text", text);
    let back: Vec<&str> = text.lines().collect();
    let expected: Vec<&str> = urls.iter().map(|u| u.loc.as_str()).collect();
    assert_eq!(back, expected);
}
