//! The result of a scan, and its finishing once the generator's rules
//! have run: sorted by `loc`, duplicates dropped, hreflang alternates
//! filled from translation keys, and list indices pointed at the sorted
//! positions.

use std::collections::BTreeMap;
use std::path::PathBuf;

use sitemap_core::{Alternate, Hreflang};

use crate::{ContentPage, LeftOut, Reason, Warning};

/// The result of [`Site::scan`](crate::Site::scan).
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct ContentScan {
    /// Every URL, sorted by `loc`, each once.
    pub pages: Vec<ContentPage>,
    /// Content files left out, sorted by path.
    pub excluded: Vec<LeftOut>,
    /// Things to tell the user.
    pub warnings: Vec<Warning>,
    /// How many content files were read.
    pub files_read: usize,
    /// Hugo content adapters found (`_content.gotmpl`): the scan cannot
    /// run their templates, so their pages come from the build.
    pub adapters: Vec<ContentAdapter>,
    /// The language whose version is a group's `x-default`; `None` for
    /// no `x-default`.
    pub(crate) x_default: Option<String>,
    /// Language code -> hreflang tag, where they differ (Hugo
    /// `languageCode`).
    pub(crate) hreflangs: BTreeMap<String, String>,
}

/// A Hugo content adapter (`_content.gotmpl`), whose pages only the
/// build has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentAdapter {
    /// Its file.
    pub file: PathBuf,
    /// The URL path of the section it makes pages in (`news/`, under its
    /// language's prefix).
    pub section: String,
    /// Why the pages it makes are left out, when what their section
    /// hands them down says so: Hugo gives an adapter's pages their
    /// section's cascade (a cascaded `sitemap.disable`, build options,
    /// `draft`, a publish date), as it gives a page with no front matter
    /// of its own.
    pub left_out: Option<Reason>,
}

impl ContentScan {
    /// An empty scan of `site`: its `x-default` language and hreflang
    /// tags set, for the generator's scan to fill.
    pub fn new(site: &crate::Site) -> ContentScan {
        ContentScan {
            x_default: site.x_default_language(),
            hreflangs: site.hreflangs.clone(),
            ..ContentScan::default()
        }
    }

    /// Sorts, removes duplicate `loc`s (the first in file order wins, as a
    /// generator's later file would overwrite nothing), fills hreflang
    /// alternates from translation keys, and points `member_of` and
    /// `pager_of` at the sorted positions (a dropped duplicate's at the
    /// page kept for its `loc`).
    pub(crate) fn finish(&mut self) {
        self.fill_alternates();
        let pages = &mut self.pages;
        let n = pages.len();
        // Sorted through a permutation of indices, then moved in place:
        // no second list of pages (nor a merge sort's buffer of them) on
        // a large site, and each page's old index is known, to point
        // `member_of` at the new ones. Stable: among pages sharing a loc,
        // file order is kept.
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by(|&a, &b| pages[a as usize].loc.cmp(&pages[b as usize].loc));
        let mut sorted_at = vec![0_u32; n];
        for (at, &old) in order.iter().enumerate() {
            sorted_at[old as usize] = at as u32;
        }
        let mut place = sorted_at.clone();
        for i in 0..n {
            while place[i] as usize != i {
                let j = place[i] as usize;
                pages.swap(i, j);
                place.swap(i, j);
            }
        }
        drop((order, place));
        // Duplicates moved past the end, then dropped; each sorted
        // position's page is the one kept for its loc.
        let mut kept_at = vec![0_u32; n];
        let mut kept = 0;
        for read in 0..n {
            if kept > 0 && pages[kept - 1].loc == pages[read].loc {
                kept_at[read] = (kept - 1) as u32;
                let (last, page) = (&pages[kept - 1], &pages[read]);
                let shown = |p: &PathBuf| p.strip_prefix(".").unwrap_or(p).display().to_string();
                let what = match (&last.source, &page.source) {
                    (Some(a), Some(b)) => format!("{} and {}", shown(a), shown(b)),
                    (Some(a), None) | (None, Some(a)) => {
                        format!("{} and a list page made without a file", shown(a))
                    }
                    (None, None) => "two generated pages".to_owned(),
                };
                self.warnings.push(Warning::new(
                    None,
                    &format!("{what} both publish {}: listed once", page.loc),
                ));
                continue;
            }
            pages.swap(kept, read);
            kept_at[read] = kept as u32;
            kept += 1;
        }
        pages.truncate(kept);
        let new_index = |old: u32| kept_at[sorted_at[old as usize] as usize];
        for page in pages.iter_mut() {
            for list in &mut page.member_of {
                *list = new_index(*list);
            }
            if let Some(list) = &mut page.pager_of {
                *list = new_index(*list);
            }
        }
        self.excluded.sort_by(|a, b| a.path.cmp(&b.path));
        self.warnings.sort();
        self.warnings.dedup();
    }

    fn fill_alternates(&mut self) {
        // Only pages with a key in more than one language get alternates.
        let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, page) in self.pages.iter().enumerate() {
            if let Some(key) = &page.translation_key {
                groups.entry(key.clone()).or_default().push(i);
            }
        }
        let x_default = self.x_default.clone();
        for members in groups.values() {
            let mut langs: Vec<&str> = members
                .iter()
                .map(|&i| self.pages[i].lang.as_str())
                .collect();
            langs.sort_unstable();
            langs.dedup();
            if langs.len() < 2 {
                continue;
            }
            let mut alternates = Vec::new();
            let mut bad = None;
            for &i in members {
                let page = &self.pages[i];
                let tag = self
                    .hreflangs
                    .get(&page.lang)
                    .cloned()
                    .unwrap_or_else(|| page.lang.clone());
                match tag.parse::<Hreflang>() {
                    Ok(h) => alternates.push(Alternate::new(h, page.loc.clone())),
                    Err(e) => bad = Some(e.to_string()),
                }
                if x_default.as_deref() == Some(page.lang.as_str()) {
                    alternates.push(Alternate::new(Hreflang::x_default(), page.loc.clone()));
                }
            }
            if let Some(message) = bad {
                self.warnings.push(Warning::new(
                    None,
                    &format!("no hreflang alternates: {message}"),
                ));
                continue;
            }
            alternates.sort();
            alternates.dedup();
            for &i in members {
                self.pages[i].alternates = alternates.clone();
            }
        }
    }
}
