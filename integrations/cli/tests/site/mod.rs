//! `sitemap validate --site DIR` (issue #14 item 2): the set checked
//! against the built folder it describes. Each finding has a test on a
//! small site with that one problem, comparing the whole output; one run
//! with several findings is snapshotted whole; and every example's own
//! output passes (`examples.rs`).

pub(crate) mod examples;
mod scan_check;

use std::fs;

use crate::{sitemap, text};

const PAGE: &str = "<!doctype html><html lang=\"en\"><head><title>A page</title></head><body><p>hi</p></body></html>";

/// A `<urlset>` with the xhtml and image namespaces around `body`.
fn urlset(body: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\" xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\">\n{body}</urlset>\n"
    )
}

/// `<url>` lines for `locs`, each on its own line.
fn urls(locs: &[&str]) -> String {
    locs.iter()
        .map(|l| format!("  <url><loc>https://example.org/{l}</loc></url>\n"))
        .collect()
}

/// Writes `files` under `site/` of a fresh folder and runs
/// `sitemap validate --site site --base-url https://example.org/ ARGS`
/// there; returns the exit code and stdout (paths are relative).
fn run(files: &[(&str, &str)], args: &[&str]) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    for (rel, body) in files {
        let path = site.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, body).unwrap();
    }
    let mut all = vec![
        "validate",
        "--site",
        "site",
        "--base-url",
        "https://example.org/",
    ];
    all.extend(args);
    let out = sitemap(dir.path(), &all);
    let stderr = text(&out.stderr, dir.path());
    assert!(stderr.is_empty(), "stderr: {stderr}");
    (out.status.code().unwrap(), text(&out.stdout, dir.path()))
}

fn snapshot(name: &str, (code, stdout): (i32, String)) {
    insta::assert_snapshot!(name, format!("exit {code}\n{stdout}"));
}

/// A listed page that says noindex (any case, among other tokens) is an
/// error naming the page file and the meta.
#[test]
fn site_listed_noindex_page() {
    snapshot(
        "site_noindex",
        run(
            &[
                ("index.html", PAGE),
                (
                    "secret/index.html",
                    "<html><head><meta name=\"GoogleBot\" content=\"follow, NoIndex\"></head></html>",
                ),
                ("sitemap.xml", &urlset(&urls(&["", "secret/"]))),
            ],
            &[],
        ),
    );
}

/// A listed meta-refresh stub is a warning naming its target, not an
/// error: search engines index the target ("Page with redirect"), and
/// Hugo lists a theme page rendered as a refresh in its own sitemap,
/// which the scan of its sources follows.
#[test]
fn site_listed_redirect_stub() {
    snapshot(
        "site_redirect",
        run(
            &[
                ("index.html", PAGE),
                (
                    "old/index.html",
                    "<html><head><meta http-equiv=\"refresh\" content=\"0; url=/\"></head></html>",
                ),
                ("sitemap.xml", &urlset(&urls(&["", "old/"]))),
            ],
            &[],
        ),
    );
}

/// The scan never lists `404.html` (by name, unread) nor the
/// `sitemap.html` it writes itself (by its generator meta), and validate
/// read pages by another rule: a listed 404 page passed, and the two
/// could drift. Both now ask sitemap-html; a listed 404 page is an error
/// (a soft 404), our own page a warning.
#[test]
fn site_listed_not_found_page_and_own_sitemap_html() {
    let own = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"generator\" content=\"{}\">\n<title>Sitemap</title></head><body></body></html>",
        sitemap_core::human::HTML_GENERATOR
    );
    snapshot(
        "site_not_found_and_own_output",
        run(
            &[
                ("index.html", PAGE),
                ("404.html", PAGE),
                ("sitemap.html", &own),
                (
                    "sitemap.xml",
                    &urlset(&urls(&["", "404.html", "sitemap.html"])),
                ),
            ],
            &[],
        ),
    );
}

/// The scan leaves MkDocs' search page out (as MkDocs' own sitemap
/// does), so validate must not pass a sitemap listing it silently: a
/// warning, since it serves and is no Search Console error. The page is
/// the one MkDocs 1.6.1 rendered (theme `readthedocs`), recorded in
/// sitemap-html's `mkdocs-search` fixture.
#[test]
fn site_listed_mkdocs_search_page() {
    snapshot(
        "site_mkdocs_search_page",
        run(
            &[
                ("index.html", PAGE),
                (
                    "search.html",
                    include_str!(
                        "../../../../adapters/html/tests/fixtures/mkdocs-search/built/readthedocs/search.html"
                    ),
                ),
                ("sitemap.xml", &urlset(&urls(&["", "search.html"]))),
            ],
            &[],
        ),
    );
}

/// A loc with no file is an error naming every file looked for, in the
/// URL forms static hosts serve; a percent-encoded path names the decoded
/// file; a loc of another site is said to be one.
#[test]
fn site_loc_with_no_file() {
    snapshot(
        "site_no_file",
        run(
            &[
                ("index.html", PAGE),
                ("caf\u{e9} menu.html", PAGE),
                ("clean.html", PAGE),
                ("plain/index.html", PAGE),
                (
                    "sitemap.xml",
                    &urlset(&format!(
                        "{}  <url><loc>https://other.example.com/x/</loc></url>\n",
                        urls(&[
                            "",
                            "caf%C3%A9%20menu.html",
                            "clean",
                            "plain",
                            "gone/",
                            "gone",
                            "gone.html",
                        ])
                    )),
                ),
            ],
            &[],
        ),
    );
}

/// A listed page whose canonical URL is another is a warning: search
/// engines index the canonical URL instead, nothing is lost.
#[test]
fn site_listed_page_with_canonical_elsewhere() {
    snapshot(
        "site_canonical",
        run(
            &[
                ("index.html", PAGE),
                (
                    "print.html",
                    "<html><head><link rel=\"canonical\" href=\"https://example.org/\"></head></html>",
                ),
                ("sitemap.xml", &urlset(&urls(&["", "print.html"]))),
            ],
            &[],
        ),
    );
}

/// A listed page whose canonical names no file of the site (stale after
/// a rename) is what `scan --html` lists, under its own URL: the
/// "list the canonical instead" warning sent users to a 404.
#[test]
fn site_listed_page_with_stale_canonical_is_clean() {
    snapshot(
        "site_stale_canonical",
        run(
            &[
                ("index.html", PAGE),
                (
                    "new-name.html",
                    "<html><head><link rel=\"canonical\" href=\"https://example.org/old-name.html\"></head></html>",
                ),
                ("sitemap.xml", &urlset(&urls(&["", "new-name.html"]))),
            ],
            &[],
        ),
    );
}

/// Two pages naming each other as canonical: `scan --html` lists one of
/// them under its own URL, which validate passed off as "list the other
/// instead", the page it had just left out.
#[test]
fn site_listed_page_in_a_canonical_cycle_is_clean() {
    snapshot(
        "site_canonical_cycle",
        run(
            &[
                (
                    "x.html",
                    "<html><head><link rel=\"canonical\" href=\"https://example.org/y.html\"></head></html>",
                ),
                (
                    "y.html",
                    "<html><head><link rel=\"canonical\" href=\"https://example.org/x.html\"></head></html>",
                ),
                ("sitemap.xml", &urlset(&urls(&["y.html"]))),
            ],
            &[],
        ),
    );
}

/// hreflang alternates must be reciprocal and each entry must list
/// itself.
#[test]
fn site_hreflang_not_reciprocal() {
    let body = "  <url><loc>https://example.org/en/</loc>\n    <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/en/\"/>\n    <xhtml:link rel=\"alternate\" hreflang=\"fr\" href=\"https://example.org/fr/\"/>\n  </url>\n  <url><loc>https://example.org/fr/</loc>\n    <xhtml:link rel=\"alternate\" hreflang=\"fr\" href=\"https://example.org/fr/\"/>\n  </url>\n  <url><loc>https://example.org/de/</loc>\n    <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/en/\"/>\n  </url>\n";
    snapshot(
        "site_hreflang",
        run(
            &[
                ("en/index.html", PAGE),
                ("fr/index.html", PAGE),
                ("de/index.html", PAGE),
                ("sitemap.xml", &urlset(body)),
            ],
            &[],
        ),
    );
}

/// A group names one URL per language and at most one x-default
/// (Google's "Tell Google about localized versions of your page"); two
/// are an error naming the entry's line. A language code that is no
/// BCP 47 tag is refused by the schema check before this one.
#[test]
fn site_hreflang_two_urls_for_one_language() {
    let link = |lang: &str, href: &str| {
        format!(
            "    <xhtml:link rel=\"alternate\" hreflang=\"{lang}\" href=\"https://example.org/{href}\"/>\n"
        )
    };
    let group = [
        link("en", "en/"),
        link("fr", "fr/"),
        link("x-default", "en/"),
        link("X-Default", "fr/"),
    ]
    .concat();
    let body = format!(
        "  <url><loc>https://example.org/en/</loc>\n{group}  </url>\n  <url><loc>https://example.org/fr/</loc>\n{group}  </url>\n"
    );
    snapshot(
        "site_hreflang_two_x_default",
        run(
            &[
                ("en/index.html", PAGE),
                ("fr/index.html", PAGE),
                ("sitemap.xml", &urlset(&body)),
            ],
            &[],
        ),
    );
}

/// Every version of a group lists the same x-default (Google: the
/// annotations are the same on every page of the group): `en/` names
/// `en/`, `fr/` none and `de/` names `fr/`; each difference is an error
/// naming both URLs and the entry's line.
#[test]
fn site_hreflang_x_default_differs_within_a_group() {
    let link = |lang: &str, href: &str| {
        format!(
            "    <xhtml:link rel=\"alternate\" hreflang=\"{lang}\" href=\"https://example.org/{href}\"/>\n"
        )
    };
    let langs = [link("en", "en/"), link("fr", "fr/"), link("de", "de/")].concat();
    let body = format!(
        "  <url><loc>https://example.org/en/</loc>\n{langs}{}  </url>\n  <url><loc>https://example.org/fr/</loc>\n{langs}  </url>\n  <url><loc>https://example.org/de/</loc>\n{langs}{}  </url>\n",
        link("x-default", "en/"),
        link("x-default", "fr/"),
    );
    snapshot(
        "site_hreflang_x_default_differs",
        run(
            &[
                ("en/index.html", PAGE),
                ("fr/index.html", PAGE),
                ("de/index.html", PAGE),
                ("sitemap.xml", &urlset(&body)),
            ],
            &[],
        ),
    );
}

/// A lastmod in the future (beyond a day) is an error; `9999-12-31`, the
/// value `Lastmod::start` once turned into the epoch, included.
#[test]
fn site_future_lastmod() {
    let body = "  <url><loc>https://example.org/</loc><lastmod>9999-12-31</lastmod></url>\n  <url><loc>https://example.org/a/</loc><lastmod>2999-01-01T00:00:00+14:00</lastmod></url>\n  <url><loc>https://example.org/b/</loc><lastmod>2024-05-01</lastmod></url>\n";
    snapshot(
        "site_future_lastmod",
        run(
            &[
                ("index.html", PAGE),
                ("a/index.html", PAGE),
                ("b/index.html", PAGE),
                ("sitemap.xml", &urlset(body)),
            ],
            &[],
        ),
    );
}

/// An index's child that is not a file of the site is an error at the
/// index's `<loc>`.
#[test]
fn site_missing_index_child() {
    let index = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <sitemap><loc>https://example.org/sitemap-1.xml</loc></sitemap>\n  <sitemap><loc>https://example.org/sitemap-2.xml</loc></sitemap>\n</sitemapindex>\n";
    snapshot(
        "site_index_child",
        run(
            &[
                ("index.html", PAGE),
                ("sitemap.xml", index),
                ("sitemap-1.xml", &urlset(&urls(&[""]))),
            ],
            &[],
        ),
    );
}

/// A local image of the image extension must be a file; another host's
/// image is not this site's to check.
#[test]
fn site_missing_local_image() {
    let body = "  <url><loc>https://example.org/</loc>\n    <image:image><image:loc>https://example.org/img/logo.png</image:loc></image:image>\n    <image:image><image:loc>https://example.org/img/gone%20photo.jpg</image:loc></image:image>\n    <image:image><image:loc>https://cdn.example.net/x.png</image:loc></image:image>\n  </url>\n";
    snapshot(
        "site_image",
        run(
            &[
                ("index.html", PAGE),
                ("img/logo.png", "\u{89}PNG"),
                ("sitemap.xml", &urlset(body)),
            ],
            &[],
        ),
    );
}

/// Most lastmods on one day is the "build time on every page" smell: a
/// warning naming the day and the count (9 of 10 here; 7 of 10 is not).
#[test]
fn site_lastmods_on_one_day() {
    let entries = |same: usize| -> (Vec<(String, String)>, String) {
        let mut files = Vec::new();
        let mut body = String::new();
        for i in 0..10 {
            files.push((format!("p{i}/index.html"), PAGE.to_owned()));
            let day = if i < same {
                "2024-05-01T10:00:00+02:00".to_owned()
            } else {
                format!("2023-01-{:02}", i + 1)
            };
            body.push_str(&format!(
                "  <url><loc>https://example.org/p{i}/</loc><lastmod>{day}</lastmod></url>\n"
            ));
        }
        (files, urlset(&body))
    };
    for (same, name) in [(9, "site_one_day"), (7, "site_one_day_not")] {
        let (files, sitemap_xml) = entries(same);
        let mut all: Vec<(&str, &str)> = files
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        all.push(("sitemap.xml", &sitemap_xml));
        snapshot(name, run(&all, &[]));
    }
}

/// Indexable pages no loc names are counted, and listed with --verbose;
/// compared by file, so `/about` (no trailing slash) counts for
/// `about/index.html`. Pages left out for a reason (noindex, 404) are not
/// indexable.
#[test]
fn site_indexable_pages_not_in_the_sitemap() {
    let files = [
        ("index.html", PAGE),
        ("about/index.html", PAGE),
        ("orphan/index.html", PAGE),
        ("blog/lost.html", PAGE),
        ("404.html", PAGE),
        (
            "hidden/index.html",
            "<html><head><meta name=\"robots\" content=\"none\"></head></html>",
        ),
        ("sitemap.xml", &urlset(&urls(&["", "about"]))),
    ];
    snapshot("site_missing_pages", run(&files, &[]));
    snapshot("site_missing_pages_verbose", run(&files, &["--verbose"]));
}

/// Several findings in one run, text and JSON: the whole output.
#[test]
fn site_several_findings() {
    let pages = "  <url><loc>https://example.org/</loc><lastmod>2024-05-01</lastmod></url>\n\
  <url><loc>https://example.org/about/</loc><lastmod>2024-05-01</lastmod>\n    <image:image><image:loc>https://example.org/img/logo.png</image:loc></image:image>\n    <image:image><image:loc>https://example.org/img/missing.png</image:loc></image:image>\n  </url>\n\
  <url><loc>https://example.org/secret/</loc><lastmod>2024-05-01</lastmod></url>\n\
  <url><loc>https://example.org/old/</loc><lastmod>2024-05-01</lastmod></url>\n\
  <url><loc>https://example.org/print.html</loc><lastmod>2024-05-01</lastmod></url>\n\
  <url><loc>https://example.org/gone/</loc><lastmod>2024-05-01</lastmod></url>\n\
  <url><loc>https://example.org/clean</loc><lastmod>9999-12-31</lastmod></url>\n\
  <url><loc>https://example.org/en/</loc><lastmod>2024-05-01</lastmod>\n    <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/en/\"/>\n    <xhtml:link rel=\"alternate\" hreflang=\"fr\" href=\"https://example.org/fr/\"/>\n  </url>\n\
  <url><loc>https://example.org/fr/</loc><lastmod>2024-05-01</lastmod>\n    <xhtml:link rel=\"alternate\" hreflang=\"fr\" href=\"https://example.org/fr/\"/>\n  </url>\n\
  <url><loc>https://example.org/%E2%82%AC/</loc><lastmod>2024-05-02</lastmod></url>\n";
    let index = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <sitemap><loc>https://example.org/sitemap-pages.xml</loc></sitemap>\n  <sitemap><loc>https://example.org/sitemap-gone.xml</loc></sitemap>\n</sitemapindex>\n";
    let pages = urlset(pages);
    let files = [
        ("index.html", PAGE),
        ("about/index.html", PAGE),
        ("img/logo.png", "\u{89}PNG"),
        (
            "secret/index.html",
            "<html><head><meta name=\"ROBOTS\" content=\"noindex\"></head></html>",
        ),
        (
            "old/index.html",
            "<html><head><meta http-equiv=\"refresh\" content=\"0; url=/about/\"></head></html>",
        ),
        (
            "print.html",
            "<html><head><link rel=\"canonical\" href=\"/about/\"></head></html>",
        ),
        ("clean.html", PAGE),
        ("en/index.html", PAGE),
        ("fr/index.html", PAGE),
        ("\u{20ac}/index.html", PAGE),
        ("orphan/index.html", PAGE),
        (
            "robots.txt",
            "User-agent: *\nSitemap: https://example.org/sitemap.xml\n",
        ),
        ("sitemap.xml", index),
        ("sitemap-pages.xml", &pages),
    ];
    let (code, stdout) = run(&files, &["--verbose"]);
    snapshot("site_several_findings", (code, stdout));
    let (code, json) = run(&files, &["--output", "json"]);
    assert_eq!(code, 1);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    insta::assert_snapshot!(
        "site_several_findings_json",
        serde_json::to_string_pretty(&value).unwrap()
    );
}

/// Without --base-url the base comes from robots.txt, else from the locs
/// (the folder under which they name files: a book published under
/// `/book/`); when neither tells, the run stops naming the flag to give.
#[test]
fn site_base_url_inferred() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    fs::create_dir_all(site.join("intro")).unwrap();
    fs::write(site.join("index.html"), PAGE).unwrap();
    fs::write(site.join("intro/index.html"), PAGE).unwrap();
    let book = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url><loc>https://example.org/book/</loc></url>\n  <url><loc>https://example.org/book/intro/</loc></url>\n</urlset>\n";
    fs::write(site.join("sitemap.xml"), book).unwrap();
    let out = sitemap(dir.path(), &["validate", "--site", "site"]);
    let mut all = format!(
        "exit {}\n{}",
        out.status.code().unwrap(),
        text(&out.stdout, dir.path())
    );
    // Nothing of the site: no base URL to be had.
    fs::remove_file(site.join("intro/index.html")).unwrap();
    fs::remove_file(site.join("index.html")).unwrap();
    let out = sitemap(dir.path(), &["validate", "--site", "site"]);
    all.push_str(&format!(
        "exit {}\n{}{}",
        out.status.code().unwrap(),
        text(&out.stdout, dir.path()),
        text(&out.stderr, dir.path())
    ));
    insta::assert_snapshot!("site_base_url_inferred", all);
}
