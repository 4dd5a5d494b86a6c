//! The set writer: fills a directory with one sitemap, or several and a
//! `<sitemapindex>`, written atomically.

mod seen;

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};

use serde::{Deserialize, Serialize};
use thiserror::Error;
use xxhash_rust::xxh3::Xxh3;

use crate::gzip::{BLOCK, ParallelGz, Pool, gzip};
use crate::output::{LockPolicy, OutputDir, OutputError, OutputErrorKind, StagedFile};
use crate::robots::RobotsError;
use crate::text::encode_line;
use crate::xml::{URLSET_END, encode_prologue, encode_url, encode_urlset_start};
use crate::{IndexWriter, Lastmod, Limits, Loc, Url, XmlOptions};

use self::seen::Seen;

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
    /// [`XmlOptions::stylesheet`]).
    pub stylesheet: Option<String>,
    /// The XSLT stylesheet `href` for the `<sitemapindex>`.
    pub index_stylesheet: Option<String>,
    /// Declare `xmlns:xhtml` on every `<urlset>` root (see
    /// [`XmlOptions::declare_xhtml`]).
    pub declare_xhtml: bool,
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

    /// Sets [`SetOptions::lock`].
    #[must_use]
    pub fn with_lock(mut self, lock: LockPolicy) -> SetOptions {
        self.lock = lock;
        self
    }

    /// The files in [`SetOptions::dir`] that publishing a set of these
    /// options, made of the files named `keep`, would remove (see
    /// [`SetWriter`]'s "Atomicity"). `sitemap scan --check` reports them.
    pub fn leftovers(&self, keep: &[String]) -> Result<Vec<PathBuf>, SetError> {
        let folder = folder_of(&self.base_url).map_err(|msg| {
            SetError::new(
                self.dir.join(self.single_name()),
                SetErrorKind::Options(msg),
            )
        })?;
        leftovers(self, &folder, keep)
    }

    fn gz(&self) -> &'static str {
        if self.gzip { ".gz" } else { "" }
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

    /// `sitemap.xml[.gz]`: the index is XML whatever the format.
    fn index_name(&self) -> String {
        format!("{}.xml{}", self.stem, self.gz())
    }
}

/// What [`SetWriter::push`] did with an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Pushed {
    /// Written.
    Written,
    /// Left out: outside the folder ([`OutsidePolicy::Skip`]).
    SkippedOutside,
    /// Left out: a `loc` already written ([`DuplicatePolicy::Skip`]).
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

/// What a [`SetWriter`] wrote.
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
    /// The first [`MAX_SKIPPED_SAMPLES`] entries left out, in order.
    pub skipped: Vec<Skipped>,
    /// Files of an earlier run that are not part of this set, removed
    /// (empty until [`StagedSet::commit`]).
    pub removed: Vec<PathBuf>,
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

/// A [`SetWriter`] failure: which file, and what went wrong.
#[derive(Debug, Error)]
#[error("{}: {kind}", .path.display())]
pub struct SetError {
    path: PathBuf,
    kind: SetErrorKind,
}

impl SetError {
    fn new(path: impl Into<PathBuf>, kind: SetErrorKind) -> SetError {
        SetError {
            path: path.into(),
            kind,
        }
    }

    /// The file concerned: the file being written, or for a refused entry
    /// the set's root file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What went wrong.
    pub fn kind(&self) -> &SetErrorKind {
        &self.kind
    }
}

/// What went wrong in a [`SetWriter`].
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SetErrorKind {
    /// Reading or writing the file failed.
    #[error("cannot {action}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The error.
        #[source]
        source: io::Error,
    },
    /// An entry outside the folder, with [`OutsidePolicy::Error`].
    #[error(
        "loc `{loc}` is outside {folder}, the folder the sitemap is served from (a sitemap may list only URLs under its own folder)"
    )]
    Outside {
        /// The entry's `loc`.
        loc: Loc,
        /// The folder.
        folder: Loc,
    },
    /// A `loc` already written, with [`DuplicatePolicy::Error`].
    #[error("loc `{loc}` was already written; each URL may appear once")]
    Duplicate {
        /// The `loc`.
        loc: Loc,
    },
    /// One entry alone does not fit in a file.
    #[error(
        "the entry for `{loc}` needs {bytes} bytes in a file of its own; the limit is {limit} bytes"
    )]
    EntryTooLarge {
        /// The entry's `loc`.
        loc: Loc,
        /// Bytes needed: the entry, the prologue and the closing tag.
        bytes: u64,
        /// The byte limit.
        limit: u64,
    },
    /// More sitemaps than one index may list.
    #[error(
        "the set needs more than {limit} sitemaps of up to {max_urls} URLs each, and one index lists at most {limit} (an index may not list another index); raise Limits::max_sitemaps (sitemaps.org allows 50,000) or write fewer URLs"
    )]
    TooManySitemaps {
        /// The index limit.
        limit: u64,
        /// The URL limit per sitemap.
        max_urls: u64,
    },
    /// The index itself is over the byte limit.
    #[error("the index needs {bytes} bytes; the limit is {limit}")]
    IndexTooLarge {
        /// Its size.
        bytes: u64,
        /// The byte limit.
        limit: u64,
    },
    /// Nothing to write.
    #[error(
        "no entries to write: the sitemaps.org XSD requires at least one <url>; the previous files are left as they were"
    )]
    Empty,
    /// A bad [`SetOptions`] value.
    #[error("{0}")]
    Options(String),
    /// An earlier failure left this writer unusable.
    #[error("an earlier write failed; nothing more can be written to this set")]
    Failed,
    /// Another run holds the folder, with [`LockPolicy::Fail`].
    #[error(
        "another run is writing into this folder (it holds the folder's lock); wait for it to end, then run again"
    )]
    Locked,
}

impl From<OutputError> for SetError {
    fn from(e: OutputError) -> SetError {
        let (path, kind) = e.into_parts();
        let kind = match kind {
            OutputErrorKind::Io { action, source } => SetErrorKind::Io { action, source },
            OutputErrorKind::Locked => SetErrorKind::Locked,
        };
        SetError { path, kind }
    }
}

/// A part being written.
struct Part {
    number: u64,
    temp: StagedFile,
    /// Of the uncompressed bytes: the part's name tag.
    hash: Xxh3,
    sink: Sink,
    urls: u64,
    bytes: u64,
    xhtml_on_root: bool,
    newest: Option<Lastmod>,
}

enum Sink {
    Plain(FileThread),
    Gz(ParallelGz<File>),
}

impl Sink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Sink::Plain(w) => w.write(bytes),
            Sink::Gz(w) => w.write(bytes),
        }
    }

    /// Writes what is left and syncs the file to disk.
    fn finish(self) -> io::Result<()> {
        match self {
            Sink::Plain(w) => w.finish(),
            Sink::Gz(w) => w.finish()?.sync_all(),
        }
    }
}

/// A file written in blocks by a thread of its own, so that the write
/// system calls of a large sitemap overlap the encoding of its entries
/// (on a 100,000-page scan they were a fifth of what was left for one
/// core after the parallel walk). Blocks go back to the encoder for reuse.
struct FileThread {
    block: Vec<u8>,
    to_writer: Option<mpsc::SyncSender<Vec<u8>>>,
    spare: mpsc::Receiver<Vec<u8>>,
    writer: Option<std::thread::JoinHandle<io::Result<()>>>,
}

impl FileThread {
    fn new(mut file: File) -> io::Result<FileThread> {
        let (to_writer, blocks) = mpsc::sync_channel::<Vec<u8>>(2);
        let (give_back, spare) = mpsc::channel();
        let writer = std::thread::Builder::new()
            .name("sitemap-write".to_owned())
            .spawn(move || -> io::Result<()> {
                for mut block in blocks {
                    file.write_all(&block)?;
                    block.clear();
                    // The encoder may have finished already.
                    let _ = give_back.send(block);
                }
                // Published files must survive a power cut once renamed.
                file.sync_all()
            })?;
        Ok(FileThread {
            block: Vec::with_capacity(BLOCK),
            to_writer: Some(to_writer),
            spare,
            writer: Some(writer),
        })
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.block.extend_from_slice(bytes);
        if self.block.len() >= BLOCK {
            self.send()?;
        }
        Ok(())
    }

    fn send(&mut self) -> io::Result<()> {
        let next = self
            .spare
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(BLOCK));
        let full = std::mem::replace(&mut self.block, next);
        let sent = self.to_writer.as_ref().map(|w| w.send(full));
        match sent {
            Some(Ok(())) => Ok(()),
            // The thread stopped at a failed write: its error says why.
            _ => match self.close() {
                Err(e) => Err(e),
                Ok(()) => Err(io::Error::other("the sitemap writer thread stopped")),
            },
        }
    }

    fn finish(mut self) -> io::Result<()> {
        if !self.block.is_empty() {
            self.send()?;
        }
        self.close()
    }

    /// Ends the thread once it has written every block sent.
    fn close(&mut self) -> io::Result<()> {
        drop(self.to_writer.take());
        match self.writer.take() {
            Some(writer) => writer
                .join()
                .unwrap_or_else(|_| Err(io::Error::other("the sitemap writer thread panicked"))),
            None => Ok(()),
        }
    }
}

impl Drop for FileThread {
    fn drop(&mut self) {
        // A part abandoned on an error: the thread must not outlive it.
        let _ = self.close();
    }
}

/// A finished part, still under its temporary name.
struct DonePart {
    temp: StagedFile,
    hash: u64,
    urls: u64,
    bytes: u64,
    newest: Option<Lastmod>,
}

/// Writes a sitemap set into a directory: one file when one suffices,
/// else numbered parts and an index.
///
/// Entries are pushed one at a time and streamed to disk; memory does not
/// grow with the number of entries except for duplicate detection (see
/// [`DuplicatePolicy`]).
///
/// # Files
///
/// With the default stem `sitemap`:
///
/// - a set that fits in one file is `sitemap.xml` (`sitemap.txt` for
///   [`Format::Text`]), plus `.gz` when gzipped;
/// - a larger set is `sitemap-1-<tag>.xml`, `sitemap-2-<tag>.xml`, … and
///   the index `sitemap.xml`, so the URL named in robots.txt does not
///   change when a site grows past one file. A text set is
///   `sitemap-1-<tag>.txt`, … with the index `sitemap.xml` (the protocol
///   has no text index); [`SetReport::root`] gives the file to name in
///   robots.txt.
///
/// A part's `<tag>` is eight hex digits of a hash (xxh3) of its own
/// uncompressed content: the same entries give byte-identical files under
/// the same names, a part that did not change keeps its name (and its
/// cached copies), and a part that changed gets a new name, so an index
/// never lists a file whose content it was not written with.
///
/// A new file starts when the next entry would pass the URL limit or the
/// byte limit, counting the closing tag, so no file ever exceeds either.
/// The index's `<lastmod>` for each sitemap is the newest `lastmod` inside
/// it.
///
/// # Atomicity
///
/// [`SetWriter::new`] locks the folder for the whole run (see
/// [`crate::output`]: a second run into the same folder waits, or stops
/// with [`SetErrorKind::Locked`] under [`LockPolicy::Fail`]) and removes
/// the temporary files an interrupted run left there. Every file is then
/// written under a hidden temporary name in the folder and synced;
/// [`stage`](Self::stage) ends there, and [`StagedSet`] takes the extra
/// files (stylesheet, HTML page, robots.txt), so whatever can fail fails
/// before anything visible changes. [`StagedSet::commit`] publishes, with
/// an `fsync` of the folder after each step:
///
/// 1. the parts, under their new names (nothing lists them yet);
/// 2. the extra files;
/// 3. the root (the index, or the only file): the one switch from the old
///    set to the new, so at every instant the root on disk lists only
///    complete parts of its own generation;
/// 4. robots.txt;
/// 5. the leftovers of the previous set: the parts its index listed (read
///    back before the switch; only names in this folder of this stem's
///    part pattern) that the new set does not use, tagged parts
///    (`<stem>-<N>-<tag>.<ext>`) of interrupted runs, and the root under
///    its other names (`<stem>.xml`, `.txt`, each also `.gz`: the names
///    this set takes in its other formats). Nothing else is removed: a
///    hand-made `sitemap-9.xml.gz` that no index lists stays.
///
/// Each file gets the permission bits of the file it replaces; a new part
/// those of the root it is listed by; anything else what the umask gives
/// a new file. A run that fails, or a writer dropped without
/// [`finish`](Self::finish) or [`StagedSet::commit`], removes its
/// temporary files and leaves the previous files untouched; a run killed
/// during the commit leaves either set whole, and its leftovers are
/// removed by the next run.
///
/// # Speed
///
/// Gzipped files are compressed on one thread per core (see
/// `gzip` for how the output stays deterministic), while
/// the calling thread encodes entries.
///
/// ```
/// use sitemap_core::{Limits, SetOptions, SetWriter, Url};
///
/// let dir = tempfile::tempdir()?;
/// let options = SetOptions::new(dir.path(), "https://example.org/".parse()?)
///     .with_limits(Limits::LEGACY.with_max_urls(2));
/// let urls = ["a", "b", "c"].map(|p| Url::new(format!("https://example.org/{p}").parse().unwrap()));
/// let report = SetWriter::new(options)?.write_all(&urls)?;
/// assert_eq!(report.sitemaps.len(), 2);
/// assert_eq!(report.root().1.as_str(), "https://example.org/sitemap.xml");
/// assert_eq!(report.sitemaps[1].path, dir.path().join("sitemap-2-802a47f7.xml"));
/// assert!(report.sitemaps[1].path.exists());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct SetWriter {
    options: SetOptions,
    folder: Loc,
    out: OutputDir,
    /// The permission bits of the root being replaced, for new parts.
    mode: Option<u32>,
    pool: Option<Arc<Pool>>,
    seen: Option<Seen>,
    current: Option<Part>,
    done: Vec<DonePart>,
    scratch: Vec<u8>,
    closing_len: u64,
    urls: u64,
    skipped_outside: u64,
    skipped_duplicates: u64,
    skipped: Vec<Skipped>,
    failed: bool,
}

impl std::fmt::Debug for SetWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SetWriter")
            .field("options", &self.options)
            .field("urls", &self.urls)
            .field(
                "sitemaps",
                &(self.done.len() + usize::from(self.current.is_some())),
            )
            .finish_non_exhaustive()
    }
}

/// `base` with a trailing `/`: the folder the sitemaps are served from.
fn folder_of(base: &Loc) -> Result<Loc, String> {
    let base = base.as_str();
    if base.contains('?') {
        return Err(format!(
            "base_url `{base}` has a query; expected the URL of the folder the sitemaps are served from"
        ));
    }
    if base.ends_with('/') {
        return Loc::parse(base).map_err(|e| format!("base_url: {e}"));
    }
    Loc::parse(&format!("{base}/")).map_err(|e| format!("base_url: {e}"))
}

impl SetWriter {
    /// Checks the options, creates the directory, locks it (see
    /// [`SetOptions::lock`]) and removes the temporary files of an
    /// interrupted run; no other file is touched yet.
    pub fn new(options: SetOptions) -> Result<SetWriter, SetError> {
        let root = options.dir.join(options.single_name());
        let bad = |msg: String| Err(SetError::new(&root, SetErrorKind::Options(msg)));
        if options.stem.is_empty()
            || !options
                .stem
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return bad(format!(
                "stem `{}`: expected ASCII letters, digits, `-` or `_`",
                options.stem
            ));
        }
        if let Some(problem) = options.limits.problem() {
            return bad(format!("limits: {problem}"));
        }
        let folder = match folder_of(&options.base_url) {
            Ok(folder) => folder,
            Err(msg) => return bad(msg),
        };
        let pool = if options.gzip {
            Some(Arc::new(Pool::new().map_err(|source| {
                SetError::new(
                    &root,
                    SetErrorKind::Io {
                        action: "start the gzip threads",
                        source,
                    },
                )
            })?))
        } else {
            None
        };
        let mut out = OutputDir::open(&options.dir, options.lock)?;
        // The temporary names of earlier versions: `.<stem>-XXXXXX.tmp`
        // and `.robots.txt.XXXXXX`.
        let stem_prefix = format!(".{}-", options.stem);
        out.sweep(|name| {
            let random = |s: &str| s.len() == 6 && s.bytes().all(|b| b.is_ascii_alphanumeric());
            name.strip_prefix(&stem_prefix)
                .and_then(|rest| rest.strip_suffix(".tmp"))
                .is_some_and(random)
                || name.strip_prefix(".robots.txt.").is_some_and(random)
        })?;
        let mode = [options.index_name(), options.single_name()]
            .iter()
            .find_map(|name| crate::output::mode_of(&options.dir.join(name)));
        let seen = (options.duplicates != DuplicatePolicy::Allow).then(Seen::new);
        let closing_len = match options.format {
            Format::Xml => URLSET_END.len() as u64,
            Format::Text => 0,
        };
        Ok(SetWriter {
            options,
            folder,
            out,
            mode,
            pool,
            seen,
            current: None,
            done: Vec::new(),
            scratch: Vec::with_capacity(4096),
            closing_len,
            urls: 0,
            skipped_outside: 0,
            skipped_duplicates: 0,
            skipped: Vec::new(),
            failed: false,
        })
    }

    fn root_path(&self) -> PathBuf {
        self.options.dir.join(self.options.single_name())
    }

    fn skip(&mut self, loc: &Loc, reason: SkipReason) {
        match reason {
            SkipReason::Outside => self.skipped_outside += 1,
            SkipReason::Duplicate => self.skipped_duplicates += 1,
        }
        if self.skipped.len() < MAX_SKIPPED_SAMPLES {
            self.skipped.push(Skipped {
                loc: loc.clone(),
                reason,
            });
        }
    }

    /// Encodes `url` into the scratch buffer as the next entry of the
    /// current file (`Some(xhtml_on_root)`) or of a new file (`None`); for
    /// a new file the prologue and root start tag come first.
    fn encode(&mut self, url: &Url, part: Option<bool>) {
        self.scratch.clear();
        match self.options.format {
            Format::Text => encode_line(&mut self.scratch, url),
            Format::Xml => {
                let xhtml_on_root = match part {
                    Some(xhtml_on_root) => xhtml_on_root,
                    None => {
                        let xhtml = self.options.declare_xhtml || !url.alternates.is_empty();
                        encode_prologue(&mut self.scratch, self.options.stylesheet.as_deref());
                        encode_urlset_start(&mut self.scratch, xhtml);
                        xhtml
                    }
                };
                encode_url(&mut self.scratch, url, xhtml_on_root);
            }
        }
    }

    /// Adds one entry, starting a new file first when it would not fit in
    /// the current one.
    ///
    /// An entry refused by a policy or by its size leaves the set as it
    /// was, so the caller may go on; an I/O error ends the set.
    pub fn push(&mut self, url: &Url) -> Result<Pushed, SetError> {
        if self.failed {
            return Err(SetError::new(self.root_path(), SetErrorKind::Failed));
        }
        // `folder` ends in `/`, so this is `Loc::is_under` without its
        // allocation.
        if !url.loc.as_str().starts_with(self.folder.as_str()) {
            match self.options.outside {
                OutsidePolicy::Skip => {
                    self.skip(&url.loc, SkipReason::Outside);
                    return Ok(Pushed::SkippedOutside);
                }
                OutsidePolicy::Error => {
                    let kind = SetErrorKind::Outside {
                        loc: url.loc.clone(),
                        folder: self.folder.clone(),
                    };
                    return Err(SetError::new(self.root_path(), kind));
                }
            }
        }
        let hash = self.seen.as_ref().map(|_| Seen::hash(url.loc.as_str()));
        if let (Some(seen), Some(hash)) = (&self.seen, hash)
            && seen.contains(hash)
        {
            if self.options.duplicates == DuplicatePolicy::Skip {
                self.skip(&url.loc, SkipReason::Duplicate);
                return Ok(Pushed::SkippedDuplicate);
            }
            let kind = SetErrorKind::Duplicate {
                loc: url.loc.clone(),
            };
            return Err(SetError::new(self.root_path(), kind));
        }

        let limits = self.options.limits;
        let current = self
            .current
            .as_ref()
            .map(|p| (p.urls, p.bytes, p.xhtml_on_root));
        let fits = match current {
            Some((urls, bytes, xhtml_on_root)) => {
                self.encode(url, Some(xhtml_on_root));
                urls < limits.max_urls
                    && bytes + self.scratch.len() as u64 + self.closing_len <= limits.max_bytes
            }
            None => false,
        };
        if !fits {
            self.encode(url, None);
            let needed = self.scratch.len() as u64 + self.closing_len;
            if needed > limits.max_bytes {
                let kind = SetErrorKind::EntryTooLarge {
                    loc: url.loc.clone(),
                    bytes: needed,
                    limit: limits.max_bytes,
                };
                return Err(SetError::new(self.root_path(), kind));
            }
            let number = self.done.len() as u64 + u64::from(self.current.is_some()) + 1;
            if number > 1 && number > limits.max_sitemaps {
                let kind = SetErrorKind::TooManySitemaps {
                    limit: limits.max_sitemaps,
                    max_urls: limits.max_urls,
                };
                return Err(SetError::new(self.root_path(), kind));
            }
            if let Some(part) = self.current.take() {
                self.finish_part(part)?;
            }
            let xhtml_on_root = self.options.declare_xhtml || !url.alternates.is_empty();
            self.current = Some(self.start_part(number, xhtml_on_root)?);
        }

        let Some(part) = self.current.as_mut() else {
            unreachable!("a part was started above")
        };
        if let Err(source) = part.sink.write(&self.scratch) {
            self.failed = true;
            let kind = SetErrorKind::Io {
                action: "write",
                source,
            };
            return Err(SetError::new(part.temp.temp_path(), kind));
        }
        part.hash.update(&self.scratch);
        part.urls += 1;
        part.bytes += self.scratch.len() as u64;
        if url.lastmod > part.newest {
            part.newest.clone_from(&url.lastmod);
        }
        if let (Some(seen), Some(hash)) = (&mut self.seen, hash) {
            seen.insert(hash);
        }
        self.urls += 1;
        Ok(Pushed::Written)
    }

    fn start_part(&mut self, number: u64, xhtml_on_root: bool) -> Result<Part, SetError> {
        let name = format!("{}-{number}", self.options.stem);
        let (file, temp) = self.out.create(&name, self.mode)?;
        let io_err =
            |action, source| SetError::new(temp.temp_path(), SetErrorKind::Io { action, source });
        let sink = match &self.pool {
            Some(pool) => match ParallelGz::new(Arc::clone(pool), file) {
                Ok(gz) => Sink::Gz(gz),
                Err(e) => {
                    self.failed = true;
                    return Err(io_err("write", e));
                }
            },
            None => match FileThread::new(file) {
                Ok(thread) => Sink::Plain(thread),
                Err(e) => {
                    self.failed = true;
                    return Err(io_err("start the writer thread", e));
                }
            },
        };
        Ok(Part {
            number,
            temp,
            hash: Xxh3::new(),
            sink,
            urls: 0,
            bytes: 0,
            xhtml_on_root,
            newest: None,
        })
    }

    fn finish_part(&mut self, mut part: Part) -> Result<(), SetError> {
        debug_assert_eq!(part.number, self.done.len() as u64 + 1);
        let closing: &[u8] = match self.options.format {
            Format::Xml => URLSET_END.as_bytes(),
            Format::Text => b"",
        };
        part.hash.update(closing);
        let result = part.sink.write(closing).and_then(|()| part.sink.finish());
        if let Err(source) = result {
            self.failed = true;
            let kind = SetErrorKind::Io {
                action: "write",
                source,
            };
            return Err(SetError::new(part.temp.temp_path(), kind));
        }
        self.done.push(DonePart {
            temp: part.temp,
            hash: part.hash.digest(),
            urls: part.urls,
            bytes: part.bytes + closing.len() as u64,
            newest: part.newest,
        });
        Ok(())
    }

    /// Pushes every entry, then [`finish`](Self::finish)es.
    pub fn write_all<I>(mut self, urls: I) -> Result<SetReport, SetError>
    where
        I: IntoIterator,
        I::Item: std::borrow::Borrow<Url>,
    {
        for url in urls {
            self.push(std::borrow::Borrow::borrow(&url))?;
        }
        self.finish()
    }

    /// [`stage`](Self::stage)s the set and [`commit`](StagedSet::commit)s
    /// it: the files are in place when this returns.
    pub fn finish(self) -> Result<SetReport, SetError> {
        self.stage()?.commit()
    }

    /// Completes the last file and writes the index when there is more
    /// than one file, all under temporary names and synced; nothing
    /// visible changes until [`StagedSet::commit`].
    pub fn stage(mut self) -> Result<StagedSet, SetError> {
        if self.failed {
            return Err(SetError::new(self.root_path(), SetErrorKind::Failed));
        }
        let Some(part) = self.current.take() else {
            return Err(SetError::new(self.root_path(), SetErrorKind::Empty));
        };
        self.finish_part(part)?;
        // The pool's threads are no longer needed; let them go now.
        self.pool = None;
        let done = std::mem::take(&mut self.done);

        let mut sitemaps = Vec::with_capacity(done.len());
        let mut parts = Vec::with_capacity(done.len());
        let single = done.len() == 1;
        for (i, part) in done.into_iter().enumerate() {
            let name = if single {
                self.options.single_name()
            } else {
                self.options.part_name(i as u64 + 1, part.hash)
            };
            let path = self.options.dir.join(&name);
            sitemaps.push(SitemapFile {
                path: path.clone(),
                loc: self.loc_of(&name)?,
                urls: part.urls,
                bytes: part.bytes,
                lastmod: part.newest,
            });
            let mut temp = part.temp;
            temp.set_path(path);
            parts.push(temp);
        }
        let (root, index) = if single {
            let Some(root) = parts.pop() else {
                unreachable!("one part")
            };
            (root, None)
        } else {
            let (temp, file) = self.write_index(&sitemaps)?;
            (temp, Some(file))
        };
        let mut swept = self.out.swept().to_vec();
        swept.sort();
        let report = SetReport {
            sitemaps,
            index,
            urls: self.urls,
            skipped_outside: self.skipped_outside,
            skipped_duplicates: self.skipped_duplicates,
            skipped: std::mem::take(&mut self.skipped),
            removed: Vec::new(),
            swept,
        };
        Ok(StagedSet {
            options: self.options,
            folder: self.folder,
            out: self.out,
            parts,
            extras: Vec::new(),
            root,
            robots: None,
            report,
        })
    }

    fn loc_of(&self, name: &str) -> Result<Loc, SetError> {
        self.folder.join(name).map_err(|e| {
            SetError::new(
                self.options.dir.join(name),
                SetErrorKind::Options(format!("base_url: {e}")),
            )
        })
    }

    fn write_index(&self, sitemaps: &[SitemapFile]) -> Result<(StagedFile, IndexFile), SetError> {
        let options = &self.options;
        let name = options.index_name();
        let path = options.dir.join(&name);
        let (file, temp) = self.out.create(&name, self.mode)?;
        let io_err =
            |action, source| SetError::new(temp.temp_path(), SetErrorKind::Io { action, source });
        let mut xml = XmlOptions::default();
        xml.stylesheet.clone_from(&options.index_stylesheet);
        let writer = BufWriter::new(file);
        let bytes = if options.gzip {
            write_index_to(IndexWriter::new(gzip(writer), xml), sitemaps)
                .and_then(|(w, n)| w.finish().map(|w| (w, n)))
        } else {
            write_index_to(IndexWriter::new(writer, xml), sitemaps)
        }
        .and_then(|(w, n)| {
            let file = w.into_inner().map_err(|e| e.into_error())?;
            file.sync_all().map(|()| n)
        })
        .map_err(|e| io_err("write", e))?;
        if bytes > options.limits.max_bytes {
            let kind = SetErrorKind::IndexTooLarge {
                bytes,
                limit: options.limits.max_bytes,
            };
            return Err(SetError::new(&path, kind));
        }
        let loc = self.loc_of(&name)?;
        Ok((temp, IndexFile { path, loc, bytes }))
    }
}

/// A set written and synced under temporary names, with the lock on its
/// folder still held: add the files that go with it, then
/// [`commit`](Self::commit). Dropped uncommitted, every temporary file is
/// removed and the folder is as it was.
///
/// ```
/// use sitemap_core::{SetOptions, SetWriter, Url};
///
/// let dir = tempfile::tempdir()?;
/// let options = SetOptions::new(dir.path(), "https://example.org/".parse()?)
///     .with_stylesheet("sitemap.xsl");
/// let mut writer = SetWriter::new(options)?;
/// writer.push(&Url::new("https://example.org/a".parse()?))?;
/// let mut staged = writer.stage()?;
/// staged.add_file("sitemap.xsl", sitemap_core::human::XSL.as_bytes())?;
/// let (robots, changed) = staged.stage_robots(&[])?;
/// assert!(changed && !robots.exists(), "staged, not yet published");
/// let report = staged.commit()?;
/// assert_eq!(
///     std::fs::read_to_string(&robots)?,
///     "User-agent: *\nAllow: /\n\nSitemap: https://example.org/sitemap.xml\n"
/// );
/// assert!(report.root().0.exists() && dir.path().join("sitemap.xsl").exists());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct StagedSet {
    options: SetOptions,
    folder: Loc,
    out: OutputDir,
    parts: Vec<StagedFile>,
    extras: Vec<StagedFile>,
    root: StagedFile,
    robots: Option<StagedFile>,
    report: SetReport,
}

impl StagedSet {
    /// The set as it will be once committed (`removed` still empty).
    pub fn report(&self) -> &SetReport {
        &self.report
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        self.out.path()
    }

    /// Stages `bytes` as the file `name` in the set's folder (a
    /// stylesheet, an HTML page), published with the set just before its
    /// root. Returns the path it will have.
    pub fn add_file(&mut self, name: &str, bytes: &[u8]) -> Result<PathBuf, SetError> {
        let path = self.out.path().join(name);
        let ours = [
            self.options.single_name(),
            self.options.index_name(),
            crate::robots::ROBOTS_FILE_NAME.to_owned(),
        ];
        if name.is_empty()
            || name == "."
            || name == ".."
            || name.contains(['/', '\\'])
            || ours.iter().any(|n| n == name)
            || part_number(name, &self.options.stem).is_some()
            || self.extras.iter().any(|e| e.path() == path)
        {
            return Err(SetError::new(
                path,
                SetErrorKind::Options(format!(
                    "`{name}` cannot be added to the set: expected a file name of its own in the folder, not a path, a sitemap name or robots.txt"
                )),
            ));
        }
        let staged = self.out.stage(name, bytes)?;
        let path = staged.path().to_owned();
        self.extras.push(staged);
        Ok(path)
    }

    /// Reads `robots.txt` in the set's folder, merges the `Sitemap:` line
    /// for the set's root into it ([`robots::merge_bytes`](crate::robots::merge_bytes);
    /// `previous` are the URLs this sitemap had in other runs) and stages
    /// the result, published after the root. A robots.txt that is not a
    /// regular file or is too large is an error now, before anything is
    /// published. Returns the path and whether it changes.
    pub fn stage_robots(&mut self, previous: &[Loc]) -> Result<(PathBuf, bool), RobotsError> {
        let (_, root) = self.report.root();
        let (path, new) = crate::robots::prepare(self.out.path(), root, previous)?;
        match new {
            Some(bytes) => {
                self.robots = Some(self.out.stage(crate::robots::ROBOTS_FILE_NAME, &bytes)?);
                Ok((path, true))
            }
            None => {
                self.robots = None;
                Ok((path, false))
            }
        }
    }

    /// Publishes everything staged, in the order of [`SetWriter`]'s
    /// "Atomicity", then removes the previous set's leftovers and releases
    /// the folder.
    pub fn commit(self) -> Result<SetReport, SetError> {
        let StagedSet {
            options,
            folder,
            out,
            parts,
            extras,
            root,
            robots,
            mut report,
        } = self;
        let keep: Vec<String> = parts
            .iter()
            .chain([&root])
            .filter_map(|f| f.path().file_name()?.to_str().map(str::to_owned))
            .collect();
        // Read back before the root is replaced: the old index says which
        // parts were the old set's.
        let leftovers = leftovers(&options, &folder, &keep)?;
        for part in parts {
            part.publish()?;
        }
        out.sync()?;
        for extra in extras {
            extra.publish()?;
        }
        root.publish()?;
        out.sync()?;
        if let Some(robots) = robots {
            robots.publish()?;
            out.sync()?;
        }
        for path in leftovers {
            match std::fs::remove_file(&path) {
                Ok(()) => report.removed.push(path),
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(source) => {
                    return Err(SetError::new(
                        &path,
                        SetErrorKind::Io {
                            action: "remove a file of the previous set",
                            source,
                        },
                    ));
                }
            }
        }
        if !report.removed.is_empty() {
            out.sync()?;
        }
        Ok(report)
    }
}

fn write_index_to<W: Write>(
    mut index: IndexWriter<W>,
    sitemaps: &[SitemapFile],
) -> io::Result<(W, u64)> {
    for sitemap in sitemaps {
        index.write(&sitemap.loc, sitemap.lastmod.as_ref())?;
    }
    // The closing tag is not counted by `bytes_written`.
    let bytes = index.bytes_written() + crate::xml::INDEX_END.len() as u64;
    Ok((index.finish()?, bytes))
}

/// An index is read back up to this many (uncompressed) bytes: more than
/// any index the limits allow.
const MAX_INDEX_READ: u64 = 64 * 1024 * 1024;

/// The files in `options.dir` that publishing a set made of `keep` would
/// remove, sorted.
fn leftovers(
    options: &SetOptions,
    folder: &Loc,
    keep: &[String],
) -> Result<Vec<PathBuf>, SetError> {
    let dir = &options.dir;
    let stem = &options.stem;
    let roots: Vec<String> = ["xml", "xml.gz", "txt", "txt.gz"]
        .iter()
        .map(|ext| format!("{stem}.{ext}"))
        .collect();
    let mut listed = std::collections::BTreeSet::new();
    for name in roots
        .iter()
        .filter(|n| n.starts_with(&format!("{stem}.xml")))
    {
        listed.extend(listed_parts(&dir.join(name), folder, stem));
    }
    let list_err = |e| {
        SetError::new(
            dir,
            SetErrorKind::Io {
                action: "list the folder",
                source: e,
            },
        )
    };
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(list_err)? {
        let entry = entry.map_err(list_err)?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if keep.iter().any(|k| k == name) || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let stale = roots.iter().any(|r| r == name)
            || listed.contains(name)
            || part_number(name, stem).is_some_and(|(_, tagged)| tagged);
        if stale {
            found.push(dir.join(name));
        }
    }
    found.sort();
    Ok(found)
}

/// The names of this folder's parts that the index at `path` lists; none
/// when it is absent, not an index, or unreadable.
fn listed_parts(path: &Path, folder: &Loc, stem: &str) -> Vec<String> {
    use std::io::Read;

    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Vec::new();
    };
    if !meta.is_file() {
        return Vec::new();
    }
    let Ok(file) = File::open(path) else {
        return Vec::new();
    };
    let mut xml = Vec::new();
    let gzipped = path.extension().is_some_and(|e| e == "gz");
    let read = if gzipped {
        crate::gzip::gunzip(io::BufReader::new(file))
            .take(MAX_INDEX_READ)
            .read_to_end(&mut xml)
    } else {
        file.take(MAX_INDEX_READ).read_to_end(&mut xml)
    };
    if read.is_err() {
        return Vec::new();
    }
    let mut reader = quick_xml::Reader::from_reader(xml.as_slice());
    let mut names = Vec::new();
    let mut in_loc = false;
    let mut is_index = false;
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf) {
            Ok(quick_xml::events::Event::Start(e)) => {
                let local = e.local_name();
                is_index |= local.as_ref() == "sitemapindex";
                in_loc = local.as_ref() == "loc";
            }
            Ok(quick_xml::events::Event::Text(t)) if in_loc => {
                // Part names hold no entity, so raw text is enough.
                let text: &str = &t;
                let name = text.trim().strip_prefix(folder.as_str()).unwrap_or("");
                if !name.contains('/') && part_number(name, stem).is_some() {
                    names.push(name.to_owned());
                }
            }
            Ok(quick_xml::events::Event::End(_)) => in_loc = false,
            Ok(quick_xml::events::Event::Eof) | Err(_) => break,
            Ok(_) => {}
        }
        buf.clear();
    }
    if is_index { names } else { Vec::new() }
}

/// For a part's name, `<stem>-<N>.<ext>` or `<stem>-<N>-<tag>.<ext>` (ext
/// `xml` or `txt`, optionally `.gz`; tag eight lowercase hex digits): `N`
/// and whether it is tagged.
fn part_number(name: &str, stem: &str) -> Option<(u64, bool)> {
    let rest = name.strip_prefix(stem)?.strip_prefix('-')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let number = rest[..digits].parse().ok()?;
    let rest = &rest[digits..];
    let (tagged, ext) = match rest.strip_prefix('-') {
        Some(tagged) => {
            let tag = tagged.get(..8)?;
            if !tag.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
                return None;
            }
            (true, &tagged[8..])
        }
        None => (false, rest),
    };
    matches!(ext, ".xml" | ".xml.gz" | ".txt" | ".txt.gz").then_some((number, tagged))
}

#[cfg(test)]
mod tests {
    use super::part_number;

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
}
