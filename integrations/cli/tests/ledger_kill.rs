//! `kill -9` at every rename and unlink of a scan that replaces a split
//! sitemap set and its ledger: the set on disk is always one whole
//! generation, the ledger describes that set or the one before it (never
//! a set that is not on disk, never a mix), and the next run repairs
//! everything.
//!
//! The kills are injected by `strace -e inject=…:signal=KILL:when=N`; a
//! missing strace fails the test (`cargo xtask setup` installs it).

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::text;

const SYSCALLS: [&str; 5] = ["rename", "renameat", "renameat2", "unlink", "unlinkat"];
/// The first run's clock, and every later run's (`SOURCE_DATE_EPOCH`),
/// so the changed page's lastmod and the ledger's `when` are the same in
/// the killed run, its repair and the clean run they are compared with.
const FIRST: &str = "1767225600";
const SECOND: &str = "1769904000";
const ARGS: [&str; 5] = ["scan", "--ledger", "sitemap.ledger", "--max-urls", "3"];

/// The site of the first run: seven pages, three sitemaps of three.
fn first_site(dir: &Path) {
    fs::create_dir_all(dir.join("content")).unwrap();
    fs::write(
        dir.join("zola.toml"),
        "base_url = \"https://example.org\"\n",
    )
    .unwrap();
    for i in 1..=7 {
        fs::write(
            dir.join(format!("content/p{i}.md")),
            format!("+++\ndate = 2024-05-0{i}\n+++\nPage {i}\n"),
        )
        .unwrap();
    }
}

/// The content change between the runs: one page changed, one added,
/// one removed, so every sitemap of the set and the ledger change.
fn change(dir: &Path) {
    fs::write(
        dir.join("content/p2.md"),
        "+++\ndate = 2024-05-02\n+++\nChanged\n",
    )
    .unwrap();
    fs::write(
        dir.join("content/p8.md"),
        "+++\ndate = 2024-06-01\n+++\nNew\n",
    )
    .unwrap();
    fs::remove_file(dir.join("content/p7.md")).unwrap();
}

fn scan(dir: &Path, epoch: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(ARGS)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("SOURCE_DATE_EPOCH", epoch)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr, dir));
}

/// The site after the first run, with the change made, ready for the
/// second run.
fn before_second_run(dir: &Path) {
    first_site(dir);
    scan(dir, FIRST);
    change(dir);
}

/// `strace`, or a failure naming the package: a kill test that skips
/// itself would assert nothing.
fn strace() -> Command {
    match Command::new("strace").arg("-V").output() {
        Ok(out) if out.status.success() => Command::new("strace"),
        _ => panic!(
            "strace is needed to kill the scan at each rename and unlink: apt-get install strace"
        ),
    }
}

/// The set on disk: `public/sitemap.xml` and every sitemap it lists, by
/// name, each checked to parse as a sitemap without error.
fn set_on_disk(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let public = dir.join("public");
    let index = fs::read(public.join("sitemap.xml")).unwrap();
    let mut names = vec!["sitemap.xml".to_owned()];
    let report = sitemap_core::validate::validate(&index[..], &Default::default()).unwrap();
    names.extend(report.children.iter().map(|c| {
        c.loc
            .as_str()
            .strip_prefix("https://example.org/")
            .unwrap()
            .to_owned()
    }));
    names
        .into_iter()
        .map(|name| {
            let bytes = fs::read(public.join(&name))
                .unwrap_or_else(|e| panic!("{name}, listed by the index: {e}"));
            let report = sitemap_core::validate::validate(&bytes[..], &Default::default()).unwrap();
            assert!(
                report
                    .diagnostics
                    .iter()
                    .all(|d| d.severity != sitemap_core::validate::Severity::Error),
                "{name}: {:?}",
                report.diagnostics
            );
            (name, bytes)
        })
        .collect()
}

/// What the scan leaves: the set, the ledger, and every file name in
/// `public/` (leftovers included).
#[derive(Debug, PartialEq)]
struct State {
    set: BTreeMap<String, Vec<u8>>,
    ledger: String,
    public: Vec<String>,
}

fn state(dir: &Path) -> State {
    let mut public: Vec<String> = fs::read_dir(dir.join("public"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    public.sort();
    State {
        set: set_on_disk(dir),
        ledger: fs::read_to_string(dir.join("sitemap.ledger")).unwrap(),
        public,
    }
}

/// How often the second run makes each call, counted per thread:
/// strace's `when=N` counts per thread.
fn count_calls(dir: &Path) -> BTreeMap<String, usize> {
    let log = dir.with_extension("strace");
    let status = strace()
        .args(["-f", "-qq", "-o"])
        .arg(&log)
        .arg(format!("-etrace={}", SYSCALLS.join(",")))
        .arg(env!("CARGO_BIN_EXE_sitemap"))
        .args(ARGS)
        .current_dir(dir)
        .env("SOURCE_DATE_EPOCH", SECOND)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let mut per_thread: BTreeMap<(String, String), usize> = BTreeMap::new();
    for line in fs::read_to_string(&log).unwrap().lines() {
        let Some((pid, call)) = line.split_once(' ') else {
            continue;
        };
        if let Some(name) = SYSCALLS
            .iter()
            .find(|n| call.trim_start().starts_with(&format!("{n}(")))
        {
            *per_thread
                .entry(((*name).to_owned(), pid.to_owned()))
                .or_default() += 1;
        }
    }
    let mut counts = BTreeMap::new();
    for ((name, _), n) in per_thread {
        let c: &mut usize = counts.entry(name).or_default();
        *c = (*c).max(n);
    }
    counts
}

/// Issue 25: a kill between the set's renames and the ledger's must
/// never leave a ledger that describes a set that is not on disk.
#[test]
fn kill_at_every_rename_and_unlink_leaves_set_and_ledger_consistent() {
    let scratch = tempfile::tempdir().unwrap();
    let old_dir = scratch.path().join("old");
    first_site(&old_dir);
    scan(&old_dir, FIRST);
    let old = state(&old_dir);
    let clean_dir = scratch.path().join("clean");
    before_second_run(&clean_dir);
    scan(&clean_dir, SECOND);
    let new = state(&clean_dir);
    assert_ne!(old.set, new.set);
    assert_ne!(old.ledger, new.ledger);

    let counted = scratch.path().join("counted");
    before_second_run(&counted);
    let counts = count_calls(&counted);
    assert_eq!(
        state(&counted),
        new,
        "a traced run writes what a clean run does"
    );
    // Three sitemaps and the index renamed in, the ledger renamed in, two
    // old sitemaps unlinked.
    let total: usize = counts.values().sum();
    assert!(total >= 7, "{counts:?}");

    let mut outcomes = BTreeMap::new();
    for (name, count) in &counts {
        for n in 1..=*count {
            let dir = scratch.path().join(format!("{name}-{n}"));
            before_second_run(&dir);
            let status = strace()
                .args(["-f", "-qq", "-o", "/dev/null"])
                .arg(format!("-einject={name}:signal=KILL:when={n}"))
                .arg(env!("CARGO_BIN_EXE_sitemap"))
                .args(ARGS)
                .current_dir(&dir)
                .env("SOURCE_DATE_EPOCH", SECOND)
                .stderr(Stdio::null())
                .status()
                .unwrap();
            assert!(
                status.signal() == Some(9) || status.code() == Some(128 + 9),
                "{name} #{n}: the scan was not killed: {status}"
            );
            let after = state(&dir);
            let set_is_new = if after.set == old.set {
                false
            } else {
                assert_eq!(
                    after.set, new.set,
                    "{name} #{n}: the set is neither old nor new"
                );
                true
            };
            // The ledger is renamed in after the set: with the old set on
            // disk it is the old ledger; with the new set, old or new.
            if set_is_new {
                assert!(
                    after.ledger == old.ledger || after.ledger == new.ledger,
                    "{name} #{n}: the ledger is neither old nor new:\n{}",
                    after.ledger
                );
            } else {
                assert_eq!(
                    after.ledger, old.ledger,
                    "{name} #{n}: the old set with a ledger that is not the old one"
                );
            }
            // A normal run afterwards leaves what a clean run leaves.
            scan(&dir, SECOND);
            assert_eq!(state(&dir), new, "{name} #{n}: the repair run");
            let ledger_is_new = after.ledger == new.ledger;
            outcomes.insert(
                format!("{name} #{n}"),
                match (set_is_new, ledger_is_new) {
                    (false, _) => "old set, old ledger",
                    (true, false) => "new set, old ledger",
                    (true, true) => "new set, new ledger",
                },
            );
        }
    }
    // The order the writes are made in, as the kills see it: the
    // journal naming the new and old sitemaps, the sitemaps, then the
    // index that switches to them, then the old sitemaps and the journal
    // unlinked, and the ledger last.
    assert_eq!(
        outcomes,
        BTreeMap::from(
            [
                ("renameat #1", "old set, old ledger"),
                ("renameat #2", "old set, old ledger"),
                ("renameat #3", "old set, old ledger"),
                ("renameat #4", "old set, old ledger"),
                ("renameat #5", "old set, old ledger"),
                ("renameat #6", "new set, old ledger"),
                ("unlink #1", "new set, old ledger"),
                ("unlink #2", "new set, old ledger"),
                ("unlink #3", "new set, old ledger"),
            ]
            .map(|(k, v)| (k.to_owned(), v))
        ),
        "{counts:?}"
    );
}
