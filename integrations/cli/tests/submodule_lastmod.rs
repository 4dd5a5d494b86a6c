//! Pages in a git submodule (a Zola `content/`, mdBook chapters, the
//! sources an HTML scan maps built pages back to) are
//! dated by the submodule's own history: the superproject's `git log`
//! records only the submodule's commit, so they used to fall through to
//! their mtime, the checkout's time. Each lastmod is checked against
//! `git -C SUBMODULE log -1 --format=%cI -- FILE`; the checkout's mtimes
//! are pinned elsewhere so that falling back to them shows.

use std::path::Path;

use sitemap_testkit::git::{history, log_date, run as git};

use crate::{pin_mtimes, sitemap, text};

const T0: u64 = 1_700_000_000;

/// A superproject in `root` holding `files`, committed, with `pages`
/// (a history of its own) added as the submodule `at`.
fn superproject(root: &Path, files: &[(&str, &str)], at: &str, pages: &Path) {
    history(root, T0 + 50_000, &[(0, "+0000", files)]);
    let url = format!("file://{}", pages.display());
    git(root, &["submodule", "add", "-q", &url, at]);
    let date = "2023-11-16T00:00:00Z";
    let out = sitemap_testkit::git::command(root)
        .args(["commit", "-q", "-m", "add the submodule"])
        .env("GIT_AUTHOR_DATE", date)
        .env("GIT_COMMITTER_DATE", date)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    pin_mtimes(root);
}

/// `sitemap ARGS` in `root`: its stdout; fails with its stderr.
fn dry_run(root: &Path, args: &[&str]) -> String {
    let out = sitemap(root, args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, root));
    String::from_utf8(out.stdout).unwrap()
}

/// Zola with `content/` a submodule whose pages changed at different
/// times.
#[test]
fn zola_content_in_a_submodule_dated_by_its_history() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("pages");
    history(
        &pages,
        T0,
        &[
            (
                0,
                "+0100",
                &[
                    ("_index.md", "+++\n+++\n"),
                    ("old.md", "+++\ntitle = \"Old\"\n+++\n"),
                    ("new.md", "+++\ntitle = \"New\"\n+++\n"),
                ],
            ),
            (
                7_200,
                "-0500",
                &[("new.md", "+++\ntitle = \"New\"\n+++\nv2\n")],
            ),
        ],
    );
    let site = dir.path().join("site");
    superproject(
        &site,
        &[("zola.toml", "base_url = \"https://example.org\"\n")],
        "content",
        &pages,
    );
    let content = site.join("content");
    let (new, old) = (log_date(&content, "new.md"), log_date(&content, "old.md"));
    assert_eq!(
        [new.as_str(), old.as_str()],
        ["2023-11-14T19:13:20-05:00", "2023-11-14T23:13:20+01:00"]
    );
    assert_eq!(
        dry_run(&site, &["scan", "--dry-run", "-q"]),
        format!(
            "https://example.org/\tlastmod={new}\tsource=content/_index.md\n\
             https://example.org/new/\tlastmod={new}\tsource=content/new.md\n\
             https://example.org/old/\tlastmod={old}\tsource=content/old.md\n"
        )
    );
}

/// mdBook with `src/guide/` a submodule. (A book whose whole `src/` is
/// a submodule was dated right already: git is asked from `src/`, whose
/// top level is the submodule's.)
#[test]
fn mdbook_chapters_in_a_submodule_dated_by_its_history() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("pages");
    history(
        &pages,
        T0,
        &[
            (
                0,
                "+0200",
                &[("intro.md", "# Intro\n"), ("usage.md", "# Usage\n")],
            ),
            (3_600, "+0000", &[("usage.md", "# Usage\n\nMore.\n")]),
        ],
    );
    let book = dir.path().join("book");
    superproject(
        &book,
        &[
            (
                "book.toml",
                "[book]\ntitle = \"B\"\n\n[preprocessor.sitemap]\nbase-url = \"https://example.net/\"\n",
            ),
            (
                "src/SUMMARY.md",
                "# Summary\n\n- [Home](README.md)\n- [Intro](guide/intro.md)\n- [Usage](guide/usage.md)\n",
            ),
            ("src/README.md", "# Home\n"),
        ],
        "src/guide",
        &pages,
    );
    let guide = book.join("src/guide");
    let home = log_date(&book, "src/README.md");
    let (intro, usage) = (log_date(&guide, "intro.md"), log_date(&guide, "usage.md"));
    assert_eq!(
        [home.as_str(), intro.as_str(), usage.as_str()],
        [
            "2023-11-15T12:06:40Z",
            "2023-11-15T00:13:20+02:00",
            "2023-11-14T23:13:20Z"
        ]
    );
    assert_eq!(
        dry_run(&book, &["mdbook", "--dry-run", "-q"]),
        format!(
            "https://example.net/index.html\tlastmod={home}\tsource=src/README.md\n\
             https://example.net/guide/intro.html\tlastmod={intro}\tsource=src/guide/intro.md\n\
             https://example.net/guide/usage.html\tlastmod={usage}\tsource=src/guide/usage.md\n"
        )
    );
}

/// `scan --html` mapping built pages back to `docs/`, where `docs/guide/`
/// is a submodule.
#[test]
fn html_sources_in_a_submodule_dated_by_its_history() {
    let dir = tempfile::tempdir().unwrap();
    let pages = dir.path().join("pages");
    history(
        &pages,
        T0,
        &[
            (0, "-0300", &[("intro.md", "# Intro\n")]),
            (600, "+0530", &[("intro.md", "# Intro\n\nv2\n")]),
        ],
    );
    let site = dir.path().join("site");
    superproject(
        &site,
        &[
            ("docs/index.md", "# Home\n"),
            ("built/index.html", "<html><body>Home</body></html>\n"),
            (
                "built/guide/intro.html",
                "<html><body>Intro</body></html>\n",
            ),
        ],
        "docs/guide",
        &pages,
    );
    let home = log_date(&site, "docs/index.md");
    let intro = log_date(&site.join("docs/guide"), "intro.md");
    assert_eq!(
        [home.as_str(), intro.as_str()],
        ["2023-11-15T12:06:40Z", "2023-11-15T03:53:20+05:30"]
    );
    assert_eq!(
        dry_run(
            &site,
            &[
                "scan",
                "--html",
                "built",
                "--html-source",
                "docs",
                "--base-url",
                "https://example.org/",
                "--dry-run",
                "-q",
            ],
        ),
        format!(
            "https://example.org/\tlastmod={home}\n\
             https://example.org/guide/intro.html\tlastmod={intro}\n"
        )
    );
}
