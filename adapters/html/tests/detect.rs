//! Telling built output from a generator's sources.

use sitemap_html::looks_like_built_html;

use crate::common::fixture;

#[test]
fn fixture_sites_look_built() {
    for case in ["urls", "canonical", "hreflang", "lastmod"] {
        assert!(looks_like_built_html(&fixture(case)), "{case}");
    }
}

#[test]
fn a_generator_project_does_not() {
    assert!(!looks_like_built_html(&fixture("hugo-site")));
}

#[test]
fn html_one_level_down_counts_and_config_files_veto() {
    let dir = tempfile::tempdir().unwrap();
    assert!(!looks_like_built_html(dir.path()), "empty");
    std::fs::create_dir(dir.path().join("docs")).unwrap();
    std::fs::write(dir.path().join("docs/intro.html"), "<p>hi</p>").unwrap();
    assert!(looks_like_built_html(dir.path()));
    for config in ["_config.yml", "package.json", "config.toml"] {
        std::fs::write(dir.path().join(config), "").unwrap();
        assert!(!looks_like_built_html(dir.path()), "{config}");
        std::fs::remove_file(dir.path().join(config)).unwrap();
    }
    assert!(!looks_like_built_html(&dir.path().join("missing")));
}
