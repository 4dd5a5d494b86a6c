//! Differences found between our scan and the real generators (by
//! `cargo xtask corpus` and `cargo xtask differential`), each kept as a
//! case under `tests/data/differential/<generator>/<case>/` with the real
//! tool's sitemap, so CI needs neither tool: the expected output is
//! committed.
//!
//! - Hugo's cases ([`hugo`]): one site tree, and what each Hugo release
//!   writes for it, recorded with the real releases.
//! - Zola's: `site/` and `expected.txt`, the real tool's `<loc>`s with a
//!   header (`#` lines) naming the tool's version, its command, and what
//!   the case pins; a case about values has `expected-entries.txt` too
//!   (`loc`, `changefreq`, `priority`, tab-separated, from the tool's
//!   sitemap).

mod hugo;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The base URL every case is built and scanned under.
const BASE_URL: &str = "https://diff.example.org/";

/// The cases of a generator, by name.
fn cases_of(generator: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/differential")
        .join(generator);
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|case| case.unwrap().path())
        .filter(|case| case.is_dir())
        .collect();
    cases.sort();
    cases
}

/// The cases in the layout of one `expected.txt` (Zola's).
fn cases() -> Vec<PathBuf> {
    cases_of("zola")
}

/// Our scan of a case's site, following Hugo `hugo_version` when given.
fn scan_command(site: &Path, hugo_version: Option<&str>) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sitemap"));
    cmd.arg("scan").arg(site);
    if let Some(version) = hugo_version {
        cmd.args(["--hugo-version", version]);
    }
    cmd
}

/// Our entries for a case: a dry run, so nothing is written into the
/// repository, and lastmod from front matter only (the URL set is what
/// is compared; git history would be this repository's).
fn our_lines(site: &Path, hugo_version: Option<&str>) -> Result<Vec<String>, String> {
    let out = scan_command(site, hugo_version)
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
    let mut urls: Vec<String> = our_lines(site, None)?
        .iter()
        .map(|l| decoded(l.split('\t').next().unwrap()))
        .collect();
    urls.sort();
    Ok(urls)
}

/// `loc`, `changefreq` and `priority` of each entry, `-` for none.
fn our_entries(site: &Path, hugo_version: Option<&str>) -> Result<Vec<String>, String> {
    let mut entries: Vec<String> = our_lines(site, hugo_version)?
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
    assert!(
        !cases.is_empty(),
        "no Zola cases under tests/data/differential"
    );
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
        // A URL the tool lists twice is compared once: the scan lists
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

/// Our `loc` and `lastmod` (`-` for none) of each entry, sorted: the
/// site copied to a temporary folder, made a git repository when
/// `commits` is given (one commit a line: author date, committer date,
/// the files it adds), and scanned with the default settings, so list
/// pages, git dates and the site's own lastmod order are what is
/// compared.
fn our_lastmods(
    site: &Path,
    commits: Option<&str>,
    hugo_version: Option<&str>,
) -> Result<Vec<String>, String> {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("site");
    copy_tree(site, &copy);
    if let Some(commits) = commits {
        make_history(&copy, commits);
    }
    let out = scan_command(&copy, hugo_version)
        .args(["--dry-run", "--quiet", "--base-url", BASE_URL])
        .output()
        .expect("run sitemap");
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
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
    Ok(ours)
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
