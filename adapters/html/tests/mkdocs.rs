//! A real MkDocs build (`fixtures/mkdocs/`).

use sitemap_html::ExclusionReason;

use crate::common::{fixture, locs, options, scan_fixture};

/// Issue #13 (encode/uvicorn's docs in the corpus): MkDocs copies a theme
/// `custom_dir` that lies inside `docs_dir` into its output raw, and the
/// scan listed the Jinja templates (`overrides/partials/nav.html`) as
/// pages. Template source is no page: the scan lists what MkDocs' own
/// sitemap lists.
#[test]
fn mkdocs_theme_templates_copied_raw_are_not_pages() {
    let (found, text) = scan_fixture("mkdocs/built", &options());
    let theirs = std::fs::read_to_string(fixture("mkdocs/mkdocs-sitemap.xml")).unwrap();
    let expected: Vec<&str> = theirs
        .split("<loc>")
        .skip(1)
        .filter_map(|s| s.split_once("</loc>").map(|(loc, _)| loc))
        .collect();
    assert_eq!(
        expected,
        ["https://example.org/", "https://example.org/guide/intro/"]
    );
    assert_eq!(locs(&found), expected);
    let templates: Vec<String> = found
        .excluded
        .iter()
        .filter(|e| matches!(e.reason, ExclusionReason::Template { .. }))
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
