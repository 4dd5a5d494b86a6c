//! `sitemap scan --check-site`: the set the scan just wrote, checked
//! against the built pages in its output folder by the engine's site
//! check (the same one as `validate --site`); an error fails the run.

use std::fs;
use std::path::Path;

use crate::{sitemap, text};

/// A Zola site with one page, `hello`, and `built` pages in `public/`.
fn zola_site(dir: &Path, built: &[&str]) {
    fs::write(
        dir.join("zola.toml"),
        "base_url = \"https://example.org\"\n",
    )
    .unwrap();
    fs::create_dir_all(dir.join("content")).unwrap();
    fs::write(
        dir.join("content/hello.md"),
        "+++\ntitle = \"Hello\"\n+++\nHi\n",
    )
    .unwrap();
    for rel in built {
        let path = dir.join("public").join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, super::PAGE).unwrap();
    }
}

/// Every loc names a built page: the run succeeds as without the flag.
#[test]
fn scan_check_site_passes_when_the_pages_are_built() {
    let dir = tempfile::tempdir().unwrap();
    zola_site(dir.path(), &["index.html", "hello/index.html"]);
    let out = sitemap(dir.path(), &["scan", "--check-site"]);
    let stderr = text(&out.stderr, dir.path());
    assert!(out.status.success(), "stderr: {stderr}");
    assert!(!stderr.contains("check-site"), "stderr: {stderr}");
}

/// A loc whose page was not built fails the run, naming the loc and the
/// files looked for; the set stays written.
#[test]
fn scan_check_site_fails_on_a_loc_with_no_page() {
    let dir = tempfile::tempdir().unwrap();
    zola_site(dir.path(), &["index.html"]);
    let out = sitemap(dir.path(), &["scan", "--check-site"]);
    let stderr = text(&out.stderr, dir.path());
    assert!(!out.status.success(), "stderr: {stderr}");
    assert!(
        stderr.contains("check-site: the set just written does not match the site in")
            && stderr.contains(
                "public/sitemap.xml:7:5: error: https://example.org/hello/ has no file in ./public/: looked for ./public/hello/index.html"
            ),
        "stderr: {stderr}"
    );
    assert!(dir.path().join("public/sitemap.xml").is_file());
}

/// A folder with no page yet is checked as sitemaps only, with a
/// warning saying so.
#[test]
fn scan_check_site_without_built_pages_warns() {
    let dir = tempfile::tempdir().unwrap();
    zola_site(dir.path(), &[]);
    let out = sitemap(dir.path(), &["scan", "--check-site"]);
    let stderr = text(&out.stderr, dir.path());
    assert!(out.status.success(), "stderr: {stderr}");
    assert!(
        stderr.contains("holds no HTML page yet"),
        "stderr: {stderr}"
    );
}

/// A page the job leaves out on purpose (here by `exclude-urls`) is built
/// but not listed: it is not "missing from the sitemap", while a built
/// page the job never saw still is.
#[test]
fn scan_check_site_does_not_call_a_page_left_out_on_purpose_missing() {
    let dir = tempfile::tempdir().unwrap();
    zola_site(
        dir.path(),
        &["index.html", "hello/index.html", "orphan/index.html"],
    );
    let out = sitemap(
        dir.path(),
        &["scan", "--check-site", "--exclude-urls", "/hello/"],
    );
    let stderr = text(&out.stderr, dir.path());
    assert!(out.status.success(), "stderr: {stderr}");
    let missing: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("not in the sitemap"))
        .collect();
    assert_eq!(
        missing,
        [
            "warning: check-site: 1 indexable page(s) of ./public/ not in the sitemap: orphan/index.html"
        ],
        "stderr: {stderr}"
    );
}
