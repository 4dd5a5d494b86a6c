//! Real MkDocs builds (`fixtures/mkdocs/`, `fixtures/mkdocs-search/`).

use sitemap_html::Reason;

use crate::common::{fixture, locs, options, scan_fixture};

/// Issue #13 (encode/uvicorn's docs in the corpus): MkDocs copies a theme
/// `custom_dir` that lies inside `docs_dir` into its output raw, and the
/// scan listed the Jinja templates (`overrides/partials/nav.html`) as
/// pages. Template source is no page: the scan lists what MkDocs' own
/// sitemap lists.
#[test]
fn mkdocs_theme_templates_copied_raw_are_not_pages() {
    let (found, text) = scan_fixture("mkdocs/built", &options());
    let expected = mkdocs_locs("mkdocs/mkdocs-sitemap.xml");
    assert_eq!(
        expected,
        ["https://example.org/", "https://example.org/guide/intro/"]
    );
    assert_eq!(locs(&found), expected);
    let templates: Vec<String> = found
        .excluded
        .iter()
        .filter(|e| matches!(e.reason, Reason::Template { .. }))
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        templates,
        [
            "tests/fixtures/mkdocs/built/overrides/main.html: left out: unrendered template source (starts with `{%`), not a page",
            "tests/fixtures/mkdocs/built/overrides/partials/nav.html: left out: unrendered template source (starts with `{#`), not a page",
        ]
    );
    insta::assert_snapshot!(text);
}

/// The `loc`s of a sitemap MkDocs wrote, sorted as the scan's are.
fn mkdocs_locs(sitemap: &str) -> Vec<String> {
    let theirs = std::fs::read_to_string(fixture(sitemap)).unwrap();
    let mut locs: Vec<String> = theirs
        .split("<loc>")
        .skip(1)
        .filter_map(|s| s.split_once("</loc>").map(|(loc, _)| loc.to_owned()))
        .collect();
    locs.sort();
    locs
}

/// Found on two real sites of the corpus (theme `readthedocs`): MkDocs
/// renders the theme's static template `search.html`, a form and an empty
/// results box its search script fills, no content and no noindex, and
/// leaves it out of its sitemap; the scan listed it. The scan lists what
/// MkDocs lists.
#[test]
fn mkdocs_readthedocs_search_page_is_not_listed() {
    let (found, text) = scan_fixture("mkdocs-search/built/readthedocs", &options());
    let expected = mkdocs_locs("mkdocs-search/mkdocs-sitemap/readthedocs.xml");
    assert_eq!(
        expected,
        ["https://example.org/", "https://example.org/guide/intro/"]
    );
    assert_eq!(locs(&found), expected);
    insta::assert_snapshot!(text);
}

/// The `mkdocs` theme puts the same results box in a search dialog on
/// every page, so the box alone marks no search page: a page of content
/// named `search.html` (`search.md`, without directory URLs) is one that
/// MkDocs lists, and so does the scan.
#[test]
fn mkdocs_theme_page_named_search_with_the_search_dialog_is_listed() {
    let (found, text) = scan_fixture("mkdocs-search/built/mkdocs", &options());
    let expected = mkdocs_locs("mkdocs-search/mkdocs-sitemap/mkdocs.xml");
    assert_eq!(
        expected,
        [
            "https://example.org/guide/intro.html",
            "https://example.org/index.html",
            "https://example.org/search.html",
        ]
    );
    assert_eq!(locs(&found), expected);
    insta::assert_snapshot!(text);
}
