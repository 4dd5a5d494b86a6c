//! The site's robots.txt, end to end: a page it disallows for Googlebot
//! is left out of the sitemap and counted (named with its rule under
//! `--verbose`), or kept with a warning with `robots-disallowed = "keep"`;
//! `validate --site` (or `--robots FILE`) flags a listed URL it
//! disallows, naming the robots.txt line.

use std::fs;
use std::path::Path;

use sitemap_testkit::assert_all_valid;

use crate::{sitemap, text};

const ROBOTS: &str =
    "# Our rules\nUser-agent: *\nDisallow: /private/\n\nUser-agent: Bingbot\nDisallow: /\n";

/// Built HTML: the home page, `about/`, and two pages under `/private/`
/// that the robots.txt beside them disallows for every crawler
/// (Googlebot has no group of its own; Bingbot's does not concern us).
fn site(dir: &Path) -> std::path::PathBuf {
    let public = dir.join("public");
    for page in [
        "index.html",
        "about/index.html",
        "private/a/index.html",
        "private/b/index.html",
    ] {
        let path = public.join(page);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(
            &path,
            "<html><head><title>T</title></head><body>x</body></html>",
        )
        .unwrap();
    }
    fs::write(public.join("robots.txt"), ROBOTS).unwrap();
    public
}

fn locs(xml: &str) -> Vec<&str> {
    xml.split("<loc>")
        .skip(1)
        .map(|s| &s[..s.find("</loc>").unwrap()])
        .collect()
}

#[test]
fn disallowed_pages_are_left_out_counted_and_flagged_by_validate() {
    let dir = tempfile::tempdir().unwrap();
    let public = site(dir.path());
    let scan = [
        "scan",
        "--html",
        "public",
        "--base-url",
        "https://example.org/",
    ];
    let out = sitemap(dir.path(), &scan);
    assert!(out.status.success(), "{}", text(&out.stderr, dir.path()));
    let xml = fs::read_to_string(public.join("sitemap.xml")).unwrap();
    assert_eq!(
        locs(&xml),
        ["https://example.org/", "https://example.org/about/"]
    );
    assert_all_valid(&public);
    let summary = text(&out.stdout, dir.path()) + &text(&out.stderr, dir.path());
    assert!(summary.contains("2 robots.txt"), "{summary}");

    // --verbose names each page and the rule.
    let mut verbose = scan.to_vec();
    verbose.push("--verbose");
    let out = sitemap(dir.path(), &verbose);
    let all = text(&out.stdout, dir.path()) + &text(&out.stderr, dir.path());
    for page in ["a", "b"] {
        let line = format!(
            "disallowed by public/robots.txt:3: Disallow: /private/ (https://example.org/private/{page}/)"
        );
        assert!(all.contains(&line), "{line}\n{all}");
    }

    // The robots.txt we write (the Sitemap: line merged) still disallows
    // nothing the sitemap lists: validate finds no error in the set.
    let mut with_robots = scan.to_vec();
    with_robots.push("--robots");
    let out = sitemap(dir.path(), &with_robots);
    assert!(out.status.success(), "{}", text(&out.stderr, dir.path()));
    let out = sitemap(dir.path(), &["validate", "--site", "public"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stdout, dir.path())
    );
    // Nor are the pages left out for robots.txt "indexable pages not in
    // the sitemap".
    let stdout = text(&out.stdout, dir.path());
    assert!(
        stdout.contains("2 indexable pages, 0 not in the sitemap"),
        "{stdout}"
    );

    // A hand-edited sitemap listing a disallowed page: an error at its
    // <loc>, naming the URL and the robots.txt line.
    let edited = xml.replace(
        "</urlset>",
        "  <url>\n    <loc>https://example.org/private/a/</loc>\n  </url>\n</urlset>",
    );
    fs::write(public.join("sitemap.xml"), &edited).unwrap();
    let line = edited
        .lines()
        .position(|l| l.contains("/private/a/"))
        .unwrap()
        + 1;
    let out = sitemap(dir.path(), &["validate", "--site", "public"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout, dir.path());
    let error = format!(
        "public/sitemap.xml:{line}:5: error: https://example.org/private/a/ is disallowed for Googlebot by public/robots.txt:3: Disallow: /private/ (a listed URL must be crawlable)"
    );
    assert!(stdout.contains(&error), "{error}\n{stdout}");

    // The same with --robots FILE and no site folder.
    fs::copy(public.join("robots.txt"), dir.path().join("rules.txt")).unwrap();
    let out = sitemap(
        dir.path(),
        &["validate", "public/sitemap.xml", "--robots", "rules.txt"],
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout, dir.path());
    assert!(
        stdout.contains("is disallowed for Googlebot by rules.txt:3: Disallow: /private/"),
        "{stdout}"
    );
}

#[test]
fn keep_lists_them_with_a_warning_naming_the_rule() {
    let dir = tempfile::tempdir().unwrap();
    let public = site(dir.path());
    fs::write(
        dir.path().join("sitemap.toml"),
        "robots-disallowed = \"keep\"\n",
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            "public",
            "--base-url",
            "https://example.org/",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr, dir.path()));
    let xml = fs::read_to_string(public.join("sitemap.xml")).unwrap();
    assert_eq!(locs(&xml).len(), 4, "{xml}");
    let stderr = text(&out.stderr, dir.path());
    assert!(
        stderr.contains("public/robots.txt:3: warning: `Disallow: /private/` disallows https://example.org/private/a/, which is listed (`robots-disallowed = \"keep\"`)"),
        "{stderr}"
    );
}

/// A Zola or Hugo site scanned from its sources before it is built: its
/// `static/robots.txt` is the one that will be served.
#[test]
fn a_zola_sites_static_robots_txt_counts_before_the_build() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for (path, body) in [
        ("zola.toml", "base_url = \"https://example.org\"\n"),
        ("content/_index.md", "+++\n+++\n"),
        ("content/a.md", "+++\n+++\nA\n"),
        ("content/private/_index.md", "+++\n+++\n"),
        ("content/private/b.md", "+++\n+++\nB\n"),
        ("static/robots.txt", ROBOTS),
    ] {
        fs::create_dir_all(root.join(path).parent().unwrap()).unwrap();
        fs::write(root.join(path), body).unwrap();
    }
    let out = sitemap(root, &["scan"]);
    assert!(out.status.success(), "{}", text(&out.stderr, root));
    let xml = fs::read_to_string(root.join("public/sitemap.xml")).unwrap();
    assert_eq!(
        locs(&xml),
        ["https://example.org/", "https://example.org/a/"]
    );
}

/// A robots.txt over 512 KiB failed every scan of the site. It is read as
/// Google reads it, its first 500 KiB (cut after the last whole line),
/// with a warning naming it: a rule in that part applies, one past it
/// does not.
#[test]
fn robots_txt_past_500_kib_is_read_to_500_kib_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let public = site(dir.path());
    fs::create_dir_all(public.join("late")).unwrap();
    fs::write(
        public.join("late/index.html"),
        "<html><head><title>T</title></head><body>x</body></html>",
    )
    .unwrap();
    let mut robots = String::from("User-agent: *\nDisallow: /private/\n");
    while robots.len() < 500 * 1024 - 10 {
        robots.push_str("# filler, as a generated robots.txt has it\n");
    }
    robots.push_str("Disallow: /late/\n");
    while robots.len() < 600 * 1024 {
        robots.push_str("# more\n");
    }
    fs::write(public.join("robots.txt"), &robots).unwrap();
    let out = std::process::Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args([
            "scan",
            "--html",
            "public",
            "--base-url",
            "https://example.org/",
        ])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stderr, dir.path()),
        format!(
            "\
public/robots.txt: warning: {} bytes; crawlers read the first 512000 (500 KiB) and ignore the rest, so only the rules in its first {} bytes apply, here too
sitemap: 5 files read, 3 URLs, 2 excluded (2 robots.txt); wrote public/sitemap.xml
",
            robots.len(),
            // Up to the last whole line within the 500 KiB.
            robots[..500 * 1024].rfind('\n').unwrap() + 1
        )
    );
    assert_eq!(out.status.code(), Some(0));
    let xml = fs::read_to_string(public.join("sitemap.xml")).unwrap();
    assert_eq!(
        locs(&xml),
        [
            "https://example.org/",
            "https://example.org/about/",
            "https://example.org/late/"
        ]
    );
    assert_eq!(
        fs::read_to_string(public.join("robots.txt")).unwrap(),
        robots
    );
}
