//! lastmod from the source tree a built site mirrors (git and front
//! matter through sitemap-pages), for pages whose markup has no date.

use std::path::Path;
use std::process::Command;

use sitemap_html::{HtmlOptions, SourceConfig, SourceMirror, scan};

fn write(root: &Path, rel: &str, text: &str) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn git(root: &Path, args: &[&str], date: &str) {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.invalid",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(root)
        .env("GIT_AUTHOR_DATE", date)
        .env("GIT_COMMITTER_DATE", date)
        .output()
        .expect("git is installed (.ci/run installs it)");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn sources_give_lastmod_where_the_markup_has_none() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    // The sources, in git: an mdBook-like `src/`.
    git(root, &["init", "-q"], "2024-01-01T00:00:00Z");
    write(root, "src/README.md", "# Home\n");
    write(root, "src/guide/intro.md", "# Intro\n");
    write(
        root,
        "src/guide/setup.md",
        "---\nlastmod: 2024-06-01\n---\n# Setup\n",
    );
    write(root, "src/dated.md", "# Dated\n");
    git(root, &["add", "src"], "2024-01-10T12:00:00Z");
    git(
        root,
        &["commit", "-q", "-m", "first"],
        "2024-01-10T12:00:00Z",
    );
    write(root, "src/about.md", "# About\n");
    git(root, &["add", "src"], "2024-03-05T08:30:00+01:00");
    git(
        root,
        &["commit", "-q", "-m", "about"],
        "2024-03-05T08:30:00+01:00",
    );

    // The built site, as mdBook (`.html` beside) and Hugo (`dir/index.html`)
    // write it; built just now, so file times say nothing.
    let built = root.join("book");
    write(
        &built,
        "index.html",
        "<html><head><title>Home</title></head></html>",
    );
    write(
        &built,
        "guide/intro.html",
        "<html><head><title>Intro</title></head></html>",
    );
    write(
        &built,
        "guide/setup.html",
        "<html><head><title>Setup</title></head></html>",
    );
    write(
        &built,
        "about/index.html",
        "<html><head><title>About</title></head></html>",
    );
    write(
        &built,
        "dated.html",
        r#"<html><head><meta property="article:modified_time" content="2025-02-02"></head></html>"#,
    );
    write(
        &built,
        "orphan.html",
        "<html><head><title>No source</title></head></html>",
    );

    let sources = SourceMirror::read(&root.join("src"), SourceConfig::default()).unwrap();
    assert!(sources.warnings().is_empty(), "{:?}", sources.warnings());
    let options =
        HtmlOptions::new("https://example.org/".parse().unwrap()).with_source_lastmod(sources);
    let found = scan(&built, &options).unwrap();
    let got: Vec<(String, Option<String>)> = found
        .urls
        .iter()
        .map(|u| {
            (
                u.loc.to_string(),
                u.lastmod.as_ref().map(ToString::to_string),
            )
        })
        .collect();
    let want = [
        ("https://example.org/", Some("2024-01-10T12:00:00Z")),
        (
            "https://example.org/about/",
            Some("2024-03-05T08:30:00+01:00"),
        ),
        // The page's own markup wins over its source.
        ("https://example.org/dated.html", Some("2025-02-02")),
        (
            "https://example.org/guide/intro.html",
            Some("2024-01-10T12:00:00Z"),
        ),
        // Front matter `lastmod` wins over git (sitemap-pages precedence).
        ("https://example.org/guide/setup.html", Some("2024-06-01")),
        // No source mirrors it: no lastmod, never the built file's mtime.
        ("https://example.org/orphan.html", None),
    ];
    let want: Vec<(String, Option<String>)> = want
        .iter()
        .map(|(l, m)| ((*l).to_owned(), m.map(str::to_owned)))
        .collect();
    assert_eq!(got, want);
}

/// A folder with both `index.md` and `README.md` took the README's date
/// for its page (`README.md` sorts first and claimed `index.html`), though
/// MkDocs, Jekyll and Eleventy all build `index.md` there
/// (`fixtures/readme-index/`, built with the real tools): the folder's
/// page has `index.md`'s lastmod, and the README's own page (Jekyll's
/// `README.html`, Eleventy's `README/index.html`) the README's.
#[test]
fn a_folders_index_source_wins_over_its_readme() {
    let fixture = crate::common::fixture("readme-index");
    let sources = || SourceMirror::read(&fixture.join("src"), SourceConfig::default()).unwrap();
    let mut out = String::new();
    for tool in ["mkdocs", "jekyll", "eleventy"] {
        let options = HtmlOptions::new("https://example.org/".parse().unwrap())
            .with_source_lastmod(sources());
        let found = scan(&fixture.join("built").join(tool), &options).unwrap();
        out.push_str(&format!(
            "## {tool}\n{}",
            crate::common::sitemap_xml(&found)
        ));
    }
    insta::assert_snapshot!(out);
}
