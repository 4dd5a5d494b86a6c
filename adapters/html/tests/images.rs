//! Images: with `images` on, each page's entry lists the images of its
//! main content (see the `images/` fixture's README for what each page
//! pins); without it, nothing is read past the head and nothing changes.

use std::fmt::Write as _;

use sitemap_html::{HtmlOptions, HtmlScan, Indexing, PageRead, PageReader, scan};
use sitemap_pages::images::ImageRules;
use sitemap_testkit::Schema;

use crate::common::{fixture, options, render, scan_fixture};

fn with_images(og_image: bool) -> HtmlOptions {
    let site = "https://example.org/".parse().unwrap();
    let rules = ImageRules::new(&site, &["*.cdn.example.net".to_owned()]).unwrap();
    options().with_images(rules).with_og_image(og_image)
}

/// The whole output and the image counts.
fn render_with_counts(found: &HtmlScan) -> String {
    let mut s = render(found);
    let c = found.images;
    writeln!(s, "\n## images\n{} listed", c.listed).unwrap();
    for reason in c.left_out() {
        writeln!(s, "left out: {reason}").unwrap();
    }
    s
}

#[test]
fn the_images_of_each_pages_main_content() {
    let (found, text) = scan_fixture("images", &with_images(false));
    assert_eq!(
        Schema::for_document(&text),
        Schema::UrlsetWithExtensions,
        "validated against sitemap-ext.xsd"
    );
    insta::assert_snapshot!(render_with_counts(&found));
}

#[test]
fn og_image_is_listed_first_only_with_og_image() {
    let (found, _) = scan_fixture("images", &with_images(true));
    insta::assert_snapshot!(render_with_counts(&found));
}

/// Without `images`, the scan is the head-only scan it always was: the
/// same entries, no image, nothing counted.
#[test]
fn without_images_nothing_changes() {
    let plain = scan(&fixture("images"), &options()).unwrap();
    let mut imaged = scan(&fixture("images"), &with_images(true)).unwrap();
    assert!(plain.urls.iter().all(|u| u.images.is_empty()));
    assert_eq!(plain.images, Default::default());
    assert!(imaged.urls.iter().any(|u| !u.images.is_empty()));
    for url in &mut imaged.urls {
        url.images.clear();
    }
    imaged.images = Default::default();
    assert_eq!(plain, imaged);
}

#[test]
fn the_page_reader_gives_one_pages_images() {
    let base = fixture("images");
    let mut reader = PageReader::new(with_images(false)).unwrap();
    let loc = "https://example.org/base/page/".parse().unwrap();
    let PageRead::Page(page) = reader.read(
        &base.join("base/page/index.html"),
        "base/page/index.html",
        &loc,
    ) else {
        panic!("a page");
    };
    assert_eq!(page.indexing, Indexing::Indexable);
    let images: Vec<&str> = page.images.iter().map(|i| i.loc.as_str()).collect();
    assert_eq!(
        images,
        [
            "https://example.org/static/photos/one.jpg",
            "https://example.org/absolute.png"
        ]
    );
    // Without images the body is not read: none.
    let mut reader = PageReader::new(options()).unwrap();
    let PageRead::Page(page) = reader.read(
        &base.join("base/page/index.html"),
        "base/page/index.html",
        &loc,
    ) else {
        panic!("a page");
    };
    assert!(page.images.is_empty());
}

/// Reading the body for images must not make its markup count as the
/// head's: a robots meta or a JSON-LD date in the body is still not read.
#[test]
fn reading_the_body_for_images_reads_no_head_markup_in_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        r#"<html><head><title>T</title></head><body><main><img src="a.png">
<meta name="robots" content="noindex, noimageindex"><base href="/elsewhere/">
<script type="application/ld+json">{"dateModified":"2024-01-01"}</script>
<link rel="canonical" href="/other/"></main></body></html>"#,
    )
    .unwrap();
    let found = scan(dir.path(), &with_images(false)).unwrap();
    assert_eq!(found.excluded, []);
    assert_eq!(found.urls.len(), 1);
    let url = &found.urls[0];
    assert_eq!(url.loc.as_str(), "https://example.org/");
    assert_eq!(url.lastmod, None);
    let images: Vec<&str> = url.images.iter().map(|i| i.loc.as_str()).collect();
    assert_eq!(images, ["https://example.org/a.png"]);
}
