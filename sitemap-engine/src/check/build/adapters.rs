//! The built pages the scan does not know, sorted: a content adapter's
//! page passes the gate (`scan/gate.rs`) as any page does, and is listed
//! from the build or left out with its one reason; any other page is a
//! difference unless the gate would leave it out anyway.
//!
//! For an adapter's page the gate's rules are asked here in their order:
//! 1, publish state, by its URL among the source's left-out records (the
//! caller passes such a page by: a draft an earlier `hugo -D` left built
//! is the draft the source counted); 2 and 3, what its section's cascade
//! hands it down (`Adapter::left_out`); 4 and 5, URL patterns and
//! robots.txt ([`Gate::by_url`]); then 6, once its head is read.

use std::collections::BTreeMap;
use std::path::PathBuf;

use sitemap_core::{Loc, Url};

use super::heads::Head;
use super::said::shown;
use super::shown_dir;
use crate::scan::built::Build;
use crate::scan::gate::{Gate, Verdict, by_head};
use crate::scan::{LeftOut, Scan};

/// Sorts the built pages the scan does not know, one at a time.
pub(super) struct Sorter<'a> {
    build: &'a Build,
    gate: &'a Gate,
    found: FromAdapters,
}

/// What the build adds to the scan: its adapters' pages.
#[derive(Default)]
pub(super) struct FromAdapters {
    /// The pages to list.
    added: Vec<Url>,
    /// How many pages each adapter's file gave.
    counts: BTreeMap<PathBuf, usize>,
    /// The pages the gate left out, each with its reason.
    left_out: Vec<LeftOut>,
    /// What the gate had to say of a page it kept (robots.txt, `keep`).
    warnings: Vec<String>,
}

/// What a built page the scan does not know turned out to be.
pub(super) enum Judged {
    /// An adapter's page, listed or left out; or a page no sitemap lists.
    Sorted,
    /// A page the scan misses: a difference.
    Unlisted(Loc),
    /// A page that cannot be read: its file and why.
    Unreadable(Loc, String),
}

impl<'a> Sorter<'a> {
    pub(super) fn new(build: &'a Build, gate: &'a Gate) -> Sorter<'a> {
        Sorter {
            build,
            gate,
            found: FromAdapters::default(),
        }
    }

    /// The adapter whose section `rel` lies in.
    fn adapter_of(&self, rel: &str) -> Option<&'a crate::scan::built::Adapter> {
        self.build
            .adapters
            .iter()
            .filter(|a| rel.starts_with(a.section.as_str()))
            .max_by_key(|a| a.section.len())
    }

    /// Rules 2 to 5 for the built page `rel` at `loc`: `Some(loc)` when
    /// its head is to be read, `None` when it is sorted already (an
    /// adapter's page left out, or any page the gate leaves out, which is
    /// no difference).
    pub(super) fn sort(&mut self, loc: Loc, rel: &str) -> Option<Loc> {
        let adapter = self.adapter_of(rel);
        if let Some(adapter) = adapter
            && let Some(reason) = &adapter.left_out
        {
            let page = LeftOut::new(adapter.file.clone(), reason.clone()).at(loc);
            self.found.left_out.push(page);
            return None;
        }
        match (self.gate.by_url(&loc), adapter) {
            (Verdict::Listed, _) => Some(loc),
            (Verdict::Kept(warning), Some(_)) => {
                self.found.warnings.push(warning);
                Some(loc)
            }
            (Verdict::Kept(_), None) => Some(loc),
            (Verdict::LeftOut(reason), Some(adapter)) => {
                let page = LeftOut::new(adapter.file.clone(), reason).at(loc);
                self.found.left_out.push(page);
                None
            }
            (Verdict::LeftOut(_), None) => None,
        }
    }

    /// Rule 6 for a page [`Sorter::sort`] passed on, now that its head is
    /// read.
    pub(super) fn judge(&mut self, loc: Loc, rel: &str, head: Head) -> Judged {
        let (indexing, lastmod) = match head {
            Head::Page {
                indexing, lastmod, ..
            } => (indexing, lastmod),
            Head::Folder => (sitemap_html::Indexing::Indexable, None),
            // Gone since the listing: nothing to sort.
            Head::Missing => return Judged::Sorted,
            Head::Unreadable { error, .. } => return Judged::Unreadable(loc, error),
        };
        let left_out = by_head(&indexing, &|_| false);
        match (self.adapter_of(rel), left_out) {
            (Some(adapter), None) => {
                let mut url = Url::new(loc);
                url.lastmod = lastmod;
                *self.found.counts.entry(adapter.file.clone()).or_insert(0) += 1;
                self.found.added.push(url);
                Judged::Sorted
            }
            (Some(_), Some(reason)) => {
                let file = super::under_site(self.build, rel);
                self.found.left_out.push(LeftOut::new(file, reason).at(loc));
                Judged::Sorted
            }
            // Not a page a sitemap lists, by its head.
            (None, Some(_)) => Judged::Sorted,
            (None, None) => Judged::Unlisted(loc),
        }
    }

    pub(super) fn finish(self) -> FromAdapters {
        self.found
    }
}

impl FromAdapters {
    /// Whether the build gives pages to list.
    pub(super) fn adds(&self) -> bool {
        !self.added.is_empty()
    }

    /// The adapters' pages into the scan: those listed in `loc` order,
    /// each adapter named with its count; those left out counted.
    pub(super) fn add_to(mut self, scan: &mut Scan, build: &Build) {
        scan.left_out.append(&mut self.left_out);
        scan.warnings.append(&mut self.warnings);
        if self.added.is_empty() {
            return;
        }
        let sorted = scan
            .urls
            .is_sorted_by(|a, b| a.loc.as_str() <= b.loc.as_str());
        scan.urls.append(&mut self.added);
        if sorted {
            scan.urls.sort_by(|a, b| a.loc.as_str().cmp(b.loc.as_str()));
        }
        let dir = shown_dir(&build.dir);
        for (file, count) in &self.counts {
            scan.warnings.push(format!(
                "{}: a content adapter: {count} page(s) it made listed from the site built in {dir}",
                shown(file)
            ));
        }
    }
}
