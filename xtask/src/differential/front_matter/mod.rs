//! `cargo xtask differential front-matter [--pins FILE] [--per-repo N]
//! [--batch N] [--keep DIR]`: the front matter of real repositories read
//! by the real Hugo and by our reader, block by block.
//!
//! - [`harvest`]: the pin list (`tests/corpus/front-matter.toml`, repo,
//!   commit, content folders) and the blocks read from the bare mirrors
//!   (`SITEMAP_CORPUS_MIRRORS`, `<owner>+<name>/repo`). The blocks are not
//!   committed (their licences are unknown); each run writes them to
//!   `<keep>/blocks/`.
//! - [`hugo_site`]: each block a page of a generated site built by
//!   `hugo` (0.111.3, on `PATH` or `SITEMAP_CORPUS_HUGO`), whose layout
//!   prints what Hugo made of it; a refused site is split until each
//!   block has its own verdict.
//! - Ours: [`sitemap_hugo::hugo_front_matter_values`], the scan's own
//!   reading of the same page file.
//! - [`compare`]: accepted or refused by both, equal values for the keys
//!   the scan uses; each difference gets a cause and a folder under
//!   `<keep>/differences/` (the block, both sides' output, the command);
//!   `<keep>/report.md` has the counts. The run ends non-zero when any
//!   block differs.
//!
//! Not part of CI: it needs the mirrors and the real `hugo`. A difference
//! found becomes a case under `tests/data/front-matter-differential/`
//! ([`cases`]); `--record` rebuilds their `hugo.json` with the real Hugo,
//! and a unit test compares them with our reader in CI.

mod cases;
mod compare;
pub(super) mod harvest;
mod hugo_site;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

use hugo_site::Verdict;

const USAGE: &str = "usage: cargo xtask differential front-matter [--pins FILE] [--per-repo N] [--batch N] [--keep DIR] [--record]";

pub(crate) fn run(args: &[String]) -> Result<()> {
    let root = crate::root();
    let defaults = harvest::Options {
        pins_file: root.join("tests/corpus/front-matter.toml"),
        per_repo: 80,
        batch: 400,
        keep: root.join("target/differential/front-matter"),
        record: false,
    };
    let options = harvest::Options::parse(args, defaults, USAGE)?;
    let (batch, keep) = (options.batch, options.keep.clone());
    let hugo = crate::corpus::find_named("hugo")
        .context("hugo not found on PATH (or set SITEMAP_CORPUS_HUGO)")?;
    let version = crate::corpus::version(&hugo);
    if options.record {
        return cases::record(&hugo, &cases::dir(), &keep.join("record"));
    }
    let (blocks, pins) = harvest::harvest_all(&options)?;
    let repos = pins.len();
    println!(
        "{version}\n{} blocks from {repos} repositories",
        blocks.len()
    );

    let work = keep.join("work");
    let ours_dir = work.join("ours");
    let mut tally = Tally::default();
    let mut report = String::new();
    let ids: Vec<usize> = (0..blocks.len()).collect();
    for chunk in ids.chunks(batch) {
        let mut verdicts = hugo_site::build(&hugo, &work, &blocks, chunk)?;
        verdicts.sort_by_key(|(i, _)| *i);
        for (i, verdict) in verdicts {
            let block = &blocks[i];
            let file = ours_dir.join(hugo_site::page_file(i, block));
            std::fs::create_dir_all(file.parent().expect("in a folder"))?;
            std::fs::write(&file, &block.text)?;
            let ours = sitemap_hugo::hugo_front_matter_values(&file);
            let finding = tally.add(&verdict, &ours);
            if let Some(finding) = finding {
                let dir = keep
                    .join("differences")
                    .join(format!("{i:05}-{}", block.repo.replace('/', "+")));
                write_case(&dir, i, block, &verdict, &ours, &finding, &version, &pins)?;
                let _ = writeln!(report, "- `{}` `{}`: {finding}", block.repo, block.path);
            }
        }
        println!("{} of {} blocks done", tally.blocks, blocks.len());
    }
    let summary = tally.summary(repos, &version);
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
    fn add(&mut self, hugo: &Verdict, ours: &Result<Value, String>) -> Option<String> {
        self.blocks += 1;
        let finding = match (hugo, ours) {
            (Verdict::Refused(_), Err(_)) => {
                self.refused_both += 1;
                return None;
            }
            (Verdict::Refused(h), Ok(_)) => {
                let first = h.lines().next().unwrap_or_default();
                self.class("refused by Hugo only".to_owned());
                format!("refused by Hugo only: {first}")
            }
            (Verdict::Built(_), Err(e)) => {
                self.class(format!("refused by us only: {}", compare::refusal_cause(e)));
                format!("refused by us only ({}): {e}", compare::refusal_cause(e))
            }
            (Verdict::Built(page), Ok(ours)) => {
                self.accepted_both += 1;
                let theirs = compare::hugo_values(page);
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
                    let written = written_value(page, key);
                    let cause =
                        if key == "lastmod" && compare::lastmod_from_publish_date(&theirs, ours) {
                            "deliberate"
                        } else {
                            compare::cause(key, written, &page["params"])
                        };
                    deliberate &= cause == "deliberate";
                    self.class(format!("`{key}` differs: {cause}"));
                    parts.push(format!(
                        "`{key}` Hugo {} ours {} ({cause})",
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

    fn summary(&self, repos: usize, version: &str) -> String {
        let mut s = format!(
            "# Front matter differential\n\n{version}\n\n| blocks | repositories | accepted by both | refused by both | differ | differ only deliberately |\n|---|---|---|---|---|---|\n| {} | {repos} | {} | {} | {} | {} |\n\n(accepted by both: the blocks both read, whether their values agree or not)\n\n",
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

/// The value the block wrote for `key`, as Hugo's `.Params` hold it
/// (lowercased keys; `sitemap.*` inside `sitemap`).
fn written_value<'a>(page: &'a Value, key: &str) -> Option<&'a Value> {
    let params = &page["params"];
    let lower = key.to_lowercase();
    match key {
        "changefreq" | "priority" => params.get("sitemap"),
        "hidden" => params.get("headless").or(params.get("_build")),
        _ => params.get(lower.as_str()),
    }
}

#[allow(clippy::too_many_arguments)]
fn write_case(
    dir: &Path,
    i: usize,
    block: &harvest::Block,
    hugo: &Verdict,
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
    let theirs = match hugo {
        Verdict::Built(page) => json!({ "built": page }),
        Verdict::Refused(message) => json!({ "refused": message }),
    };
    std::fs::write(
        dir.join("hugo.json"),
        serde_json::to_string_pretty(&theirs)? + "\n",
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
    let page = hugo_site::page_file(i, block);
    std::fs::write(
        dir.join("report.txt"),
        format!(
            "{finding}\n\nfrom {} {commit} {}\nbuilt as {page} by {version}\n(hugo --buildDrafts --buildFuture --buildExpired, layout in xtask/src/differential/front_matter/hugo_site.rs)\n",
            block.repo, block.path
        ),
    )?;
    Ok(())
}
