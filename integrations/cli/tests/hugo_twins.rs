//! Two files of one page path (`p.md` beside `p/_index.md` or
//! `p/index.md`), one of them a draft, future or expired. The current
//! Hugo keeps one file per path, a different one from build to build,
//! and mostly publishes neither: 0.168.0 left out the path in at least 7
//! of 8 builds of each pairing. The scan leaves the path out and names
//! both files; 0.111.3, which publishes the published file every time,
//! is followed without a word. The URL sets are the differential case
//! `twin-paths-unpublished`, recorded with each Hugo release.

use std::fs;

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        (
            "hugo.toml",
            "baseURL = \"https://example.org/\"\ndisableKinds = [\"taxonomy\", \"term\"]\n",
        ),
        ("content/a.md", "---\ntitle: a\ndraft: true\n---\n"),
        ("content/a/_index.md", "---\ntitle: a section\n---\n"),
        ("content/b.md", "---\ntitle: b\n---\n"),
        (
            "content/b/_index.md",
            "---\ntitle: b section\ndraft: true\n---\n",
        ),
        ("content/b/c.md", "---\ntitle: c\n---\n"),
    ];
    for (path, text) in files {
        let path = dir.path().join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

fn scan(version: &str) -> (String, String) {
    let dir = site();
    let out = crate::sitemap(
        dir.path(),
        &[
            "scan",
            "--dry-run",
            "--hugo-version",
            version,
            "--lastmod",
            "front-matter",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    (
        crate::text(&out.stdout, dir.path()),
        crate::text(&out.stderr, dir.path()),
    )
}

#[test]
fn the_current_hugo_publishes_neither_twin_and_the_scan_names_both() {
    let (stdout, stderr) = scan("0.168.0");
    assert_eq!(
        stdout,
        "https://example.org/\n\
         https://example.org/b/c/\tsource=content/b/c.md\n"
    );
    assert_eq!(
        stderr,
        "content/a/_index.md: warning: the same page path as content/a.md, which is not \
         published (draft): the current Hugo then builds this path in some builds and not in \
         others, mostly not at all, so it is left out; rename or remove one of the two files\n\
         content/b.md: warning: the same page path as content/b/_index.md, which is not \
         published (draft): the current Hugo then builds this path in some builds and not in \
         others, mostly not at all, so it is left out; rename or remove one of the two files\n\
         public/: warning: no built page, so the sitemap is not checked against the site; run \
         `hugo` first, then the scan\n\
         sitemap: 5 files read as Hugo 0.168.0 (the hugo-version setting), 2 URLs, 4 excluded (2 draft, 2 unpublished twin); dry run, \
         nothing written\n"
    );
}

#[test]
fn hugo_0_111_publishes_the_published_twin() {
    let (stdout, stderr) = scan("0.111.3");
    assert_eq!(
        stdout,
        "https://example.org/\n\
         https://example.org/a/\tsource=content/a/_index.md\n\
         https://example.org/b/\tsource=content/b.md\n"
    );
    assert!(!stderr.contains("page path"), "{stderr}");
}
