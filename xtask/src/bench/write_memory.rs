//! `cargo xtask bench write --memory [--count N] [--runs R]` (defaults
//! 10,000,000 URLs, 1 run): what `sitemap write` holds per URL.
//!
//! The duplicate check keeps every distinct `loc`'s hash, so peak RSS
//! grows with the list; this prints how fast. It reuses the JSON Lines
//! list `bench write` generates under `target/bench-write/`, runs the
//! release `sitemap write` on it plainly and with `--gzip`, each under
//! GNU `time`, and `sort -u` of the same list as the baseline: the shell's
//! exact duplicate check, timed in the same run. Printed: the medians of
//! the wall times, the ratios against `sort -u`, the peak RSS, and bytes
//! of peak RSS per URL above the RSS of a one-line run (the fixed cost:
//! code, buffers, the writer threads).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use super::report::{Load, Quiet, Row};
use anyhow::{Context, Result, bail};

pub(crate) fn run(args: &[String]) -> Result<Vec<Row>> {
    let (count, runs) = count_and_runs(args)?;
    let work = super::target_dir().join("bench-write");
    std::fs::create_dir_all(&work)?;
    let input = work.join(format!("urls-{count}.jsonl"));
    if !input.exists() {
        super::write::generate(&input, count)?;
    }
    let one = work.join("urls-1.jsonl");
    if !one.exists() {
        super::write::generate(&one, 1)?;
    }
    let ours = super::build_release("sitemap-cli", ["--bin", "sitemap"])?;
    if !Path::new("/usr/bin/time").exists() {
        bail!("GNU time is needed for the peak RSS: apt-get install time");
    }

    let load = Load::start();
    let out = work.join("out-memory");
    let write = |list: &Path, gzip: bool| -> Result<(f64, u64)> {
        let _ = std::fs::remove_dir_all(&out);
        let mut cmd = Command::new(&ours);
        cmd.args(["write", "-", "--base-url", super::write::BASE, "-q"]);
        if gzip {
            cmd.arg("--gzip");
        }
        cmd.arg("--out").arg(&out);
        timed(&work, cmd, list)
    };
    let (_, fixed) = write(&one, false)?;
    let mut results: [Vec<(f64, u64)>; 3] = Default::default();
    for round in 0..runs {
        eprintln!("round {} of {runs}", round + 1);
        results[0].push(write(&input, false)?);
        results[1].push(write(&input, true)?);
        let mut sort = Command::new("sort");
        sort.arg("-u").env("LC_ALL", "C");
        results[2].push(timed(&work, sort, &input)?);
    }

    println!(
        "bench write --memory: {count} JSON Lines URLs, median of {runs} run(s); \
         a one-line run peaks at {fixed} KiB"
    );
    let names = [
        "sitemap write",
        "sitemap write --gzip",
        "sort -u (baseline)",
    ];
    print_rows(
        &names,
        &mut results,
        "sort -u",
        fixed,
        count,
        "one-line",
        load,
    );
    // Not a row of the benchmark table: `write`'s own run gives that.
    Ok(Vec::new())
}

/// One line per command of `names` (the last is the baseline, named
/// `baseline` in the ratio): median time, the ratio to the baseline, peak
/// RSS, and bytes per URL above a run of one (`one`: "one-line"), then the
/// load average before and now; returns whether the load allowed a
/// verdict and each command's median seconds and peak RSS (KiB).
pub(super) fn print_rows(
    names: &[&str],
    results: &mut [Vec<(f64, u64)>],
    baseline: &str,
    fixed: u64,
    count: usize,
    one: &str,
    load: Load,
) -> (Quiet, Vec<(f64, u64)>) {
    let base = median(results.last_mut().expect("a baseline"));
    let mut figures = Vec::new();
    for (name, runs) in names.iter().zip(results.iter_mut()) {
        let seconds = median(runs);
        let peak = runs.iter().map(|r| r.1).max().unwrap_or(0);
        let per_url = (peak.saturating_sub(fixed) * 1024) as f64 / count as f64;
        println!(
            "  {name:<22} {seconds:>7.2} s  ({:.2}x {baseline})  peak RSS {peak:>8} KiB  {per_url:>5.1} B/URL above a {one} run",
            seconds / base,
        );
        figures.push((seconds, peak));
    }
    (load.finish(), figures)
}

fn count_and_runs(args: &[String]) -> Result<(usize, usize)> {
    let mut rest: Vec<String> = args.iter().filter(|a| *a != "--memory").cloned().collect();
    if !rest.iter().any(|a| a == "--runs") {
        rest.extend(["--runs".to_owned(), "1".to_owned()]);
    }
    super::count_and_runs("write --memory", &rest, 10_000_000)
}

/// Runs `cmd` with `stdin` as its input under GNU `time`: the wall time
/// in seconds and the peak RSS in KiB.
pub(super) fn timed(work: &Path, cmd: Command, stdin: &Path) -> Result<(f64, u64)> {
    let rss = work.join("rss");
    let mut timed = Command::new("/usr/bin/time");
    timed.args(["-f", "%M", "-o"]).arg(&rss);
    timed.arg(cmd.get_program()).args(cmd.get_args());
    for (k, v) in cmd.get_envs() {
        if let Some(v) = v {
            timed.env(k, v);
        }
    }
    let shown = format!("{cmd:?}");
    let start = Instant::now();
    let status = timed
        .stdin(std::fs::File::open(stdin)?)
        .stdout(Stdio::null())
        .status()
        .with_context(|| format!("cannot run {shown}"))?;
    let seconds = start.elapsed().as_secs_f64();
    if !status.success() {
        bail!("{shown} failed with {status}");
    }
    let kib = std::fs::read_to_string(&rss)?
        .lines()
        .last()
        .unwrap_or_default()
        .trim()
        .parse()
        .context("GNU time's %M")?;
    Ok((seconds, kib))
}

pub(super) fn median(v: &mut [(f64, u64)]) -> f64 {
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    v[v.len() / 2].0
}
