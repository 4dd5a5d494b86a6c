//! lastmod from the page's markup, or from the source layer.

use sitemap_core::Lastmod;
use sitemap_html::BuiltPage;

use crate::common::{options, scan_fixture};

fn lastmods(found: &sitemap_html::HtmlScan) -> Vec<(String, String)> {
    found
        .urls
        .iter()
        .map(|u| {
            (
                u.loc.to_string(),
                u.lastmod.as_ref().map_or("-".into(), ToString::to_string),
            )
        })
        .collect()
}

#[test]
fn dates_come_from_the_markup_never_the_mtime() {
    let (found, text) = scan_fixture("lastmod", &options());
    let got = lastmods(&found);
    let want = [
        ("https://example.org/", "-"),
        (
            "https://example.org/article.html",
            "2024-05-01T10:30:00+02:00",
        ),
        ("https://example.org/bad-date.html", "2024-03-03"),
        ("https://example.org/bad-json.html", "-"),
        (
            "https://example.org/escaped.html",
            "2024-08-01T12:00:00+02:00",
        ),
        (
            "https://example.org/http-equiv.html",
            "1994-11-15T12:45:26Z",
        ),
        ("https://example.org/json-in-body.html", "-"),
        ("https://example.org/json-ld-array.html", "2023-12-24"),
        (
            "https://example.org/json-ld-graph.html",
            "2024-02-11T08:00:00Z",
        ),
        ("https://example.org/json-ld.html", "2024-01-15T12:00:00Z"),
        ("https://example.org/meta-name.html", "2024-04"),
        ("https://example.org/no-offset.html", "2024-06-01"),
        ("https://example.org/og.html", "2024-04-30T08:00:00Z"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect();
    assert_eq!(got, want);
    insta::assert_snapshot!(text);
}

#[test]
fn the_source_layer_fills_in_where_the_markup_is_silent() {
    // A stand-in for the source layer: "blog sources changed on 2023-03-03".
    let source = |page: &BuiltPage<'_>| -> Option<Lastmod> {
        (!page.path.starts_with("article")).then(|| "2023-03-03".parse().unwrap())
    };
    let (found, _) = scan_fixture("lastmod", &options().with_source_lastmod(source));
    let got = lastmods(&found);
    // The markup wins where it has a date; the source fills the rest.
    assert_eq!(got[0].1, "2023-03-03");
    assert_eq!(got[1].1, "2024-05-01T10:30:00+02:00");
    assert_eq!(got[3].1, "2023-03-03");
    assert_eq!(got[6].1, "2023-03-03");
}
