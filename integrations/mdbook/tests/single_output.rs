//! A book with only the HTML output (HTML in `book/`): the sitemap is
//! written after `mdbook build` through the library, as the `sitemap
//! mdbook` command does, with the keys under `[preprocessor.sitemap]`.

use mdbook_sitemap::SitemapBook;
use sitemap_testkit::{Schema, assert_valid};

use crate::support::Book;

#[test]
fn writes_into_the_single_output_folder() {
    let book = Book::fixture("single-output");
    book.build().unwrap();
    // mdBook put the HTML straight into book/, and the stripped front
    // matter is not in it.
    assert!(book.path("book/index.html").exists());
    assert!(!book.read("book/index.html").contains("priority"));

    let loaded = SitemapBook::load(book.root()).unwrap();
    assert_eq!(loaded.html_dir(), book.path("book"));
    let report = loaded.write().unwrap();
    assert_eq!(crate::support::said(&report.warnings), Vec::<String>::new());
    assert_eq!(report.robots, Some(book.path("book/robots.txt")));

    assert_valid(&book.path("book/sitemap.xml"), Schema::Urlset);
    insta::assert_snapshot!("single_output_sitemap", book.read("book/sitemap.xml"));
    insta::assert_snapshot!("single_output_robots", book.read("book/robots.txt"));
}

/// An existing robots.txt (mdBook copies `src/robots.txt`) keeps its
/// lines; the `Sitemap:` line is added once, and a second run adds nothing.
#[test]
fn robots_txt_is_merged() {
    let book = Book::fixture("single-output");
    book.write("src/robots.txt", "User-agent: *\nDisallow: /private/\n");
    book.build().unwrap();
    let loaded = SitemapBook::load(book.root()).unwrap();
    loaded.write().unwrap();
    loaded.write().unwrap();
    assert_eq!(
        book.read("book/robots.txt"),
        "User-agent: *\nDisallow: /private/\nSitemap: https://example.net/sitemap.xml\n"
    );
}

/// Run before `mdbook build`, the pages are not there yet: the sitemap is
/// still written, with a warning per missing page.
#[test]
fn unbuilt_book_warns_per_missing_page() {
    let book = Book::fixture("single-output");
    let loaded = SitemapBook::load(book.root()).unwrap();
    let report = loaded.write().unwrap();
    let warnings: Vec<String> = report
        .warnings
        .iter()
        .map(|w| crate::support::redact(&w.unlabelled().to_string(), book.root()))
        .collect();
    insta::assert_debug_snapshot!(warnings);
}

/// Without `[preprocessor.sitemap]` the overrides are still read, but
/// mdBook renders the front matter as text: say so.
#[test]
fn front_matter_without_the_preprocessor_warns() {
    let book = Book::fixture("single-output");
    book.write(
        "book.toml",
        "[book]\ntitle = \"x\"\n\n[output.html]\n\n[output.sitemap]\nbase-url = \"https://example.net/\"\nlastmod = [\"mtime\"]\n",
    );
    book.build().unwrap();
    // No preprocessor: the YAML block shows up as a rule and a heading.
    assert!(book.read("book/html/index.html").contains("<h2"));
    let loaded = SitemapBook::load(book.root()).unwrap();
    let report = loaded.write().unwrap();
    assert_eq!(
        crate::support::said(&report.warnings),
        [
            "src/README.md opens with front matter, but book.toml has no [preprocessor.sitemap]: the HTML shows it as text; add an empty [preprocessor.sitemap] table"
        ]
    );
    // The override applies all the same.
    assert!(
        book.read("book/html/sitemap.xml")
            .contains("<priority>0.9</priority>")
    );
}
