//! What the walk of the output folder says is there, asked of each file
//! a listed URL may be served by: a page it listed, a file in a regular
//! page's folder (which the walk passed by: there or not, known only by
//! opening it, or by the count of folders it saw), or neither; and each
//! listed URL's path below the output folder, worked out once.

use foldhash::{HashSet, HashSetExt as _};

use super::roots::Roots;
use crate::scan::Scan;
use crate::scan::built::Build;

/// What the walk says is there, asked of each file a URL may be served
/// by: a page it listed, a file in a regular page's folder (there or
/// not, known only by opening it), or neither.
pub(super) struct There<'a> {
    pages: HashSet<&'a str>,
    /// The regular pages' folders, which the walk passed by.
    leaves: &'a HashSet<String>,
    /// Those of them not there, when the walk saw fewer than it passed
    /// by (found by asking each: only when the build lacks some).
    missing: HashSet<&'a str>,
    unreadable: &'a [(String, String)],
}

/// Where a regular page's folder is.
pub(super) enum LeafIs {
    There,
    Missing,
    Unreadable,
}

impl<'a> There<'a> {
    pub(super) fn of(
        files: &'a sitemap_html::BuiltFiles,
        leaves: &'a HashSet<String>,
        build: &Build,
    ) -> There<'a> {
        let missing = if files.skipped == leaves.len() {
            HashSet::new()
        } else if files.skipped == 0 {
            // The walk saw none of them: all missing, none looked for.
            leaves.iter().map(String::as_str).collect()
        } else {
            leaves
                .iter()
                .filter(|f| !build.dir.join(f).is_dir())
                .map(String::as_str)
                .collect()
        };
        There {
            pages: files.pages.iter().map(String::as_str).collect(),
            leaves,
            missing,
            unreadable: &files.unreadable,
        }
    }

    /// The walk's own entry for `file`, when it listed it.
    pub(super) fn walked(&self, file: &str) -> Option<&'a str> {
        self.pages.get(file).copied()
    }

    /// Whether `file` may be there: listed, or below a regular page's
    /// folder, at any depth (the walk passes the whole folder by, and a
    /// page's `url` or `uglyURLs` can put other pages in it:
    /// `archive/index.html` beside `archive/eyeball/guide.html`).
    pub(super) fn may_be(&self, file: &str) -> bool {
        self.pages.contains(file)
            || file
                .match_indices('/')
                .any(|(i, _)| self.leaves.contains(&file[..i]))
    }

    /// Where the folder of a regular page is (`folder` works it out,
    /// only when some folder is missing or unreadable); `None` when it
    /// cannot be said.
    pub(super) fn leaf(&self, folder: &dyn Fn() -> Option<String>) -> Option<LeafIs> {
        if self.missing.is_empty() && self.unreadable.is_empty() {
            return Some(LeafIs::There);
        }
        let folder = folder()?;
        Some(if self.in_unreadable(&format!("{folder}/")) {
            LeafIs::Unreadable
        } else if self.missing.contains(folder.as_str()) {
            LeafIs::Missing
        } else {
            LeafIs::There
        })
    }

    /// Whether `file` lies in a folder that could not be read.
    pub(super) fn in_unreadable(&self, file: &str) -> bool {
        self.unreadable.iter().any(|(folder, _)| {
            folder.is_empty()
                || file
                    .strip_prefix(folder.as_str())
                    .is_some_and(|rest| rest.starts_with('/'))
        })
    }
}

/// A listed URL's path below the output folder.
pub(super) enum Rel {
    /// Under no host's folder: not checked.
    Outside,
    /// A regular page's, whose head is not read: its folder is in the
    /// set of regular pages' folders.
    Leaf,
    /// Any other, to read.
    Path(String),
}

/// Each listed URL's path below the output folder, and the folders of
/// the regular pages (which the walk passes by: `Build::leaves`), each
/// worked out once.
pub(super) fn paths_of(scan: &Scan, build: &Build, roots: &Roots) -> (Vec<Rel>, HashSet<String>) {
    let mut leaves = HashSet::new();
    let rels = scan
        .urls
        .iter()
        .map(|url| {
            let Some(mut rel) = roots.rel_of(&url.loc) else {
                return Rel::Outside;
            };
            if rel.len() < 2 || !rel.ends_with('/') || !build.leaves.contains(&url.loc) {
                return Rel::Path(rel);
            }
            if build.leaf_heads {
                leaves.insert(rel[..rel.len() - 1].to_owned());
                return Rel::Path(rel);
            }
            rel.pop();
            leaves.insert(rel);
            Rel::Leaf
        })
        .collect();
    (rels, leaves)
}
