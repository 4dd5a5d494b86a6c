//! A folder that is not what the scan reads, named with what it is and
//! the command that reads it: `--html .` in a Jekyll project wrote a
//! sitemap of `/_site/about/` and `/_layouts/default.html` with exit 0;
//! `sitemap scan` there, or in an mdBook book, said only "not a Zola or
//! Hugo site".

use std::fs;
use std::path::Path;

use sitemap_testkit::{Schema, assert_valid};

use crate::{copy_tree, example, sitemap, text};

/// A Jekyll project: its sources, and the example's built site in `_site`.
fn jekyll_project(dir: &Path) {
    copy_tree(&example("html-site").join("_site"), &dir.join("_site"));
    fs::write(
        dir.join("_config.yml"),
        "title: Shop\nurl: https://shop.example.org\n",
    )
    .unwrap();
    fs::create_dir(dir.join("_layouts")).unwrap();
    fs::write(
        dir.join("_layouts/default.html"),
        "<html>{{ content }}</html>\n",
    )
    .unwrap();
    fs::write(dir.join("index.md"), "---\nlayout: default\n---\nHello\n").unwrap();
}

#[test]
fn html_on_a_jekyll_projects_root_is_refused_naming_the_build_folder() {
    let dir = tempfile::tempdir().unwrap();
    jekyll_project(dir.path());
    let base = ["--base-url", "https://shop.example.org/"];
    let out = sitemap(dir.path(), &[&["scan", "--html", "."][..], &base].concat());
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
.: error: a Jekyll project (_config.yml, _layouts/), not its built site; scanned as one, its sources and _site/ would be listed as pages
  hint: scan the built folder: `sitemap scan --html _site` (`html = \"_site\"` in sitemap.toml)
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.path().join("sitemap.xml").exists());
    // Without `--html` the folder is no Zola or Hugo site: the same hint.
    let out = sitemap(dir.path(), &["scan"]);
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
.: error: a Jekyll project, with a built site in _site/
  hint: scan the built folder: `sitemap scan --html _site` (`html = \"_site\"` in sitemap.toml)
"
    );
    assert_eq!(out.status.code(), Some(1));
    // The hint's command works.
    let out = sitemap(
        dir.path(),
        &[&["scan", "--html", "_site"][..], &base].concat(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    let path = dir.path().join("_site/sitemap.xml");
    assert_valid(
        &path,
        Schema::for_document(&fs::read_to_string(&path).unwrap()),
    );
}

#[test]
fn html_on_a_folder_that_only_holds_a_build_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("html-site"), dir.path());
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            ".",
            "--base-url",
            "https://shop.example.org/",
        ],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
.: error: not a built site: it has no index.html of its own; scanned as one, its files and _site/ would be listed as pages
  hint: scan the built folder: `sitemap scan --html _site` (`html = \"_site\"` in sitemap.toml)
"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn scan_in_an_mdbook_book_names_book_toml_and_sitemap_mdbook() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("mdbook-book"), dir.path());
    let out = sitemap(dir.path(), &["scan"]);
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
.: error: an mdBook book (book.toml), not a Zola or Hugo site
  hint: an mdBook book's sitemap is written by `sitemap mdbook .` after `mdbook build`, or by the mdbook-sitemap plugin during it
"
    );
    assert_eq!(out.status.code(), Some(1));
    let out = sitemap(
        dir.path(),
        &["scan", "--html", ".", "--base-url", "https://e.org/"],
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
.: error: an mdBook project (book.toml), not its built site; scanned as one, its sources would be listed as pages
  hint: an mdBook book's sitemap is written by `sitemap mdbook .` after `mdbook build`, or by the mdbook-sitemap plugin during it
"
    );
    assert_eq!(out.status.code(), Some(1));
}
