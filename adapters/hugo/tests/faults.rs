//! Regressions of hostile input to the Hugo reader (issue 48): each
//! builds a small site in a temporary folder, scans it, and compares the
//! whole result (the pages, or the error as the user reads it).

use std::fs;
use std::path::Path;

use sitemap_content::{Site, SiteOptions};
use sitemap_hugo::{CURRENT, DEBIAN, HugoVersion};

/// Opens the site at `root` following the Hugo `version`.
fn open(root: &Path, version: HugoVersion) -> Site {
    let (_, config) = sitemap_content::locate(root, None).unwrap();
    sitemap_hugo::open(root, config, &SiteOptions::default(), Some(version)).unwrap()
}

/// Writes `files` (path below `root`, text) into `root`.
fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// The scan's error, the site's folder shown as `<site>`.
fn scan_error(root: &Path, version: HugoVersion) -> String {
    let site = open(root, version);
    let err = site.scan().expect_err("the scan must fail");
    err.to_string().replace(&*root.to_string_lossy(), "<site>")
}

const ORG_SITE: &str = "baseURL = \"https://example.org/\"\n\
    disableKinds = [\"rss\", \"home\", \"section\", \"taxonomy\"]\n\
    ignoreErrors = [\"error-disable-taxonomy\"]\n\
    [security]\nallowContent = [\"text/org\", \"text/markdown\"]\n";

/// An Org keyword block past 64 KiB was cut without a word: a tag cut in
/// two became a wrong term URL and the `#+SLUG:` below it was lost. The
/// URLs are those Hugo 0.111.3 and 0.168.0 list for the same site.
#[test]
fn org_keywords_are_read_to_the_front_matter_bound_not_cut_at_64_kib() {
    let dir = tempfile::tempdir().unwrap();
    // Ten lines of 1,000 tags: 90,000 bytes, past the old 64 KiB read.
    let tags: Vec<String> = (0..10_000).map(|i| format!("tag{i:05}")).collect();
    let lines: Vec<String> = tags
        .chunks(1000)
        .map(|c| format!("#+TAGS[]: {}\n", c.join(" ")))
        .collect();
    let page = format!(
        "#+TITLE: P\n{}#+TAGS[]: last-tag\n#+SLUG: good\n\n* Heading\n",
        lines.concat()
    );
    write(
        dir.path(),
        &[("hugo.toml", ORG_SITE), ("content/p.org", &page)],
    );
    let mut expected = vec![
        "https://example.org/good/".to_owned(),
        "https://example.org/tags/last-tag/".to_owned(),
    ];
    expected.extend(
        tags.iter()
            .map(|t| format!("https://example.org/tags/{t}/")),
    );
    expected.sort();
    for version in [DEBIAN, CURRENT] {
        let scan = open(dir.path(), version).scan().unwrap();
        let locs: Vec<&str> = scan.pages.iter().map(|p| p.loc.as_str()).collect();
        assert_eq!(locs, expected, "{version}");
        assert!(scan.warnings.is_empty(), "{version}: {:?}", scan.warnings);
    }
}

/// A keyword line past Hugo's 64 KiB line buffer: Hugo refuses the page
/// ("token too long", 0.111.3 and 0.168.0 alike), and so does the scan,
/// naming the line.
#[test]
fn org_keyword_line_hugo_cannot_read_is_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let tags: Vec<String> = (0..8_000).map(|i| format!("tag{i:05}")).collect();
    let page = format!("#+TITLE: P\n#+TAGS: {}\n#+SLUG: good\n", tags.join(" "));
    write(
        dir.path(),
        &[("hugo.toml", ORG_SITE), ("content/p.org", &page)],
    );
    for version in [DEBIAN, CURRENT] {
        assert_eq!(
            scan_error(dir.path(), version),
            "<site>/content/p.org:2: an Org keyword line longer than 65535 bytes, which \
             Hugo refuses (\"token too long\"); split its value over several lines"
        );
    }
}

/// Past the bound the file is refused, named, never read in part.
#[test]
fn org_keywords_past_one_mib_are_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut page = String::from("#+TITLE: P\n");
    while page.len() <= 1 << 20 {
        page.push_str("#+TAGS[]: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n");
    }
    page.push_str("#+SLUG: late\n\nbody\n");
    write(
        dir.path(),
        &[("hugo.toml", ORG_SITE), ("content/p.org", &page)],
    );
    assert_eq!(
        scan_error(dir.path(), CURRENT),
        "<site>/content/p.org:1: Org front matter (the `#+KEY: value` lines that open \
         the file) longer than 1 MiB; no real page has a block that large (does a line \
         that is no keyword end it?)"
    );
}
