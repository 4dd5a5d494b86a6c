//! The `write` job as a library calls it: what it tells while it reads
//! (each through a `Notice`, in the order read), and its report.

use std::fs;

use sitemap_engine::{Layer, Notice, Origin, Settings, WriteJob, WriteRead};
use sitemap_testkit::{Schema, assert_valid};

/// Each notice as a line: what kind, then its text.
fn told(notice: Notice<'_>) -> String {
    match notice {
        Notice::Waiting(dir) => format!("waiting: {}", dir.display()),
        Notice::Warning(w) => format!("warning: {}", w.unlabelled()),
        Notice::Error(e) => format!("error: {}", e.unlabelled()),
        _ => "?".to_owned(),
    }
}

fn flags(out: &std::path::Path) -> Layer {
    let mut settings = Settings::default();
    settings.base_url = Some("https://example.org/docs/".to_owned());
    settings.out = Some(out.to_owned());
    Layer::new(settings, Origin::Flag)
}

/// A list: a URL outside the base URL is told and left out, a repeat is
/// counted, and the set is written.
#[test]
fn a_list_is_written_and_what_it_leaves_out_told_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let list = "/docs/a lastmod=2024-05-01\nhttps://example.org/other/\n/docs/a\n/docs/b\n";
    let mut notices = Vec::new();
    let written = WriteJob::list(list.as_bytes(), "urls.txt")
        .with_layer(flags(dir.path()))
        .run(&mut |n| notices.push(told(n)))
        .unwrap();
    assert_eq!(
        notices,
        [
            "warning: urls.txt:2:1: https://example.org/other/ lies outside https://example.org/docs/: left out"
        ]
    );
    assert!(matches!(written.read, WriteRead::List { lines: 4 }));
    assert_eq!((written.report.set.urls, written.report.duplicates), (2, 1));
    let sitemap = dir.path().join("sitemap.xml");
    assert_valid(&sitemap, Schema::Urlset);
    assert_eq!(
        fs::read_to_string(&sitemap).unwrap(),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  \
         <url>\n    <loc>https://example.org/docs/a</loc>\n    <lastmod>2024-05-01</lastmod>\n  </url>\n  \
         <url>\n    <loc>https://example.org/docs/b</loc>\n  </url>\n\
         </urlset>\n"
    );
}

/// A list with bad lines: each is told, the job fails naming how many,
/// and nothing is written.
#[test]
fn a_list_with_bad_lines_tells_each_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let list = "/docs/a priority=2\n/docs/b\n/docs/c colour=red\n";
    let mut notices = Vec::new();
    let err = WriteJob::list(list.as_bytes(), "urls.txt")
        .with_layer(flags(dir.path()))
        .run(&mut |n| notices.push(told(n)))
        .unwrap_err();
    assert_eq!(
        notices,
        [
            "error: urls.txt:1:18: priority `2`: expected a number from 0.0 to 1.0",
            "error: urls.txt:3:9: unknown field `colour`; expected lastmod, changefreq, priority, hreflang or image",
        ]
    );
    assert_eq!(
        err.to_string(),
        "2 bad line(s) in urls.txt; nothing written"
    );
    assert!(!dir.path().join("sitemap.xml").exists());
}
