//! Benchmark `write`: `sitemap write --gzip` against the `sitemap` crate
//! and sitemap.js doing the same job on the same input.
//!
//! `cargo xtask bench write [--count N] [--runs R]` (defaults 1,000,000
//! URLs, 3 runs):
//!
//! 1. generates N JSON Lines (`loc`, and a `lastmod` on most) once;
//! 2. builds our CLI and the Rust baseline (`xtask/baselines/sitemap-crate`,
//!    its own lockfile) in release mode, and installs sitemap.js from
//!    `xtask/baselines/sitemap-js` (its own lockfile) under `target/`;
//! 3. R rounds, each running the three one after the other (so all see
//!    the same load), each writing a gzipped split set of 50,000 URLs a
//!    file and its index from the file on stdin, under GNU `time` for
//!    the peak RSS;
//! 4. checks that each wrote N URLs (our set validated with our own
//!    `sitemap validate`), and prints the medians, the ratios against
//!    ours, our peak RSS against its 32 MiB target, and the load average.
//!
//! What is compared is the whole job a user runs: parse, check, encode,
//! compress, write. Ours also checks every value, skips duplicates and
//! publishes atomically; the baselines do none of that.
//!
//! With `--memory`, [`super::write_memory`] measures instead what ours
//! holds per URL, at 10 million URLs by default.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};

use super::report::{Load, Row};

const RSS_TARGET_KIB: u64 = 32 * 1024;
pub(super) const BASE: &str = "https://bench.example.org/";

pub(crate) fn run(args: &[String]) -> Result<Vec<Row>> {
    if args.iter().any(|a| a == "--memory") {
        return super::write_memory::run(args);
    }
    let (count, runs) = super::count_and_runs("write", args, 1_000_000)?;
    let target = super::target_dir();
    let work = target.join("bench-write");
    std::fs::create_dir_all(&work)?;
    let input = work.join(format!("urls-{count}.jsonl"));
    if !input.exists() {
        generate(&input, count)?;
    }
    let ours = super::build_release("sitemap-cli", ["--bin", "sitemap"])?;
    let crate_baseline = build_crate_baseline(&target)?;
    let js = install_js_baseline(&target)?;
    if !Path::new("/usr/bin/time").exists() {
        bail!("GNU time is needed for the peak RSS: apt-get install time");
    }

    let load = Load::start();
    let mut results: [Vec<(f64, u64)>; 3] = Default::default();
    for round in 0..runs {
        eprintln!("round {} of {runs}", round + 1);
        for (i, which) in ["ours", "sitemap crate", "sitemap.js"].iter().enumerate() {
            let out = work.join(format!("out-{i}"));
            let _ = std::fs::remove_dir_all(&out);
            let mut cmd = Command::new("/usr/bin/time");
            cmd.args(["-f", "%M", "-o"]).arg(work.join("rss"));
            match i {
                0 => cmd
                    .arg(&ours)
                    .args(["write", "-", "--base-url", BASE, "--gzip", "-q", "--out"])
                    .arg(&out),
                1 => cmd.arg(&crate_baseline).arg(&out).arg(BASE),
                _ => cmd.arg("node").arg(&js).arg(&out).arg(BASE),
            };
            let stdin = std::fs::File::open(&input)?;
            let start = Instant::now();
            let status = cmd
                .stdin(stdin)
                .stdout(Stdio::null())
                .status()
                .with_context(|| format!("cannot run {which}"))?;
            let seconds = start.elapsed().as_secs_f64();
            if !status.success() {
                bail!("{which} failed with {status}");
            }
            let rss: u64 = std::fs::read_to_string(work.join("rss"))?
                .lines()
                .last()
                .unwrap_or_default()
                .trim()
                .parse()
                .context("GNU time's %M")?;
            let urls = count_urls(&out)?;
            if urls != count as u64 {
                bail!("{which} wrote {urls} URLs of {count}");
            }
            results[i].push((seconds, rss));
        }
        // Ours is also checked as a consumer would check it.
        let check = Command::new(&ours)
            .arg("validate")
            .arg(work.join("out-0"))
            .stdout(Stdio::null())
            .status()?;
        if !check.success() {
            bail!("our set does not validate");
        }
    }

    let median = |v: &mut Vec<(f64, u64)>| {
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        v[v.len() / 2].0
    };
    let peak = |v: &[(f64, u64)]| v.iter().map(|r| r.1).max().unwrap_or(0);
    let peaks: Vec<u64> = results.iter().map(|v| peak(v)).collect();
    let times: Vec<f64> = results.iter_mut().map(median).collect();
    let quiet = load.finish();
    println!("bench write: {count} JSON Lines URLs -> gzipped split set, median of {runs} runs");
    for (i, name) in ["sitemap write", "sitemap crate 0.4.1", "sitemap.js 9.0.1"]
        .iter()
        .enumerate()
    {
        println!(
            "  {name:<20} {:>7.2} s  ({:.2}x ours)  peak RSS {:>7} KiB",
            times[i],
            times[i] / times[0],
            peaks[i]
        );
    }
    println!(
        "  our peak RSS {} KiB against the {} KiB target: {}",
        peaks[0],
        RSS_TARGET_KIB,
        quiet.verdict(peaks[0] <= RSS_TARGET_KIB)
    );
    Ok(vec![Row {
        bench: format!("`write`: {count} JSON Lines URLs to a gzipped split set (`--runs {runs}`)"),
        ours: format!(
            "{:.2} s, peak RSS {:.1} MiB",
            times[0],
            peaks[0] as f64 / 1024.0
        ),
        baseline: format!(
            "the `sitemap` crate: {:.2} s; sitemap.js: {:.2} s",
            times[1], times[2]
        ),
        ratio: format!("{:.2}× the crate's time", times[0] / times[1]),
        target: format!("≤ {} MiB peak RSS", RSS_TARGET_KIB / 1024),
        met: Some(peaks[0] <= RSS_TARGET_KIB),
        quiet,
    }])
}

/// N lines as a large site's list looks: sections, pages, most with a
/// lastmod with an offset.
pub(super) fn generate(path: &Path, count: usize) -> Result<()> {
    use std::io::Write;
    let tmp = path.with_extension("tmp");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
    for i in 0..count {
        let section = i % 97;
        if i % 10 == 0 {
            writeln!(out, r#"{{"loc":"{BASE}section-{section}/page-{i}/"}}"#)?;
        } else {
            let (day, hour) = (1 + i % 28, i % 24);
            writeln!(
                out,
                r#"{{"loc":"{BASE}section-{section}/page-{i}/","lastmod":"2024-05-{day:02}T{hour:02}:00:00+02:00"}}"#
            )?;
        }
    }
    out.flush()?;
    std::fs::rename(&tmp, path)?;
    Ok(())
}

fn build_crate_baseline(target: &Path) -> Result<PathBuf> {
    let manifest = crate::root().join("xtask/baselines/sitemap-crate/Cargo.toml");
    let dir = target.join("baselines");
    crate::run(
        crate::cargo()
            .args(["build", "--release", "--locked", "-q", "--manifest-path"])
            .arg(&manifest)
            .arg("--target-dir")
            .arg(&dir),
    )?;
    Ok(dir.join("release/sitemap-crate-baseline"))
}

/// Copies the sitemap.js baseline under `target/` and installs its
/// locked dependencies there; returns the script.
fn install_js_baseline(target: &Path) -> Result<PathBuf> {
    let from = crate::root().join("xtask/baselines/sitemap-js");
    let dir = target.join("baselines/sitemap-js");
    std::fs::create_dir_all(&dir)?;
    for file in ["package.json", "package-lock.json", "write.mjs"] {
        std::fs::copy(from.join(file), dir.join(file))?;
    }
    if !dir.join("node_modules/sitemap").exists() {
        crate::run(
            Command::new("npm")
                .args(["ci", "--silent", "--no-audit", "--no-fund", "--prefix"])
                .arg(&dir),
        )?;
    }
    Ok(dir.join("write.mjs"))
}

/// `<loc>`s in the gzipped parts of a set (the index's are not pages).
fn count_urls(out: &Path) -> Result<u64> {
    let mut n = 0;
    for entry in std::fs::read_dir(out)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "gz") {
            let text = read_gz(&path)?;
            n += text.matches("<url>").count() as u64;
        }
    }
    Ok(n)
}

fn read_gz(path: &Path) -> Result<String> {
    use std::io::Read;
    let mut s = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path)?)
        .read_to_string(&mut s)
        .with_context(|| format!("gunzip {}", path.display()))?;
    Ok(s)
}
