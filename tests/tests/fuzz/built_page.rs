//! The fuzz target `built_page`: one file of a built HTML folder as
//! `sitemap scan --html` reads it (`sitemap_html::scan`), from the
//! repository's HTML fixtures mutated with heads, bodies, NUL and bytes
//! that are not UTF-8, template openings and long runs of text that carry
//! a NUL past the first chunk read, under names with a space, a `%`, a
//! tab or a line break.
//!
//! Checked: no panic; a file with a NUL byte in its first chunk is never
//! listed, and one left out as binary has a NUL at the offset named; no
//! `loc` holds an escaped tab or line break (`%09`, `%0A`, `%0D`), which
//! no link reaches.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::{drive, files, mutated, snippets, supervise_at, workspace};

/// The bytes read first (the reader's chunk), where any NUL means binary.
const FIRST_CHUNK: usize = 8 * 1024;

/// File names, in the forms that change the page's URL.
const NAMES: [&str; 5] = [
    "index.html",
    "a b.html",
    "p%.html",
    "t\tab.html",
    "g\nh.html",
];

fn inputs() -> impl Strategy<Value = (usize, Vec<u8>)> {
    let root = workspace();
    let seeds = files(&root.join("adapters/html/tests/fixtures"), &|n| {
        n.ends_with(".html")
    });
    let filler = "x".repeat(9_000);
    let snips = snippets(&[
        "\0",
        "\u{1}\u{2}\0",
        "<head>",
        "</head>",
        "<body>",
        "<p>",
        "<title>t</title>",
        "<meta name=\"robots\" content=\"noindex\">",
        "<link rel=\"canonical\" href=\"https://example.org/other.html\">",
        "<meta http-equiv=\"refresh\" content=\"0; url=/x\">",
        "{% block %}",
        "{{ x }}",
        "<!--",
        "-->",
        "\u{feff}",
        "\r\n",
        &filler,
    ]);
    let mut bytes_snips = snips;
    bytes_snips.push(b"\xff\xfe".to_vec());
    bytes_snips.push(b"\xc3".to_vec());
    (0..NAMES.len(), mutated(seeds, bytes_snips))
}

#[test]
fn built_page() {
    supervise_at("fuzz::built_page::built_page", "built_page", || {
        let options = sitemap_html::HtmlOptions::new("https://example.org/".parse().unwrap());
        drive(
            "built_page",
            inputs(),
            |(_, bytes)| bytes.clone(),
            |(name, bytes)| {
                let dir = tempfile::tempdir().unwrap();
                std::fs::write(dir.path().join(NAMES[*name]), bytes).unwrap();
                let Ok(found) = sitemap_html::scan(dir.path(), &options) else {
                    return Ok(());
                };
                check(&found, bytes)
            },
        );
    });
}

fn check(found: &sitemap_html::HtmlScan, bytes: &[u8]) -> Result<(), TestCaseError> {
    let first = &bytes[..bytes.len().min(FIRST_CHUNK)];
    if first.contains(&0) {
        prop_assert!(
            found.urls.is_empty(),
            "a file with a NUL in its first chunk is listed"
        );
    }
    for url in &found.urls {
        let loc = url.loc.as_str();
        prop_assert!(
            !["%09", "%0A", "%0D", "%0a", "%0d"]
                .iter()
                .any(|e| loc.contains(e)),
            "a loc no link reaches: {loc}"
        );
    }
    for left in &found.excluded {
        if let sitemap_html::Reason::Binary { at } = left.reason {
            prop_assert_eq!(bytes.get(at as usize), Some(&0), "no NUL at {}", at);
        }
    }
    Ok(())
}
