//! Feature `git`: lastmod from the last commit, and git's own files among
//! the rerun-if-changed files.

use std::path::Path;
use std::process::Command;

use sitemap_build::Sitemap;

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_DATE", "2024-02-02T12:00:00Z")
        .env("GIT_COMMITTER_DATE", "2024-02-02T12:00:00Z")
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.invalid")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.invalid")
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

#[test]
fn git_lastmod_and_git_files_to_watch() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(
        root.join("zola.toml"),
        "base_url = \"https://g.example.org\"\n",
    )
    .unwrap();
    std::fs::create_dir(root.join("content")).unwrap();
    std::fs::write(root.join("content/page.md"), "+++\ntitle = \"P\"\n+++\n").unwrap();
    git(root, &["init", "-q", "-b", "main"]);
    git(root, &["add", "."]);
    git(root, &["commit", "-q", "-m", "one"]);
    let out = tempfile::tempdir().unwrap();
    let built = Sitemap::content(root)
        .lastmod([sitemap_build::LastmodSource::Git])
        .out_dir(out.path())
        .write()
        .unwrap();
    let xml = std::fs::read_to_string(out.path().join("sitemap.xml")).unwrap();
    sitemap_testkit::assert_valid(
        &out.path().join("sitemap.xml"),
        sitemap_testkit::Schema::Urlset,
    );
    assert!(
        xml.contains(
            "<loc>https://g.example.org/page/</loc>\n    <lastmod>2024-02-02T12:00:00Z</lastmod>"
        ),
        "{xml}"
    );
    let git_dir = root.canonicalize().unwrap().join(".git");
    assert_eq!(
        built.git_files,
        [
            git_dir.join("HEAD"),
            git_dir.join("index"),
            git_dir.join("refs/heads/main")
        ]
    );
}
