//! What a build script's user is told: errors name paths as the script
//! named the site (`site/content/…`), and pages left without a lastmod
//! because the `git` feature is off get one warning saying how to turn it
//! on.

use sitemap_build::Sitemap;

/// The site named relatively, as a build script names it (tests run in
/// the crate's folder): the error's path starts with that name.
#[test]
fn errors_name_paths_as_the_script_named_the_site() {
    let out = tempfile::tempdir().unwrap();
    let err = Sitemap::content("tests/fixtures/bad-front-matter")
        .out_dir(out.path())
        .write()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "tests/fixtures/bad-front-matter/content/broken.md:3:8: invalid TOML front matter: invalid date, expected month between 01 and 12"
    );
}

#[cfg(not(feature = "git"))]
#[test]
fn pages_without_lastmod_because_git_is_off_get_one_warning() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::write(
        root.join("zola.toml"),
        "base_url = \"https://g.example.org\"\n",
    )
    .unwrap();
    std::fs::create_dir(root.join("content")).unwrap();
    std::fs::write(root.join("content/a.md"), "+++\ntitle = \"a\"\n+++\n").unwrap();
    std::fs::write(root.join("content/b.md"), "+++\ntitle = \"b\"\n+++\n").unwrap();
    std::fs::write(
        root.join("content/c.md"),
        "+++\ntitle = \"c\"\ndate = 2024-01-02\n+++\n",
    )
    .unwrap();
    let built = Sitemap::content(root)
        .out_dir(root.join("out"))
        .write()
        .unwrap();
    let shown =
        |w: &[sitemap_core::Diagnostic]| w.iter().map(|d| d.to_string()).collect::<Vec<_>>();
    assert_eq!(
        shown(&built.warnings),
        [format!(
            "warning: sitemap-build: 2 of 4 pages have no lastmod: dates from git need the `git` feature; \
             turn it on with `sitemap-build = {{ version = \"{}\", features = [\"git\"] }}` under [build-dependencies], \
             or give those pages a date in their front matter",
            env!("CARGO_PKG_VERSION")
        )]
    );
    // A precedence the user chose is theirs: no warning.
    let built = Sitemap::content(root)
        .out_dir(root.join("out"))
        .lastmod([sitemap_build::LastmodSource::FrontMatter])
        .write()
        .unwrap();
    assert_eq!(shown(&built.warnings), Vec::<String>::new());
}
