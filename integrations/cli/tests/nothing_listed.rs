//! A scan that leaves every page out: the bare "no entries to write" of
//! the set writer said nothing of why. Now the error counts the pages by
//! reason and names each cause where it is changed (a robots.txt rule at
//! its line, a pattern at the setting's line or flag, drafts by file);
//! exit 1, and the previous sitemap is left as it was.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::text;

/// The set an earlier run published, which a refused run must keep.
const OLD: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url>\n    <loc>https://example.org/</loc>\n  </url>\n</urlset>\n";

/// A Zola site with `files` (path, text) and the sitemap of an earlier run.
fn site(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, body) in files {
        let file = dir.path().join(path);
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(file, body).unwrap();
    }
    fs::create_dir_all(dir.path().join("public")).unwrap();
    fs::write(dir.path().join("public/sitemap.xml"), OLD).unwrap();
    dir
}

fn zola(extra: &[(&'static str, &'static str)]) -> tempfile::TempDir {
    let mut files = vec![
        ("zola.toml", "base_url = \"https://example.org\"\n"),
        ("content/a.md", "+++\ntitle = \"A\"\n+++\nA\n"),
        ("content/b.md", "+++\ntitle = \"B\"\n+++\nB\n"),
    ];
    files.extend_from_slice(extra);
    site(&files)
}

/// `sitemap scan ARGS` in `dir` under `timeout`, lastmod from dates only
/// (no git warning in a temp folder).
fn scan(dir: &Path, args: &[&str]) -> Output {
    Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--lastmod", "date"])
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// Exit 1 with `expected` on stderr, nothing on stdout, and the earlier
/// sitemap alone in `public/`, as it was.
fn assert_refused(dir: &Path, out: &Output, expected: &str) {
    assert_eq!(text(&out.stderr, dir), expected);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        fs::read_to_string(dir.join("public/sitemap.xml")).unwrap(),
        OLD
    );
    let names: Vec<_> = fs::read_dir(dir.join("public"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, ["sitemap.xml"]);
}

const HINT: &str = "  hint: change what the lines above name, so that at least one page is listed (`--verbose` names every page left out, and why)\n";

/// `Disallow: /` in the site's robots.txt leaves out every page; the
/// rule is named at its line, with the count.
#[test]
fn robots_txt_disallowing_everything_names_its_rule() {
    let dir = zola(&[(
        "static/robots.txt",
        "# staging\nUser-agent: *\nDisallow: /\n",
    )]);
    let out = scan(dir.path(), &[]);
    assert_refused(
        dir.path(),
        &out,
        &format!(
            "\
public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan
public/sitemap.xml: error: no entries to write: all 3 page(s) found are left out (3 robots.txt), and the sitemaps.org XSD requires at least one <url>; the previous files are left as they were
static/robots.txt:3: error: `Disallow: /` disallows 3 of them for Googlebot, and a listed URL robots.txt blocks is an error in Search Console (`robots-disallowed = \"keep\"` lists them anyway, with a warning)
{HINT}"
        ),
    );
}

/// `exclude-urls` matching every URL: the error counted the pages but
/// never said the patterns left out everything. Now it says "every page
/// matched", at the line of `sitemap.toml` that sets the patterns (each
/// with its count), or as the flag.
#[test]
fn exclude_urls_matching_everything_says_every_page_matched() {
    let dir = zola(&[(
        "sitemap.toml",
        "# ours\nexclude-urls = [\"/a/**\", \"/**\"]\n",
    )]);
    let out = scan(dir.path(), &[]);
    assert_refused(
        dir.path(),
        &out,
        &format!(
            "\
public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan
public/sitemap.xml: error: no entries to write: all 3 page(s) found are left out (3 by sitemap.toml:2 `exclude-urls`), and the sitemaps.org XSD requires at least one <url>; the previous files are left as they were
sitemap.toml:2: error: every page matched `exclude-urls` (pattern `/**` matches 2 of them, `/a/**` 1)
{HINT}"
        ),
    );

    fs::remove_file(dir.path().join("sitemap.toml")).unwrap();
    let out = scan(dir.path(), &["--exclude-urls", "/**"]);
    assert_refused(
        dir.path(),
        &out,
        &format!(
            "\
public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan
public/sitemap.xml: error: no entries to write: all 3 page(s) found are left out (3 by `--exclude-urls`), and the sitemaps.org XSD requires at least one <url>; the previous files are left as they were
error: every page matched `--exclude-urls` pattern `/**`
{HINT}"
        ),
    );
}

/// `include-urls` that no URL matches says so in as many words; patterns
/// of two settings together still get a line each, with its count.
#[test]
fn include_urls_matching_nothing_says_no_page_matched() {
    let dir = zola(&[]);
    let out = scan(dir.path(), &["--include-urls", "/blog/**"]);
    assert_refused(
        dir.path(),
        &out,
        &format!(
            "\
warning: `--include-urls` pattern `/blog/**` matches no page (`include-urls` is matched against URL paths under the base URL https://example.org/, such as `/`); correct the pattern or remove it
public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan
public/sitemap.xml: error: no entries to write: all 3 page(s) found are left out (3 not in `--include-urls`), and the sitemaps.org XSD requires at least one <url>; the previous files are left as they were
error: no page matched `--include-urls`
{HINT}"
        ),
    );
    let out = scan(
        dir.path(),
        &["--exclude-urls", "/a/", "--include-urls", "/a/**"],
    );
    assert_refused(
        dir.path(),
        &out,
        &format!(
            "\
public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan
public/sitemap.xml: error: no entries to write: all 3 page(s) found are left out (1 by `--exclude-urls`, 2 not in `--include-urls`), and the sitemaps.org XSD requires at least one <url>; the previous files are left as they were
error: 2 of them match no pattern of `--include-urls`
error: `--exclude-urls` pattern `/a/` matches 1 of them
{HINT}"
        ),
    );
}

/// A Hugo site whose every page, home and section included, is a draft.
#[test]
fn every_page_a_draft_names_the_drafts() {
    let dir = site(&[
        ("hugo.toml", "baseURL = \"https://example.org/\"\n"),
        ("content/_index.md", "---\ntitle: Home\ndraft: true\n---\n"),
        (
            "content/posts/_index.md",
            "---\ntitle: Posts\ndraft: true\n---\n",
        ),
        ("content/posts/a.md", "---\ntitle: A\ndraft: true\n---\n"),
        ("content/posts/b.md", "---\ntitle: B\ndraft: true\n---\n"),
    ]);
    let out = scan(dir.path(), &[]);
    assert_refused(
        dir.path(),
        &out,
        &format!(
            "\
public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan\n\
public/sitemap.xml: error: no entries to write: all 4 page(s) found are left out (4 draft), and the sitemaps.org XSD requires at least one <url>; the previous files are left as they were
error: 4 of them are drafts (`include-drafts = true` lists drafts too): content/_index.md, content/posts/_index.md, content/posts/a.md, 1 more
{HINT}"
        ),
    );
}
