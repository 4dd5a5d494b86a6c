//! The committed regression cases
//! (`tests/data/zola-front-matter-differential/`): one folder each, its
//! block as `index.md` (a page) or `_index.md` (a section) and Zola's
//! recorded output (`zola.json`, written by
//! `cargo xtask differential zola-front-matter --record`). The test below
//! reads each block with our reader, in a site generated as the run
//! generates it, and compares it with the recording, so CI needs no Zola.
//! Cases named in `pending.txt` differ today; the test asserts they still
//! differ, so a fix tells whoever makes it to take the name out.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use super::zola_site;
#[cfg(test)]
use super::zola_site::Verdict;
use crate::differential::front_matter::harvest::Block;

pub(super) fn dir() -> PathBuf {
    crate::root().join("tests/data/zola-front-matter-differential")
}

/// Each case folder, read as a block.
fn cases(dir: &Path) -> Result<Vec<(PathBuf, Block)>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("{}", dir.display()))? {
        let case = entry?.path();
        for name in ["index.md", "_index.md"] {
            let file = case.join(name);
            if file.is_file() {
                let text = std::fs::read_to_string(&file)
                    .with_context(|| format!("{}", file.display()))?;
                found.push((
                    case.clone(),
                    Block {
                        repo: "case".into(),
                        path: case.display().to_string(),
                        text,
                        branch: name == "_index.md",
                    },
                ));
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(found)
}

/// Builds every case with `zola` and writes its `zola.json`.
pub(super) fn record(zola: &Path, dir: &Path, work: &Path) -> Result<()> {
    let (folders, blocks): (Vec<PathBuf>, Vec<Block>) = cases(dir)?.into_iter().unzip();
    let ids: Vec<usize> = (0..blocks.len()).collect();
    for (i, verdict) in zola_site::build(zola, work, &blocks, &ids)? {
        std::fs::write(
            folders[i].join("zola.json"),
            serde_json::to_string_pretty(&super::recorded(&verdict))? + "\n",
        )?;
    }
    println!("recorded {} cases in {}", blocks.len(), dir.display());
    Ok(())
}

#[cfg(test)]
/// The difference between our reading of case `i` and Zola's recording.
fn difference(case: &Path, blocks: &[Block], i: usize, work: &Path) -> Result<Option<String>> {
    let recorded: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(case.join("zola.json"))
            .with_context(|| format!("{}: run --record", case.display()))?,
    )?;
    let verdict = match (&recorded["built"], &recorded["refused"]) {
        (serde_json::Value::Null, serde_json::Value::String(message)) => {
            Verdict::Refused(message.clone())
        }
        (page, _) => Verdict::Built(page.clone()),
    };
    let ours = super::ours(work, blocks, i)?;
    Ok(super::Tally::default().add(&verdict, &ours, &blocks[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every difference the differential found against Zola 0.22.1, pinned.
    #[test]
    fn zola_front_matter_differential_cases_match_zolas_recording() {
        let dir = dir();
        let pending: Vec<String> = std::fs::read_to_string(dir.join("pending.txt"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim().to_owned())
            .filter(|l| !l.is_empty())
            .collect();
        let work = tempfile::tempdir().unwrap();
        let (folders, blocks): (Vec<PathBuf>, Vec<Block>) =
            cases(&dir).unwrap().into_iter().unzip();
        assert!(!blocks.is_empty(), "no cases in {}", dir.display());
        let mut failures = Vec::new();
        for (i, case) in folders.iter().enumerate() {
            let name = case.file_name().unwrap().to_string_lossy().into_owned();
            let found = difference(case, &blocks, i, &work.path().join(i.to_string())).unwrap();
            match (found, pending.contains(&name)) {
                (Some(d), false) => failures.push(format!("{name}: {d}")),
                (None, true) => failures.push(format!(
                    "{name}: agrees with Zola now; take it out of pending.txt"
                )),
                _ => {}
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
