//! `split-by` where its groups meet a limit: a section whose name is too
//! long for a file name once made file-safe (30 Japanese characters are
//! 270 bytes of `_E6_97_A5…`) failed with "File name too long"; more
//! groups than one index lists were refused naming the library's
//! `Limits::max_sitemaps`. Each test runs the binary under `timeout` and
//! asserts the exit code, the whole message and the files on disk.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::text;

/// `sitemap scan ARGS` in `dir` under `timeout`.
fn scan(dir: &Path, args: &[&str]) -> Output {
    Command::new("timeout")
        .arg("120")
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .arg("scan")
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// The sitemap files in `dir`, sorted.
fn sitemaps(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("sitemap"))
        .collect();
    names.sort();
    names
}

/// A Hugo section named in 30 Japanese characters: its part's name is
/// cut to 255 bytes with a hash of the whole group name, the set is
/// valid and lists every page, and a second run keeps the same names.
#[test]
fn a_section_named_in_japanese_fits_a_file_name() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let section = "日本語のセクション名はとても長くなることがありますよね本当に";
    assert_eq!(section.chars().count(), 30);
    fs::write(
        dir.join("hugo.toml"),
        "baseURL = \"https://example.org/\"\ndisableKinds = [\"taxonomy\", \"term\"]\n",
    )
    .unwrap();
    for (folder, page) in [(section, "a.md"), ("blog", "b.md")] {
        let folder = dir.join("content").join(folder);
        fs::create_dir_all(&folder).unwrap();
        fs::write(folder.join(page), "---\ntitle: A page\n---\n").unwrap();
    }
    let args = ["--split-by", "section", "--lastmod", "date"];
    let out = scan(dir, &args);
    assert_eq!(
        text(&out.stderr, dir),
        "public/: warning: no built page, so the sitemap is not checked against the site; run `hugo` first, then the scan\n\
         sitemap: 2 files read as Hugo 0.111.3 (the hugo on PATH), 5 URLs, none excluded; wrote public/sitemap.xml (index of 3 sitemaps)\n"
    );
    assert_eq!(out.status.code(), Some(0));
    let public = dir.join("public");
    let names = sitemaps(&public);
    let long = names
        .iter()
        .find(|n| n.starts_with("sitemap-_E6_97_A5"))
        .expect("the section's part");
    assert_eq!(long.len(), 255, "{long}");
    assert!(names.iter().all(|n| n.len() <= 255), "{names:?}");
    for name in &names {
        let schema = if name == "sitemap.xml" {
            sitemap_testkit::Schema::Index
        } else {
            sitemap_testkit::Schema::Urlset
        };
        sitemap_testkit::assert_valid(&public.join(name), schema);
    }
    let (mut pages, children) = sitemap_testkit::set_locs(&public.join("sitemap.xml"));
    assert_eq!(children.len(), 3);
    pages.sort();
    let encoded: String = section.bytes().map(|b| format!("%{b:02X}")).collect();
    assert_eq!(
        pages,
        [
            "https://example.org/".to_owned(),
            format!("https://example.org/{encoded}/"),
            format!("https://example.org/{encoded}/a/"),
            "https://example.org/blog/".to_owned(),
            "https://example.org/blog/b/".to_owned(),
        ]
    );
    let again = scan(dir, &args);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(sitemaps(&public), names);
}

/// A built site of 1,001 sections (and the home page): 1,002 groups, one
/// sitemap each, past the 1,000 an index lists under the default
/// `limits`. The refusal names `split-by` and what to change, nothing is
/// written; `--limits sitemaps-org` writes the set.
#[test]
fn more_groups_than_an_index_lists_name_split_by_and_limits() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let page = "<html><head><title>T</title></head><body>x</body></html>";
    let public = dir.join("public");
    fs::create_dir_all(&public).unwrap();
    fs::write(public.join("index.html"), page).unwrap();
    for i in 1..=1001 {
        let folder = public.join(format!("s{i}/a"));
        fs::create_dir_all(&folder).unwrap();
        fs::write(folder.join("index.html"), page).unwrap();
    }
    let site = ["--html", "public", "--base-url", "https://example.org/"];
    let out = scan(dir, &[&site[..], &["--split-by", "section"]].concat());
    assert_eq!(
        text(&out.stderr, dir),
        "\
error: `--split-by`: the set's 1002 groups need more than 1,000 sitemaps (one each, more for a group past 50,000 URLs or a file's bytes), and one index lists at most 1,000 under `limits = \"legacy\"` (the default)
  hint: set `limits = \"sitemaps-org\"` (`--limits sitemaps-org`), whose index lists up to 50,000 sitemaps, or name fewer groups with a `split-by` table of URL globs (`{ \"/blog/**\" = \"blog\" }`, the rest in `other`)
"
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(sitemaps(&public).is_empty());

    // Set in sitemap.toml, the key is named at its line.
    fs::write(
        dir.join("sitemap.toml"),
        "# the site's sections\nsplit-by = \"section\"\n",
    )
    .unwrap();
    let out = scan(dir, &site);
    assert_eq!(
        text(&out.stderr, dir).lines().next().unwrap(),
        "error: sitemap.toml:2 `split-by`: the set's 1002 groups need more than 1,000 sitemaps (one each, more for a group past 50,000 URLs or a file's bytes), and one index lists at most 1,000 under `limits = \"legacy\"` (the default)"
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(sitemaps(&public).is_empty());

    let out = scan(dir, &[&site[..], &["--limits", "sitemaps-org"]].concat());
    assert_eq!(
        text(&out.stderr, dir),
        "sitemap: 1002 files read, 1002 URLs, none excluded; wrote public/sitemap.xml (index of 1002 sitemaps)\n"
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(sitemaps(&public).len(), 1003);
}
