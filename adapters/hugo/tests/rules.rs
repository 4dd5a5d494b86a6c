//! The table of Hugo's version rules against the recorded cases it names:
//! each case is there, recorded with every release of the version
//! matrix, and its recordings change where the row says the behaviour
//! does.

use std::fs;
use std::path::{Path, PathBuf};

use sitemap_hugo::HugoVersion;
use sitemap_hugo::rules::RULES;

/// The differential cases, recorded with real Hugo releases.
fn cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/differential/hugo")
}

/// A case's recordings: for each file of its `expected/`, the releases
/// its first line names (`# hugo 0.148.0 0.149.1 …`).
fn recordings(case: &str) -> Result<Vec<(String, Vec<HugoVersion>)>, String> {
    let dir = cases().join(case).join("expected");
    let entries = fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let header = text.lines().next().unwrap_or_default();
        let releases: Vec<HugoVersion> = header
            .strip_prefix("# hugo ")
            .unwrap_or_default()
            .split(' ')
            .filter_map(HugoVersion::parse)
            .collect();
        if releases.is_empty() {
            return Err(format!("{}: no Hugo release in `{header}`", path.display()));
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        files.push((name, releases));
    }
    Ok(files)
}

/// Each case a rule names was recorded on both sides of its threshold,
/// and the last release before it and the first from it wrote different
/// sitemaps (they are in different files of `expected/`): the case shows
/// the change where the row puts it.
#[test]
fn each_rule_names_cases_that_change_at_its_threshold() {
    let mut wrong = Vec::new();
    for rule in RULES {
        for case in rule.before.iter().chain(rule.after) {
            let files = match recordings(case) {
                Ok(files) => files,
                Err(e) => {
                    wrong.push(format!("{}: {e}", rule.name));
                    continue;
                }
            };
            let holding = |v: HugoVersion| {
                files
                    .iter()
                    .find(|(_, releases)| releases.contains(&v))
                    .map(|(name, _)| name.as_str())
            };
            let all = files.iter().flat_map(|(_, r)| r.iter().copied());
            let last_before = all.clone().filter(|v| *v < rule.since).max();
            let first_after = all.filter(|v| *v >= rule.since).min();
            match (last_before, first_after) {
                (Some(b), Some(a)) if holding(b) == holding(a) => wrong.push(format!(
                    "{}: `{case}` is the same with {b} and {a} (`{}`), on each side of {}",
                    rule.name,
                    holding(a).unwrap_or_default(),
                    rule.since
                )),
                (Some(_), Some(_)) => {}
                _ => wrong.push(format!(
                    "{}: `{case}` is not recorded on both sides of {}",
                    rule.name, rule.since
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The recordings of `tests/fixtures/thresholds/` (see its README): each
/// case's site scanned as the release that built it gives its whole list
/// of `<loc>`s.
#[test]
fn each_threshold_recording_is_scanned_as_its_release_built_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/thresholds");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 24, "{names:?}");
    let mut wrong = Vec::new();
    for name in names {
        let (case, version) = name.trim_end_matches(".txt").split_once('@').unwrap();
        let text = fs::read_to_string(dir.join(&name)).unwrap();
        let want: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        let got = match scan_as(case, version) {
            Ok(locs) => locs,
            Err(e) => vec![format!("error: {e}")],
        };
        if got != want {
            wrong.push(format!("{name}:\n  hugo: {want:?}\n  scan: {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The sorted `<loc>`s of a case's site scanned as Hugo `version`.
fn scan_as(case: &str, version: &str) -> Result<Vec<String>, sitemap_content::Error> {
    let root = cases().join(case).join("site");
    let (_, config) = sitemap_content::locate(&root, None)?;
    let options = sitemap_content::SiteOptions::default()
        .with_base_url(Some("https://diff.example.org/".to_owned()));
    let site = sitemap_hugo::open(&root, config, &options, HugoVersion::parse(version))?;
    let mut locs: Vec<String> = site
        .scan()?
        .pages
        .iter()
        .map(|p| p.loc.to_string())
        .collect();
    locs.sort();
    Ok(locs)
}

/// Hugo 0.148 did not know `:sectionslugs`: it refuses the pattern, and
/// so does the scan following it, naming the file, the pattern and what
/// to do.
#[test]
fn sectionslugs_before_their_release_are_refused() {
    let root = cases().join("list-titles-unset-keep-case/site");
    let (_, config) = sitemap_content::locate(&root, None).unwrap();
    let options = sitemap_content::SiteOptions::default()
        .with_base_url(Some("https://diff.example.org/".to_owned()));
    let err = sitemap_hugo::open(&root, config, &options, HugoVersion::parse("0.148.0"))
        .unwrap_err()
        .to_string();
    assert_eq!(
        err.replace(&*root.to_string_lossy(), "SITE"),
        "SITE/hugo.toml: permalink pattern `/:sectionslugs/:slugorcontentbasename/` names \
         `:sectionslug` or `:sectionslugs`, which Hugo 0.148.0 does not know (they came with \
         Hugo 0.149): it refuses the pattern, or with a `[…]` slice writes it as text; set \
         `hugo-version` to the Hugo that builds the site, or write `:sections`"
    );
}
