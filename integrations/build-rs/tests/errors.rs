//! Errors print `file:line: message` through both Display and Debug, so a
//! build script's `main` returning one fails with a readable message.

use sitemap_build::Sitemap;

use crate::support::fixture;

#[test]
fn bad_front_matter_names_the_file_and_line() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("bad-front-matter");
    let err = Sitemap::content(&root)
        .out_dir(out.path())
        .write()
        .unwrap_err();
    let shown = err
        .to_string()
        .replace(&root.display().to_string(), "[ROOT]");
    insta::assert_snapshot!(shown);
    assert_eq!(format!("{err:?}"), err.to_string());
    // Nothing was written.
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
}

#[test]
fn unknown_settings_key_names_the_file_and_line() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("bad-settings");
    let err = Sitemap::content(&root)
        .out_dir(out.path())
        .write()
        .unwrap_err();
    let shown = format!("{err:?}").replace(&root.display().to_string(), "[ROOT]");
    insta::assert_snapshot!(shown);
}

#[test]
fn missing_config_file_is_an_error_when_named() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("zola-blog");
    let err = Sitemap::content(&root)
        .config(root.join("nope.toml"))
        .out_dir(out.path())
        .write()
        .unwrap_err();
    let shown = err
        .to_string()
        .replace(&root.display().to_string(), "[ROOT]");
    insta::assert_snapshot!(shown);
}

#[test]
fn page_list_without_out_dir_says_what_to_call() {
    let err = Sitemap::pages("https://example.org/", [sitemap_build::Page::new("")])
        .write()
        .unwrap_err();
    insta::assert_snapshot!(err.to_string());
}

#[cfg(not(feature = "git"))]
#[test]
fn git_lastmod_without_the_feature_is_refused_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(
        root.join("zola.toml"),
        "base_url = \"https://g.example.org\"\n",
    )
    .unwrap();
    std::fs::create_dir(root.join("content")).unwrap();
    std::fs::write(root.join("sitemap.toml"), "lastmod = [\"git\", \"date\"]\n").unwrap();
    let err = Sitemap::content(root)
        .out_dir(root.join("out"))
        .write()
        .unwrap_err();
    let shown = err
        .to_string()
        .replace(&root.display().to_string(), "[ROOT]");
    insta::assert_snapshot!(shown);
}

#[cfg(not(feature = "gzip"))]
#[test]
fn gzip_without_the_feature_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(
        root.join("zola.toml"),
        "base_url = \"https://g.example.org\"\n",
    )
    .unwrap();
    std::fs::create_dir(root.join("content")).unwrap();
    std::fs::write(root.join("sitemap.toml"), "gzip = true\n").unwrap();
    let err = Sitemap::content(root)
        .out_dir(root.join("out"))
        .write()
        .unwrap_err();
    let shown = err
        .to_string()
        .replace(&root.display().to_string(), "[ROOT]");
    insta::assert_snapshot!(shown);
    assert!(!root.join("out").exists());
}

/// A base URL without its scheme given to `.base_url(..)` was blamed on
/// the site's zola.toml; it is the builder's value, and the message says
/// what it most likely means.
#[test]
fn a_bad_base_url_names_the_builder_not_the_site_config() {
    let out = tempfile::tempdir().unwrap();
    let root = fixture("zola-blog");
    let err = Sitemap::content(&root)
        .base_url("rsite.example.org")
        .out_dir(out.path())
        .write()
        .unwrap_err();
    assert_eq!(
        format!("{err:?}"),
        "`.base_url(..)`: `rsite.example.org` is not an absolute URL; sitemaps need absolute locs: did you mean https://rsite.example.org/?"
    );
}
