//! Served and crawled: the example book built by mdBook with the plugin
//! (run with umask 022, as a deploy job has), its HTML folder served by a
//! real nginx whose workers run as `www-data`, and read by two real
//! sitemap consumers that find the sitemap only through `/robots.txt`
//! (ultimate-sitemap-parser, and Scrapy's `SitemapSpider`, which fetches
//! every page). The book is built for `http://127.0.0.1:PORT/`, so every
//! request stays on this machine.

use std::path::Path;

use sitemap_testkit::served::{self, Nginx, UrlForm};

use crate::support::{Book, EXE};

#[test]
fn served_plugin_output_is_found_and_fetched_by_real_consumers() {
    use std::os::unix::fs::PermissionsExt;
    let book =
        Book::copy_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/mdbook-book"));
    // nginx's workers (www-data) must be able to reach the book.
    std::fs::set_permissions(book.root(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let port = served::free_port();
    let base = format!("http://127.0.0.1:{port}/");
    book.build_with(|config| {
        config.set("output.sitemap.base-url", &base).unwrap();
        config.set("output.sitemap.robots", true).unwrap();
        config.set("output.html.site-url", "/").unwrap();
        // The renderer as a deploy job runs it: umask 022.
        let command = format!("sh -c 'umask 022; exec \"$0\"' '{EXE}'");
        config.set("output.sitemap.command", command).unwrap();
    })
    .unwrap();

    let html = book.path("book/html");
    let (pages, children) = sitemap_testkit::set_locs(&html.join("sitemap.xml"));
    assert!(children.is_empty(), "one sitemap: {children:?}");
    assert!(pages.len() > 3, "the example lists more pages: {pages:?}");

    let nginx = Nginx::start(&html, port, UrlForm::Pretty, &book.path("nginx"));
    let home = nginx.home();
    for file in ["sitemap.xml", "robots.txt"] {
        assert_eq!(
            nginx.status(&format!("/{file}")),
            200,
            "nginx does not serve {file}:\n{}",
            nginx.error_log()
        );
    }
    let sitemaps = vec![format!("{home}sitemap.xml")];

    served::assert_crawled(&nginx, &sitemaps, &pages);
}
