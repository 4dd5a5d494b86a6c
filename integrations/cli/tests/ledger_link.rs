//! A ledger kept in a CI cache folder and linked into the site: the scan
//! replaced the link with a regular file, so the cache's copy went stale
//! and the next job started without the history. The ledger is written
//! through the link, atomically (a temporary file beside the target,
//! renamed over it), and the link stays; a link to a file not there yet
//! (the cache's first run) creates it.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::text;

/// `sitemap scan` with the ledger `sitemap.ledger` in `dir`, at the run
/// time `epoch`, under `timeout`.
fn scan(dir: &Path, epoch: &str) -> Output {
    Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--lastmod", "date", "--ledger", "sitemap.ledger"])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", epoch)
        .output()
        .unwrap()
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

const HEADER: &str =
    "# sitemap ledger 1: URL, what last happened, when, content fingerprint, lastmod\n";
const HOME: &str = "https://example.org/\tadded\t2023-11-14T22:13:20Z\t67656e6572617465\t-\n";

#[test]
fn a_linked_ledger_is_written_through_the_link() {
    let tmp = tempfile::tempdir().unwrap();
    let site = tmp.path().join("site");
    let cache = tmp.path().join("cache");
    fs::create_dir_all(site.join("content")).unwrap();
    fs::create_dir_all(&cache).unwrap();
    fs::write(
        site.join("zola.toml"),
        "base_url = \"https://example.org\"\n",
    )
    .unwrap();
    fs::write(site.join("content/a.md"), "+++\ntitle = \"a\"\n+++\nhi\n").unwrap();
    let link = site.join("sitemap.ledger");
    std::os::unix::fs::symlink("../cache/sitemap.ledger", &link).unwrap();
    // The site is not built: the scan says its sitemap goes unchecked.
    let summary = "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\nsitemap: 1 files read, 2 URLs, none excluded; wrote public/sitemap.xml\n";

    // The cache's first run: the link leads nowhere yet.
    let out = scan(&site, "1700000000");
    assert_eq!(text(&out.stderr, &site), summary);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(cache.join("sitemap.ledger")).unwrap(),
        format!(
            "{HEADER}{HOME}https://example.org/a/\tadded\t2023-11-14T22:13:20Z\t300d2b095611bbb2\t-\n"
        )
    );

    // A change, a day later: recorded in the cache, the link kept, and
    // nothing left beside the link or the target.
    fs::write(
        site.join("content/a.md"),
        "+++\ntitle = \"a\"\n+++\nchanged\n",
    )
    .unwrap();
    let out = scan(&site, "1700086400");
    assert_eq!(text(&out.stderr, &site), summary);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(cache.join("sitemap.ledger")).unwrap(),
        format!(
            "{HEADER}{HOME}https://example.org/a/\tchanged\t2023-11-15T22:13:20Z\t5a907cd20a79649f\t2023-11-15T22:13:20Z\n"
        )
    );
    assert_eq!(names(&cache), ["sitemap.ledger"]);
    assert_eq!(
        names(&site),
        ["content", "public", "sitemap.ledger", "zola.toml"]
    );
}
