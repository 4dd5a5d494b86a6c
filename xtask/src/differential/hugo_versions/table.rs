//! What one release of the matrix gave, kept as `summary.tsv` in its
//! folder so that a run cut short, or one release run again, still
//! makes the whole table; and `versions.md`, the table over all of them.
//!
//! `summary.tsv` holds tab-separated lines: `hugo`, `run` (date, our
//! commit, minutes), `count` (a verdict and its sites), `site` (name,
//! verdict, cause), `random` (the randomised differential's counts).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result};

use super::releases::Release;
use crate::differential::RandomRun;

/// One release's results.
pub(super) struct Row {
    pub(super) release: Release,
    /// Which thresholds it stands beside.
    pub(super) why: String,
    /// `hugo version`'s line.
    pub(super) hugo: String,
    /// When, with which commit of ours, and how long Hugo's test sites
    /// took.
    pub(super) run: String,
    /// `(verdict, sites)` over Hugo's test sites.
    pub(super) counts: Vec<(String, usize)>,
    /// `(site, verdict, cause)`.
    pub(super) sites: Vec<(String, String, String)>,
    pub(super) random: Option<RandomRun>,
}

impl Row {
    fn count(&self, label: &str) -> usize {
        self.counts
            .iter()
            .find(|(l, _)| l == label)
            .map_or(0, |(_, n)| *n)
    }

    /// Writes `summary.tsv` into `dir`.
    pub(super) fn save(&self, dir: &Path) -> Result<()> {
        let mut s = format!(
            "hugo\t{}\nwhy\t{}\nrun\t{}\n",
            self.hugo, self.why, self.run
        );
        for (label, n) in &self.counts {
            let _ = writeln!(s, "count\t{label}\t{n}");
        }
        for (name, verdict, cause) in &self.sites {
            let _ = writeln!(s, "site\t{name}\t{verdict}\t{cause}");
        }
        if let Some(r) = &self.random {
            let _ = writeln!(
                s,
                "random\t{}\t{}\t{}\t{}\t{}\t{}",
                r.seed, r.sites, r.equal, r.refused, r.differ, r.failed
            );
        }
        std::fs::create_dir_all(dir)?;
        let file = dir.join("summary.tsv");
        std::fs::write(&file, s).with_context(|| format!("cannot write {}", file.display()))
    }

    /// Reads `summary.tsv` from `dir`; `None` when the release has not
    /// run there.
    pub(super) fn load(release: Release, dir: &Path) -> Result<Option<Row>> {
        let file = dir.join("summary.tsv");
        let Ok(text) = std::fs::read_to_string(&file) else {
            return Ok(None);
        };
        let mut row = Row {
            release,
            why: String::new(),
            hugo: String::new(),
            run: String::new(),
            counts: Vec::new(),
            sites: Vec::new(),
            random: None,
        };
        let bad = || format!("{}: not a summary this command wrote", file.display());
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            match f.as_slice() {
                ["hugo", v] => row.hugo = (*v).to_owned(),
                ["why", v] => row.why = (*v).to_owned(),
                ["run", v] => row.run = (*v).to_owned(),
                ["count", label, n] => row
                    .counts
                    .push(((*label).to_owned(), n.parse().with_context(bad)?)),
                ["site", name, verdict, cause] => {
                    row.sites.push((
                        (*name).to_owned(),
                        (*verdict).to_owned(),
                        (*cause).to_owned(),
                    ));
                }
                ["random", n @ ..] if n.len() == 6 => {
                    let n: Vec<u64> = n
                        .iter()
                        .map(|v| v.parse())
                        .collect::<Result<_, _>>()
                        .with_context(bad)?;
                    row.random = Some(RandomRun {
                        seed: n[0],
                        sites: n[1],
                        equal: n[2],
                        refused: n[3],
                        differ: n[4],
                        failed: n[5],
                    });
                }
                _ => anyhow::bail!("{}: `{line}`", bad()),
            }
        }
        Ok(Some(row))
    }
}

/// `versions.md`: the table of every release that has run, then the
/// causes of the sites that differ or that one side refuses, by release,
/// then the sites open against a release and equal against the newest.
pub(super) fn markdown(rows: &[Row], commit: &str, described: &str) -> String {
    let mut s = String::from(
        "# Hugo's test sites and random sites against each Hugo release\n\n\
         Written by `cargo xtask differential hugo-versions --record`\n\
         (`xtask/src/differential/hugo_versions/`); not edited by hand. For each\n\
         release: Hugo's integration test sites (`differential hugo-tests`, measured\n\
         as `results.md` says: every txtar literal, `sitemap` out of `disableKinds`,\n\
         content adapter sites scanned after the build) and the randomised\n\
         differential (`differential hugo`) on fresh seeds. Each release's sites are\n\
         in `versions/<release>.md` (the current release's in `results.md`).\n\n",
    );
    let _ = write!(s, "Hugo's tests: gohugoio/hugo at `{commit}`");
    if !described.is_empty() {
        let _ = write!(s, " (`{described}`)");
    }
    s.push_str(".\n\n");
    s.push_str(
        "| Hugo | beside | built with a sitemap | equal | differ | refused by ours | refused by Hugo only | refused by both | Hugo fails | random sites | random equal | random refused by both | random differ | random failed | run |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        let built = r.count("Hugo built with a sitemap");
        let equal = r.count("- equal");
        let pct = if built == 0 {
            String::new()
        } else {
            format!(" ({:.1} %)", equal as f64 * 100.0 / built as f64)
        };
        let random = r.random.as_ref().map_or_else(
            || "| | | | |".to_owned(),
            |x| {
                format!(
                    "{} (seeds {}..{}) | {} | {} | {} | {}",
                    x.sites,
                    x.seed,
                    x.seed + x.sites,
                    x.equal,
                    x.refused,
                    x.differ,
                    x.failed
                )
            },
        );
        let _ = writeln!(
            s,
            "| {} | {} | {built} | {equal}{pct} | {} | {} | {} | {} | {} | {random} | {} |",
            r.release,
            r.why,
            r.count("- differs"),
            r.count("- refused by ours"),
            r.count("refused by Hugo only"),
            r.count("refused by both"),
            r.count("Hugo fails"),
            r.run
        );
    }
    causes(&mut s, rows);
    open_here_equal_at_newest(&mut s, rows);
    s
}

/// The verdicts the matrix works from: a difference or a refusal by one
/// side only.
fn is_open(verdict: &str) -> bool {
    crate::differential::hugo_tests::OPEN.contains(&verdict)
}

/// A table of causes (rows) by release (columns): the sites that differ
/// or that one side refuses.
fn causes(s: &mut String, rows: &[Row]) {
    let mut table: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        for (_, verdict, cause) in &r.sites {
            if is_open(verdict) {
                let cause = if cause.is_empty() {
                    "not yet classified"
                } else {
                    cause
                };
                table.entry(cause).or_insert_with(|| vec![0; rows.len()])[i] += 1;
            }
        }
    }
    let mut table: Vec<(&str, Vec<usize>)> = table.into_iter().collect();
    table.sort_by_key(|(c, n)| (std::cmp::Reverse(n.iter().sum::<usize>()), *c));
    s.push_str("\n## Causes by release\n\nThe sites that differ or that one side refuses, by what each is most likely about (`classify.rs`).\n\n| cause |");
    for r in rows {
        let _ = write!(s, " {} |", r.release);
    }
    s.push_str("\n|---|");
    s.push_str(&"---|".repeat(rows.len()));
    s.push('\n');
    for (cause, n) in table {
        let _ = write!(s, "| {cause} |");
        for v in n {
            let _ = write!(s, " {v} |");
        }
        s.push('\n');
    }
}

/// For each release, the sites open against it and equal against the
/// newest: where a rule's version is most likely wrong.
fn open_here_equal_at_newest(s: &mut String, rows: &[Row]) {
    let Some(newest) = rows.last() else {
        return;
    };
    let equal_at_newest: BTreeMap<&str, bool> = newest
        .sites
        .iter()
        .map(|(name, verdict, _)| (name.as_str(), verdict == "equal"))
        .collect();
    let _ = write!(
        s,
        "\n## Open against a release, equal against {}\n\nWhere a rule of the scan most likely has the wrong first version, or a rule is missing: the site differs or one side refuses it against that release, and the newest release's sitemap and ours are equal.\n\n| Hugo | site | verdict | cause |\n|---|---|---|---|\n",
        newest.release
    );
    for r in &rows[..rows.len() - 1] {
        for (name, verdict, cause) in &r.sites {
            if is_open(verdict) && equal_at_newest.get(name.as_str()) == Some(&true) {
                let _ = writeln!(s, "| {} | `{name}` | {verdict} | {cause} |", r.release);
            }
        }
    }
}
