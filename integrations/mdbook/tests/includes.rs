//! A chapter's `lastmod` counts the files it `{{#include}}`s, as mdBook
//! expands them (nested, line ranges, anchors, `rustdoc_include`,
//! `playground`; an escaped link is text): each chapter's date is
//! checked against `git log -1 --format=%cI` over the file that should
//! decide it, and the built HTML shows that mdBook really includes (or
//! leaves out) the same files.

use std::path::Path;

use mdbook_sitemap::SitemapBook;
use sitemap_testkit::{Schema, assert_valid};

use crate::support::Book;

const T0: u64 = 1_700_000_000;

/// `git log -1 --format=%cI -- FILE` as a lastmod writes it.
fn git_log(dir: &Path, file: &str) -> String {
    sitemap_testkit::git::log_date(dir, file)
}

/// The history: each commit's seconds are after T0.
fn history(dir: &Path, commits: &[sitemap_testkit::git::Commit<'_>]) {
    sitemap_testkit::git::history(dir, T0, commits);
}

const SUMMARY: &str = "- [Listing](listing.md)\n- [Nested](nested.md)\n- [Ranges](ranges.md)\n- [Escaped](escaped.md)\n- [Playground](playground.md)\n- [Missing](missing.md)\n";

/// - `listing.md` includes `main.rs`, changed after it;
/// - `nested.md` includes `part.md`, which `rustdoc_include`s an anchor of
///   `deep.rs`, changed later still;
/// - `ranges.md` includes line 1 of `lines.md` (line 2 would include
///   `hidden.rs`) and the anchor `keep` of `anchored.md` (which includes
///   `kept.rs` inside it, `dropped.rs` outside): `kept.rs` changes, then
///   `hidden.rs` and `dropped.rs` change last;
/// - `escaped.md` shows `\{{#include …escaped.rs}}` as text; `escaped.rs`
///   changes last;
/// - `playground.md` includes `play.rs` as a playground;
/// - `missing.md` includes a file that does not exist (line 3).
fn deps_book() -> Book {
    let book = Book::empty();
    history(
        book.root(),
        &[
            (
                0,
                "+0100",
                &[
                    (".gitignore", "book/\n"),
                    (
                        "book.toml",
                        "[book]\ntitle = \"Deps\"\n\n[output.html]\n\n[output.sitemap]\nbase-url = \"https://example.org/\"\n",
                    ),
                    ("src/SUMMARY.md", SUMMARY),
                    (
                        "src/listing.md",
                        "# Listing\n\n```rust\n{{#include ../listings/main.rs}}\n```\n",
                    ),
                    ("listings/main.rs", "fn main() {}\n"),
                    ("src/nested.md", "# Nested\n\n{{#include part.md}}\n"),
                    (
                        "src/part.md",
                        "```rust\n{{#rustdoc_include ../listings/deep.rs:body}}\n```\n",
                    ),
                    (
                        "listings/deep.rs",
                        "fn deep() {\n    // ANCHOR: body\n    let body = 1;\n    // ANCHOR_END: body\n}\n",
                    ),
                    (
                        "src/ranges.md",
                        "# Ranges\n\n{{#include ../listings/lines.md:1:1}}\n\n{{#include ../listings/anchored.md:keep}}\n",
                    ),
                    ("listings/lines.md", "line one\n{{#include hidden.rs}}\n"),
                    ("listings/hidden.rs", "HIDDEN_V1\n"),
                    (
                        "listings/anchored.md",
                        "{{#include dropped.rs}}\n<!-- ANCHOR: keep -->\n{{#include kept.rs}}\n<!-- ANCHOR_END: keep -->\n",
                    ),
                    ("listings/kept.rs", "KEPT_V1\n"),
                    ("listings/dropped.rs", "DROPPED_V1\n"),
                    (
                        "src/escaped.md",
                        "# Escaped\n\nWrite \\{{#include ../listings/escaped.rs}} to include a file.\n",
                    ),
                    ("listings/escaped.rs", "ESCAPED_V1\n"),
                    (
                        "src/playground.md",
                        "# Playground\n\n{{#playground ../listings/play.rs editable}}\n",
                    ),
                    ("listings/play.rs", "fn main() { println!(\"v1\"); }\n"),
                    ("src/missing.md", "# Missing\n\n{{#include nowhere.rs}}\n"),
                ],
            ),
            (
                1_000,
                "+0200",
                &[("listings/main.rs", "fn main() { MAIN_V2 }\n")],
            ),
            (2_000, "-0500", &[("listings/kept.rs", "KEPT_V2\n")]),
            (
                3_000,
                "+0000",
                &[("listings/play.rs", "fn main() { println!(\"v2\"); }\n")],
            ),
            (
                4_000,
                "+0530",
                &[(
                    "listings/deep.rs",
                    "fn deep() {\n    // ANCHOR: body\n    let body = 2;\n    // ANCHOR_END: body\n}\n",
                )],
            ),
            (
                5_000,
                "-0800",
                &[
                    ("listings/hidden.rs", "HIDDEN_V2\n"),
                    ("listings/dropped.rs", "DROPPED_V2\n"),
                    ("listings/escaped.rs", "ESCAPED_V2\n"),
                ],
            ),
        ],
    );
    book
}

/// Each chapter's lastmod is the commit date of the file that should
/// decide it: its newest include, through nesting, ranges and anchors;
/// its own file when the newer files are left out or escaped.
#[test]
fn chapter_lastmod_counts_its_includes() {
    let book = deps_book();
    book.build().unwrap();
    let sitemap = book.path("book/html/sitemap.xml");
    assert_valid(&sitemap, Schema::Urlset);
    let xml = std::fs::read_to_string(&sitemap).unwrap();
    let root = book.root();
    let expected = [
        ("listing", "listings/main.rs"),
        ("nested", "listings/deep.rs"),
        ("ranges", "listings/kept.rs"),
        ("escaped", "src/escaped.md"),
        ("playground", "listings/play.rs"),
        ("missing", "src/missing.md"),
    ];
    let mut want = String::new();
    for (page, file) in expected {
        want.push_str(&format!(
            "  <url>\n    <loc>https://example.org/{page}.html</loc>\n    <lastmod>{}</lastmod>\n  </url>\n",
            git_log(root, file)
        ));
    }
    let body = xml
        .split_once("\">\n")
        .and_then(|(_, rest)| rest.strip_suffix("</urlset>\n"))
        .unwrap_or_else(|| panic!("unexpected sitemap:\n{xml}"));
    assert_eq!(body, want, "{xml}");
    // The listings that change last are not what these chapters show.
    assert_ne!(
        git_log(root, "listings/kept.rs"),
        git_log(root, "listings/hidden.rs")
    );

    // What mdBook itself put in the pages: the deps, and not the files
    // counted out.
    let html = |page: &str| book.read(&format!("book/html/{page}.html"));
    assert!(html("listing").contains("MAIN_V2"));
    assert!(html("nested").contains("let body = 2;"));
    let ranges = html("ranges");
    assert!(ranges.contains("KEPT_V2"), "{ranges}");
    assert!(
        !ranges.contains("HIDDEN") && !ranges.contains("DROPPED"),
        "{ranges}"
    );
    assert!(!html("escaped").contains("ESCAPED_V2"));
    assert!(html("escaped").contains("{{#include ../listings/escaped.rs}}"));
    assert!(html("missing").contains("{{#include nowhere.rs}}"));
}

/// A link mdBook cannot read stays in the page as text; the sitemap says
/// so, naming the chapter file and line, and the file it looked for.
#[test]
fn missing_include_is_a_warning_naming_chapter_and_line() {
    let book = deps_book();
    let sitemap_book = SitemapBook::load(book.root()).unwrap();
    let entries = sitemap_book.entries().unwrap();
    assert_eq!(
        crate::support::said(&entries.warnings),
        [
            "src/missing.md:3: {{#include nowhere.rs}}: cannot read src/nowhere.rs (No such file or directory (os error 2)); mdBook leaves the link as text in the page; correct the path, or write \\{{#include nowhere.rs}} to show it as text"
        ]
    );
}
