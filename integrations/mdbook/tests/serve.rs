//! `mdbook serve`: it sets `output.html.site-url = "/"` in memory, builds,
//! serves `build_dir_for("html")` and rebuilds when a file under `src/`,
//! the theme or `book.toml` changes. The plugin must write nothing there
//! (or a rebuild would trigger another) and its file must land in the
//! served folder.

use crate::support::{Book, snapshot_tree};

#[test]
fn serve_config_rebuilds_without_touching_watched_files() {
    let book = Book::fixture("front-matter");
    let serve = |config: &mut mdbook_driver::config::Config| {
        // What `mdbook serve` does to the config before each build.
        config
            .set("output.html.live-reload-endpoint", "__livereload")
            .unwrap();
        config.set("output.html.site-url", "/").unwrap();
    };
    let watched_before = (snapshot_tree(&book.path("src")), book.read("book.toml"));

    book.build_with(serve).unwrap();
    let md = mdbook_driver::MDBook::load_with_config(book.root(), book.config(serve)).unwrap();
    let served = md.build_dir_for("html");
    assert_eq!(served, book.path("book/html"));
    let first = std::fs::read(served.join("sitemap.xml")).unwrap();

    // A rebuild (what a change under src/ triggers) gives the same bytes.
    book.build_with(serve).unwrap();
    assert_eq!(std::fs::read(served.join("sitemap.xml")).unwrap(), first);

    let watched_after = (snapshot_tree(&book.path("src")), book.read("book.toml"));
    assert!(
        watched_before == watched_after,
        "a build changed a watched file"
    );
    // The base URL is still base-url, not serve's "/".
    assert!(
        String::from_utf8(first)
            .unwrap()
            .contains("<loc>https://example.org/docs/index.html</loc>")
    );
}
