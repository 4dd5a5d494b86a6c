//! `SetWriter::push_in`: a set split into groups, a sitemap (or several)
//! per group under one index, and a set of one group written as today.

use std::path::Path;

use sitemap_core::{Limits, SetErrorKind, SetOptions, SetReport, SetWriter, Url};

use crate::common::{dump_dir, parse_index, parse_urlset, url};

fn options(dir: &Path) -> SetOptions {
    SetOptions::new(dir, "https://example.org/".parse().unwrap())
        .with_limits(Limits::LEGACY.with_max_urls(2))
}

fn site() -> Vec<(&'static str, Url)> {
    [
        ("home", ""),
        ("home", "about/"),
        ("blog", "blog/"),
        ("blog", "blog/a/"),
        ("blog", "blog/b/"),
        ("docs", "docs/intro/"),
    ]
    .into_iter()
    .map(|(g, p)| (g, url(&format!("https://example.org/{p}"))))
    .collect()
}

/// Writes the groups, validates every file against the XSDs and parses
/// every sitemap back: together they hold exactly the entries, in order.
fn write_groups(options: SetOptions, entries: &[(&str, Url)]) -> SetReport {
    let dir = options.dir.clone();
    let mut writer = SetWriter::new(options).unwrap();
    for (group, u) in entries {
        writer.push_in(group, u).unwrap();
    }
    let report = writer.finish().unwrap();
    sitemap_testkit::assert_all_valid(&dir);
    let mut back = Vec::new();
    for file in &report.sitemaps {
        let content = sitemap_testkit::read_maybe_gz(&file.path);
        back.extend(parse_urlset(&content).into_iter().map(|e| e.loc));
    }
    let want: Vec<String> = entries
        .iter()
        .map(|(_, u)| u.loc.as_str().to_owned())
        .collect();
    assert_eq!(back, want);
    if let Some(index) = &report.index {
        let listed: Vec<String> = parse_index(&sitemap_testkit::read_maybe_gz(&index.path))
            .into_iter()
            .map(|(loc, _)| loc)
            .collect();
        let want: Vec<String> = report
            .sitemaps
            .iter()
            .map(|s| s.loc.as_str().to_owned())
            .collect();
        assert_eq!(listed, want);
    }
    report
}

#[test]
fn one_sitemap_per_group_under_one_index() {
    let dir = tempfile::tempdir().unwrap();
    let report = write_groups(options(dir.path()), &site());
    // blog has three entries over a limit of two: numbered; the others not.
    let names: Vec<String> = report
        .sitemaps
        .iter()
        .map(|s| s.path.file_name().unwrap().to_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        names,
        [
            "sitemap-home-b24a70b9.xml",
            "sitemap-blog-1-f2bbec5d.xml",
            "sitemap-blog-2-5a37ef6a.xml",
            "sitemap-docs-1601ed3e.xml",
        ]
    );
    assert_eq!(report.root().1.as_str(), "https://example.org/sitemap.xml");
    insta::assert_snapshot!("groups_split", dump_dir(dir.path()));
}

#[test]
fn one_group_is_written_as_an_ungrouped_set() {
    let grouped = tempfile::tempdir().unwrap();
    let plain = tempfile::tempdir().unwrap();
    let entries: Vec<(&str, Url)> = site().into_iter().map(|(_, u)| ("all", u)).collect();
    write_groups(options(grouped.path()), &entries);
    let urls: Vec<Url> = entries.iter().map(|(_, u)| u.clone()).collect();
    SetWriter::new(options(plain.path()))
        .unwrap()
        .write_all(&urls)
        .unwrap();
    assert_eq!(dump_dir(grouped.path()), dump_dir(plain.path()));
}

#[test]
fn a_new_grouping_removes_the_old_groups_parts() {
    let dir = tempfile::tempdir().unwrap();
    // Hand-made, listed by no index: not ours to remove.
    let news = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.org/news/</loc></url></urlset>\n";
    std::fs::write(dir.path().join("sitemap-news.xml"), news).unwrap();
    write_groups(options(dir.path()), &site());
    let regrouped: Vec<(&str, Url)> = site()
        .into_iter()
        .map(|(g, u)| (if g == "docs" { g } else { "rest" }, u))
        .collect();
    let report = write_groups(options(dir.path()), &regrouped);
    // docs kept its content, so its name: the other three go.
    assert_eq!(report.removed.len(), 3, "{:?}", report.removed);
    let mut names = sitemap_testkit::list_files(dir.path());
    names.retain(|n| n != "sitemap-news.xml");
    let mut want: Vec<String> = report
        .sitemaps
        .iter()
        .map(|s| s.path.file_name().unwrap().to_str().unwrap().to_owned())
        .chain(["sitemap.xml".to_owned()])
        .collect();
    want.sort();
    assert_eq!(names, want);
    assert!(dir.path().join("sitemap-news.xml").exists());
}

#[test]
fn groups_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let mut writer = SetWriter::new(options(dir.path())).unwrap();
    let u = url("https://example.org/a");
    let err = writer.push_in("a.b", &u).unwrap_err();
    assert!(matches!(err.kind(), SetErrorKind::Options(_)), "{err}");
    assert_eq!(
        err.to_string(),
        format!(
            "{}: group `a.b`: expected ASCII letters, digits, `-` or `_`",
            dir.path().join("sitemap.xml").display()
        )
    );
    writer.push_in("a", &u).unwrap();
    writer.push_in("b", &url("https://example.org/b")).unwrap();
    let err = writer
        .push_in("a", &url("https://example.org/c"))
        .unwrap_err();
    assert!(
        err.to_string()
            .ends_with("group `a` came back after group `b`: push each group's entries together"),
        "{err}"
    );
    let err = writer.push(&url("https://example.org/d")).unwrap_err();
    assert!(err.to_string().contains("mixed"), "{err}");
}
