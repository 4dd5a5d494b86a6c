//! The checks that need every page placed: mdBook's root copy of its
//! first chapter, and hreflang pairs that do not link back.

use std::path::{Path, PathBuf};

use super::bytes;
use super::resolve::Resolver;
use crate::report::{Reason, Warning, WarningKind};

impl Resolver {
    /// mdBook writes its first chapter a second time as the root
    /// `index.html` (no canonical in either): the same page at two URLs,
    /// of which the book's pages, and this toolkit's mdBook plugin, list
    /// the chapter. A root `index.html` of mdBook's (its script sets
    /// `path_to_root`, as mdBook 0.4 and 0.5 themes do) that is a byte
    /// copy of another listed page (the first by path) is left out for
    /// it. Only mdBook's: on another site two equal pages are two URLs
    /// that both serve, and the root is the one to keep. Only pages of
    /// the same size are read to compare.
    pub(super) fn drop_root_copy(&mut self) {
        let root_index = self.root.join("index.html");
        let Some(root_loc) = self
            .listed
            .iter()
            .find(|(_, l)| l.path == root_index)
            .map(|(loc, _)| loc.clone())
        else {
            return;
        };
        let size = |p: &Path| std::fs::metadata(p).map(|m| m.len()).ok();
        let Some(len) = size(&root_index).filter(|&n| n > 0) else {
            return;
        };
        let Ok(content) = sitemap_core::input::read_regular(
            &root_index,
            sitemap_pages::images::markdown::MAX_PAGE_BYTES,
        ) else {
            return;
        };
        if !content.windows(15).any(|w| w == b"path_to_root = ") {
            return;
        }
        let mut others: Vec<&PathBuf> = self
            .listed
            .values()
            .map(|l| &l.path)
            .filter(|p| **p != root_index && size(p) == Some(len))
            .collect();
        others.sort_by(|a, b| bytes(a).cmp(bytes(b)));
        let Some(of) = others
            .into_iter()
            .find(|p| {
                sitemap_core::input::read_regular(
                    p,
                    sitemap_pages::images::markdown::MAX_PAGE_BYTES,
                )
                .is_ok_and(|b| b == content)
            })
            .cloned()
        else {
            return;
        };
        if let Some(copy) = self.listed.remove(&root_loc) {
            self.images.listed = self
                .images
                .listed
                .saturating_sub(copy.url.images.len() as u64);
        }
        self.exclude(root_index, Reason::CopyOf { of });
    }

    /// Google ignores an hreflang pair unless both pages name each other:
    /// report every alternate on this site that does not link back.
    pub(super) fn check_hreflang(&mut self) {
        let mut found = Vec::new();
        for (loc, listed) in &self.listed {
            for alternate in &listed.url.alternates {
                if &alternate.href == loc || !alternate.href.is_under(&self.base) {
                    continue;
                }
                let kind = match self.listed.get(&alternate.href) {
                    Some(other) if other.url.alternates.iter().any(|a| &a.href == loc) => continue,
                    Some(_) => WarningKind::OneWayHreflang {
                        loc: loc.clone(),
                        alternate: alternate.href.clone(),
                        hreflang: alternate.hreflang.to_string(),
                    },
                    None => WarningKind::HreflangTargetNotListed {
                        loc: loc.clone(),
                        alternate: alternate.href.clone(),
                        hreflang: alternate.hreflang.to_string(),
                    },
                };
                found.push(Warning {
                    path: listed.path.clone(),
                    kind,
                });
            }
        }
        self.warnings.extend(found);
    }
}
