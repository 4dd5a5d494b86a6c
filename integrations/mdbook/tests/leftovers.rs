//! What a build leaves in `book/` besides the book: mdBook makes a folder
//! for every output, and the sitemap's stayed as an empty `book/sitemap/`;
//! and once `install` adds the second output, mdBook builds the HTML into
//! `book/html/` and leaves the earlier build's HTML in `book/`, which a
//! deploy of `book/` serves with the new. Both with the real mdBook 0.4
//! and with mdBook 0.5.

use std::process::Command;

use sitemap_testkit::{Schema, assert_valid};

use crate::support::{Book, EXE, redact};
use crate::two_versions::build_with_04;

/// A book with only the HTML output, built once by mdBook 0.4 into
/// `book/`.
fn built_html_only() -> Book {
    let book = Book::empty();
    book.write("book.toml", "[book]\ntitle = \"Leftovers\"\n");
    book.write("src/SUMMARY.md", "- [A](a.md)\n");
    book.write("src/a.md", "# A\n");
    build_with_04(&book);
    assert!(book.path("book/index.html").is_file());
    book
}

/// `mdbook-sitemap install`, as a user runs it in the book's folder.
fn install(book: &Book) -> String {
    let out = Command::new(EXE)
        .args(["install", "--base-url", "https://rust-cli.github.io/book/"])
        .current_dir(book.root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The plugin's lines of a build's stderr (mdBook's own are logs).
fn plugin_lines(stderr: &str, book: &Book) -> String {
    redact(stderr, book.root())
        .lines()
        .filter(|l| !l.contains(" [INFO] ") && !l.contains("not inside a git work tree"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn after_install_the_earlier_builds_html_is_named_and_no_empty_folder_stays() {
    let book = built_html_only();
    assert_eq!(
        install(&book),
        "\
mdbook-sitemap: added [preprocessor.sitemap], [output.html], [output.sitemap] to ./book.toml; `mdbook build` now writes sitemap.xml beside the book's HTML
mdbook-sitemap: the book's HTML moves from ./book/ to ./book/html/ (mdBook gives each output a folder of its own once there are two); publish ./book/html/
mdbook-sitemap: ./book/ still holds the HTML of an earlier build, which mdBook leaves there: delete everything in it but html/
"
    );
    let stderr = build_with_04(&book);
    assert_eq!(
        plugin_lines(&stderr, &book),
        "\
[BOOK]/book/index.html: warning: the HTML of an earlier build, beside [BOOK]/book/html where mdBook now builds the book (with a second output each output has a folder of its own): delete everything in [BOOK]/book but html/, and deploy [BOOK]/book/html
mdbook-sitemap: wrote [BOOK]/book/html/sitemap.xml (1 URLs)
"
    );
    assert_valid(&book.path("book/html/sitemap.xml"), Schema::Urlset);
    assert!(
        !book.path("book/sitemap").exists(),
        "an empty book/sitemap/ stayed"
    );

    // Done as it says: the next build says nothing more.
    for entry in std::fs::read_dir(book.path("book")).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().is_some_and(|n| n != "html") {
            if path.is_dir() {
                std::fs::remove_dir_all(&path).unwrap();
            } else {
                std::fs::remove_file(&path).unwrap();
            }
        }
    }
    let stderr = build_with_04(&book);
    assert_eq!(
        plugin_lines(&stderr, &book),
        "mdbook-sitemap: wrote [BOOK]/book/html/sitemap.xml (1 URLs)\n"
    );
    let mut left: Vec<String> = std::fs::read_dir(book.path("book"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["html"]);
}

#[test]
fn mdbook_05_leaves_no_empty_sitemap_folder() {
    let book = Book::fixture("structure");
    book.build().unwrap();
    assert_valid(&book.path("book/html/sitemap.xml"), Schema::Urlset);
    assert!(book.path("book/html/index.html").is_file());
    assert!(
        !book.path("book/sitemap").exists(),
        "an empty book/sitemap/ stayed"
    );
}
