//! lastmod against git: every page whose lastmod we take from git must
//! carry the committer date of the last commit that touched its source,
//! `git log -1 --format=%cI -- FILE`, the issue's own definition.
//!
//! Our scan runs once more with `--dry-run --lastmod git`, so every
//! lastmod it prints comes from git, and names each entry's source file.

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
pub(crate) fn check_git(mut scan: Command, root: &Path, repo: &Path) -> Result<GitReport> {
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
        let file = root.join(source);
        let rel = file.strip_prefix(repo).unwrap_or(&file);
        let git = Command::new("git")
            .arg("-C")
            .arg(repo)
            .args(["log", "-1", "--format=%cI", "--"])
            .arg(rel)
            .output()
            .context("cannot run git log")?;
        let git = String::from_utf8_lossy(&git.stdout).trim().to_owned();
        let git = (!git.is_empty()).then_some(git);
        report.checked += 1;
        // The same instant, to the second (a date alone would hide a
        // wrong time of day).
        let is_list = Path::new(source)
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
