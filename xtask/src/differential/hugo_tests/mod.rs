//! `cargo xtask differential hugo-tests [--hugo PATH] [--hugo-src DIR]
//! [--keep DIR] [--only SUBSTR] [--jobs N] [--timeout SECONDS] [--record]`:
//! the small sites of Hugo's own integration tests, each built by the
//! real Hugo and scanned by us; the URL sets are compared.
//!
//! - [`extract`]: the sites, the txtar literals of gohugoio/hugo's
//!   `*_test.go`, read at run time from a bare clone (`--hugo-src`,
//!   default `<mirrors>/gohugoio+hugo/repo` as `corpus` names mirrors);
//!   each is named `<test file>:<line>`. Every literal is built: one the
//!   test rewrites before building is built as written, one without a
//!   configuration file with an empty one (Hugo's defaults); the results
//!   count each kind apart ([`Origin`]).
//! - [`site`]: each written to `<keep>/sites/<name>/root/site` without its
//!   templates, so that Hugo's embedded sitemap template runs, and with
//!   `sitemap` taken out of its `disableKinds` ([`sitemap_kind`]), so
//!   that Hugo writes a sitemap for every site it builds; both sides get
//!   [`site::DEFAULT_BASE_URL`] when the configuration names no
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
//!   `tests/data/differential/hugo-tests/results.md` (against another
//!   release than the current, `versions/<release>.md`), the committed
//!   list the Hugo scanner's fixes work from (Markdown: read by people,
//!   and a diff between two runs says what a fix changed).
//!
//! The verdicts: equal; differs; refused by ours (Hugo built it with a
//! sitemap); refused by Hugo only; refused by both; Hugo fails (for a
//! program or network it lacks, a template removed here, or the time
//! limit); no sitemap from Hugo (`renderSegments`, a site Hugo builds
//! empty). The figure of merit is the share of the sites Hugo builds
//! with a sitemap whose URL sets are equal; the other verdicts are
//! counted apart. The run ends non-zero when any site differs or is
//! refused by one side only, like the other differentials.
//!
//! Not part of CI: it needs Hugo's source snapshot and the current Hugo.

mod classify;
pub(crate) mod compare;
mod extract;
mod results;
mod site;
mod sitemap_kind;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use compare::{Outcome, Sides};
pub(crate) use results::OPEN;

const USAGE: &str = "usage: cargo xtask differential hugo-tests [--hugo PATH] [--hugo-src DIR] [--keep DIR] [--only SUBSTR] [--jobs N] [--timeout SECONDS] [--record]";

/// One site's verdict, with what it is most likely about.
struct Record {
    name: String,
    /// What the site is as the test holds it.
    origin: Origin,
    outcome: Outcome,
    /// The cause [`classify`] gives a difference or a refusal.
    cause: Option<String>,
    /// A content adapter site's verdict from its sources alone (see
    /// [`compare::Compared`]).
    from_sources: Option<Outcome>,
}

/// What a site is as the test holds it: every one is built, and the
/// results say how many of each there are (the first that fits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Origin {
    /// A literal with a configuration file that leaves the sitemap on.
    AsWritten,
    /// A literal whose `disableKinds` lost `sitemap` ([`sitemap_kind`]).
    SitemapEnabled,
    /// No configuration file: written with an empty one, Hugo's
    /// defaults ([`site`]).
    NoConfig,
    /// A literal the test rewrites before building (the reason): built
    /// as written, placeholders and all.
    Rewritten(&'static str),
}

/// What a run is given.
pub(crate) struct Options {
    /// The Hugo to build with; the current one when `None`.
    pub(crate) hugo: Option<PathBuf>,
    pub(crate) hugo_src: PathBuf,
    pub(crate) keep: PathBuf,
    pub(crate) only: Option<String>,
    pub(crate) jobs: usize,
    pub(crate) timeout: u64,
    pub(crate) record: bool,
}

impl Options {
    /// The defaults: the current Hugo, Hugo's source among the mirrors,
    /// `target/differential/hugo-tests`, 2 jobs, 120 s.
    pub(crate) fn new() -> Options {
        Options {
            hugo: None,
            hugo_src: crate::corpus::mirrors().join("gohugoio+hugo/repo"),
            keep: crate::root().join("target/differential/hugo-tests"),
            only: None,
            jobs: 2,
            timeout: 120,
            record: false,
        }
    }
}

/// What a run measured, for the version matrix.
pub(crate) struct Measured {
    /// `hugo version`'s line.
    pub(crate) version: String,
    /// `(verdict, sites)`, as the summary gives them.
    pub(crate) counts: Vec<(String, usize)>,
    /// Each site's verdict and cause, in the order of Hugo's tests.
    pub(crate) sites: Vec<(String, &'static str, Option<String>)>,
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut o = Options::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .with_context(|| format!("{arg} needs a value; {USAGE}"))
        };
        match arg.as_str() {
            "--hugo" => o.hugo = Some(value()?.into()),
            "--hugo-src" => o.hugo_src = value()?.into(),
            "--keep" => o.keep = value()?.into(),
            "--only" => o.only = Some(value()?.clone()),
            "--jobs" => o.jobs = value()?.parse().context("--jobs")?,
            "--timeout" => o.timeout = value()?.parse().context("--timeout")?,
            "--record" => o.record = true,
            other => bail!("unknown argument `{other}`; {USAGE}"),
        }
    }
    let measured = measure(&o)?;
    let open: usize = measured
        .sites
        .iter()
        .filter(|(_, v, _)| OPEN.contains(v))
        .count();
    if open > 0 {
        bail!("{open} site(s) differ or are refused by one side only");
    }
    Ok(())
}

/// Builds, scans and compares every site; prints the summary and writes
/// `<keep>/results.md` (and the committed file with `record`).
pub(crate) fn measure(o: &Options) -> Result<Measured> {
    if o.record && o.only.is_some() {
        bail!("--record writes the whole list: not with --only");
    }
    let git_dir = git_dir(&o.hugo_src)?;
    let hugo = match &o.hugo {
        Some(path) => path.clone(),
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
    if let Some(only) = &o.only {
        sites.retain(|s| s.name.contains(only.as_str()));
    }
    println!(
        "{version}\nHugo's tests at {commit}: {} txtar literals",
        sites.len()
    );

    let work = o.keep.join("sites");
    // A whole run starts afresh; `--only` replaces just its sites'.
    if o.only.is_none() && work.exists() {
        std::fs::remove_dir_all(&work)
            .with_context(|| format!("cannot clear {}", work.display()))?;
    }
    let cache = o.keep.join("hugo-cache");
    std::fs::create_dir_all(&cache)?;
    // Ours follows the Hugo it is compared with, not the `hugo` on PATH.
    let Some(hugo_version) = release_of(&version) else {
        // Ours would follow the `hugo` on PATH instead, and the run
        // measure another release than the one named.
        bail!(
            "cannot tell which Hugo {} is (`hugo version` printed {version:?}); pass Hugo's \
             own binary",
            hugo.display()
        );
    };
    let hugo_version = Some(hugo_version);
    let sides = Sides {
        hugo: &hugo,
        hugo_version: hugo_version.as_deref(),
        ours: &ours,
        cache: &cache,
        limit: Duration::from_secs(o.timeout),
    };
    let started = Instant::now();
    let records = check_all(&sites, &sides, &work, &git_dir, &commit, o.jobs)?;
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
        jobs: o.jobs,
    };
    println!("{}", report.summary());
    let text = report.markdown();
    std::fs::write(o.keep.join("results.md"), &text)?;
    if o.record {
        let file = recorded_file(hugo_version.as_deref().unwrap_or("unknown"));
        std::fs::create_dir_all(file.parent().expect("a folder"))?;
        std::fs::write(&file, &text)?;
        println!("recorded {}", file.display());
    }
    println!(
        "each site is under {} (report.txt, Hugo's output and both logs)",
        work.display()
    );
    Ok(Measured {
        counts: report.counts(),
        version,
        sites: records
            .iter()
            .map(|r| {
                (
                    r.name.clone(),
                    results::verdict(&r.outcome),
                    r.cause.clone(),
                )
            })
            .collect(),
    })
}

/// Where `--record` writes the results against Hugo `version`
/// (`0.168.0`): `results.md` for the current Hugo, the one the scan is
/// measured against first; `versions/<version>.md` for the others of the
/// version matrix.
pub(crate) fn recorded_file(version: &str) -> PathBuf {
    let dir = crate::root().join("tests/data/differential/hugo-tests");
    if version == crate::setup::HUGO_CURRENT {
        dir.join("results.md")
    } else {
        dir.join("versions").join(format!("{version}.md"))
    }
}

/// `0.168.0` from `hugo version`'s line.
fn release_of(version: &str) -> Option<String> {
    version
        .split_whitespace()
        .find(|w| w.starts_with("v0."))
        .map(|w| {
            w.trim_start_matches('v')
                .split(['-', '+'])
                .next()
                .unwrap_or(w)
                .to_owned()
        })
}

/// Every site, in `jobs` threads; the records in the sites' order.
fn check_all(
    sites: &[extract::Site],
    sides: &Sides<'_>,
    work: &Path,
    git_dir: &Path,
    commit: &str,
    jobs: usize,
) -> Result<Vec<Record>> {
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
                        let record = check(site, sides, work, git_dir, commit)
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
    Ok(records.into_iter().map(|(_, r)| r).collect())
}

/// The commit of Hugo's source at `src` that the sites are read from,
/// as a hash and as `git describe` names it (empty when it cannot).
pub(crate) fn commit_of(src: &Path) -> Result<(String, String)> {
    extract::commit(&git_dir(src)?)
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
    let dir = work.join(site.name.replace('/', "+"));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).with_context(|| format!("cannot clear {}", dir.display()))?;
    }
    // Hugo's template layout changed in 0.146 (`layouts/_shortcodes/`).
    let legacy_layouts = sides
        .hugo_version
        .and_then(|v| v.strip_prefix("0.")?.split('.').next()?.parse::<u32>().ok())
        .is_some_and(|minor| minor < 146);
    let written = site::write(site, &dir, git_dir, commit, legacy_layouts)?;
    let has_config = site.files.iter().any(|(name, _)| site::is_config(name));
    let origin = match (site.not_literal, has_config) {
        (Some(why), _) => Origin::Rewritten(why),
        (None, false) => Origin::NoConfig,
        (None, true) if written.sitemap_enabled => Origin::SitemapEnabled,
        (None, true) => Origin::AsWritten,
    };
    let base_url = (!site::has_base_url(site)).then_some(site::DEFAULT_BASE_URL);
    let after_build = site::has_content_adapter(site);
    let compared = compare::compare(sides, &written.project, &dir, base_url, after_build)?;
    let cause = classify::cause(site, &compared.outcome);
    let record = Record {
        name: site.name.clone(),
        origin,
        outcome: compared.outcome,
        cause,
        from_sources: compared.from_sources,
    };
    std::fs::write(dir.join("report.txt"), results::site_report(&record))?;
    Ok(record)
}
