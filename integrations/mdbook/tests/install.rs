//! `mdbook-sitemap install`: book.toml before and after, whole; comments
//! and order kept; a second run changes nothing; the refusals; and a real
//! `mdbook build` (0.4 and 0.5) of the installed book writes a sitemap.

use std::process::Command;

use sitemap_testkit::{Schema, assert_valid};

use crate::support::{Book, EXE, redact};
use crate::two_versions::build_with_04;

/// Runs `mdbook-sitemap install ARGS`; returns success and what it printed
/// (stdout, then stderr), the book's folder shown as `[BOOK]`.
fn install(book: &Book, args: &[&str]) -> (bool, String) {
    let out = Command::new(EXE)
        .arg("install")
        .args(args)
        .current_dir(book.root())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), redact(&text, book.root()))
}

/// A book as a user keeps it: comments, a table order of their own, an
/// `[output.html]` with settings.
const COMMENTED: &str = r#"# The user's book.
[book]
title = "Mine"   # keep this comment
authors = ["Me"]

[output.html]
# The site is served under /book/.
site-url = "/book/"

[preprocessor.index]  # a preprocessor after the output
"#;

#[test]
fn install_adds_the_tables_keeping_comments_and_is_idempotent() {
    let book = Book::empty();
    book.write("book.toml", COMMENTED);
    let root = book.root().display().to_string();

    let (ok, said) = install(&book, &["--base-url", "https://example.org/book/", &root]);
    assert!(ok, "{said}");
    assert_eq!(
        said,
        "mdbook-sitemap: added [preprocessor.sitemap], [output.sitemap] to [BOOK]/book.toml; `mdbook build` now writes sitemap.xml beside the book's HTML\n\
mdbook-sitemap: the book's HTML moves from [BOOK]/book/ to [BOOK]/book/html/ (mdBook gives each output a folder of its own once there are two); publish [BOOK]/book/html/\n"
    );
    let after = book.read("book.toml");
    insta::assert_snapshot!("install_commented_after", after);

    // Run twice: the same file, and a message saying so (status 0).
    let (ok, said) = install(&book, &["--base-url", "https://example.org/other/", &root]);
    assert!(ok, "{said}");
    assert_eq!(
        said,
        "mdbook-sitemap: [BOOK]/book.toml already has [output.sitemap]; nothing changed\n"
    );
    assert_eq!(book.read("book.toml"), after);
}

#[test]
fn install_into_a_new_book_adds_the_html_output_and_builds_with_mdbook_04_and_05() {
    // What `mdbook init` writes (0.4 and 0.5 alike), and two chapters.
    let book = Book::empty();
    book.write(
        "book.toml",
        "[book]\nauthors = []\nlanguage = \"en\"\nsrc = \"src\"\ntitle = \"New\"\n",
    );
    book.write(
        "src/SUMMARY.md",
        "# Summary\n\n- [Chapter 1](chapter_1.md)\n    - [Nested](nested.md)\n",
    );
    book.write("src/chapter_1.md", "# Chapter 1\n");
    book.write("src/nested.md", "# Nested\n");

    // From inside the book: the folder defaults to `.`.
    let (ok, said) = install(&book, &["--base-url", "https://example.org/new"]);
    assert!(ok, "{said}");
    assert_eq!(
        said,
        "mdbook-sitemap: added [preprocessor.sitemap], [output.html], [output.sitemap] to ./book.toml; `mdbook build` now writes sitemap.xml beside the book's HTML\n\
mdbook-sitemap: the book's HTML moves from ./book/ to ./book/html/ (mdBook gives each output a folder of its own once there are two); publish ./book/html/\n"
    );
    insta::assert_snapshot!("install_new_book_after", book.read("book.toml"));

    build_with_04(&book);
    assert_valid(&book.path("book/html/sitemap.xml"), Schema::Urlset);
    let with_04 = book.read("book/html/sitemap.xml");
    insta::assert_snapshot!("install_new_book_sitemap", with_04);

    std::fs::remove_dir_all(book.path("book")).unwrap();
    book.build().unwrap();
    assert_eq!(book.read("book/html/sitemap.xml"), with_04);
}

/// Issue #40: adding `[output.sitemap]` moved the HTML from `book/` to
/// `book/html/` without a word, so a workflow publishing `./book`
/// published a folder holding `html/` and `sitemap/`. `install` now says
/// so, rewrites the workflow's `path:` and names the `run:` line it cannot
/// rewrite; `mdbook build` then writes the HTML where the workflow looks.
#[test]
fn install_says_the_html_moved_and_points_the_workflow_at_it() {
    let repo = Book::empty();
    std::fs::create_dir(repo.path(".git")).unwrap();
    repo.write("docs/book.toml", "[book]\ntitle = \"Docs\"\n");
    repo.write("docs/src/SUMMARY.md", "# Summary\n\n- [One](one.md)\n");
    repo.write("docs/src/one.md", "# One\n");
    let workflow = "\
on: push
jobs:
  pages:
    steps:
      - run: mdbook build docs && tar -cf site.tar docs/book
      - uses: actions/upload-pages-artifact@v3
        with:
          path: ./docs/book   # what Pages serves
";
    repo.write(".github/workflows/pages.yml", workflow);
    repo.write(".github/workflows/test.yaml", "on: push\njobs: {}\n");

    let (ok, said) = install(&repo, &["--base-url", "https://example.org/docs/", "docs"]);
    assert!(ok, "{said}");
    assert_eq!(
        said,
        "\
mdbook-sitemap: added [preprocessor.sitemap], [output.html], [output.sitemap] to docs/book.toml; `mdbook build` now writes sitemap.xml beside the book's HTML
mdbook-sitemap: the book's HTML moves from docs/book/ to docs/book/html/ (mdBook gives each output a folder of its own once there are two); publish docs/book/html/
mdbook-sitemap: .github/workflows/pages.yml:5: `- run: mdbook build docs && tar -cf site.tar docs/book` names docs/book; if it publishes the book, make that docs/book/html (not changed: not a `key: folder` line)
mdbook-sitemap: .github/workflows/pages.yml:8: changed `path: ./docs/book   # what Pages serves` to `path: ./docs/book/html   # what Pages serves`
"
    );
    assert_eq!(
        repo.read(".github/workflows/pages.yml"),
        workflow.replace("path: ./docs/book ", "path: ./docs/book/html ")
    );
    assert_eq!(
        repo.read(".github/workflows/test.yaml"),
        "on: push\njobs: {}\n"
    );

    // The folder the workflow now publishes is the one mdBook writes
    // (the book built in a copy, with the binary under test).
    let docs = Book::empty();
    for file in ["book.toml", "src/SUMMARY.md", "src/one.md"] {
        docs.write(file, &repo.read(&format!("docs/{file}")));
    }
    docs.build().unwrap();
    assert!(docs.path("book/html/index.html").is_file());
    assert!(docs.path("book/html/sitemap.xml").is_file());
}

/// A book that had two outputs already had its HTML in `book/html/`:
/// nothing moves, and no workflow is touched.
#[test]
fn install_into_a_book_with_two_outputs_moves_nothing() {
    let book = Book::empty();
    std::fs::create_dir(book.path(".git")).unwrap();
    book.write(
        "book.toml",
        "[book]\ntitle = \"T\"\n\n[output.html]\n\n[output.linkcheck]\n",
    );
    let workflow = "jobs:\n  x:\n    with:\n      path: ./book/html\n";
    book.write(".github/workflows/pages.yml", workflow);
    let (ok, said) = install(&book, &["--base-url", "https://example.org/"]);
    assert!(ok, "{said}");
    assert_eq!(
        said,
        "mdbook-sitemap: added [preprocessor.sitemap], [output.sitemap] to ./book.toml; `mdbook build` now writes sitemap.xml beside the book's HTML\n"
    );
    assert_eq!(book.read(".github/workflows/pages.yml"), workflow);
}

#[test]
fn install_refuses_a_folder_without_book_toml() {
    let book = Book::empty();
    let root = book.root().display().to_string();
    let (ok, said) = install(&book, &["--base-url", "https://example.org/", &root]);
    assert!(!ok);
    assert_eq!(
        said,
        "error: no book.toml in [BOOK]; name the book's folder (mdbook-sitemap install BOOK_DIR), or run `mdbook init` there first\n"
    );
}

#[test]
fn install_asks_for_the_base_url_and_checks_it() {
    let book = Book::empty();
    book.write("book.toml", COMMENTED);
    let (ok, said) = install(&book, &[]);
    assert!(!ok);
    assert_eq!(
        said,
        "error: say where the book is served: mdbook-sitemap install --base-url https://example.org/book/ .\n"
    );
    let (ok, said) = install(&book, &["--base-url", "example.org/book"]);
    assert!(!ok);
    insta::assert_snapshot!("install_relative_base_url", said);
    assert_eq!(
        book.read("book.toml"),
        COMMENTED,
        "a refusal leaves the file alone"
    );
}

#[test]
fn install_leaves_a_configured_book_alone() {
    // The one-output setup: the keys under [preprocessor.sitemap].
    let book = Book::fixture("single-output");
    let before = book.read("book.toml");
    let (ok, said) = install(&book, &[]);
    assert!(ok, "{said}");
    assert_eq!(
        said,
        "mdbook-sitemap: ./book.toml already has [preprocessor.sitemap] with a base-url; nothing changed\n"
    );
    assert_eq!(book.read("book.toml"), before);
}

/// `book.toml`'s bytes and permission bits.
fn file_state(book: &Book) -> (Vec<u8>, u32) {
    use std::os::unix::fs::PermissionsExt;
    let path = book.path("book.toml");
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
    (std::fs::read(&path).unwrap(), mode)
}

/// The names in the book's folder: no temporary file is left behind.
fn folder_names(book: &Book) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(book.root())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// On a full disk `book.toml` was truncated and cut off (no longer valid
/// TOML): it is now written beside itself and renamed over, so a failed
/// write (ENOSPC injected into the first `write` by strace) leaves it as
/// it was, mode and all, and the temporary file is removed.
#[test]
fn install_on_a_full_disk_leaves_book_toml_as_it_was() {
    use std::os::unix::fs::PermissionsExt;
    let book = Book::empty();
    book.write("book.toml", COMMENTED);
    std::fs::set_permissions(
        book.path("book.toml"),
        std::fs::Permissions::from_mode(0o640),
    )
    .unwrap();
    let before = file_state(&book);
    assert!(
        Command::new("strace")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success()),
        "strace is needed to fail the write with ENOSPC: apt-get install strace"
    );
    let out = Command::new("timeout")
        .args(["60", "strace", "-f", "-qq", "-o", "/dev/null"])
        .arg("-einject=write:error=ENOSPC:when=1")
        .arg(EXE)
        .args(["install", "--base-url", "https://example.org/book/"])
        .current_dir(book.root())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "book.toml: error: cannot write: No space left on device (os error 28); it is left as it was\n"
    );
    assert!(out.stdout.is_empty());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(file_state(&book), before);
    assert_eq!(folder_names(&book), ["book.toml"]);
}

/// A `book.toml` kept with Windows line endings came back with `\n` ones;
/// a private one (0600) became world-readable were it published as the
/// sitemap is. Both are kept.
#[test]
fn install_keeps_crlf_line_endings_and_the_mode() {
    use std::os::unix::fs::PermissionsExt;
    let book = Book::empty();
    book.write("book.toml", &COMMENTED.replace('\n', "\r\n"));
    std::fs::set_permissions(
        book.path("book.toml"),
        std::fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    let (ok, said) = install(&book, &["--base-url", "https://example.org/book/"]);
    assert!(ok, "{said}");
    assert_eq!(
        said,
        "mdbook-sitemap: added [preprocessor.sitemap], [output.sitemap] to ./book.toml; `mdbook build` now writes sitemap.xml beside the book's HTML\n\
mdbook-sitemap: the book's HTML moves from ./book/ to ./book/html/ (mdBook gives each output a folder of its own once there are two); publish ./book/html/\n"
    );
    let (bytes, mode) = file_state(&book);
    let lf = Book::empty();
    lf.write("book.toml", COMMENTED);
    assert!(install(&lf, &["--base-url", "https://example.org/book/"]).0);
    assert_eq!(
        String::from_utf8(bytes).unwrap(),
        lf.read("book.toml").replace('\n', "\r\n")
    );
    assert_eq!(mode, 0o600);
    assert_eq!(folder_names(&book), ["book.toml"]);
}

/// `install --help` and `submit --help` (and `-h`) print their usage and
/// exit 0; nothing is read or written.
#[test]
fn install_and_submit_take_help() {
    let install = "\
mdbook-sitemap install [BOOK_DIR] --base-url URL

Adds [preprocessor.sitemap], [output.html] and [output.sitemap] (with
base-url) to BOOK_DIR/book.toml (default: the current folder), keeping
its comments and line endings; a book.toml that has them already is left
as it is. With a second output, mdBook writes the HTML to book/html/
instead of book/: install says so, and points the `key: book` lines of
the repository's .github/workflows/*.yml at book/html, naming each line
(and the lines it leaves to you).

";
    let submit = "\
mdbook-sitemap submit [BOOK] [--init] [--dry-run] [--ledger FILE]
    [--endpoint URL] [--key KEY] [--key-location URL]

Tells search engines what changed since the last submission (IndexNow),
from the book's ledger (`ledger` in [output.sitemap]), after `mdbook
build` and the deploy. --init makes the key (src/KEY.txt, which mdBook
copies into every build, and `submit.key`); --dry-run says what would be
sent, and sends nothing.

";
    for (command, expected) in [("install", install), ("submit", submit)] {
        for flag in ["--help", "-h"] {
            let dir = tempfile::tempdir().unwrap();
            let out = Command::new(EXE)
                .args([command, flag])
                .current_dir(dir.path())
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{command} {flag}");
            assert!(out.stderr.is_empty(), "{command} {flag}");
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                expected,
                "{command} {flag}"
            );
            assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        }
    }
}

/// Issue #40: `site-url = "/book/"` with a `base-url` on the host root
/// listed every chapter at a URL that answers 404, silently. The run now
/// says so and suggests the base URL with the folder.
#[test]
fn a_base_url_without_the_site_url_folder_is_a_warning() {
    let book = Book::empty();
    book.write(
        "book.toml",
        "[book]\ntitle = \"t\"\n\n[output.html]\nsite-url = \"/book/\"\n\n[output.sitemap]\nbase-url = \"https://rust-cli.github.io/\"\nlastmod = []\n",
    );
    book.write("src/SUMMARY.md", "- [A](a.md)\n");
    book.write("src/a.md", "# A\n");
    let loaded = mdbook_sitemap::SitemapBook::load(book.root()).unwrap();
    std::fs::create_dir_all(loaded.html_dir()).unwrap();
    std::fs::write(loaded.html_dir().join("a.html"), "<p>a</p>\n").unwrap();
    let report = loaded.write().unwrap();
    let root = book.root().display().to_string();
    let warnings: Vec<String> = report
        .warnings
        .iter()
        .map(|w| w.replace(&root, "[BOOK]"))
        .collect();
    assert_eq!(
        warnings,
        [
            "[BOOK]/book.toml: base-url https://rust-cli.github.io/ leaves out output.html.site-url \"/book/\": mdBook serves the book under /book/, so these URLs miss it; did you mean https://rust-cli.github.io/book/?"
        ]
    );
}

/// A `book.toml` its owner made read-only (0444, in a folder the owner
/// can write) was replaced by the rename that publishes the edit, where
/// the old in-place write said "Permission denied". It is refused,
/// naming the mode, and left as it was, mode and all.
#[test]
fn install_refuses_a_read_only_book_toml_naming_the_mode() {
    use std::os::unix::fs::PermissionsExt;
    let book = Book::empty();
    book.write("book.toml", COMMENTED);
    std::fs::set_permissions(
        book.path("book.toml"),
        std::fs::Permissions::from_mode(0o444),
    )
    .unwrap();
    let before = file_state(&book);
    let (ok, said) = install(&book, &["--base-url", "https://example.org/book/"]);
    assert!(!ok);
    assert_eq!(
        said,
        "book.toml: error: cannot replace the file: read-only (mode 0444); make it writable first (`chmod u+w`), or edit it by hand; it is left as it was\n"
    );
    assert_eq!(file_state(&book), before);
    assert_eq!(folder_names(&book), ["book.toml"]);
}

/// `book.toml` a link to a credentials file outside the book: `install`
/// quoted the offending line (`aws_access_key_id = AKIA…`). It names the
/// file and line only, and the file linked to is left as it was.
#[test]
fn install_never_quotes_a_line_of_a_book_toml_linked_out_of_the_book() {
    let book = Book::empty();
    let secrets = tempfile::tempdir().unwrap();
    let credentials = secrets.path().join("credentials");
    let held = "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n";
    std::fs::write(&credentials, held).unwrap();
    std::os::unix::fs::symlink(&credentials, book.path("book.toml")).unwrap();
    let (ok, said) = install(&book, &["--base-url", "https://example.org/book/"]);
    assert!(!ok);
    assert_eq!(
        said,
        "book.toml:2: error: not valid TOML: string values must be quoted, expected literal string\n"
    );
    assert_eq!(std::fs::read_to_string(&credentials).unwrap(), held);
    assert!(
        std::fs::symlink_metadata(book.path("book.toml"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}
