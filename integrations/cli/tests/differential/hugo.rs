//! The Hugo cases, `tests/data/differential/hugo/<case>/`: one site tree
//! (`site/`, and `commits.txt` for a lastmod case), `case.toml` (what the
//! case pins, what it compares), and `expected/<first>[-<last>].txt`, one
//! for each run of Hugo releases that write the same sitemap, recorded
//! from the real releases by `cargo xtask differential hugo-cases
//! --record` (never by hand; its docs give the format).
//!
//! Our scan of the site, told to follow each release a file names
//! (`--hugo-version`), must list what that release wrote (`loc`,
//! `changefreq`, `priority`; or `loc` and `lastmod`), or refuse the site
//! where the release refused it. Every release named is scanned, not
//! only the ends of a run: the scan's own thresholds may fall inside it.
//!
//! Where it does not yet, the case and release are in `open.txt` beside
//! the cases, the work list for the Hugo reader: each of those must
//! still differ, so that a fix takes its release off the list.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::{cases_of, decoded, instant, our_entries, our_lastmods};

/// One `expected/` file.
struct Expected {
    file: PathBuf,
    /// The releases that wrote it (`0.111.3`, …).
    releases: Vec<String>,
    /// Their refusal, when they refused the site.
    refused: Option<String>,
    /// The entries, as compared: sorted, each once.
    lines: Vec<String>,
}

fn read_expected(file: &Path, lastmod: bool) -> Expected {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let releases: Vec<String> = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# hugo "))
        .unwrap_or_else(|| panic!("{}: the first line names the releases", file.display()))
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let refused = text
        .lines()
        .find_map(|l| l.strip_prefix("# refused: "))
        .map(str::to_owned);
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| match (l.split_once('\t'), lastmod) {
            (Some((loc, lastmod)), true) => format!("{}\t{}", decoded(loc), instant(lastmod)),
            (None, true) => format!("{}\t-", decoded(l)),
            (Some((loc, rest)), false) => format!("{}\t{rest}", decoded(loc)),
            (None, false) => decoded(l),
        })
        .collect();
    lines.sort();
    // A URL Hugo lists twice (0.111.3 does, for a home page made of
    // `content/index.md`) is compared once: the scan lists each URL
    // once, as the protocol wants.
    lines.dedup();
    Expected {
        file: file.to_path_buf(),
        releases,
        refused,
        lines,
    }
}

/// Whether a case compares lastmod (`compare = "lastmod"` in its
/// `case.toml`).
fn compares_lastmod(case: &Path) -> bool {
    let text = std::fs::read_to_string(case.join("case.toml"))
        .unwrap_or_else(|e| panic!("{}/case.toml: {e}", case.display()));
    let table: toml::Table = text.parse().unwrap();
    match table.get("compare").and_then(|v| v.as_str()) {
        None | Some("entries") => false,
        Some("lastmod") => true,
        Some(other) => panic!("{}/case.toml: compare = {other:?}", case.display()),
    }
}

/// Every expected file of every case, and the releases each names.
fn expectations() -> Vec<(PathBuf, bool, Expected)> {
    let mut all = Vec::new();
    for case in cases_of("hugo") {
        let lastmod = compares_lastmod(&case);
        let mut files: Vec<PathBuf> = std::fs::read_dir(case.join("expected"))
            .unwrap_or_else(|e| panic!("{}/expected: {e}", case.display()))
            .map(|f| f.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{}: no expected file", case.display());
        for file in files {
            all.push((case.clone(), lastmod, read_expected(&file, lastmod)));
        }
    }
    all
}

/// `open.txt`: case name → the releases whose sitemap our scan does not
/// give yet (`case release release …` a line, `#` lines skipped).
fn open_list() -> BTreeMap<String, BTreeSet<String>> {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/differential/hugo/open.txt");
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            let case = words.next().unwrap().to_owned();
            (case, words.map(str::to_owned).collect())
        })
        .collect()
}

/// What our scan gives against one release: a line of the failure
/// report when it is not what the release wrote, or, for a release
/// `open.txt` names (`open`), when it now is.
fn check(
    case: &Path,
    lastmod: bool,
    expected: &Expected,
    release: &str,
    open: bool,
) -> Option<String> {
    let failure = compare(case, lastmod, expected, release);
    match (failure, open) {
        (None, true) => Some(format!(
            "{} (Hugo {release}): now equal: take {release} off its line in open.txt",
            expected.file.display()
        )),
        (Some(_), true) => None,
        (failure, false) => failure,
    }
}

/// Our scan against one release: `None` when it gives what the release
/// wrote, else what differs.
fn compare(case: &Path, lastmod: bool, expected: &Expected, release: &str) -> Option<String> {
    let site = case.join("site");
    let ours = if lastmod {
        let commits = std::fs::read_to_string(case.join("commits.txt")).ok();
        our_lastmods(&site, commits.as_deref(), Some(release))
    } else {
        our_entries(&site, Some(release))
    };
    let at = format!("{} (Hugo {release})", expected.file.display());
    match (ours, &expected.refused) {
        (Err(_), Some(_)) => None,
        (Ok(ours), Some(why)) => Some(format!(
            "{at}: Hugo refused the site ({why}); our scan listed {} entries",
            ours.len()
        )),
        (Err(e), None) => Some(format!("{at}: our scan failed: {e}")),
        (Ok(ours), None) if ours == expected.lines => None,
        (Ok(ours), None) => Some(format!(
            "{at}:\n  only ours:   {:?}\n  only Hugo's: {:?}",
            ours.iter()
                .filter(|u| !expected.lines.contains(u))
                .collect::<Vec<_>>(),
            expected
                .lines
                .iter()
                .filter(|u| !ours.contains(u))
                .collect::<Vec<_>>()
        )),
    }
}

#[test]
fn every_hugo_case_gives_what_each_release_writes() {
    let all = expectations();
    assert!(all.len() >= 90, "the Hugo cases are missing");
    let open = open_list();
    let name = |case: &Path| case.file_name().unwrap().to_string_lossy().into_owned();
    // Every release open.txt names is one a case was recorded with.
    let mut stale = Vec::new();
    for (case, releases) in &open {
        for r in releases {
            if !all
                .iter()
                .any(|(c, _, e)| name(c) == *case && e.releases.contains(r))
            {
                stale.push(format!("open.txt: {case} was not recorded with Hugo {r}"));
            }
        }
    }
    assert!(stale.is_empty(), "{}", stale.join("\n"));
    let runs: Vec<(&Path, bool, &Expected, &str, bool)> = all
        .iter()
        .flat_map(|(case, lastmod, e)| {
            let open = open.get(&name(case));
            e.releases.iter().map(move |r| {
                let listed = open.is_some_and(|o| o.contains(r));
                (case.as_path(), *lastmod, e, r.as_str(), listed)
            })
        })
        .collect();
    // A few scans at a time: there are about two thousand.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let chunks = runs.chunks(runs.len().div_ceil(4));
        let workers: Vec<_> = chunks
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|(case, lastmod, e, r, open)| {
                            check(case, *lastmod, e, r, *open)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} of {} scans differ from the release's sitemap:\n{}",
        failures.len(),
        runs.len(),
        failures.join("\n")
    );
}
