//! The fuzz target `org_keywords`: the `#+KEY: value` lines opening an
//! Org page, as Hugo's Org reader takes them for front matter
//! (`sitemap_hugo`'s `org` reader, through its fuzzing entry), from the
//! repository's `.org` pages mutated with keyword lines, lists,
//! timestamps, `#+BEGIN_…`/`#+END_…` fences (raw and not, closed and
//! not, many at once), go-org's own keywords, a byte order mark, carriage
//! returns, NUL, bytes that are not UTF-8 and lines past Hugo's 64 KiB.
//!
//! Checked, with the rules of Hugo 0.111.3 and of the current Hugo: no
//! panic; every key read is lowercase (go-org lowercases them); a refusal
//! names the file and its line; and the whole scan of a site holding the
//! page (`content/fuzz/page.org`) agrees: it fails naming the page where
//! the reader refuses the block, and reads it where the reader does.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::{drive, files, mutated, snippets, supervise_at, workspace};

fn inputs() -> impl Strategy<Value = Vec<u8>> {
    let root = workspace();
    let mut seeds = files(&root.join("tests/data/differential/hugo"), &|n| {
        n.ends_with(".org")
    });
    seeds.push(b"#+TITLE: t\n#+SLUG: s\n\n* Heading\n".to_vec());
    let many_openings = "#+BEGIN_QUOTE\n".repeat(2_000);
    let many_keys: String = (0..2_000).map(|i| format!("#+K{i}: v\n")).collect();
    let long_line = format!("#+TAGS: {}\n", "t ".repeat(33_000));
    let mut snips = snippets(&[
        "#+TITLE: t\n",
        "#+title:\n",
        "#+TAGS: a b\n",
        "#+TAGS[]: a  b\n",
        "#+tags[]:\n",
        "#+CATEGORIES: x y\n",
        "#+FILETAGS: :a:b:\n",
        "#+FILETAGS: ::\n",
        "#+DATE: <2024-05-01 Wed>\n",
        "#+LASTMOD: [2024-05-01 Wed 10:00]\n",
        "#+DATE: <2024-05-01>\n",
        "#+SLUG:x\n",
        "#+SLUG: s\n",
        "#+URL: /u/\n",
        "#+DRAFT: true\n",
        "#+NAME: n\n",
        "#+RESULTS:\n",
        "#+INCLUDE: \"x.org\"\n",
        "#+BEGIN_SRC go\n",
        "#+END_SRC\n",
        "#+begin_example\n",
        "#+end_example\n",
        "#+BEGIN_EXPORT html\n",
        "#+BEGIN_QUOTE\n",
        "#+END_QUOTE\n",
        "#+BEGIN_\n",
        "#+END_Q\n",
        "#+:\n",
        "#+ K: v\n",
        "#+K :v\n",
        "  #+INDENTED: v\n",
        "\t#+TAB: v\n",
        "* Heading\n",
        "\n",
        "\r\n",
        "\r",
        "\u{feff}",
        "\u{b}",
        "\u{c}",
        "#+",
        ":",
        "[]",
        "<",
        ">",
        "é",
        "\0",
        &many_openings,
        &many_keys,
        &long_line,
    ]);
    snips.push(b"\xff\xfe".to_vec());
    snips.push(b"\xc3".to_vec());
    mutated(seeds, snips)
}

#[test]
fn org_keywords() {
    supervise_at("fuzz::org_keywords::org_keywords", "org_keywords", || {
        let site = super::content_site("hugo.toml");
        std::fs::write(
            site.path().join("hugo.toml"),
            "baseURL = \"https://example.org/\"\n\
             [security]\nallowContent = [\"text/org\", \"text/markdown\"]\n",
        )
        .unwrap();
        drive("org_keywords", inputs(), Clone::clone, |bytes| {
            check(&site, bytes)
        });
    });
}

fn check(site: &tempfile::TempDir, bytes: &[u8]) -> Result<(), TestCaseError> {
    let mut refused = None;
    for version in [sitemap_hugo::DEBIAN, sitemap_hugo::CURRENT] {
        match sitemap_hugo::fuzzing::org_keywords(bytes, version) {
            Ok(Some(serde_json::Value::Object(data))) => {
                for key in data.keys() {
                    prop_assert_eq!(key, &key.to_lowercase(), "a key not lowercased");
                }
            }
            Ok(Some(other)) => prop_assert!(false, "front matter that is no map: {other}"),
            Ok(None) => {}
            Err(why) => {
                prop_assert!(
                    why.starts_with("page.org:"),
                    "a refusal without its file and line: {why}"
                );
                refused = Some(why);
            }
        }
    }
    // The whole scan of a site holding the page, as the current Hugo.
    std::fs::write(site.path().join("content/fuzz/page.org"), bytes).unwrap();
    let options = sitemap_content::SiteOptions::default();
    let scanned = sitemap_content::locate(site.path(), None)
        .and_then(|(_, config)| {
            sitemap_hugo::open(site.path(), config, &options, Some(sitemap_hugo::CURRENT))
        })
        .and_then(|s| s.scan());
    match (scanned, refused) {
        (Err(e), _) => {
            let shown = e.to_string();
            prop_assert!(
                shown.contains("content/fuzz/page.org"),
                "error without the page: {shown}"
            );
        }
        (Ok(_), Some(why)) => {
            // A block refused where it is read as the page's front matter
            // (an Org page opening with YAML or TOML front matter is read
            // by the shared reader instead).
            let text = String::from_utf8_lossy(bytes);
            let opens_with_fence = text
                .trim_start_matches('\u{feff}')
                .trim_start()
                .starts_with(['-', '+', '{']);
            prop_assert!(
                opens_with_fence,
                "the reader refuses the block ({why}), the scan reads the page"
            );
        }
        (Ok(_), None) => {}
    }
    Ok(())
}
