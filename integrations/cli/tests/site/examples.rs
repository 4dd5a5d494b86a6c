//! `validate --site` passes, with no error, on every example's own output,
//! built as `cargo xtask examples` builds it: the Hugo site with the real
//! `hugo`, the mdBook book through mdbook-driver with the plugin's
//! preprocessor and renderer, the HTML site as committed. There is no
//! `zola` binary here: the Zola example's committed expected sitemap is
//! checked against a folder holding a page at each of its URLs (in the
//! `x/` → `x/index.html` form Zola writes).

use std::fs;
use std::path::Path;

use crate::{copy_tree, example, sitemap, text};

/// `sitemap ARGS` in `dir`, which must succeed; its stdout.
fn ok(dir: &Path, args: &[&str]) -> String {
    let out = sitemap(dir, args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "sitemap {args:?}:\n{}{}",
        text(&out.stdout, dir),
        text(&out.stderr, dir)
    );
    text(&out.stdout, dir)
}

#[test]
fn site_passes_on_the_html_example() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("_site");
    copy_tree(&example("html-site/_site"), &site);
    let config = example("html-site");
    ok(
        dir.path(),
        &[
            "scan",
            config.to_str().unwrap(),
            "--out",
            "_site",
            "--quiet",
        ],
    );
    insta::assert_snapshot!(
        "site_example_html",
        ok(dir.path(), &["validate", "--site", "_site", "--verbose"])
    );
}

#[test]
fn site_passes_on_the_hugo_example() {
    let dir = tempfile::tempdir().unwrap();
    let public = dir.path().join("public");
    crate::hugo_build_example(None, &public, &[]);
    let source = example("hugo-site");
    // Split and gzipped, with robots.txt: the index and its children too.
    ok(
        dir.path(),
        &[
            "scan",
            source.to_str().unwrap(),
            "--out",
            "public",
            "--robots",
            "--gzip",
            "--max-urls",
            "4",
            // Not git: a shallow CI clone would give other dates (and
            // other byte counts) than this checkout.
            "--lastmod",
            "front-matter,date",
            "--quiet",
        ],
    );
    insta::assert_snapshot!(
        "site_example_hugo",
        ok(dir.path(), &["validate", "--site", "public", "--verbose"])
    );
}

/// The plugin's renderer, run in this process (mdBook would run the
/// `mdbook-sitemap` binary, which this crate's tests cannot name).
struct SitemapRenderer;

impl mdbook_renderer::Renderer for SitemapRenderer {
    fn name(&self) -> &str {
        "sitemap"
    }

    fn render(&self, ctx: &mdbook_renderer::RenderContext) -> mdbook_renderer::errors::Result<()> {
        mdbook_sitemap::render(ctx)?;
        Ok(())
    }
}

/// Builds the mdBook example under `dir` with the plugin's preprocessor
/// and renderer; the HTML folder (with the plugin's sitemap.xml).
pub(crate) fn build_mdbook_example(dir: &Path) -> std::path::PathBuf {
    let book = dir.join("book-src");
    copy_tree(&example("mdbook-book"), &book);
    let _ = fs::remove_dir_all(book.join("book"));
    let _ = fs::remove_dir_all(book.join("expected"));
    let mut config = mdbook_driver::config::Config::from_disk(book.join("book.toml")).unwrap();
    config.set("build.build-dir", dir.join("out")).unwrap();
    let mut md = mdbook_driver::MDBook::load_with_config(&book, config).unwrap();
    md.with_preprocessor(mdbook_sitemap::SitemapPreprocessor::new())
        .with_renderer(SitemapRenderer);
    md.build().unwrap();
    dir.join("out/html")
}

#[test]
fn site_passes_on_the_mdbook_example() {
    let dir = tempfile::tempdir().unwrap();
    let html = build_mdbook_example(dir.path());
    assert!(
        html.join("sitemap.xml").is_file(),
        "no sitemap.xml in out/html"
    );
    insta::assert_snapshot!(
        "site_example_mdbook",
        ok(dir.path(), &["validate", "--site", "out/html", "--verbose"])
    );
}

#[test]
fn site_passes_on_the_zola_example_expected_sitemap() {
    let dir = tempfile::tempdir().unwrap();
    let public = dir.path().join("public");
    let expected = fs::read_to_string(example("zola-site/expected/sitemap.xml")).unwrap();
    let base = "https://zola-demo.example.org/";
    let mut pages = 0;
    for line in expected.lines() {
        let Some(loc) = line
            .trim()
            .strip_prefix("<loc>")
            .and_then(|l| l.strip_suffix("</loc>"))
        else {
            continue;
        };
        let rel = loc.strip_prefix(base).expect("a loc of the example");
        assert!(
            rel.is_empty() || rel.ends_with('/'),
            "Zola's URL form: {loc}"
        );
        let page = public.join(rel).join("index.html");
        fs::create_dir_all(page.parent().unwrap()).unwrap();
        fs::write(
            &page,
            "<!doctype html><html lang=\"en\"><head><title>t</title></head><body></body></html>",
        )
        .unwrap();
        pages += 1;
    }
    assert_eq!(pages, 20);
    // What zola publishes besides pages: `static/` at the root, and a
    // bundle's colocated assets beside its page (Zola drops the date
    // prefix of the folder from the URL).
    copy_tree(&example("zola-site/static"), &public);
    fs::copy(
        example("zola-site/content/blog/2024-06-10-sitemaps-done-right/diagram.svg"),
        public.join("blog/sitemaps-done-right/diagram.svg"),
    )
    .unwrap();
    fs::write(public.join("sitemap.xml"), &expected).unwrap();
    insta::assert_snapshot!(
        "site_example_zola",
        ok(
            dir.path(),
            &[
                "validate",
                "--site",
                "public",
                "--base-url",
                base,
                "--verbose"
            ]
        )
    );
}
