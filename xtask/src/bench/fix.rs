//! `cargo xtask bench fix [--count N] [--runs R]` (defaults 60,000 pages,
//! 1 run): `sitemap write` repairing Hugo's own sitemap of a big site.
//!
//! 1. generates a Hugo site of N posts with `baseURL = "/"` under
//!    `target/bench-fix/` and builds it with the real `hugo` once (Hugo
//!    then writes relative locs, in one file however many there are);
//! 2. R rounds of the release `sitemap write public/sitemap.xml
//!    --base-url https://example.org/ --out …` under GNU `time`, and
//!    `xmllint --stream --noout` of the same file as the baseline: the
//!    plain streaming parse of the input, which any repair must do;
//! 3. checks the set with our own `sitemap validate` and that it lists
//!    exactly Hugo's URLs (made absolute), then prints the medians, the
//!    peak RSS, and bytes of peak RSS per URL above a one-URL run.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, Result, bail};

use super::report::{Load, Row};
use super::write_memory::timed;

const BASE: &str = "https://example.org/";

pub(crate) fn run(args: &[String]) -> Result<Vec<Row>> {
    let mut rest = args.to_vec();
    if !rest.iter().any(|a| a == "--runs") {
        rest.extend(["--runs".to_owned(), "1".to_owned()]);
    }
    let (count, runs) = super::count_and_runs("fix", &rest, 60_000)?;
    let work = super::target_dir().join("bench-fix");
    let big = hugo_site(&work.join(format!("site-{count}")), count)?;
    let one = hugo_site(&work.join("site-1"), 1)?;
    let ours = super::build_release("sitemap-cli", ["--bin", "sitemap"])?;
    if !Path::new("/usr/bin/time").exists() {
        bail!("GNU time is needed for the peak RSS: apt-get install time");
    }
    let out = work.join("out");
    let fix = |input: &Path| -> Result<(f64, u64)> {
        let _ = std::fs::remove_dir_all(&out);
        let mut cmd = Command::new(&ours);
        cmd.arg("write").arg(input);
        cmd.args(["--base-url", BASE, "-q", "--out"]).arg(&out);
        timed(&work, cmd, Path::new("/dev/null"))
    };
    let load = Load::start();
    let (_, fixed) = fix(&one)?;
    let mut results: [Vec<(f64, u64)>; 2] = Default::default();
    for round in 0..runs {
        eprintln!("round {} of {runs}", round + 1);
        results[0].push(fix(&big)?);
        let mut lint = Command::new("xmllint");
        lint.args(["--stream", "--noout"]).arg(&big);
        results[1].push(timed(&work, lint, Path::new("/dev/null"))?);
    }
    let urls = check(&ours, &big, &out)?;
    println!(
        "bench fix: Hugo 0.111.3's sitemap of {count} posts ({urls} URLs, relative locs), \
         median of {runs} run(s); a one-URL run peaks at {fixed} KiB"
    );
    let (quiet, figures) = super::write_memory::print_rows(
        &["sitemap write (fix)", "xmllint --stream"],
        &mut results,
        "xmllint",
        fixed,
        urls,
        "one-URL",
        load,
    );
    let ((ours, rss), (lint, _)) = (figures[0], figures[1]);
    Ok(vec![Row {
        bench: format!(
            "`fix`: `sitemap write` repairing Hugo's sitemap of {count} posts (`--runs {runs}`)"
        ),
        ours: format!("{ours:.2} s, peak RSS {:.1} MiB", rss as f64 / 1024.0),
        baseline: format!("`xmllint --stream` of the input: {lint:.2} s"),
        ratio: format!("{:.2}×", ours / lint),
        target: "none: a comparison".to_owned(),
        met: None,
        quiet,
    }])
}

/// Generates and builds the site once; returns its sitemap.
fn hugo_site(site: &Path, posts: usize) -> Result<PathBuf> {
    let sitemap = site.join("public/sitemap.xml");
    if sitemap.exists() {
        return Ok(sitemap);
    }
    let dir = site.join("content/posts");
    std::fs::create_dir_all(&dir)?;
    std::fs::write(
        site.join("hugo.toml"),
        "baseURL = \"/\"\ntitle = \"Bench\"\n",
    )?;
    for i in 0..posts {
        let mut f = std::fs::File::create(dir.join(format!("post-{i}.md")))?;
        let day = i % 28 + 1;
        write!(
            f,
            "---\ntitle: Post {i}\ndate: 2024-03-{day:02}\n---\nText {i}.\n"
        )?;
    }
    let start = Instant::now();
    crate::run(
        Command::new("hugo")
            .args(["--quiet", "--disableKinds", "RSS,taxonomy,term", "--source"])
            .arg(site),
    )
    .context("hugo (apt-get install hugo)")?;
    eprintln!(
        "hugo built {posts} posts in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    Ok(sitemap)
}

/// The set in `out` is valid by our own validator and lists exactly
/// Hugo's URLs, made absolute; returns how many.
fn check(ours: &Path, hugo: &Path, out: &Path) -> Result<usize> {
    crate::run(Command::new(ours).arg("validate").arg(out))?;
    let expected: BTreeSet<String> = locs(&std::fs::read_to_string(hugo)?)
        .map(|l| format!("{BASE}{}", l.trim_start_matches('/')))
        .collect();
    let mut got = BTreeSet::new();
    for entry in std::fs::read_dir(out)? {
        let text = std::fs::read_to_string(entry?.path())?;
        if text.contains("<urlset") {
            got.extend(locs(&text).map(str::to_owned));
        }
    }
    if got != expected {
        bail!(
            "the set lists {} URLs, Hugo's sitemap {}; {} differ",
            got.len(),
            expected.len(),
            got.symmetric_difference(&expected).count()
        );
    }
    Ok(got.len())
}

fn locs(xml: &str) -> impl Iterator<Item = &str> {
    xml.split("<loc>")
        .skip(1)
        .filter_map(|s| s.split("</loc>").next())
        .map(str::trim)
}
