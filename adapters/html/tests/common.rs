//! Rendering a scan as one text for whole-output snapshots.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sitemap_core::{XmlOptions, XmlWriter};
use sitemap_html::{HtmlOptions, HtmlScan, scan};
use sitemap_testkit::{Schema, assert_valid};

/// A fixture directory, relative to the crate (the tests' working
/// directory), so the paths in the output are the same on every machine.
pub(crate) fn fixture(case: &str) -> PathBuf {
    Path::new("tests/fixtures").join(case)
}

pub(crate) fn options() -> HtmlOptions {
    HtmlOptions::new("https://example.org/".parse().unwrap())
}

/// Scans a fixture, twice (one thread and several) to show the result
/// does not depend on thread timing, and returns the rendered output.
pub(crate) fn scan_fixture(case: &str, options: &HtmlOptions) -> (HtmlScan, String) {
    let one = scan(&fixture(case), &options.clone().with_threads(1)).unwrap();
    let many = scan(&fixture(case), &options.clone().with_threads(4)).unwrap();
    assert_eq!(
        one, many,
        "the scan of {case} depends on the number of threads"
    );
    let text = render(&one);
    (one, text)
}

/// Writes the scan's entries as a sitemap with the core writer, validates
/// it with xmllint against the schema its content needs, and returns it.
pub(crate) fn sitemap_xml(found: &HtmlScan) -> String {
    let mut out = Vec::new();
    let mut writer = XmlWriter::new(&mut out, XmlOptions::default());
    for url in &found.urls {
        writer.write(url).unwrap();
    }
    writer.finish().unwrap();
    let xml = String::from_utf8(out).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sitemap.xml");
    std::fs::write(&file, &xml).unwrap();
    let schema = Schema::for_document(&xml);
    if found.urls.iter().any(|u| !u.alternates.is_empty()) {
        assert_eq!(schema, Schema::UrlsetWithExtensions);
    }
    assert_valid(&file, schema);
    xml
}

/// The whole output of a scan: the sitemap, what was left out and why,
/// the warnings, the files read, the summary line.
pub(crate) fn render(found: &HtmlScan) -> String {
    let mut s = String::new();
    s.push_str(&sitemap_xml(found));
    s.push_str("\n## left out\n");
    for e in &found.excluded {
        writeln!(s, "{e}").unwrap();
    }
    s.push_str("\n## warnings\n");
    for w in &found.warnings {
        writeln!(s, "{w}").unwrap();
    }
    s.push_str("\n## files read\n");
    for f in &found.files_read {
        writeln!(s, "{}", f.display()).unwrap();
    }
    writeln!(s, "\n## summary\n{}", found.summary()).unwrap();
    s
}

/// The `loc`s of a scan.
pub(crate) fn locs(found: &HtmlScan) -> Vec<&str> {
    found.urls.iter().map(|u| u.loc.as_str()).collect()
}
