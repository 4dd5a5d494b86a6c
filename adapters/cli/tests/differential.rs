//! Differences found between our scan and the real generators (by
//! `cargo xtask corpus` and `cargo xtask differential`), each kept as a
//! case: `tests/data/differential/<generator>/<case>/site/` and
//! `expected.txt`, the real tool's `<loc>`s with a header (`#` lines)
//! naming the tool's version, its command, and what the case pins; a case
//! about values has `expected-entries.txt` too (`loc`, `changefreq`,
//! `priority`, tab-separated, from the tool's sitemap). CI needs neither
//! tool: the expected output is committed.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The base URL every case is built and scanned under.
const BASE_URL: &str = "https://diff.example.org/";

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/differential");
    let mut cases = Vec::new();
    for generator in std::fs::read_dir(&root).expect("tests/data/differential") {
        let generator = generator.unwrap().path();
        for case in std::fs::read_dir(&generator).unwrap() {
            cases.push(case.unwrap().path());
        }
    }
    cases.sort();
    cases
}

/// Our URLs for a case: a dry run, so nothing is written into the
/// repository, and lastmod from front matter only (the URL set is what
/// is compared; git history would be this repository's).
fn our_lines(site: &Path) -> Result<Vec<String>, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .arg("scan")
        .arg(site)
        .args([
            "--dry-run",
            "--quiet",
            "--lastmod",
            "front-matter",
            "--base-url",
            BASE_URL,
        ])
        .output()
        .expect("run sitemap");
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect())
}

fn our_urls(site: &Path) -> Result<Vec<String>, String> {
    let mut urls: Vec<String> = our_lines(site)?
        .iter()
        .map(|l| decoded(l.split('\t').next().unwrap()))
        .collect();
    urls.sort();
    Ok(urls)
}

/// `loc`, `changefreq` and `priority` of each entry, `-` for none.
fn our_entries(site: &Path) -> Result<Vec<String>, String> {
    let mut entries: Vec<String> = our_lines(site)?
        .iter()
        .map(|line| {
            let mut fields = line.split('\t');
            let loc = decoded(fields.next().unwrap());
            let (mut changefreq, mut priority) = ("-", "-");
            for field in fields {
                if let Some(v) = field.strip_prefix("changefreq=") {
                    changefreq = v;
                } else if let Some(v) = field.strip_prefix("priority=") {
                    priority = v;
                }
            }
            format!("{loc}\t{changefreq}\t{priority}")
        })
        .collect();
    entries.sort();
    Ok(entries)
}

/// Hugo's `[sitemap]` table: its `changefreq` and `priority` on every
/// page that sets none, a page's own values winning key by key, as real
/// `hugo` writes them.
#[test]
fn values_cases_give_what_the_real_generator_writes() {
    let mut checked = 0;
    for case in cases() {
        let Ok(text) = std::fs::read_to_string(case.join("expected-entries.txt")) else {
            continue;
        };
        let mut expected: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(str::to_owned)
            .collect();
        expected.sort();
        let ours = our_entries(&case.join("site")).unwrap();
        assert_eq!(ours, expected, "{}", case.display());
        checked += 1;
    }
    assert!(checked > 0, "no case has expected-entries.txt");
}

/// A loc with its percent escapes decoded: Zola writes a path as it is
/// (`/日本/`, a tab), we write it encoded; the two name the same page.
fn decoded(loc: &str) -> String {
    percent_encoding::percent_decode_str(loc)
        .decode_utf8()
        .map_or_else(|_| loc.to_owned(), |s| s.into_owned())
}

#[test]
fn every_case_lists_what_the_real_generator_lists() {
    let cases = cases();
    assert!(!cases.is_empty(), "no cases under tests/data/differential");
    let mut failures = Vec::new();
    for case in &cases {
        let expected_text = std::fs::read_to_string(case.join("expected.txt"))
            .unwrap_or_else(|e| panic!("{}/expected.txt: {e}", case.display()));
        assert!(
            expected_text.starts_with("# "),
            "{}/expected.txt must start with the tool's version",
            case.display()
        );
        let mut expected: Vec<String> = expected_text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(decoded)
            .collect();
        expected.sort();
        match our_urls(&case.join("site")) {
            Ok(ours) if ours == expected => {}
            Ok(ours) => failures.push(format!(
                "{}:\n  only ours:   {:?}\n  only theirs: {:?}",
                case.display(),
                ours.iter()
                    .filter(|u| !expected.contains(u))
                    .collect::<Vec<_>>(),
                expected
                    .iter()
                    .filter(|u| !ours.contains(u))
                    .collect::<Vec<_>>()
            )),
            Err(e) => failures.push(format!("{}: our scan failed: {e}", case.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
