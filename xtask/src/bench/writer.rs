//! Benchmark `writer`: the set writer against `gzip -6`.
//!
//! `cargo xtask bench writer [--count N] [--runs R]` (defaults 1,000,000
//! URLs, 3 runs) builds the `write_sitemaps` example of sitemap-core in
//! release mode and, in the same run:
//!
//! 1. writes the generated set once uncompressed and concatenates its
//!    parts into one file: the bytes `gzip -6` is given;
//! 2. R times, one after the other so all see the same machine load:
//!    - runs the example with `--pregenerate`: it builds the entries
//!      first, then times the writer alone (`SetWriter::new` to `finish`:
//!      encoding, duplicate check, compressing, writing, renaming), the
//!      counterpart of gzip compressing bytes already on disk;
//!    - runs the example streaming generated entries into the writer, as
//!      a site tool would (timed from spawn to exit), for its peak RSS;
//!    - times `gzip -6 -c all.xml > all.xml.gz` alone;
//! 3. prints the medians, the time and size ratios, and the example's
//!    peak RSS (VmHWM), each against its target, plus both CPU times and
//!    the load average: on a shared machine the wall-clock ratio says as
//!    much about the other jobs as about ours, and the CPU ratio shows
//!    what the threads can give on an idle one.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use super::report::{Load, Row};
use anyhow::{Context, Result, bail};

/// The time target #29 set.
const TIME_TARGET: f64 = 0.35;
const SIZE_TARGET: f64 = 1.05;
const RSS_TARGET_KIB: u64 = 32 * 1024;

pub(crate) fn run(args: &[String]) -> Result<Vec<Row>> {
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

    let exe = super::build_release("sitemap-core", ["--example", "write_sitemaps"])?;

    let tmp = std::env::temp_dir().join(format!("sitemap-bench-writer-{}", std::process::id()));
    let result = measure(&exe, &tmp, count, runs);
    let _ = std::fs::remove_dir_all(&tmp);
    result
}

/// What one run of the example printed.
struct Run {
    /// Wall-clock seconds of the whole process, as seen from here.
    seconds: f64,
    /// Wall-clock seconds the example measured itself: the writer alone
    /// with `--pregenerate`, else generating and writing.
    inner_seconds: f64,
    disk_bytes: u64,
    bytes: u64,
    sitemaps: u64,
    cpu_seconds: f64,
    peak_rss_kib: u64,
}

fn example(exe: &Path, out: &Path, count: u64, flags: &[&str]) -> Result<Run> {
    let _ = std::fs::remove_dir_all(out);
    let mut cmd = Command::new(exe);
    cmd.arg("--out")
        .arg(out)
        .arg("--count")
        .arg(count.to_string())
        .args(flags);
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
        inner_seconds: field("elapsed_ms")? as f64 / 1000.0,
        disk_bytes: field("disk_bytes")?,
        bytes: field("bytes")?,
        sitemaps: field("sitemaps")?,
        cpu_seconds: field("cpu_ms")? as f64 / 1000.0,
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
                // `N-<tag>`: the tag is the part's content hash.
                .split('-')
                .next()?
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

/// Runs `gzip -6 -c input > output` under bash, whose `times` builtin
/// reports the CPU time gzip used; returns (wall s, CPU s, output size).
fn gzip_6(input: &Path, output: &Path) -> Result<(f64, f64, u64)> {
    let start = Instant::now();
    let out = Command::new("bash")
        .args(["-c", "gzip -6 -c \"$1\" > \"$2\" && times", "gzip-6"])
        .arg(input)
        .arg(output)
        .output()
        .context("cannot run bash and gzip")?;
    let seconds = start.elapsed().as_secs_f64();
    if !out.status.success() {
        bail!(
            "gzip -6 failed with {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // `times` prints the shell's user and system time, then its children's:
    // "0m3.650s 0m0.060s".
    let stdout = String::from_utf8_lossy(&out.stdout);
    let children = stdout
        .lines()
        .nth(1)
        .context("no `times` output from bash")?;
    let cpu = children
        .split_whitespace()
        .map(|t| {
            let (m, s) = t
                .trim_end_matches('s')
                .split_once('m')
                .context("bad `times` output")?;
            Ok(m.parse::<f64>()? * 60.0 + s.parse::<f64>()?)
        })
        .sum::<Result<f64>>()?;
    Ok((seconds, cpu, std::fs::metadata(output)?.len()))
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

fn measure(exe: &Path, tmp: &Path, count: u64, runs: usize) -> Result<Vec<Row>> {
    std::fs::create_dir_all(tmp).with_context(|| format!("create {}", tmp.display()))?;
    eprintln!("writing {count} URLs uncompressed for the gzip baseline…");
    let plain = example(exe, &tmp.join("plain"), count, &[])?;
    let all = tmp.join("all.xml");
    let all_bytes = concatenate_parts(&tmp.join("plain"), &all)?;
    let _ = std::fs::remove_dir_all(tmp.join("plain"));

    let load = Load::start();
    // Per run: the writer alone on entries built beforehand, the whole
    // streaming job (generation included, and its peak RSS), gzip -6.
    let (mut writer, mut whole, mut gzip) = (Vec::new(), Vec::new(), Vec::new());
    let mut gz_size = 0;
    for i in 1..=runs {
        let w = example(exe, &tmp.join("gz"), count, &["--gzip", "--pregenerate"])?;
        let s = example(exe, &tmp.join("gz"), count, &["--gzip"])?;
        let (secs, cpu, size) = gzip_6(&all, &tmp.join("all.xml.gz"))?;
        eprintln!(
            "run {i}/{runs}: writer {:.3} s (CPU {:.3} s); whole job {:.3} s (CPU {:.3} s, peak RSS {} KiB, {} bytes); gzip -6 {secs:.3} s (CPU {cpu:.3} s, {size} bytes)",
            w.inner_seconds, w.cpu_seconds, s.seconds, s.cpu_seconds, s.peak_rss_kib, s.disk_bytes
        );
        gz_size = size;
        writer.push(w);
        whole.push(s);
        gzip.push((secs, cpu));
    }
    let our_size = whole[0].disk_bytes;
    if writer
        .iter()
        .chain(&whole)
        .any(|r| r.disk_bytes != our_size)
    {
        bail!("the gzipped output differs between runs: the writer is not deterministic");
    }
    let writer_time = median(writer.iter().map(|r| r.inner_seconds).collect());
    let writer_cpu = median(writer.iter().map(|r| r.cpu_seconds).collect());
    let whole_time = median(whole.iter().map(|r| r.seconds).collect());
    let whole_cpu = median(whole.iter().map(|r| r.cpu_seconds).collect());
    let gzip_time = median(gzip.iter().map(|g| g.0).collect());
    let gzip_cpu = median(gzip.iter().map(|g| g.1).collect());
    let peak_rss = whole.iter().map(|r| r.peak_rss_kib).max().unwrap_or(0);
    let time_ratio = writer_time / gzip_time;
    let size_ratio = our_size as f64 / gz_size as f64;
    // On a shared machine other jobs take the cores the threads need.
    let quiet = load.finish();
    let verdict = |ok: bool| quiet.verdict(ok);
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("bench writer: {count} URLs, {runs} runs each (median), {cores} cores");
    println!(
        "  input        {:.1} MiB uncompressed in {} sitemaps (+ index); gzip -6 gets the {:.1} MiB of parts",
        mib(plain.bytes),
        plain.sitemaps,
        mib(all_bytes)
    );
    println!(
        "  writer       {writer_time:.3} s  CPU {writer_cpu:.3} s  {:.2} MiB  (SetWriter::new to finish, gzipped parts + index, entries built beforehand)",
        mib(our_size)
    );
    println!(
        "  whole job    {whole_time:.3} s  CPU {whole_cpu:.3} s  (process generating the entries and streaming them into the SetWriter)"
    );
    println!(
        "  gzip -6      {gzip_time:.3} s  CPU {gzip_cpu:.3} s  {:.2} MiB  (compressing the concatenated parts)",
        mib(gz_size)
    );
    println!(
        "  time ratio   {time_ratio:.3}  writer / gzip -6 (target <= {TIME_TARGET}) {}; whole job / gzip -6 {:.3}",
        verdict(time_ratio <= TIME_TARGET),
        whole_time / gzip_time
    );
    println!(
        "  CPU ratio    {:.3}  writer / gzip -6 (all threads; the wall-clock ratio on idle cores tends to this over the core count)",
        writer_cpu / gzip_cpu
    );
    println!(
        "  size ratio   {size_ratio:.3}  (target <= {SIZE_TARGET}) {}",
        verdict(size_ratio <= SIZE_TARGET)
    );
    println!(
        "  peak RSS     {:.1} MiB  whole job (target <= {} MiB) {}",
        peak_rss as f64 / 1024.0,
        RSS_TARGET_KIB / 1024,
        verdict(peak_rss <= RSS_TARGET_KIB)
    );
    Ok(vec![Row {
        bench: format!("`writer`: {count} URLs to gzipped sitemaps + index (`--runs {runs}`)"),
        ours: format!("{writer_time:.2} s wall, {writer_cpu:.2} s CPU"),
        baseline: format!(
            "`gzip -6` over the same {:.1} MiB: {gzip_time:.2} s",
            mib(all_bytes)
        ),
        ratio: format!(
            "{time_ratio:.2}× (whole job {:.2}×); size {size_ratio:.3}×; peak RSS {:.1} MiB",
            whole_time / gzip_time,
            peak_rss as f64 / 1024.0
        ),
        target: format!(
            "≤ {TIME_TARGET}× time, ≤ {SIZE_TARGET}× size, ≤ {} MiB",
            RSS_TARGET_KIB / 1024
        ),
        met: Some(
            time_ratio <= TIME_TARGET && size_ratio <= SIZE_TARGET && peak_rss <= RSS_TARGET_KIB,
        ),
        quiet,
    }])
}
