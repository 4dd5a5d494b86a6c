//! The same site through a real generator: Hugo builds the `hugo-site`
//! fixture, and the HTML scan of its output must find exactly the entries
//! Hugo's own sitemaps list (locs, lastmods, hreflang alternates), leaving
//! out the alias redirect stubs and 404 pages Hugo does not list either.
//!
//! Needs `hugo` (Debian package `hugo`; `.ci/run` installs it). Like
//! xmllint, a missing tool fails the test rather than skipping it, since a
//! skipped comparison would be a test that asserts nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use sitemap_core::Lastmod;
use sitemap_html::{HtmlScan, Reason, scan};

use crate::common::{fixture, options, sitemap_xml};

/// loc -> (lastmod, sorted "hreflang href" alternates).
type Entries = BTreeMap<String, (Option<String>, Vec<String>)>;

pub(crate) fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Builds the fixture with hugo in a temporary copy (hugo writes caches
/// next to its sources) and returns the temp dir holding `public/`.
fn build_with_hugo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("site");
    copy_tree(&fixture("hugo-site"), &source);
    let out = Command::new("hugo")
        .args(["--quiet", "--cacheDir"])
        .arg(dir.path().join("cache"))
        .arg("--source")
        .arg(&source)
        .arg("--destination")
        .arg(dir.path().join("public"))
        .env("HUGO_ENVIRONMENT", "production")
        .output()
        .unwrap_or_else(|e| panic!("cannot run hugo ({e}); install the Debian package `hugo`"));
    assert!(
        out.status.success(),
        "hugo failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

fn between<'a>(s: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = s.find(open)? + open.len();
    let end = s[start..].find(close)? + start;
    Some(&s[start..end])
}

fn attribute<'a>(tag: &'a str, name: &str) -> &'a str {
    between(tag, &format!("{name}=\""), "\"").unwrap_or_else(|| panic!("no {name} in {tag}"))
}

/// The entries of every `<urlset>` sitemap under `public`, as Hugo wrote
/// them (Hugo's multilingual output: an index at the root, one urlset per
/// language).
fn hugo_entries(public: &Path) -> Entries {
    let mut entries = Entries::new();
    for lang in ["en", "fr"] {
        let xml = std::fs::read_to_string(public.join(lang).join("sitemap.xml")).unwrap();
        assert!(
            xml.contains("<urlset"),
            "{lang}/sitemap.xml is not a urlset"
        );
        for block in xml.split("<url>").skip(1) {
            let loc = between(block, "<loc>", "</loc>").unwrap().to_owned();
            let lastmod = between(block, "<lastmod>", "</lastmod>")
                .map(|l| Lastmod::parse(l).unwrap().to_string());
            let mut alternates: Vec<String> = block
                .split("<xhtml:link")
                .skip(1)
                .map(|tag| format!("{} {}", attribute(tag, "hreflang"), attribute(tag, "href")))
                .collect();
            alternates.sort();
            entries.insert(loc, (lastmod, alternates));
        }
    }
    entries
}

fn scan_entries(found: &HtmlScan) -> Entries {
    found
        .urls
        .iter()
        .map(|u| {
            let alternates = u
                .alternates
                .iter()
                .map(|a| format!("{} {}", a.hreflang, a.href))
                .collect();
            (
                u.loc.to_string(),
                (u.lastmod.as_ref().map(ToString::to_string), alternates),
            )
        })
        .collect()
}

#[test]
fn html_scan_of_hugo_output_matches_hugos_own_sitemaps() {
    let built = build_with_hugo();
    let public = built.path().join("public");
    let expected = hugo_entries(&public);
    assert!(
        expected.len() >= 15,
        "the fixture should give a real site, got {expected:?}"
    );

    let found = scan(&public, &options()).unwrap();
    assert_eq!(scan_entries(&found), expected);
    assert!(found.warnings.is_empty(), "{:#?}", found.warnings);

    // What Hugo leaves out of its sitemaps, the scan leaves out with a reason.
    let mut left_out: Vec<(String, &str)> = found
        .excluded
        .iter()
        .map(|e| {
            (
                e.path.strip_prefix(&public).unwrap().display().to_string(),
                e.reason.label(),
            )
        })
        .collect();
    left_out.sort();
    assert_eq!(
        left_out,
        [
            ("2024/01/first/index.html".to_owned(), "redirect stub"),
            ("404.html".to_owned(), "404 page"),
            ("en/index.html".to_owned(), "redirect stub"),
            ("fr/404.html".to_owned(), "404 page"),
            ("old-first.html".to_owned(), "redirect stub"),
        ]
    );
    assert!(
        found
            .excluded
            .iter()
            .all(|e| !matches!(e.reason, Reason::Unreadable { .. }))
    );
    sitemap_xml(&found);
}

/// The check: the HTML scan of Hugo's output and the
/// generator-aware scan of the sources (sitemap-hugo) give the same URL
/// set.
#[test]
fn html_scan_and_content_scan_give_the_same_urls() {
    let root = fixture("hugo-site");
    let (_, config) = sitemap_content::locate(&root, None).unwrap();
    let site = sitemap_hugo::open(
        &root,
        config,
        &sitemap_content::SiteOptions::default(),
        None,
    )
    .unwrap();
    let from_sources: BTreeSet<String> = site
        .scan()
        .unwrap()
        .pages
        .iter()
        .map(|p| p.loc.to_string())
        .collect();

    let built = build_with_hugo();
    let found = scan(&built.path().join("public"), &options()).unwrap();
    let from_html: BTreeSet<String> = found.urls.iter().map(|u| u.loc.to_string()).collect();
    assert_eq!(from_html, from_sources);
}
