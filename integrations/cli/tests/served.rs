//! Served and crawled: the example Hugo site, built by the real `hugo`,
//! its sitemap set written by `sitemap scan` (split into an index, with
//! robots.txt and the stylesheet), served by a real nginx whose workers
//! run as `www-data`, and read by two real sitemap consumers that find
//! the sitemaps only through `/robots.txt`: ultimate-sitemap-parser, and
//! Scrapy's `SitemapSpider`, which also fetches every page.
//!
//! What each test checks: both consumers find exactly the URLs the set
//! lists and exactly the set's files; every listed page answers 200 with
//! no `noindex`; every file the run wrote answers 200 (a file the web
//! server's user cannot read would answer 403).
//!
//! The site is built for `http://127.0.0.1:PORT/` so that everything a
//! consumer fetches stays on this machine.

use std::path::Path;
use std::process::Command;

use sitemap_testkit::served::{self, Nginx, UrlForm};

use crate::example;

/// A temporary folder `www-data` can search (tempfile makes them 0700).
fn served_tempdir() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// The example Hugo site built for `base`.
fn hugo_build(base: &str, public: &Path, env: &[(&str, &str)]) {
    crate::hugo_build_example(Some(base), public, env);
}

/// Runs `sitemap ARGS` with umask 022, as a deploy job typically has.
fn sitemap_with_umask(args: &[&str]) {
    let out = Command::new("sh")
        .arg("-c")
        .arg("umask 022; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "sitemap {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Serves `public` and checks what the consumers find against the set
/// whose root is `root_name`, and that every file in `written` answers 200.
fn serve_and_crawl(public: &Path, port: u16, form: UrlForm, root_name: &str, written: &[&str]) {
    let (pages, children) = sitemap_testkit::set_locs(&public.join(root_name));
    assert!(
        pages.len() > 5,
        "the example should list more pages than that: {pages:?}"
    );
    let conf = public.parent().unwrap().join("nginx");
    let nginx = Nginx::start(public, port, form, &conf);
    let home = nginx.home();
    let mut sitemaps = children;
    sitemaps.push(format!("{home}{root_name}"));
    sitemaps.sort();

    for name in written {
        assert_eq!(
            nginx.status(&format!("/{name}")),
            200,
            "nginx does not serve {name} (mode {:o}):\n{}",
            mode(&public.join(name)),
            nginx.error_log()
        );
    }

    served::assert_crawled(&nginx, &sitemaps, &pages);
}

fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .map_or(0, |m| m.permissions().mode() & 0o7777)
}

/// The set's files named by the set itself: the root, its children, and
/// the extra files the run was asked for.
fn written_files(public: &Path, root_name: &str, extra: &[&str]) -> Vec<String> {
    let (_, children) = sitemap_testkit::set_locs(&public.join(root_name));
    let mut files: Vec<String> = children
        .iter()
        .map(|c| c.rsplit('/').next().unwrap().to_owned())
        .collect();
    files.push(root_name.to_owned());
    files.extend(extra.iter().map(|s| (*s).to_owned()));
    files
}

fn content_scan_served(gzip: bool) {
    let tmp = served_tempdir();
    let public = tmp.path().join("public");
    let port = served::free_port();
    let base = format!("http://127.0.0.1:{port}/");
    hugo_build(&base, &public, &[]);
    let site = example("hugo-site");
    let mut args = vec![
        site.to_str().unwrap(),
        "--base-url",
        &base,
        "--out",
        public.to_str().unwrap(),
        "--robots",
        "--stylesheet",
        "--max-urls",
        "4",
    ];
    if gzip {
        args.push("--gzip");
    }
    let mut full = vec!["scan"];
    full.extend(args);
    sitemap_with_umask(&full);
    let root = if gzip {
        "sitemap.xml.gz"
    } else {
        "sitemap.xml"
    };
    let written = written_files(&public, root, &["robots.txt", "sitemap.xsl"]);
    assert!(written.len() > 4, "the set should be split: {written:?}");
    let written: Vec<&str> = written.iter().map(String::as_str).collect();
    serve_and_crawl(&public, port, UrlForm::Pretty, root, &written);
}

/// The CLI's split set, plain XML: both consumers find every URL through
/// robots.txt and nginx answers 200 for each.
#[test]
fn served_content_scan_split_plain() {
    content_scan_served(false);
}

/// The same set gzipped (`sitemap.xml.gz` index and parts).
#[test]
fn served_content_scan_split_gzip() {
    content_scan_served(true);
}

/// A built HTML folder listed without trailing slashes (`--trailing-slash
/// never`), served with `try_files $uri $uri/index.html`.
#[test]
fn served_html_scan_without_trailing_slash() {
    let tmp = served_tempdir();
    let public = tmp.path().join("public");
    let port = served::free_port();
    let base = format!("http://127.0.0.1:{port}/");
    hugo_build(&base, &public, &[]);
    let dir = public.to_str().unwrap();
    sitemap_with_umask(&[
        "scan",
        "--html",
        dir,
        "--base-url",
        &base,
        "--trailing-slash",
        "never",
        "--robots",
        "--max-urls",
        "5",
    ]);
    let written = written_files(&public, "sitemap.xml", &["robots.txt"]);
    let written: Vec<&str> = written.iter().map(String::as_str).collect();
    let (pages, _) = sitemap_testkit::set_locs(&public.join("sitemap.xml"));
    assert!(
        pages.iter().all(|p| p == &base || !p.ends_with('/')),
        "no listed page but the home page ends in a slash: {pages:?}"
    );
    serve_and_crawl(
        &public,
        port,
        UrlForm::NoTrailingSlash,
        "sitemap.xml",
        &written,
    );
}

/// A site built with Hugo's `uglyURLs` (`about.html`) listed as clean URLs
/// (`--clean-urls`: `about`), served with `try_files $uri $uri.html`.
#[test]
fn served_html_scan_with_clean_urls() {
    let tmp = served_tempdir();
    let public = tmp.path().join("public");
    let port = served::free_port();
    let base = format!("http://127.0.0.1:{port}/");
    hugo_build(&base, &public, &[("HUGO_UGLYURLS", "true")]);
    assert!(
        public.join("about.html").is_file(),
        "uglyURLs should give about.html"
    );
    let dir = public.to_str().unwrap();
    sitemap_with_umask(&[
        "scan",
        "--html",
        dir,
        "--base-url",
        &base,
        "--clean-urls",
        "--robots",
        "--gzip",
    ]);
    let written = written_files(&public, "sitemap.xml.gz", &["robots.txt"]);
    let written: Vec<&str> = written.iter().map(String::as_str).collect();
    let (pages, _) = sitemap_testkit::set_locs(&public.join("sitemap.xml.gz"));
    assert!(
        pages.iter().all(|p| !p.ends_with(".html")),
        "no listed page ends in .html: {pages:?}"
    );
    serve_and_crawl(&public, port, UrlForm::Clean, "sitemap.xml.gz", &written);
}

/// `--split-by section`: one sitemap per section of the example (numbered
/// past `--max-urls`), each holding only its section's pages, all under
/// the one index that robots.txt names; both consumers find every URL.
#[test]
fn served_content_scan_split_by_section() {
    let tmp = served_tempdir();
    let public = tmp.path().join("public");
    let port = served::free_port();
    let base = format!("http://127.0.0.1:{port}/");
    hugo_build(&base, &public, &[]);
    let site = example("hugo-site");
    sitemap_with_umask(&[
        "scan",
        site.to_str().unwrap(),
        "--base-url",
        &base,
        "--out",
        public.to_str().unwrap(),
        "--robots",
        "--split-by",
        "section",
        "--max-urls",
        "3",
    ]);
    sitemap_testkit::assert_all_valid(&public);
    let (pages, _) = sitemap_testkit::set_locs(&public.join("sitemap.xml"));
    // The sections, worked out here from the pages: a first segment with
    // a page under it; everything else is `home`.
    let first = |page: &str| -> Option<String> {
        let (seg, under) = page.strip_prefix(&base)?.split_once('/')?;
        Some(seg.to_owned()).filter(|_| !under.is_empty())
    };
    let sections: std::collections::BTreeSet<String> =
        pages.iter().filter_map(|p| first(p)).collect();
    assert!(sections.len() >= 2, "{sections:?} of {pages:?}");
    let group_of = |page: &str| -> String {
        let seg = page.strip_prefix(&base).and_then(|r| r.split_once('/'));
        match seg {
            Some((seg, _)) if sections.contains(seg) => seg.to_owned(),
            _ => "home".to_owned(),
        }
    };
    let index = std::fs::read_to_string(public.join("sitemap.xml")).unwrap();
    let mut groups_seen = std::collections::BTreeSet::new();
    for child in index.split("<loc>").skip(1) {
        let name = child[..child.find("</loc>").unwrap()]
            .rsplit('/')
            .next()
            .unwrap();
        let (child_pages, _) = sitemap_testkit::set_locs(&public.join(name));
        let group = group_of(&child_pages[0]);
        let rest = name.strip_prefix(&format!("sitemap-{group}-")).unwrap();
        assert!(
            rest.len() == "0a1b2c3d.xml".len() || rest.split_once('-').is_some(),
            "{name}"
        );
        for page in &child_pages {
            assert_eq!(group_of(page), group, "{page} in {name}");
        }
        groups_seen.insert(group);
    }
    let mut want: std::collections::BTreeSet<String> = sections.clone();
    want.insert("home".to_owned());
    assert_eq!(groups_seen, want);
    let written = written_files(&public, "sitemap.xml", &["robots.txt"]);
    let written: Vec<&str> = written.iter().map(String::as_str).collect();
    serve_and_crawl(&public, port, UrlForm::Pretty, "sitemap.xml", &written);
}
