//! Zola and Hugo content trees, written whole.

use sitemap_build::Sitemap;

use crate::support::{fixture, rerun_lines, written};

#[test]
fn zola_site_with_settings_file() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("zola-blog");
    let built = Sitemap::content(&root)
        .out_dir(out.path())
        .robots(true)
        .write()
        .unwrap();
    assert_eq!(built.report.urls, 5);
    assert_eq!(built.robots, Some(out.path().join("robots.txt")));
    insta::assert_snapshot!("zola_blog_files", written(out.path()));
    insta::assert_snapshot!("zola_blog_rerun", rerun_lines(&built, &root));
}

#[test]
fn hugo_site_configured_by_a_folder() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("hugo-config-dir");
    let built = Sitemap::content(&root).out_dir(out.path()).write().unwrap();
    insta::assert_snapshot!("hugo_config_dir_files", written(out.path()));
    insta::assert_snapshot!("hugo_config_dir_rerun", rerun_lines(&built, &root));
}

#[test]
fn builder_settings_win_over_sitemap_toml() {
    // sitemap.toml says front-matter then date; the builder says date only,
    // so `updated` (front matter lastmod) no longer counts.
    let out = tempfile::tempdir().unwrap();
    Sitemap::content(fixture("zola-blog"))
        .out_dir(out.path())
        .lastmod([sitemap_build::LastmodSource::Date])
        .filename("pages.txt")
        .format(sitemap_build::FileFormat::Txt)
        .write()
        .unwrap();
    insta::assert_snapshot!("zola_blog_builder_wins", written(out.path()));
}

#[test]
fn second_write_leaves_an_unchanged_set_byte_identical() {
    let out = tempfile::tempdir().unwrap();
    let write = || {
        Sitemap::content(fixture("zola-blog"))
            .out_dir(out.path())
            .write()
            .unwrap();
        std::fs::read(out.path().join("sitemap.xml")).unwrap()
    };
    assert_eq!(write(), write());
}

#[test]
fn source_table_without_lastmod_keeps_the_default_precedence() {
    // Without the `git` feature the default precedence skips git, whether
    // or not sitemap.toml has a [source] table; with it, git finds no
    // history in a temporary folder and the front matter date is used.
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(
        root.join("zola.toml"),
        "base_url = \"https://d.example.org\"\n",
    )
    .unwrap();
    std::fs::create_dir(root.join("content")).unwrap();
    std::fs::write(
        root.join("content/page.md"),
        "+++\ndate = 2024-08-09\n+++\n",
    )
    .unwrap();
    std::fs::write(root.join("sitemap.toml"), "changefreq = \"weekly\"\n").unwrap();
    let out = root.join("out");
    Sitemap::content(root).out_dir(&out).write().unwrap();
    insta::assert_snapshot!(written(&out));
}
