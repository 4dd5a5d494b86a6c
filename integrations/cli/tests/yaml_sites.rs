//! Issue 24 #1: sites whose YAML their generator reads and yaml-rust2
//! refused made `sitemap scan` exit 1 and write nothing. The fixture sites
//! of `sitemap-zola` and `sitemap-hugo` (flow lists closed at column 0, quoted scalars
//! continued there, `\'` for Hugo, `\/` and `[a?b]` for Zola) now get the
//! sitemap their generator wrote: the URLs recorded beside each fixture
//! from hugo 0.111.3 and zola 0.22.1.

use std::fs;
use std::path::Path;

use crate::{copy_tree, sitemap, text};

/// A fixture site of the generator's crate (`zola-…` of sitemap-zola,
/// `hugo-…` of sitemap-hugo).
fn content_fixture(name: &str) -> std::path::PathBuf {
    let generator = name.split('-').next().unwrap_or_default();
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../adapters/{generator}/tests/fixtures"))
        .join(name)
}

/// `sitemap scan` on a copy of fixture `name`: exit 0, nothing on stderr,
/// and the `<loc>`s of the sitemap it wrote equal `recorded`.
fn scans_as_recorded(name: &str, recorded: &str) {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&content_fixture(name), dir.path());
    let out = sitemap(dir.path(), &["scan", "--quiet"]);
    assert_eq!(text(&out.stderr, dir.path()), "");
    assert_eq!(out.status.code(), Some(0));
    let xml = fs::read_to_string(dir.path().join("public/sitemap.xml")).unwrap();
    let mut locs: Vec<&str> = xml
        .split("<loc>")
        .skip(1)
        .map(|s| s.split_once("</loc>").unwrap().0)
        .collect();
    locs.sort_unstable();
    let expected = fs::read_to_string(content_fixture(name).join(recorded)).unwrap();
    assert_eq!(locs.join("\n") + "\n", expected);
}

#[test]
fn hugo_site_in_yaml_hugo_reads_gets_hugos_sitemap() {
    scans_as_recorded("hugo-yaml", "hugo-urls.txt");
}

#[test]
fn zola_site_in_yaml_zola_reads_gets_zolas_sitemap() {
    scans_as_recorded("zola-yaml", "zola-urls.txt");
}
