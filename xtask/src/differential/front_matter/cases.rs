//! The committed regression cases (`tests/data/front-matter-differential/`):
//! one folder each, its block as `index.md` (a page) or `_index.md` (a
//! section) and Hugo's recorded output (`hugo.json`, written by
//! `cargo xtask differential front-matter --record`). The test below reads
//! each block with our reader and compares it with the recording, so CI
//! needs no Hugo. Cases named in `pending.txt` differ today (a fix is
//! under way on another branch); the test asserts they still differ, so
//! a fix that lands tells whoever merges it to take the name out.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde_json::json;

use super::harvest::Block;
use super::hugo_site::{self, Verdict};

pub(super) fn dir() -> PathBuf {
    crate::root().join("tests/data/front-matter-differential")
}

/// Each case folder with its block file.
fn cases(dir: &Path) -> Result<Vec<(PathBuf, PathBuf)>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("{}", dir.display()))? {
        let case = entry?.path();
        for name in ["index.md", "_index.md"] {
            if case.join(name).is_file() {
                found.push((case.clone(), case.join(name)));
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Builds every case with `hugo` and writes its `hugo.json`.
pub(super) fn record(hugo: &Path, dir: &Path, work: &Path) -> Result<()> {
    let cases = cases(dir)?;
    let mut blocks = Vec::new();
    for (case, file) in &cases {
        blocks.push(Block {
            repo: "case".into(),
            path: case.display().to_string(),
            text: std::fs::read_to_string(file)?,
            branch: file.ends_with("_index.md"),
        });
    }
    let ids: Vec<usize> = (0..blocks.len()).collect();
    for (i, verdict) in hugo_site::build(hugo, work, &blocks, &ids)? {
        let recorded = match verdict {
            Verdict::Built(page) => json!({ "built": page }),
            Verdict::Refused(message) => json!({ "refused": message }),
        };
        std::fs::write(
            cases[i].0.join("hugo.json"),
            serde_json::to_string_pretty(&recorded)? + "\n",
        )?;
    }
    println!("recorded {} cases in {}", cases.len(), dir.display());
    Ok(())
}

#[cfg(test)]
/// The difference between our reading of `file` and Hugo's recording, if any.
fn difference(case: &Path, file: &Path) -> Result<Option<String>> {
    let recorded: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(case.join("hugo.json"))
            .with_context(|| format!("{}: run --record", case.display()))?,
    )?;
    let verdict = match (&recorded["built"], &recorded["refused"]) {
        (serde_json::Value::Null, serde_json::Value::String(message)) => {
            Verdict::Refused(message.clone())
        }
        (page, _) => Verdict::Built(page.clone()),
    };
    let ours = sitemap_hugo::hugo_front_matter_values(file);
    Ok(super::Tally::default().add(&verdict, &ours))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every difference the differential found against Hugo 0.111.3, pinned.
    #[test]
    fn front_matter_differential_cases_match_hugos_recording() {
        let dir = dir();
        let pending: Vec<String> = std::fs::read_to_string(dir.join("pending.txt"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim().to_owned())
            .filter(|l| !l.is_empty())
            .collect();
        let mut failures = Vec::new();
        for (case, file) in cases(&dir).unwrap() {
            let name = case.file_name().unwrap().to_string_lossy().into_owned();
            let found = difference(&case, &file).unwrap();
            match (found, pending.contains(&name)) {
                (Some(d), false) => failures.push(format!("{name}: {d}")),
                (None, true) => failures.push(format!(
                    "{name}: agrees with Hugo now; take it out of pending.txt"
                )),
                _ => {}
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
