//! `include-urls` / `exclude-urls`: what a pattern matches, under a base
//! URL that is a host root and one that is a folder.

use sitemap_core::Loc;
use sitemap_pages::Reason;
use sitemap_pages::url_filter::UrlFilter;

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|p| (*p).to_owned()).collect()
}

/// Each URL of `urls` under `base`, with `None` when kept, else the label
/// and detail of why not.
fn run(base: &str, include: &[&str], exclude: &[&str], urls: &[&str]) -> Vec<String> {
    let base = Loc::parse_folder(base).unwrap();
    let filter = UrlFilter::new(&s(include), &s(exclude)).unwrap();
    urls.iter()
        .map(|u| match filter.check(&base, &Loc::parse(u).unwrap()) {
            None => format!("{u}: kept"),
            Some(r) => format!("{u}: {} ({r})", r.label()),
        })
        .collect()
}

#[test]
fn a_leading_slash_is_the_base_urls_folder() {
    let got = run(
        "https://example.org/docs/",
        &[],
        &["/tags/**", "/page/*", "/"],
        &[
            "https://example.org/docs/",
            "https://example.org/docs/tags/",
            "https://example.org/docs/tags/rust/",
            "https://example.org/docs/tags/rust/page/2/",
            "https://example.org/docs/page/2",
            "https://example.org/docs/page/2/",
            "https://example.org/docs/guide/tags/",
            // Outside the base URL's folder: the writer's own rule leaves
            // it out, the patterns do not see it.
            "https://example.org/tags/",
        ],
    );
    insta::assert_snapshot!(got.join("\n"), @r"
    https://example.org/docs/: --exclude-urls (URL matches exclude-urls pattern `/`)
    https://example.org/docs/tags/: --exclude-urls (URL matches exclude-urls pattern `/tags/**`)
    https://example.org/docs/tags/rust/: --exclude-urls (URL matches exclude-urls pattern `/tags/**`)
    https://example.org/docs/tags/rust/page/2/: --exclude-urls (URL matches exclude-urls pattern `/tags/**`)
    https://example.org/docs/page/2: --exclude-urls (URL matches exclude-urls pattern `/page/*`)
    https://example.org/docs/page/2/: kept
    https://example.org/docs/guide/tags/: kept
    https://example.org/tags/: kept
    ");
}

#[test]
fn include_keeps_only_matches_and_exclude_wins() {
    let got = run(
        "https://example.org/",
        &["/blog/**", "/"],
        &["/blog/drafts/**"],
        &[
            "https://example.org/",
            "https://example.org/blog/",
            "https://example.org/blog/one/",
            "https://example.org/blog/drafts/two/",
            "https://example.org/about/",
        ],
    );
    insta::assert_snapshot!(got.join("\n"), @r"
    https://example.org/: kept
    https://example.org/blog/: kept
    https://example.org/blog/one/: kept
    https://example.org/blog/drafts/two/: --exclude-urls (URL matches exclude-urls pattern `/blog/drafts/**`)
    https://example.org/about/: not in --include-urls (URL matches no include-urls pattern)
    ");
}

#[test]
fn encoded_paths_match_as_written_and_decoded_and_the_query_is_not_the_path() {
    let got = run(
        "https://example.org/",
        &[],
        &["/café/**", "/a%20b", "/search"],
        &[
            "https://example.org/caf%C3%A9/x/",
            "https://example.org/a%20b",
            "https://example.org/search?q=1",
            "https://example.org/searching",
        ],
    );
    insta::assert_snapshot!(got.join("\n"), @r"
    https://example.org/caf%C3%A9/x/: --exclude-urls (URL matches exclude-urls pattern `/café/**`)
    https://example.org/a%20b: --exclude-urls (URL matches exclude-urls pattern `/a%20b`)
    https://example.org/search?q=1: --exclude-urls (URL matches exclude-urls pattern `/search`)
    https://example.org/searching: kept
    ");
}

#[test]
fn a_pattern_without_a_leading_slash_or_a_bad_glob_is_refused_by_name() {
    let no_slash = UrlFilter::new(&[], &s(&["tags/**"])).unwrap_err();
    assert_eq!(
        no_slash.to_string(),
        "exclude-urls pattern `tags/**`: a URL pattern starts with `/`, the base URL's folder (`/tags/**`?)"
    );
    let bad = UrlFilter::new(&s(&["/a/["]), &[]).unwrap_err();
    assert!(
        bad.to_string().starts_with("include-urls pattern `/a/[`"),
        "{bad}"
    );
    let none = UrlFilter::new(&[], &[]).unwrap();
    assert!(none.is_empty());
    let base = Loc::parse_folder("https://example.org/").unwrap();
    assert_eq!(
        none.check(&base, &Loc::parse("https://example.org/x").unwrap()),
        None::<Reason>
    );
}
