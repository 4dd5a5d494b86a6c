//! One case built by each release, and its `expected/` files: the
//! releases that write the same sitemap share a file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use serde::Deserialize;

use super::super::BASE_URL;
use super::super::hugo_tests::compare::{first_error, log_level_args, run_limited};
use super::super::hugo_versions::releases::Release;

/// How long one build may take: the cases are a handful of pages.
const LIMIT: Duration = Duration::from_secs(60);

/// `case.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseToml {
    pins: String,
    #[serde(default)]
    compare: Compare,
    #[serde(default = "one")]
    builds: u32,
}

fn one() -> u32 {
    1
}

/// What a case compares.
#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(super) enum Compare {
    /// `loc`, `changefreq`, `priority`.
    #[default]
    Entries,
    /// `loc`, `lastmod`, after the git history of `commits.txt`.
    Lastmod,
}

/// A case folder.
pub(super) struct Case {
    pub(super) name: String,
    pub(super) dir: PathBuf,
    compare: Compare,
    builds: u32,
}

impl Case {
    /// Every case under `dir`, by name.
    pub(super) fn all(dir: &Path) -> Result<Vec<Case>> {
        let mut cases = Vec::new();
        for entry in std::fs::read_dir(dir).with_context(|| format!("{}", dir.display()))? {
            let dir = entry?.path();
            let file = dir.join("case.toml");
            if !dir.is_dir() {
                continue;
            }
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("a case needs {}", file.display()))?;
            let toml: CaseToml =
                toml::from_str(&text).with_context(|| format!("{}", file.display()))?;
            if toml.pins.trim().is_empty() || toml.builds == 0 {
                bail!(
                    "{}: `pins` says what the case is for; `builds` is 1 or more",
                    file.display()
                );
            }
            cases.push(Case {
                name: dir
                    .file_name()
                    .expect("a folder")
                    .to_string_lossy()
                    .into_owned(),
                compare: toml.compare,
                builds: toml.builds,
                dir,
            });
        }
        cases.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(cases)
    }
}

/// What one release wrote for a case: its sitemap's lines, sorted, or
/// its refusal.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Output {
    Sitemap(Vec<String>),
    Refused(String),
}

/// The `expected/` files of `case` as `hugos` write it: file name →
/// text.
pub(super) fn record(
    case: &Case,
    hugos: &[(Release, PathBuf)],
    work: &Path,
) -> Result<BTreeMap<String, String>> {
    // (releases, the output most of their builds gave)
    let mut runs: Vec<(Vec<Release>, Output)> = Vec::new();
    for (release, hugo) in hugos {
        let mut seen: BTreeMap<Output, u32> = BTreeMap::new();
        for _ in 0..case.builds {
            *seen.entry(build(case, *release, hugo, work)?).or_default() += 1;
        }
        let (output, _) = seen
            .into_iter()
            .max_by_key(|(_, n)| *n)
            .expect("one build at least");
        match runs.last_mut() {
            Some((releases, last)) if *last == output => releases.push(*release),
            _ => runs.push((vec![*release], output)),
        }
    }
    Ok(runs
        .iter()
        .map(|(releases, output)| file(case, releases, output))
        .collect())
}

/// One expected file: its name and text.
fn file(case: &Case, releases: &[Release], output: &Output) -> (String, String) {
    let first = releases[0];
    let last = releases[releases.len() - 1];
    let name = if first == last {
        format!("{first}.txt")
    } else {
        format!("{first}-{last}.txt")
    };
    let mut text = String::from("# hugo");
    for r in releases {
        text.push_str(&format!(" {r}"));
    }
    text.push_str("\n# built with: hugo --source site --destination OUT --baseURL ");
    text.push_str(BASE_URL);
    text.push('\n');
    if case.compare == Compare::Lastmod {
        text.push_str("# (the git history of commits.txt, if any, made first)\n");
    }
    if case.builds > 1 {
        // Not how many builds gave it: that varies from one recording
        // to the next, and the file would with it.
        text.push_str(&format!(
            "# the list most of {} builds of each release gave\n",
            case.builds
        ));
    }
    match output {
        Output::Refused(message) => text.push_str(&format!("# refused: {message}\n")),
        Output::Sitemap(lines) => {
            text.push_str(match case.compare {
                Compare::Entries => "# loc\tchangefreq\tpriority\n",
                Compare::Lastmod => "# loc\tlastmod (a loc alone: none)\n",
            });
            for line in lines {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    (name, text)
}

/// Builds the case with one release in a copy of its site.
fn build(case: &Case, release: Release, hugo: &Path, work: &Path) -> Result<Output> {
    if work.exists() {
        std::fs::remove_dir_all(work)
            .with_context(|| format!("cannot clear {}", work.display()))?;
    }
    let site = work.join("site");
    super::super::copy_dir(&case.dir.join("site"), &site)?;
    if case.compare == Compare::Lastmod
        && let Ok(commits) = std::fs::read_to_string(case.dir.join("commits.txt"))
    {
        make_history(&site, &commits)?;
    }
    let out = work.join("out");
    let log = work.join("hugo.log");
    let version = release.to_string();
    let mut cmd = Command::new(hugo);
    cmd.args(log_level_args(Some(&version)))
        .arg("--source")
        .arg(&site)
        .arg("--destination")
        .arg(&out)
        .args(["--baseURL", BASE_URL]);
    for (key, _) in std::env::vars_os() {
        if key.to_string_lossy().starts_with("HUGO_") {
            cmd.env_remove(key);
        }
    }
    cmd.env("HUGO_CACHEDIR", work.join("cache"));
    match run_limited(&mut cmd, work, &log, &log, LIMIT)? {
        None => bail!(
            "{}: Hugo {release} ran past {} s",
            case.name,
            LIMIT.as_secs()
        ),
        Some(s) if !s.success() => {
            let message = first_error(&std::fs::read_to_string(&log)?);
            // The work folder's path is this machine's: the site's is
            // what the message means.
            let shown = site.to_string_lossy().into_owned();
            Ok(Output::Refused(message.replace(&shown, "site")))
        }
        Some(_) => {
            let urls = written_urls(&out)
                .with_context(|| format!("{}: Hugo {release}'s sitemap", case.name))?;
            let dash = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".to_owned());
            let mut lines: Vec<String> = urls
                .iter()
                .map(|u| match case.compare {
                    Compare::Entries => {
                        format!("{}\t{}\t{}", u.loc, dash(&u.changefreq), dash(&u.priority))
                    }
                    Compare::Lastmod => match &u.lastmod {
                        Some(l) => format!("{}\t{l}", u.loc),
                        None => u.loc.clone(),
                    },
                })
                .collect();
            // Each once, as the CI test compares them: Hugo 0.153+ lists
            // a section made per site twice in some builds, a different
            // one from build to build, and 0.111.3 a home page made of
            // `content/index.md` twice.
            lines.sort();
            lines.dedup();
            Ok(Output::Sitemap(lines))
        }
    }
}

/// Every `<url>` of every `sitemap.xml` urlset Hugo wrote under `out`: a
/// multilingual site's root `sitemap.xml` is an index of one sitemap per
/// language (in `<lang>/`); a multihost site has one in each language's
/// folder and no index over them, or (0.125.4+, with a disabled
/// language) an index naming `<host>/<lang>/sitemap.xml`; a site of
/// several versions or roles (0.153+) has one per language in each
/// version's and role's folder (`member/v1.0.0/fr/sitemap.xml`), which
/// its index does not name.
fn written_urls(out: &Path) -> Result<Vec<crate::urlsets::Url>> {
    let mut urls = Vec::new();
    let mut stack = vec![out.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).with_context(|| format!("{}", dir.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == "sitemap.xml") {
                let (tag, entries) = crate::urlsets::read_urls(&path)?;
                if tag == "urlset" {
                    urls.extend(entries);
                }
            }
        }
    }
    // None at all is an empty list: Hugo 0.153.0 writes no sitemap when
    // a cascade leaves one site's sitemap page out.
    Ok(urls)
}

/// Commits the files of each line of `commits.txt` (`AUTHOR_DATE
/// COMMITTER_DATE FILE…`, `#` lines skipped) with those dates, as the CI
/// test makes the history it scans.
fn make_history(site: &Path, commits: &str) -> Result<()> {
    let git = |args: &[&str], dates: Option<(&str, &str)>| -> Result<()> {
        let mut cmd = Command::new("git");
        cmd.current_dir(site)
            .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
            .args(args)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1");
        if let Some((author, committer)) = dates {
            cmd.env("GIT_AUTHOR_DATE", author)
                .env("GIT_COMMITTER_DATE", committer);
        }
        let out = cmd.output().context("cannot run git")?;
        if !out.status.success() {
            bail!("git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
        }
        Ok(())
    };
    git(&["init", "-q"], None)?;
    for line in commits
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut fields = line.split_whitespace();
        let (Some(author), Some(committer)) = (fields.next(), fields.next()) else {
            bail!("commits.txt: `{line}` is not `AUTHOR_DATE COMMITTER_DATE FILE…`");
        };
        let mut add = vec!["add", "--"];
        add.extend(fields);
        git(&add, None)?;
        git(&["commit", "-q", "-m", "change"], Some((author, committer)))?;
    }
    Ok(())
}

/// The case's `expected/` files as they are: name → text.
pub(super) fn read_expected(dir: &Path) -> Result<BTreeMap<String, String>> {
    let mut files = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(dir.join("expected")) else {
        return Ok(files);
    };
    for entry in entries {
        let path = entry?.path();
        let name = path
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        files.insert(name, std::fs::read_to_string(&path)?);
    }
    Ok(files)
}

/// Replaces the case's `expected/` with `files`: written beside it,
/// then swapped in, so a run cut short leaves the old files or the new.
pub(super) fn write_expected(dir: &Path, files: &BTreeMap<String, String>) -> Result<()> {
    let new = dir.join("expected.new");
    if new.exists() {
        std::fs::remove_dir_all(&new)?;
    }
    std::fs::create_dir_all(&new)?;
    for (name, text) in files {
        std::fs::write(new.join(name), text)?;
    }
    let old = dir.join("expected");
    let gone = dir.join("expected.old");
    if old.exists() {
        std::fs::rename(&old, &gone)?;
    }
    std::fs::rename(&new, &old)?;
    if gone.exists() {
        std::fs::remove_dir_all(&gone)?;
    }
    Ok(())
}

/// What recording would change, in a line: files added, gone, changed.
pub(super) fn what_changed(
    now: &BTreeMap<String, String>,
    new: &BTreeMap<String, String>,
) -> String {
    let mut parts = Vec::new();
    for name in new.keys().filter(|n| !now.contains_key(*n)) {
        parts.push(format!("+{name}"));
    }
    for name in now.keys().filter(|n| !new.contains_key(*n)) {
        parts.push(format!("-{name}"));
    }
    for (name, text) in new {
        if now.get(name).is_some_and(|t| t != text) {
            parts.push(format!("~{name}"));
        }
    }
    parts.join(" ")
}
