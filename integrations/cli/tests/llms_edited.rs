//! An llms.txt the toolkit wrote and a person then edited (a section of
//! their own added, the marker line left in) was deleted by the next scan
//! without `--llms-txt`, and replaced by the next one with it. Only a
//! file still exactly as written is the toolkit's to replace or remove:
//! its marker holds a hash of the text above it. A file under the first
//! releases' marker, which has no hash, is replaced only when it is
//! exactly what the run writes. Each test asserts the whole output, the
//! exit code and the file.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use crate::text;

/// The marker line of the first releases.
const UNHASHED: &str = "<!-- Written by sitemap-core (sitemap_core::human::write_llms_txt) from the sitemap's pages. -->";

/// What a person adds above the marker.
const TALKS: &str = "## Talks\n\n- [Sitemaps, done right](https://example.org/talks/sitemaps/)\n\n";

fn zola() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("zola.toml"),
        "base_url = \"https://example.org\"\ntitle = \"Example\"\n",
    )
    .unwrap();
    fs::create_dir_all(dir.path().join("content")).unwrap();
    fs::write(
        dir.path().join("content/a.md"),
        "+++\ntitle = \"A\"\n+++\nA\n",
    )
    .unwrap();
    dir
}

/// `sitemap scan ARGS` in `dir` under `timeout`, lastmod from dates only.
fn scan(dir: &Path, args: &[&str]) -> Output {
    Command::new("timeout")
        .arg("60")
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--lastmod", "date"])
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// The whole stderr, and exit 0.
/// Exit 0 and, after the scan's word that nothing is built, `expected`.
fn assert_ok(dir: &Path, out: &Output, expected: &str) {
    assert_eq!(text(&out.stderr, dir), format!("{UNBUILT}{expected}"));
    assert_eq!(out.status.code(), Some(0));
}

/// `text` with its last line (the marker) replaced by `last`.
fn with_last_line(text: &str, last: &str) -> String {
    let body = text
        .strip_suffix('\n')
        .unwrap()
        .rsplit_once('\n')
        .unwrap()
        .0;
    format!("{body}\n{last}\n")
}

/// `text` with `TALKS` added above its marker line.
fn with_talks(text: &str) -> String {
    let (body, marker) = text.strip_suffix('\n').unwrap().rsplit_once('\n').unwrap();
    format!("{body}\n{TALKS}{marker}\n")
}

/// The site is not built: the scan says so before its summary.
const UNBUILT: &str = "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\n";
const WROTE_BOTH: &str =
    "sitemap: 1 files read, 2 URLs, none excluded; wrote public/sitemap.xml, public/llms.txt\n";
const WROTE_SITEMAP: &str =
    "sitemap: 1 files read, 2 URLs, none excluded; wrote public/sitemap.xml\n";

/// Edited under the marker: kept by a run without `--llms-txt` and by
/// one with it, each with a warning saying what to do; the file as
/// written is still removed without the key.
#[test]
fn edited_llms_txt_is_never_removed_or_replaced() {
    let dir = zola();
    let llms = dir.path().join("public/llms.txt");
    assert_ok(dir.path(), &scan(dir.path(), &["--llms-txt"]), WROTE_BOTH);
    let written = fs::read_to_string(&llms).unwrap();
    let edited = with_talks(&written);
    fs::write(&llms, &edited).unwrap();

    assert_ok(
        dir.path(),
        &scan(dir.path(), &[]),
        &format!(
            "warning: public/llms.txt was written by this tool and edited since, so it was left alone although `llms-txt` is off; delete it if it is no longer wanted\n{WROTE_SITEMAP}"
        ),
    );
    assert_eq!(fs::read_to_string(&llms).unwrap(), edited);

    assert_ok(
        dir.path(),
        &scan(dir.path(), &["--llms-txt"]),
        &format!(
            "warning: public/llms.txt was written by this tool and edited since, so it was left alone; remove it to get llms.txt written from the sitemap's pages, or delete its last line to keep it as yours\n{WROTE_SITEMAP}"
        ),
    );
    assert_eq!(fs::read_to_string(&llms).unwrap(), edited);

    // Unedited, it is the toolkit's own: removed without the key.
    fs::write(&llms, &written).unwrap();
    assert_ok(
        dir.path(),
        &scan(dir.path(), &[]),
        "sitemap: 1 files read, 2 URLs, none excluded; wrote public/sitemap.xml; removed llms.txt\n",
    );
    assert!(!llms.exists());
}

/// The first releases' marker, which has no hash: with `--llms-txt`, a
/// file that is exactly what the run writes is replaced (and so gets
/// the hash); an edited one is left alone, with the key or without.
#[test]
fn unhashed_marker_is_replaced_only_when_nothing_would_be_lost() {
    let dir = zola();
    let llms = dir.path().join("public/llms.txt");
    assert_ok(dir.path(), &scan(dir.path(), &["--llms-txt"]), WROTE_BOTH);
    let written = fs::read_to_string(&llms).unwrap();
    fs::write(&llms, with_last_line(&written, UNHASHED)).unwrap();

    assert_ok(dir.path(), &scan(dir.path(), &["--llms-txt"]), WROTE_BOTH);
    assert_eq!(fs::read_to_string(&llms).unwrap(), written);

    let edited = with_talks(&with_last_line(&written, UNHASHED));
    fs::write(&llms, &edited).unwrap();
    assert_ok(
        dir.path(),
        &scan(dir.path(), &["--llms-txt"]),
        &format!(
            "warning: public/llms.txt was written by an earlier version of this tool, whose marker cannot tell an edit, and differs from what this run writes, so it was left alone; remove it to get llms.txt written from the sitemap's pages, or delete its last line to keep it as yours\n{WROTE_SITEMAP}"
        ),
    );
    assert_eq!(fs::read_to_string(&llms).unwrap(), edited);
    assert_ok(
        dir.path(),
        &scan(dir.path(), &[]),
        &format!(
            "warning: public/llms.txt was written by an earlier version of this tool, whose marker cannot tell an edit, so it was left alone although `llms-txt` is off; delete it if it is no longer wanted\n{WROTE_SITEMAP}"
        ),
    );
    assert_eq!(fs::read_to_string(&llms).unwrap(), edited);
}
