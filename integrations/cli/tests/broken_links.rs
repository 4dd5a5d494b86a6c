//! Symlinks in a content folder that lead nowhere (dangling, or a loop)
//! and are no content file: skipped with a warning, as the HTML scan
//! skips them, instead of failing the scan.

use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;

use crate::{copy_tree, example, sitemap, text};

/// Adds a dangling link, a link to itself and two links to each other.
fn add_broken_links(content: &Path) {
    symlink("nowhere", content.join("dangling")).unwrap();
    symlink("loopy", content.join("loopy")).unwrap();
    symlink("b", content.join("a")).unwrap();
    symlink("a", content.join("b")).unwrap();
}

/// Zola 0.22.1 (`zola build`) builds the example with these four links
/// and writes a sitemap byte-identical to the one without them; the scan
/// failed with "4 pages could not be read".
#[test]
fn zola_scan_skips_dangling_and_looping_links_that_are_not_pages() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    copy_tree(&example("zola-site"), &site);
    let args = ["scan", "site", "--lastmod", "front-matter"];
    let clean = sitemap(dir.path(), &args);
    assert_eq!(
        clean.status.code(),
        Some(0),
        "{}",
        text(&clean.stderr, dir.path())
    );
    let expected = fs::read(site.join("public/sitemap.xml")).unwrap();
    fs::remove_dir_all(site.join("public")).unwrap();

    add_broken_links(&site.join("content"));
    let run = sitemap(dir.path(), &args);
    assert_eq!(
        (run.status.code(), text(&run.stderr, dir.path())),
        (
            Some(0),
            "site/content/a: warning: symlink that cannot be followed (Too many levels of symbolic links (os error 40)): skipped\n\
             site/content/b: warning: symlink that cannot be followed (Too many levels of symbolic links (os error 40)): skipped\n\
             site/content/dangling: warning: symlink that cannot be followed (No such file or directory (os error 2)): skipped\n\
             site/content/loopy: warning: symlink that cannot be followed (Too many levels of symbolic links (os error 40)): skipped\n\
             site/public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\n\
             sitemap: 13 files read, 20 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 2 excluded (1 draft, 1 sitemap disabled); wrote site/public/sitemap.xml and robots.txt, site/public/llms.txt, site/public/fr/llms.txt\n"
                .to_owned()
        )
    );
    assert_eq!(fs::read(site.join("public/sitemap.xml")).unwrap(), expected);
}

/// A dangling link named like a page is a page that cannot be read: the
/// scan still fails, naming it. Zola 0.22.1 skips it without a word (the
/// page silently leaves the site); the scan keeps the error on purpose,
/// since a page missing from the sitemap is what the user must hear of.
#[test]
fn zola_scan_still_fails_on_a_dangling_page_link() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    copy_tree(&example("zola-site"), &site);
    symlink("nowhere.md", site.join("content/gone.md")).unwrap();
    let run = sitemap(
        dir.path(),
        &["scan", "site", "--lastmod", "front-matter", "-q"],
    );
    assert_eq!(
        (run.status.code(), text(&run.stderr, dir.path())),
        (
            Some(1),
            "site/content/gone.md: error: No such file or directory (os error 2)\n".to_owned()
        )
    );
}

/// The Hugo walk is the same walk. Hugo 0.111.3 (`hugo --quiet`) builds
/// the example with a dangling link; with a looping one it stops
/// ("walk: Readdir: decorate: EvalSymlinks: too many links"), where the
/// scan warns as for Zola: no page is lost, so the sitemap is still whole.
#[test]
fn hugo_scan_skips_dangling_and_looping_links_that_are_not_pages() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    copy_tree(&example("hugo-site"), &site);
    let args = ["scan", "site", "--lastmod", "front-matter"];
    let clean = sitemap(dir.path(), &args);
    assert_eq!(
        clean.status.code(),
        Some(0),
        "{}",
        text(&clean.stderr, dir.path())
    );
    let expected = fs::read(site.join("public/sitemap.xml")).unwrap();
    fs::remove_dir_all(site.join("public")).unwrap();

    add_broken_links(&site.join("content"));
    let run = sitemap(dir.path(), &args);
    assert_eq!(
        (run.status.code(), text(&run.stderr, dir.path())),
        (
            Some(0),
            "site/content/a: warning: symlink that cannot be followed (Too many levels of symbolic links (os error 40)): skipped\n\
             site/content/b: warning: symlink that cannot be followed (Too many levels of symbolic links (os error 40)): skipped\n\
             site/content/dangling: warning: symlink that cannot be followed (No such file or directory (os error 2)): skipped\n\
             site/content/loopy: warning: symlink that cannot be followed (Too many levels of symbolic links (os error 40)): skipped\n\
             site/public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan\n\
             sitemap: 14 files read as Hugo 0.111.3 (the hugo on PATH), 15 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 4 excluded (1 bundle resource, 1 by site/sitemap.toml:6 `exclude`, 1 draft, 1 headless); wrote site/public/sitemap.xml and robots.txt, site/public/llms.txt, site/public/de/llms.txt\n"
                .to_owned()
        )
    );
    assert_eq!(fs::read(site.join("public/sitemap.xml")).unwrap(), expected);
}
