//! Which Hugo the scan follows. Hugo's rules moved between the version
//! Debian ships (0.111.3) and the current release: a draft section's
//! pages are published by the current Hugo and dropped by 0.111.3,
//! `cascade` targets are `target` (0.111.3: `_target`) and a nearer
//! cascade is merged over a farther one (0.111.3: replaces it), and so
//! on. The site is built by one of them, and its sitemap must be that
//! one's, so the scan asks, in this order:
//!
//! 1. the `hugo-version` setting (the `version` [`crate::open`] is given);
//! 2. the `hugo` on `PATH` (`hugo version`, run once per scan, started
//!    when the site is opened so its ~50 ms overlap the walk);
//! 3. else [`CURRENT`], the release users install today.

use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;

use sitemap_pages::yaml::Dialect;

use super::rules::HugoRules;

/// A Hugo release, `0.minor.patch` (every Hugo so far is `0.x`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HugoVersion {
    /// The `x` of `0.x.y`.
    pub minor: u32,
    /// The `y` of `0.x.y`.
    pub patch: u32,
}

/// The current Hugo release, followed when nothing says which Hugo
/// builds the site (measured against it: `cargo xtask differential
/// hugo-tests`).
pub const CURRENT: HugoVersion = HugoVersion {
    minor: 168,
    patch: 0,
};

/// Debian's Hugo, the oldest the scan follows.
pub const DEBIAN: HugoVersion = HugoVersion {
    minor: 111,
    patch: 3,
};

impl HugoVersion {
    /// `0.168.0`, `v0.168.0`, `0.168` or `168`'s forms; `None` for
    /// anything else (a Hugo 1.x is not known yet).
    pub fn parse(text: &str) -> Option<HugoVersion> {
        let t = text.trim();
        let t = t.strip_prefix('v').unwrap_or(t);
        let mut parts = t.split('.');
        if parts.next()? != "0" {
            return None;
        }
        let minor = parts.next()?.parse().ok()?;
        let patch = match parts.next() {
            // `0.168.0-e27a67…+extended`: the patch ends at the first
            // non-digit.
            Some(p) => {
                let digits: String = p.chars().take_while(char::is_ascii_digit).collect();
                digits.parse().ok()?
            }
            None => 0,
        };
        Some(HugoVersion { minor, patch })
    }

    /// What this Hugo does where releases differ: the rules table,
    /// evaluated for it.
    pub fn rules(self) -> HugoRules {
        HugoRules::of(self)
    }
}

impl std::fmt::Display for HugoVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0.{}.{}", self.minor, self.patch)
    }
}

/// The version of the `hugo` on `PATH`, from the first line of `hugo
/// version` (`hugo v0.111.3+extended linux/amd64 …`); `None` without
/// one, or when it prints something else.
fn on_path() -> Option<HugoVersion> {
    let out = Command::new("hugo")
        .arg("version")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace()
        .find(|w| w.starts_with("v0."))
        .and_then(HugoVersion::parse)
}

/// Where the version came from, for the scan's report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VersionFrom {
    /// The `hugo-version` setting.
    Setting,
    /// The `hugo` on `PATH`.
    Path,
    /// Neither: the current release.
    Current,
}

/// The version a scan follows, asked of `hugo` in the background and
/// waited for only when a rule first needs it.
pub(crate) struct Version {
    known: OnceLock<(HugoVersion, VersionFrom, HugoRules)>,
    asking: Mutex<Option<JoinHandle<Option<HugoVersion>>>>,
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
            Some(v) => {
                let _ = known.set((v, VersionFrom::Setting, v.rules()));
                None
            }
            None => Some(std::thread::spawn(on_path)),
        };
        Version {
            known,
            asking: Mutex::new(asking),
        }
    }

    /// The version followed, and where it came from.
    pub(crate) fn get(&self) -> (HugoVersion, VersionFrom) {
        let (version, from, _) = self.known();
        (*version, *from)
    }

    /// The version followed, where it came from, and its rules, asked
    /// once.
    fn known(&self) -> &(HugoVersion, VersionFrom, HugoRules) {
        self.known.get_or_init(|| {
            let handle = self.asking.lock().unwrap_or_else(|e| e.into_inner()).take();
            let (version, from) = match handle.and_then(|h| h.join().ok()).flatten() {
                Some(v) => (v, VersionFrom::Path),
                None => (CURRENT, VersionFrom::Current),
            };
            (version, from, version.rules())
        })
    }

    /// The version followed.
    pub(crate) fn hugo(&self) -> HugoVersion {
        self.get().0
    }

    /// What the followed Hugo does where releases differ.
    pub(crate) fn rules(&self) -> &HugoRules {
        &self.known().2
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_read_as_hugo_prints_them() {
        let v = |minor, patch| Some(HugoVersion { minor, patch });
        assert_eq!(HugoVersion::parse("0.168.0"), v(168, 0));
        assert_eq!(HugoVersion::parse("v0.111.3+extended"), v(111, 3));
        assert_eq!(
            HugoVersion::parse("v0.168.0-e27a6760c5547237f87d353aebe0580feadb20f4+extended"),
            v(168, 0)
        );
        assert_eq!(HugoVersion::parse("0.125"), v(125, 0));
        assert_eq!(HugoVersion::parse("1.0.0"), None);
        assert_eq!(HugoVersion::parse("latest"), None);
        assert!(v(111, 3).unwrap() < CURRENT);
        assert_eq!(CURRENT.to_string(), "0.168.0");
    }
}
