//! The lastmod ledger: for every URL, a fingerprint of what a reader sees
//! and the lastmod it earned, kept between runs (committed, or in the CI
//! cache) so that a page whose content did not change keeps its date
//! whatever git or the file system say: a depth-1 clone, a built HTML
//! folder or a theme change then moves no lastmod.
//!
//! - `format.rs`: the file (deterministic, diff-friendly text, one URL a
//!   line, sorted), read with every error naming its line.
//! - `fingerprint.rs`: what is hashed (a source's body and the front
//!   matter fields that render; a built page's main text).
//! - `run.rs`: a job's use of it (read, applied, written after publish).
//! - this file: one run against the ledger (`Ledger::apply`, then
//!   `Ledger::keep_listed` taking back what the set leaves out) and what
//!   the last run changed ([`Ledger::changes`]).
//!
//! A run, per entry with a fingerprint: the same fingerprint keeps the
//! recorded lastmod; a changed one takes the run's own date for the page
//! (front matter, git where its history is complete, an edited file's
//! mtime) when that is newer than the recorded one, else the time of this
//! run, which is then true since the content did change; a new entry takes
//! the run's date, else (when a ledger existed, so the page is new since
//! then) the time of this run. An entry gone from the run is recorded as
//! removed, with the time. Every listed URL is recorded, so that the
//! ledger holds exactly what the sitemap lists and `submit` sends it: one
//! without a fingerprint (a generated list page, such as a Zola home page
//! without `content/_index.md`) under a fixed one, with no lastmod (its
//! date is rolled up from the pages it lists, and left alone here).

mod fingerprint;
mod format;
mod run;

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use sitemap_core::{Lastmod, Loc, Url};

#[cfg(feature = "html")]
pub(crate) use fingerprint::html_fingerprint;
pub(crate) use fingerprint::{source_fingerprint, with_deps};
#[cfg(feature = "submit")]
pub(crate) use run::dir_and_name;
pub(crate) use run::{LedgerRun, write};

/// The fingerprint recorded for a listed page with no content of its own
/// (a generated list page): fixed, so it is added once and stays
/// unchanged while it is listed. (`generate` in ASCII.)
const GENERATED: u64 = 0x6765_6e65_7261_7465;

/// What last happened to an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Event {
    /// First listed.
    Added,
    /// Its content changed.
    Changed,
    /// No longer listed.
    Removed,
}

impl Event {
    fn as_str(self) -> &'static str {
        match self {
            Event::Added => "added",
            Event::Changed => "changed",
            Event::Removed => "removed",
        }
    }
}

/// One URL of the ledger.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Entry {
    /// What last happened to it.
    pub event: Event,
    /// When that was noticed (the run's time, seconds, UTC).
    pub at: String,
    /// The fingerprint of its content (`None` once removed).
    pub fingerprint: Option<u64>,
    /// The lastmod it earned.
    pub lastmod: Option<Lastmod>,
    /// What a search engine (IndexNow, `sitemap submit`) was last told of
    /// it, `None` when nothing was: the entry is due for submission while
    /// this differs from [`Entry::state`].
    pub submitted: Option<Submitted>,
}

/// What one submission told of an entry. Named by content, not by the
/// run's time: two runs within one second have the same time, and an
/// edit between them must still be sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Submitted {
    /// The URL, with the content of this fingerprint.
    Content(u64),
    /// Its removal.
    Removed,
}

/// URL → entry, and when the last change was noticed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Ledger {
    /// Every URL ever recorded, removed ones too.
    pub entries: BTreeMap<String, Entry>,
}

/// One change of the last run that changed anything.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Change {
    /// The URL.
    pub loc: String,
    /// Added, changed or removed.
    pub event: Event,
    /// The lastmod it now has (none once removed).
    pub lastmod: Option<String>,
}

impl Entry {
    /// What a submission now would tell of it.
    pub fn state(&self) -> Submitted {
        match self.fingerprint {
            Some(f) if self.event != Event::Removed => Submitted::Content(f),
            _ => Submitted::Removed,
        }
    }

    /// Whether its last event has not been submitted yet.
    pub fn unsubmitted(&self) -> bool {
        self.submitted != Some(self.state())
    }
}

impl Ledger {
    /// When the last change was noticed.
    pub fn last_change(&self) -> Option<&str> {
        self.entries.values().map(|e| e.at.as_str()).max()
    }

    /// What the last run that changed anything added, changed and
    /// removed, by URL.
    pub fn changes(&self) -> Vec<Change> {
        let Some(last) = self.last_change() else {
            return Vec::new();
        };
        self.entries
            .iter()
            .filter(|(_, e)| e.at == last)
            .map(|(loc, e)| Change {
                loc: loc.clone(),
                event: e.event,
                lastmod: e.lastmod.as_ref().map(Lastmod::to_xsd_string),
            })
            .collect()
    }

    /// Runs `urls` against the ledger (`self`, `existed` when it was read
    /// from a file): each entry with a fingerprint gets the lastmod the
    /// ledger's rules give (module doc), each without one is recorded as
    /// generated, and the next ledger is returned.
    pub(crate) fn apply(
        &self,
        existed: bool,
        urls: &mut [Url],
        fingerprints: &HashMap<Loc, u64>,
        now: &Lastmod,
    ) -> Ledger {
        let at = now.to_xsd_string();
        let mut next = BTreeMap::new();
        for url in urls.iter_mut() {
            let key = url.loc.as_str().to_owned();
            let Some(&fingerprint) = fingerprints.get(&url.loc) else {
                next.insert(key.clone(), self.generated(&key, &at));
                continue;
            };
            let entry = match self.entries.get(&key) {
                Some(old)
                    if old.event != Event::Removed && old.fingerprint == Some(fingerprint) =>
                {
                    url.lastmod.clone_from(&old.lastmod);
                    old.clone()
                }
                Some(old) if old.event != Event::Removed => {
                    let newer = match (&url.lastmod, &old.lastmod) {
                        (Some(run), Some(recorded)) => run > recorded,
                        (Some(_), None) => true,
                        (None, _) => false,
                    };
                    if !newer {
                        url.lastmod = Some(now.clone());
                    }
                    Entry {
                        event: Event::Changed,
                        at: at.clone(),
                        fingerprint: Some(fingerprint),
                        lastmod: url.lastmod.clone(),
                        submitted: old.submitted,
                    }
                }
                old => {
                    if url.lastmod.is_none() && existed {
                        url.lastmod = Some(now.clone());
                    }
                    Entry {
                        event: Event::Added,
                        at: at.clone(),
                        fingerprint: Some(fingerprint),
                        lastmod: url.lastmod.clone(),
                        submitted: old.and_then(|o| o.submitted),
                    }
                }
            };
            next.insert(key, entry);
        }
        for key in self.entries.keys() {
            if next.contains_key(key) {
                continue;
            }
            if let Some(entry) = self.gone(key, &at) {
                next.insert(key.clone(), entry);
            }
        }
        Ledger { entries: next }
    }

    /// The next entry of `key` when the run does not list it: removed
    /// (at `at`) if it was listed, as it was if it was removed already,
    /// none if it was never recorded.
    fn gone(&self, key: &str, at: &str) -> Option<Entry> {
        let old = self.entries.get(key)?;
        Some(if old.event == Event::Removed {
            old.clone()
        } else {
            Entry {
                event: Event::Removed,
                at: at.to_owned(),
                fingerprint: None,
                lastmod: None,
                submitted: old.submitted,
            }
        })
    }

    /// `next` (this ledger applied to a run) with the URLs `listed`
    /// refuses taken back out, as if the run had not had them: the scan
    /// applies the ledger before the set leaves out what lies outside its
    /// base URL, and the ledger must hold only what the sitemap lists.
    pub(crate) fn keep_listed(
        &self,
        mut next: Ledger,
        listed: impl Fn(&str) -> bool,
        now: &Lastmod,
    ) -> Ledger {
        let at = now.to_xsd_string();
        let unlisted: Vec<String> = next
            .entries
            .iter()
            .filter(|(key, e)| e.event != Event::Removed && !listed(key))
            .map(|(key, _)| key.clone())
            .collect();
        for key in unlisted {
            match self.gone(&key, &at) {
                Some(entry) => next.entries.insert(key, entry),
                None => next.entries.remove(&key),
            };
        }
        next
    }
}

impl Ledger {
    /// The next entry of a listed URL without a fingerprint (a list page
    /// with no file of its own): recorded, so that it is submitted, with
    /// no lastmod, since its date is rolled up from its members.
    fn generated(&self, key: &str, at: &str) -> Entry {
        match self.entries.get(key) {
            Some(old) if old.event != Event::Removed && old.fingerprint == Some(GENERATED) => {
                old.clone()
            }
            Some(old) if old.event != Event::Removed => Entry {
                event: Event::Changed,
                at: at.to_owned(),
                fingerprint: Some(GENERATED),
                lastmod: None,
                submitted: old.submitted,
            },
            old => Entry {
                event: Event::Added,
                at: at.to_owned(),
                fingerprint: Some(GENERATED),
                lastmod: None,
                submitted: old.and_then(|o| o.submitted),
            },
        }
    }
}

impl Event {
    pub(crate) fn parse(s: &str) -> Option<Event> {
        match s {
            "added" => Some(Event::Added),
            "changed" => Some(Event::Changed),
            "removed" => Some(Event::Removed),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(loc: &str, lastmod: Option<&str>) -> Url {
        let mut u = Url::new(Loc::parse(loc).unwrap());
        u.lastmod = lastmod.map(|l| l.parse().unwrap());
        u
    }

    #[test]
    fn same_changed_new_and_removed() {
        let t1: Lastmod = "2026-01-01T00:00:00Z".parse().unwrap();
        let t2: Lastmod = "2026-02-01T00:00:00Z".parse().unwrap();
        let fp = |pairs: &[(&str, u64)]| -> HashMap<Loc, u64> {
            pairs
                .iter()
                .map(|(l, f)| (Loc::parse(l).unwrap(), *f))
                .collect()
        };
        let mut first = vec![
            url("https://e.org/a/", Some("2024-01-01")),
            url("https://e.org/b/", None),
        ];
        let l1 = Ledger::default().apply(
            false,
            &mut first,
            &fp(&[("https://e.org/a/", 1), ("https://e.org/b/", 2)]),
            &t1,
        );
        // No ledger before: a page without a date keeps none.
        assert_eq!(first[1].lastmod, None);
        // Run 2, a shallow clone: git gives nothing; `a` unchanged keeps
        // its date, `b` changed and `c` new get the run's time.
        let mut second = vec![
            url("https://e.org/a/", None),
            url("https://e.org/b/", None),
            url("https://e.org/c/", None),
        ];
        let l2 = l1.apply(
            true,
            &mut second,
            &fp(&[
                ("https://e.org/a/", 1),
                ("https://e.org/b/", 3),
                ("https://e.org/c/", 4),
            ]),
            &t2,
        );
        let dates: Vec<Option<String>> = second
            .iter()
            .map(|u| u.lastmod.as_ref().map(Lastmod::to_xsd_string))
            .collect();
        assert_eq!(
            dates,
            [
                Some("2024-01-01".to_owned()),
                Some("2026-02-01T00:00:00Z".to_owned()),
                Some("2026-02-01T00:00:00Z".to_owned())
            ]
        );
        let changes: Vec<(String, Event)> =
            l2.changes().into_iter().map(|c| (c.loc, c.event)).collect();
        assert_eq!(
            changes,
            [
                ("https://e.org/b/".to_owned(), Event::Changed),
                ("https://e.org/c/".to_owned(), Event::Added)
            ]
        );
        // Run 3: `a` is gone.
        let mut third = vec![url("https://e.org/b/", None), url("https://e.org/c/", None)];
        let t3: Lastmod = "2026-03-01T00:00:00Z".parse().unwrap();
        let l3 = l2.apply(
            true,
            &mut third,
            &fp(&[("https://e.org/b/", 3), ("https://e.org/c/", 4)]),
            &t3,
        );
        assert_eq!(l3.entries["https://e.org/a/"].event, Event::Removed);
        assert_eq!(l3.changes().len(), 1);
        // Run 4, later, on the same input: nothing changes.
        let t4: Lastmod = "2026-04-01T00:00:00Z".parse().unwrap();
        let l4 = l3.apply(
            true,
            &mut third,
            &fp(&[("https://e.org/b/", 3), ("https://e.org/c/", 4)]),
            &t4,
        );
        assert_eq!(l4, l3);
    }

    /// A listed page without a fingerprint is recorded once, its lastmod
    /// left to the roll-up; a URL the set leaves out is taken back out:
    /// recorded as removed if it was listed before, not at all if not.
    #[test]
    fn generated_pages_recorded_and_unlisted_urls_taken_back() {
        let t1: Lastmod = "2026-01-01T00:00:00Z".parse().unwrap();
        let t2: Lastmod = "2026-02-01T00:00:00Z".parse().unwrap();
        let fp: HashMap<Loc, u64> = [
            (Loc::parse("https://e.org/a/").unwrap(), 1),
            (Loc::parse("https://e.org/b/").unwrap(), 2),
        ]
        .into_iter()
        .collect();
        let mut urls = vec![
            url("https://e.org/", None),
            url("https://e.org/a/", None),
            url("https://e.org/b/", None),
        ];
        let l1 = Ledger::default().apply(true, &mut urls, &fp, &t1);
        assert_eq!(urls[0].lastmod, None);
        let home = &l1.entries["https://e.org/"];
        assert_eq!(
            (home.event, home.fingerprint, &home.lastmod),
            (Event::Added, Some(GENERATED), &None)
        );
        let l2 = l1.apply(true, &mut urls, &fp, &t2);
        assert_eq!(l2, l1);
        let kept = l1.keep_listed(l2, |loc| loc != "https://e.org/b/", &t2);
        assert_eq!(kept.entries["https://e.org/b/"].event, Event::Removed);
        assert_eq!(kept.entries["https://e.org/b/"].at, "2026-02-01T00:00:00Z");
        let fresh = Ledger::default().apply(true, &mut urls, &fp, &t1);
        let kept = Ledger::default().keep_listed(fresh, |loc| loc != "https://e.org/b/", &t1);
        let locs: Vec<&str> = kept.entries.keys().map(String::as_str).collect();
        assert_eq!(locs, ["https://e.org/", "https://e.org/a/"]);
    }
}
