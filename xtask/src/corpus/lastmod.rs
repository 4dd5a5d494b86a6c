//! lastmod against git: every page whose lastmod we take from git must
//! carry the committer date of the last commit that touched its source,
//! `git log -1 --format=%cI -- FILE`, the issue's own definition.
//!
//! Our scan runs once more with `--dry-run --lastmod git`, so every
//! lastmod it prints comes from git, and names each entry's source file.
//!
//! An mdBook chapter's lastmod counts the files it `{{#include}}`s, so
//! there the reference is the newest of `git log -1 -- FILE` over the
//! chapter and its includes, the includes
//! found here by a plain scan of its own ([`includes`]), not the one under
//! test.

use std::fmt;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::urlsets::epoch_seconds;

pub(crate) struct GitReport {
    checked: usize,
    /// (URL, ours, git's).
    pub(crate) mismatches: Vec<(String, Option<String>, Option<String>)>,
}

impl fmt::Display for GitReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.mismatches.is_empty() {
            write!(f, "lastmod = git log on all {}", self.checked)
        } else {
            write!(
                f,
                "lastmod != git log on {} of {}",
                self.mismatches.len(),
                self.checked
            )?;
            for (url, ours, git) in self.mismatches.iter().take(5) {
                write!(f, "\n    git lastmod {url}: ours {ours:?}, git {git:?}")?;
            }
            Ok(())
        }
    }
}

/// `scan`: our scan command for the site (without output flags);
/// `root`: the site's folder; `repo`: the repository's.
/// `includes`: an mdBook book, whose chapters count their includes.
pub(crate) fn check_git(
    mut scan: Command,
    root: &Path,
    repo: &Path,
    includes: bool,
) -> Result<GitReport> {
    scan.args(["--dry-run", "--lastmod", "git"]);
    let out = scan.output().context("cannot run our scan")?;
    if !out.status.success() {
        bail!(
            "our scan --dry-run --lastmod git failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut report = GitReport {
        checked: 0,
        mismatches: Vec::new(),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    // A list page (`_index.*`: a home page or section of Hugo or Zola)
    // takes its newest page's lastmod when that is later than its own
    // file's: it passes when its lastmod is its file's or one its pages
    // carry, and not earlier than its file's.
    let mut page_lastmods: std::collections::BTreeMap<i64, usize> = Default::default();
    for seconds in stdout
        .lines()
        .filter_map(|l| l.split('\t').find_map(|f| f.strip_prefix("lastmod=")))
        .filter_map(epoch_seconds)
    {
        *page_lastmods.entry(seconds).or_default() += 1;
    }
    for line in stdout.lines() {
        let mut fields = line.split('\t');
        let url = fields.next().unwrap_or_default();
        let (mut lastmod, mut source) = (None, None);
        for field in fields {
            if let Some(v) = field.strip_prefix("lastmod=") {
                lastmod = Some(v.to_owned());
            } else if let Some(v) = field.strip_prefix("source=") {
                source = Some(v);
            }
        }
        // Pages with no source file (taxonomy terms, generated sections)
        // have no git history of their own.
        let Some(source) = source else { continue };
        // The dry run writes a path as one field: its `%`, spaces and
        // other blanks as `%XX` (`Image%20Gallery/`).
        let source = percent_encoding::percent_decode_str(source).decode_utf8_lossy();
        let file = root.join(source.as_ref());
        let mut files = vec![file.clone()];
        if includes {
            files.extend(self::includes(&file));
        }
        // Each file's own answer, the newest winning: `git log -1 --
        // A B` would also stop at a merge that changes neither against
        // the parent each one's history follows.
        let mut git: Option<String> = None;
        for file in &files {
            let out = Command::new("git")
                .arg("-C")
                .arg(repo)
                .args(["log", "-1", "--format=%cI", "--"])
                .arg(file.strip_prefix(repo).unwrap_or(file))
                .output()
                .context("cannot run git log")?;
            let date = String::from_utf8_lossy(&out.stdout).trim().to_owned();
            let newer = match (epoch_seconds(&date), git.as_deref().and_then(epoch_seconds)) {
                (Some(d), Some(g)) => d > g,
                (d, _) => d.is_some(),
            };
            if newer {
                git = Some(date);
            }
        }
        report.checked += 1;
        // The same instant, to the second (a date alone would hide a
        // wrong time of day).
        let is_list = Path::new(source.as_ref())
            .file_stem()
            .is_some_and(|s| s.to_string_lossy().split('.').next() == Some("_index"));
        let same = match (&lastmod, &git) {
            (Some(a), Some(b)) => match (epoch_seconds(a), epoch_seconds(b)) {
                (Some(a), Some(b)) if a == b => true,
                // Carried by the list page and at least one other.
                (Some(a), Some(b)) => {
                    is_list && a > b && page_lastmods.get(&a).is_some_and(|n| *n > 1)
                }
                _ => false,
            },
            (None, None) => true,
            _ => false,
        };
        if !same {
            report.mismatches.push((url.to_owned(), lastmod, git));
        }
    }
    Ok(report)
}

/// The files an mdBook chapter includes (`{{#include}}`,
/// `{{#rustdoc_include}}`, `{{#playground}}`, `{{#playpen}}`), whole files
/// scanned again for theirs, ten deep as mdBook; an escaped `\{{#` link
/// is skipped. Line ranges and anchors are not applied: a plain reading,
/// enough as a reference for real books.
fn includes(chapter: &Path) -> Vec<std::path::PathBuf> {
    fn scan(file: &Path, depth: usize, found: &mut std::collections::BTreeSet<std::path::PathBuf>) {
        let Ok(text) = std::fs::read_to_string(file) else {
            return;
        };
        let dir = file.parent().unwrap_or(Path::new(""));
        let mut rest = text.as_str();
        while let Some(at) = rest.find("{{") {
            let escaped = rest[..at].ends_with('\\');
            rest = &rest[at + 2..];
            let Some(end) = rest.find("}}") else { break };
            let link = rest[..end].trim_start();
            let Some(link) = link.strip_prefix('#') else {
                continue;
            };
            let mut words = link.split_whitespace();
            let kind = words.next().unwrap_or_default();
            let Some(target) = words.next() else { continue };
            if escaped
                || !matches!(
                    kind,
                    "include" | "rustdoc_include" | "playground" | "playpen"
                )
            {
                continue;
            }
            let path = dir.join(target.split(':').next().unwrap_or_default());
            if path.is_file() && depth < 10 {
                let path = normalize(&path);
                if found.insert(path.clone()) {
                    scan(&path, depth + 1, found);
                }
            }
        }
    }
    let mut found = std::collections::BTreeSet::new();
    scan(chapter, 0, &mut found);
    found.into_iter().collect()
}

/// `path` with `.` and `..` resolved by name, as git wants a pathspec.
fn normalize(path: &Path) -> std::path::PathBuf {
    let mut out = std::path::PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}
