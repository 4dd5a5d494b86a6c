//! Benchmark `html`: scanning a built site against reading it once.
//!
//! `cargo xtask bench html [--count N] [--runs R] [--images]` (defaults
//! 100,000 pages, 3 runs; `--images` scans with `images` on, which reads
//! every page's body for the images of its main content, against the
//! target of a scan that reads bodies: at most 2× reading every file):
//!
//! 1. generates (once; cached under `<target>/bench-html-v2/<N>/site/`) a
//!    built site of N pages shaped like a real generator's output: a 3–5
//!    KB head (charset, viewport, title, description, Open Graph and
//!    Twitter tags, canonical, hreflang on a quarter of the pages,
//!    stylesheets, scripts, JSON-LD) and a 15–60 KB body (navigation,
//!    article text with two figures, a header logo and a footer badge), in
//!    `section/slug/index.html` folders, with a
//!    few noindex pages, redirect stubs and print versions with a canonical
//!    elsewhere;
//! 2. builds the `scan_html` example of sitemap-html in release mode;
//! 3. R times, alternating so both see the same machine load and a warm
//!    page cache: times `find DIR -name '*.html' -print0 | xargs -0 cat >
//!    /dev/null` (walking and reading every file once, the baseline) and
//!    the scan (spawn to exit, default threads), plus one scan on a single
//!    thread for reference;
//!    and two floors: the `read_heads` example of sitemap-content (the
//!    same parallel walk, each file opened and its first 4 KB read,
//!    nothing parsed: the floor of a scan that reads only heads, as this
//!    one does) and the `tokenize_heads` example of sitemap-html (the same
//!    walk, each page read in the scan's chunks and tokenized by lol_html
//!    to the end of its head, nothing read from it: the floor of a scan
//!    with this tokenizer);
//! 4. prints the medians and the ratio scan / baseline against the target
//!    (≤ 0.45), in wall time (the target) and in CPU time (user + system of
//!    the child processes, from `/proc/self/stat`), which says what the
//!    work costs when the machine is shared and wall times are noisy.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::report::{Load, Row};
use super::{median, target_dir};

use anyhow::{Context, Result, bail};

/// The target of the speed issue that last set it (#29).
const TARGET: f64 = 0.45;
/// With `--images` every body is read: the target of the Markdown scan
/// with images (issue #17), at most twice the cost of reading every file.
const TARGET_IMAGES: f64 = 2.0;
pub(super) const BASE_URL: &str = "https://bench.example.org/";

pub(crate) fn run(args: &[String]) -> Result<Vec<Row>> {
    let images = args.iter().any(|a| a == "--images");
    let rest: Vec<String> = args.iter().filter(|a| *a != "--images").cloned().collect();
    let (count, runs) = super::count_and_runs("html", &rest, 100_000)?;
    let target = if images { TARGET_IMAGES } else { TARGET };

    let target_dir = target_dir();
    let site = target_dir
        // v2: the pages show images (a cached v1 site has none).
        .join("bench-html-v2")
        .join(count.to_string())
        .join("site");
    let bytes = ensure_site(&site, count, false)?;

    let scan_bin = super::build_release("sitemap-html", ["--example", "scan_html"])?;
    let heads = super::build_release("sitemap-content", ["--example", "read_heads"])?;
    let tokenize = super::build_release("sitemap-html", ["--example", "tokenize_heads"])?;

    // Warm the page cache once so that neither side pays for the disk.
    eprintln!("warming the page cache ({:.1} GB)…", bytes as f64 / 1e9);
    super::read_every_file(&site, Some("html"))?;

    let mut base_times = Vec::new();
    let mut scan_times = Vec::new();
    let mut base_cpu = Vec::new();
    let mut scan_cpu = Vec::new();
    let mut floor_times = Vec::new();
    let mut tokenize_times = Vec::new();
    let mut scan_report = String::new();
    let load = Load::start();
    for run in 1..=runs {
        let cpu0 = children_cpu()?;
        let b = super::read_every_file(&site, Some("html"))?;
        let cpu1 = children_cpu()?;
        let (s, report) = scan(&scan_bin, &site, None, images)?;
        let cpu2 = children_cpu()?;
        let f = super::time_floor(&heads, &site, &[])?;
        let t = super::time_floor(&tokenize, &site, &[])?;
        eprintln!(
            "run {run}/{runs}: read every file {:.3}s (cpu {:.2}s), scan {:.3}s (cpu {:.2}s), \
             walk and read heads {:.3}s, and tokenize them {:.3}s",
            b.as_secs_f64(),
            cpu1 - cpu0,
            s.as_secs_f64(),
            cpu2 - cpu1,
            f.as_secs_f64(),
            t.as_secs_f64()
        );
        floor_times.push(f);
        tokenize_times.push(t);
        base_times.push(b);
        scan_times.push(s);
        base_cpu.push(Duration::from_secs_f64(cpu1 - cpu0));
        scan_cpu.push(Duration::from_secs_f64(cpu2 - cpu1));
        scan_report = report;
    }
    let (single, _) = scan(&scan_bin, &site, Some(1), images)?;

    let base = median(&mut base_times);
    let ours = median(&mut scan_times);
    let ratio = ours.as_secs_f64() / base.as_secs_f64();
    let base_cpu = median(&mut base_cpu).as_secs_f64();
    let scan_cpu = median(&mut scan_cpu).as_secs_f64();
    let floor = median(&mut floor_times).as_secs_f64() / base.as_secs_f64();
    let tokenize_floor = median(&mut tokenize_times).as_secs_f64() / base.as_secs_f64();
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "bench html{}: {count} pages, {:.2} GB, {runs} runs (medians)",
        if images { " --images" } else { "" },
        bytes as f64 / 1e9
    );
    println!("  scan result:                 {scan_report}");
    println!("  read every file once (cat):  {:.3}s", base.as_secs_f64());
    println!(
        "  scan (default threads, {cpus} CPUs): {:.3}s",
        ours.as_secs_f64()
    );
    println!(
        "  scan (1 thread, one run):    {:.3}s  ratio {:.3}",
        single.as_secs_f64(),
        single.as_secs_f64() / base.as_secs_f64()
    );
    println!(
        "  cpu (user+sys): read-all {base_cpu:.2}s, scan {scan_cpu:.2}s, ratio {:.3}",
        scan_cpu / base_cpu
    );
    println!(
        "  walk and read heads, nothing parsed: {floor:.3}x the read (the floor without --images)"
    );
    println!(
        "  the same, heads tokenized by lol_html: {tokenize_floor:.3}x the read (the floor with this tokenizer)"
    );
    let quiet = load.finish();
    println!(
        "  ratio scan / read-all (wall): {ratio:.3} (target <= {target}): {}",
        quiet.verdict(ratio <= target)
    );
    Ok(vec![Row {
        bench: format!(
            "`html{}`: {count} built HTML pages ({:.1} GB, `--runs {runs}`)",
            if images { " --images" } else { "" },
            bytes as f64 / 1e9
        ),
        ours: format!("{:.2} s", ours.as_secs_f64()),
        baseline: format!("`find \\| xargs cat`: {:.2} s", base.as_secs_f64()),
        // Reading whole bodies (`--images`), the heads are no floor.
        ratio: if images {
            format!("{ratio:.2}× (CPU {:.2}×)", scan_cpu / base_cpu)
        } else {
            format!(
                "{ratio:.2}× (CPU {:.2}×; floors: walk and read heads {floor:.2}×, and tokenize them {tokenize_floor:.2}×)",
                scan_cpu / base_cpu
            )
        },
        target: format!("≤ {target}×"),
        met: Some(ratio <= target),
        quiet,
    }])
}

/// User + system seconds of this process's waited-for children so far
/// (`cutime` + `cstime` in `/proc/self/stat`, in clock ticks of 1/100 s,
/// the value of `CLK_TCK` on Linux).
fn children_cpu() -> Result<f64> {
    let stat =
        fs::read_to_string("/proc/self/stat").context("reading /proc/self/stat (Linux only)")?;
    // Fields after the parenthesised command name start at field 3.
    let after = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest)
        .context("unexpected /proc/self/stat")?;
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| -> Result<f64> {
        Ok(fields
            .get(i)
            .context("short /proc/self/stat")?
            .parse::<u64>()? as f64)
    };
    // cutime is field 16 and cstime 17 (1-based), so 13 and 14 here.
    Ok((ticks(13)? + ticks(14)?) / 100.0)
}

/// Runs the scan example, timed from spawn to exit.
fn scan(
    bin: &Path,
    site: &Path,
    threads: Option<usize>,
    images: bool,
) -> Result<(Duration, String)> {
    let mut cmd = Command::new(bin);
    cmd.arg(site).arg(BASE_URL).stderr(Stdio::inherit());
    if images {
        cmd.arg("--images");
    }
    if let Some(n) = threads {
        cmd.args(["--threads", &n.to_string()]);
    }
    let start = Instant::now();
    let out = cmd
        .output()
        .with_context(|| format!("cannot run {}", bin.display()))?;
    let elapsed = start.elapsed();
    if !out.status.success() {
        bail!("{} failed with {}", bin.display(), out.status);
    }
    Ok((
        elapsed,
        String::from_utf8_lossy(&out.stdout).trim().to_owned(),
    ))
}

/// Generates the site unless a complete one is cached; returns its size.
/// `short`: articles a thirtieth as long (0.5–2 KB after the head and
/// navigation), for the scale run, whose million pages must fit the disk.
pub(super) fn ensure_site(site: &Path, count: usize, short: bool) -> Result<u64> {
    let done = site.with_file_name("complete");
    if let Ok(size) = fs::read_to_string(&done)
        && let Ok(bytes) = size.trim().parse()
    {
        eprintln!("using the cached site in {}", site.display());
        return Ok(bytes);
    }
    if site.exists() {
        fs::remove_dir_all(site)
            .with_context(|| format!("removing the partial site {}", site.display()))?;
    }
    eprintln!("generating {count} pages in {}…", site.display());
    let start = Instant::now();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut bytes = 0u64;
    let mut page = String::with_capacity(96 * 1024);
    let sections = count.div_ceil(1000);
    for i in 0..count {
        let section = i % sections;
        let rel = format!("section-{section:03}/page-{i:06}");
        let dir = site.join(&rel);
        fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        page.clear();
        write_page(&mut page, &mut rng, i, &rel, short);
        fs::write(dir.join("index.html"), &page)
            .with_context(|| format!("writing {}", dir.display()))?;
        bytes += page.len() as u64;
        // A print version beside one page in fifty (canonical elsewhere).
        if i % 50 == 7 {
            page.clear();
            write_page(&mut page, &mut rng, i, &rel, short);
            fs::write(dir.join("print.html"), &page)?;
            bytes += page.len() as u64;
        }
    }
    let index = format!(
        "<!DOCTYPE html><html lang=\"en\"><head><title>Home</title></head><body><h1>Home</h1>{}</body></html>\n",
        "<p>Welcome.</p>".repeat(100)
    );
    fs::write(site.join("index.html"), &index)?;
    fs::write(
        site.join("404.html"),
        "<!DOCTYPE html><title>Not found</title><h1>Not found</h1>\n",
    )?;
    bytes += index.len() as u64;
    fs::write(&done, bytes.to_string())?;
    eprintln!(
        "generated {:.2} GB in {:.1}s",
        bytes as f64 / 1e9,
        start.elapsed().as_secs_f64()
    );
    Ok(bytes)
}

/// xorshift64*: deterministic, so every machine benchmarks the same site.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const WORDS: &[&str] = &[
    "sitemap",
    "static",
    "generator",
    "build",
    "page",
    "content",
    "search",
    "engine",
    "index",
    "crawler",
    "the",
    "a",
    "of",
    "and",
    "to",
    "in",
    "is",
    "that",
    "for",
    "with",
    "as",
    "on",
    "by",
    "this",
    "documentation",
    "release",
    "version",
    "configuration",
    "template",
    "theme",
    "deploy",
    "server",
    "request",
    "response",
    "cache",
    "header",
];

fn sentence(out: &mut String, rng: &mut Rng) {
    let n = 8 + rng.below(14);
    for w in 0..n {
        if w > 0 {
            out.push(' ');
        }
        out.push_str(WORDS[rng.below(WORDS.len() as u64) as usize]);
    }
    out.push_str(". ");
}

/// One page: what Hugo, Jekyll or Docusaurus themes typically write.
fn write_page(out: &mut String, rng: &mut Rng, i: usize, rel: &str, short: bool) {
    let url = format!("{BASE_URL}{rel}/");
    let kind = i % 100;
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"X-UA-Compatible\" content=\"IE=edge\">\n<title>Page {i} | Bench site</title>\n\
         <meta name=\"description\" content=\""
    );
    sentence(out, rng);
    out.push_str("\">\n<meta name=\"generator\" content=\"Hugo 0.111.3\">\n");
    if kind == 3 || kind == 53 {
        out.push_str("<meta name=\"robots\" content=\"noindex, follow\">\n");
    }
    if kind == 11 {
        let _ = writeln!(
            out,
            "<meta http-equiv=\"refresh\" content=\"0; url={BASE_URL}section-000/page-000000/\">"
        );
    }
    // The folder URL: for `print.html` beside it, a canonical elsewhere.
    let _ = writeln!(out, "<link rel=\"canonical\" href=\"{url}\">");
    if kind < 25 {
        for lang in ["en", "fr", "de"] {
            let _ = writeln!(
                out,
                "<link rel=\"alternate\" hreflang=\"{lang}\" href=\"{url}\">"
            );
        }
    }
    for (p, c) in [
        ("og:title", "Page"),
        ("og:type", "article"),
        ("og:site_name", "Bench site"),
        ("twitter:card", "summary_large_image"),
    ] {
        let _ = writeln!(out, "<meta property=\"{p}\" content=\"{c} {i}\">");
    }
    let _ = writeln!(out, "<meta property=\"og:url\" content=\"{url}\">");
    let _ = writeln!(
        out,
        "<meta property=\"og:image\" content=\"{BASE_URL}images/cover-{i}.png\">"
    );
    let day = 1 + i % 28;
    let month = 1 + (i / 28) % 12;
    let _ = writeln!(
        out,
        "<meta property=\"article:published_time\" content=\"2023-{month:02}-{day:02}T08:00:00+00:00\">"
    );
    if i.is_multiple_of(3) {
        let _ = writeln!(
            out,
            "<meta property=\"article:modified_time\" content=\"2024-{month:02}-{day:02}T09:30:00+00:00\">"
        );
    }
    for sheet in ["main", "syntax", "fonts"] {
        let _ = writeln!(
            out,
            "<link rel=\"stylesheet\" href=\"/css/{sheet}.min.3f2a9c.css\" integrity=\"sha256-{}\" crossorigin=\"anonymous\">",
            "Zm9vYmFy".repeat(5)
        );
    }
    for icon in ["icon", "apple-touch-icon", "manifest"] {
        let _ = writeln!(out, "<link rel=\"{icon}\" href=\"/{icon}.png\">");
    }
    out.push_str("<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','G-XXXXXXX');</script>\n");
    out.push_str(
        "<script async src=\"https://www.googletagmanager.com/gtag/js?id=G-XXXXXXX\"></script>\n",
    );
    let _ = writeln!(
        out,
        "<script type=\"application/ld+json\">{{\"@context\":\"https://schema.org\",\"@type\":\"BlogPosting\",\"headline\":\"Page {i}\",\"datePublished\":\"2023-{month:02}-{day:02}\",\"dateModified\":\"2024-{month:02}-{day:02}\",\"author\":{{\"@type\":\"Person\",\"name\":\"Bench Author\"}},\"mainEntityOfPage\":\"{url}\"}}</script>"
    );
    // Pad the head to a realistic 3-5 KB with the inline CSS themes ship.
    let pad = 1000 + rng.below(1500) as usize;
    out.push_str("<style>");
    while out.len() < pad + 2000 {
        out.push_str(".post-content h2{margin-top:2rem;font-weight:600}.nav a:hover{text-decoration:underline} ");
    }
    out.push_str(
        "</style>\n</head>\n<body>\n<header class=\"site-header\"><nav class=\"nav\"><ul>",
    );
    for n in 0..30 {
        let _ = write!(out, "<li><a href=\"/section-{n:03}/\">Section {n}</a></li>");
    }
    out.push_str("</ul></nav><img src=\"/images/logo.svg\" alt=\"Bench site\" width=\"120\" height=\"40\"></header>\n<main><article class=\"post-content\">\n");
    let body = 15_000 + rng.below(45_000) as usize;
    let body = if short { body / 30 } else { body };
    let start = out.len();
    let mut figures = 0;
    while out.len() - start < body {
        // Two figures a page, as a blog post shows (one lazy-loaded).
        if figures < 2 && out.len() - start > body * (figures + 1) / 3 {
            figures += 1;
            let _ = writeln!(
                out,
                "<figure><img loading=\"lazy\" src=\"fig-{figures}.jpg\" srcset=\"fig-{figures}-480.jpg 480w, fig-{figures}-1200.jpg 1200w\" sizes=\"(max-width: 600px) 480px, 1200px\" alt=\"Figure {figures}\"><figcaption>Figure {figures}</figcaption></figure>"
            );
        }
        out.push_str("<h2>Section heading</h2>\n<p>");
        for _ in 0..6 {
            sentence(out, rng);
        }
        out.push_str("</p>\n<pre><code>cargo xtask bench html --count 100000</code></pre>\n");
    }
    out.push_str(
        "</article></main>\n<footer><p>&copy; Bench site</p><img src=\"/images/badge.png\" alt=\"Built with\"></footer>\n</body>\n</html>\n",
    );
}
