//! The fuzz target `book_toml`: a book's `book.toml` as `sitemap mdbook`
//! reads it (`sitemap_book::Book::load`: mdBook 0.5's reading,
//! with the keys 0.5 refuses and 0.4 read left out one by one), from the
//! repository's real `book.toml` files mutated with stale keys of each
//! strict table, the same key in two tables, keys holding escapes and
//! line breaks, and TOML's own syntax.
//!
//! Checked: no panic; an error names `book.toml` (or, past it, the file
//! it is about) and quotes no line of the file (a `book.toml` linked to a
//! credentials file must not be printed); no message, error or warning,
//! holds a control character but the line breaks between its lines (a key
//! is any string, and could otherwise rewrite the terminal).

use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::{drive, files, mutated, snippets, supervise_at, workspace};

fn inputs() -> impl Strategy<Value = Vec<u8>> {
    let root = workspace();
    let mut seeds = Vec::new();
    for dir in [
        "examples",
        "integrations/mdbook/tests/fixtures",
        "docs/guide",
    ] {
        seeds.extend(files(&root.join(dir), &|n| n == "book.toml"));
    }
    let snips = snippets(&[
        "\n",
        "[book]\n",
        "[build]\n",
        "[rust]\n",
        "[output.html]\n",
        "[output.html.print]\n",
        "[output.html.redirect]\n",
        "[output.sitemap]\n",
        "[preprocessor.sitemap]\n",
        "[default]\n",
        "src = \"pages\"\n",
        "multilingual = false\n",
        "curly-quotes = true\n",
        "site-url = \"/x/\"\n",
        "enable = false\n",
        "edition = \"2021\"\n",
        "title = 3\n",
        "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n",
        "\"a\\u001b[2Jb\\nc\" = 1\n",
        "\"\\r\\t\" = 2\n",
        " = ",
        "\"",
        "'",
        "[",
        "]",
        "{",
        "}",
        "#",
        ".",
        "\u{feff}",
        "\r\n",
        "\0",
        "[[[[[[[[[[[[[[[[",
    ]);
    mutated(seeds, snips)
}

/// Whether `message` holds a control character other than a line break.
fn raw_control(message: &str) -> bool {
    message.chars().any(|c| c.is_control() && c != '\n')
}

#[test]
fn book_toml() {
    supervise_at("fuzz::book_toml::book_toml", "book_toml", || {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::write(root.join("src/SUMMARY.md"), "# Summary\n\n- [A](a.md)\n").unwrap();
        std::fs::write(root.join("src/a.md"), "# A\n").unwrap();
        drive("book_toml", inputs(), Clone::clone, |bytes| {
            std::fs::write(root.join("book.toml"), bytes).unwrap();
            check(&root, bytes)
        });
    });
}

fn check(root: &Path, bytes: &[u8]) -> Result<(), TestCaseError> {
    match sitemap_book::Book::load(root) {
        Err(e) => {
            let shown = e.to_string();
            prop_assert!(
                shown.starts_with(&*root.to_string_lossy()),
                "error without its path: {shown}"
            );
            prop_assert!(!raw_control(&shown), "a raw control character: {shown:?}");
            for line in String::from_utf8_lossy(bytes).lines() {
                let line = line.trim();
                // A line long enough to be a secret, not a word of the message.
                prop_assert!(
                    line.len() < 24 || !shown.contains(line),
                    "the line {line:?} is quoted: {shown}"
                );
            }
        }
        Ok(book) => {
            for warning in book.config_warnings() {
                let shown = warning.to_string();
                prop_assert!(!raw_control(&shown), "a raw control character: {shown:?}");
            }
        }
    }
    Ok(())
}
