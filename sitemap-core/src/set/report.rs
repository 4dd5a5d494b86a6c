//! What writing a set did: each entry pushed ([`Pushed`]), the entries
//! left out ([`Skipped`]), and the files of the set ([`SetReport`]).

use std::path::Path;
use std::path::PathBuf;

use crate::Lastmod;
use crate::Loc;

/// What [`SetWriter::push`](crate::SetWriter::push) did with an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Pushed {
    /// Written.
    Written,
    /// Left out: outside the folder ([`OutsidePolicy::Skip`](crate::OutsidePolicy::Skip)).
    SkippedOutside,
    /// Left out: a `loc` already written ([`DuplicatePolicy::Skip`](crate::DuplicatePolicy::Skip)).
    SkippedDuplicate,
}

/// Why an entry was left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SkipReason {
    /// Outside the folder the sitemap is served from.
    Outside,
    /// Its `loc` was already written.
    Duplicate,
}

/// An entry that was left out.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Skipped {
    /// Its `loc`.
    pub loc: Loc,
    /// Why.
    pub reason: SkipReason,
}

/// A page with more images than one `<url>` may hold: only the first
/// [`MAX_IMAGES_PER_URL`](crate::MAX_IMAGES_PER_URL) were written.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ImagesCut {
    /// The page.
    pub loc: Loc,
    /// How many images it had.
    pub found: usize,
}

/// One sitemap file of a finished set.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SitemapFile {
    /// Where it was written.
    pub path: PathBuf,
    /// Where it is served.
    pub loc: Loc,
    /// How many `<url>` entries (or lines) it holds.
    pub urls: u64,
    /// Its uncompressed size in bytes.
    pub bytes: u64,
    /// The newest `lastmod` among its entries.
    pub lastmod: Option<Lastmod>,
}

/// The `<sitemapindex>` of a finished set that needed more than one file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IndexFile {
    /// Where it was written.
    pub path: PathBuf,
    /// Where it is served.
    pub loc: Loc,
    /// Its uncompressed size in bytes.
    pub bytes: u64,
}

/// What a [`SetWriter`](crate::SetWriter) wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SetReport {
    /// The sitemaps, in order: `sitemap.xml` alone, or `sitemap-1.xml`,
    /// `sitemap-2.xml`, ….
    pub sitemaps: Vec<SitemapFile>,
    /// The index, when there is more than one sitemap.
    pub index: Option<IndexFile>,
    /// How many entries were written.
    pub urls: u64,
    /// How many entries were left out as outside the folder.
    pub skipped_outside: u64,
    /// How many entries were left out as duplicates.
    pub skipped_duplicates: u64,
    /// The first [`MAX_SKIPPED_SAMPLES`](crate::MAX_SKIPPED_SAMPLES) entries left out, in order.
    pub skipped: Vec<Skipped>,
    /// How many `<image:image>` elements were written (none in a text
    /// sitemap, which cannot hold them).
    pub images: u64,
    /// How many images were left out past
    /// [`MAX_IMAGES_PER_URL`](crate::MAX_IMAGES_PER_URL) on one page.
    pub images_cut: u64,
    /// The first [`MAX_SKIPPED_SAMPLES`](crate::MAX_SKIPPED_SAMPLES) pages
    /// whose images were cut, in order.
    pub cut: Vec<ImagesCut>,
    /// Files of an earlier run that are not part of this set, removed
    /// (empty until [`StagedSet::commit`](crate::StagedSet::commit)).
    pub removed: Vec<PathBuf>,
    /// Files under the root's other format names (`sitemap.txt` beside a
    /// new `sitemap.xml`) that nothing shows the tool wrote, so they were
    /// left in place (empty until
    /// [`StagedSet::commit`](crate::StagedSet::commit)): a hand-made
    /// sitemap looks the same as an earlier run's in another format.
    pub kept: Vec<PathBuf>,
    /// Temporary files of an interrupted run, removed before writing.
    pub swept: Vec<PathBuf>,
}

impl SetReport {
    /// The file to name in robots.txt (`Sitemap: <loc>`): the index when
    /// there is one, else the only sitemap.
    pub fn root(&self) -> (&Path, &Loc) {
        match &self.index {
            Some(index) => (&index.path, &index.loc),
            None => {
                let only = &self.sitemaps[0];
                (&only.path, &only.loc)
            }
        }
    }
}
