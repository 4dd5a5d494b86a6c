//! The README's Hugo sequence, as written there, on the two-language
//! example built with the current Hugo. It ended with exit 1 and 37
//! errors, all in the language sitemaps an earlier `hugo` left in
//! `public/`; `validate --site` now names each as Hugo's leftover, and the
//! README's sequence (Hugo's sitemaps off, its old files removed) passes.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::build_check::current_hugo;
use crate::{copy_tree, example, sitemap, text};

/// The README's line of `what` in its Hugo section: the first line after
/// the `**Hugo**` paragraph that starts so.
fn readme_line(what: &str) -> String {
    let readme =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md")).unwrap();
    let hugo = &readme[readme.find("**Hugo**").expect("a Hugo section")..];
    hugo.lines()
        .find(|l| l.starts_with(what))
        .unwrap_or_else(|| panic!("no `{what}` line in the README's Hugo section"))
        .to_owned()
}

/// The README's shell line, run by `sh` in `dir` with the current Hugo
/// and the `sitemap` under test on `PATH`.
fn run_readme(dir: &Path, line: &str) -> std::process::Output {
    let bin = |p: &Path| p.parent().unwrap().to_path_buf();
    let path = std::env::join_paths(
        [
            bin(&current_hugo()),
            bin(Path::new(env!("CARGO_BIN_EXE_sitemap"))),
        ]
        .into_iter()
        .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    Command::new("sh")
        .args(["-c", line])
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .env_remove("HUGO_ENVIRONMENT")
        .output()
        .unwrap()
}

#[test]
fn the_readmes_hugo_sequence_passes_on_a_two_language_site_and_names_hugos_leftovers() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("hugo-site"), dir.path());
    let _ = fs::remove_dir_all(dir.path().join("public"));
    // Before the README: Hugo writes its index and a sitemap per language,
    // and the scan replaces the index.
    crate::build_check::hugo(&current_hugo(), dir.path());
    assert!(dir.path().join("public/en/sitemap.xml").is_file());
    let out = sitemap(dir.path(), &["scan", "--quiet"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    let out = sitemap(dir.path(), &["validate", "--site", "public"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "\
public/de/sitemap.xml:1:1: error: Hugo's own sitemap, left from an earlier build: this tool did not write it and nothing in the set lists it, so its entries are not checked; delete it, and stop Hugo writing it with `disableKinds = [\"sitemap\"]` in the site's hugo.toml (then `hugo --cleanDestinationDir` removes such files on each build)
public/en/sitemap.xml:1:1: error: Hugo's own sitemap, left from an earlier build: this tool did not write it and nothing in the set lists it, so its entries are not checked; delete it, and stop Hugo writing it with `disableKinds = [\"sitemap\"]` in the site's hugo.toml (then `hugo --cleanDestinationDir` removes such files on each build)
public/robots.txt: valid (robots.txt, 1 sitemaps, 75 bytes; 0 errors, 0 warnings)
public/sitemap.xml: valid (urlset, 15 URLs, 3877 bytes; 0 errors, 0 warnings; listed in public/robots.txt:4:1)
public/de/sitemap.xml: invalid (urlset, 3 URLs, 1428 bytes; 1 errors, 0 warnings)
public/en/sitemap.xml: invalid (urlset, 13 URLs, 2719 bytes; 1 errors, 0 warnings)
site public/ at https://hugo-demo.example.org/ (from hugo.toml: baseURL): 15 locs, 15 name files of the site; 15 indexable pages, 0 not in the sitemap
4 files checked: 2 valid, 2 invalid; 2 errors, 0 warnings
"
    );
    assert!(out.stderr.is_empty());
    assert_eq!(out.status.code(), Some(1));

    // The README: its `disableKinds` (with the example's own RSS), then
    // its command line as written.
    let toml = readme_line("disableKinds");
    assert_eq!(toml, "disableKinds = [\"sitemap\"]");
    let config = dir.path().join("hugo.toml");
    let site = fs::read_to_string(&config).unwrap();
    fs::write(
        &config,
        site.replace(
            "disableKinds = [\"RSS\"]",
            "disableKinds = [\"RSS\", \"sitemap\"]",
        ),
    )
    .unwrap();
    let out = run_readme(dir.path(), &readme_line("hugo "));
    // Hugo's own notes (the example keeps `languageCode`, which Hugo
    // 0.111.3 needs), in an order Hugo does not fix, then the scan's.
    let stderr = text(&out.stderr, dir.path());
    let (mut hugo, ours): (Vec<&str>, Vec<&str>) =
        stderr.lines().partition(|l| l.starts_with("WARN  "));
    hugo.sort_unstable();
    assert_eq!(
        hugo,
        [
            "WARN  deprecated: project config key languages.de.languageCode was deprecated in Hugo v0.158.0 and will be removed in a future release. Use languages.de.locale instead.",
            "WARN  deprecated: project config key languages.en.languageCode was deprecated in Hugo v0.158.0 and will be removed in a future release. Use languages.en.locale instead.",
        ]
    );
    assert_eq!(
        ours,
        [
            ".: warning: not inside a git work tree (or git is not installed); lastmod from git is skipped",
            "sitemap: 14 files read as Hugo 0.168.0 (the built site's generator tag), 15 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 4 excluded (1 build options, 1 bundle resource, 1 by sitemap.toml:6 `exclude`, 1 draft), checked against 16 built pages; wrote public/sitemap.xml and robots.txt, public/llms.txt, public/de/llms.txt",
        ]
    );
    // Hugo's build table (with its time) on stdout, then the validation.
    let stdout = String::from_utf8_lossy(&out.stdout);
    let (hugo, validated) = stdout.split_once(" ms\n").expect("Hugo's `Total in … ms`");
    assert!(hugo.contains("Total in"), "{stdout}");
    assert_eq!(
        validated,
        "\
public/robots.txt: valid (robots.txt, 1 sitemaps, 75 bytes; 0 errors, 0 warnings)
public/sitemap.xml: valid (urlset, 15 URLs, 3877 bytes; 0 errors, 0 warnings; listed in public/robots.txt:4:1)
site public/ at https://hugo-demo.example.org/ (from hugo.toml: baseURL): 15 locs, 15 name files of the site; 15 indexable pages, 0 not in the sitemap
2 files checked: 2 valid, 0 invalid; 0 errors, 0 warnings
"
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(!dir.path().join("public/en/sitemap.xml").exists());
    assert_eq!(
        sitemap_testkit::assert_all_valid(&dir.path().join("public")),
        1
    );
}
