//! `cargo xtask differential hugo-cases [--record] [--releases V,V…]
//! [--debian PATH] [CASE…]`: the expected sitemaps of the Hugo cases of
//! `tests/data/differential/hugo/`, recorded with the real releases.
//!
//! A case is one site tree and what each Hugo release writes for it:
//!
//! - `site/`: the site; `commits.txt` beside it, for a lastmod case, the
//!   git history made first (`AUTHOR_DATE COMMITTER_DATE FILE…` a line);
//! - `case.toml`: what the case pins (`pins`), what is compared
//!   (`compare`: `entries`, the default, or `lastmod`), and how many
//!   times each release builds it (`builds`, for a site Hugo builds
//!   differently from build to build: the list most builds gave is
//!   recorded);
//! - `expected/<first>[-<last>].txt`: for each run of releases (in the
//!   matrix's order, [`super::hugo_versions`]) that write the same
//!   sitemap, that sitemap: one line an entry, sorted (`loc`,
//!   `changefreq`, `priority`, tab-separated, `-` for none; a lastmod
//!   case `loc`, `lastmod`), or `# refused: <Hugo's error>` when those
//!   releases refuse the site. The header names every release recorded
//!   in the file, and the CI test (`integrations/cli/tests/differential`)
//!   scans the site following each of them.
//!
//! Every release of the matrix builds every case (about 20 builds a case):
//! that finds where a case's sitemap changes, the threshold it is about,
//! from the real releases on both sides. Without `--record` the command
//! only says which cases' files would change; `--record` rewrites their
//! `expected/`. Never by hand.

mod record;

use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use super::hugo_versions::releases::{self, Release};

const USAGE: &str = "usage: cargo xtask differential hugo-cases [--record] [--releases V,V…] [--debian PATH] [CASE…]";

/// The folder of the Hugo cases.
fn cases_dir() -> PathBuf {
    crate::root().join("tests/data/differential/hugo")
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let (mut write, mut only_releases, mut debian) =
        (false, None::<Vec<Release>>, PathBuf::from("/usr/bin/hugo"));
    let mut names: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || {
            it.next()
                .with_context(|| format!("{arg} needs a value; {USAGE}"))
        };
        match arg.as_str() {
            "--record" => write = true,
            "--releases" => {
                only_releases = Some(
                    value()?
                        .split(',')
                        .map(|r| Release::parse(r).with_context(|| format!("`{r}`: no release")))
                        .collect::<Result<_>>()?,
                );
            }
            "--debian" => debian = value()?.into(),
            other if other.starts_with("--") => bail!("unknown argument `{other}`; {USAGE}"),
            name => names.push(name.to_owned()),
        }
    }
    // Recording with some releases only would drop the others' files.
    if write && only_releases.is_some() {
        bail!("--record records with every release of the matrix: not with --releases");
    }
    // Other wheels may be asked for, to find the release a case's
    // sitemap changed with: the files it would write then show where.
    let picks = releases::with_asked(
        releases::picks(&releases::thresholds()),
        only_releases.as_deref().unwrap_or_default(),
    )
    .map_err(anyhow::Error::msg)?;
    let mut hugos: Vec<(Release, PathBuf)> = Vec::new();
    for pick in &picks {
        if only_releases
            .as_ref()
            .is_none_or(|r| r.contains(&pick.release))
        {
            hugos.push((pick.release, super::hugo_versions::binary(pick, &debian)?));
        }
    }
    let mut cases = record::Case::all(&cases_dir())?;
    if !names.is_empty() {
        cases.retain(|c| names.contains(&c.name));
        if let Some(missing) = names.iter().find(|n| !cases.iter().any(|c| c.name == **n)) {
            bail!("no case {missing} under {}", cases_dir().display());
        }
    }
    let work = crate::root().join("target/differential/hugo-cases");
    let mut changed = 0;
    for case in &cases {
        let files = record::record(case, &hugos, &work.join(&case.name))?;
        let now = record::read_expected(&case.dir)?;
        if files == now {
            println!("{}: unchanged ({} files)", case.name, files.len());
            continue;
        }
        changed += 1;
        println!("{}: {}", case.name, record::what_changed(&now, &files));
        if write {
            record::write_expected(&case.dir, &files)?;
        }
    }
    println!(
        "{} cases, {changed} {}",
        cases.len(),
        if write {
            "recorded anew"
        } else {
            "would change"
        }
    );
    if changed > 0 && !write {
        bail!("{changed} case(s) differ from what the releases write now: `--record` records them");
    }
    Ok(())
}
