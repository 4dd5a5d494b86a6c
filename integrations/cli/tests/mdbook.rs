//! `sitemap mdbook [BOOK_DIR]`: the plugin's library run from the CLI
//! after `mdbook build`, on the mdbook-sitemap crate's `single-output`
//! fixture (a book with only the HTML output).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use sitemap_testkit::{Schema, assert_valid};

use crate::{copy_tree, pin_mtimes, sitemap, text};

pub(super) fn book() -> tempfile::TempDir {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../mdbook/tests/fixtures/single-output");
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&from, dir.path());
    // The fixture's lastmod falls back to mtime: pin it, as the plugin's own tests do.
    pin_mtimes(dir.path());
    dir
}

#[test]
fn mdbook_writes_into_the_built_book_folder() {
    let dir = book();
    let built: PathBuf = dir.path().join("book");
    fs::create_dir_all(&built).unwrap();
    let out = sitemap(dir.path(), &["mdbook"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!("mdbook_stderr", text(&out.stderr, dir.path()));
    let path = built.join("sitemap.xml");
    assert_valid(&path, Schema::Urlset);
    insta::assert_snapshot!("mdbook_sitemap", fs::read_to_string(&path).unwrap());
    insta::assert_snapshot!(
        "mdbook_robots",
        fs::read_to_string(built.join("robots.txt")).unwrap()
    );
}

#[test]
fn mdbook_dry_run_with_base_url_flag_writes_nothing() {
    let dir = book();
    let out = sitemap(
        dir.path(),
        &[
            "mdbook",
            ".",
            "--dry-run",
            "--base-url",
            "https://books.example.com/guide",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    insta::assert_snapshot!("mdbook_dry_run", String::from_utf8_lossy(&out.stdout));
    assert!(!dir.path().join("book").exists());
}

/// `--lastmod` overrides book.toml's precedence, and the dry run names
/// each chapter's file (what `cargo xtask corpus` checks a git lastmod
/// against) and prints lastmod as it is written.
#[test]
fn mdbook_dry_run_lastmod_flag_and_chapter_files() {
    let dir = book();
    let out = sitemap(
        dir.path(),
        &["mdbook", "--dry-run", "-q", "--lastmod", "mtime"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The same fields as `scan --dry-run`, the chapter file last.
    let first = stdout.lines().next().unwrap();
    assert!(
        first.contains("\tlastmod=2024-03-04T05:06:07Z\tpriority=0.9\tsource=src/README.md"),
        "{stdout}"
    );
    assert_eq!(
        stdout.lines().count(),
        stdout.matches("\tsource=src/").count()
    );
    let bad = sitemap(
        dir.path(),
        &["mdbook", "--dry-run", "--lastmod", "build-time"],
    );
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn mdbook_before_build_says_to_build_first() {
    let dir = book();
    let out = sitemap(dir.path(), &["mdbook"]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("mdbook_not_built", text(&out.stderr, dir.path()));
}

/// Issue #13 (found by `cargo xtask corpus`): `sitemap mdbook --out DIR`
/// refused a DIR that did not exist yet, with the hint "run `mdbook build`
/// first, or pass --out DIR" although --out was passed; `scan --out`
/// makes its folder, and so does this now. The sitemap written is the
/// one written into the built book.
#[test]
fn mdbook_out_folder_that_does_not_exist_is_made() {
    let dir = book();
    let out_dir = dir.path().join("site/sitemaps");
    let out = sitemap(dir.path(), &["mdbook", "--quiet", "--out", "site/sitemaps"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    assert_eq!(text(&out.stderr, dir.path()), "");
    let path = out_dir.join("sitemap.xml");
    assert_valid(&path, Schema::Urlset);
    insta::assert_snapshot!("mdbook_sitemap", fs::read_to_string(&path).unwrap());
}

/// Issue 12 (hangs): `sitemap mdbook` read chapters with a plain read, so
/// a FIFO named like a chapter blocked it forever. It is refused, naming
/// the file and what it is, at once (the path once said `src/src/`).
#[test]
fn mdbook_chapter_that_is_a_fifo_is_refused_never_opened() {
    let dir = book();
    fs::create_dir_all(dir.path().join("book")).unwrap();
    let chapter = dir.path().join("src/about.md");
    fs::remove_file(&chapter).unwrap();
    let status = Command::new("mkfifo").arg(&chapter).status().unwrap();
    assert!(status.success(), "mkfifo (coreutils) failed");
    let out = Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .arg("mdbook")
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stderr, dir.path()),
        "src/about.md: error: a FIFO (named pipe), not a regular file: not read\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// A book `mdbook init` of 0.4 made (`multilingual = false` in `[book]`),
/// which mdBook 0.4 builds and 0.5 refuses ("unknown field
/// `multilingual`"): read, with the key named, where it was refused
/// (4 of 4 books drawn at random on 2026-11-28 had it).
#[test]
fn mdbook_reads_a_book_made_by_mdbook_0_4_and_names_the_stale_key() {
    let dir = book();
    let toml = dir.path().join("book.toml");
    let written = fs::read_to_string(&toml).unwrap();
    fs::write(
        &toml,
        written.replace(
            "[book]\n",
            "[book]\nlanguage = \"en\"\nmultilingual = false\n",
        ),
    )
    .unwrap();
    let out = sitemap(
        dir.path(),
        &["mdbook", ".", "--dry-run", "--lastmod", "front-matter"],
    );
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr, dir.path());
    assert_eq!(
        stderr.lines().next(),
        Some(
            "book.toml: warning: `book.multilingual` is no setting of mdBook 0.5, which refuses \
             the book; mdBook 0.4 reads it, and the scan reads the rest: remove it (`mdbook init` \
             of 0.4 wrote `multilingual = false`, which no mdBook uses)"
        ),
        "{stderr}"
    );
    // The same chapters as the book without the key.
    let before = sitemap(
        book().path(),
        &["mdbook", ".", "--dry-run", "--lastmod", "front-matter"],
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&before.stdout)
    );
    assert!(!out.stdout.is_empty());
}

/// `book.toml` a link to a credentials file outside the book: the error
/// quoted the offending line (`aws_access_key_id = AKIA…`), and for a
/// link to `/proc/self/environ` the whole environment. It names the file
/// and line and quotes nothing, as the `sitemap.toml`, `hugo.toml` and
/// `zola.toml` errors do; the file linked to is left as it was.
#[test]
fn mdbook_never_quotes_a_line_of_a_book_toml_linked_out_of_the_book() {
    let dir = book();
    let secrets = tempfile::tempdir().unwrap();
    let credentials = secrets.path().join("credentials");
    let held = "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n";
    fs::write(&credentials, held).unwrap();
    let toml = dir.path().join("book.toml");
    fs::remove_file(&toml).unwrap();
    std::os::unix::fs::symlink(&credentials, &toml).unwrap();
    let out = sitemap(dir.path(), &["mdbook", ".", "--dry-run"]);
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (
            Some(1),
            "book.toml:2: error: invalid configuration file: string values must be quoted, expected literal string\n".to_owned()
        )
    );
    assert!(out.stdout.is_empty());
    assert_eq!(fs::read_to_string(&credentials).unwrap(), held);

    fs::remove_file(&toml).unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", &toml).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["mdbook", ".", "--dry-run"])
        .current_dir(dir.path())
        .env_clear()
        .env("NO_COLOR", "1")
        .env("SECRET_TOKEN", "hunter2")
        .output()
        .unwrap();
    assert_eq!(
        (out.status.code(), text(&out.stderr, dir.path())),
        (
            Some(1),
            "book.toml:1: error: invalid configuration file: unexpected key or value, expected newline, `#`\n".to_owned()
        )
    );
}

/// `[book] src = "pages"` with a stale `[rust] src = "x"`: mdBook 0.5's
/// error names the key, not the table, and the valid `book.src` was the
/// one removed, so the leftover `src/` was read and its chapters listed
/// (exit 0). The key is removed from the table mdBook refuses, and the
/// warning names that table.
#[test]
fn mdbook_removes_a_stale_key_from_the_table_mdbook_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (path, body) in [
        (
            "book.toml",
            "[book]\nsrc = \"pages\"\n\n[rust]\nsrc = \"x\"\n",
        ),
        ("pages/SUMMARY.md", "# Summary\n\n- [Pages](pages.md)\n"),
        ("pages/pages.md", "# Pages\n"),
        ("src/SUMMARY.md", "# Summary\n\n- [Leftover](leftover.md)\n"),
        ("src/leftover.md", "# Leftover\n"),
    ] {
        fs::create_dir_all(d.join(path).parent().unwrap()).unwrap();
        fs::write(d.join(path), body).unwrap();
    }
    fs::create_dir(d.join("book")).unwrap();
    let out = sitemap(
        d,
        &[
            "mdbook",
            ".",
            "--dry-run",
            "--lastmod",
            "front-matter",
            "--base-url",
            "https://example.org/",
        ],
    );
    assert_eq!(
        (
            out.status.code(),
            text(&out.stdout, d),
            text(&out.stderr, d)
        ),
        (
            Some(0),
            "https://example.org/pages.html\tsource=pages/pages.md\n".to_owned(),
            "book.toml: warning: `rust.src` is no setting of mdBook 0.5, which refuses the book; mdBook 0.4 reads it, and the scan reads the rest: remove it\n\
             sitemap: 1 URLs, 0 chapter(s) left out; dry run, nothing written\n"
                .to_owned()
        )
    );
}
