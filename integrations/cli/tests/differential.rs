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
            // Beside the cases: the scripts that record them.
            let case = case.unwrap().path();
            if case.is_dir() {
                cases.push(case);
            }
        }
    }
    cases.sort();
    cases
}

/// The Hugo a case was recorded with, from its header (`# hugo
/// v0.168.0, …`): the scan follows that one, whatever `hugo` is on
/// `PATH`.
fn hugo_version(case: &Path) -> Option<String> {
    let text = std::fs::read_to_string(case.join("expected.txt")).ok()?;
    let rest = text.lines().next()?.strip_prefix("# hugo v")?;
    let version: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    Some(version)
}

/// Our scan of a case's site, following the case's Hugo.
fn scan_command(site: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sitemap"));
    cmd.arg("scan").arg(site);
    if let Some(version) = site.parent().and_then(hugo_version) {
        cmd.args(["--hugo-version", &version]);
    }
    cmd
}

/// Our URLs for a case: a dry run, so nothing is written into the
/// repository, and lastmod from front matter only (the URL set is what
/// is compared; git history would be this repository's).
fn our_lines(site: &Path) -> Result<Vec<String>, String> {
    let out = scan_command(site)
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
            .map(|l| match l.split_once('\t') {
                Some((loc, rest)) => format!("{}\t{rest}", decoded(loc)),
                None => decoded(l),
            })
            .collect();
        expected.sort();
        expected.dedup(); // as in `every_case_lists_what_the_real_generator_lists`
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
        // A URL the tool lists twice (Hugo 0.111.3 does, for a home page
        // made of `content/index.md`) is compared once: the scan lists
        // each URL once, as the protocol wants.
        expected.dedup();
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

/// A case with `expected-lastmod.txt` (`loc`, `lastmod`, tab-separated,
/// from the tool's sitemap): the site is copied to a temporary folder,
/// made a git repository when the case has `commits.txt` (one commit a
/// line: author date, committer date, the files it adds), and scanned
/// with the default settings, so list pages, git dates and the site's
/// own lastmod order are what is compared.
#[test]
fn lastmod_cases_give_what_the_real_generator_writes() {
    let mut checked = 0;
    for case in cases() {
        let Ok(text) = std::fs::read_to_string(case.join("expected-lastmod.txt")) else {
            continue;
        };
        let mut expected: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(|l| match l.split_once('\t') {
                Some((loc, lastmod)) => format!("{}\t{}", decoded(loc), instant(lastmod)),
                None => format!("{}\t-", decoded(l)),
            })
            .collect();
        expected.sort();
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        copy_tree(&case.join("site"), &site);
        if let Ok(commits) = std::fs::read_to_string(case.join("commits.txt")) {
            make_history(&site, &commits);
        }
        let mut scan = Command::new(env!("CARGO_BIN_EXE_sitemap"));
        scan.arg("scan").arg(&site);
        if let Some(version) = hugo_version(&case) {
            scan.args(["--hugo-version", &version]);
        }
        let out = scan
            .args(["--dry-run", "--quiet", "--base-url", BASE_URL])
            .output()
            .expect("run sitemap");
        assert!(
            out.status.success(),
            "{}: {}",
            case.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let mut ours: Vec<String> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|line| {
                let mut fields = line.split('\t');
                let loc = decoded(fields.next().unwrap());
                let lastmod = fields
                    .find_map(|f| f.strip_prefix("lastmod="))
                    .map_or_else(|| "-".to_owned(), instant);
                format!("{loc}\t{lastmod}")
            })
            .collect();
        ours.sort();
        assert_eq!(ours, expected, "{}", case.display());
        checked += 1;
    }
    assert!(checked > 0, "no case has expected-lastmod.txt");
}

/// A lastmod as one spelling of its instant: Hugo writes
/// `2024-03-01T00:00:00+00:00` where we write the date as given
/// (`2024-03-01`) or git's `Z`; the cases keep to UTC.
fn instant(lastmod: &str) -> String {
    let full = if lastmod.len() == 10 {
        format!("{lastmod}T00:00:00+00:00")
    } else {
        lastmod.to_owned()
    };
    full.replace('Z', "+00:00")
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Commits the files of each line of `commits.txt` (`AUTHOR_DATE
/// COMMITTER_DATE FILE…`, `#` lines skipped) with those dates.
fn make_history(site: &Path, commits: &str) {
    let git = |args: &[&str], dates: Option<(&str, &str)>| {
        let mut cmd = Command::new("git");
        cmd.current_dir(site)
            .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
            .args(args)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1");
        if let Some((author, committer)) = dates {
            cmd.env("GIT_AUTHOR_DATE", author)
                .env("GIT_COMMITTER_DATE", committer);
        }
        let out = cmd.output().expect("run git");
        assert!(
            out.status.success(),
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    git(&["init", "-q"], None);
    for line in commits
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut fields = line.split_whitespace();
        let (author, committer) = (fields.next().unwrap(), fields.next().unwrap());
        let mut add = vec!["add", "--"];
        add.extend(fields);
        git(&add, None);
        git(&["commit", "-q", "-m", "change"], Some((author, committer)));
    }
}
