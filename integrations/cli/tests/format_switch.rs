//! A format switch (`--gzip` on, then off, then on again) with `--robots`
//! leaves robots.txt naming only the file written last, the site's own
//! rules kept, and removes the file of the format left behind. Without
//! `--robots`, a switch still never leaves robots.txt naming the file it
//! removed: our line is updated, and a hand-made line naming a removed
//! part is warned of with the fix.

use std::fs;
use std::path::Path;

use crate::{sitemap, text};

fn scan(dir: &Path, extra: &[&str]) {
    let mut args = vec!["scan", "-q", "--robots", "--lastmod", "front-matter"];
    args.extend(extra);
    let out = sitemap(dir, &args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, dir));
}

#[test]
fn robots_txt_names_the_new_file_after_each_format_switch() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("content")).unwrap();
    fs::create_dir_all(root.join("public")).unwrap();
    fs::write(
        root.join("zola.toml"),
        "base_url = \"https://example.org\"\n",
    )
    .unwrap();
    fs::write(root.join("content/a.md"), "+++\n+++\nA\n").unwrap();
    let robots = root.join("public/robots.txt");
    fs::write(&robots, "User-agent: *\nDisallow: /private/\n").unwrap();
    let expect = |file: &str| {
        assert_eq!(
            fs::read_to_string(&robots).unwrap(),
            format!("User-agent: *\nDisallow: /private/\nSitemap: https://example.org/{file}\n"),
            "after writing {file}"
        );
        assert!(root.join("public").join(file).exists(), "{file}");
        let other = match file.strip_suffix(".gz") {
            Some(plain) => plain.to_owned(),
            None => format!("{file}.gz"),
        };
        assert!(
            !root.join("public").join(&other).exists(),
            "{other} left behind"
        );
    };
    scan(root, &["--gzip"]);
    expect("sitemap.xml.gz");
    scan(root, &[]);
    expect("sitemap.xml");
    scan(root, &["--gzip"]);
    expect("sitemap.xml.gz");
}

/// A Zola site with one page and `robots` in robots.txt, for the switches
/// made without `--robots`.
fn site(robots: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("content")).unwrap();
    fs::create_dir_all(root.join("public")).unwrap();
    fs::write(
        root.join("zola.toml"),
        "base_url = \"https://example.org\"\n",
    )
    .unwrap();
    fs::write(root.join("content/a.md"), "+++\n+++\nA\n").unwrap();
    fs::write(root.join("public/robots.txt"), robots).unwrap();
    dir
}

/// Runs `scan` without `--robots`; returns stderr and stdout.
fn scan_without_robots(dir: &Path, extra: &[&str]) -> (String, String) {
    let mut args = vec!["scan", "--lastmod", "front-matter"];
    args.extend(extra);
    let out = sitemap(dir, &args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, dir));
    (text(&out.stderr, dir), text(&out.stdout, dir))
}

#[test]
fn without_robots_a_switch_mends_the_line_naming_the_removed_file() {
    // An earlier `--robots --gzip` run wrote the `.gz` line; the plain
    // scan without `--robots` removes the `.gz` and updates that line
    // (only that line: the site's rules and another host's sitemap stay).
    let dir = site("User-agent: *\nDisallow: /private/\n");
    let root = dir.path();
    let robots = root.join("public/robots.txt");
    scan(root, &["--gzip"]);
    let mut text = fs::read_to_string(&robots).unwrap();
    text.push_str("Sitemap: https://cdn.example.net/sitemap.xml\n");
    fs::write(&robots, &text).unwrap();
    let (stderr, _) = scan_without_robots(root, &[]);
    assert_eq!(
        stderr,
        "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\n\
         sitemap: 1 files read, 2 URLs, none excluded; wrote public/sitemap.xml and robots.txt; removed sitemap.xml.gz\n"
    );
    assert_eq!(
        fs::read_to_string(&robots).unwrap(),
        "User-agent: *\nDisallow: /private/\nSitemap: https://example.org/sitemap.xml\nSitemap: https://cdn.example.net/sitemap.xml\n"
    );
    // And back: plain with `--robots`, then `--gzip` without it.
    scan(root, &[]);
    let (stderr, _) = scan_without_robots(root, &["--gzip"]);
    assert_eq!(
        stderr,
        "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\n\
         sitemap: 1 files read, 2 URLs, none excluded; wrote public/sitemap.xml.gz and robots.txt; removed sitemap.xml\n"
    );
    assert_eq!(
        fs::read_to_string(&robots).unwrap(),
        "User-agent: *\nDisallow: /private/\nSitemap: https://example.org/sitemap.xml.gz\nSitemap: https://cdn.example.net/sitemap.xml\n"
    );
    // A run that removes nothing leaves robots.txt alone without `--robots`.
    fs::write(&robots, b"User-agent: *\nDisallow: /private/\n").unwrap();
    let (stderr, _) = scan_without_robots(root, &["--gzip"]);
    assert_eq!(
        stderr,
        "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\n\
         sitemap: 1 files read, 2 URLs, none excluded; wrote public/sitemap.xml.gz\n"
    );
    assert_eq!(
        fs::read_to_string(&robots).unwrap(),
        "User-agent: *\nDisallow: /private/\n"
    );
}

#[test]
fn without_robots_a_line_naming_a_removed_part_is_named_with_the_fix() {
    // Two parts under an index, one listed by hand in robots.txt; the
    // next set fits one file, so the parts go and the line is warned of
    // (it is not a line the merge owns), robots.txt untouched.
    let dir = site("");
    let root = dir.path();
    let public = root.join("public");
    fs::remove_file(public.join("robots.txt")).unwrap();
    scan_without_robots(root, &["--max-urls", "1"]);
    let mut parts: Vec<String> = fs::read_dir(&public)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("sitemap-"))
        .collect();
    parts.sort();
    assert_eq!(parts.len(), 2, "{parts:?}");
    let hand = format!(
        "User-agent: *\nAllow: /\n\nSitemap: https://example.org/{}\n",
        parts[1]
    );
    fs::write(public.join("robots.txt"), &hand).unwrap();
    let (stderr, _) = scan_without_robots(root, &[]);
    assert_eq!(
        stderr,
        format!(
            "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\n\
             public/robots.txt: warning: the line `Sitemap: https://example.org/{two}` names {two}, a file of the previous set this run removed; delete that line (robots.txt need name only the root, https://example.org/sitemap.xml, which lists every part)\n\
             sitemap: 1 files read, 2 URLs, none excluded; wrote public/sitemap.xml; removed {one}, {two}\n",
            one = parts[0],
            two = parts[1],
        )
    );
    assert_eq!(fs::read_to_string(public.join("robots.txt")).unwrap(), hand);
}
