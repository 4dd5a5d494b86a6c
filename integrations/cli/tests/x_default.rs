//! `x-default`: which version of a translated page is its group's
//! `hreflang="x-default"` alternate, on a small multilingual Zola site and
//! a Hugo one (default language in a subfolder), for each of the key's
//! three kinds of value; every sitemap validated with xmllint and
//! snapshotted whole. Built HTML keeps the alternates its pages declare.

use std::fs;
use std::path::Path;

use sitemap_testkit::{Schema, assert_valid};

use crate::{copy_tree, sitemap, text};

/// A Zola site in English (default) and French: the home page and
/// `about` in both, `solo` in English only.
fn zola(dir: &Path) {
    write_all(
        dir,
        &[
            (
                "zola.toml",
                "base_url = \"https://example.org\"\ndefault_language = \"en\"\n\n[languages.fr]\n",
            ),
            ("content/_index.md", "+++\n+++\n"),
            ("content/_index.fr.md", "+++\n+++\n"),
            ("content/about.md", "+++\ndate = 2024-01-01\n+++\nAbout\n"),
            (
                "content/about.fr.md",
                "+++\ndate = 2024-01-02\n+++\nÀ propos\n",
            ),
            ("content/solo.md", "+++\ndate = 2024-01-03\n+++\nSolo\n"),
        ],
    );
}

/// A Hugo site in English (default, served under `/en/` as
/// `defaultContentLanguageInSubdir` says) and German (`languageCode`
/// `de-DE`, the hreflang Hugo writes), translations by file name.
fn hugo(dir: &Path) {
    write_all(
        dir,
        &[
            (
                "hugo.toml",
                "baseURL = \"https://example.org/\"\ndefaultContentLanguage = \"en\"\ndefaultContentLanguageInSubdir = true\ndisableKinds = [\"taxonomy\", \"term\", \"RSS\"]\n\n[languages.en]\nweight = 1\n[languages.de]\nweight = 2\nlanguageCode = \"de-DE\"\n",
            ),
            ("content/about.md", "---\ndate: 2024-01-01\n---\nAbout\n"),
            ("content/about.de.md", "---\ndate: 2024-01-02\n---\nÜber\n"),
        ],
    );
}

fn write_all(dir: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
}

/// Scans `dir` with `extra` flags; the sitemap written, validated.
fn scan(dir: &Path, extra: &[&str]) -> String {
    let mut args = vec!["scan", "-q", "--lastmod", "front-matter,date"];
    args.extend(extra);
    let out = sitemap(dir, &args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr, dir));
    let path = dir.join("public/sitemap.xml");
    let xml = fs::read_to_string(&path).unwrap();
    assert_valid(&path, Schema::for_document(&xml));
    xml
}

fn each_value(make: fn(&Path), name: &str, code: &str) {
    for (value, flags) in [
        ("default", vec![]),
        ("none", vec!["--x-default", "none"]),
        ("language", vec!["--x-default", code]),
    ] {
        let dir = tempfile::tempdir().unwrap();
        make(dir.path());
        insta::assert_snapshot!(
            format!("{name}_x_default_{value}"),
            scan(dir.path(), &flags)
        );
    }
}

#[test]
fn zola_x_default_for_each_value() {
    each_value(zola, "zola", "fr");
}

#[test]
fn hugo_x_default_for_each_value() {
    each_value(hugo, "hugo", "de");
}

/// The key in sitemap.toml and `--x-default default-language` are the
/// default: the same sitemap as without them.
#[test]
fn default_language_written_out_is_the_default() {
    let dir = tempfile::tempdir().unwrap();
    zola(dir.path());
    let plain = scan(dir.path(), &[]);
    assert_eq!(
        scan(dir.path(), &["--x-default", "default-language"]),
        plain
    );
    fs::write(dir.path().join("sitemap.toml"), "x-default = \"fr\"\n").unwrap();
    let fr = scan(dir.path(), &[]);
    assert_ne!(fr, plain);
    assert!(
        fr.contains(r#"hreflang="x-default" href="https://example.org/fr/about/""#),
        "{fr}"
    );
}

#[test]
fn a_language_the_site_does_not_have_is_an_error_naming_the_key_and_the_languages() {
    let dir = tempfile::tempdir().unwrap();
    zola(dir.path());
    fs::write(dir.path().join("sitemap.toml"), "\nx-default = \"de\"\n").unwrap();
    let out = sitemap(dir.path(), &["scan", "-q"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr, dir.path()),
        "sitemap.toml:2: error: `x-default`: the site has no language `de`; its languages: en, fr\n  hint: change `x-default` in sitemap.toml\n"
    );
    assert!(!dir.path().join("public/sitemap.xml").exists());
}

/// Built HTML: the alternates are the pages' own, x-default included,
/// whatever the key says (it applies where the alternates are built).
#[test]
fn built_html_keeps_the_declared_x_default() {
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../adapters/html/tests/fixtures/hreflang");
    copy_tree(&fixture, dir.path());
    for flags in [&[][..], &["--x-default", "none"], &["--x-default", "fr"]] {
        let mut args = vec![
            "scan",
            "-q",
            "--html",
            ".",
            "--base-url",
            "https://example.org/",
        ];
        args.extend(flags);
        let out = sitemap(dir.path(), &args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            text(&out.stderr, dir.path())
        );
        let path = dir.path().join("sitemap.xml");
        let xml = fs::read_to_string(&path).unwrap();
        assert_valid(&path, Schema::for_document(&xml));
        assert_eq!(
            xml.matches(r#"hreflang="x-default" href="https://example.org/en/""#)
                .count(),
            2,
            "{flags:?}: {xml}"
        );
    }
}
