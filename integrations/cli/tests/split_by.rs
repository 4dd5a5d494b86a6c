//! `split-by`: a built site split by section and by URL globs, every file
//! written validated against the XSDs, parsed back (together the groups
//! list every page once) and compared whole; `sitemap validate` passes
//! the result; a bad group name names the key's file and line.

use std::fs;
use std::path::Path;

use crate::{sitemap, text};

/// A built site: the home page and `about/` beside it, the section
/// `blog/` (its own page and three posts), `docs/` (two pages) and a
/// top-level `notes.html`.
fn site(dir: &Path) {
    for page in [
        "index.html",
        "about/index.html",
        "notes.html",
        "blog/index.html",
        "blog/a/index.html",
        "blog/b/index.html",
        "blog/c/index.html",
        "docs/intro/index.html",
        "docs/setup.html",
    ] {
        let path = dir.join("public").join(page);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(
            path,
            "<html><head><title>T</title></head><body>x</body></html>",
        )
        .unwrap();
    }
}

/// Writes the set with `toml` as sitemap.toml and returns every file of
/// the set, whole, after checking it as the module doc says.
fn split(toml: &str) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    site(dir);
    fs::write(
        dir.join("sitemap.toml"),
        format!("html = \"public\"\nbase-url = \"https://example.org/\"\nmax-urls = 2\nlastmod = []\n{toml}\n"),
    )
    .unwrap();
    let out = sitemap(dir, &["scan"]);
    assert!(out.status.success(), "{}", text(&out.stderr, dir));
    let public = dir.join("public");
    let files: Vec<String> = sitemap_testkit::list_files(&public)
        .into_iter()
        .filter(|n| n.starts_with("sitemap"))
        .collect();
    for name in &files {
        let schema = if name == "sitemap.xml" {
            sitemap_testkit::Schema::Index
        } else {
            sitemap_testkit::Schema::Urlset
        };
        sitemap_testkit::assert_valid(&public.join(name), schema);
    }
    let (pages, children) = sitemap_testkit::set_locs(&public.join("sitemap.xml"));
    assert_eq!(children.len(), files.len() - 1, "{files:?}");
    let mut unique = pages.clone();
    unique.dedup();
    assert_eq!(unique, pages);
    assert_eq!(pages.len(), 9, "{pages:?}");
    let validate = sitemap(dir, &["validate", "public/sitemap.xml"]);
    assert!(validate.status.success(), "{}", text(&validate.stdout, dir));
    files
        .iter()
        .map(|n| format!("== {n} ==\n{}", fs::read_to_string(public.join(n)).unwrap()))
        .collect()
}

/// `blog` and `docs` have pages under them: a sitemap each; `about/`
/// and `notes.html` go with the home page.
#[test]
fn split_by_section() {
    insta::assert_snapshot!(split("split-by = \"section\""));
}

/// The first glob that matches wins, in the order written (`/blog/a/`
/// is `first`, though `/blog/**` would take it too); the rest is `other`.
#[test]
fn split_by_globs_first_match_wins() {
    insta::assert_snapshot!(split(
        "[split-by]\n\"/blog/a/\" = \"first\"\n\"/blog/**\" = \"blog\"\n\"/docs/*.html\" = \"docs\""
    ));
}

#[test]
fn a_bad_group_name_names_the_file_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    site(dir);
    fs::write(
        dir.join("sitemap.toml"),
        "html = \"public\"\nbase-url = \"https://example.org/\"\nsplit-by = { \"/blog/**\" = \"my blog\" }\n",
    )
    .unwrap();
    let out = sitemap(dir, &["scan"]);
    assert!(!out.status.success());
    insta::assert_snapshot!(text(&out.stderr, dir));
}

/// A glob and its group given the wrong way round said only that the
/// group `/blog/**` is not a file-name part: the message now names the
/// order and the corrected form, as a flag and in the file.
#[test]
fn a_glob_and_group_swapped_are_named_with_the_order_and_the_fix() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    site(dir);
    let scan = [
        "scan",
        "--html",
        "public",
        "--base-url",
        "https://example.org/",
    ];
    let out = sitemap(dir, &[&scan[..], &["--split-by", "blog=/blog/**"]].concat());
    assert_eq!(
        text(&out.stderr, dir),
        "\
error: `--split-by`: `blog=/blog/**` has its two sides swapped: the order is `GLOB=NAME`, so write `--split-by '/blog/**=blog'`
  hint: change --split-by on the command line
"
    );
    assert_eq!(out.status.code(), Some(2));
    fs::write(
        dir.join("sitemap.toml"),
        "split-by = { blog = \"/blog/**\" }\n",
    )
    .unwrap();
    let out = sitemap(dir, &scan);
    assert_eq!(
        text(&out.stderr, dir),
        "\
error: sitemap.toml:1 `split-by`: `blog = \"/blog/**\"` has its two sides swapped: the glob is the key and the group its value, so write `\"/blog/**\" = \"blog\"`
  hint: change `split-by` in sitemap.toml
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.join("public/sitemap.xml").exists());
}
