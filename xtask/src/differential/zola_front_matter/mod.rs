//! `cargo xtask differential zola-front-matter [--pins FILE] [--per-repo N]
//! [--batch N] [--keep DIR] [--record]`: the front matter of real Zola
//! sites read by the real Zola and by our reader, block by block.
//!
//! - The harvest is the Hugo differential's
//!   ([`super::front_matter::harvest`]) over another pin list
//!   (`tests/corpus/zola-front-matter.toml`): pages and `_index.md`
//!   sections, TOML (`+++`) and YAML (`---`).
//! - [`zola_site`]: each block a page (`p<i>/<its file name>`) or section
//!   (`s<i>/_index.md`) of a generated site built by `zola build --drafts`
//!   (0.22.1, on `PATH` or `SITEMAP_CORPUS_ZOLA`), whose home template
//!   prints what Zola made of it; a refused site is split until each
//!   block has its own verdict.
//! - Ours: [`sitemap_zola::zola_front_matter_values`], a scan of a
//!   one-block site with the same configuration and templates.
//! - [`compare`]: accepted or refused by both, equal values for the keys
//!   the scan uses; each difference gets a cause and a folder under
//!   `<keep>/differences/` (the block, both sides' output, the command);
//!   `<keep>/report.md` has the counts. The run ends non-zero when any
//!   block differs.
//!
//! Not part of CI: it needs the mirrors and the real `zola`. A difference
//! found becomes a case under `tests/data/zola-front-matter-differential/`
//! ([`cases`]); `--record` rebuilds their `zola.json` with the real Zola,
//! and a unit test compares them with our reader in CI.

mod cases;
mod compare;
mod zola_site;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

use super::front_matter::harvest::{self, Block};
use zola_site::Verdict;

const USAGE: &str = "usage: cargo xtask differential zola-front-matter [--pins FILE] [--per-repo N] [--batch N] [--keep DIR] [--record]";

pub(crate) fn run(args: &[String]) -> Result<()> {
    let root = crate::root();
    let defaults = harvest::Options {
        pins_file: root.join("tests/corpus/zola-front-matter.toml"),
        per_repo: 80,
        batch: 300,
        keep: root.join("target/differential/zola-front-matter"),
        record: false,
    };
    let options = harvest::Options::parse(args, defaults, USAGE)?;
    let (batch, keep) = (options.batch, options.keep.clone());
    let zola = crate::corpus::find_named("zola")
        .context("zola not found on PATH (or set SITEMAP_CORPUS_ZOLA)")?;
    let version = crate::corpus::version(&zola);
    if options.record {
        return cases::record(&zola, &cases::dir(), &keep.join("record"));
    }
    let (blocks, pins) = harvest::harvest_all(&options)?;
    let repos = pins.len();
    let sections = blocks.iter().filter(|b| b.branch).count();
    println!(
        "{version}\n{} blocks ({sections} sections) from {repos} repositories",
        blocks.len()
    );

    let work = keep.join("work");
    let mut tally = Tally::default();
    let mut report = String::new();
    let ids: Vec<usize> = (0..blocks.len()).collect();
    for chunk in ids.chunks(batch) {
        let mut verdicts = zola_site::build(&zola, &work, &blocks, chunk)?;
        verdicts.sort_by_key(|(i, _)| *i);
        for (i, verdict) in verdicts {
            let block = &blocks[i];
            let ours = ours(&work.join("ours").join(i.to_string()), &blocks, i)?;
            if let Some(finding) = tally.add(&verdict, &ours, block) {
                let dir = keep
                    .join("differences")
                    .join(format!("{i:05}-{}", block.repo.replace('/', "+")));
                write_case(&dir, block, &verdict, &ours, &finding, &version, &pins)?;
                let _ = writeln!(report, "- `{}` `{}`: {finding}", block.repo, block.path);
            }
        }
        println!("{} of {} blocks done", tally.blocks, blocks.len());
    }
    let summary = tally.summary(repos, sections, &version);
    println!("{summary}");
    std::fs::write(
        keep.join("report.md"),
        format!("{summary}\n## Differences\n\n{report}"),
    )?;
    if tally.differ > 0 {
        bail!(
            "{} blocks differ; each is under {}",
            tally.differ,
            keep.join("differences").display()
        );
    }
    Ok(())
}

/// Our reading of block `i`: a site of its own in `dir` (same
/// configuration and templates as Zola's), scanned.
fn ours(dir: &Path, blocks: &[Block], i: usize) -> Result<Result<Value, String>> {
    zola_site::write_site(dir, blocks, &[i])?;
    let file = dir
        .join("content")
        .join(zola_site::content_file(i, &blocks[i]));
    Ok(sitemap_zola::zola_front_matter_values(&file)
        .map_err(|e| e.replace(&format!("{}/", dir.display()), "")))
}

#[derive(Default)]
struct Tally {
    blocks: usize,
    accepted_both: usize,
    refused_both: usize,
    differ: usize,
    /// Blocks whose only differences the guide calls deliberate.
    deliberate: usize,
    /// Difference class (acceptance or `key: cause`) to count.
    classes: BTreeMap<String, usize>,
}

impl Tally {
    /// Counts one block; its difference, described, if it has one.
    fn add(
        &mut self,
        zola: &Verdict,
        ours: &Result<Value, String>,
        block: &Block,
    ) -> Option<String> {
        self.blocks += 1;
        let finding = match (zola, ours) {
            (Verdict::Refused(_), Err(_)) => {
                self.refused_both += 1;
                return None;
            }
            (Verdict::Refused(z), Ok(_)) => {
                let reason = z
                    .lines()
                    .rfind(|l| !l.trim().is_empty())
                    .unwrap_or_default()
                    .trim();
                self.class("refused by Zola only".to_owned());
                format!("refused by Zola only: {reason}")
            }
            // The guide's deliberate differences: an `[extra.sitemap]` value
            // outside the protocol is refused, not written.
            (Verdict::Built(_), Err(e)) if e.contains("`extra.sitemap.") => {
                self.deliberate += 1;
                return None;
            }
            (Verdict::Built(_), Err(e)) => {
                self.class(format!("refused by us only: {}", compare::refusal_cause(e)));
                format!("refused by us only ({}): {e}", compare::refusal_cause(e))
            }
            (Verdict::Built(printed), Ok(ours)) => {
                self.accepted_both += 1;
                let theirs = compare::zola_values(printed, block.branch);
                let ours = compare::our_values(ours);
                let differing: Vec<&str> = compare::KEYS
                    .into_iter()
                    .filter(|k| !compare::same(k, &theirs[*k], &ours[*k]))
                    .collect();
                if differing.is_empty() {
                    return None;
                }
                let mut parts = Vec::new();
                let mut deliberate = true;
                for key in differing {
                    let cause = compare::cause(key, &block.text);
                    deliberate &= cause == "deliberate";
                    self.class(format!("`{key}` differs: {cause}"));
                    parts.push(format!(
                        "`{key}` Zola {} ours {} ({cause})",
                        theirs[key], ours[key]
                    ));
                }
                if deliberate {
                    self.deliberate += 1;
                    return None;
                }
                parts.join("; ")
            }
        };
        self.differ += 1;
        Some(finding)
    }

    fn class(&mut self, name: String) {
        *self.classes.entry(name).or_default() += 1;
    }

    fn summary(&self, repos: usize, sections: usize, version: &str) -> String {
        let mut s = format!(
            "# Zola front matter differential\n\n{version}\n\n| blocks | sections among them | repositories | accepted by both | refused by both | differ | differ only deliberately |\n|---|---|---|---|---|---|---|\n| {} | {sections} | {repos} | {} | {} | {} | {} |\n\n(accepted by both: the blocks both read, whether their values agree or not)\n\n",
            self.blocks, self.accepted_both, self.refused_both, self.differ, self.deliberate
        );
        if !self.classes.is_empty() {
            s.push_str("| difference | blocks |\n|---|---|\n");
            for (class, n) in &self.classes {
                let _ = writeln!(s, "| {class} | {n} |");
            }
        }
        s
    }
}

/// Zola's verdict as recorded in a case's `zola.json`.
fn recorded(verdict: &Verdict) -> Value {
    match verdict {
        Verdict::Built(page) => json!({ "built": page }),
        Verdict::Refused(message) => json!({ "refused": message }),
    }
}

fn write_case(
    dir: &Path,
    block: &Block,
    zola: &Verdict,
    ours: &Result<Value, String>,
    finding: &str,
    version: &str,
    pins: &[harvest::Pin],
) -> Result<()> {
    std::fs::create_dir_all(dir)?;
    let name = if block.branch {
        "_index.md"
    } else {
        "index.md"
    };
    std::fs::write(dir.join(name), &block.text)?;
    std::fs::write(
        dir.join("zola.json"),
        serde_json::to_string_pretty(&recorded(zola))? + "\n",
    )?;
    let ours = match ours {
        Ok(values) => json!({ "read": values }),
        Err(message) => json!({ "refused": message }),
    };
    std::fs::write(
        dir.join("ours.json"),
        serde_json::to_string_pretty(&ours)? + "\n",
    )?;
    let commit = pins
        .iter()
        .find(|p| p.repo == block.repo)
        .map_or("", |p| p.commit.as_str());
    std::fs::write(
        dir.join("report.txt"),
        format!(
            "{finding}\n\nfrom {} {commit} {}\nbuilt by {version}\n(zola build --drafts over a generated site: xtask/src/differential/zola_front_matter/zola_site.rs)\n",
            block.repo, block.path
        ),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_zola_pin_list_loads() {
        let pins =
            harvest::load(&crate::root().join("tests/corpus/zola-front-matter.toml")).unwrap();
        assert!(pins.len() >= 30);
    }

    /// A page keeps its file name, so a dated name reaches both sides.
    #[test]
    fn pages_keep_their_file_names() {
        let block = |path: &str, branch| Block {
            repo: "r".into(),
            path: path.into(),
            text: String::new(),
            branch,
        };
        let file = |path, branch| zola_site::content_file(7, &block(path, branch));
        assert_eq!(
            file("content/blog/2024-05-01-hi.md", false),
            "p7/2024-05-01-hi.md"
        );
        assert_eq!(file("content/blog/hi/index.md", false), "p7/hi/index.md");
        assert_eq!(file("content/blog/hi.fr.md", false), "p7/index.md");
        assert_eq!(file("content/blog/_index.md", true), "s7/_index.md");
    }
}
