//! `cargo xtask bench NAME`: each benchmark measures our code and a
//! baseline in the same run and prints the ratio, since the machines this
//! runs on are shared and noisy; [`report`] reads the load around the
//! runs (no verdict on a loaded machine) and holds the benchmark table's
//! rows, which `cargo xtask bench all --record` writes into the guide. `scale` is no
//! ratio but time and memory over a million generated pages.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

mod built;
mod fix;
mod git;
mod html;
mod report;
mod scale;
mod scan;
mod write;
mod write_memory;
mod writer;

/// The benches `all` runs, each with its row(s) in the benchmark table
/// (`tests/tests/tidy.rs` reads this list).
const NAMES: [&str; 6] = ["writer", "write", "git", "scan", "html", "fix"];

/// The page of the guide that holds the benchmark table
/// (`tests/tests/tidy.rs` reads it).
const TABLE_PAGE: &str = "docs/guide/src/project/benchmarks.md";

pub(crate) fn run(args: &[String]) -> Result<()> {
    let Some((name, rest)) = args.split_first() else {
        bail!(
            "usage: cargo xtask bench <{}|scale|all [--record]>",
            NAMES.join("|")
        );
    };
    match name.as_str() {
        "writer" => writer::run(rest).map(drop),
        "write" => write::run(rest).map(drop),
        "git" => git::run(rest).map(drop),
        "scan" => scan::run(rest).map(drop),
        "html" => html::run(rest).map(drop),
        "fix" => fix::run(rest).map(drop),
        "scale" => scale::run(rest),
        "all" => {
            let record = rest.iter().any(|a| a == "--record");
            let rest: Vec<String> = rest.iter().filter(|a| *a != "--record").cloned().collect();
            let mut rows = Vec::new();
            rows.extend(writer::run(&rest)?);
            rows.extend(write::run(&rest)?);
            rows.extend(git::run(&rest)?);
            rows.extend(scan::run(&rest)?);
            rows.extend(html::run(&rest)?);
            rows.extend(fix::run(&rest)?);
            if record {
                report::rewrite_table(&crate::root().join(TABLE_PAGE), &rows)?;
            }
            Ok(())
        }
        other => bail!(
            "unknown benchmark `{other}`; one of: {}, scale, all",
            NAMES.join(", ")
        ),
    }
}

// The benchmarks' modules name it through here.
pub(crate) use crate::target_dir;

/// The median of some timings (sorts them).
pub(crate) fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// `[--count N] [--runs R]` for the benchmarks over generated input
/// (N defaults to `default_count`, R to 3).
pub(crate) fn count_and_runs(
    name: &str,
    args: &[String],
    default_count: usize,
) -> Result<(usize, usize)> {
    let mut count = default_count;
    let mut runs: usize = 3;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--count" => count = it.next().context("--count needs a number")?.parse()?,
            "--runs" => runs = it.next().context("--runs needs a number")?.parse()?,
            other => bail!(
                "unknown argument `{other}`; usage: cargo xtask bench {name} [--count N] [--runs R]"
            ),
        }
    }
    if runs == 0 || count == 0 {
        bail!("--count and --runs must be at least 1");
    }
    Ok((count, runs))
}

/// The baseline of the scans: `find | xargs cat > /dev/null` over `dir`
/// (only files named `*.NAME` when `only` is given), timed: walking and
/// reading every file once.
pub(crate) fn read_every_file(dir: &Path, only: Option<&str>) -> Result<Duration> {
    let filter = only.map_or(String::new(), |ext| format!(" -name '*.{ext}'"));
    let start = Instant::now();
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "find \"$1\" -type f{filter} -print0 | xargs -0 cat > /dev/null"
        ))
        .arg("sh")
        .arg(dir)
        .status()
        .context("cannot run sh -c 'find | xargs cat'")?;
    let elapsed = start.elapsed();
    if !status.success() {
        bail!("find | xargs cat failed with {status}");
    }
    Ok(elapsed)
}

/// Runs a floor example (`read_heads`, `tokenize_heads`) on `dir` with
/// `args`, timed from spawn to exit.
pub(crate) fn time_floor(exe: &Path, dir: &Path, args: &[&str]) -> Result<Duration> {
    let start = Instant::now();
    let output = Command::new(exe)
        .arg(dir)
        .args(args)
        .stdout(Stdio::null())
        .output()
        .with_context(|| format!("cannot run {}", exe.display()))?;
    let elapsed = start.elapsed();
    if !output.status.success() {
        bail!(
            "{} failed: {}",
            exe.display(),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(elapsed)
}

/// Builds one binary or example of a workspace package in release mode
/// (`what` is `--bin NAME` or `--example NAME`) and returns its path.
pub(crate) fn build_release(package: &str, what: [&str; 2]) -> Result<PathBuf> {
    crate::run(crate::cargo().args(["build", "--release", "-p", package, what[0], what[1]]))?;
    let sub = if what[0] == "--example" {
        "release/examples"
    } else {
        "release"
    };
    let exe = target_dir().join(sub).join(what[1]);
    if !exe.is_file() {
        bail!("{} was not built", exe.display());
    }
    Ok(exe)
}

/// CPU time (user + system) of the children this process has waited
/// for, from `/proc/self/stat` (Linux); `None` elsewhere. A child's own
/// waited-for children (git under our example) are included.
pub(crate) fn children_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15
    // after the name and state.
    let ticks: u64 = fields.get(13)?.parse::<u64>().ok()? + fields.get(14)?.parse::<u64>().ok()?;
    Some(Duration::from_secs_f64(ticks as f64 / clock_ticks() as f64))
}

fn clock_ticks() -> u64 {
    static TICKS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(100)
    })
}
