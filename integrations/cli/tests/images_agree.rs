//! The image issue's promise on a real build: the Hugo example built by
//! the real `hugo`, scanned as built HTML with `--images`, lists on every
//! page exactly the images the Markdown scan of its sources finds. The
//! theme's logo and footer badge sit outside `<main>`, so neither lists
//! them. (Zola and mdBook are compared the same way in
//! `adapters/html/tests/generators.rs`, on builds recorded with the real
//! tools, which CI does not have.)

use std::collections::BTreeMap;
use std::path::Path;

use crate::{example, sitemap, text};

/// Page → its images, for the pages that have any, from a written
/// sitemap.
fn images_by_page(sitemap_xml: &Path) -> BTreeMap<String, Vec<String>> {
    let xml = std::fs::read_to_string(sitemap_xml).unwrap();
    let mut out = BTreeMap::new();
    for url in xml.split("<url>").skip(1) {
        let loc = url
            .split("<loc>")
            .nth(1)
            .and_then(|s| s.split("</loc>").next())
            .unwrap()
            .to_owned();
        let images: Vec<String> = url
            .split("<image:loc>")
            .skip(1)
            .filter_map(|s| s.split("</image:loc>").next())
            .map(str::to_owned)
            .collect();
        if !images.is_empty() {
            out.insert(loc, images);
        }
    }
    out
}

fn run(dir: &Path, args: &[&str]) {
    let out = sitemap(dir, args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "sitemap {args:?}:\n{}",
        text(&out.stderr, dir)
    );
}

#[test]
fn hugo_example_built_html_lists_the_images_its_markdown_shows() {
    let dir = tempfile::tempdir().unwrap();
    let public = dir.path().join("public");
    crate::hugo_build_example(None, &public, &[]);
    let source = example("hugo-site");
    run(
        dir.path(),
        &[
            "scan",
            source.to_str().unwrap(),
            "--out",
            "from-markdown",
            "--images",
            "--no-robots",
            "--lastmod",
            "front-matter",
        ],
    );
    run(
        dir.path(),
        &[
            "scan",
            "--html",
            "public",
            "--base-url",
            "https://hugo-demo.example.org/",
            "--images",
            "--out",
            "from-html",
        ],
    );
    let markdown = images_by_page(&dir.path().join("from-markdown/sitemap.xml"));
    let html = images_by_page(&dir.path().join("from-html/sitemap.xml"));
    assert!(
        markdown.len() >= 2,
        "the example shows images on at least two pages: {markdown:?}"
    );
    assert_eq!(html, markdown);
    // The theme's images are in every built page, outside <main>.
    let all = std::fs::read_to_string(dir.path().join("from-html/sitemap.xml")).unwrap();
    assert!(
        !all.contains("logo.svg") && !all.contains("shields.io"),
        "{all}"
    );
}
