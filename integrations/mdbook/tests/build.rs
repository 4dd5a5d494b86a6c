//! Fixture books built by mdBook with the plugin: the whole sitemap,
//! validated against the sitemaps.org XSD, and the rendered chapters.

use mdbook_sitemap::SitemapBook;
use sitemap_testkit::{Schema, assert_all_valid, assert_valid, list_files, read_maybe_gz};

use crate::support::{Book, Named, main_of};

#[test]
fn structure_lists_every_chapter_page_in_summary_order() {
    let book = Book::fixture("structure");
    book.build().unwrap();

    let sitemap = book.path("book/html/sitemap.xml");
    assert_valid(&sitemap, Schema::Urlset);
    insta::assert_snapshot!("structure_sitemap", book.read("book/html/sitemap.xml"));

    // Every listed page exists in the HTML mdBook wrote, and the pages that
    // are not chapters exist but are not listed.
    let files = list_files(&book.path("book/html"));
    for page in [
        "preface.html",
        "index.html",
        "guide/index.html",
        "guide/installing.html",
        "guide/under-draft.html",
        "reference/index.html",
        "reference/config.html",
        "symbols/café&co.html",
        "appendix.html",
        "contributors.html",
        "print.html",
        "toc.html",
        "404.html",
    ] {
        assert!(
            files.contains(&page.to_owned()),
            "{page} missing from {files:?}"
        );
    }
    // The sitemap output's own folder stays empty: mdBook makes it, the
    // sitemap goes next to the HTML.
    assert_eq!(list_files(&book.path("book/sitemap")), Vec::<String>::new());
}

#[test]
fn front_matter_sets_entries_and_never_renders() {
    let book = Book::fixture("front-matter");
    book.build().unwrap();

    assert_all_valid(&book.path("book/html"));
    insta::assert_snapshot!("front_matter_sitemap", book.read("book/html/sitemap.xml"));

    // The chapters' own HTML: no rule, no stray heading, no `key: value`
    // paragraph where the front matter was.
    let mains: Vec<String> = [
        "index.html",
        "yaml.html",
        "toml.html",
        "hidden.html",
        "rule.html",
    ]
    .iter()
    .map(|page| {
        format!(
            "== {page}\n{}",
            main_of(&book.read(&format!("book/html/{page}")))
        )
    })
    .collect();
    insta::assert_snapshot!("front_matter_rendered_main", mains.join("\n"));
    // The print page puts every chapter together: no front matter there either.
    let print = book.read("book/html/print.html");
    for leaked in [
        "sitemap:",
        "changefreq:",
        "priority:",
        "lastmod:",
        "updated =",
        "[extra.sitemap]",
        "+++",
    ] {
        assert!(
            !print.contains(leaked),
            "print.html shows front matter ({leaked})"
        );
    }
}

#[test]
fn redirects_404_print_and_toc_are_not_listed() {
    let book = Book::fixture("redirects");
    book.build().unwrap();

    let html = book.path("book/html");
    let files = list_files(&html);
    // What mdBook wrote: the redirect stubs and the 404 page exist...
    for page in [
        "old-intro.html",
        "moved/setup.html",
        "not-found.html",
        "print.html",
        "toc.html",
    ] {
        assert!(
            files.contains(&page.to_owned()),
            "{page} missing from {files:?}"
        );
    }
    // ... and only the two chapters are listed, gzipped under the name
    // book.toml asks for.
    assert!(!files.contains(&"sitemap.xml".to_owned()));
    assert!(files.contains(&"pages.xml.gz".to_owned()));
    assert_valid(&html.join("pages.xml.gz"), Schema::Urlset);
    insta::assert_snapshot!(
        "redirects_sitemap",
        read_maybe_gz(&html.join("pages.xml.gz"))
    );
}

/// The `sitemap mdbook` path reads SUMMARY.md itself; it must find the same
/// pages as the renderer, which gets mdBook's own book.
#[test]
fn summary_reading_agrees_with_mdbook() {
    for case in ["structure", "front-matter", "redirects", "single-output"] {
        let book = Book::fixture(case);
        let config = book.config(|_| {});
        let md = mdbook_driver::MDBook::load_with_config(book.root(), config.clone()).unwrap();
        let (preprocessed, _) = md.preprocess_book(&Named("sitemap")).unwrap();
        let from_mdbook = mdbook_sitemap::chapters::from_book(&preprocessed, &config);
        let from_summary = SitemapBook::load(book.root()).unwrap();
        assert_eq!(from_summary.chapters(), &from_mdbook[..], "{case}");
    }
}

/// Two chapters rendered to one page (`README.md` next to `index.md`; mdBook
/// 0.5 refuses the same file linked twice) give one entry: the page as
/// mdBook last wrote it. A chapter that is the 404 page is overwritten by
/// it, so not listed.
#[test]
fn one_entry_per_page_and_no_404_chapter() {
    let book = Book::fixture("structure");
    book.write(
        "src/SUMMARY.md",
        "- [Intro](README.md)\n- [Index](index.md)\n- [Not found](404.md)\n- [Appendix](appendix.md)\n",
    );
    book.write(
        "src/index.md",
        "---\nsitemap:\n  priority: 0.3\n---\n# Index\n",
    );
    book.write("src/404.md", "# Not found\n");
    book.build().unwrap();
    assert_valid(&book.path("book/html/sitemap.xml"), Schema::Urlset);
    insta::assert_snapshot!("one_entry_per_page", book.read("book/html/sitemap.xml"));
    // The page mdBook serves at index.html is the later chapter.
    assert!(book.read("book/html/index.html").contains("id=\"index\""));
}

/// `examples/mdbook-book`, built as its README says.
#[test]
fn example_book() {
    let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/mdbook-book");
    let book = Book::copy_of(&from);
    book.build().unwrap();
    assert_all_valid(&book.path("book/html"));
    insta::assert_snapshot!("example_book_sitemap", book.read("book/html/sitemap.xml"));
    assert!(book.path("book/html/guide/scratch.html").exists());
}

/// With `images = true`, a chapter's Markdown images resolve against its
/// `.html` URL, which is where mdBook copies the files: every listed image
/// is a file of the built book. An `{{#include}}`d file's image is not
/// listed (includes are not expanded for images).
#[test]
fn images_are_the_files_mdbook_copies() {
    let book = Book::empty();
    book.write(
        "book.toml",
        "[book]\ntitle = \"Pictures\"\n\n[preprocessor.sitemap]\n\n[output.html]\n\n\
         [output.sitemap]\nbase-url = \"https://example.org/book/\"\nimages = true\n",
    );
    book.write(
        "src/SUMMARY.md",
        "- [Intro](README.md)\n- [Guide](guide/index.md)\n  - [Setup](guide/setup.md)\n",
    );
    book.write(
        "src/README.md",
        "# Intro\n\n![logo](img/logo.png)\n\n<img src=\"img/wide.png\" srcset=\"img/wide.png 1x, img/wide-2x.png 2x\">\n\n\
         ![badge](https://img.shields.io/b.svg)\n\n```\n![no](img/none.png)\n```\n",
    );
    book.write(
        "src/guide/index.md",
        "# Guide\n\n![map](../img/logo.png)\n\n{{#include part.md}}\n",
    );
    book.write("src/guide/part.md", "![included](part.png)\n");
    book.write(
        "src/guide/setup.md",
        "# Setup\n\n| step | shot |\n|---|---|\n| 1 | ![one](shots/one.png) |\n",
    );
    for image in [
        "src/img/logo.png",
        "src/img/wide.png",
        "src/img/wide-2x.png",
        "src/guide/part.png",
        "src/guide/shots/one.png",
    ] {
        book.write(image, "png");
    }
    book.build().unwrap();

    let sitemap = book.path("book/html/sitemap.xml");
    assert_valid(&sitemap, Schema::UrlsetWithExtensions);
    let xml = book.read("book/html/sitemap.xml");
    let xml = xml
        .lines()
        .filter(|l| !l.contains("<lastmod>"))
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!("images_sitemap", xml);
    let files = list_files(&book.path("book/html"));
    let listed: Vec<&str> = xml
        .split("<image:loc>https://example.org/book/")
        .skip(1)
        .filter_map(|s| s.split("</image:loc>").next())
        .collect();
    assert_eq!(listed.len(), 4, "{xml}");
    for image in listed {
        assert!(files.iter().any(|f| f == image), "{image} not in {files:?}");
    }
}
