//! `--lastmod-deps bundle`: a page bundle's resources (the files beside
//! its `index.md`) count towards its lastmod, Zola and Hugo, checked
//! against `git log -1 --format=%cI` on a history made with
//! `git fast-import`; without the flag the page keeps its own file's date.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use sitemap_testkit::{Schema, assert_valid};

const T0: u64 = 1_700_000_000;

fn git(dir: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE");
    cmd
}

fn run(dir: &Path, args: &[&str]) -> String {
    let out = git(dir).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `git log -1 --format=%cI -- FILE`, a zero offset written `Z` as a
/// lastmod writes it (older git writes `+00:00`).
fn git_log(dir: &Path, file: &str) -> String {
    let out = run(dir, &["log", "-1", "--format=%cI", "--", file]);
    let out = out.trim();
    out.strip_suffix("+00:00")
        .map_or_else(|| out.to_owned(), |t| format!("{t}Z"))
}

/// A repository in `dir` with one commit per entry (seconds after T0,
/// offset, files written), checked out.
/// One commit: seconds after T0, offset, (path, content) of the files it
/// writes.
type Commit<'a> = (u64, &'a str, &'a [(&'a str, &'a str)]);

fn history(dir: &Path, commits: &[Commit<'_>]) {
    run(dir, &["init", "-q", "-b", "main"]);
    let mut stream = Vec::new();
    for (n, (after, offset, files)) in commits.iter().enumerate() {
        writeln!(stream, "commit refs/heads/main\nmark :{}", n + 1).unwrap();
        writeln!(
            stream,
            "committer C <c@example.org> {} {offset}\ndata 4\nedit",
            T0 + after
        )
        .unwrap();
        if n > 0 {
            writeln!(stream, "from :{n}").unwrap();
        }
        for (path, content) in *files {
            writeln!(
                stream,
                "M 100644 inline {path}\ndata {}\n{content}",
                content.len()
            )
            .unwrap();
        }
    }
    writeln!(stream, "done").unwrap();
    let mut child = git(dir)
        .args(["fast-import", "--quiet", "--done"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&stream).unwrap();
    assert!(child.wait().unwrap().success());
    run(dir, &["checkout", "-q", "-f", "main"]);
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
