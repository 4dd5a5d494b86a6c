//! `--lastmod-deps bundle`: a page bundle's resources (the files beside
//! its `index.md`) count towards its lastmod, Zola and Hugo, checked
//! against `git log -1 --format=%cI` on a history made with
//! `git fast-import`; without the flag the page keeps its own file's date.

use std::path::Path;

use sitemap_testkit::{Schema, assert_valid};

const T0: u64 = 1_700_000_000;

/// `git log -1 --format=%cI -- FILE` as a lastmod writes it.
fn git_log(dir: &Path, file: &str) -> String {
    sitemap_testkit::git::log_date(dir, file)
}

/// The history: each commit's seconds are after T0.
fn history(dir: &Path, commits: &[sitemap_testkit::git::Commit<'_>]) {
    sitemap_testkit::git::history(dir, T0, commits);
}

/// `sitemap scan` with `args` in `root`; the lastmod of `loc`.
fn lastmod_of(root: &Path, args: &[&str], loc: &str) -> String {
    let mut all = vec!["scan", "-q"];
    all.extend(args);
    let out = crate::sitemap(root, &all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sitemap = root.join("public/sitemap.xml");
    assert_valid(&sitemap, Schema::Urlset);
    let xml = std::fs::read_to_string(&sitemap).unwrap();
    let at = xml
        .find(&format!("<loc>{loc}</loc>"))
        .unwrap_or_else(|| panic!("{loc} not in\n{xml}"));
    let rest = &xml[at..];
    let start = rest.find("<lastmod>").unwrap() + "<lastmod>".len();
    let end = rest.find("</lastmod>").unwrap();
    assert!(
        rest[..start].matches("<loc>").count() == 1,
        "{loc} has no lastmod:\n{xml}"
    );
    rest[start..end].to_owned()
}

/// Zola: the colocated `photo.jpg` changed after `index.md`; a `.md`
/// file and an editor's swap file beside it are no assets (changed later
/// still, they do not count).
#[test]
fn zola_bundle_asset_changed_last() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    history(
        root,
        &[
            (
                0,
                "+0100",
                &[
                    ("zola.toml", "base_url = \"https://example.org\"\n"),
                    ("content/_index.md", "+++\n+++\n"),
                    (
                        "content/trip/index.md",
                        "+++\ntitle = \"Trip\"\n+++\nText\n",
                    ),
                    ("content/trip/photo.jpg", "JPEG1"),
                ],
            ),
            (1_000, "+0200", &[("content/trip/photo.jpg", "JPEG2")]),
            (
                2_000,
                "-0500",
                &[
                    ("content/trip/draft-notes.md", "+++\n+++\n"),
                    ("content/trip/.photo.jpg.swp", "swap"),
                ],
            ),
        ],
    );
    let loc = "https://example.org/trip/";
    assert_eq!(
        lastmod_of(root, &[], loc),
        git_log(root, "content/trip/index.md")
    );
    assert_eq!(
        lastmod_of(root, &["--lastmod-deps", "bundle"], loc),
        git_log(root, "content/trip/photo.jpg")
    );
    assert_ne!(
        git_log(root, "content/trip/photo.jpg"),
        git_log(root, "content/trip/index.md")
    );
}

/// Hugo: every file of a leaf bundle is a resource, a content file too:
/// `notes.md` changed last.
#[test]
fn hugo_leaf_bundle_resource_changed_last() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    history(
        root,
        &[
            (
                0,
                "+0100",
                &[
                    ("hugo.toml", "baseURL = \"https://example.org/\"\n"),
                    (
                        "content/posts/trip/index.md",
                        "---\ntitle: Trip\n---\nText\n",
                    ),
                    ("content/posts/trip/photo.jpg", "JPEG1"),
                    ("content/posts/trip/notes.md", "Notes 1\n"),
                ],
            ),
            (1_000, "+0200", &[("content/posts/trip/photo.jpg", "JPEG2")]),
            (
                2_000,
                "-0500",
                &[("content/posts/trip/notes.md", "Notes 2\n")],
            ),
        ],
    );
    let loc = "https://example.org/posts/trip/";
    assert_eq!(
        lastmod_of(root, &[], loc),
        git_log(root, "content/posts/trip/index.md")
    );
    assert_eq!(
        lastmod_of(root, &["--lastmod-deps", "bundle"], loc),
        git_log(root, "content/posts/trip/notes.md")
    );
    assert_ne!(
        git_log(root, "content/posts/trip/notes.md"),
        git_log(root, "content/posts/trip/index.md")
    );
}
