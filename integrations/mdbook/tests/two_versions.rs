//! One book built by real mdBook 0.4 (its last release, the binary `cargo
//! xtask setup` installs) and by mdBook 0.5 (`mdbook-driver`), with the
//! plugin as preprocessor and renderer: both builds succeed, the 0.4 book
//! comes back from the preprocessor in 0.4's shape (the build would fail
//! otherwise) with its front matter stripped, and the sitemaps are the
//! same file.

use std::path::{Path, PathBuf};
use std::process::Command;

use sitemap_testkit::{Schema, assert_valid};

use crate::support::{Book, EXE, main_of};

/// mdBook 0.4's binary, where `cargo xtask setup` installs it.
pub(crate) fn mdbook_04() -> PathBuf {
    let exe =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/tools/mdbook-0.4/bin/mdbook");
    assert!(
        exe.is_file(),
        "{} is missing: run `cargo xtask setup` (it installs mdbook 0.4 there)",
        exe.display()
    );
    exe
}

/// `mdbook build` of `book` by mdBook 0.4, with `PATH` leading to the
/// plugin under test; returns stderr, failing the test when the build
/// fails.
pub(crate) fn build_with_04(book: &Book) -> String {
    let bin_dir = Path::new(EXE).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_owned()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let out = Command::new(mdbook_04())
        .arg("build")
        .current_dir(book.root())
        .env("PATH", path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "mdbook 0.4 build failed:\n{stderr}");
    stderr
}

#[test]
fn mdbook_04_and_05_build_the_same_sitemap() {
    let with_05 = Book::fixture("two-versions");
    with_05.build().unwrap();
    let sitemap_05 = with_05.read("book/html/sitemap.xml");

    let with_04 = Book::fixture("two-versions");
    let version = Command::new(mdbook_04()).arg("--version").output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&version.stdout).trim(),
        "mdbook v0.4.52"
    );
    let stderr = build_with_04(&with_04);
    // 0.4 is a version the plugin reads: no warning about the version.
    assert!(
        !stderr.contains("called by mdBook"),
        "the plugin warned about mdBook 0.4:\n{stderr}"
    );
    let sitemap_04 = with_04.read("book/html/sitemap.xml");

    assert_valid(&with_04.path("book/html/sitemap.xml"), Schema::Urlset);
    assert_eq!(
        sitemap_04, sitemap_05,
        "mdBook 0.4 and 0.5 gave different sitemaps"
    );
    insta::assert_snapshot!("two_versions_sitemap", sitemap_04);

    // The preprocessor ran under 0.4: the chapter's front matter is gone
    // from its HTML, and mdBook's own `{{#include}}` was expanded.
    let installing = main_of(&with_04.read("book/html/guide/installing.html"));
    assert!(!installing.contains("priority"), "{installing}");
    assert!(
        installing.contains("cargo install mdbook-sitemap"),
        "{installing}"
    );
}
