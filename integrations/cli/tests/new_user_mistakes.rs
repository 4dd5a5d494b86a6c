//! Mistakes a new user makes about where the site lives and what the
//! flags ask for, each of which passed in silence or said too little:
//! a site built for a staging base URL, a base URL that differs from
//! the generator's only by its scheme or folder, a sources folder that
//! is not there, a stylesheet asked of a text sitemap, a robots.txt
//! with a typo. Each test asserts the whole message.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::{copy_tree, example, sitemap, text};

/// The example Hugo site with a theme that writes `rel=canonical`, as
/// most themes do, built with `hugo` for `base`.
fn hugo_site_with_canonicals(root: &Path, base: &str) {
    copy_tree(&example("hugo-site"), root);
    for layout in ["list.html", "single.html"] {
        let path = root.join("layouts/_default").join(layout);
        let html = fs::read_to_string(&path).unwrap().replace(
            "<meta charset=\"utf-8\">",
            "<meta charset=\"utf-8\"><link rel=\"canonical\" href=\"{{ .Permalink }}\">",
        );
        fs::write(path, html).unwrap();
    }
    let out = Command::new("hugo")
        .arg("--source")
        .arg(root)
        .args([
            "--baseURL",
            base,
            "--disableKinds",
            "RSS,sitemap",
            "--quiet",
        ])
        .env_remove("HUGO_ENVIRONMENT")
        .output()
        .unwrap_or_else(|e| panic!("cannot run hugo ({e}); install it: apt-get install hugo"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A site built with `hugo --baseURL https://staging…/` left its home
/// page, sections and tags out as "canonical elsewhere" with no word,
/// and `validate --site` advised listing the staging URLs.
#[test]
fn a_site_built_for_a_staging_base_url_is_named_once_and_its_pages_stay_listed() {
    let dir = tempfile::tempdir().unwrap();
    hugo_site_with_canonicals(dir.path(), "https://staging.hugo-demo.example.org/");
    let out = sitemap(dir.path(), &["scan", "--lastmod", "front-matter"]);
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
public/: warning: 9 of 9 built pages read name a canonical URL on staging.hugo-demo.example.org outside the base URL https://hugo-demo.example.org/ (hugo.toml: baseURL), such as https://staging.hugo-demo.example.org/ in public/index.html: the site was built for another base URL (https://staging.hugo-demo.example.org/), a staging or preview build; listed under the base URL, not left out as canonical elsewhere; build it again for https://hugo-demo.example.org/ (`hugo`, with no other base URL given), then the scan
sitemap: 14 files read as Hugo 0.111.3 (the built site's generator tag), 15 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 4 excluded (1 bundle resource, 1 by sitemap.toml:6 `exclude`, 1 draft, 1 headless), checked against 16 built pages; wrote public/sitemap.xml and robots.txt, public/llms.txt, public/de/llms.txt
"
    );
    assert_eq!(out.status.code(), Some(0));
    let out = sitemap(dir.path(), &["validate", "--site", "public"]);
    // Each listed page is named with the fix, never with "list the
    // staging URL instead".
    let pages = [
        (4, ""),
        (11, "2024/05/hello-hugo/"),
        (17, "2024/06/sitemaps-done-right/"),
        (26, "about/"),
        (33, "de/"),
        (40, "de/about/"),
        (47, "de/tags/"),
        (53, "docs/"),
        (56, "docs/config/"),
        (59, "docs/getting-started/"),
        (62, "posts/"),
        (66, "tags/"),
        (73, "tags/hugo/"),
        (76, "tags/news/"),
        (79, "tags/sitemaps/"),
    ];
    let mut expected: String = pages
        .iter()
        .map(|(line, page)| {
            format!(
                "public/sitemap.xml:{line}:5: warning: https://hugo-demo.example.org/{page} is public/{page}index.html, whose canonical URL https://staging.hugo-demo.example.org/{page} lies outside the base URL https://hugo-demo.example.org/ (from hugo.toml: baseURL): the page was built for another base URL (a staging or preview build?); build the site again for https://hugo-demo.example.org/, then validate\n"
            )
        })
        .collect();
    expected.push_str("\
public/robots.txt: valid (robots.txt, 1 sitemaps, 75 bytes; 0 errors, 0 warnings)
public/sitemap.xml: valid (urlset, 15 URLs, 3673 bytes; 0 errors, 15 warnings; listed in public/robots.txt:4:1)
site public/ at https://hugo-demo.example.org/ (from hugo.toml: baseURL): 15 locs, 15 name files of the site; 15 indexable pages, 0 not in the sitemap
2 files checked: 2 valid, 0 invalid; 0 errors, 15 warnings
");
    let all = text(&out.stdout, dir.path()) + &text(&out.stderr, dir.path());
    assert_eq!(all, expected);
}

/// `--base-url http://…` on a site whose hugo.toml says https wrote
/// every URL as http, and robots.txt's `Sitemap:` line too, in silence.
#[test]
fn a_base_url_flag_that_differs_from_hugo_toml_only_in_its_scheme_is_named_with_both() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("hugo-site"), dir.path());
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--dry-run",
            "--lastmod",
            "front-matter",
            "--base-url",
            "http://hugo-demo.example.org",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
warning: --base-url http://hugo-demo.example.org/ differs from hugo.toml: baseURL https://hugo-demo.example.org/ only in its scheme: every URL is written as http://, the site's are https://; if the site is served at https://hugo-demo.example.org/, remove the override; if at http://hugo-demo.example.org/, set that in hugo.toml too and build the site again
public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan
sitemap: 14 files read as Hugo 0.111.3 (the hugo on PATH), 15 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 4 excluded (1 bundle resource, 1 by sitemap.toml:6 `exclude`, 1 draft, 1 headless); dry run, nothing written
"
    );
}

/// `base-url = "https://zola-demo.example.org/blog"` in sitemap.toml on
/// a site built for `/` listed every page under `/blog/`, in silence.
#[test]
fn a_base_url_setting_that_adds_a_folder_to_zola_toml_is_named_with_both() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("zola-site"), dir.path());
    fs::write(
        dir.path().join("sitemap.toml"),
        "base-url = \"https://zola-demo.example.org/blog\"\n",
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &["scan", "--dry-run", "--lastmod", "front-matter"],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
sitemap.toml:1: warning: base-url https://zola-demo.example.org/blog/ differs from zola.toml: base_url https://zola-demo.example.org/ in its folder (/blog/ instead of /): every URL is written under /blog/, where the site builds none; if the site is served at https://zola-demo.example.org/, remove the override; if at https://zola-demo.example.org/blog/, set that in zola.toml too and build the site again
public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan
sitemap: 13 files read, 20 URLs, 2 excluded (1 draft, 1 sitemap disabled); dry run, nothing written
"
    );
}

/// `--base-url https://shop.example.org/shop/` on a built site whose
/// canonicals all say `https://shop.example.org/…` listed every page
/// under `/shop/`, in silence.
#[test]
fn a_base_url_folder_no_canonical_lies_under_is_named() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("html-site"), dir.path());
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--dry-run",
            "--html",
            "_site",
            "--base-url",
            "https://shop.example.org/shop/",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
_site/print/blog/hello-sitemaps/index.html: warning: 1 page(s) declare a canonical URL on the base URL's host, none under the base URL https://shop.example.org/shop/ (this one: https://shop.example.org/blog/hello-sitemaps/); if the site is published at https://shop.example.org/, give that as the base URL (--base-url, `base-url` in sitemap.toml)
sitemap: 7 files read, 4 URLs, 1 image (left out: 1 tracking pixel), 4 excluded (1 404 page, 1 canonical elsewhere, 1 noindex, 1 redirect stub); dry run, nothing written
"
    );
}

/// `--html-source src`, a folder that is not there, gave every page no
/// source and said nothing.
#[test]
fn an_html_source_folder_that_is_not_there_is_an_error_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("html-site"), dir.path());
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--dry-run",
            "--html",
            "_site",
            "--base-url",
            "https://shop.example.org/",
            "--html-source",
            "src",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
error: `--html-source`: src: no such folder; `html-source` names the folder of the sources the site is built from (Jekyll's are at the project's root: `.`)
  hint: change --html-source on the command line
"
    );
}

/// `--format txt --stylesheet` wrote a sitemap.xsl no sitemap used.
#[test]
fn a_stylesheet_asked_of_a_text_sitemap_is_named_and_not_written() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("html-site"), dir.path());
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            "_site",
            "--base-url",
            "https://shop.example.org/",
            "--format",
            "txt",
            "--stylesheet",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
warning: --stylesheet applies to XML sitemaps only, and --format makes this one text: no sitemap.xsl written; drop one of the two
warning: a text sitemap cannot list images: 1 image(s) not written; use `format = \"xml\"` to list them
sitemap: 7 files read, 4 URLs, 0 images (left out: 1 tracking pixel), 4 excluded (1 404 page, 1 canonical elsewhere, 1 noindex, 1 redirect stub); wrote _site/sitemap.txt and robots.txt, _site/llms.txt
"
    );
    assert!(dir.path().join("_site/sitemap.txt").is_file());
    assert!(!dir.path().join("_site/sitemap.xsl").exists());
}

/// A robots.txt with a byte order mark, CRLF line ends, `Disalow:` and
/// a relative `Sitemap:` line: the scan merged its own line beside the
/// relative one, and neither it nor `validate` noticed the typo.
#[test]
fn a_robots_txt_directive_typo_and_a_relative_sitemap_line_are_named_by_the_scan() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("html-site"), dir.path());
    fs::write(
        dir.path().join("_site/robots.txt"),
        "\u{feff}User-agent: *\r\nDisalow: /private/\r\nSitemap: /sitemap.xml\r\n",
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--dry-run",
            "--html",
            "_site",
            "--base-url",
            "https://shop.example.org/",
            "--robots",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
_site/robots.txt:2: warning: `Disalow: /private/` names no robots.txt directive; did you mean `Disallow`? Crawlers that do not guess at misspellings ignore the line
_site/robots.txt:3: warning: `Sitemap: /sitemap.xml`: robots.txt must give the sitemap's absolute URL (https://host/sitemap.xml), not a path
sitemap: 7 files read, 4 URLs, 1 image (left out: 1 tracking pixel), 4 excluded (1 404 page, 1 canonical elsewhere, 1 noindex, 1 redirect stub); dry run, nothing written
"
    );
}

/// `--max-urls 1` on a site of 1,001 pages: the error named the index's
/// limit and hinted at a larger profile, never the flag that made a
/// sitemap of each page.
#[test]
fn max_urls_that_makes_more_sitemaps_than_an_index_lists_is_named_first() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("_site");
    for i in 0..1001 {
        let page = site.join(format!("p{i}"));
        fs::create_dir_all(&page).unwrap();
        fs::write(
            page.join("index.html"),
            "<!doctype html><html lang=\"en\"><head><title>p</title></head><body>p</body></html>",
        )
        .unwrap();
    }
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            "_site",
            "--base-url",
            "https://big.example.org/",
            "--max-urls",
            "1",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
error: `--max-urls`: sitemaps of up to 1 URLs each, and this set needs more than 1,000 of them, but one index lists at most 1,000 under `limits = \"legacy\"` (the default)
  hint: raise `max-urls` (or remove it: the default is 50,000 URLs a sitemap), or set `limits = \"sitemaps-org\"` (`--limits sitemaps-org`), whose index lists up to 50,000 sitemaps
"
    );
}

/// `llms-txt = yes`, a YAML habit, got the TOML parser's "string values
/// must be quoted", and `"yes"` then a second error.
#[test]
fn a_yaml_boolean_in_sitemap_toml_is_answered_with_true_or_false() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("zola-site"), dir.path());
    fs::write(
        dir.path().join("sitemap.toml"),
        "robots = true\nllms-txt = yes\n",
    )
    .unwrap();
    let out = sitemap(dir.path(), &["scan", "--dry-run"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
sitemap.toml:2: error: `llms-txt = yes`: TOML's booleans are `true` and `false`, unquoted; write `llms-txt = true`
  hint: see the key table in `sitemap scan --help` (the same keys everywhere)
"
    );
}

/// `validate --site _site --base-url http://…` on a set of https locs:
/// each loc was "outside" the base URL, and nothing said the flag's
/// scheme was the mistake.
#[test]
fn validate_with_a_base_url_of_the_other_scheme_asks_did_you_mean() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("html-site"), dir.path());
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            "_site",
            "--base-url",
            "https://shop.example.org/",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    let out = sitemap(
        dir.path(),
        &[
            "validate",
            "--site",
            "_site",
            "--base-url",
            "http://shop.example.org",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let all = text(&out.stdout, dir.path()) + &text(&out.stderr, dir.path());
    assert_eq!(
        all,
        "\
_site/robots.txt:5:1: warning: `https://shop.example.org/sitemap.xml` not checked: another host (this site is `http://shop.example.org`)
_site/sitemap.xml:4:5: error: `https://shop.example.org/` is outside `http://shop.example.org/`: a sitemap at `http://shop.example.org/sitemap.xml` may list only URLs under its folder (location rule)
_site/sitemap.xml:4:5: warning: https://shop.example.org/ is outside the base URL http://shop.example.org/ (--base-url) only by its scheme, so no file of _site/ answers for it: not checked against the site; did you mean https://shop.example.org/?
_site/sitemap.xml:8:5: error: `https://shop.example.org/about/` is outside `http://shop.example.org/`: a sitemap at `http://shop.example.org/sitemap.xml` may list only URLs under its folder (location rule)
_site/sitemap.xml:8:5: warning: https://shop.example.org/about/ is outside the base URL http://shop.example.org/ (--base-url) only by its scheme, so no file of _site/ answers for it: not checked against the site; did you mean https://shop.example.org/?
_site/sitemap.xml:15:5: error: `https://shop.example.org/blog/hello-sitemaps/` is outside `http://shop.example.org/`: a sitemap at `http://shop.example.org/sitemap.xml` may list only URLs under its folder (location rule)
_site/sitemap.xml:15:5: warning: https://shop.example.org/blog/hello-sitemaps/ is outside the base URL http://shop.example.org/ (--base-url) only by its scheme, so no file of _site/ answers for it: not checked against the site; did you mean https://shop.example.org/?
_site/sitemap.xml:22:5: error: `https://shop.example.org/fr/a-propos/` is outside `http://shop.example.org/`: a sitemap at `http://shop.example.org/sitemap.xml` may list only URLs under its folder (location rule)
_site/sitemap.xml:22:5: warning: https://shop.example.org/fr/a-propos/ is outside the base URL http://shop.example.org/ (--base-url) only by its scheme, so no file of _site/ answers for it: not checked against the site; did you mean https://shop.example.org/?
_site/: warning: 4 indexable pages of the site not in the sitemap (--verbose lists them); list every page you want indexed
_site/robots.txt: valid (robots.txt, 1 sitemaps, 174 bytes; 0 errors, 1 warnings)
_site/sitemap.xml: invalid (urlset, 4 URLs, 1522 bytes; 4 errors, 4 warnings)
site _site/ at http://shop.example.org/ (--base-url): 4 locs, 0 name files of the site; 4 indexable pages, 4 not in the sitemap
2 files checked: 1 valid, 1 invalid; 4 errors, 6 warnings
"
    );
}

/// `--out publc`, a typo: a new folder was made holding a sitemap, a
/// robots.txt and llms.txt beside no page, and the run said only that it
/// wrote them.
#[test]
fn an_out_folder_that_is_not_there_beside_the_built_site_is_said_to_be_created() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("zola-site"), dir.path());
    fs::create_dir_all(dir.path().join("public")).unwrap();
    let out = sitemap(
        dir.path(),
        &["scan", "--lastmod", "front-matter", "--out", "publc"],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
warning: --out `publc`: no such folder, so it is created, and the site is built in `./public`: a sitemap is found only where the site is served from; if you meant `./public`, correct `out` or drop it
public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan
sitemap: 13 files read, 20 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 2 excluded (1 draft, 1 sitemap disabled); wrote publc/sitemap.xml and robots.txt, publc/llms.txt, publc/fr/llms.txt
"
    );
}

/// An mdBook `site-url = "https://docs.example.org/guide/"` beside a
/// `base-url` on another host: the set was written for the base URL with
/// no word of the two hosts.
#[test]
fn an_mdbook_absolute_site_url_on_another_host_than_base_url_is_named() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../mdbook/tests/fixtures/single-output"),
        dir.path(),
    );
    let book_toml = dir.path().join("book.toml");
    let text_of = fs::read_to_string(&book_toml).unwrap();
    fs::write(
        &book_toml,
        format!("{text_of}\n[output.html]\nsite-url = \"https://docs.example.org/guide/\"\n"),
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &[
            "mdbook",
            ".",
            "--dry-run",
            "--base-url",
            "https://example.org/guide/",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
book.toml: warning: base-url https://example.org/guide/ is on another host than output.html.site-url \"https://docs.example.org/guide/\", which mdBook builds the book's links for; if the book is served at https://docs.example.org/guide/, give that as the base URL, else correct site-url
sitemap: 2 URLs, 0 chapter(s) left out; dry run, nothing written
"
    );
}

/// `exclude = ["content/blog/**"]` left the blog's section out and kept
/// its pager `/blog/page/2/`: a pager goes with its section.
#[test]
fn a_zola_section_left_out_by_exclude_takes_its_pagers_with_it() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("zola-site"), dir.path());
    fs::write(
        dir.path().join("sitemap.toml"),
        "exclude = [\"content/blog/**\"]\n",
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &["scan", "--dry-run", "--lastmod", "front-matter"],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "\
public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan
sitemap: 13 files read, 14 URLs, 8 excluded (6 by sitemap.toml:1 `exclude`, 1 draft, 1 sitemap disabled); dry run, nothing written
"
    );
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(!listed.contains("/blog/"), "{listed}");
}
