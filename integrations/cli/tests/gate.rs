//! One gate: a page from the build (a Hugo content adapter's) passes the
//! same leave-out rules as a page from a source file, in the same order,
//! each page left out counted once with one reason; what a built page's
//! head says (`noindex`) leaves out a source page as it does a page from
//! the build; and the build check stays in the site. Each case is built
//! with the current Hugo; the whole report is asserted, and the URLs
//! listed against Hugo's own sitemap.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::build_check::{current_hugo, hugo, locs, write};

/// A site with a content adapter making three pages in `news/`, a page
/// of its own, and a template that writes `noindex` for a page whose
/// `hidden` parameter is set (a key the scan does not read: only the
/// built page says so).
const SITE: [(&str, &str); 5] = [
    (
        "hugo.toml",
        "baseURL = \"https://example.org/\"\ndisableKinds = [\"rss\", \"taxonomy\", \"term\"]\n",
    ),
    ("content/a.md", "---\ntitle: a\n---\n"),
    ("content/news/_index.md", "---\ntitle: News\n---\n"),
    (
        "content/news/_content.gotmpl",
        "{{ range $i := seq 3 }}\n  {{ $.AddPage (dict \"path\" (printf \"item-%d\" $i) \
         \"title\" (printf \"Item %d\" $i) \"kind\" \"page\" \"params\" (dict \"hidden\" (eq $i 3))) }}\n{{ end }}\n",
    ),
    (
        "layouts/all.html",
        "<html><head><title>{{ .Title }}</title>{{ if .Params.hidden }}<meta name=\"robots\" \
         content=\"noindex\">{{ end }}</head></html>\n",
    ),
];

/// `sitemap scan --dry-run ARGS` in `root`: exit code, stderr with the
/// folder redacted, the listed URLs sorted.
fn scan(root: &Path, args: &[&str]) -> (Option<i32>, String, Vec<String>) {
    let mut all = vec![
        "scan",
        "--dry-run",
        "--lastmod",
        "front-matter",
        "--hugo-version",
        "0.168.0",
    ];
    all.extend(args);
    let out = crate::sitemap(root, &all);
    (
        out.status.code(),
        crate::text(&out.stderr, root),
        listed(&out.stdout),
    )
}

/// A dry run's URLs, sorted.
fn listed(stdout: &[u8]) -> Vec<String> {
    let mut locs: Vec<String> = String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_owned())
        .collect();
    locs.sort();
    locs
}

/// The site built with the current Hugo in a new folder.
fn built(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), files);
    hugo(&current_hugo(), dir.path());
    dir
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn an_adapters_pages_pass_the_url_patterns() {
    let dir = built(&SITE);
    let (code, stderr, locs) = scan(dir.path(), &["--exclude-urls", "/news/**", "-v"]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert_eq!(
        locs,
        strings(&["https://example.org/", "https://example.org/a/"])
    );

    let (code, stderr, locs) = scan(dir.path(), &["--include-urls", "/a/", "-v"]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert_eq!(locs, strings(&["https://example.org/a/"]));
}
