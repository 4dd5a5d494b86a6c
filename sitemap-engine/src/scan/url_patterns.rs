//! `include-urls` / `exclude-urls` on a finished scan, whatever its source
//! (a content tree, built HTML, a page list, a book): the entries whose
//! URL the patterns leave out move to [`Scan::left_out`], with the file
//! they came from where the scan knows it, so the summary counts them and
//! `--verbose` names them. The patterns themselves are
//! [`sitemap_pages::url_filter`]'s.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use sitemap_core::Loc;
use sitemap_pages::url_filter::UrlFilter;

use super::{LeftOut, Scan};
use crate::error::Error;
use crate::settings::Resolved;

/// The compiled patterns, or an error naming the key and where it was
/// set; `None` when neither key is set.
pub(crate) fn filter(resolved: &Resolved) -> Result<Option<UrlFilter>, Error> {
    let s = &resolved.settings;
    let include = s.include_urls.clone().unwrap_or_default();
    let exclude = s.exclude_urls.clone().unwrap_or_default();
    if include.is_empty() && exclude.is_empty() {
        return Ok(None);
    }
    // Checked one key at a time, so the message names the right one.
    UrlFilter::new(&include, &[])
        .map_err(|e| resolved.value_error("include-urls", e.to_string()))?;
    UrlFilter::new(&[], &exclude)
        .map_err(|e| resolved.value_error("exclude-urls", e.to_string()))?;
    UrlFilter::new(&include, &exclude)
        .map(Some)
        .map_err(|e| resolved.value_error("exclude-urls", e.to_string()))
}

/// Moves the entries `filter` leaves out to `scan.left_out`, their files
/// relative to `root` as every reader's are. `file` finds an entry's file
/// where `scan.sources` does not have it (built HTML); failing both (a
/// taxonomy's list page), the entry's path under the base URL stands for
/// it.
pub(crate) fn apply(
    scan: &mut Scan,
    filter: &UrlFilter,
    root: Option<&Path>,
    file: impl Fn(&Loc) -> Option<PathBuf>,
) {
    let Some(base) = scan.base_url.clone() else {
        return;
    };
    let mut out = Vec::new();
    scan.urls.retain(|url| match filter.check(&base, &url.loc) {
        None => true,
        Some(reason) => {
            out.push((url.loc.clone(), reason));
            false
        }
    });
    let sources = &scan.sources;
    scan.left_out.extend(out.into_iter().map(|(loc, reason)| {
        let relative = |p: &PathBuf| match root {
            Some(root) => p.strip_prefix(root).unwrap_or(p).to_path_buf(),
            None => p.clone(),
        };
        let path = sources
            .get(&loc)
            .map(relative)
            .or_else(|| file(&loc))
            .unwrap_or_else(|| under_base(&base, &loc));
        LeftOut::new(path, reason).at(loc)
    }));
}

/// The URLs the patterns left out, which the lastmod ledger must not
/// keep as listed.
pub(crate) fn left_out_locs(scan: &Scan) -> HashSet<&str> {
    scan.left_out
        .iter()
        .filter(|e| {
            matches!(
                e.reason,
                super::Reason::UrlExcluded { .. } | super::Reason::UrlNotIncluded
            )
        })
        .filter_map(|e| e.loc.as_ref().map(Loc::as_str))
        .collect()
}

fn under_base(base: &Loc, loc: &Loc) -> PathBuf {
    let rest = loc
        .as_str()
        .strip_prefix(base.folder().as_str())
        .unwrap_or(loc.as_str());
    Path::new(rest).to_path_buf()
}
