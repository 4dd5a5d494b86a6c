//! `cargo xtask differential hugo-tests [--hugo PATH] [--hugo-src DIR]
//! [--keep DIR] [--only SUBSTR] [--jobs N] [--timeout SECONDS] [--record]`:
//! the small sites of Hugo's own integration tests, each built by the
//! real Hugo and scanned by us; the URL sets are compared.
//!
//! - [`extract`]: the sites, the txtar literals of gohugoio/hugo's
//!   `*_test.go`, read at run time from a bare clone (`--hugo-src`,
//!   default `<mirrors>/gohugoio+hugo/repo` as `corpus` names mirrors);
//!   each is named `<test file>:<line>`. A literal the test rewrites
//!   before building, or without a configuration file, is skipped and
//!   counted.
//! - [`site`]: each written to `<keep>/sites/<name>/root/site` without its
//!   templates, so that Hugo's embedded sitemap template runs; both sides
//!   get [`site::DEFAULT_BASE_URL`] when the configuration names no
//!   `baseURL`.
//! - [`compare`]: our scan (`--dry-run`; ours as `corpus` finds it,
//!   `SITEMAP_CORPUS_OURS` for a debug build) and Hugo (the current one,
//!   [`crate::setup::hugo_current`], unless `--hugo`), each under the time
//!   limit (`--timeout`, default 120 s), in `--jobs` threads (default 2);
//!   the verdict and both sides' output and logs stay in the site's
//!   folder (`/` in the name as `+`), with `report.txt`. `--only SUBSTR`
//!   runs the sites whose name holds it.
//! - [`classify`]: what a difference or a refusal is most likely about,
//!   from the features the site uses (cascade, mounts, content
//!   adapters, …) and the URLs that differ.
//! - [`results`]: `<keep>/results.md`, a Markdown table of causes with
//!   counts over one line a site; `--record` also writes it to
//!   `tests/data/differential/hugo-tests/results.md`, the committed list
//!   the Hugo scanner's fixes work from (Markdown: read by people, and
//!   a diff between two runs says what a fix changed).
//!
//! The verdicts: equal; differs; refused by ours (Hugo built it with a
//! sitemap); refused by Hugo only; refused by both; Hugo fails (for a
//! program or network it lacks, a template removed here, or the time
//! limit); no sitemap from Hugo (`disableKinds`, `renderSegments`). The
//! figure of merit is the share of the sites Hugo builds with a sitemap
//! whose URL sets are equal; the other verdicts are counted apart. The
//! run ends non-zero when any site differs or is refused by one side
//! only, like the other differentials. The whole set takes one to two
//! minutes on 2 cores with a debug build of ours.
//!
//! Not part of CI: it needs Hugo's source snapshot and the current Hugo.

mod classify;
mod compare;
mod extract;
mod results;
mod site;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use compare::{Outcome, Sides};

const USAGE: &str = "usage: cargo xtask differential hugo-tests [--hugo PATH] [--hugo-src DIR] [--keep DIR] [--only SUBSTR] [--jobs N] [--timeout SECONDS] [--record]";

/// One site's verdict, with what it is most likely about.
struct Record {
    name: String,
    outcome: Outcome,
    /// The cause [`classify`] gives a difference or a refusal.
    cause: Option<String>,
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut hugo = None::<PathBuf>;
    let mut hugo_src = crate::corpus::mirrors().join("gohugoio+hugo/repo");
    let mut keep = crate::root().join("target/differential/hugo-tests");
    let (mut only, mut jobs, mut timeout, mut record) = (None::<String>, 2_usize, 120_u64, false);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .with_context(|| format!("{arg} needs a value; {USAGE}"))
        };
        match arg.as_str() {
            "--hugo" => hugo = Some(value()?.into()),
            "--hugo-src" => hugo_src = value()?.into(),
            "--keep" => keep = value()?.into(),
            "--only" => only = Some(value()?.clone()),
            "--jobs" => jobs = value()?.parse().context("--jobs")?,
            "--timeout" => timeout = value()?.parse().context("--timeout")?,
            "--record" => record = true,
            other => bail!("unknown argument `{other}`; {USAGE}"),
        }
    }
    if record && only.is_some() {
        bail!("--record writes the whole list: not with --only");
    }
    let git_dir = git_dir(&hugo_src)?;
    let hugo = match hugo {
        Some(path) => path,
        None => crate::setup::hugo_current().with_context(|| {
            format!(
                "the current Hugo ({}) is not installed: run `cargo xtask setup`, or pass --hugo PATH",
                crate::setup::HUGO_CURRENT
            )
        })?,
    };
    let version = crate::corpus::version(&hugo);
    let ours = crate::corpus::our_binary()?;
    let (commit, described, mut sites) = extract::sites(&git_dir)?;
    if let Some(only) = &only {
        sites.retain(|s| s.name.contains(only.as_str()));
    }
    println!(
        "{version}\nHugo's tests at {commit}: {} txtar literals",
        sites.len()
    );

    let work = keep.join("sites");
    // A whole run starts afresh; `--only` replaces just its sites'.
    if only.is_none() && work.exists() {
        std::fs::remove_dir_all(&work)
            .with_context(|| format!("cannot clear {}", work.display()))?;
    }
    let cache = keep.join("hugo-cache");
    std::fs::create_dir_all(&cache)?;
    // Ours follows the Hugo it is compared with, not the `hugo` on PATH.
    let hugo_version = version
        .split_whitespace()
        .find(|w| w.starts_with("v0."))
        .map(|w| {
            w.trim_start_matches('v')
                .split(['-', '+'])
                .next()
                .unwrap_or(w)
                .to_owned()
        });
    let sides = Sides {
        hugo: &hugo,
        hugo_version: hugo_version.as_deref(),
        ours: &ours,
        cache: &cache,
        limit: Duration::from_secs(timeout),
    };
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let records: Mutex<Vec<(usize, Record)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| -> Result<()> {
        let workers: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                scope.spawn(|| -> Result<()> {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(site) = sites.get(i) else {
                            return Ok(());
                        };
                        let record = check(site, &sides, &work, &git_dir, &commit)
                            .with_context(|| format!("site {}", site.name))?;
                        if let Some(line) = results::progress_line(&record) {
                            println!("{line}");
                        }
                        records.lock().expect("no worker panics").push((i, record));
                    }
                })
            })
            .collect();
        for w in workers {
            w.join().expect("no worker panics")?;
        }
        Ok(())
    })?;
    let mut records = records.into_inner().expect("no worker panics");
    records.sort_by_key(|(i, _)| *i);
    let records: Vec<Record> = records.into_iter().map(|(_, r)| r).collect();

    let took = started.elapsed();
    let report = results::Report {
        version: &version,
        commit: &commit,
        described: &described,
        ours: if ours.components().any(|c| c.as_os_str() == "debug") {
            "a debug build of ours"
        } else {
            "a release build of ours"
        },
        records: &records,
        minutes: took.as_secs().div_ceil(60),
        jobs,
    };
    println!("{}", report.summary());
    let text = report.markdown();
    std::fs::write(keep.join("results.md"), &text)?;
    if record {
        let file = crate::root().join("tests/data/differential/hugo-tests/results.md");
        std::fs::create_dir_all(file.parent().expect("a folder"))?;
        std::fs::write(&file, &text)?;
        println!("recorded {}", file.display());
    }
    println!(
        "each site is under {} (report.txt, Hugo's output and both logs)",
        work.display()
    );
    let open = report.open();
    if open > 0 {
        bail!("{open} site(s) differ or are refused by one side only");
    }
    Ok(())
}

/// The git directory of `src`: a bare clone, or a work tree's `.git`;
/// says how to get one when there is none.
fn git_dir(src: &Path) -> Result<PathBuf> {
    if src.join("HEAD").is_file() {
        return Ok(src.to_path_buf());
    }
    if src.join(".git/HEAD").is_file() {
        return Ok(src.join(".git"));
    }
    bail!(
        "no Hugo source at {}: `git clone --bare https://github.com/gohugoio/hugo {}` (or pass --hugo-src DIR, or set SITEMAP_CORPUS_MIRRORS to the folder of `gohugoio+hugo/repo`)",
        src.display(),
        src.display()
    )
}

/// Writes, builds, scans and compares one site; keeps its folder.
fn check(
    site: &extract::Site,
    sides: &Sides<'_>,
    work: &Path,
    git_dir: &Path,
    commit: &str,
) -> Result<Record> {
    let record = |outcome, cause| Record {
        name: site.name.clone(),
        outcome,
        cause,
    };
    if let Some(why) = site.not_literal {
        return Ok(record(
            Outcome::Skipped(format!("not a literal site: {why}")),
            None,
        ));
    }
    if !site.files.iter().any(|(name, _)| site::is_config(name)) {
        return Ok(record(Outcome::Skipped("no config file".to_owned()), None));
    }
    let dir = work.join(site.name.replace('/', "+"));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).with_context(|| format!("cannot clear {}", dir.display()))?;
    }
    let project = site::write(site, &dir, git_dir, commit)?;
    let base_url = (!site::has_base_url(site)).then_some(site::DEFAULT_BASE_URL);
    let after_build = site::has_content_adapter(site);
    let outcome = compare::compare(sides, &project, &dir, base_url, after_build)?;
    let cause = classify::cause(site, &outcome);
    let record = record(outcome, cause);
    std::fs::write(dir.join("report.txt"), results::site_report(&record))?;
    Ok(record)
}
