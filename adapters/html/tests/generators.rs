//! Real generators' output: Hugo, Zola and mdBook build small sites (in
//! `fixtures/generators/`) whose Markdown shows images, under layouts with
//! a header logo, a menu icon and a footer image outside the content. The
//! HTML scan with `images` must give each page exactly the images of its
//! Markdown, written below from the Markdown (resolved as a browser
//! resolves them on the page), and none of the theme's.
//!
//! Hugo (the Debian package CI installs; `SITEMAP_CORPUS_HUGO` or `PATH`)
//! builds its site in the test; a missing `hugo` fails the test rather
//! than skipping it. Zola and mdBook have no package CI can install (Zola
//! is not even in the crate registry), so their builds were made with the
//! real zola 0.22.1 and mdbook 0.5.4 by `fixtures/generators/record.sh`
//! and their HTML pages kept in `fixtures/generators/built/` (versions in
//! `built/VERSIONS`); run it again after changing their sources.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use sitemap_html::scan;
use sitemap_pages::images::ImageRules;

use crate::common::{fixture, options, sitemap_xml};
use crate::hugo::copy_tree;

/// Page → its images, for the pages that have any.
type Images = BTreeMap<String, Vec<String>>;

fn program(name: &str) -> PathBuf {
    std::env::var_os(format!("SITEMAP_CORPUS_{}", name.to_uppercase()))
        .map_or_else(|| PathBuf::from(name), PathBuf::from)
}

/// Runs a generator's build in `dir`, failing with what it said.
fn build(name: &str, dir: &Path, args: &[&str]) {
    let out = Command::new(program(name))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run {name} ({e}); put it on PATH or name it in SITEMAP_CORPUS_{}",
                name.to_uppercase()
            )
        });
    assert!(
        out.status.success(),
        "{name} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Copies `generators/<case>` to a temporary folder (generators write
/// caches beside their sources) and returns it.
fn sources(case: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&fixture("generators").join(case), dir.path());
    dir
}

/// The images the HTML scan lists on each page of the built site `out`,
/// checking on the way that the sitemap validates.
fn scanned(out: &Path) -> Images {
    let site = "https://example.org/".parse().unwrap();
    let rules = ImageRules::new(&site, &["cdn.example.net".to_owned()]).unwrap();
    let found = scan(out, &options().with_images(rules)).unwrap();
    sitemap_xml(&found);
    found
        .urls
        .iter()
        .filter(|u| !u.images.is_empty())
        .map(|u| {
            let images = u.images.iter().map(|i| i.loc.as_str().to_owned()).collect();
            (u.loc.as_str().to_owned(), images)
        })
        .collect()
}

fn expected(pages: &[(&str, &[&str])]) -> Images {
    pages
        .iter()
        .map(|(loc, images)| {
            (
                (*loc).to_owned(),
                images.iter().map(|i| (*i).to_owned()).collect(),
            )
        })
        .collect()
}

#[test]
fn hugo_pages_list_their_markdowns_images_and_not_the_themes() {
    let dir = sources("hugo");
    let cache = dir.path().join("cache");
    build(
        "hugo",
        dir.path(),
        &[
            "--quiet",
            "--cacheDir",
            cache.to_str().unwrap(),
            "--destination",
            "public",
        ],
    );
    assert_eq!(
        scanned(&dir.path().join("public")),
        expected(&[
            // content/_index.md
            (
                "https://example.org/",
                &["https://example.org/images/welcome.jpg"]
            ),
            // content/about.md, served at /about/
            (
                "https://example.org/about/",
                &["https://example.org/about/team.jpg"]
            ),
            // content/posts/bundle/index.md: the badge's host is not
            // allowed; the photo shown twice is listed once.
            (
                "https://example.org/posts/bundle/",
                &[
                    "https://example.org/posts/bundle/photo.jpg",
                    "https://example.org/images/shared.png",
                    "https://cdn.example.net/x.jpg",
                    "https://example.org/posts/bundle/diagram.svg",
                    "https://example.org/posts/bundle/inline.png",
                ],
            ),
        ])
    );
}

/// A build `record.sh` made with the real generator.
fn recorded(name: &str) -> PathBuf {
    fixture("generators").join("built").join(name)
}

#[test]
fn zola_pages_list_their_markdowns_images_and_not_the_themes() {
    assert_eq!(
        scanned(&recorded("zola")),
        expected(&[
            // content/_index.md
            (
                "https://example.org/",
                &["https://example.org/images/home.png"]
            ),
            // content/blog/other.md
            (
                "https://example.org/blog/other/",
                &[
                    "https://example.org/img/diagram.svg",
                    "https://cdn.example.net/y.jpg",
                ],
            ),
            // content/blog/post/index.md, with its colocated photo
            (
                "https://example.org/blog/post/",
                &[
                    "https://example.org/blog/post/photo.jpg",
                    "https://example.org/blog/shared.png",
                ],
            ),
        ])
    );
}

/// mdBook's root `index.html` (a copy of the first chapter) was listed
/// beside the chapter, where the mdBook plugin lists the chapter alone,
/// and `validate --site` of the plugin's sitemap then warned it missing.
#[test]
fn mdbook_chapters_list_their_markdowns_images() {
    assert_eq!(
        scanned(&recorded("mdbook")),
        expected(&[
            // src/intro.md; mdBook also writes it as the book's
            // index.html, a byte copy, left out for it.
            (
                "https://example.org/intro.html",
                &["https://example.org/images/cover.png"],
            ),
            // src/guide/setup.md: mdBook shows each image twice (its zoom
            // wrapper), listed once.
            (
                "https://example.org/guide/setup.html",
                &[
                    "https://example.org/guide/img/screen.png",
                    "https://example.org/images/cover.png",
                ],
            ),
        ])
    );
}

/// Zola 0.22's alias pages (`aliases = [...]` in `blog/other.md`) put
/// their `<meta http-equiv="refresh">` inside `<noscript>`, after a script
/// redirect; the scan read them as pages and listed each old path (9
/// extra URLs on one real site). They are redirect stubs: the whole scan
/// of the real zola 0.22.1 build, recorded by `record.sh`.
#[test]
fn zola_alias_pages_are_redirect_stubs() {
    let (found, text) = crate::common::scan_fixture("generators/built/zola", &options());
    assert_eq!(
        found.excluded_counts().get("redirect stub"),
        Some(&2),
        "{text}"
    );
    // What zola 0.22.1's own sitemap.xml of this build lists (`zola build`
    // in `generators/zola`).
    let locs: Vec<&str> = found.urls.iter().map(|u| u.loc.as_str()).collect();
    assert_eq!(
        locs,
        [
            "https://example.org/",
            "https://example.org/blog/",
            "https://example.org/blog/other/",
            "https://example.org/blog/post/",
        ]
    );
    insta::assert_snapshot!(text);
}

/// The copy rule is mdBook's alone: on another site a root page equal to
/// another page byte for byte (a placeholder, a test page) is two URLs
/// that both serve, and both stay listed (it first left the root out
/// wherever two pages were equal).
#[test]
fn equal_pages_outside_mdbook_are_both_listed() {
    let dir = tempfile::tempdir().unwrap();
    let page =
        "<!doctype html><html><head><title>Soon</title></head><body>Coming soon</body></html>";
    std::fs::write(dir.path().join("index.html"), page).unwrap();
    std::fs::write(dir.path().join("a.html"), page).unwrap();
    let found = scan(dir.path(), &options()).unwrap();
    let locs: Vec<&str> = found.urls.iter().map(|u| u.loc.as_str()).collect();
    assert_eq!(locs, ["https://example.org/", "https://example.org/a.html"]);
}
