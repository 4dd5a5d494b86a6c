//! What every bench reports besides its figures: the machine's load, which
//! decides whether a verdict ("met" / "NOT met") may be printed at all, and
//! the bench's rows of the guide's benchmark table
//! (`docs/guide/src/project/benchmarks.md`), which
//! `cargo xtask bench all --record` writes between the table's markers.
//!
//! A figure taken on a loaded machine measures the other jobs as much as
//! ours, so above 0.75 × the core count (1.5 on 2 cores) a bench prints
//! its figures and no verdict, and the table is not rewritten.
//! The load that counts is the one read just before the timed runs: the
//! 1-minute average after them includes the bench's own processes (a
//! parallel scan keeps every core busy), so it is printed, not judged.
//! Before the timed runs a bench waits (up to three minutes) for the
//! load its own preparation or the previous bench left to fall below the
//! limit.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};

/// The marker lines the benchmark table sits between.
pub(crate) const TABLE_START: &str = "<!-- bench:start -->";
pub(crate) const TABLE_END: &str = "<!-- bench:end -->";

/// The 1-minute load average (`/proc/loadavg`, Linux); `None` elsewhere.
pub(crate) fn load_average() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split(' ').next()?.parse().ok()
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The load above which no verdict is given: 0.75 × the cores.
pub(crate) fn load_limit() -> f64 {
    0.75 * cores() as f64
}

/// The load over one bench's timed runs, read before them and after.
pub(crate) struct Load {
    before: Option<f64>,
}

impl Load {
    /// Reads the load before the timed runs, once it has fallen below
    /// the limit or three minutes have passed.
    pub(crate) fn start() -> Load {
        let limit = load_limit();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(180);
        let mut said = false;
        while let Some(load) = load_average()
            && load > limit
            && std::time::Instant::now() < deadline
        {
            if !said {
                println!("  waiting for the load average ({load:.2}) to fall below {limit:.2}");
                said = true;
            }
            std::thread::sleep(std::time::Duration::from_secs(5));
        }
        Load {
            before: load_average(),
        }
    }

    /// Reads it again after them, prints both, and says whether the
    /// machine was quiet enough for a verdict (saying so when not).
    pub(crate) fn finish(self) -> Quiet {
        let after = load_average();
        let show = |l: Option<f64>| l.map_or("unknown".to_owned(), |l| format!("{l:.2}"));
        let limit = load_limit();
        // The runs' own load is in `after`: only `before` is judged.
        let worst = self.before;
        println!(
            "  load average (1 min) before / after the timed runs (after includes their own): {} / {} (verdict limit {limit:.2}: 0.75 x {} cores, judged before)",
            show(self.before),
            show(after),
            cores()
        );
        let quiet = Quiet { worst, limit };
        if !quiet.allows_verdict() {
            println!(
                "  load {} > {limit:.2}: figures printed, no verdict; rerun on a quiet machine",
                show(worst)
            );
        }
        quiet
    }
}

/// The load before a bench's timed runs against the limit.
#[derive(Clone, Copy)]
pub(crate) struct Quiet {
    worst: Option<f64>,
    limit: f64,
}

impl Quiet {
    /// Whether the load was known and at most the limit.
    pub(crate) fn allows_verdict(&self) -> bool {
        self.worst.is_some_and(|l| l <= self.limit)
    }

    /// "met" / "NOT met", or "no verdict (load)" on a loaded machine.
    pub(crate) fn verdict(&self, met: bool) -> &'static str {
        match (self.allows_verdict(), met) {
            (false, _) => "no verdict (machine loaded)",
            (true, true) => "met",
            (true, false) => "NOT met",
        }
    }
}

/// One row of the benchmark table.
pub(crate) struct Row {
    /// The first cell: `` `NAME` `` (the bench's name) and what it runs.
    pub(crate) bench: String,
    pub(crate) ours: String,
    pub(crate) baseline: String,
    pub(crate) ratio: String,
    /// The target, without the verdict.
    pub(crate) target: String,
    /// Whether the target was met; `None` for a bench with no target
    /// (a comparison).
    pub(crate) met: Option<bool>,
    pub(crate) quiet: Quiet,
}

/// The table (header, rows, caption) as the guide holds it between the
/// markers.
pub(crate) fn table(rows: &[Row], date: &str, commit: &str) -> String {
    let mut out = String::new();
    out.push_str("| benchmark | ours | baseline (same run) | ratio | target |\n");
    out.push_str("| --- | --- | --- | --- | --- |\n");
    for r in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | **{}** | {} |",
            r.bench,
            r.ours,
            r.baseline,
            r.ratio,
            match r.met {
                Some(met) => format!("{}: {}", r.target, r.quiet.verdict(met)),
                None => r.target.clone(),
            }
        );
    }
    let worst = rows
        .iter()
        .filter_map(|r| r.quiet.worst)
        .fold(0.0_f64, f64::max);
    let _ = writeln!(
        out,
        "\nMeasured by `cargo xtask bench all --record` on {date} at {commit} \
         (highest 1-minute load average before a bench's timed runs {worst:.2}, {} cores).",
        cores()
    );
    out
}

/// Rewrites the table between the markers of `page` with `rows`, unless
/// a row's run was too loaded for a verdict.
pub(crate) fn rewrite_table(page: &Path, rows: &[Row]) -> Result<()> {
    if let Some(r) = rows.iter().find(|r| !r.quiet.allows_verdict()) {
        bail!(
            "not rewriting {}: the machine was loaded during {} (limit {:.2}); rerun on a quiet machine",
            page.display(),
            r.bench,
            load_limit()
        );
    }
    let text =
        std::fs::read_to_string(page).with_context(|| format!("reading {}", page.display()))?;
    let commit = capture("git", &["rev-parse", "--short", "HEAD"])?;
    let date = capture("date", &["-u", "+%Y-%m-%d"])?;
    let table = table(rows, date.trim(), commit.trim());
    let new = replace_between(&text, &table).with_context(|| page.display().to_string())?;
    std::fs::write(page, new).with_context(|| format!("writing {}", page.display()))?;
    println!("rewrote the benchmark table in {}", page.display());
    Ok(())
}

/// The standard output of `program args`.
fn capture(program: &str, args: &[&str]) -> Result<String> {
    let out = std::process::Command::new(program)
        .args(args)
        .current_dir(crate::root())
        .output()
        .with_context(|| format!("cannot run {program}"))?;
    if !out.status.success() {
        bail!("{program} {args:?} failed with {}", out.status);
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `text` with what lies between the marker lines replaced by `table`.
fn replace_between(text: &str, table: &str) -> Result<String> {
    let start = text
        .find(TABLE_START)
        .context("no bench table start marker")?
        + TABLE_START.len();
    let end = text[start..]
        .find(TABLE_END)
        .context("no bench table end marker")?
        + start;
    Ok(format!("{}\n{table}{}", &text[..start], &text[end..]))
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn the_table_replaces_only_what_lies_between_the_markers() {
        let text = format!("before\n{TABLE_START}\nold\n{TABLE_END}\nafter\n");
        let new = replace_between(&text, "new\n").unwrap();
        assert_eq!(
            new,
            format!("before\n{TABLE_START}\nnew\n{TABLE_END}\nafter\n")
        );
    }

    #[test]
    fn a_loaded_run_gives_no_verdict() {
        let loaded = Quiet {
            worst: Some(3.2),
            limit: 1.5,
        };
        assert_eq!(loaded.verdict(true), "no verdict (machine loaded)");
        let quiet = Quiet {
            worst: Some(0.4),
            limit: 1.5,
        };
        assert_eq!(quiet.verdict(true), "met");
        assert_eq!(quiet.verdict(false), "NOT met");
        let unknown = Quiet {
            worst: None,
            limit: 1.5,
        };
        assert!(!unknown.allows_verdict());
    }
}
