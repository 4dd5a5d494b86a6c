//! `SITEMAP_TIMINGS=1`: one `timing:` line per phase of a scan on stderr,
//! in the order the phases run; without it, none.

use std::process::Command;

use crate::{copy_tree, example};

/// The phase names a content scan prints, times left out. `built`: an
/// output folder is there (the build check runs; without one, it says
/// nothing is built before any work).
fn phases(timings: Option<&str>, built: bool) -> Vec<String> {
    let tmp = tempfile::tempdir().unwrap();
    copy_tree(&example("zola-site"), tmp.path());
    if built {
        std::fs::create_dir(tmp.path().join("public")).unwrap();
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sitemap"));
    cmd.args(["scan", "-q"]).current_dir(tmp.path());
    match timings {
        Some(v) => cmd.env("SITEMAP_TIMINGS", v),
        None => cmd.env_remove("SITEMAP_TIMINGS"),
    };
    let out = cmd.output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stderr)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("timing: "))
        .map(|l| {
            let (name, time) = l.rsplit_once(": ").unwrap();
            assert!(
                time.ends_with(" s") && time[..time.len() - 2].parse::<f64>().is_ok(),
                "{l}"
            );
            name.to_owned()
        })
        .collect()
}

#[test]
fn timings_name_each_phase_of_a_content_scan_in_order() {
    assert_eq!(
        phases(Some("1"), false),
        [
            "read content",
            "ledger fingerprints",
            "pages to entries",
            "the gate: URL patterns, robots.txt",
            "write the set",
        ]
    );
    assert_eq!(
        phases(Some("1"), true),
        [
            "read content",
            "ledger fingerprints",
            "pages to entries",
            "the gate: URL patterns, robots.txt",
            "build check: list the built site",
            "build check: read the built heads",
            "build check",
            "write the set",
        ]
    );
}

#[test]
fn timings_are_off_unless_asked_for() {
    assert_eq!(phases(None, true), Vec::<String>::new());
    assert_eq!(phases(Some("0"), true), Vec::<String>::new());
}
