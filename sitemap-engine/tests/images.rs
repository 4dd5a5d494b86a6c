//! Images of a caller's pages (mdBook chapters, build.rs pages): a page
//! whose front matter turns images off lists none, is counted as such in
//! the summary, and is not read for them.

use std::path::Path;

use sitemap_core::Loc;
use sitemap_engine::{Job, Layer, Origin, PageList, Settings, Source};
use sitemap_pages::front_matter;
use sitemap_pages::pipeline::Page;

fn page(root: &Path, source: &str, text: &str, loc: &str) -> Page {
    std::fs::write(root.join(source), text).unwrap();
    let fm = front_matter::parse(Path::new(source), text).unwrap();
    Page::from_front_matter(source, Loc::parse(loc).unwrap(), &fm).unwrap()
}

#[test]
fn a_page_with_images_off_lists_none_and_is_counted_so() {
    let dir = tempfile::tempdir().unwrap();
    let pages = vec![
        page(
            dir.path(),
            "a.md",
            "![a](a.png)\n",
            "https://example.org/a.html",
        ),
        page(
            dir.path(),
            "b.md",
            "---\nsitemap:\n  images: false\n---\n![b](b.png)\n",
            "https://example.org/b.html",
        ),
    ];
    let mut settings = Settings::default();
    settings.base_url = Some("https://example.org/".to_owned());
    settings.lastmod = Some(Vec::new());
    settings.images = Some(true);
    settings.out = Some(dir.path().join("out"));
    let scanned = Job::new(Source::Pages(PageList::new(dir.path(), pages)))
        .with_layer(Layer::new(settings, Origin::Flag))
        .scan()
        .unwrap();
    let images: Vec<(&str, Vec<&str>)> = scanned
        .scan
        .urls
        .iter()
        .map(|u| {
            let images = u.images.iter().map(|i| i.loc.as_str()).collect();
            (u.loc.as_str(), images)
        })
        .collect();
    assert_eq!(
        images,
        [
            (
                "https://example.org/a.html",
                vec!["https://example.org/a.png"]
            ),
            ("https://example.org/b.html", vec![]),
        ]
    );
    assert_eq!(scanned.scan.images.listed, 1);
    assert_eq!(scanned.scan.images.pages_off, 1);
}
