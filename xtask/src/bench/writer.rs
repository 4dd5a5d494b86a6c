//! Benchmark `writer`: the set writer against `gzip -6`.
//!
//! `cargo xtask bench writer [--count N] [--runs R]` (defaults 1,000,000
//! URLs, 3 runs) builds the `write_sitemaps` example of sitemap-core in
//! release mode and, in the same run:
//!
//! 1. writes the generated set once uncompressed and concatenates its
//!    parts into one file: the bytes `gzip -6` is given;
//! 2. R times, alternating so both see the same machine load: runs the
//!    example writing gzipped parts and an index into a temporary
//!    directory (timed from spawn to exit: generating the entries,
//!    encoding, compressing, writing, renaming), and times
//!    `gzip -6 -c all.xml > all.xml.gz` alone;
//! 3. prints the medians, the time and size ratios, and the example's
//!    peak RSS (VmHWM), each against its target.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};

const TIME_TARGET: f64 = 0.5;
const SIZE_TARGET: f64 = 1.05;
const RSS_TARGET_KIB: u64 = 32 * 1024;

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut count: u64 = 1_000_000;
    let mut runs: usize = 3;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--count" => count = it.next().context("--count needs a number")?.parse()?,
            "--runs" => runs = it.next().context("--runs needs a number")?.parse()?,
            other => bail!(
                "unknown argument `{other}`; usage: cargo xtask bench writer [--count N] [--runs R]"
            ),
        }
    }
    if runs == 0 {
        bail!("--runs must be at least 1");
    }

    crate::run(crate::cargo().args([
        "build",
        "--release",
        "-p",
        "sitemap-core",
        "--example",
        "write_sitemaps",
    ]))?;
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|p| {
            if p.is_relative() {
                crate::root().join(p)
            } else {
                p
            }
        })
        .unwrap_or_else(|| crate::root().join("target"));
    let exe = target_dir.join("release/examples/write_sitemaps");
    if !exe.exists() {
        bail!("{} was not built", exe.display());
    }

    let tmp = std::env::temp_dir().join(format!("sitemap-bench-writer-{}", std::process::id()));
    let result = measure(&exe, &tmp, count, runs);
    let _ = std::fs::remove_dir_all(&tmp);
    result
}

/// What one run of the example printed.
struct Run {
    seconds: f64,
    disk_bytes: u64,
    bytes: u64,
    sitemaps: u64,
    peak_rss_kib: u64,
}

fn example(exe: &Path, out: &Path, count: u64, gzip: bool) -> Result<Run> {
    let _ = std::fs::remove_dir_all(out);
    let mut cmd = Command::new(exe);
    cmd.arg("--out")
        .arg(out)
        .arg("--count")
        .arg(count.to_string());
    if gzip {
        cmd.arg("--gzip");
    }
    let start = Instant::now();
    let output = cmd
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("cannot run {}", exe.display()))?;
    let seconds = start.elapsed().as_secs_f64();
    if !output.status.success() {
        bail!("{} failed with {}", exe.display(), output.status);
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout.lines().last().unwrap_or_default();
    let field = |key: &str| -> Result<u64> {
        line.split_whitespace()
            .find_map(|kv| kv.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
            .with_context(|| format!("no `{key}=` in the example's output `{line}`"))?
            .parse::<f64>()
            .map(|v| v as u64)
            .with_context(|| format!("bad `{key}` in `{line}`"))
    };
    Ok(Run {
        seconds,
        disk_bytes: field("disk_bytes")?,
        bytes: field("bytes")?,
        sitemaps: field("sitemaps")?,
        peak_rss_kib: field("peak_rss_kib")?,
    })
}

/// Concatenates the uncompressed parts (not the index) into one file.
fn concatenate_parts(dir: &Path, into: &Path) -> Result<u64> {
    let mut parts: Vec<(u64, PathBuf)> = std::fs::read_dir(dir)
        .with_context(|| format!("list {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter_map(|p| {
            let n = p
                .file_name()?
                .to_str()?
                .strip_prefix("sitemap-")?
                .strip_suffix(".xml")?
                .parse()
                .ok()?;
            Some((n, p))
        })
        .collect();
    if parts.is_empty() {
        // A set small enough for one file.
        parts.push((1, dir.join("sitemap.xml")));
    }
    parts.sort();
    let mut out =
        std::fs::File::create(into).with_context(|| format!("create {}", into.display()))?;
    let mut total = 0;
    for (_, part) in parts {
        let mut f =
            std::fs::File::open(&part).with_context(|| format!("open {}", part.display()))?;
        total +=
            std::io::copy(&mut f, &mut out).with_context(|| format!("copy {}", part.display()))?;
    }
    Ok(total)
}

fn gzip_6(input: &Path, output: &Path) -> Result<(f64, u64)> {
    let out =
        std::fs::File::create(output).with_context(|| format!("create {}", output.display()))?;
    let start = Instant::now();
    let status = Command::new("gzip")
        .args(["-6", "-c"])
        .arg(input)
        .stdout(out)
        .status()
        .context("cannot run gzip")?;
    let seconds = start.elapsed().as_secs_f64();
    if !status.success() {
        bail!("gzip -6 failed with {status}");
    }
    Ok((seconds, std::fs::metadata(output)?.len()))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn measure(exe: &Path, tmp: &Path, count: u64, runs: usize) -> Result<()> {
    std::fs::create_dir_all(tmp).with_context(|| format!("create {}", tmp.display()))?;
    eprintln!("writing {count} URLs uncompressed for the gzip baseline…");
    let plain = example(exe, &tmp.join("plain"), count, false)?;
    let all = tmp.join("all.xml");
    let all_bytes = concatenate_parts(&tmp.join("plain"), &all)?;
    let _ = std::fs::remove_dir_all(tmp.join("plain"));

    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    let mut gz_size = 0;
    for i in 1..=runs {
        let run = example(exe, &tmp.join("gz"), count, true)?;
        let (secs, size) = gzip_6(&all, &tmp.join("all.xml.gz"))?;
        eprintln!(
            "run {i}/{runs}: ours {:.3} s ({} bytes, peak RSS {} KiB); gzip -6 {secs:.3} s ({size} bytes)",
            run.seconds, run.disk_bytes, run.peak_rss_kib
        );
        gz_size = size;
        ours.push(run);
        theirs.push(secs);
    }
    let our_time = median(ours.iter().map(|r| r.seconds).collect());
    let their_time = median(theirs);
    let our_size = ours[0].disk_bytes;
    let peak_rss = ours.iter().map(|r| r.peak_rss_kib).max().unwrap_or(0);
    if ours.iter().any(|r| r.disk_bytes != our_size) {
        bail!("the gzipped output differs between runs: the writer is not deterministic");
    }
    let time_ratio = our_time / their_time;
    let size_ratio = our_size as f64 / gz_size as f64;
    let verdict = |ok: bool| if ok { "ok" } else { "MISSED" };
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("bench writer: {count} URLs, {runs} runs each (median), {cores} cores");
    println!(
        "  input         {:.1} MiB uncompressed in {} sitemaps (+ index); gzip -6 gets the {:.1} MiB of parts",
        mib(plain.bytes),
        plain.sitemaps,
        mib(all_bytes)
    );
    println!(
        "  ours          {our_time:.3} s  {:.2} MiB  (SetWriter, gzipped parts + index, generating the entries included)",
        mib(our_size)
    );
    println!(
        "  gzip -6       {their_time:.3} s  {:.2} MiB  (compressing only)",
        mib(gz_size)
    );
    println!(
        "  time ratio    {time_ratio:.3}  (target <= {TIME_TARGET}) {}",
        verdict(time_ratio <= TIME_TARGET)
    );
    println!(
        "  size ratio    {size_ratio:.3}  (target <= {SIZE_TARGET}) {}",
        verdict(size_ratio <= SIZE_TARGET)
    );
    println!(
        "  peak RSS      {:.1} MiB  (target <= {} MiB) {}",
        peak_rss as f64 / 1024.0,
        RSS_TARGET_KIB / 1024,
        verdict(peak_rss <= RSS_TARGET_KIB)
    );
    Ok(())
}
