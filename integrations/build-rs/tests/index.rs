//! `Index`: one `<sitemapindex>` over sets written by other tools, here
//! two sets `Sitemap::pages` writes into one served folder.

use std::fs;
use std::path::Path;

use sitemap_build::{Index, Page, Sitemap};
use sitemap_testkit::{Schema, assert_valid};

fn set(out: &Path, base: &str, pages: &[&str], lastmod: &str) {
    let pages = pages
        .iter()
        .map(|p| Page::new(*p).with_lastmod(lastmod.parse().unwrap()));
    Sitemap::pages(base, pages).out_dir(out).write().unwrap();
}

#[test]
fn an_index_lists_each_set_with_its_newest_lastmod_and_robots_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path();
    set(out, "https://example.org/", &["", "a/"], "2024-05-01");
    set(
        &out.join("book"),
        "https://example.org/book/",
        &["intro.html"],
        "2024-06-02",
    );
    let indexed = Index::new("https://example.org/", out)
        .sitemap(out.join("sitemap.xml"))
        .sitemap(out.join("book/sitemap.xml"))
        .robots(true)
        .write()
        .unwrap();
    assert_eq!(indexed.sitemaps, 2);
    assert_eq!(indexed.report.robots_changed, Some(true));
    let index = out.join("sitemap_index.xml");
    assert_valid(&index, Schema::Index);
    assert_eq!(
        fs::read_to_string(&index).unwrap(),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  \
         <sitemap>\n    <loc>https://example.org/sitemap.xml</loc>\n    <lastmod>2024-05-01</lastmod>\n  </sitemap>\n  \
         <sitemap>\n    <loc>https://example.org/book/sitemap.xml</loc>\n    <lastmod>2024-06-02</lastmod>\n  </sitemap>\n\
         </sitemapindex>\n"
    );
    assert_eq!(
        fs::read_to_string(out.join("robots.txt")).unwrap(),
        "User-agent: *\nAllow: /\n\nSitemap: https://example.org/sitemap_index.xml\n"
    );
}

/// Every sitemap that cannot be listed is named in the one error, in the
/// builder's words, and nothing is written.
#[test]
fn an_index_names_every_sitemap_it_cannot_list_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("public");
    set(&out, "https://example.org/", &[""], "2024-05-01");
    let elsewhere = dir.path().join("elsewhere.xml");
    fs::copy(out.join("sitemap.xml"), &elsewhere).unwrap();
    let err = Index::new("https://example.org/docs/", &out)
        .sitemap(out.join("sitemap.xml"))
        .sitemap(&elsewhere)
        .write()
        .unwrap_err();
    let out_real = out.canonicalize().unwrap();
    assert_eq!(
        err.to_string(),
        format!(
            "{}:4:5: `https://example.org/` is outside `https://example.org/docs/`: a sitemap at `https://example.org/docs/sitemap.xml` may list only URLs under its folder (location rule) (1 error(s) in all)\n\
             {}: not inside .out_dir(..) {}, so it has no URL under .base_url(..)\n\
             2 of 2 sitemap(s) cannot be listed; nothing written",
            out.join("sitemap.xml").display(),
            elsewhere.display(),
            out_real.display()
        )
    );
    assert_eq!(
        err.hint(),
        Some("`sitemap validate FILE` shows every finding of a sitemap")
    );
    assert!(!out.join("sitemap_index.xml").exists());
}
