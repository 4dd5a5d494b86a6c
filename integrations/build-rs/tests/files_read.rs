//! The reported files are exactly the files the scan read: every content
//! file the generator reads (not assets, not the fixture README), the
//! configuration and sitemap.toml — no more, no fewer.

use std::path::{Path, PathBuf};

use sitemap_build::Sitemap;

use crate::support::fixture;

fn tree(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            tree(&path, found);
        } else {
            found.push(path);
        }
    }
}

#[test]
fn zola_reports_every_markdown_file_config_and_settings() {
    let root = fixture("zola-blog");
    let out = tempfile::tempdir().unwrap();
    let built = Sitemap::content(&root).out_dir(out.path()).write().unwrap();

    // What the site holds that Zola reads: every .md (drafts and excluded
    // pages are read too, to learn they are left out), zola.toml,
    // sitemap.toml; not the bundle's figure.svg.
    let mut expected = Vec::new();
    tree(&root, &mut expected);
    expected.retain(|p| p.extension().is_some_and(|e| e == "md" || e == "toml"));
    expected.sort();
    assert_eq!(built.files_read, expected);

    // And the content scanner's own count of files it opened agrees.
    let (_, config) = sitemap_content::locate(&root, None).unwrap();
    let site = sitemap_zola::open(&root, config, &Default::default()).unwrap();
    let scanned = site.scan().unwrap();
    let content_files = built
        .files_read
        .iter()
        .filter(|p| p.starts_with(&site.content_dir))
        .count();
    assert_eq!(content_files, scanned.files_read);
    assert_eq!(built.rerun_dirs, std::slice::from_ref(&site.content_dir));
    assert!(built.git_files.is_empty());
}

#[test]
fn hugo_reports_each_file_of_the_config_folder() {
    let root = fixture("hugo-config-dir");
    let out = tempfile::tempdir().unwrap();
    let built = Sitemap::content(&root).out_dir(out.path()).write().unwrap();
    let mut expected = Vec::new();
    tree(&root, &mut expected);
    expected.sort();
    assert_eq!(built.files_read, expected);
}

#[test]
fn page_list_reports_the_sources_it_names() {
    let root = fixture("zola-blog");
    let out = tempfile::tempdir().unwrap();
    let built = Sitemap::pages(
        "https://example.org/",
        [
            sitemap_build::Page::new("").with_source("content/_index.md"),
            sitemap_build::Page::new("about/").with_source("content/about.md"),
            sitemap_build::Page::new("generated/"),
        ],
    )
    .root(&root)
    .out_dir(out.path())
    .write()
    .unwrap();
    assert_eq!(
        built.files_read,
        [
            root.join("content/_index.md"),
            root.join("content/about.md")
        ]
    );
    assert!(built.rerun_dirs.is_empty());
}
