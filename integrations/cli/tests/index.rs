//! `sitemap index`: one `<sitemapindex>` over the sitemaps of a Zola
//! site, an mdBook book and a built HTML folder, served from one host.

use std::fs;
use std::path::Path;

use sitemap_testkit::{Schema, assert_valid};

use crate::{copy_tree, example, pin_mtimes, sitemap, text};

const BASE: &str = "https://zola-demo.example.org/";

fn ok(dir: &Path, args: &[&str]) {
    let out = sitemap(dir, args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        text(&out.stderr, dir)
    );
}

/// public/ holds the Zola site at /, the book at /book/ and the HTML
/// docs, split into an index of two, at /docs/.
fn three_sets() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    copy_tree(&example("zola-site"), &d.join("site"));
    copy_tree(&example("mdbook-book"), &d.join("book"));
    pin_mtimes(&d.join("book"));
    ok(
        d,
        &[
            "scan",
            "site",
            "--out",
            "public",
            "-q",
            "--lastmod",
            "front-matter",
        ],
    );
    fs::create_dir_all(d.join("public/book")).unwrap();
    ok(
        d,
        &[
            "mdbook",
            "book",
            "--base-url",
            &format!("{BASE}book/"),
            "--out",
            "public/book",
            "-q",
        ],
    );
    let html = example("html-site").join("_site");
    let html = html.to_str().unwrap();
    ok(
        d,
        &[
            "scan",
            "--html",
            html,
            "--base-url",
            &format!("{BASE}docs/"),
            "--out",
            "public/docs",
            "-q",
            "--max-urls",
            "2",
        ],
    );
    dir
}

#[test]
fn index_over_a_zola_site_a_book_and_an_html_folder_validates() {
    let dir = three_sets();
    let d = dir.path();
    let out = sitemap(
        d,
        &[
            "index",
            "--base-url",
            BASE,
            "-o",
            "public",
            "public/sitemap.xml",
            "public/book/sitemap.xml",
            "public/docs/sitemap.xml",
            "--robots",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, d));
    assert_eq!(
        text(&out.stderr, d),
        "sitemap: index of 4 sitemaps; wrote public/sitemap_index.xml and robots.txt\n"
    );
    let index = d.join("public/sitemap_index.xml");
    assert_valid(&index, Schema::Index);
    // The docs' index is replaced by the two sitemaps it lists; each
    // entry carries the newest lastmod of its sitemap's URLs.
    let xml = fs::read_to_string(&index).unwrap();
    let docs: Vec<&str> = xml
        .matches("https://zola-demo.example.org/docs/sitemap-")
        .collect();
    assert_eq!(docs.len(), 2, "{xml}");
    insta::assert_snapshot!(
        xml.lines()
            .filter(|l| !l.contains("/docs/sitemap-"))
            .collect::<Vec<_>>()
            .join("\n"),
        @r#"
    <?xml version="1.0" encoding="UTF-8"?>
    <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap>
        <loc>https://zola-demo.example.org/sitemap.xml</loc>
        <lastmod>2024-07-01</lastmod>
      </sitemap>
      <sitemap>
        <loc>https://zola-demo.example.org/book/sitemap.xml</loc>
        <lastmod>2025-03-01</lastmod>
      </sitemap>
      <sitemap>
        <lastmod>2024-06-01T09:00:00Z</lastmod>
      </sitemap>
      <sitemap>
        <lastmod>2024-05-02T10:30:00+02:00</lastmod>
      </sitemap>
    </sitemapindex>
    "#
    );
    assert!(
        fs::read_to_string(d.join("public/robots.txt"))
            .unwrap()
            .contains("Sitemap: https://zola-demo.example.org/sitemap_index.xml\n")
    );
    // `validate` follows robots.txt to the index and on to every sitemap.
    let validated = sitemap(d, &["validate", "public"]);
    assert_eq!(
        validated.status.code(),
        Some(0),
        "{}",
        text(&validated.stdout, d)
    );
    assert!(
        text(&validated.stdout, d)
            .ends_with("7 files checked: 7 valid, 0 invalid; 0 errors, 0 warnings\n"),
        "{}",
        text(&validated.stdout, d)
    );
}

/// Every sitemap that cannot be listed is named, and nothing is written.
#[test]
fn index_reports_every_bad_sitemap_and_writes_nothing() {
    let dir = three_sets();
    let d = dir.path();
    fs::write(d.join("outside.xml"), "<urlset/>").unwrap();
    let out = sitemap(
        d,
        &[
            "index",
            "--base-url",
            &format!("{BASE}x/"),
            "-o",
            "public",
            "public/sitemap.xml",
            "outside.xml",
            "public/missing.xml",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr, d);
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines[0].starts_with("public/sitemap.xml:4:5: error: `https://zola-demo.example.org/` is outside `https://zola-demo.example.org/x/`"), "{stderr}");
    assert!(
        lines[1].starts_with("outside.xml: error: not inside --out "),
        "{stderr}"
    );
    assert_eq!(
        lines[2],
        "public/missing.xml: error: No such file or directory (os error 2)"
    );
    assert_eq!(
        lines[3],
        "error: 3 of 3 sitemap(s) cannot be listed; nothing written"
    );
    assert!(!d.join("public/sitemap_index.xml").exists());
}
