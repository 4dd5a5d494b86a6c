//! Signals during a run: SIGINT, SIGTERM and SIGHUP remove the run's
//! temporary files and leave the previous set as it was.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::{sitemap, text};

/// Every file in `dir` with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

fn temporaries(dir: &Path) -> Vec<String> {
    files(dir)
        .into_keys()
        .filter(|name| name.ends_with(".sitemap-tmp"))
        .collect()
}

/// Starts a long `write --gzip` over a set written before, sends `signal`
/// once the run has temporary files in the folder, and checks the exit
/// code and the folder.
fn interrupted_write_leaves_old_set(signal: &str, code: i32) {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "write",
        "urls.txt",
        "--base-url",
        "https://e.org/",
        "--out",
        "out",
        "--gzip",
        "--max-urls",
        "1000",
    ];
    fs::write(dir.path().join("urls.txt"), "/a\n/b\n/c\n").unwrap();
    let first = sitemap(dir.path(), &args);
    assert_eq!(
        first.status.code(),
        Some(0),
        "{}",
        text(&first.stderr, dir.path())
    );
    let out = dir.path().join("out");
    let before = files(&out);

    let urls: String = (0..600_000).map(|i| format!("/page/{i:07}\n")).collect();
    fs::write(dir.path().join("urls.txt"), urls).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(args)
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while temporaries(&out).is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no temporary file appeared"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();

    assert_eq!(
        output.status.code(),
        Some(code),
        "{:?} {}",
        output.status,
        text(&output.stderr, dir.path())
    );
    assert_eq!(temporaries(&out), Vec::<String>::new());
    assert_eq!(files(&out), before, "the previous set is as it was");
}

/// A CI timeout (SIGTERM) in a long gzip write left ~120 temporary files
/// that the following deploy published.
#[test]
fn sigterm_during_gzip_write_leaves_no_temporary_files() {
    interrupted_write_leaves_old_set("TERM", 143);
}

/// Ctrl-C: the same, with 128 + 2.
#[test]
fn sigint_during_gzip_write_leaves_no_temporary_files() {
    interrupted_write_leaves_old_set("INT", 130);
}

/// A closed terminal: the same, with 128 + 1.
#[test]
fn sighup_during_gzip_write_leaves_no_temporary_files() {
    interrupted_write_leaves_old_set("HUP", 129);
}
