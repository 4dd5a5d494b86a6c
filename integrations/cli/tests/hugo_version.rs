//! `hugo-version`: which Hugo a scan follows where Hugo's versions
//! differ, given in `sitemap.toml`, as a flag (the flag wins), and
//! refused when it names no Hugo. The site: a draft section with a page,
//! which Hugo 0.111.3 drops with the section and the current Hugo
//! publishes (both checked with the real Hugo: the differential cases
//! `unpublished-sections-keep-pages` and
//! `draft-section-keeps-nested-terms`).

use std::fs;
use std::path::Path;

fn draft_section(dir: &Path) {
    for (path, text) in [
        (
            "hugo.toml",
            "baseURL = \"https://example.org/\"\ndisableKinds = [\"taxonomy\", \"term\"]\n",
        ),
        ("content/s/_index.md", "---\ndraft: true\n---\n"),
        ("content/s/a.md", "---\ntitle: a\n---\n"),
    ] {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

fn locs(out: &std::process::Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_owned())
        .collect()
}

#[test]
fn the_setting_and_the_flag_choose_the_hugo_followed() {
    let dir = tempfile::tempdir().unwrap();
    draft_section(dir.path());
    let scan = |args: &[&str]| {
        let mut all = vec!["scan", "--dry-run", "-q", "--lastmod", "front-matter"];
        all.extend(args);
        locs(&crate::sitemap(dir.path(), &all))
    };
    assert_eq!(
        scan(&["--hugo-version", "0.168.0"]),
        ["https://example.org/", "https://example.org/s/a/"]
    );
    assert_eq!(
        scan(&["--hugo-version", "v0.111.3"]),
        ["https://example.org/"]
    );
    fs::write(
        dir.path().join("sitemap.toml"),
        "hugo-version = \"0.111.3\"\n",
    )
    .unwrap();
    assert_eq!(scan(&[]), ["https://example.org/"]);
    assert_eq!(
        scan(&["--hugo-version", "0.168.0"]),
        ["https://example.org/", "https://example.org/s/a/"]
    );
}

#[test]
fn a_version_that_names_no_hugo_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    draft_section(dir.path());
    fs::write(
        dir.path().join("sitemap.toml"),
        "hugo-version = \"latest\"\n",
    )
    .unwrap();
    let out = crate::sitemap(dir.path(), &["scan", "--dry-run"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: sitemap.toml:1 `hugo-version`: `latest` is not a Hugo version: write it as \
         `hugo version` prints it, such as 0.168.0\n  hint: change `hugo-version` in sitemap.toml\n"
    );
    assert!(!dir.path().join("public").exists());
}
