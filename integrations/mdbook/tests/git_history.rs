//! `lastmod` from git: a book whose chapters were committed at known
//! dates, read in one pass; front matter beats git, uncommitted edits and
//! untracked files fall back to mtime; a shallow clone is reported.

use std::path::Path;
use std::process::Command;

use sitemap_testkit::{Schema, assert_valid};

use crate::support::{Book, set_mtime};

fn git(dir: &Path, args: &[&str], date: &str) {
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
        .current_dir(dir)
        .env("GIT_AUTHOR_DATE", date)
        .env("GIT_COMMITTER_DATE", date)
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A book in a git repository of its own:
/// - `README.md` and `old.md` committed on 2024-01-10 at 10:00 +01:00;
/// - `edited.md` committed then, changed on 2024-02-20 at 12:00 UTC;
/// - `pinned.md` committed on 2024-02-20 but with `lastmod` in front matter;
/// - `dirty.md` committed, then edited without a commit (mtime decides);
/// - `new.md` never committed (mtime decides).
fn history_book() -> Book {
    let book = Book::empty();
    book.write(
        "book.toml",
        "[book]\ntitle = \"History\"\n\n[preprocessor.sitemap]\n\n[output.html]\n\n[output.sitemap]\nbase-url = \"https://example.org/\"\n",
    );
    book.write(
        "src/SUMMARY.md",
        "- [Home](README.md)\n- [Old](old.md)\n- [Edited](edited.md)\n- [Pinned](pinned.md)\n- [Dirty](dirty.md)\n- [New](new.md)\n",
    );
    for name in ["README", "old", "edited", "dirty"] {
        book.write(&format!("src/{name}.md"), &format!("# {name}\n"));
    }
    book.write(".gitignore", "book/\n");
    git(
        book.root(),
        &["init", "-q", "-b", "main"],
        "2024-01-10T10:00:00+01:00",
    );
    git(book.root(), &["add", "."], "2024-01-10T10:00:00+01:00");
    git(
        book.root(),
        &["commit", "-q", "-m", "first"],
        "2024-01-10T10:00:00+01:00",
    );

    book.write("src/edited.md", "# edited\n\nMore.\n");
    book.write(
        "src/pinned.md",
        "+++\nlastmod = 2023-06-01\n+++\n# pinned\n",
    );
    git(book.root(), &["add", "."], "2024-02-20T12:00:00Z");
    git(
        book.root(),
        &["commit", "-q", "-m", "second"],
        "2024-02-20T12:00:00Z",
    );

    book.write("src/dirty.md", "# dirty\n\nNot committed yet.\n");
    book.write("src/new.md", "# new\n");
    for rel in ["src/dirty.md", "src/new.md"] {
        set_mtime(&book.path(rel));
    }
    book
}

#[test]
fn lastmod_from_git_history() {
    let book = history_book();
    book.build().unwrap();
    assert_valid(&book.path("book/html/sitemap.xml"), Schema::Urlset);
    insta::assert_snapshot!("git_history_sitemap", book.read("book/html/sitemap.xml"));
}

/// In a shallow clone whose history is cut off before a file's last
/// change, that file's date is unknown: `shallow = "fail"` stops the build
/// with the fix; the default warns and falls back to the next source.
#[test]
fn shallow_clone_is_reported() {
    let origin = history_book();
    git(
        origin.root(),
        &["add", "src/dirty.md", "src/new.md"],
        "2024-03-01T00:00:00Z",
    );
    git(
        origin.root(),
        &["commit", "-q", "-m", "third"],
        "2024-03-01T00:00:00Z",
    );

    let clone = Book::empty();
    let url = format!("file://{}", origin.root().display());
    git(
        clone.root(),
        &["clone", "-q", "--depth", "1", &url, "."],
        "2024-03-01T00:00:00Z",
    );
    for rel in sitemap_testkit::list_files(&clone.path("src")) {
        set_mtime(&clone.path(&format!("src/{rel}")));
    }

    let loaded = mdbook_sitemap::SitemapBook::load(clone.root()).unwrap();
    let entries = loaded.entries().unwrap();
    let warnings = crate::support::said(&entries.warnings);
    insta::assert_debug_snapshot!("shallow_warn", warnings);

    // The same book with `git.shallow = "fail"` over its table.
    let fail: sitemap_engine::Settings = toml::from_str("[git]\nshallow = \"fail\"\n").unwrap();
    let loaded = loaded.with_layer(sitemap_engine::Layer::new(
        fail,
        sitemap_engine::Origin::Flag,
    ));
    let err = loaded.entries().unwrap_err();
    insta::assert_snapshot!(
        "shallow_fail",
        crate::support::redact(&err.to_string(), clone.root())
    );

    // The same policy from book.toml stops `mdbook build`.
    let toml = clone.read("book.toml");
    clone.write(
        "book.toml",
        &format!("{toml}\n[output.sitemap.git]\nshallow = \"fail\"\n"),
    );
    assert!(clone.build().is_err());
    let (ok, stderr) = clone.run_renderer();
    assert!(!ok);
    assert_eq!(
        crate::support::redact(&stderr, clone.root()),
        // The error names the book's folder first: `PLACE: error: …`,
        // as every message that names a file or folder is printed.
        format!(
            "{}\n",
            crate::support::redact(&err.to_string(), clone.root()).replacen(": ", ": error: ", 1)
        )
    );
}
