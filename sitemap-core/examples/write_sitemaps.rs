//! Writes a generated sitemap set with [`SetWriter`], for a demonstration
//! and for `cargo xtask bench writer`.
//!
//! ```text
//! cargo run --release -p sitemap-core --example write_sitemaps -- --out DIR [--count N] [--gzip] [--text] [--allow-duplicates] [--pregenerate] [--base URL]
//! ```
//!
//! Entries are generated, not read: URLs of 60–100 characters, one in five
//! with a query holding `&` and one in seven with a `'` in its path (both
//! need escaping in XML), each with a `lastmod`. The same arguments give
//! the same files. The last line printed is `key=value` pairs: `urls`,
//! `sitemaps`, `bytes` (uncompressed), `disk_bytes`, `elapsed_ms`,
//! `cpu_ms` (user + system, all threads) and `peak_rss_kib` (VmHWM from
//! /proc/self/status, 0 where there is none). The times cover generating
//! and writing the entries, or with `--pregenerate` only the writer
//! (`SetWriter::new` to `finish`), the entries having been built
//! beforehand (so that peak RSS then includes all of them).

use std::path::PathBuf;
use std::time::Instant;

use sitemap_core::{ChangeFreq, Lastmod, Limits, Loc, SetOptions, SetWriter, Url};

const WORDS: [&str; 16] = [
    "guide",
    "release",
    "notes",
    "install",
    "config",
    "advanced",
    "reference",
    "tutorial",
    "api",
    "faq",
    "migration",
    "overview",
    "plugins",
    "themes",
    "deploy",
    "search",
];
const SECTIONS: [&str; 6] = ["docs", "blog", "news", "products", "community", "learn"];

/// A small deterministic generator (xorshift64*), so runs are comparable.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Entry `i`: built into a reused buffer, since generating the input is
/// not what the benchmark measures.
fn entry(
    i: u64,
    base: &str,
    rng: &mut Rng,
    buf: &mut String,
) -> Result<Url, Box<dyn std::error::Error>> {
    use std::fmt::Write;
    let target = 60 + (rng.next() % 41) as usize;
    let section = SECTIONS[(rng.next() % SECTIONS.len() as u64) as usize];
    let suffix = if i.is_multiple_of(5) {
        "?lang=en&page=2"
    } else if i.is_multiple_of(7) {
        "/it's"
    } else {
        "/"
    };
    buf.clear();
    write!(buf, "{base}{section}/{i}-")?;
    while buf.len() + suffix.len() < target {
        buf.push_str(WORDS[(rng.next() % WORDS.len() as u64) as usize]);
        buf.push('-');
    }
    buf.truncate(target.saturating_sub(suffix.len()).max(base.len() + 12));
    while buf.ends_with('-') {
        buf.pop();
    }
    buf.push_str(suffix);
    let at = jiff::civil::date(2024, (i / 28 % 12 + 1) as i8, (i % 28 + 1) as i8).at(
        (i % 24) as i8,
        (i % 60) as i8,
        0,
        0,
    );
    let lastmod = Lastmod::from_offset_datetime(at, jiff::tz::Offset::UTC)?;
    let mut url = Url::new(Loc::parse(buf)?).with_lastmod(lastmod);
    if i.is_multiple_of(3) {
        url = url.with_changefreq(ChangeFreq::Weekly);
    }
    Ok(url)
}

/// User plus system CPU time of the whole process (all threads), in
/// milliseconds: fields 14 and 15 of /proc/self/stat, in USER_HZ (100)
/// ticks; 0 where there is no /proc.
fn cpu_ms() -> u64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            // The command name (field 2) may hold spaces; count after it.
            let rest = &s[s.rfind(')')? + 2..];
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let utime: u64 = fields.get(11)?.parse().ok()?;
            let stime: u64 = fields.get(12)?.parse().ok()?;
            Some((utime + stime) * 10)
        })
        .unwrap_or(0)
}

fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out: Option<PathBuf> = None;
    let mut count: u64 = 1_000;
    let mut gzip = false;
    let mut text = false;
    let mut duplicates = sitemap_core::DuplicatePolicy::Error;
    let mut pregenerate = false;
    let mut base = "https://www.example.com/".to_owned();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => out = args.next().map(PathBuf::from),
            "--count" => count = args.next().ok_or("--count needs a number")?.parse()?,
            "--gzip" => gzip = true,
            "--text" => text = true,
            "--allow-duplicates" => duplicates = sitemap_core::DuplicatePolicy::Allow,
            "--pregenerate" => pregenerate = true,
            "--base" => base = args.next().ok_or("--base needs a URL")?,
            other => {
                return Err(format!("unknown argument `{other}`; see the example's doc").into());
            }
        }
    }
    let out = out.ok_or("--out DIR is required")?;
    if !base.ends_with('/') {
        base.push('/');
    }

    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut buf = String::with_capacity(128);
    // With --pregenerate the entries are built first and only the writer
    // is timed; memory then holds every entry, so peak RSS means little.
    let entries = if pregenerate {
        (0..count)
            .map(|i| entry(i, &base, &mut rng, &mut buf))
            .collect::<Result<Vec<Url>, _>>()?
    } else {
        Vec::new()
    };
    let start = Instant::now();
    let cpu_start = cpu_ms();
    let format = if text {
        sitemap_core::Format::Text
    } else {
        sitemap_core::Format::Xml
    };
    let options = SetOptions::new(&out, Loc::parse(&base)?)
        .with_gzip(gzip)
        .with_format(format)
        .with_duplicates(duplicates)
        .with_limits(Limits::LEGACY);
    let mut writer = SetWriter::new(options)?;
    if pregenerate {
        for url in &entries {
            writer.push(url)?;
        }
    } else {
        for i in 0..count {
            writer.push(&entry(i, &base, &mut rng, &mut buf)?)?;
        }
    }
    let report = writer.finish()?;
    let elapsed = start.elapsed();
    let cpu = cpu_ms() - cpu_start;

    let mut disk_bytes = 0;
    let mut bytes = 0;
    for file in &report.sitemaps {
        disk_bytes += std::fs::metadata(&file.path)?.len();
        bytes += file.bytes;
    }
    if let Some(index) = &report.index {
        disk_bytes += std::fs::metadata(&index.path)?.len();
        bytes += index.bytes;
    }
    let (root, root_loc) = report.root();
    eprintln!("wrote {} ({root_loc})", root.display());
    println!(
        "urls={} sitemaps={} bytes={bytes} disk_bytes={disk_bytes} elapsed_ms={:.1} cpu_ms={} peak_rss_kib={}",
        report.urls,
        report.sitemaps.len(),
        elapsed.as_secs_f64() * 1000.0,
        cpu,
        peak_rss_kib()
    );
    Ok(())
}
