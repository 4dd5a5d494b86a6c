//! A new user's mistakes on the bundled examples, each answered with the
//! file or flag at fault and the fix, where the answer was silent, wrong
//! or without a way forward: a folder name mistyped, the scan run inside
//! `content/`, `--flavor` naming the other generator, `--out` given a
//! file name, Hugo's `[sitemap]` table copied into sitemap.toml, a folder
//! excluded without `/**`, a scheme-less base URL to `validate`, and a
//! sitemap path that is not there.

use std::fs;

use sitemap_testkit::{Schema, assert_valid};

use crate::{copy_tree, example, sitemap, text};

fn hugo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("hugo-site"), dir.path());
    let _ = fs::remove_dir_all(dir.path().join("public"));
    dir
}

/// Exit code and the whole of stderr of `sitemap ARGS` in `dir`.
fn run(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, String) {
    let out = sitemap(dir, args);
    (out.status.code(), text(&out.stderr, dir))
}

#[test]
fn a_mistyped_folder_is_named_with_the_nearest_one() {
    let dir = hugo();
    assert_eq!(
        run(dir.path(), &["scan", "contnt"]),
        (
            Some(1),
            "error: contnt: no such folder\n  hint: did you mean `content`? Give the site's root folder, the one holding its configuration\n"
                .to_owned()
        )
    );
}

#[test]
fn the_scan_run_inside_content_names_the_sites_root() {
    let dir = hugo();
    assert_eq!(
        run(&dir.path().join("content"), &["scan"]),
        (
            Some(1),
            ".: error: not a site's root folder: .. above it holds hugo.toml\n  hint: run `sitemap scan ..`, or run the command in that folder\n"
                .to_owned()
        )
    );
}

#[test]
fn flavor_naming_the_other_generator_says_which_site_it_is() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("zola-site"), dir.path());
    assert_eq!(
        run(dir.path(), &["scan", "--flavor", "hugo"]),
        (
            Some(1),
            ".: error: `--flavor` says `hugo`, but the folder holds zola.toml, a Zola site's\n  hint: drop `--flavor` (the scan tells the generator from its configuration), or set it to `zola`\n"
                .to_owned()
        )
    );
}

/// The set went into a new folder `public/sitemap.xml/`, exit 0.
#[test]
fn out_given_a_file_name_is_refused_naming_the_folder() {
    let dir = hugo();
    assert_eq!(
        run(dir.path(), &["scan", "--out", "public/sitemap.xml"]),
        (
            Some(2),
            "error: `--out`: `public/sitemap.xml` names a file; `out` is the folder the set is written into, its file named by `filename`: set it to `public`\n  hint: change --out on the command line\n"
                .to_owned()
        )
    );
    assert!(!dir.path().join("public/sitemap.xml").exists());
    let (code, stderr) = run(dir.path(), &["scan", "--out", "public", "-q"]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    let path = dir.path().join("public/sitemap.xml");
    assert_valid(
        &path,
        Schema::for_document(&fs::read_to_string(&path).unwrap()),
    );
}

#[test]
fn hugos_sitemap_table_in_sitemap_toml_says_the_keys_go_at_the_top() {
    let dir = hugo();
    fs::write(
        dir.path().join("sitemap.toml"),
        "[sitemap]\nchangefreq = \"weekly\"\n",
    )
    .unwrap();
    assert_eq!(
        run(dir.path(), &["scan"]),
        (
            Some(1),
            "sitemap.toml:1: error: unknown key `sitemap`\n  hint: sitemap.toml's keys go at its top level, with no [sitemap] table (that table is Hugo's, in hugo.toml); see the key table in `sitemap scan --help`\n"
                .to_owned()
        )
    );
}

/// A folder named alone matches the folder, not its pages: nothing was
/// left out, and nothing said so.
#[test]
fn a_folder_excluded_without_its_glob_is_named_with_the_glob() {
    let dir = hugo();
    let (code, stderr) = run(
        dir.path(),
        &[
            "scan",
            "--dry-run",
            "--lastmod",
            "front-matter",
            "--exclude",
            "content/docs",
        ],
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        stderr,
        "\
warning: `--exclude` pattern `content/docs` matches no page (`exclude` is matched against source paths relative to the site root, such as `content/_index.de.md`); did you mean `content/docs/**`?
public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan
sitemap: 14 files read as Hugo 0.111.3 (the hugo on PATH), 16 URLs, 2 images (left out: 1 on other hosts (not in image-hosts)), 3 excluded (1 bundle resource, 1 draft, 1 headless); dry run, nothing written
"
    );
}

#[test]
fn validate_takes_a_base_url_as_the_scan_does() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&example("html-site"), dir.path());
    assert_eq!(
        run(
            dir.path(),
            &["validate", "--site", "_site", "--base-url", "shop.example.org"]
        ),
        (
            Some(2),
            "error: --base-url: `shop.example.org` is not an absolute URL; sitemaps need absolute locs: did you mean https://shop.example.org/?\n"
                .to_owned()
        )
    );
}

#[test]
fn validate_of_a_sitemap_that_is_not_there_says_where_sets_are() {
    let dir = hugo();
    let out = sitemap(dir.path(), &["validate", "sitemap.xml"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stdout, dir.path()),
        "\
sitemap.xml: error: cannot open sitemap.xml: No such file or directory (os error 2); check the path (`sitemap scan` writes the set into the site's output folder, such as public/sitemap.xml)
0 files checked: 0 valid, 0 invalid, 1 unreadable; 0 errors, 0 warnings
"
    );
}
