//! Nothing half-written: a failing run leaves the previous files as they
//! were, and files of an earlier, larger run go only once the new set is
//! complete.

use std::collections::BTreeMap;
use std::path::Path;

use sitemap_core::{Limits, SetOptions, SetWriter, Url};

use crate::common::url;

fn options(dir: &Path, max_urls: u64) -> SetOptions {
    SetOptions::new(dir, "https://example.org/".parse().unwrap())
        .with_limits(Limits::LEGACY.with_max_urls(max_urls))
}

fn pages(prefix: &str, n: usize) -> Vec<Url> {
    (0..n)
        .map(|i| url(&format!("https://example.org/{prefix}-{i}")))
        .collect()
}

/// Every file in `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    sitemap_testkit::list_files(dir)
        .into_iter()
        .map(|name| {
            let bytes = std::fs::read(dir.join(&name)).unwrap();
            (name, bytes)
        })
        .collect()
}

#[test]
fn a_failing_run_leaves_the_previous_files_untouched() {
    let dir = tempfile::tempdir().unwrap();
    SetWriter::new(options(dir.path(), 2))
        .unwrap()
        .write_all(pages("old", 5))
        .unwrap();
    sitemap_testkit::assert_all_valid(dir.path());
    let before = snapshot(dir.path());
    assert_eq!(before.len(), 4);

    let mut writer = SetWriter::new(options(dir.path(), 2)).unwrap();
    for u in pages("new", 7) {
        writer.push(&u).unwrap();
    }
    // Mid-run: the old files are as they were; the new parts exist only
    // under hidden temporary names.
    let during = snapshot(dir.path());
    let temporary: Vec<&String> = during.keys().filter(|k| !before.contains_key(*k)).collect();
    assert_eq!(temporary.len(), 4, "{temporary:?}");
    assert!(
        temporary
            .iter()
            .all(|n| n.starts_with(".sitemap-") && n.ends_with(".tmp")),
        "{temporary:?}"
    );
    for (name, bytes) in &before {
        assert_eq!(&during[name], bytes, "{name} changed mid-run");
    }
    // The caller's pages turn out to hold a duplicate: the run fails.
    assert!(writer.push(&pages("new", 1)[0]).is_err());
    drop(writer);
    assert_eq!(
        snapshot(dir.path()),
        before,
        "old files untouched, temporary files removed"
    );
}

#[test]
fn an_empty_run_leaves_the_previous_files_untouched() {
    let dir = tempfile::tempdir().unwrap();
    SetWriter::new(options(dir.path(), 2))
        .unwrap()
        .write_all(pages("old", 1))
        .unwrap();
    sitemap_testkit::assert_all_valid(dir.path());
    let before = snapshot(dir.path());
    assert!(
        SetWriter::new(options(dir.path(), 2))
            .unwrap()
            .finish()
            .is_err()
    );
    assert_eq!(snapshot(dir.path()), before);
}

#[test]
fn leftovers_of_a_larger_run_are_removed_after_the_new_set_is_complete() {
    let dir = tempfile::tempdir().unwrap();
    // Files that are not the set's own stay.
    let valid = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url><loc>https://example.org/keep</loc></url>\n</urlset>\n";
    for other in [
        "robots.txt",
        "sitemap-extra.html",
        "other.xml",
        "sitemap-a.xml",
        "sitemap.xml.bak",
    ] {
        std::fs::write(dir.path().join(other), valid).unwrap();
    }
    let report = SetWriter::new(options(dir.path(), 1))
        .unwrap()
        .write_all(pages("old", 7))
        .unwrap();
    assert!(report.removed.is_empty());
    assert!(dir.path().join("sitemap-7.xml").exists());
    sitemap_testkit::assert_all_valid(dir.path());

    let report = SetWriter::new(options(dir.path(), 1))
        .unwrap()
        .write_all(pages("new", 3))
        .unwrap();
    let removed: Vec<String> = report
        .removed
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        removed,
        [
            "sitemap-4.xml",
            "sitemap-5.xml",
            "sitemap-6.xml",
            "sitemap-7.xml"
        ]
    );
    assert_eq!(
        sitemap_testkit::list_files(dir.path()),
        [
            "other.xml",
            "robots.txt",
            "sitemap-1.xml",
            "sitemap-2.xml",
            "sitemap-3.xml",
            "sitemap-a.xml",
            "sitemap-extra.html",
            "sitemap.xml",
            "sitemap.xml.bak"
        ]
    );
    assert!(
        std::fs::read_to_string(dir.path().join("sitemap-3.xml"))
            .unwrap()
            .contains("new-2")
    );
    sitemap_testkit::assert_all_valid(dir.path());

    // Now one file suffices: every part goes, the index becomes the urlset.
    let report = SetWriter::new(options(dir.path(), 10))
        .unwrap()
        .write_all(pages("one", 2))
        .unwrap();
    assert_eq!(report.removed.len(), 3);
    assert!(!dir.path().join("sitemap-1.xml").exists());
    assert!(
        std::fs::read_to_string(dir.path().join("sitemap.xml"))
            .unwrap()
            .contains("<urlset")
    );
    sitemap_testkit::assert_all_valid(dir.path());

    // Switching to gzip removes the uncompressed file.
    let report = SetWriter::new(options(dir.path(), 10).with_gzip(true))
        .unwrap()
        .write_all(pages("gz", 2))
        .unwrap();
    let removed: Vec<String> = report
        .removed
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(removed, ["sitemap.xml"]);
    assert!(dir.path().join("sitemap.xml.gz").exists());
    sitemap_testkit::assert_all_valid(dir.path());
}
