//! `Scan::listed`, what a dry run prints, is exactly what the write lists:
//! not an entry outside the base URL's folder, not a repeated `loc`.

use sitemap_core::Loc;
use sitemap_engine::{Job, Layer, Origin, PageList, Settings, Source};
use sitemap_pages::pipeline::Page;

#[test]
fn listed_is_what_the_write_lists() {
    let dir = tempfile::tempdir().unwrap();
    let loc = |s: &str| Loc::parse(s).unwrap();
    let pages = vec![
        Page::new("a.md", loc("https://example.org/docs/a/")),
        // Outside the folder the set is served from.
        Page::new("b.md", loc("https://example.org/blog/b/")),
        Page::new("c.md", loc("https://example.org/docs/c/")),
    ];
    let mut settings = Settings::default();
    settings.base_url = Some("https://example.org/docs/".to_owned());
    settings.out = Some(dir.path().join("out"));
    settings.lastmod = Some(Vec::new());
    let job = || {
        Job::new(Source::Pages(PageList::new(dir.path(), pages.clone())))
            .with_layer(Layer::new(settings.clone(), Origin::Flag))
    };
    let scanned = job().scan().unwrap();
    let (listed, outside) = scanned.scan.listed();
    let listed: Vec<&str> = listed.iter().map(|u| u.loc.as_str()).collect();
    assert_eq!(
        listed,
        ["https://example.org/docs/a/", "https://example.org/docs/c/"]
    );
    assert_eq!(outside, 1);

    let report = job().scan().unwrap().write(|_| {}).unwrap();
    assert_eq!(report.set.skipped_outside, 1);
    let xml = std::fs::read_to_string(dir.path().join("out/sitemap.xml")).unwrap();
    let written: Vec<&str> = xml
        .split("<loc>")
        .skip(1)
        .map(|s| &s[..s.find("</loc>").unwrap()])
        .collect();
    assert_eq!(written, listed);
    assert!(
        report.warnings[0]
            .message
            .starts_with("1 URL(s) lie outside https://example.org/docs/")
    );
}

/// A URL the set leaves out (outside the base URL's folder) was still
/// recorded in the ledger, so `submit` sent, or refused for, a URL no
/// sitemap lists: the ledger now holds exactly what the sitemap lists.
#[test]
fn the_ledger_holds_only_what_the_set_lists() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["a.md", "b.md", "c.md"] {
        std::fs::write(dir.path().join(name), format!("# {name}\n")).unwrap();
    }
    let loc = |s: &str| Loc::parse(s).unwrap();
    let pages = vec![
        Page::new("a.md", loc("https://example.org/docs/a/")),
        Page::new("b.md", loc("https://example.org/blog/b/")),
        Page::new("c.md", loc("https://example.org/docs/c/")),
    ];
    let mut settings = Settings::default();
    settings.base_url = Some("https://example.org/docs/".to_owned());
    settings.out = Some(dir.path().join("out"));
    settings.lastmod = Some(Vec::new());
    settings.ledger = Some(dir.path().join("sitemap.ledger"));
    Job::new(Source::Pages(PageList::new(dir.path(), pages)))
        .with_layer(Layer::new(settings, Origin::Flag))
        .scan()
        .unwrap()
        .write(|_| {})
        .unwrap();
    let ledger = std::fs::read_to_string(dir.path().join("sitemap.ledger")).unwrap();
    let recorded: Vec<&str> = ledger
        .lines()
        .skip(1)
        .map(|l| &l[..l.find('\t').unwrap()])
        .collect();
    assert_eq!(
        recorded,
        ["https://example.org/docs/a/", "https://example.org/docs/c/"]
    );
}
