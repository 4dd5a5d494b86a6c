//! Which Hugo the scan follows. Hugo's rules moved between the version
//! Debian ships (0.111.3) and the current release: a draft section's
//! pages are published by the current Hugo and dropped by 0.111.3,
//! `cascade` targets are `target` (0.111.3: `_target`) and a nearer
//! cascade is merged over a farther one (0.111.3: replaces it), and so
//! on. The site is built by one of them, and its sitemap must be that
//! one's, so the scan asks, in this order:
//!
//! 1. the `hugo-version` setting (the `version` [`crate::open`] is given);
//! 2. the generator tag of the site Hugo built (`<meta name="generator"
//!    content="Hugo 0.168.0">`), when that page is newer than the
//!    sources (a stale build may be an older Hugo's);
//! 3. the `hugo` on `PATH` (`hugo version`, run once per scan, started
//!    when the site is opened so its ~50 ms overlap the reading; bounded
//!    in time and output, and named in a warning when it says nothing
//!    usable);
//! 4. else the current release, the one users install today.
//!
//! How the built site and the `hugo` on `PATH` are read is `which`'s;
//! the release's rules are `rules`'.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;

use sitemap_content::Warning;
use sitemap_pages::yaml::Dialect;

use super::rules::HugoRules;
use super::version::{CURRENT, DEBIAN, HugoVersion};
use super::which::{ASK_BYTES, ASK_TIME, Built, OnPath, Unusable};

/// Where the version came from, for the scan's report.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VersionFrom {
    /// The `hugo-version` setting.
    Setting,
    /// The generator tag of this page of the site Hugo built, newer than
    /// the site's sources.
    BuiltSite(PathBuf),
    /// This `hugo`, the first on `PATH`.
    Path(PathBuf),
    /// None of them: the current release.
    Current,
}

impl VersionFrom {
    /// Where it came from, in a few words for the summary line (`the hugo
    /// on PATH`).
    pub fn said(&self) -> &'static str {
        match self {
            VersionFrom::Setting => "the hugo-version setting",
            VersionFrom::BuiltSite(_) => "the built site's generator tag",
            VersionFrom::Path(_) => "the hugo on PATH",
            VersionFrom::Current => "the current release",
        }
    }
}

/// The version followed, where it came from, and its rules.
#[derive(Debug)]
struct Known {
    version: HugoVersion,
    from: VersionFrom,
    rules: HugoRules,
    /// The `hugo` on `PATH` that said nothing usable, and why.
    unusable: Option<(PathBuf, Unusable)>,
}

/// The version a scan follows, found out as [`super::which`] says and
/// waited for only when a rule first needs it: the setting, else the
/// built site's generator tag (when it was looked at before that), else
/// `hugo version`, asked in the background when the site is opened so
/// that it overlaps the reading, else [`CURRENT`].
pub(crate) struct Version {
    known: OnceLock<Known>,
    asking: Mutex<Option<JoinHandle<Option<OnPath>>>>,
    /// The site Hugo built, when its home page has a generator tag, and
    /// whether it is newer than the sources (so it names the Hugo).
    built: Mutex<Option<(Built, bool)>>,
}

impl std::fmt::Debug for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Version")
            .field("known", &self.known.get())
            .finish()
    }
}

impl Version {
    /// The setting's version when given; else `hugo version` is started
    /// now, on a thread of its own.
    pub(crate) fn new(setting: Option<HugoVersion>) -> Version {
        let known = OnceLock::new();
        let asking = match setting {
            Some(version) => {
                let _ = known.set(Known {
                    version,
                    from: VersionFrom::Setting,
                    rules: HugoRules::of(version),
                    unusable: None,
                });
                None
            }
            None => std::thread::Builder::new()
                .name("sitemap-which-hugo".to_owned())
                .spawn(super::which::on_path)
                .ok(),
        };
        Version {
            known,
            asking: Mutex::new(asking),
            built: Mutex::new(None),
        }
    }

    /// Looks at the site Hugo built in `output_dir`: its generator tag
    /// names the Hugo followed when no setting does, the version is not
    /// asked for yet, and its page is newer than every one of `sources`
    /// (the configuration, the content folder). Either way a tag naming
    /// another Hugo than the one followed is warned of.
    pub(crate) fn look_at_built_site(
        &self,
        output_dir: &Path,
        default_language: &str,
        sources: &[PathBuf],
    ) {
        let Some(built) = super::which::built_site(output_dir, default_language) else {
            return;
        };
        let newer = self.known.get().is_none()
            && super::which::newest_source(sources).is_none_or(|s| built.written >= s);
        *self.built.lock().unwrap_or_else(|e| e.into_inner()) = Some((built, newer));
    }

    /// The version followed, where it came from and its rules, found
    /// out at the first question.
    fn known(&self) -> &Known {
        self.known.get_or_init(|| {
            let built = self.built.lock().unwrap_or_else(|e| e.into_inner()).clone();
            if let Some((built, true)) = built {
                return Known {
                    version: built.version,
                    from: VersionFrom::BuiltSite(built.page),
                    rules: HugoRules::of(built.version),
                    unusable: None,
                };
            }
            let handle = self.asking.lock().unwrap_or_else(|e| e.into_inner()).take();
            let (version, from, unusable) = match handle.and_then(|h| h.join().ok()).flatten() {
                Some((hugo, Ok(version))) => (version, VersionFrom::Path(hugo), None),
                Some((hugo, Err(why))) => (CURRENT, VersionFrom::Current, Some((hugo, why))),
                None => (CURRENT, VersionFrom::Current, None),
            };
            Known {
                version,
                from,
                rules: HugoRules::of(version),
                unusable,
            }
        })
    }

    /// The version followed.
    pub(crate) fn hugo(&self) -> HugoVersion {
        self.known().version
    }

    /// What the followed Hugo does where releases differ.
    pub(crate) fn rules(&self) -> &HugoRules {
        &self.known().rules
    }

    /// Whose YAML library the followed Hugo reads front matter and
    /// configuration with: go-yaml v2 (YAML 1.1, `draft: yes` a draft),
    /// or goccy/go-yaml (YAML 1.2, `draft: yes` the text `yes`, so not a
    /// draft) from the rule `goccy_yaml` on.
    pub(crate) fn yaml(&self) -> Dialect {
        if self.rules().goccy_yaml {
            Dialect::HugoGoccy
        } else {
            Dialect::Hugo
        }
    }

    /// The version followed and where it came from, for the scan's
    /// summary line: `Hugo 0.168.0 (the hugo on PATH)`.
    pub(crate) fn summary(&self) -> String {
        let known = self.known();
        format!("Hugo {} ({})", known.version, known.from.said())
    }

    /// What the user should know of the Hugo followed: a `hugo` on `PATH`
    /// that said nothing usable, and a built site made by another Hugo.
    pub(crate) fn warnings(&self) -> Vec<Warning> {
        let known = self.known();
        let followed = format!("Hugo {} ({})", known.version, known.from.said());
        let mut warnings = Vec::new();
        if let Some((hugo, why)) = &known.unusable {
            let what = match why {
                Unusable::Start(e) => format!("could not be run ({e})"),
                Unusable::Hung => format!("gave no answer in {} s", ASK_TIME.as_secs()),
                Unusable::Endless => format!("printed more than {} KiB", ASK_BYTES / 1024),
                Unusable::Other(line) => {
                    let line: String = line.chars().take(80).collect();
                    format!("printed {line:?}, which names no Hugo version")
                }
            };
            warnings.push(Warning::new(
                Some(hugo),
                &format!(
                    "`hugo version` {what}, so the scan follows {followed}: set `hugo-version` \
                     to the Hugo that builds the site"
                ),
            ));
        }
        // A release outside the table is read by its nearest end: say so,
        // where the setting, a generator tag or `hugo version` named it.
        let place = match &known.from {
            VersionFrom::BuiltSite(page) => Some(page.as_path()),
            VersionFrom::Path(hugo) => Some(hugo.as_path()),
            VersionFrom::Setting | VersionFrom::Current => None,
        };
        if known.version < DEBIAN {
            warnings.push(Warning::new(
                place,
                &format!(
                    "the scan follows {followed}, older than Hugo {DEBIAN}, the oldest release \
                    whose rules it knows: the site is read as Hugo {DEBIAN} reads it; check the \
                    sitemap against the built site"
                ),
            ));
        } else if known.version > CURRENT {
            warnings.push(Warning::new(
                place,
                &format!(
                    "the scan follows {followed}, newer than Hugo {CURRENT}, the newest release \
                    whose rules it knows: the site is read as Hugo {CURRENT} reads it; check the \
                    sitemap against the built site"
                ),
            ));
        }
        let built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((built, _)) = built.as_ref()
            && built.version != known.version
        {
            warnings.push(Warning::new(
                Some(&built.page),
                &format!(
                    "the site here was built by Hugo {}, and the scan follows {followed}: set \
                     `hugo-version = \"{}\"` if Hugo {} builds the site, or build it again with \
                     Hugo {}",
                    built.version, built.version, built.version, known.version
                ),
            ));
        }
        warnings
    }
}
