//! The ignore-revs list (`.git-blame-ignore-revs`): the commits a history
//! pass does not count, read once per pass and asked by commit id.

use std::path::Path;

use super::Oid;
use super::OidSet;
use crate::error::Error;

/// The most an ignore-revs file may hold: the bound `sitemap-pages` puts on
/// a page, far above any real list of commit ids.
const MAX_IGNORE_REVS_BYTES: u64 = 16 << 20;

/// The commits a history pass does not count, read from a file in the
/// format of `.git-blame-ignore-revs` (what `git blame
/// --ignore-revs-file` reads): one full commit id a line, `#` starts a
/// comment, blank lines are skipped.
///
/// An abbreviated id is an error naming its line: git refuses it too, and
/// a prefix could name a different commit tomorrow. A full id that is not
/// in the repository is accepted silently, as git does: the list is
/// shared by every clone, and a shallow clone, a branch rewritten since,
/// or a commit of another branch all leave ids that this checkout does
/// not have; a warning there would fire on every CI build.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IgnoreRevs {
    pub(crate) ids: OidSet,
}

impl IgnoreRevs {
    /// Reads and parses `path`.
    pub fn read(path: &Path) -> Result<IgnoreRevs, Error> {
        let text = sitemap_core::input::read_regular_text(path, MAX_IGNORE_REVS_BYTES).map_err(
            |source| Error::Io {
                path: path.to_owned(),
                source,
            },
        )?;
        IgnoreRevs::parse(path, &text)
    }

    /// Parses `text`, the contents of `path` (named in errors).
    pub fn parse(path: &Path, text: &str) -> Result<IgnoreRevs, Error> {
        let mut ids = OidSet::default();
        for (n, line) in text.lines().enumerate() {
            let id = line.split('#').next().unwrap_or_default().trim();
            if id.is_empty() {
                continue;
            }
            let oid = Oid::from_hex(id.as_bytes()).ok_or_else(|| Error::IgnoreRevs {
                path: path.to_owned(),
                line: n + 1,
                text: id.to_owned(),
            })?;
            ids.insert(oid);
        }
        Ok(IgnoreRevs { ids })
    }

    /// How many commits are listed.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}
