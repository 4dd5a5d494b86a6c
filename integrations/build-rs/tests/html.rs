//! Feature `html`: a built HTML folder.

use sitemap_build::Sitemap;

use crate::support::{fixture, rerun_lines, written};

#[test]
fn built_html_folder() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("html-built");
    let built = Sitemap::html(&root, "https://html.example.org/")
        .out_dir(out.path())
        .write()
        .unwrap();
    insta::assert_snapshot!("html_built_files", written(out.path()));
    insta::assert_snapshot!("html_built_rerun", rerun_lines(&built, &root));
}

/// `check_site(true)` where the site is not built yet (the usual case
/// for a build script): the sitemaps are checked alone, and a warning
/// says the pages were not.
#[test]
fn check_site_without_built_pages_checks_the_sitemaps_alone() {
    let out = tempfile::tempdir().unwrap();
    let built = Sitemap::content(fixture("zola-blog"))
        .out_dir(out.path())
        .check_site(true)
        .write()
        .unwrap();
    assert!(
        built
            .warnings
            .iter()
            .any(|w| w.message.contains("holds no HTML page yet")),
        "{:?}",
        built.warnings
    );
}

/// `check_site(true)` where the output folder holds built pages, but not
/// every listed one: the write fails, naming the loc with no page.
#[test]
fn check_site_fails_on_a_loc_with_no_built_page() {
    let out = tempfile::tempdir().unwrap();
    std::fs::write(
        out.path().join("index.html"),
        "<!doctype html><html><head><title>Home</title></head><body></body></html>",
    )
    .unwrap();
    let err = Sitemap::content(fixture("zola-blog"))
        .out_dir(out.path())
        .check_site(true)
        .write()
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("check-site: the set just written does not match the site in")
            && err.contains("has no file in"),
        "{err}"
    );
}

/// `Sitemap::html("dist")` before the program rendered `dist/` said only
/// "not a directory": a build script runs before the crate's own code, so
/// the folder the program writes is not there yet.
#[test]
fn an_html_folder_not_yet_rendered_says_build_scripts_run_first() {
    let dir = tempfile::tempdir().unwrap();
    let err = Sitemap::html(dir.path().join("dist"), "https://rsite.example.org/")
        .out_dir(dir.path())
        .write()
        .unwrap_err();
    let shown = format!("{err:?}").replace(&dir.path().display().to_string(), "[ROOT]");
    assert_eq!(
        shown,
        "[ROOT]/dist: not a directory; a build script runs before the crate's own code, so a folder the program itself renders is not there yet: build the site before `cargo build` (`zola build`, `hugo`, …), or call `Sitemap::html` from the program after it renders"
    );
}
