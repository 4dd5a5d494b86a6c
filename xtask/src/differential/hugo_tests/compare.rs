//! One site, both sides: our scan, then the real Hugo, each under a time
//! limit, and the verdict.
//!
//! - Ours runs first, on the project as written (Hugo leaves a build
//!   lock and `resources/` behind). A site with a content adapter is
//!   scanned twice: from its sources as well, and after Hugo built it
//!   into the project's `public/` (`hugo && sitemap scan`, the only way
//!   the adapter's pages can be known, and the verdict that counts); as
//!   `sitemap scan --dry-run --flavor hugo`: every entry on stdout,
//!   whatever hosts a multihost site writes to. lastmod comes from front
//!   matter only, so no `git` runs (it is no part of the comparison).
//! - Hugo runs as users run it, `hugo --logLevel error --destination
//!   <out>` (`--quiet` before 0.114, [`log_level_args`]), in the project
//!   (not `--quiet` from 0.114, where it hides the error that stopped a
//!   build too), with every `HUGO_*` variable of our environment
//!   removed and a cache folder of the run's own; nothing stops it
//!   reaching the network, and a site that needs modules or npm fails
//!   (counted, with its message).
//! - Hugo's sitemaps are every `<urlset>` file it wrote (the root one, or
//!   one in each language folder; a multihost site's have no index over them),
//!   read by [`urlsets`].

use std::fs::File;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::urlsets::{self, UrlSet};

/// What comparing one site gave.
pub(super) enum Outcome {
    Equal,
    /// Both built; the URLs only Hugo lists, and only ours.
    Differs {
        only_hugo: Vec<String>,
        only_ours: Vec<String>,
    },
    /// Hugo built it with a sitemap; our scan failed (its message).
    RefusedByOurs(String),
    /// Hugo failed (its message); our scan did not.
    RefusedByHugo(String),
    /// Both failed (Hugo's message).
    RefusedByBoth(String),
    /// Hugo failed for a reason outside the site's own content and
    /// configuration ([`outside_the_site`]) or ran past the time limit:
    /// not a verdict on the site.
    HugoFails(String),
    /// Hugo built the site and wrote no sitemap (`disableKinds`), with
    /// how many URLs ours listed (`None`: ours failed).
    NoSitemap(Option<usize>),
}

/// The verdicts on one site.
pub(super) struct Compared {
    /// With the build in place for a content adapter site, as users run
    /// the tool: the verdict the run counts.
    pub(super) outcome: Outcome,
    /// A content adapter site's verdict when scanned from its sources
    /// alone, before Hugo built it; `None` for other sites.
    pub(super) from_sources: Option<Outcome>,
}

/// The limits and programs of a run.
pub(super) struct Sides<'a> {
    pub(super) hugo: &'a Path,
    /// Its version (`0.168.0`), which our scan is told to follow.
    pub(super) hugo_version: Option<&'a str>,
    pub(super) ours: &'a Path,
    /// `HUGO_CACHEDIR` for every build.
    pub(super) cache: &'a Path,
    pub(super) limit: Duration,
}

/// Compares the project at `project`, keeping both sides' output and logs
/// in `dir`. `base_url`: given to both when the site names none.
/// `after_build`: ours scans after Hugo built into the project.
pub(super) fn compare(
    sides: &Sides<'_>,
    project: &Path,
    dir: &Path,
    base_url: Option<&str>,
    after_build: bool,
) -> Result<Compared> {
    // An adapter site's scan from its sources keeps its output in a
    // folder of its own: the counted scan's is the site's `ours.txt`.
    let sources_dir = if after_build {
        let d = dir.join("from-sources");
        std::fs::create_dir_all(&d)?;
        d
    } else {
        dir.to_path_buf()
    };
    let from_sources = scan(sides, project, &sources_dir, base_url)?;

    let out = if after_build {
        project.join("public")
    } else {
        dir.join("hugo")
    };
    let log = dir.join("hugo.log");
    let mut build = Command::new(sides.hugo);
    build
        .args(log_level_args(sides.hugo_version))
        .arg("--destination")
        .arg(&out);
    for (key, _) in std::env::vars_os() {
        if key.to_string_lossy().starts_with("HUGO_") {
            build.env_remove(key);
        }
    }
    build.env("HUGO_CACHEDIR", sides.cache);
    if let Some(url) = base_url {
        build.args(["--baseURL", url]);
    }
    let hugo = match run_limited(&mut build, project, &log, &log, sides.limit)? {
        None => {
            let limit = sides.limit.as_secs();
            let outcome = Outcome::HugoFails(format!("timed out after {limit} s"));
            return Ok(Compared {
                outcome,
                from_sources: None,
            });
        }
        Some(s) if s.success() => Ok(hugo_set(&out)?),
        Some(_) => Err(first_error(&std::fs::read_to_string(&log)?)),
    };
    if let Err(message) = &hugo
        && let Some(why) = outside_the_site(message)
    {
        let outcome = Outcome::HugoFails(format!("{why}: {message}"));
        return Ok(Compared {
            outcome,
            from_sources: None,
        });
    }
    if !after_build {
        return Ok(Compared {
            outcome: verdict(hugo, from_sources),
            from_sources: None,
        });
    }
    let built = scan(sides, project, dir, base_url)?;
    Ok(Compared {
        outcome: verdict(hugo.clone(), built),
        from_sources: Some(verdict(hugo, from_sources)),
    })
}

/// The flags that keep Hugo's log to its errors: `--logLevel error`
/// from 0.114, where the flag came; before it, `--quiet`, which there
/// still prints the error that stopped a build (0.111.3 refuses the
/// unknown `--logLevel`, and every site would be "refused by Hugo").
pub(crate) fn log_level_args(version: Option<&str>) -> &'static [&'static str] {
    let minor = version
        .and_then(|v| v.trim_start_matches('v').strip_prefix("0."))
        .and_then(|v| v.split('.').next())
        .and_then(|m| m.parse::<u32>().ok());
    match minor {
        Some(m) if m < 114 => &["--quiet"],
        _ => &["--logLevel", "error"],
    }
}

/// Our scan of the project: its URLs, or its first error.
fn scan(
    sides: &Sides<'_>,
    project: &Path,
    dir: &Path,
    base_url: Option<&str>,
) -> Result<std::result::Result<UrlSet, String>> {
    let mut scan = Command::new(sides.ours);
    scan.arg("scan")
        .arg(project)
        .args(["--dry-run", "--quiet", "--lastmod", "front-matter"])
        // Every site here is Hugo's: a bare `config.toml` (no `baseURL`,
        // no Hugo key) could be Zola's too, which the scan refuses to
        // guess, naming `--flavor`, as a user would be told.
        .args(["--flavor", "hugo"]);
    if let Some(url) = base_url {
        scan.args(["--base-url", url]);
    }
    if let Some(version) = sides.hugo_version {
        scan.args(["--hugo-version", version]);
    }
    let ours_out = dir.join("ours.txt");
    let ours_err = dir.join("ours.log");
    Ok(
        match run_limited(&mut scan, project, &ours_out, &ours_err, sides.limit)? {
            Some(s) if s.success() => {
                Ok(urlsets::from_dry_run(&std::fs::read_to_string(&ours_out)?))
            }
            Some(_) => Err(first_error(&std::fs::read_to_string(&ours_err)?)),
            None => Err("our scan ran past the time limit".to_owned()),
        },
    )
}

/// The verdict on Hugo's result and ours.
fn verdict(
    hugo: std::result::Result<Option<UrlSet>, String>,
    ours: std::result::Result<UrlSet, String>,
) -> Outcome {
    match (hugo, ours) {
        (Err(h), Err(_)) => Outcome::RefusedByBoth(h),
        (Err(h), Ok(_)) => Outcome::RefusedByHugo(h),
        (Ok(None), ours) => Outcome::NoSitemap(ours.ok().map(|s| s.len())),
        // Hugo writes an empty <urlset>, which the sitemaps.org XSD
        // refuses; we write nothing and say so (the guide's deliberate
        // differences).
        (Ok(Some(theirs)), Err(o)) if theirs.is_empty() && o.contains("no entries") => {
            Outcome::Equal
        }
        (Ok(Some(_)), Err(o)) => Outcome::RefusedByOurs(o),
        (Ok(Some(theirs)), Ok(mine)) => {
            let d = urlsets::diff(&mine, &theirs);
            if d.only_ours.is_empty() && d.only_theirs.is_empty() {
                Outcome::Equal
            } else {
                Outcome::Differs {
                    only_hugo: d.only_theirs,
                    only_ours: d.only_ours,
                }
            }
        }
    }
}

/// Every URL of the sitemaps Hugo wrote under `out`; `None` when it
/// wrote none.
fn hugo_set(out: &Path) -> Result<Option<UrlSet>> {
    let mut set: Option<UrlSet> = None;
    let mut stack = vec![out.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "xml") {
                let head = std::fs::read(&path)?;
                let head = String::from_utf8_lossy(&head[..head.len().min(512)]);
                if !head.contains("<urlset") {
                    continue;
                }
                let (_, entries) = urlsets::read_file(&path)
                    .with_context(|| format!("Hugo's sitemap {}", path.display()))?;
                set.get_or_insert_default().extend(entries);
            }
        }
    }
    Ok(set)
}

/// Runs `cmd` in `dir` with stdout and stderr into files (the same file
/// when both name it); `None` when it ran past `limit` and was killed.
pub(crate) fn run_limited(
    cmd: &mut Command,
    dir: &Path,
    stdout: &Path,
    stderr: &Path,
    limit: Duration,
) -> Result<Option<ExitStatus>> {
    let out = File::create(stdout)?;
    let err = if stderr == stdout {
        out.try_clone()?
    } else {
        File::create(stderr)?
    };
    let shown = format!("{cmd:?}");
    let mut child = cmd
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .with_context(|| format!("cannot start {shown}"))?;
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The line of a tool's log that says what failed: its first `ERROR`
/// or `error:` line (ours name the file first: `path: error: …`), else
/// its first line.
pub(crate) fn first_error(log: &str) -> String {
    let lines = || log.lines().map(str::trim).filter(|l| !l.is_empty());
    lines()
        .find(|l| l.starts_with("ERROR") || l.starts_with("Error:") || l.contains("error:"))
        .or_else(|| lines().next())
        .map_or("(no message)", |l| l.trim_start_matches("ERROR "))
        .to_owned()
}

/// Why Hugo's failure says nothing about the site, if it does not: a
/// program or network it needs, or a template this run removed.
fn outside_the_site(message: &str) -> Option<&'static str> {
    const CAUSES: &[(&str, &str)] = &[
        ("not found in PATH", "a program Hugo runs is not installed"),
        ("not found in $PATH", "a program Hugo runs is not installed"),
        ("failed to download", "modules from the network"),
        ("template for shortcode", "a template removed here"),
        ("partial \"", "a template removed here"),
    ];
    CAUSES
        .iter()
        .find(|(pattern, _)| message.contains(pattern))
        .map(|(_, why)| *why)
}
