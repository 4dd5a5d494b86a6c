//! `cargo xtask differential <hugo|zola> [--sites N] [--seed S] [--keep DIR]`:
//! random small sites, each built by the real generator and scanned by
//! us; the URL sets must be equal.
//!
//! - Each generator's module writes one random site from a seeded RNG
//!   ([`hugo`], [`zola`]), so a failing site is reproduced by its seed:
//!   `cargo xtask differential hugo --seed S --sites 1`.
//! - Every site whose sets differ is kept under
//!   `target/differential/<generator>/failures/<seed>/` with `report.txt`
//!   (the differences, the tool's version); the run ends non-zero.
//! - A difference fixed becomes a case under `tests/data/differential/`
//!   whose expected URLs are the real tool's, so CI needs neither tool
//!   (`integrations/cli/tests/differential/` runs them).
//!
//! - A site the generator refuses must make our scan fail too; the two
//!   then agree ("refused by both" in the summary; with
//!   `SITEMAP_DIFF_VERBOSE=1` each one prints the generator's reason).
//! - Runs side by side need their own `--keep DIR` (the work folder is
//!   under it).
//!
//! Not part of CI: it needs the real generators (see `corpus`).
//!
//! `front-matter` and `zola-front-matter` are block-by-block differentials
//! of real repositories' front matter against Hugo and Zola
//! ([`front_matter`], [`zola_front_matter`]).
//!
//! `hugo-tests` builds the small sites of Hugo's own integration tests
//! (the txtar literals of its `*_test.go`) with the current Hugo and
//! compares its sitemaps with our scan; the differences, grouped by
//! cause, are `tests/data/differential/hugo-tests/results.md`
//! ([`hugo_tests`]).
//!
//! `hugo-versions` runs `hugo-tests` and the random sites against every
//! Hugo release beside a threshold of the scan's Hugo rules
//! ([`hugo_versions`]); `hugo-cases` records the Hugo cases of
//! `tests/data/differential/hugo/` with those releases ([`hugo_cases`]).

mod front_matter;
mod hugo;
mod hugo_cases;
mod hugo_config;
mod hugo_current;
mod hugo_tests;
mod hugo_values;
mod hugo_versions;
mod zola;
mod zola_front_matter;

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::urlsets::{self, UrlSet};

/// The base URL every generated site is built and scanned under.
pub(crate) const BASE_URL: &str = "https://diff.example.org/";

/// One generator's side of the run.
trait Generator {
    /// `hugo` or `zola`: the folder name and the program's.
    fn name(&self) -> &'static str;
    /// Writes a random site into the empty folder `dir`.
    fn write_site(&self, rng: &mut fastrand::Rng, dir: &Path) -> Result<()>;
    /// Builds the site in `dir` into `out` with the real tool.
    fn build(&self, tool: &Path, dir: &Path, out: &Path) -> Result<()>;
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let usage = "usage: cargo xtask differential <hugo|zola> [--sites N] [--seed S] [--keep DIR] | differential front-matter [--pins FILE] [--per-repo N] [--batch N] [--keep DIR] | differential zola-front-matter [same flags] | differential hugo-tests [--hugo PATH] [--hugo-src DIR] [--keep DIR] [--only SUBSTR] [--jobs N] [--timeout SECONDS] [--record] | differential hugo-cases [--record] [--releases V,V…] [--debian PATH] [CASE…] | differential hugo-versions [--releases V,V…] [--random-sites N] [--random-on V,V…|all|none] [--hugo-src DIR] [--debian PATH] [--jobs N] [--timeout SECONDS] [--table-only] [--record]";
    if args.first().map(String::as_str) == Some("front-matter") {
        return front_matter::run(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("hugo-tests") {
        return hugo_tests::run(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("hugo-cases") {
        return hugo_cases::run(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("hugo-versions") {
        return hugo_versions::run(&args[1..]);
    }
    if args.first().map(String::as_str) == Some("zola-front-matter") {
        return zola_front_matter::run(&args[1..]);
    }
    let mut it = args.iter();
    let name = match it.next().map(String::as_str) {
        Some(name @ ("hugo" | "zola")) => name,
        _ => bail!("{usage}"),
    };
    let tool = crate::corpus::find_named(name).with_context(|| {
        format!(
            "{name} not found on PATH (or set SITEMAP_CORPUS_{})",
            name.to_uppercase()
        )
    })?;
    let (mut sites, mut seed) = (1000_u64, None::<u64>);
    let mut keep = crate::root().join("target/differential").join(name);
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .with_context(|| format!("{arg} needs a value; {usage}"))
        };
        match arg.as_str() {
            "--sites" => sites = value()?.parse().context("--sites")?,
            "--seed" => seed = Some(value()?.parse().context("--seed")?),
            "--keep" => keep = value()?.into(),
            other => bail!("unknown argument `{other}`; {usage}"),
        }
    }
    // A fresh seed each run unless one is given: thousands of runs over
    // time cover more than the same thousand again.
    let seed = seed.unwrap_or_else(|| fastrand::u64(..1_000_000_000));
    let r = random_sites(name, &tool, sites, seed, &keep)?;
    if r.differ + r.failed > 0 {
        bail!("{} site(s) not equal", r.differ + r.failed);
    }
    Ok(())
}

/// What a run of random sites gave.
pub(crate) struct RandomRun {
    /// The first seed; the run's are `seed..seed + sites`.
    pub(crate) seed: u64,
    pub(crate) sites: u64,
    pub(crate) equal: u64,
    /// Refused by both: the two agree.
    pub(crate) refused: u64,
    pub(crate) differ: u64,
    /// One side refused, or a side could not be read.
    pub(crate) failed: u64,
}

/// Writes, builds with `tool` and scans the random sites of seeds
/// `seed..seed + sites`, keeping each one not equal under
/// `<keep>/failures/<seed>/`; prints a line for each and the counts.
pub(crate) fn random_sites(
    name: &str,
    tool: &Path,
    sites: u64,
    seed: u64,
    keep: &Path,
) -> Result<RandomRun> {
    // The Hugo that builds decides the shapes drawn and the rules our
    // scan follows (`--hugo-version`).
    let hugo_version = (name == "hugo")
        .then(|| hugo_version_of(&crate::corpus::version(tool)))
        .flatten();
    let generator: Box<dyn Generator> = match name {
        "hugo" => Box::new(hugo::Hugo {
            current: hugo_version.as_ref().is_some_and(|v| v.1 >= 123),
        }),
        _ => Box::new(zola::Zola),
    };
    let ours = crate::corpus::our_binary()?;
    let scan_args: Vec<String> = match &hugo_version {
        Some((text, _)) => vec!["--hugo-version".to_owned(), text.clone()],
        None => Vec::new(),
    };
    println!(
        "{}: {}; seeds {seed}..{}",
        generator.name(),
        crate::corpus::version(tool),
        seed + sites
    );
    let work = keep.join("work");
    let (mut equal, mut differ, mut failed, mut refused) = (0_u64, 0_u64, 0_u64, 0_u64);
    for s in seed..seed + sites {
        let site = work.join("site");
        let (theirs, mine) = (work.join("theirs"), work.join("ours"));
        for d in [&site, &theirs, &mine] {
            if d.exists() {
                std::fs::remove_dir_all(d)?;
            }
        }
        std::fs::create_dir_all(&site)?;
        generator.write_site(&mut fastrand::Rng::with_seed(s), &site)?;
        // "Refuse what it refuses": a site the generator will not build
        // must make our scan fail too, and then the two agree.
        let built = generator
            .build(tool, &site, &theirs)
            .and_then(|()| their_set(&theirs));
        // Zola lists pages it never writes (an unused taxonomy's, the
        // pagers of a section not rendered) and redirect stubs; the scan
        // leaves them out (the guide's deliberate differences). A URL
        // only Zola lists, where Zola wrote no page, is such a one.
        let unrendered =
            |u: &str| generator.name() == "zola" && crate::corpus::no_page_at(&theirs, BASE_URL, u);
        let scanned = our_set(&ours, &site, &mine, &scan_args);
        let result = match (built, scanned) {
            (Err(e), Err(_)) => {
                refused += 1;
                if std::env::var_os("SITEMAP_DIFF_VERBOSE").is_some() {
                    let last = format!("{e:#}");
                    let last = last.lines().rev().find(|l| !l.trim().is_empty());
                    println!("seed {s}: refused by both: {}", last.unwrap_or_default());
                }
                continue;
            }
            // An empty set: the generator writes an empty <urlset>, which
            // the sitemaps.org XSD refuses; we write nothing and say so
            // (the guide's deliberate differences).
            (Ok(t), Err(e))
                if t.keys().all(|u| unrendered(u))
                    && format!("{e:#}").contains("no entries to write") =>
            {
                equal += 1;
                continue;
            }
            (Err(e), Ok(_)) => {
                Err(e.context("the generator refused the site; our scan accepted it"))
            }
            (Ok(_), Err(e)) => Err(e),
            (Ok(t), Ok(o)) => Ok((t, o)),
        };
        let report = match result {
            Ok((theirs_set, ours_set)) => {
                let mut d = urlsets::diff(&ours_set, &theirs_set);
                d.only_theirs.retain(|u| !unrendered(u));
                if d.only_ours.is_empty() && d.only_theirs.is_empty() {
                    equal += 1;
                    continue;
                }
                differ += 1;
                let mut r = String::new();
                for u in &d.only_ours {
                    r.push_str(&format!("only ours:   {u}\n"));
                }
                for u in &d.only_theirs {
                    r.push_str(&format!("only theirs: {u}\n"));
                }
                r
            }
            Err(e) => {
                failed += 1;
                format!("error: {e:#}\n")
            }
        };
        let kept = keep.join("failures").join(s.to_string());
        if kept.exists() {
            std::fs::remove_dir_all(&kept)?;
        }
        std::fs::create_dir_all(&kept)?;
        copy_dir(&site, &kept.join("site"))?;
        std::fs::write(
            kept.join("report.txt"),
            format!("{}\nseed {s}\n{report}", crate::corpus::version(tool)),
        )?;
        println!("seed {s}: {}", report.lines().next().unwrap_or_default());
    }
    println!(
        "{}: {sites} sites, {equal} equal, {refused} refused by both, {differ} differ, {failed} failed (kept in {})",
        generator.name(),
        keep.join("failures").display()
    );
    Ok(RandomRun {
        seed,
        sites,
        equal,
        refused,
        differ,
        failed,
    })
}

/// `0.168.0` and its minor version, from `hugo version`'s first line.
fn hugo_version_of(line: &str) -> Option<(String, u32)> {
    let v = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("v0."))?;
    let v: String = v
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let minor = v.split('.').next()?.parse().ok()?;
    Some((format!("0.{v}"), minor))
}

/// The generator's sitemap set (Hugo's multilingual index included).
fn their_set(out: &Path) -> Result<UrlSet> {
    read_sets(out)
}

/// The set under `out`: its `sitemap.xml` (a sitemap or an index), or a
/// multihost site's, one `sitemap.xml` in each language's folder.
///
/// A multihost site has no index over them, except where Hugo 0.168 takes
/// it for a single-host one (a disabled language among three counts twice
/// in `IsMultihost`) and writes a root index naming
/// `https://<host>/<lang>/sitemap.xml`, which no host serves: the per-host
/// files are then the set, as for any multihost site.
fn read_sets(out: &Path) -> Result<UrlSet> {
    Ok(read_set_urls(out)?
        .into_iter()
        .map(|u| (u.loc, u.lastmod))
        .collect())
}

/// [`read_sets`] with every field of each `<url>`.
pub(crate) fn read_set_urls(out: &Path) -> Result<Vec<urlsets::Url>> {
    let root = out.join("sitemap.xml");
    if root.exists() {
        let (tag, entries) = urlsets::read_urls(&root)?;
        let elsewhere = |u: &urlsets::Url| !u.loc.starts_with(BASE_URL);
        if tag != "sitemapindex" || !entries.iter().any(elsewhere) {
            return urlsets::read_set_urls_of(&root, out, BASE_URL, true);
        }
    }
    let mut set = Vec::new();
    let mut found = false;
    for entry in std::fs::read_dir(out).with_context(|| format!("{}", out.display()))? {
        let file = entry?.path().join("sitemap.xml");
        if file.is_file() {
            found = true;
            let (_, urls) = urlsets::read_urls(&file)?;
            set.extend(urls);
        }
    }
    if !found {
        bail!("{}: no sitemap.xml", out.display());
    }
    Ok(set)
}

fn our_set(ours: &Path, site: &Path, out: &Path, args: &[String]) -> Result<UrlSet> {
    let output = Command::new(ours)
        .arg("scan")
        .arg(site)
        .args(["--quiet", "--base-url", BASE_URL, "--out"])
        .arg(out)
        .args(args)
        .output()
        .context("cannot run our sitemap")?;
    if !output.status.success() {
        bail!(
            "our scan failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    read_sets(out)
}

fn copy_dir(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}
