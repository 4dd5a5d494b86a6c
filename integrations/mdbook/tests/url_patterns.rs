//! `exclude-urls` / `include-urls` in `[output.sitemap]`: chapters left
//! out by URL (under the book's base URL, not the host root), counted in
//! the plugin's summary, the rest a valid sitemap.

use sitemap_testkit::{Schema, assert_valid};

use crate::support::{Book, redact};

#[test]
fn exclude_urls_leaves_out_chapters_by_url_under_the_books_base_url() {
    let book = Book::fixture("structure");
    let toml = book.read("book.toml");
    // The base URL is https://example.org/book: `/guide/**` is its
    // `guide/` folder.
    book.write(
        "book.toml",
        &format!("{toml}exclude-urls = [\"/guide/**\", \"/symbols/*\"]\n"),
    );
    book.build().unwrap();
    let sitemap = book.path("book/html/sitemap.xml");
    assert_valid(&sitemap, Schema::Urlset);
    insta::assert_snapshot!(book.read("book/html/sitemap.xml"), @r#"
    <?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url>
        <loc>https://example.org/book/preface.html</loc>
      </url>
      <url>
        <loc>https://example.org/book/index.html</loc>
      </url>
      <url>
        <loc>https://example.org/book/reference/index.html</loc>
      </url>
      <url>
        <loc>https://example.org/book/reference/config.html</loc>
      </url>
      <url>
        <loc>https://example.org/book/appendix.html</loc>
      </url>
      <url>
        <loc>https://example.org/book/contributors.html</loc>
      </url>
    </urlset>
    "#);
    let (ok, stderr) = book.run_renderer();
    assert!(ok, "{stderr}");
    // Three chapters by URL, and the fixture's draft.
    insta::assert_snapshot!(redact(&stderr, book.root()), @r"
    [BOOK]/src: warning: not inside a git work tree (or git is not installed); lastmod from git is skipped, and so is the files' mtime unless `lastmod` names `mtime`
    mdbook-sitemap: wrote [BOOK]/book/html/sitemap.xml (6 URLs, 4 chapter(s) left out)
    ");
}

#[test]
fn include_urls_keeps_only_matching_chapters() {
    let book = Book::fixture("structure");
    let toml = book.read("book.toml");
    book.write(
        "book.toml",
        &format!("{toml}include-urls = [\"/reference/**\"]\n"),
    );
    book.build().unwrap();
    let sitemap = book.path("book/html/sitemap.xml");
    assert_valid(&sitemap, Schema::Urlset);
    insta::assert_snapshot!(book.read("book/html/sitemap.xml"), @r#"
    <?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url>
        <loc>https://example.org/book/reference/index.html</loc>
      </url>
      <url>
        <loc>https://example.org/book/reference/config.html</loc>
      </url>
    </urlset>
    "#);
}

/// The plugin's summary said only `wrote …/sitemap.xml`, though it also
/// wrote sitemap.xsl and sitemap.html into the book: the summary names
/// every file written.
#[test]
fn the_summary_names_the_stylesheet_and_html_page_it_wrote() {
    let book = Book::fixture("structure");
    book.write(
        "book.toml",
        "[book]\ntitle = \"Structure\"\n\n[preprocessor.sitemap]\n\n[output.html]\n\n[output.sitemap]\nbase-url = \"https://example.org/book\"\nlastmod = []\nstylesheet = true\nhtml-page = true\n",
    );
    book.build().unwrap();
    let (ok, stderr) = book.run_renderer();
    assert!(ok, "{stderr}");
    assert_eq!(
        redact(&stderr, book.root()),
        "mdbook-sitemap: wrote [BOOK]/book/html/sitemap.xml (10 URLs), sitemap.xsl and sitemap.html\n"
    );
}

/// An `exclude` written with `src/` (chapter paths are relative to it)
/// left nothing out and said nothing: it is a warning at its line of
/// book.toml, with the pattern that matches.
#[test]
fn an_exclude_written_with_src_is_named_with_the_pattern_that_matches() {
    let book = Book::fixture("structure");
    let toml = book.read("book.toml");
    book.write(
        "book.toml",
        &format!("{toml}lastmod = []\nexclude = [\"src/reference/config.md\"]\n"),
    );
    book.build().unwrap();
    assert_valid(&book.path("book/html/sitemap.xml"), Schema::Urlset);
    let (ok, stderr) = book.run_renderer();
    assert!(ok, "{stderr}");
    assert_eq!(
        redact(&stderr, book.root()),
        "\
[BOOK]/book.toml:11: warning: [output.sitemap] `exclude` pattern `src/reference/config.md` matches no page (`exclude` is matched against chapter paths relative to the book's `src` folder, such as `guide/README.md`); did you mean `reference/config.md`?
mdbook-sitemap: wrote [BOOK]/book/html/sitemap.xml (10 URLs)
"
    );
}
