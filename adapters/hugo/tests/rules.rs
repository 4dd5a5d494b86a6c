//! The table of Hugo's version rules against the recorded cases it names:
//! each case is there, and was built by a Hugo on the side of the
//! threshold the row puts it.

use std::fs;
use std::path::{Path, PathBuf};

use sitemap_hugo::HugoVersion;
use sitemap_hugo::rules::RULES;

/// The differential cases, recorded with real Hugo releases.
fn cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/differential/hugo")
}

/// The Hugo a case was recorded with, from its `expected.txt` header
/// (`# hugo v0.111.3 (Debian 12), …`, `# hugo 0.168.0, …`).
fn recorded_with(case: &str) -> Result<HugoVersion, String> {
    let path = cases().join(case).join("expected.txt");
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let header = text.lines().next().unwrap_or_default();
    header
        .split([' ', ','])
        .find_map(HugoVersion::parse)
        .ok_or_else(|| format!("{}: no Hugo version in `{header}`", path.display()))
}

#[test]
fn each_rule_names_cases_recorded_on_its_sides() {
    let mut wrong = Vec::new();
    for rule in RULES {
        let sides = [(rule.before, true), (rule.after, false)];
        for (cases, before) in sides {
            for case in cases {
                match recorded_with(case) {
                    Err(e) => wrong.push(format!("{}: {e}", rule.name)),
                    Ok(v) if (v < rule.since) != before => wrong.push(format!(
                        "{}: `{case}` was recorded with {v}, on the {} side of {}",
                        rule.name,
                        if v < rule.since { "old" } else { "new" },
                        rule.since
                    )),
                    Ok(_) => {}
                }
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
    let root = cases().join("list-titles-unset-keep-case-0.168/site");
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
