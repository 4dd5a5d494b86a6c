//! hreflang alternates.

use sitemap_html::WarningKind;

use crate::common::{options, scan_fixture};

#[test]
fn alternates_are_listed_and_one_way_links_reported() {
    let (found, text) = scan_fixture("hreflang", &options());
    let en = &found.urls[1];
    assert_eq!(en.loc.as_str(), "https://example.org/en/");
    let en_alternates: Vec<String> = en
        .alternates
        .iter()
        .map(|a| format!("{} {}", a.hreflang, a.href))
        .collect();
    assert_eq!(
        en_alternates,
        [
            "en https://example.org/en/",
            "fr https://example.org/fr/",
            "x-default https://example.org/en/"
        ]
    );
    let one_way = found
        .warnings
        .iter()
        .filter(|w| matches!(w.kind, WarningKind::OneWayHreflang { .. }))
        .count();
    assert_eq!(
        one_way, 3,
        "de lists en and fr, nolang lists en; none is listed back"
    );
    insta::assert_snapshot!(text);
}
