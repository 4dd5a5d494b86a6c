//! The files `sitemap scan` publishes: readable by the web server under
//! a umask of 022, published only once everything that can fail has
//! been prepared, and one run at a time into a folder.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::text;

/// A built HTML site of `pages` pages in `dir/site`.
fn html_site(dir: &Path, pages: usize) {
    let site = dir.join("site");
    fs::create_dir_all(site.join("p")).unwrap();
    fs::write(
        site.join("index.html"),
        "<html><head><title>Home</title></head><body></body></html>",
    )
    .unwrap();
    for i in 0..pages {
        fs::write(site.join(format!("p/page-{i}.html")), "<title>Page</title>").unwrap();
    }
}

/// `sitemap scan` of `dir/site` into `dir/out`, under `umask 022` (set
/// in the child, not in this test process, which runs other tests).
fn scan_umask_022(dir: &Path, extra: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("umask 022; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args([
            "scan",
            "--html",
            "site",
            "--base-url",
            "https://example.org/",
            "--out",
            "out",
            "--robots",
            "--stylesheet",
            "--html-page",
        ])
        .args(extra)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// Every file in `dir` with its permission bits.
fn modes(dir: &Path) -> BTreeMap<String, u32> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let mode = e.metadata().unwrap().permissions().mode() & 0o7777;
            (e.file_name().to_string_lossy().into_owned(), mode)
        })
        .collect()
}

fn names(modes: &BTreeMap<String, u32>) -> Vec<&str> {
    modes.keys().map(String::as_str).collect()
}

/// Issue 12: with umask 022 every written file was mode 0600 (tempfile's
/// default), so nginx as www-data answered 403; a replaced 0644
/// robots.txt became 0600.
#[test]
fn umask_022_every_file_scan_writes_is_0644_and_robots_txt_keeps_its_mode() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path(), 3);
    let out_dir = dir.path().join("out");
    for gzip in [false, true] {
        let flags: &[&str] = if gzip { &["--gzip"] } else { &[] };
        let out = scan_umask_022(dir.path(), flags);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            text(&out.stderr, dir.path())
        );
        let modes = modes(&out_dir);
        let root = if gzip {
            "sitemap.xml.gz"
        } else {
            "sitemap.xml"
        };
        let mut expected = vec!["robots.txt", "sitemap.html", root, "sitemap.xsl"];
        expected.sort_unstable();
        assert_eq!(names(&modes), expected);
        for (name, mode) in &modes {
            assert_eq!(*mode, 0o644, "{name} (gzip {gzip})");
        }
    }
    // A robots.txt made 0640 on purpose stays 0640 when the line changes.
    let robots = out_dir.join("robots.txt");
    fs::set_permissions(&robots, fs::Permissions::from_mode(0o640)).unwrap();
    let out = scan_umask_022(dir.path(), &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    assert!(
        fs::read_to_string(&robots)
            .unwrap()
            .ends_with("Sitemap: https://example.org/sitemap.xml\n")
    );
    assert_eq!(modes(&out_dir)["robots.txt"], 0o640);
}

/// The same for a split set: 50,000 pages and the home page give two
/// parts and an index.
#[test]
fn umask_022_every_file_of_a_split_set_is_0644() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path(), 50_000);
    let out_dir = dir.path().join("out");
    for gzip in [false, true] {
        let flags: &[&str] = if gzip { &["--gzip", "-q"] } else { &["-q"] };
        let out = scan_umask_022(dir.path(), flags);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            text(&out.stderr, dir.path())
        );
        let modes = modes(&out_dir);
        let gz = if gzip { ".gz" } else { "" };
        let parts: Vec<&str> = names(&modes)
            .into_iter()
            .filter(|n| n.starts_with("sitemap-"))
            .collect();
        assert_eq!(parts.len(), 2, "{modes:?}");
        for (i, part) in parts.iter().enumerate() {
            // `sitemap-<N>-<tag>.xml[.gz]`
            let tag = part
                .strip_prefix(&format!("sitemap-{}-", i + 1))
                .and_then(|t| t.strip_suffix(&format!(".xml{gz}")))
                .unwrap_or_else(|| panic!("{part}"));
            assert_eq!(tag.len(), 8, "{part}");
        }
        assert_eq!(modes.len(), 6, "{modes:?}");
        assert!(modes.contains_key(&format!("sitemap.xml{gz}")), "{modes:?}");
        for (name, mode) in &modes {
            assert_eq!(*mode, 0o644, "{name} (gzip {gzip})");
        }
        sitemap_testkit::assert_all_valid(&out_dir);
    }
}

/// Every file in `dir` with its bytes (a FIFO as a marker: never read).
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let bytes = if e.file_type().unwrap().is_file() {
                fs::read(e.path()).unwrap()
            } else {
                b"<not a file>".to_vec()
            };
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect()
}

/// Writes a sitemap, spoils robots.txt with `spoil`, runs again with
/// other pages: the run fails with `message` and nothing changed.
fn robots_refused(spoil: impl Fn(&Path), message: &str) {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path(), 3);
    let out = scan_umask_022(dir.path(), &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    let out_dir = dir.path().join("out");
    fs::remove_file(out_dir.join("robots.txt")).unwrap();
    spoil(&out_dir.join("robots.txt"));
    fs::write(dir.path().join("site/p/new.html"), "<title>New</title>").unwrap();
    let before = snapshot(&out_dir);
    let out = scan_umask_022(dir.path(), &["--gzip"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr, dir.path()), message);
    assert_eq!(snapshot(&out_dir), before, "nothing was replaced");
}

/// Issue 12: with --robots, a robots.txt that is a directory failed the
/// run after sitemap.xml was already replaced.
#[test]
fn robots_txt_that_is_a_directory_fails_the_run_before_anything_is_replaced() {
    robots_refused(
        |path| fs::create_dir(path).unwrap(),
        "out/robots.txt: error: is a directory, not a regular file; robots.txt must be a plain file (nothing was written)\n",
    );
}

/// Issue 12: with --robots, a robots.txt that is a FIFO made the run hang
/// after sitemap.xml was already replaced.
#[test]
fn robots_txt_that_is_a_fifo_fails_the_run_at_once_before_anything_is_replaced() {
    robots_refused(
        |path| assert!(Command::new("mkfifo").arg(path).status().unwrap().success()),
        "out/robots.txt: error: is a FIFO (named pipe), not a regular file; robots.txt must be a plain file (nothing was written)\n",
    );
}

/// Issue 12: with --robots, a robots.txt holding one Latin-1 byte failed
/// the run after sitemap.xml was already replaced; now it is merged and
/// the byte kept.
#[test]
fn robots_txt_with_a_latin1_byte_is_merged_and_the_byte_kept() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path(), 1);
    let out_dir = dir.path().join("out");
    fs::create_dir_all(&out_dir).unwrap();
    fs::write(out_dir.join("robots.txt"), b"# caf\xe9\nUser-agent: *\n").unwrap();
    let out = scan_umask_022(dir.path(), &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        text(&out.stderr, dir.path())
    );
    assert_eq!(
        text(&out.stderr, dir.path()),
        "sitemap: 2 files read, 2 URLs, none excluded; wrote out/sitemap.xml and robots.txt, out/sitemap.xsl, out/sitemap.html\n"
    );
    assert_eq!(
        fs::read(out_dir.join("robots.txt")).unwrap(),
        b"# caf\xe9\nUser-agent: *\nSitemap: https://example.org/sitemap.xml\n"
    );
}

/// Issue 12: two runs into one folder could mix their sets. The second
/// now says once that it waits, waits, then writes.
#[test]
fn a_second_run_says_it_waits_for_the_run_writing_into_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    html_site(dir.path(), 1);
    let out_dir = dir.path().join("out");
    fs::create_dir_all(&out_dir).unwrap();
    // This test plays the first run: it holds the folder's lock.
    let held = fs::File::open(&out_dir).unwrap();
    held.lock().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args([
            "scan",
            "--html",
            "site",
            "--base-url",
            "https://example.org/",
            "--out",
            "out",
        ])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert_eq!(
        first,
        format!(
            "waiting for another run writing into out (process {} holds its lock)\n",
            std::process::id()
        )
    );
    assert!(
        !out_dir.join("sitemap.xml").exists(),
        "nothing written while the lock is held"
    );
    held.unlock().unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(
        rest,
        "sitemap: 2 files read, 2 URLs, none excluded; wrote out/sitemap.xml\n"
    );
    assert!(out_dir.join("sitemap.xml").exists());
}
