//! `scan --html` and `validate --site` agree: every built site this
//! repository holds (each fixture of sitemap-html, the recorded Zola and
//! mdBook builds, the Hugo sources built with the real `hugo`, and every
//! example's build) is scanned with `scan --html` (with `sitemap.html`,
//! `sitemap.xsl`, robots.txt and images), scanned again (the first run's
//! own outputs must not change the second's sitemap), and the result
//! checked with `validate --site`: no error and no warning on any
//! generator's build or example, and on sitemap-html's rule fixtures
//! (sites made to hold faults) none about which files are pages. Both ask
//! sitemap-html what a page is; this is the proof that they agree.
//!
//! Images are listed for the examples only: the generator fixtures keep
//! only the HTML pages of their builds (`generators/record.sh`), so every
//! image they show has no file, which `validate --site` rightly reports.
//!
//! The reports are compared whole (one snapshot per group) besides the
//! clean-report check, so a change in what is checked shows up too.

use std::fs;
use std::path::{Path, PathBuf};

use crate::{copy_tree, example, sitemap, text};

/// A built folder and the URL it is published at.
struct Built {
    name: &'static str,
    dir: PathBuf,
    base: &'static str,
}

/// How much of the report must be clean.
#[derive(Clone, Copy, PartialEq)]
enum Clean {
    /// Every line: a generator's build or an example.
    All,
    /// What the report says about pages (which locs name what): a rule
    /// fixture of sitemap-html is a site built to hold faults (one-way
    /// hreflang, missing images, bad bytes) that the scan warns about;
    /// only the question "is this a page?" must get one answer.
    Pages,
}

/// sitemap-html's fixture `case`.
fn html_fixture(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../adapters/html/tests/fixtures")
        .join(case)
}

fn built(name: &'static str, dir: PathBuf, base: &'static str) -> Built {
    Built { name, dir, base }
}

/// `sitemap ARGS` in `dir`, which must exit 0; its stdout.
fn ok(dir: &Path, args: &[&str]) -> String {
    let out = sitemap(dir, args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "sitemap {args:?}:\n{}{}",
        text(&out.stdout, dir),
        text(&out.stderr, dir)
    );
    text(&out.stdout, dir)
}

/// Scans a copy of the site twice and validates it; the validate report.
fn scan_then_validate(site: &Built, images: bool) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(site.name);
    copy_tree(&site.dir, &dir);
    let mut scan = vec![
        "scan",
        "--html",
        site.name,
        "--base-url",
        site.base,
        "--html-page",
        "--stylesheet",
        "--robots",
        "--quiet",
    ];
    if images {
        scan.push("--images");
    }
    ok(tmp.path(), &scan);
    let first = fs::read_to_string(dir.join("sitemap.xml")).unwrap();
    ok(tmp.path(), &scan);
    let second = fs::read_to_string(dir.join("sitemap.xml")).unwrap();
    assert_eq!(
        first, second,
        "{}: the second scan read the first one's outputs as pages",
        site.name
    );
    // Exit 1 on an error: the report says which, checked by the caller.
    let out = sitemap(
        tmp.path(),
        &[
            "validate",
            "--site",
            site.name,
            "--base-url",
            site.base,
            "--verbose",
        ],
    );
    let report = text(&out.stdout, tmp.path()) + &text(&out.stderr, tmp.path());
    format!("## {}\n{report}", site.name)
}

/// Whether a finding of the report is about something other than which
/// files are pages: an entry's hreflang alternates or images, or the
/// lastmod smell.
fn beside_pages(line: &str) -> bool {
    line.contains("hreflang") || line.contains("<image:loc>") || line.contains(" lastmods fall on ")
}

/// The reports of every site, after checking that each is clean (all
/// the unclean ones named at once).
fn reports(sites: &[Built], clean: Clean, images: bool) -> String {
    let reports: Vec<String> = sites
        .iter()
        .map(|site| scan_then_validate(site, images))
        .collect();
    let unclean: Vec<&String> = reports
        .iter()
        .filter(|r| {
            let findings = r
                .lines()
                .filter(|l| l.contains(": error: ") || l.contains(": warning: "))
                .filter(|l| clean == Clean::All || !beside_pages(l))
                .count();
            findings > 0
                || (clean == Clean::All && !r.trim_end().ends_with("; 0 errors, 0 warnings"))
        })
        .collect();
    assert!(
        unclean.is_empty(),
        "validate --site finds fault with what scan --html wrote:\n{}",
        unclean.iter().map(|r| r.as_str()).collect::<String>()
    );
    reports.concat()
}

/// sitemap-html's rule fixtures: sites made to hold one kind of fault
/// each; the scan and validate agree on which files are pages.
#[test]
fn scan_html_then_validate_site_agree_on_pages_of_every_rule_fixture() {
    let sites: Vec<Built> = [
        "broken",
        "canonical",
        "canonical-forms",
        "exclude",
        "hreflang",
        "images",
        "lastmod",
        "noindex",
        "not_found",
        "redirects",
        "urls",
    ]
    .into_iter()
    .map(|case| built(case, html_fixture(case), "https://example.org/"))
    .collect();
    insta::assert_snapshot!(reports(&sites, Clean::Pages, false));
}

/// Builds Hugo sources with the real `hugo` into `out`, without Hugo's
/// own sitemaps: ours replaces its root one, and those it writes per
/// language list the default language's pages outside their folder
/// (`en/sitemap.xml` naming `/about/`), which validate rightly rejects
/// and which are Hugo's, not the scan's.
fn hugo(source: &Path, out: &Path) {
    let cache = out.with_extension("cache");
    let output = std::process::Command::new("hugo")
        .arg("--source")
        .arg(source)
        .args(["--quiet", "--disableKinds", "sitemap", "--cacheDir"])
        .arg(&cache)
        .arg("--destination")
        .arg(out)
        .output()
        .unwrap_or_else(|e| panic!("cannot run hugo ({e}); install it: apt-get install hugo"));
    assert!(
        output.status.success(),
        "hugo failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Every real generator's build sitemap-html holds: MkDocs 1.6.1 (three
/// builds, two with a file `search.html`) and Sphinx 7.4.7 (recorded), Zola 0.22.1 and mdBook 0.5.4 (recorded by
/// `generators/record.sh`), and two Hugo sources built here with the real
/// `hugo`.
#[test]
fn scan_html_then_validate_site_is_clean_on_every_generator_build() {
    let tmp = tempfile::tempdir().unwrap();
    let hugo_site = tmp.path().join("hugo-site");
    hugo(&html_fixture("hugo-site"), &hugo_site);
    let hugo_generators = tmp.path().join("hugo-generators");
    hugo(&html_fixture("generators/hugo"), &hugo_generators);
    let org = "https://example.org/";
    let sites = [
        built("mkdocs", html_fixture("mkdocs/built"), org),
        built(
            "mkdocs-readthedocs",
            html_fixture("mkdocs-search/built/readthedocs"),
            org,
        ),
        built(
            "mkdocs-theme-mkdocs",
            html_fixture("mkdocs-search/built/mkdocs"),
            org,
        ),
        // Its pages' canonicals name this base URL (`html_baseurl`).
        built(
            "sphinx",
            html_fixture("sphinx/built"),
            "https://docs.example.com/en/latest/",
        ),
        built("zola", html_fixture("generators/built/zola"), org),
        built("mdbook", html_fixture("generators/built/mdbook"), org),
        built("hugo-site", hugo_site, org),
        built("hugo-generators", hugo_generators, org),
    ];
    insta::assert_snapshot!(reports(&sites, Clean::All, false));
}

/// Every example, built by its real tool (Hugo 0.111.3; the mdBook book
/// through mdbook-driver with the plugin; the Zola site by zola 0.22.1,
/// recorded in `fixtures/zola-example/` as CI has no zola; the HTML site
/// is committed built), with images.
#[test]
fn scan_html_then_validate_site_is_clean_on_every_example() {
    let tmp = tempfile::tempdir().unwrap();
    let hugo_example = tmp.path().join("hugo-example");
    crate::hugo_build_example(None, &hugo_example, &[]);
    let mdbook_example = crate::site::examples::build_mdbook_example(tmp.path());
    let sites = [
        built(
            "html-site",
            example("html-site/_site"),
            "https://shop.example.org/",
        ),
        built("hugo-site", hugo_example, "https://hugo-demo.example.org/"),
        built(
            "mdbook-book",
            mdbook_example,
            "https://example.org/mdbook-book/",
        ),
        built(
            "zola-site",
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/zola-example/built"),
            "https://zola-demo.example.org/",
        ),
    ];
    insta::assert_snapshot!(reports(&sites, Clean::All, true));
}

/// The mdBook plugin's sitemap of the recorded mdBook 0.5.4 build, checked
/// with `validate --site`: the root `index.html` mdBook writes as a copy
/// of the first chapter (`intro.html`) is no page of its own for either
/// (the scan leaves it out as a copy), so no "not in the sitemap" warning.
#[test]
fn mdbook_plugin_sitemap_then_validate_site_is_clean() {
    let tmp = tempfile::tempdir().unwrap();
    let book = tmp.path().join("book-src");
    copy_tree(&html_fixture("generators/mdbook"), &book);
    copy_tree(&html_fixture("generators/built/mdbook"), &book.join("book"));
    ok(
        &book,
        &[
            "mdbook",
            ".",
            "--base-url",
            "https://example.org/",
            "--quiet",
        ],
    );
    let out = sitemap(
        &book,
        &[
            "validate",
            "--site",
            "book",
            "--base-url",
            "https://example.org/",
            "--verbose",
        ],
    );
    insta::assert_snapshot!(text(&out.stdout, &book) + &text(&out.stderr, &book));
}
