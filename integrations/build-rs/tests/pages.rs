//! A list of pages the caller builds.

use sitemap_build::{ChangeFreq, Page, Sitemap};

use crate::support::{fixture, written};

#[test]
fn page_list_with_explicit_values_and_sources() {
    let out = tempfile::tempdir().unwrap();
    let built = Sitemap::pages(
        "https://example.org/docs",
        [
            Page::new("")
                .with_lastmod("2024-06-01".parse().unwrap())
                .with_priority("1.0".parse().unwrap()),
            Page::new("guide/?a=1&b=2").with_changefreq(ChangeFreq::Monthly),
            // `date` in its front matter gives the lastmod.
            Page::new("blog/one/").with_source("content/blog/one.md"),
            // An explicit lastmod wins over the source's.
            Page::new("about/")
                .with_source("content/about.md")
                .with_lastmod("2025-01-01T10:00:00Z".parse().unwrap()),
            // Outside the base URL: skipped, not an error.
            Page::new("https://other.example.org/"),
        ],
    )
    .root(fixture("zola-blog"))
    .lastmod([
        sitemap_build::LastmodSource::FrontMatter,
        sitemap_build::LastmodSource::Date,
    ])
    .out_dir(out.path())
    .robots(true)
    .write()
    .unwrap();
    assert_eq!(built.report.urls, 4);
    assert_eq!(built.report.skipped_outside, 1);
    insta::assert_snapshot!(written(out.path()));
}

#[test]
fn duplicate_pages_are_an_error_naming_both() {
    let out = tempfile::tempdir().unwrap();
    let err = Sitemap::pages(
        "https://example.org/",
        [Page::new("a/"), Page::new("a/").with_source("a.html")],
    )
    .out_dir(out.path())
    .write()
    .unwrap_err();
    insta::assert_snapshot!(err.to_string());
}

/// With `images`, a listed page whose source is Markdown shows its
/// images, resolved against its URL; a page that is not Markdown, or
/// whose images the caller gave, is not read for them.
#[test]
fn markdown_pages_list_their_images() {
    let root = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(root.path().join("docs")).unwrap();
    std::fs::write(
        root.path().join("docs/guide.md"),
        "---\ntitle: Guide\n---\n![shot](shots/a.png) ![logo](/logo.svg)\n\n\
         ![elsewhere](https://other.example.com/x.png)\n\n    ![indented code](no.png)\n",
    )
    .unwrap();
    std::fs::write(root.path().join("docs/raw.html"), "<img src=\"no.png\">").unwrap();
    let out = tempfile::tempdir().unwrap();
    let built = Sitemap::pages(
        "https://example.org/",
        [
            Page::new("guide/").with_source("docs/guide.md"),
            Page::new("raw/").with_source("docs/raw.html"),
        ],
    )
    .root(root.path())
    .lastmod([sitemap_build::LastmodSource::Date])
    .images(true)
    .out_dir(out.path())
    .write()
    .unwrap();
    assert_eq!(built.report.urls, 2);
    insta::assert_snapshot!(written(out.path()));
}
