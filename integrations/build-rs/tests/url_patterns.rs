//! `.exclude_urls(..)` / `.include_urls(..)`: pages left out by URL, from
//! a content tree and from a page list, the same as `sitemap scan` does.

use sitemap_build::{Page, Sitemap};

use crate::support::{fixture, written};

#[test]
fn exclude_urls_leaves_out_a_content_trees_pages_by_url() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("zola-blog");
    let built = Sitemap::content(&root)
        .exclude_urls(["/blog/*/"])
        .lastmod([sitemap_build::LastmodSource::FrontMatter])
        .out_dir(out.path())
        .write()
        .unwrap();
    let excluded: Vec<String> = built
        .excluded
        .iter()
        .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
        .collect();
    insta::assert_snapshot!(excluded.join("\n"), @r"
    content/blog/bundle/index.md
    content/blog/draft.md
    content/blog/one.md
    content/blog/secret.md
    ");
    insta::assert_snapshot!("exclude_urls_zola_blog_files", written(out.path()));
}

#[test]
fn include_urls_keeps_only_matching_pages_of_a_list() {
    let out = tempfile::tempdir().unwrap();
    let built = Sitemap::pages(
        "https://example.org/docs/",
        [
            Page::new(""),
            Page::new("guide/"),
            Page::new("guide/install/"),
            Page::new("guide/old/"),
            Page::new("api/"),
        ],
    )
    .include_urls(["/guide/**", "/"])
    .exclude_urls(["/guide/old/"])
    .out_dir(out.path())
    .write()
    .unwrap();
    assert_eq!(built.report.urls, 3);
    let excluded: Vec<String> = built
        .excluded
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    // A listed page without a source file is named by its URL's path.
    insta::assert_snapshot!(excluded.join("\n"), @r"
    ./api/
    ./guide/old/
    ");
    insta::assert_snapshot!("include_urls_page_list_files", written(out.path()));
}

#[test]
fn a_url_pattern_without_a_leading_slash_is_refused_naming_the_method() {
    let out = tempfile::tempdir().unwrap();
    let err = Sitemap::pages("https://example.org/", [Page::new("a/")])
        .exclude_urls(["a/"])
        .out_dir(out.path())
        .write()
        .unwrap_err();
    insta::assert_snapshot!(err.to_string(), @"`.exclude_urls(..)`: exclude-urls pattern `a/`: a URL pattern starts with `/`, the base URL's folder (`/a/`?)");
}

/// A pattern that matched nothing was silent: a build script's user
/// wrote `exclude` without `content/` and an `exclude_urls` typo, and
/// every page stayed listed with no word. Each is a warning naming the
/// method and the nearest pattern that matches.
#[test]
fn patterns_that_match_nothing_are_warnings_naming_the_method_and_the_nearest_pattern() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("zola-blog");
    let built = Sitemap::content(&root)
        .exclude(["blog/secret.md"])
        .exclude_urls(["/blgo/*/"])
        .lastmod([sitemap_build::LastmodSource::FrontMatter])
        .out_dir(out.path())
        .write()
        .unwrap();
    assert_eq!(
        built.warnings,
        [
            "`.exclude(..)` pattern `blog/secret.md` matches no page (`exclude` is matched against source paths relative to the site root, such as `content/_index.md`); did you mean `content/blog/secret.md`?",
            "`.exclude_urls(..)` pattern `/blgo/*/` matches no page (`exclude-urls` is matched against URL paths under the base URL https://blog.example.org/, such as `/blog/bundle/`); did you mean `/blog/*/`?",
        ]
    );
    written(out.path());
}
