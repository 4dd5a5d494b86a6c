//! A run that finds its output folder locked by another: it names the
//! holder's process and gives up after `--wait SECONDS`.

use std::fs;
use std::time::{Duration, Instant};

use crate::{sitemap, text};

/// A stopped lock holder (here: this test) kept the next run waiting
/// forever, without saying which process to look at.
#[test]
fn locked_folder_names_holder_and_gives_up_after_wait() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("urls.txt"), "/a\n").unwrap();
    let out = dir.path().join("out");
    fs::create_dir(&out).unwrap();
    let holder = fs::File::open(&out).unwrap();
    holder.lock().unwrap();

    let started = Instant::now();
    let run = sitemap(
        dir.path(),
        &[
            "write",
            "urls.txt",
            "--base-url",
            "https://e.org/",
            "--out",
            "out",
            "--wait",
            "1",
        ],
    );
    let took = started.elapsed();
    let stderr = text(&run.stderr, dir.path()).replace(&std::process::id().to_string(), "<pid>");
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        "waiting for another run writing into out (process <pid> holds its lock)\n\
         error: out: another run still holds this folder's lock after 1 s (process <pid>)\n\
         \x20 hint: check that process (a stopped job, a stuck deploy), or wait longer with `--wait SECONDS`\n"
    );
    assert!(
        took >= Duration::from_secs(1) && took < Duration::from_secs(10),
        "{took:?}"
    );
    assert_eq!(fs::read_dir(&out).unwrap().count(), 0, "nothing written");
    drop(holder);
}

/// `scan` takes the same limit as `write`.
#[test]
fn locked_folder_stops_scan_after_wait() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("dist");
    fs::create_dir(&out).unwrap();
    fs::write(out.join("index.html"), "<title>a</title>\n").unwrap();
    let holder = fs::File::open(&out).unwrap();
    holder.lock().unwrap();

    let run = sitemap(
        dir.path(),
        &[
            "scan",
            "--html",
            "dist",
            "--base-url",
            "https://e.org/",
            "--wait",
            "1",
        ],
    );
    let stderr = text(&run.stderr, dir.path()).replace(&std::process::id().to_string(), "<pid>");
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        "waiting for another run writing into dist (process <pid> holds its lock)\n\
         error: dist: another run still holds this folder's lock after 1 s (process <pid>)\n\
         \x20 hint: check that process (a stopped job, a stuck deploy), or wait longer with `--wait SECONDS`\n"
    );
    let names: Vec<_> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["index.html"], "nothing written");
    drop(holder);
}
