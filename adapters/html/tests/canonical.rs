//! `<link rel="canonical">`.

use sitemap_html::Reason;

use sitemap_html::HtmlOptions;

use crate::common::{fixture, locs, options, scan_fixture};

/// A canonical naming a URL of the site that no file answers for (the
/// print versions' `/guide/`, the `<base href>` page's
/// `/elsewhere/page.html`) is a 404 on a static host, which search
/// engines ignore: the page is listed under its own URL, with a warning
/// naming the files looked for. A canonical cycle (`cycle-a.html` and
/// `cycle-b.html` naming each other) lists the target of the first by
/// path.
#[test]
fn canonical_elsewhere_lists_the_canonical_once() {
    let (found, text) = scan_fixture("canonical", &options());
    assert_eq!(
        locs(&found),
        [
            "https://example.org/",
            "https://example.org/article.html",
            "https://example.org/bad.html",
            "https://example.org/based/page.html",
            "https://example.org/conflict.html",
            "https://example.org/cycle-b.html",
            "https://example.org/print/guide.html",
            "https://example.org/print/guide_2.html",
        ]
    );
    let listed_instead = found
        .excluded
        .iter()
        .filter(|e| {
            matches!(
                e.reason,
                Reason::CanonicalElsewhere {
                    canonical_listed: true,
                    ..
                }
            )
        })
        .count();
    // `article-amp.html`, naming `article.html` (a page of its own), and
    // `cycle-a.html`, naming `cycle-b.html` (listed to break the cycle).
    assert_eq!(listed_instead, 2);
    insta::assert_snapshot!(text);
}

#[test]
fn a_canonical_outside_the_base_url_is_not_listed() {
    let options = sitemap_html::HtmlOptions::new("https://example.org/print/".parse().unwrap());
    let (found, _) = scan_fixture("canonical", &options);
    // `print/guide.html` is at https://example.org/print/print/guide.html
    // under this base; its canonical /guide/ is outside the folder.
    assert!(!locs(&found).contains(&"https://example.org/guide/"));
}

/// Issue #13: a page whose canonical or hreflang self-reference names it
/// in another URL form (clean, no trailing slash) was counted as "canonical
/// elsewhere"; it is the page's own URL in the form the site uses.
#[test]
fn a_canonical_in_another_form_of_the_page_is_its_own_url() {
    let (found, text) = scan_fixture("canonical-forms", &options());
    assert_eq!(
        locs(&found),
        [
            "https://example.org/",
            "https://example.org/c",
            "https://example.org/en/page",
            "https://example.org/fr/page",
            "https://example.org/guide/intro",
            "https://example.org/x",
        ]
    );
    insta::assert_snapshot!(text);
}

/// The Sphinx build of `fixtures/sphinx/` (Sphinx 7.4.7, sphinx-sitemap
/// 2.9.0, `html_baseurl` https://docs.example.com/en/latest/): every page's
/// canonical names it as `page.html`, `index.html` included, and the scan
/// at that base URL lists what sphinx-sitemap listed, but for the noindex
/// `search.html` (left out on purpose: README, "Where we differ").
#[test]
fn sphinx_build_at_its_base_url_lists_what_sphinx_sitemap_lists() {
    let options = HtmlOptions::new("https://docs.example.com/en/latest/".parse().unwrap());
    let (found, _) = scan_fixture("sphinx/built", &options);
    let theirs = std::fs::read_to_string(fixture("sphinx/sphinx-sitemap.xml")).unwrap();
    let mut expected: Vec<&str> = theirs
        .split("<loc>")
        .skip(1)
        .filter_map(|s| s.split_once("</loc>").map(|(loc, _)| loc))
        .filter(|loc| !loc.ends_with("/search.html"))
        .collect();
    expected.sort_unstable();
    assert_eq!(expected.len(), 4);
    assert_eq!(locs(&found), expected);
}

/// Issue #13: a Sphinx build whose pages all declare a canonical outside
/// `--base-url` was read as every page a duplicate of another site's, and
/// the scan ended in "no entries to write". It is a base-URL mismatch: the
/// pages are listed under their own URLs (in the form their canonicals
/// use), with one warning naming the count, an example and the base URL
/// the canonicals imply.
#[test]
fn canonicals_outside_the_base_url_on_most_pages_are_a_base_url_mismatch() {
    let (found, text) = scan_fixture("sphinx/built", &options());
    assert_eq!(
        locs(&found),
        [
            "https://example.org/genindex.html",
            "https://example.org/guide/setup.html",
            // In the form its canonical declares, as sphinx-sitemap lists it.
            "https://example.org/index.html",
            "https://example.org/intro.html",
        ]
    );
    let warnings: Vec<String> = found.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "tests/fixtures/sphinx/built/genindex.html: warning: 4 of 4 pages declare a canonical URL outside the base URL https://example.org/ (this one: https://docs.example.com/en/latest/genindex.html); taken as a base-URL mismatch, not duplicates: listed under their own URLs; if the site is published at https://docs.example.com/en/latest/, give that as the base URL (--base-url, `base-url` in sitemap.toml)"
        ]
    );
    insta::assert_snapshot!(text);
}

/// A page whose canonical is elsewhere is described twice (at the
/// canonical, and at its own URL for a base-URL mismatch); a bad date in
/// its markup is still one warning, not two.
#[test]
fn a_canonical_page_with_a_bad_date_warns_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<html><head><title>Home</title></head></html>",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("copy.html"),
        r#"<html><head><link rel="canonical" href="/"><meta property="article:modified_time" content="someday"></head></html>"#,
    )
    .unwrap();
    let found = sitemap_html::scan(dir.path(), &options()).unwrap();
    let warnings: Vec<String> = found.warnings.iter().map(|w| w.kind.to_string()).collect();
    assert_eq!(
        warnings,
        [
            "<meta property=\"article:modified_time\"> `someday` is not a date; expected a W3C Datetime such as 2024-05-01 or 2024-05-01T10:30:00+02:00"
        ]
    );
}

/// A stale canonical (the page it named was renamed away) made the page
/// vanish from the sitemap with its canonical: it is listed under its own
/// URL, and the warning names the page and the canonical.
#[test]
fn a_canonical_naming_no_file_lists_the_page_under_its_own_url() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<html><head><title>Home</title></head></html>",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("new-name.html"),
        r#"<html><head><link rel="canonical" href="/old-name.html"></head></html>"#,
    )
    .unwrap();
    let found = sitemap_html::scan(dir.path(), &options()).unwrap();
    assert_eq!(
        locs(&found),
        ["https://example.org/", "https://example.org/new-name.html"]
    );
    assert!(found.excluded.is_empty(), "{:?}", found.excluded);
    let warnings: Vec<String> = found
        .warnings
        .iter()
        .map(|w| {
            w.to_string()
                .replace(&dir.path().display().to_string(), "DIR")
        })
        .collect();
    assert_eq!(
        warnings,
        [
            "DIR/new-name.html: warning: canonical https://example.org/old-name.html names no file of the site (looked for old-name.html): listed under its own URL https://example.org/new-name.html; fix the canonical or build that page"
        ]
    );
}

/// Two pages naming each other as canonical were both left out (each
/// one's canonical a page left out): the target of the first by path is
/// listed under its own URL, the first stays left out in its favour, and
/// the warning names the listed page and the cycle.
#[test]
fn a_canonical_cycle_lists_the_target_of_the_first_page() {
    let dir = tempfile::tempdir().unwrap();
    for (name, canonical) in [("x.html", "/y.html"), ("y.html", "/x.html")] {
        std::fs::write(
            dir.path().join(name),
            format!(r#"<html><head><link rel="canonical" href="{canonical}"></head></html>"#),
        )
        .unwrap();
    }
    let found = sitemap_html::scan(dir.path(), &options()).unwrap();
    assert_eq!(locs(&found), ["https://example.org/y.html"]);
    let excluded: Vec<String> = found
        .excluded
        .iter()
        .map(|e| {
            e.to_string()
                .replace(&dir.path().display().to_string(), "DIR")
        })
        .collect();
    assert_eq!(
        excluded,
        ["DIR/x.html: left out: canonical is https://example.org/y.html (listed)"]
    );
    let warnings: Vec<String> = found
        .warnings
        .iter()
        .map(|w| {
            w.to_string()
                .replace(&dir.path().display().to_string(), "DIR")
        })
        .collect();
    assert_eq!(
        warnings,
        [
            "DIR/y.html: warning: canonical https://example.org/x.html names a page whose canonical is this one (a cycle): listed under its own URL https://example.org/y.html; make one of them the canonical of the other"
        ]
    );
}
