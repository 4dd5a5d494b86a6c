//! `cargo xtask bench scale [--pages N] [--only content|html] [--keep]`:
//! the release `sitemap scan` over a large generated site, for time and
//! memory at scale (default 1,000,000 pages; both sources unless
//! `--only` names one, since each takes minutes and gigabytes).
//!
//! For each source, the content scan (the `scan` bench's Hugo generator)
//! and built HTML (the `html` bench's generator):
//!
//! 1. generates N pages with short bodies (the scan bench's pages are
//!    11 KB on average, 1M of them ~11 GB; the scale run is about what
//!    grows with the page count, which a body does not: the content scan
//!    reads a page's front matter, the HTML scan its head), under
//!    `<target>/bench-scale/`, and a one-page site of the same shape;
//! 2. runs `sitemap scan` on each under GNU `time -v`;
//! 3. prints the wall time, the peak RSS, the bytes of peak RSS per page
//!    above the one-page run, and the 10M-page extrapolation (time and
//!    memory linear in the page count: the scan keeps one entry a page);
//! 4. deletes the site (unless `--keep`): the disk is shared.

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

/// What one `sitemap scan` under `time -v` took.
struct Took {
    seconds: f64,
    peak_rss_kib: u64,
    urls: usize,
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut pages: usize = 1_000_000;
    let mut keep = false;
    let mut only: Option<String> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--pages" => pages = it.next().context("--pages needs a number")?.parse()?,
            "--keep" => keep = true,
            "--only" => match it.next().map(String::as_str) {
                Some(what @ ("content" | "html")) => only = Some(what.to_owned()),
                _ => bail!("--only needs `content` or `html`"),
            },
            other => bail!(
                "unknown argument `{other}`; usage: cargo xtask bench scale [--pages N] \
                 [--only content|html] [--keep]"
            ),
        }
    }
    if pages == 0 {
        bail!("--pages must be at least 1");
    }
    if !Path::new("/usr/bin/time").exists() {
        bail!("GNU time is needed for the peak RSS: apt-get install time");
    }
    let bin = super::build_release("sitemap-cli", ["--bin", "sitemap"])?;
    let work = super::target_dir().join("bench-scale");
    for html in [false, true] {
        let what = if html { "html" } else { "content" };
        if only.as_deref().is_some_and(|o| o != what) {
            continue;
        }
        let one_site = work.join(format!("{what}-1")).join("site");
        let site = work.join(format!("{what}-{pages}")).join("site");
        let generate = |site: &Path, n: usize| {
            if html {
                super::html::ensure_site(site, n, true)
            } else {
                super::scan::ensure_site(site, n, true)
            }
        };
        generate(&one_site, 1)?;
        let bytes = generate(&site, pages)?;
        let out = work.join("out");
        let load = super::report::Load::start();
        let one = scan(&bin, &one_site, &out, html)?;
        let many = scan(&bin, &site, &out, html);
        if !keep {
            let _ = std::fs::remove_dir_all(site.parent().unwrap_or(&site));
        }
        let many = many?;
        let _ = std::fs::remove_dir_all(&out);
        println!(
            "bench scale ({what}): {pages} pages ({:.2} GB, short bodies), {} URLs listed",
            bytes as f64 / 1e9,
            many.urls
        );
        let per_page =
            (many.peak_rss_kib.saturating_sub(one.peak_rss_kib) * 1024) as f64 / pages as f64;
        println!(
            "  time {:.2} s ({:.1} µs a page), peak RSS {:.1} MiB ({:.1} MiB for one page), {per_page:.0} B a page above it",
            many.seconds,
            many.seconds * 1e6 / pages as f64,
            many.peak_rss_kib as f64 / 1024.0,
            one.peak_rss_kib as f64 / 1024.0
        );
        let ten_m = 10_000_000.0;
        println!(
            "  10M pages, extrapolated linearly: {:.0} s, peak RSS {:.2} GiB",
            many.seconds * ten_m / pages as f64,
            (one.peak_rss_kib as f64 * 1024.0 + per_page * ten_m) / (1u64 << 30) as f64
        );
        // Time is load-sensitive; the memory figures are not.
        load.finish();
    }
    Ok(())
}

/// `sitemap scan` of `site` (built HTML with `html`) under `time -v`.
fn scan(bin: &Path, site: &Path, out: &Path, html: bool) -> Result<Took> {
    let _ = std::fs::remove_dir_all(out);
    let mut cmd = Command::new("/usr/bin/time");
    cmd.arg("-v").arg(bin).arg("scan");
    if html {
        cmd.arg("--html")
            .arg(site)
            .args(["--base-url", super::html::BASE_URL]);
    } else {
        cmd.arg(site).args(["--lastmod", "front-matter,date,mtime"]);
    }
    cmd.arg("--out").arg(out).env("NO_COLOR", "1");
    let output = cmd
        .stdout(Stdio::null())
        .output()
        .with_context(|| format!("cannot run {}", bin.display()))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        bail!("sitemap scan failed: {stderr}");
    }
    let field = |name: &str| {
        stderr
            .lines()
            .find_map(|l| l.trim().strip_prefix(name))
            .map(str::trim)
            .with_context(|| format!("no `{name}` in time -v's report"))
    };
    let peak_rss_kib = field("Maximum resident set size (kbytes):")?.parse()?;
    let seconds = wall_seconds(field("Elapsed (wall clock) time (h:mm:ss or m:ss):")?)?;
    let urls = count_locs(out)?;
    Ok(Took {
        seconds,
        peak_rss_kib,
        urls,
    })
}

/// `m:ss.cc` or `h:mm:ss` as seconds.
fn wall_seconds(text: &str) -> Result<f64> {
    text.split(':').try_fold(0.0, |acc, part| {
        Ok(acc * 60.0 + part.parse::<f64>().context("time -v's elapsed time")?)
    })
}

/// The `<loc>`s of the sitemaps written into `out`.
fn count_locs(out: &Path) -> Result<usize> {
    let mut n = 0;
    for entry in std::fs::read_dir(out).with_context(|| format!("reading {}", out.display()))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "xml") {
            let text = std::fs::read_to_string(&path)?;
            n += text.matches("<url>").count();
        }
    }
    Ok(n)
}
