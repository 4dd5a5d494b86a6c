//! The lastmod ledger end to end: `--ledger` on a depth-1 clone gives the
//! full history's lastmods; on built HTML a theme change moves nothing, a
//! body edit moves exactly that page, a removal is recorded; the file is
//! byte-identical across runs on the same input; `sitemap changes` lists
//! the last run's changes.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use sitemap_testkit::git::{history, run as git};

fn scan(dir: &Path, args: &[&str], epoch: &str) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", epoch)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "sitemap {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Issue 16: with the ledger committed, a depth-1 clone (GitHub Actions'
/// default) gives exactly the lastmods of the full history, section and
/// home pages (no front matter dates) included.
#[test]
fn depth_one_clone_with_the_ledger_gives_the_full_historys_lastmods() {
    let tmp = tempfile::tempdir().unwrap();
    let full = tmp.path().join("full");
    // 2020-01-01, 2021-06-01, 2022-03-01.
    history(
        &full,
        0,
        &[
            (
                1_577_836_800,
                "+0000",
                &[
                    ("zola.toml", "base_url = \"https://example.org\"\n"),
                    ("content/_index.md", "+++\n+++\nHome\n"),
                    ("content/blog/_index.md", "+++\n+++\nBlog\n"),
                    ("content/blog/a.md", "+++\ntitle = \"A\"\n+++\nA\n"),
                ],
            ),
            (
                1_622_505_600,
                "+0000",
                &[("content/blog/b.md", "+++\ntitle = \"B\"\n+++\nB\n")],
            ),
            (
                1_646_092_800,
                "+0000",
                &[("content/about.md", "+++\ntitle = \"About\"\n+++\nAbout\n")],
            ),
        ],
    );
    let args = ["scan", "--dry-run", "-q", "--ledger", "sitemap.ledger"];
    // The full history's run writes nothing in a dry run; a real run makes
    // the ledger, which is committed.
    let expected = stdout(&scan(&full, &args, "1700000000"));
    scan(
        &full,
        &["scan", "-q", "--ledger", "sitemap.ledger"],
        "1700000000",
    );
    assert!(
        expected.contains("https://example.org/blog/\tlastmod=2021-06-01T00:00:00Z"),
        "{expected}"
    );
    git(&full, &["add", "sitemap.ledger"]);
    git(
        &full,
        &[
            "commit",
            "-q",
            "-m",
            "ledger",
            "--date",
            "2023-01-01T00:00:00Z",
        ],
    );

    let clone = tmp.path().join("clone");
    let url = format!("file://{}", full.display());
    git(
        tmp.path(),
        &["clone", "-q", "--depth", "1", &url, clone.to_str().unwrap()],
    );
    let shallow = stdout(&scan(&clone, &args, "1800000000"));
    assert_eq!(shallow, expected);
    // Without the ledger the clone cannot know those dates: the test
    // would show nothing if it could.
    let without = stdout(&scan(&clone, &["scan", "--dry-run", "-q"], "1800000000"));
    assert_ne!(without, expected);
}

const PAGE: &str = "<!doctype html><html><head><title>T</title></head><body>\
<nav>Home | Blog</nav><main><h1>TITLE</h1><p>BODY</p></main>\
<footer>Theme v1 (c) 2026</footer></body></html>";

fn page(title: &str, body: &str) -> String {
    PAGE.replace("TITLE", title).replace("BODY", body)
}

/// Issue 16: on built HTML a template-only change to every page changes no
/// lastmod; editing one page's body changes exactly that one; removing a
/// page records it; the ledger is byte-identical across runs on the same
/// input.
#[test]
fn built_html_ledger_follows_the_content_not_the_theme() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("public");
    fs::create_dir_all(&site).unwrap();
    for (name, title) in [("index.html", "Home"), ("a.html", "A"), ("b.html", "B")] {
        fs::write(site.join(name), page(title, "Text")).unwrap();
    }
    let args = [
        "scan",
        "-q",
        "--html",
        "public",
        "--base-url",
        "https://example.org/",
        "--out",
        "out",
        "--ledger",
        "ledger.txt",
    ];
    let sitemap = || fs::read_to_string(tmp.path().join("out/sitemap.xml")).unwrap();
    let ledger = || fs::read_to_string(tmp.path().join("ledger.txt")).unwrap();

    // First run (2026-01-01): no ledger before, no dates in the pages.
    scan(tmp.path(), &args, "1767225600");
    let first_ledger = ledger();
    assert!(!sitemap().contains("<lastmod>"), "{}", sitemap());
    // The same input, later: the same bytes.
    scan(tmp.path(), &args, "1767312000");
    assert_eq!(ledger(), first_ledger);

    // 2026-02-01: a.html's body edited.
    fs::write(site.join("a.html"), page("A", "New text")).unwrap();
    scan(tmp.path(), &args, "1769904000");
    let xml = sitemap();
    assert_eq!(xml.matches("<lastmod>").count(), 1, "{xml}");
    assert!(
        xml.contains(
            "<loc>https://example.org/a.html</loc>\n    <lastmod>2026-02-01T00:00:00Z</lastmod>"
        ),
        "{xml}"
    );
    let changes = stdout(&scan(
        tmp.path(),
        &["changes", "--ledger", "ledger.txt"],
        "0",
    ));
    assert_eq!(
        changes,
        "changed\thttps://example.org/a.html\t2026-02-01T00:00:00Z\n"
    );

    // 2026-03-01: a new theme on every page (nav, footer, wrapper).
    let edited = fs::read_to_string(site.join("a.html")).unwrap();
    for name in ["index.html", "a.html", "b.html"] {
        let text = fs::read_to_string(site.join(name))
            .unwrap()
            .replace("Theme v1", "Theme v2, dark")
            .replace("<nav>Home | Blog</nav>", "<nav>Home | Blog | Docs</nav>")
            .replace("<main>", "<div class=\"wrap\">\n  <main>")
            .replace("</main>", "</main>\n</div>");
        fs::write(site.join(name), text).unwrap();
    }
    assert_ne!(edited, fs::read_to_string(site.join("a.html")).unwrap());
    let before = ledger();
    scan(tmp.path(), &args, "1772323200");
    assert_eq!(sitemap(), xml, "a theme change moved a lastmod");
    assert_eq!(ledger(), before);

    // 2026-04-01: b.html removed.
    fs::remove_file(site.join("b.html")).unwrap();
    scan(tmp.path(), &args, "1775001600");
    assert!(
        ledger().contains("https://example.org/b.html\tremoved\t2026-04-01T00:00:00Z\t-\t-\n"),
        "{}",
        ledger()
    );
    let changes = stdout(&scan(
        tmp.path(),
        &["changes", "--ledger", "ledger.txt", "--output", "json"],
        "0",
    ));
    let json: serde_json::Value = serde_json::from_str(&changes).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "at": "2026-04-01T00:00:00Z",
            "changes": [{"loc": "https://example.org/b.html", "event": "removed", "lastmod": null}]
        })
    );
}

/// A ledger that is not one is an error naming its line, and the run
/// writes nothing.
#[test]
fn a_corrupt_ledger_names_its_line_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("public");
    fs::create_dir_all(&site).unwrap();
    fs::write(site.join("index.html"), page("Home", "Text")).unwrap();
    fs::write(
        tmp.path().join("ledger.txt"),
        "# sitemap ledger 1: URL, what last happened, when, content fingerprint, lastmod\nhttps://example.org/\tadded\tyesterday\t-\t-\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args([
            "scan",
            "--html",
            "public",
            "--base-url",
            "https://example.org/",
            "--out",
            "out",
            "--ledger",
            "ledger.txt",
        ])
        .current_dir(tmp.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("ledger.txt:2: error: time `yesterday`: "),
        "{stderr}"
    );
    assert!(!tmp.path().join("out").exists());
}

/// A chapter whose included listing changed is a changed page for the
/// ledger too, as it is for its lastmod: the fingerprint folds in the
/// files a page depends on.
#[test]
fn a_changed_include_is_a_changed_chapter() {
    let tmp = tempfile::tempdir().unwrap();
    let book = tmp.path();
    fs::create_dir_all(book.join("src")).unwrap();
    fs::write(
        book.join("book.toml"),
        "[book]\ntitle = \"t\"\n\n[preprocessor.sitemap]\nbase-url = \"https://example.org/\"\nlastmod = []\nledger = \"sitemap.ledger\"\n",
    )
    .unwrap();
    fs::write(book.join("src/SUMMARY.md"), "- [A](a.md)\n- [B](b.md)\n").unwrap();
    fs::write(
        book.join("src/a.md"),
        "# A\n\n```rust\n{{#include listing.rs}}\n```\n",
    )
    .unwrap();
    fs::write(book.join("src/b.md"), "# B\n").unwrap();
    fs::write(book.join("src/listing.rs"), "fn main() {}\n").unwrap();
    let args = ["mdbook", "-q", "--out", "out"];
    scan(book, &args, "1767225600");
    fs::write(
        book.join("src/listing.rs"),
        "fn main() { println!(\"hi\"); }\n",
    )
    .unwrap();
    scan(book, &args, "1769904000");
    let xml = fs::read_to_string(book.join("out/sitemap.xml")).unwrap();
    assert!(
        xml.contains(
            "<loc>https://example.org/a.html</loc>\n    <lastmod>2026-02-01T00:00:00Z</lastmod>"
        ),
        "{xml}"
    );
    assert_eq!(xml.matches("<lastmod>").count(), 1, "{xml}");
}
