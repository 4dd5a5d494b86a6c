//! A pattern that matches nothing is a warning naming the setting's place,
//! what the key is matched against, and the nearest pattern that matches:
//! a Hugo user's `exclude` written without `content/`, an `exclude-urls`
//! typo, and a built HTML folder's `exclude` written from the project
//! root. Before, each left nothing out and said nothing, even with `-v`.

use std::fs;

use sitemap_testkit::{Schema, assert_valid};

use crate::{copy_tree, example, sitemap, text};

#[test]
fn a_hugo_exclude_without_content_and_an_exclude_urls_typo_are_named_with_the_nearest_pattern() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("hugo-site"), dir.path());
    fs::write(
        dir.path().join("sitemap.toml"),
        "exclude = [\"docs/internal/**\"]\nexclude-urls = [\"/doc/**\", \"/tags/**\"]\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan", "--lastmod", "front-matter"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
sitemap.toml:1: warning: `exclude` pattern `docs/internal/**` matches no page (`exclude` is matched against source paths relative to the site root, such as `content/_index.de.md`); did you mean `content/docs/internal/**`?
sitemap.toml:2: warning: `exclude-urls` pattern `/doc/**` matches no page (`exclude-urls` is matched against URL paths under the base URL https://hugo-demo.example.org/, such as `/2024/05/hello-hugo/`); did you mean `/docs/**`?
public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan
sitemap: 14 files read as Hugo 0.111.3 (the hugo on PATH), 12 URLs, 7 excluded (1 bundle resource, 4 by sitemap.toml:2 `exclude-urls`, 1 draft, 1 headless); wrote public/sitemap.xml
"
    );
    let path = dir.path().join("public/sitemap.xml");
    let xml = fs::read_to_string(&path).unwrap();
    assert_valid(&path, Schema::for_document(&xml));
    // Nothing more was left out than `/tags/**` said: the internal notes
    // are still listed.
    assert!(xml.contains("<loc>https://hugo-demo.example.org/docs/internal/notes/</loc>"));
}

#[test]
fn the_nearest_pattern_of_a_flag_drops_the_html_folders_own_name() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("html-site"), dir.path());
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            "_site",
            "--base-url",
            "https://e.org/",
            "--exclude",
            "_site/print/**",
            "--include-urls",
            "/blog/**",
            "--include-urls",
            "/blgo/**",
            "--dry-run",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
warning: `--exclude` pattern `_site/print/**` matches no page (`exclude` is matched against file paths relative to the HTML folder _site, such as `about/index.html`); did you mean `print/**`?
warning: `--include-urls` pattern `/blgo/**` matches no page (`include-urls` is matched against URL paths under the base URL https://e.org/, such as `/blog/hello-sitemaps/`); did you mean `/blog/**`?
sitemap: 7 files read, 1 URLs, 1 image (left out: 1 tracking pixel), 7 excluded (1 404 page, 1 canonical elsewhere, 1 noindex, 3 not in `--include-urls`, 1 redirect stub); dry run, nothing written
"
    );
}
