//! The set writer: fills a directory with one sitemap, or several and a
//! `<sitemapindex>`, written atomically.
//!
//! - this module: what to write ([`SetOptions`], [`Format`], the
//!   policies for entries outside the folder and duplicates);
//! - `writer`: [`SetWriter`], entries in, parts split at the limits
//!   (and into groups, a sitemap or several each: [`SetWriter::push_in`]);
//!   `writer::finish` closes it: final names, the index;
//! - `parts`: each part written and hashed on a thread of its own;
//! - `seen`: the duplicate check, a hash per `loc`, kept in `chunked`;
//! - `staged`: [`StagedSet`], the finished set and its companion files,
//!   published as one unit;
//! - `cleanup`: the index, and the files a new set replaces;
//! - `report` and `error`: what a run did, and why it failed.

mod chunked;
mod cleanup;
mod error;
mod parts;
mod report;
mod seen;
mod staged;
mod writer;

pub use self::error::{SetError, SetErrorKind};
pub use self::report::{ImagesCut, IndexFile, Pushed, SetReport, SitemapFile, SkipReason, Skipped};
pub use self::staged::StagedSet;
pub use self::writer::SetWriter;

use std::path::Path;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::output::LockPolicy;
use crate::{Limits, Loc};

use self::cleanup::leftovers;
use self::writer::folder_of;

/// How many skipped entries a [`SetReport`] keeps by name.
pub const MAX_SKIPPED_SAMPLES: usize = 100;

/// The file format of the sitemaps in a set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Format {
    /// `<urlset>` XML, `.xml`.
    #[default]
    Xml,
    /// One `loc` per line, `.txt`.
    Text,
}

impl Format {
    /// The file extension, without the dot (and without `.gz`).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Xml => "xml",
            Format::Text => "txt",
        }
    }
}

/// What to do with an entry whose `loc` lies outside the folder the
/// sitemap is served from (the protocol's location rule).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum OutsidePolicy {
    /// Stop with [`SetErrorKind::Outside`].
    #[default]
    Error,
    /// Leave the entry out and count it in the [`SetReport`].
    Skip,
}

/// What to do with an entry whose `loc` was already written.
///
/// Detecting duplicates keeps a 64-bit SipHash of each `loc` written: 9 to
/// 10 bytes per distinct `loc` (the hash in a sorted vector, plus a Bloom
/// filter that answers most lookups with one memory read) and about
/// 1.2 MiB of fixed buffers, so about 10 MiB for a million URLs. Two
/// different `loc`s share a hash with probability about n²/2⁶⁵ (3·10⁻⁸ for
/// a million), in which case the later one would be taken for a duplicate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum DuplicatePolicy {
    /// Stop with [`SetErrorKind::Duplicate`].
    #[default]
    Error,
    /// Leave the later entry out and count it in the [`SetReport`].
    Skip,
    /// Write every entry; nothing is remembered (no memory per URL).
    Allow,
}

/// Options of a [`SetWriter`].
///
/// ```
/// use sitemap_core::{Format, Limits, SetOptions};
///
/// let options = SetOptions::new("public", "https://example.org/docs/".parse()?)
///     .with_gzip(true)
///     .with_format(Format::Xml)
///     .with_limits(Limits::SITEMAPS_ORG);
/// assert_eq!(options.stem, "sitemap");
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SetOptions {
    /// The directory the files are written to (created when missing).
    pub dir: PathBuf,
    /// The URL of that directory on the site: the `<loc>` of each sitemap
    /// in the index is this URL joined with the file name, and only
    /// entries under it may be listed (the location rule). A missing
    /// trailing `/` is added: this names a folder.
    pub base_url: Loc,
    /// The file name stem: `sitemap` gives `sitemap.xml`, `sitemap-1.xml`,
    /// …. ASCII letters, digits, `-` and `_`.
    pub stem: String,
    /// XML or plain text.
    pub format: Format,
    /// Gzip every file (`.gz` appended to the names).
    pub gzip: bool,
    /// When to start a new file.
    pub limits: Limits,
    /// Entries outside [`SetOptions::base_url`].
    pub outside: OutsidePolicy,
    /// Entries whose `loc` was already written.
    pub duplicates: DuplicatePolicy,
    /// The XSLT stylesheet `href` for each `<urlset>` (see
    /// [`XmlOptions::stylesheet`](crate::XmlOptions::stylesheet)).
    pub stylesheet: Option<String>,
    /// The XSLT stylesheet `href` for the `<sitemapindex>`.
    pub index_stylesheet: Option<String>,
    /// Declare `xmlns:xhtml` on every `<urlset>` root (see
    /// [`XmlOptions::declare_xhtml`](crate::XmlOptions::declare_xhtml)).
    pub declare_xhtml: bool,
    /// Declare `xmlns:image` on every `<urlset>` root (see
    /// [`XmlOptions::declare_image`](crate::XmlOptions::declare_image)).
    pub declare_image: bool,
    /// When another run is writing into [`SetOptions::dir`]: wait for it
    /// (the default) or stop with [`SetErrorKind::Locked`].
    pub lock: LockPolicy,
}

impl SetOptions {
    /// Options for writing into `dir`, served at `base_url`: XML, not
    /// gzipped, stem `sitemap`, [`Limits::LEGACY`], errors for entries
    /// outside `base_url` and for duplicates, no stylesheets.
    pub fn new(dir: impl Into<PathBuf>, base_url: Loc) -> SetOptions {
        SetOptions {
            dir: dir.into(),
            base_url,
            stem: "sitemap".to_owned(),
            format: Format::Xml,
            gzip: false,
            limits: Limits::LEGACY,
            outside: OutsidePolicy::Error,
            duplicates: DuplicatePolicy::Error,
            stylesheet: None,
            index_stylesheet: None,
            declare_xhtml: false,
            declare_image: false,
            lock: LockPolicy::Wait,
        }
    }

    /// Sets [`SetOptions::stem`].
    #[must_use]
    pub fn with_stem(mut self, stem: impl Into<String>) -> SetOptions {
        self.stem = stem.into();
        self
    }

    /// Sets [`SetOptions::format`].
    #[must_use]
    pub fn with_format(mut self, format: Format) -> SetOptions {
        self.format = format;
        self
    }

    /// Sets [`SetOptions::gzip`].
    #[must_use]
    pub fn with_gzip(mut self, gzip: bool) -> SetOptions {
        self.gzip = gzip;
        self
    }

    /// Sets [`SetOptions::limits`].
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> SetOptions {
        self.limits = limits;
        self
    }

    /// Sets [`SetOptions::outside`].
    #[must_use]
    pub fn with_outside(mut self, policy: OutsidePolicy) -> SetOptions {
        self.outside = policy;
        self
    }

    /// Sets [`SetOptions::duplicates`].
    #[must_use]
    pub fn with_duplicates(mut self, policy: DuplicatePolicy) -> SetOptions {
        self.duplicates = policy;
        self
    }

    /// Sets [`SetOptions::stylesheet`].
    #[must_use]
    pub fn with_stylesheet(mut self, href: impl Into<String>) -> SetOptions {
        self.stylesheet = Some(href.into());
        self
    }

    /// Sets [`SetOptions::index_stylesheet`].
    #[must_use]
    pub fn with_index_stylesheet(mut self, href: impl Into<String>) -> SetOptions {
        self.index_stylesheet = Some(href.into());
        self
    }

    /// Sets [`SetOptions::declare_xhtml`].
    #[must_use]
    pub fn with_declare_xhtml(mut self, declare: bool) -> SetOptions {
        self.declare_xhtml = declare;
        self
    }

    /// Sets [`SetOptions::declare_image`].
    #[must_use]
    pub fn with_declare_image(mut self, declare: bool) -> SetOptions {
        self.declare_image = declare;
        self
    }

    /// Sets [`SetOptions::lock`].
    #[must_use]
    pub fn with_lock(mut self, lock: LockPolicy) -> SetOptions {
        self.lock = lock;
        self
    }

    /// The files in [`SetOptions::dir`] that publishing a set of these
    /// options, made of the files named `keep`, whose root's bytes `root`
    /// holds, would remove (see [`SetWriter`]'s "Atomicity"). `sitemap
    /// scan --check` reports them.
    pub fn leftovers(&self, keep: &[String], root: &Path) -> Result<Vec<PathBuf>, SetError> {
        let folder = folder_of(&self.base_url).map_err(|msg| {
            SetError::new(
                self.dir.join(self.single_name()),
                SetErrorKind::Options(msg),
            )
        })?;
        Ok(leftovers(self, &folder, keep, root)?.removed)
    }

    fn gz(&self) -> &'static str {
        if self.gzip { ".gz" } else { "" }
    }

    /// The set's root file in its folder: the one sitemap, or the index
    /// of several (`public/sitemap.xml`).
    pub fn root_file(&self) -> PathBuf {
        self.dir.join(self.single_name())
    }

    /// `sitemap.xml[.gz]` or `sitemap.txt[.gz]`: the name of the only file
    /// of a set that fits in one.
    fn single_name(&self) -> String {
        format!("{}.{}{}", self.stem, self.format.extension(), self.gz())
    }

    /// `sitemap-N-<tag>.xml[.gz]`: the tag is eight hex digits of the
    /// part's content hash.
    fn part_name(&self, number: u64, hash: u64) -> String {
        format!(
            "{}-{number}-{:08x}.{}{}",
            self.stem,
            hash >> 32,
            self.format.extension(),
            self.gz()
        )
    }

    /// `sitemap-<group>[-N]-<tag>.xml[.gz]`: a part of a group of a set
    /// of several groups, numbered only when the group has several; a
    /// group too long for the name to fit in [`MAX_FILE_NAME`] bytes is
    /// shortened ([`fit_group`]).
    fn group_part_name(&self, group: &str, number: Option<u64>, hash: u64) -> String {
        let number = number.map(|n| format!("-{n}")).unwrap_or_default();
        let tail = format!(
            "{number}-{:08x}.{}{}",
            hash >> 32,
            self.format.extension(),
            self.gz()
        );
        let room = MAX_FILE_NAME.saturating_sub(self.stem.len() + 1 + tail.len());
        format!("{}-{}{tail}", self.stem, fit_group(group, room))
    }

    /// `sitemap.xml[.gz]`: the index is XML whatever the format.
    fn index_name(&self) -> String {
        format!("{}.xml{}", self.stem, self.gz())
    }
}

/// The longest file name ext4, XFS, Btrfs and APFS take, in bytes (and
/// NTFS in UTF-16 units, which an ASCII name matches).
const MAX_FILE_NAME: usize = 255;

/// A group's name as it fits in `room` bytes of a file name: whole when it
/// does, else its start and `_` and 16 hex digits of the xxh3 hash of the
/// whole name. A section named in 30 Japanese characters is 270 bytes once
/// its URL's `%` escapes are made file-safe; the hash keeps two long names
/// with the same start apart, and the same name always shortens the same
/// way, so the part keeps its name from run to run.
fn fit_group(group: &str, room: usize) -> std::borrow::Cow<'_, str> {
    if group.len() <= room {
        return std::borrow::Cow::Borrowed(group);
    }
    let tag = format!("{:016x}", xxhash_rust::xxh3::xxh3_64(group.as_bytes()));
    let mut keep = room.saturating_sub(tag.len() + 1);
    while !group.is_char_boundary(keep) {
        keep -= 1;
    }
    std::borrow::Cow::Owned(format!("{}_{tag}", &group[..keep]))
}

#[cfg(test)]
mod tests {
    use super::cleanup::group_part;
    use super::cleanup::part_number;

    #[test]
    fn group_part_names() {
        for name in [
            "sitemap-blog-0a1b2c3d.xml",
            "sitemap-blog-2-0a1b2c3d.xml.gz",
            "sitemap-my_docs-0a1b2c3d.txt",
            "sitemap-3-0a1b2c3d.xml",
        ] {
            assert!(group_part(name, "sitemap"), "{name}");
        }
        for name in [
            "sitemap-blog.xml",
            "sitemap--0a1b2c3d.xml",
            "sitemap-blog-0A1B2C3D.xml",
            "sitemap-blog-0a1b2c3.xml",
            "sitemap-b.g-0a1b2c3d.xml",
            "sitemap-blog-0a1b2c3d.html",
            "other-blog-0a1b2c3d.xml",
        ] {
            assert!(!group_part(name, "sitemap"), "{name}");
        }
    }

    #[test]
    fn part_names() {
        for (name, expected) in [
            ("sitemap-12.txt", (12, false)),
            ("sitemap-1.txt.gz", (1, false)),
            ("sitemap-3-0a1b2c3d.xml", (3, true)),
            ("sitemap-3-0a1b2c3d.xml.gz", (3, true)),
        ] {
            assert_eq!(part_number(name, "sitemap"), Some(expected), "{name}");
        }
        for name in [
            "sitemap.xml",
            "sitemap-.xml",
            "sitemap-a.xml",
            "sitemap.html",
            "other.xml",
            ".sitemap-x.tmp",
            "sitemap-1.xml.bak",
            "sitemapx.xml",
            "sitemap-1-0A1B2C3D.xml",
            "sitemap-1-0a1b2c3.xml",
            "sitemap-1-0a1b2c3d4.xml",
        ] {
            assert_eq!(part_number(name, "sitemap"), None, "{name}");
        }
    }

    /// A group too long for a file name (30 Japanese characters of a
    /// section, `_E6_97_A5…`, 270 bytes) is cut to fit with a hash of the
    /// whole: within 255 bytes, the same every run, two names sharing a
    /// start kept apart, and still read back as a group's part.
    #[test]
    fn long_groups_are_shortened_to_fit_a_file_name() {
        let options = super::SetOptions::new("public", "https://example.org/".parse().unwrap())
            .with_gzip(true);
        let long = "_E6_97_A5".repeat(30);
        let other = format!("{}x", "_E6_97_A5".repeat(30));
        for number in [None, Some(1), Some(10_000)] {
            let name = options.group_part_name(&long, number, u64::MAX);
            assert_eq!(name.len(), super::MAX_FILE_NAME, "{name}");
            assert_eq!(name, options.group_part_name(&long, number, u64::MAX));
            assert_ne!(name, options.group_part_name(&other, number, u64::MAX));
            assert!(group_part(&name, "sitemap"), "{name}");
        }
        assert_eq!(
            options.group_part_name("blog", Some(2), 0x0a1b_2c3d_0000_0000),
            "sitemap-blog-2-0a1b2c3d.xml.gz"
        );
    }
}
