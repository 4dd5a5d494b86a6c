//! `<link rel="canonical">`.

use sitemap_html::ExclusionReason;

use crate::common::{locs, options, scan_fixture};

#[test]
fn canonical_elsewhere_lists_the_canonical_once() {
    let (found, text) = scan_fixture("canonical", &options());
    assert_eq!(
        locs(&found),
        [
            "https://example.org/",
            "https://example.org/article.html",
            "https://example.org/bad.html",
            "https://example.org/conflict.html",
            "https://example.org/elsewhere/page.html",
            "https://example.org/guide/",
        ]
    );
    // The listed-instead entry carries the page's own data.
    assert_eq!(
        found.urls[5].lastmod.as_ref().unwrap().to_string(),
        "2024-02-02"
    );
    let listed_instead = found
        .excluded
        .iter()
        .filter(|e| {
            matches!(
                e.reason,
                ExclusionReason::CanonicalElsewhere {
                    canonical_listed: true,
                    ..
                }
            )
        })
        .count();
    assert_eq!(listed_instead, 4);
    insta::assert_snapshot!(text);
}

#[test]
fn a_canonical_outside_the_base_url_is_not_listed() {
    let options = sitemap_html::HtmlOptions::new("https://example.org/print/".parse().unwrap());
    let (found, _) = scan_fixture("canonical", &options);
    // `print/guide.html` is at https://example.org/print/print/guide.html
    // under this base; its canonical /guide/ is outside the folder.
    assert!(!locs(&found).contains(&"https://example.org/guide/"));
}
