//! `exclude-urls` / `include-urls` through `sitemap scan`: a content site
//! and a built HTML folder, the pages left out counted in the summary and
//! named with `--verbose`, the sitemap written valid against the XSD and
//! read back; a bad pattern is refused naming the file and line.

use std::fs;

use sitemap_testkit::{Schema, assert_valid};

use crate::{copy_tree, example, sitemap, text};

#[test]
fn exclude_urls_leaves_out_a_content_sites_pages_by_url() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("hugo-site"), dir.path());
    // Appended to the example's own settings, which stay in force.
    let settings = dir.path().join("sitemap.toml");
    let mut toml = fs::read_to_string(&settings).unwrap_or_default();
    toml.push_str("exclude-urls = [\"/tags/**\", \"/de/**\"]\n");
    fs::write(&settings, toml).unwrap();
    let out = sitemap(dir.path(), &["scan", "-v", "--lastmod", "front-matter"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!(text(&out.stderr, dir.path()), @r"
    public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan
    left out: content/docs/internal/notes.md: matches exclude pattern `content/docs/internal/**` (https://hugo-demo.example.org/docs/internal/notes/)
    left out: content/posts/upcoming.md: draft (https://hugo-demo.example.org/2024/08/upcoming/)
    left out: content/snippets/footer.md: bundle resource
    left out: content/snippets/index.md: headless
    left out: content/_index.de.md: URL matches exclude-urls pattern `/de/**` (https://hugo-demo.example.org/de/)
    left out: content/about.de.md: URL matches exclude-urls pattern `/de/**` (https://hugo-demo.example.org/de/about/)
    left out: de/tags/: URL matches exclude-urls pattern `/de/**` (https://hugo-demo.example.org/de/tags/)
    left out: tags/: URL matches exclude-urls pattern `/tags/**` (https://hugo-demo.example.org/tags/)
    left out: tags/hugo/: URL matches exclude-urls pattern `/tags/**` (https://hugo-demo.example.org/tags/hugo/)
    left out: tags/news/: URL matches exclude-urls pattern `/tags/**` (https://hugo-demo.example.org/tags/news/)
    left out: tags/sitemaps/: URL matches exclude-urls pattern `/tags/**` (https://hugo-demo.example.org/tags/sitemaps/)
    sitemap: 14 files read as Hugo 0.111.3 (the hugo on PATH), 8 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 11 excluded (1 bundle resource, 7 by sitemap.toml:11 `exclude-urls`, 1 by sitemap.toml:6 `exclude`, 1 draft, 1 headless); wrote public/sitemap.xml and robots.txt, public/llms.txt
    ");
    let path = dir.path().join("public/sitemap.xml");
    let xml = fs::read_to_string(&path).unwrap();
    assert_valid(&path, Schema::for_document(&xml));
    let locs = locs(&xml);
    assert!(
        locs.iter()
            .all(|l| !l.contains("/tags/") && !l.contains("/de/")),
        "{locs:#?}"
    );
    insta::assert_snapshot!("exclude_urls_hugo_sitemap", xml);
}

#[test]
fn include_urls_keeps_only_matching_built_pages_and_names_their_files() {
    let dir = tempfile::tempdir().unwrap();
    let html = example("html-site").join("_site");
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            html.to_str().unwrap(),
            "--base-url",
            "https://e.org/",
            "--include-urls",
            "/blog/**",
            "--include-urls",
            "/fr/**",
            "--exclude-urls",
            "/fr/*/",
            "-v",
            "--dry-run",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!(text(&out.stderr, dir.path()), @r#"
    left out: 404.html: 404 page
    left out: old-page/index.html: redirect stub to https://shop.example.org/about/
    left out: print/blog/hello-sitemaps/index.html: canonical is https://shop.example.org/blog/hello-sitemaps/ (not listed)
    left out: private/index.html: <meta name="robots"> says noindex
    left out: index.html: URL matches no include-urls pattern (https://e.org/)
    left out: about/index.html: URL matches no include-urls pattern (https://e.org/about/)
    left out: fr/a-propos/index.html: URL matches exclude-urls pattern `/fr/*/` (https://e.org/fr/a-propos/)
    sitemap: 7 files read, 1 URLs, 7 excluded (1 404 page, 1 by `--exclude-urls`, 1 canonical elsewhere, 1 noindex, 2 not in `--include-urls`, 1 redirect stub); dry run, nothing written
    "#);
    insta::assert_snapshot!(text(&out.stdout, dir.path()), @"https://e.org/blog/hello-sitemaps/	lastmod=2024-05-02T10:30:00+02:00");
}

#[test]
fn a_bad_url_pattern_names_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("zola-site"), dir.path());
    fs::write(
        dir.path().join("sitemap.toml"),
        "# URL patterns\nexclude-urls = [\"tags/**\"]\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan", "--dry-run"]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!(text(&out.stderr, dir.path()), @r"
    error: sitemap.toml:2 `exclude-urls`: exclude-urls pattern `tags/**`: a URL pattern starts with `/`, the base URL's folder (`/tags/**`?)
      hint: change `exclude-urls` in sitemap.toml
    ");
    let out = sitemap(dir.path(), &["scan", "--dry-run", "--include-urls", "/a/["]);
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!(text(&out.stderr, dir.path()), @r"
    error: `--include-urls`: include-urls pattern `/a/[`: error parsing glob '/a/[': unclosed character class; missing ']'
      hint: change --include-urls on the command line
    ");
}

/// Every `<loc>` of a sitemap, read back.
fn locs(xml: &str) -> Vec<&str> {
    xml.split("<loc>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</loc>").map(|(loc, _)| loc))
        .collect()
}

/// The lastmod ledger keeps only what is listed: a URL the patterns left
/// out is no change to submit.
#[test]
fn the_ledger_keeps_no_url_the_patterns_left_out() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("hugo-site"), dir.path());
    let args = [
        "scan",
        "-q",
        "--ledger",
        "s.ledger",
        "--exclude-urls",
        "/tags/**",
    ];
    let out = sitemap(dir.path(), &args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    let ledger = fs::read_to_string(dir.path().join("s.ledger")).unwrap();
    let urls: Vec<&str> = ledger
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next())
        .collect();
    assert!(
        urls.contains(&"https://hugo-demo.example.org/de/tags/"),
        "{ledger}"
    );
    assert!(
        !urls
            .iter()
            .any(|u| u.starts_with("https://hugo-demo.example.org/tags/")),
        "{ledger}"
    );
}
