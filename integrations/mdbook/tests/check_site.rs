//! `check-site = true` in `[output.sitemap]`: after the plugin writes the
//! set beside mdBook's HTML, the engine's site check reads it against
//! those pages; an error fails the build, in the renderer's usual way.

use crate::support::{Book, redact};

/// The `structure` book with `check-site = true`.
fn book() -> Book {
    let book = Book::fixture("structure");
    let toml = book.read("book.toml");
    book.write("book.toml", &format!("{toml}check-site = true\n"));
    book
}

/// The book as built: every listed chapter is a built page, so the
/// check passes and the build succeeds.
#[test]
fn check_site_passes_on_the_built_book() {
    let book = book();
    book.build().unwrap();
    assert!(book.path("book/html/sitemap.xml").is_file());
}

/// A chapter whose front matter gives a lastmod in the future makes the
/// sitemap wrong: the build fails and the renderer names the entry.
#[test]
fn check_site_reports_a_wrong_sitemap() {
    let book = book();
    book.write(
        "src/appendix.md",
        "---\nlastmod: 2999-01-01\n---\n# appendix\n\nText of appendix.\n",
    );
    assert!(book.build().is_err(), "the build should fail");
    let (ok, stderr) = book.run_renderer();
    assert!(!ok);
    let stderr = redact(&stderr, book.root());
    assert!(
        stderr.contains("check-site: the set just written does not match the site in")
            && stderr.contains(
                "error: lastmod `2999-01-01` of https://example.org/book/appendix.html is in the future"
            ),
        "{stderr}"
    );
}
