//! Benchmark `scan`: `sitemap scan` on a content tree against reading it
//! once.
//!
//! `cargo xtask bench scan [--count N] [--runs R] [--bin PATH]` (defaults
//! 100,000 pages, 3 runs; `--bin` times that `sitemap` instead of this
//! commit's, to compare two commits back to back):
//!
//! 1. generates (once; cached under `<target>/bench-scan/<N>/site/`) a Hugo
//!    site of N Markdown pages in nested sections (20 sections of 10
//!    subsections, each with an `_index.md`), front matter alternating
//!    TOML and YAML (title, date, tags, a third with `lastmod`, a few
//!    drafts), and bodies of 2–20 KB of Markdown text with an image in
//!    about one paragraph of four (bundle-relative, site-absolute, a few
//!    as raw `<img>` with `srcset`) and now and then a code block;
//! 2. builds the `sitemap` binary in release mode;
//! 3. R times, alternating so both see the same machine load and a warm
//!    page cache: times `find content -type f -print0 | xargs -0 cat >
//!    /dev/null` (walking and reading every file once, the baseline) and
//!    `sitemap scan SITE --out TMP --lastmod front-matter,date,mtime`
//!    (spawn to exit: detection, the parallel walk reading each file only
//!    up to the end of its front matter, the source pipeline, writing the
//!    split set), the same with `--images` (every page's whole body read
//!    and parsed on the walker threads), and the `read_heads` example of
//!    sitemap-content (the scan's walk, each file opened and its first
//!    4 KB read, nothing parsed: the floor of a scan of this design, which
//!    no parsing change goes under), and the same with `--parse` (each
//!    head's front matter parsed too, by the parser the scan uses: the
//!    floor of any scan that reads front matter with these crates, before
//!    Hugo's rules, the lists and the writing), and the plain scan again
//!    with a built `public/` in place (`built.rs`: one small page per
//!    listed URL), so the build check runs, quiet (the bench fails on any
//!    warning). The generated tree has no git
//!    history, so git is left out of the lastmod sources rather than
//!    timing one failed `git` call and a warning; front matter, then
//!    `date`, then mtime is what such a site would configure;
//! 4. prints the medians, the ratio scan / baseline against the target
//!    (≤ 0.35), the ratio scan --images / baseline against its target
//!    (≤ 1.5: it reads every byte the baseline reads, and parses it), the
//!    ratio checked scan / scan against its target (≤ 1.2: the build
//!    check costs at most a fifth of the scan), with the same in CPU time
//!    (user + system, steadier than wall time on a loaded machine), the
//!    floors' ratios, and the load average before and after.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::report::{Load, Row};
use super::{median, target_dir};

use anyhow::{Context, Result, bail};

/// The targets of the speed issue that last set them (#29).
const TARGET: f64 = 0.35;
/// `--images` reads whole bodies, as the baseline does, and parses them.
const IMAGES_TARGET: f64 = 1.5;
/// The build check costs at most a fifth of the scan (#47).
const CHECK_TARGET: f64 = 1.2;

pub(crate) fn run(args: &[String]) -> Result<Vec<Row>> {
    // `--bin PATH`: time that `sitemap` (another commit's, built apart),
    // to compare two commits back to back on the same site and load.
    let (bin, args) = match args.iter().position(|a| a == "--bin") {
        Some(at) => {
            let path = args
                .get(at + 1)
                .context("--bin needs the path of a sitemap binary")?;
            let mut rest = args.to_vec();
            rest.drain(at..=at + 1);
            (Some(PathBuf::from(path)), rest)
        }
        None => (None, args.to_vec()),
    };
    let (count, runs) = super::count_and_runs("scan", &args, 100_000)?;
    let target_dir = target_dir();
    let site = target_dir
        .join("bench-scan")
        .join(count.to_string())
        .join("site");
    let bytes = ensure_site(&site, count, false)?;

    let bin = match bin {
        Some(bin) => bin,
        None => super::build_release("sitemap-cli", ["--bin", "sitemap"])?,
    };
    let heads = super::build_release("sitemap-content", ["--example", "read_heads"])?;
    let out = tempfile_dir(&target_dir)?;
    let (built, built_pages) = super::built::ensure(&bin, &site)?;

    eprintln!("warming the page cache ({:.2} GB)…", bytes as f64 / 1e9);
    super::read_every_file(&site.join("content"), None)?;

    let mut base_times = Vec::new();
    let mut scan_times = Vec::new();
    let mut image_times = Vec::new();
    let mut floor_times = Vec::new();
    let mut parse_times = Vec::new();
    let mut checked_times = Vec::new();
    // CPU time (user + system) of the plain scan and the checked one:
    // what the check costs, much less swayed by a loaded machine than
    // wall time.
    let mut scan_cpu = Vec::new();
    let mut checked_cpu = Vec::new();
    let mut summary = String::new();
    let mut image_summary = String::new();
    let load = Load::start();
    for run in 1..=runs {
        let b = super::read_every_file(&site.join("content"), None)?;
        let cpu = super::children_cpu();
        let (s, report) = scan(&bin, &site, &out, false)?;
        scan_cpu.extend(super::children_cpu().zip(cpu).map(|(a, b)| a - b));
        let (i, image_report) = scan(&bin, &site, &out, true)?;
        let f = super::time_floor(&heads, &site.join("content"), &[])?;
        let p = super::time_floor(&heads, &site.join("content"), &["--parse"])?;
        let c = {
            let _in_place = super::built::InPlace::new(&built)?;
            let cpu = super::children_cpu();
            let (c, report) = scan(&bin, &site, &out, false)?;
            checked_cpu.extend(super::children_cpu().zip(cpu).map(|(a, b)| a - b));
            // A quiet check: the build agrees with the scan.
            if report.contains("warning:") {
                bail!("the scan was not quiet on the bench site's build: {report}");
            }
            c
        };
        eprintln!(
            "run {run}/{runs}: read every file {:.3}s, scan {:.3}s, scan --images {:.3}s, \
             walk and read heads {:.3}s, and parse them {:.3}s, scan with the build check {:.3}s",
            b.as_secs_f64(),
            s.as_secs_f64(),
            i.as_secs_f64(),
            f.as_secs_f64(),
            p.as_secs_f64(),
            c.as_secs_f64()
        );
        checked_times.push(c);
        floor_times.push(f);
        parse_times.push(p);
        base_times.push(b);
        scan_times.push(s);
        image_times.push(i);
        summary = last_line(&report);
        image_summary = last_line(&image_report);
    }
    let _ = fs::remove_dir_all(&out);
    let base = median(&mut base_times);
    let ours = median(&mut scan_times);
    let ratio = ours.as_secs_f64() / base.as_secs_f64();
    let with_images = median(&mut image_times);
    let image_ratio = with_images.as_secs_f64() / base.as_secs_f64();
    let floor = median(&mut floor_times);
    let parse_floor = median(&mut parse_times);
    let (floor_ratio, parse_ratio) = (
        floor.as_secs_f64() / base.as_secs_f64(),
        parse_floor.as_secs_f64() / base.as_secs_f64(),
    );
    let checked = median(&mut checked_times);
    let check_ratio = checked.as_secs_f64() / ours.as_secs_f64();
    // Per run, checked / plain CPU; the median of those ratios.
    let mut cpu_ratios: Vec<f64> = checked_cpu
        .iter()
        .zip(&scan_cpu)
        .map(|(c, s)| c.as_secs_f64() / s.as_secs_f64())
        .collect();
    cpu_ratios.sort_by(f64::total_cmp);
    let cpu_ratio = cpu_ratios.get(cpu_ratios.len() / 2).copied();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "bench scan: {count} pages, {:.2} GB, {runs} runs (medians), {threads} CPUs",
        bytes as f64 / 1e9
    );
    println!(
        "  read every file once (find | xargs cat): {:.3}s",
        base.as_secs_f64()
    );
    println!(
        "  sitemap scan:                             {:.3}s",
        ours.as_secs_f64()
    );
    println!(
        "  sitemap scan --images:                    {:.3}s",
        with_images.as_secs_f64()
    );
    println!(
        "  walk and read heads, nothing parsed:       {:.3}s ({floor_ratio:.2}x the read: the scan's floor)",
        floor.as_secs_f64(),
    );
    println!(
        "  the same, front matter parsed:             {:.3}s ({parse_ratio:.2}x the read: the floor with our parsers)",
        parse_floor.as_secs_f64(),
    );
    println!(
        "  sitemap scan, checked against a build of {built_pages} pages: {:.3}s ({check_ratio:.2}x the scan)",
        checked.as_secs_f64(),
    );
    if let Some(ratio) = cpu_ratio
        && !scan_cpu.is_empty()
    {
        let (cpu, plain) = (median(&mut checked_cpu), median(&mut scan_cpu));
        println!(
            "    CPU (user + system): {:.3}s, the scan's {:.3}s ({ratio:.2}x, median of the runs' ratios)",
            cpu.as_secs_f64(),
            plain.as_secs_f64()
        );
    }
    println!("  {}", summary.trim());
    println!("  --images: {}", image_summary.trim());
    let quiet = load.finish();
    println!(
        "  ratio scan / read: {ratio:.2} (target <= {TARGET}): {}",
        quiet.verdict(ratio <= TARGET)
    );
    println!(
        "  ratio scan --images / read: {image_ratio:.2} (target <= {IMAGES_TARGET}): {}",
        quiet.verdict(image_ratio <= IMAGES_TARGET)
    );
    println!(
        "  ratio checked scan / scan: {check_ratio:.2} (target <= {CHECK_TARGET}): {}",
        quiet.verdict(check_ratio <= CHECK_TARGET)
    );
    let gb = bytes as f64 / 1e9;
    let base_cell = format!("`find \\| xargs cat`: {:.2} s", base.as_secs_f64());
    Ok(vec![
        Row {
            bench: format!(
                "`scan`: {count} Hugo Markdown pages ({gb:.2} GB) to a written sitemap (`--runs {runs}`)"
            ),
            ours: format!("{:.2} s", ours.as_secs_f64()),
            baseline: base_cell.clone(),
            ratio: format!(
                "{ratio:.2}× (floors: walk and read {floor_ratio:.2}×, and parse front matter {parse_ratio:.2}×)"
            ),
            target: format!("≤ {TARGET}×"),
            met: Some(ratio <= TARGET),
            quiet,
        },
        Row {
            bench: format!(
                "`scan`, checked against the built site: the same, with a `public/` of {built_pages} built pages"
            ),
            ours: format!("{:.2} s", checked.as_secs_f64()),
            baseline: format!("the scan: {:.2} s", ours.as_secs_f64()),
            ratio: match cpu_ratio {
                Some(cpu) => format!("{check_ratio:.2}× (CPU {cpu:.2}×)"),
                None => format!("{check_ratio:.2}×"),
            },
            target: format!("≤ {CHECK_TARGET}×"),
            met: Some(check_ratio <= CHECK_TARGET),
            quiet,
        },
        Row {
            bench: "`scan --images`: the same, with each page's images".to_owned(),
            ours: format!("{:.2} s", with_images.as_secs_f64()),
            baseline: base_cell,
            ratio: format!("{image_ratio:.2}×"),
            target: format!("≤ {IMAGES_TARGET}×"),
            met: Some(image_ratio <= IMAGES_TARGET),
            quiet,
        },
    ])
}

fn tempfile_dir(target_dir: &Path) -> Result<PathBuf> {
    let dir = target_dir
        .join("bench-scan")
        .join(format!("out-{}", std::process::id()));
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    Ok(dir)
}

/// `sitemap scan`, timed from spawn to exit; returns what it printed on
/// stderr.
fn scan(bin: &Path, site: &Path, out: &Path, images: bool) -> Result<(Duration, String)> {
    let start = Instant::now();
    let output = Command::new(bin)
        .arg("scan")
        .arg(site)
        .arg("--out")
        .arg(out)
        .args(["--lastmod", "front-matter,date,mtime"])
        .args(images.then_some("--images"))
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .output()
        .with_context(|| format!("cannot run {}", bin.display()))?;
    let elapsed = start.elapsed();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if !output.status.success() {
        bail!("sitemap scan failed: {stderr}");
    }
    Ok((elapsed, stderr))
}

/// The summary line of a scan's report.
fn last_line(report: &str) -> String {
    report.lines().last().unwrap_or("").to_owned()
}

/// A small deterministic generator (xorshift), so every run and machine
/// gets the same site.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const WORDS: [&str; 24] = [
    "sitemap", "static", "content", "section", "page", "build", "deploy", "cache", "render",
    "template", "front", "matter", "search", "engine", "crawl", "index", "update", "review",
    "release", "guide", "bundle", "taxonomy", "language", "archive",
];

/// Generates the site unless a complete one is cached; returns its size.
/// `short`: bodies a sixteenth as long (128 B–1.3 KB), for the scale run,
/// whose million pages must fit the disk; the same front matter.
pub(super) fn ensure_site(site: &Path, count: usize, short: bool) -> Result<u64> {
    // Versioned: a site generated before the bodies had images is made
    // again.
    let stamp = site.join(".complete-2");
    if let Ok(s) = fs::read_to_string(&stamp) {
        return s.trim().parse().context("bad cache stamp");
    }
    if site.exists() {
        fs::remove_dir_all(site).with_context(|| format!("cannot clear {}", site.display()))?;
    }
    eprintln!("generating {count} pages under {}…", site.display());
    let content = site.join("content");
    fs::create_dir_all(&content)?;
    fs::write(
        site.join("hugo.toml"),
        "baseURL = \"https://bench.example.org/\"\ntitle = \"Bench\"\n[taxonomies]\ntag = \"tags\"\n",
    )?;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut bytes = 0u64;
    let mut text = String::new();
    let per_leaf = count.div_ceil(200);
    for i in 0..count {
        let leaf = i / per_leaf;
        let dir = content
            .join(format!("section-{:02}", leaf / 10))
            .join(format!("topic-{:02}", leaf % 10));
        if i % per_leaf == 0 {
            fs::create_dir_all(&dir)?;
            let index = format!("+++\ntitle = \"Topic {leaf}\"\n+++\n");
            fs::write(dir.join("_index.md"), &index)?;
            bytes += index.len() as u64;
            if leaf.is_multiple_of(10) {
                let top = dir.parent().context("section folder")?.join("_index.md");
                fs::write(&top, "---\ntitle: Section\n---\n")?;
            }
        }
        text.clear();
        let month = 1 + rng.below(12);
        let day = 1 + rng.below(28);
        let tags = [WORDS[rng.below(24) as usize], WORDS[rng.below(24) as usize]];
        let draft = i.is_multiple_of(97);
        if i % 2 == 0 {
            let _ = writeln!(
                text,
                "+++\ntitle = \"Page {i}\"\ndate = 2024-{month:02}-{day:02}"
            );
            let _ = writeln!(text, "tags = [\"{}\", \"{}\"]", tags[0], tags[1]);
            if i % 3 == 0 {
                let _ = writeln!(text, "lastmod = 2025-{month:02}-{day:02}T10:00:00Z");
            }
            if draft {
                text.push_str("draft = true\n");
            }
            text.push_str("+++\n");
        } else {
            let _ = writeln!(
                text,
                "---\ntitle: \"Page {i}\"\ndate: 2024-{month:02}-{day:02}"
            );
            let _ = writeln!(text, "tags: [{}, {}]", tags[0], tags[1]);
            if i % 3 == 0 {
                let _ = writeln!(text, "lastmod: 2025-{month:02}-{day:02}T10:00:00Z");
            }
            if draft {
                text.push_str("draft: true\n");
            }
            text.push_str("---\n");
        }
        let body = 2_048 + rng.below(18 * 1024) as usize;
        let body = if short { body / 16 } else { body };
        while text.len() < body {
            let _ = write!(text, "{} ", WORDS[rng.below(24) as usize]);
            if rng.below(14) == 0 {
                text.push_str(".\n\n");
                match rng.below(16) {
                    0..=1 => {
                        let _ = write!(text, "![Figure {i}](fig-{}.png)\n\n", rng.below(8));
                    }
                    2 => {
                        let _ = write!(text, "![Logo](/img/{}.svg \"Logo\")\n\n", rng.below(50));
                    }
                    3 => {
                        let _ = write!(
                            text,
                            "<img src=\"/img/w{0}.jpg\" srcset=\"/img/w{0}.jpg 800w, /img/w{0}-2x.jpg 1600w\" alt=\"\">\n\n",
                            rng.below(50)
                        );
                    }
                    4 => text.push_str("```\n![not an image](code.png)\n```\n\n"),
                    _ => {}
                }
            }
        }
        text.push('\n');
        fs::write(dir.join(format!("page-{i}.md")), &text)?;
        bytes += text.len() as u64;
    }
    fs::write(&stamp, bytes.to_string())?;
    Ok(bytes)
}
