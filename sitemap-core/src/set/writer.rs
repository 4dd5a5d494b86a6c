//! [`SetWriter`]: entries in, one sitemap or several and an index out,
//! split at the limits, checked for the location rule and duplicates.

use std::path::PathBuf;
use std::sync::Arc;

use xxhash_rust::xxh3::Xxh3;

use super::DuplicatePolicy;
use super::Format;
use super::MAX_SKIPPED_SAMPLES;
use super::OutsidePolicy;
use super::SetOptions;
use super::error::SetError;
use super::error::SetErrorKind;
use super::parts::DonePart;
use super::parts::FileThread;
use super::parts::Part;
use super::parts::Sink;
use super::report::ImagesCut;
use super::report::Pushed;
use super::report::SetReport;
use super::report::SkipReason;
use super::report::Skipped;
use super::seen::Seen;
use crate::Loc;
use crate::MAX_IMAGES_PER_URL;
use crate::Url;
use crate::gzip::ParallelGz;
use crate::gzip::Pool;
use crate::output::OutputDir;
use crate::text::encode_line;
use crate::xml::OnRoot;
use crate::xml::URLSET_END;
use crate::xml::encode_prologue;
use crate::xml::encode_url;
use crate::xml::encode_urlset_start;

mod finish;

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
/// with [`SetErrorKind::Locked`] under [`LockPolicy::Fail`](crate::output::LockPolicy::Fail)) and removes
/// the temporary files an interrupted run left there. Every file is then
/// written under a hidden temporary name in the folder and synced;
/// [`stage`](Self::stage) ends there, and [`StagedSet`](super::StagedSet) takes the extra
/// files (stylesheet, HTML page, robots.txt), so whatever can fail fails
/// before anything visible changes. [`StagedSet::commit`](super::StagedSet::commit) publishes, with
/// an `fsync` of the folder after each step:
///
/// 0. the journal (`.<stem>.sitemap-journal`), naming the parts about to
///    be published and the leftovers about to be removed, when there are
///    any: the record a run killed during the commit leaves for the next
///    (anything else at that name, a folder or a file the tool did not
///    write, is refused first: [`SetErrorKind::JournalTaken`](super::SetErrorKind::JournalTaken));
/// 1. the parts, under their new names (nothing lists them yet);
/// 2. the extra files;
/// 3. the root (the index, or the only file): the one switch from the old
///    set to the new, so at every instant the root on disk lists only
///    complete parts of its own generation;
/// 4. robots.txt;
/// 5. the leftovers of the previous set: the parts its index listed (read
///    back before the switch; only names in this folder of this stem's
///    part pattern) that the new set does not use, the parts the journal
///    of an interrupted commit names, and the root under its other names
///    (`<stem>.xml`, `.txt`, each also `.gz`: the names this set takes in
///    its other formats) when its content shows it is the tool's (an
///    index of this set's content-tagged parts only, or the new root's
///    bytes in the other compression); then the journal. A file is
///    removed only when such a record names it, never for its name
///    alone: a hand-made `sitemap-9.xml.gz` or `sitemap-news-20241231.xml`
///    that no index or journal lists stays, and so does a hand-made
///    `sitemap.txt` (reported in [`SetReport::kept`]).
///
/// Each file gets the permission bits of the file it replaces; a new part
/// those of the root it is listed by; anything else what the umask gives
/// a new file. A run that fails, or a writer dropped without
/// [`finish`](Self::finish) or [`StagedSet::commit`](super::StagedSet::commit), removes its
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
    /// The group being written ([`SetWriter::push_in`]); `None` for
    /// [`SetWriter::push`].
    group: Option<String>,
    /// Every group written so far, in order, with its parts' count.
    groups: Vec<(Option<String>, u64)>,
    scratch: Vec<u8>,
    closing_len: u64,
    urls: u64,
    skipped_outside: u64,
    skipped_duplicates: u64,
    skipped: Vec<Skipped>,
    images: u64,
    images_cut: u64,
    cut: Vec<ImagesCut>,
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

/// A group's name, as it goes into file names.
pub(super) fn is_group_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `base` with a trailing `/`: the folder the sitemaps are served from.
pub(super) fn folder_of(base: &Loc) -> Result<Loc, String> {
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
            group: None,
            groups: Vec::new(),
            scratch: Vec::with_capacity(4096),
            closing_len,
            urls: 0,
            skipped_outside: 0,
            skipped_duplicates: 0,
            skipped: Vec::new(),
            images: 0,
            images_cut: 0,
            cut: Vec::new(),
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
    /// current file (`Some(on_root)`) or of a new file (`None`); for a new
    /// file the prologue and root start tag come first.
    fn encode(&mut self, url: &Url, part: Option<OnRoot>) {
        self.scratch.clear();
        match self.options.format {
            Format::Text => encode_line(&mut self.scratch, url),
            Format::Xml => {
                let on_root = match part {
                    Some(on_root) => on_root,
                    None => {
                        let on_root = self.first_on_root(url);
                        encode_prologue(&mut self.scratch, self.options.stylesheet.as_deref());
                        encode_urlset_start(&mut self.scratch, on_root);
                        on_root
                    }
                };
                encode_url(&mut self.scratch, url, on_root);
            }
        }
    }

    /// Adds one entry, starting a new file first when it would not fit in
    /// the current one.
    ///
    /// An entry refused by a policy or by its size leaves the set as it
    /// was, so the caller may go on; an I/O error ends the set.
    pub fn push(&mut self, url: &Url) -> Result<Pushed, SetError> {
        self.push_grouped(None, url)
    }

    /// Adds one entry to the group `group`: a set of several groups gets a
    /// sitemap per group (`<stem>-<group>-<tag>.xml`, or
    /// `<stem>-<group>-<N>-<tag>.xml` when the group is itself split at
    /// the limits) under one index, in the order the groups came; a set
    /// of one group is written as [`push`](Self::push) writes it.
    ///
    /// Each group's entries come together: only one file is open at a
    /// time, so a group that comes back after another is an error. A
    /// group name is ASCII letters, digits, `-` and `_` (it becomes part
    /// of a file name).
    pub fn push_in(&mut self, group: &str, url: &Url) -> Result<Pushed, SetError> {
        if !is_group_name(group) {
            let msg = format!("group `{group}`: expected ASCII letters, digits, `-` or `_`");
            return Err(SetError::new(self.root_path(), SetErrorKind::Options(msg)));
        }
        self.push_grouped(Some(group), url)
    }

    fn push_grouped(&mut self, group: Option<&str>, url: &Url) -> Result<Pushed, SetError> {
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
        let new_group = self.groups.is_empty() || self.group.as_deref() != group;
        if new_group && self.groups.iter().any(|(g, _)| g.as_deref() == group) {
            let msg = format!(
                "group `{}` came back after group `{}`: push each group's entries together",
                group.unwrap_or(""),
                self.group.as_deref().unwrap_or("")
            );
            return Err(SetError::new(self.root_path(), SetErrorKind::Options(msg)));
        }
        if new_group
            && !self.groups.is_empty()
            && (group.is_none() || self.groups.iter().any(|(g, _)| g.is_none()))
        {
            let msg = "`push` and `push_in` mixed in one set: give every entry a group, or none"
                .to_owned();
            return Err(SetError::new(self.root_path(), SetErrorKind::Options(msg)));
        }
        let current = self.current.as_ref().map(|p| (p.urls, p.bytes, p.on_root));
        let current = if new_group { None } else { current };
        let fits = match current {
            Some((urls, bytes, on_root)) => {
                self.encode(url, Some(on_root));
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
            if new_group {
                self.group = group.map(str::to_owned);
                self.groups.push((self.group.clone(), 0));
            }
            if let Some((_, parts)) = self.groups.last_mut() {
                *parts += 1;
            }
            let on_root = self.first_on_root(url);
            self.current = Some(self.start_part(number, on_root)?);
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
        part.offer_lastmod(url.lastmod.as_ref());
        if let (Some(seen), Some(hash)) = (&mut self.seen, hash) {
            seen.insert(hash);
        }
        self.urls += 1;
        if self.options.format == Format::Xml {
            let written = url.images.len().min(MAX_IMAGES_PER_URL);
            self.images += written as u64;
            if written < url.images.len() {
                self.images_cut += (url.images.len() - written) as u64;
                if self.cut.len() < MAX_SKIPPED_SAMPLES {
                    self.cut.push(ImagesCut {
                        loc: url.loc.clone(),
                        found: url.images.len(),
                    });
                }
            }
        }
        Ok(Pushed::Written)
    }

    fn first_on_root(&self, first: &Url) -> OnRoot {
        OnRoot::for_first(
            first,
            self.options.declare_xhtml,
            self.options.declare_image,
        )
    }

    fn start_part(&mut self, number: u64, on_root: OnRoot) -> Result<Part, SetError> {
        let name = format!("{}-{number}", self.options.stem);
        let (file, temp) = self.out.create(&name, self.mode)?;
        let io_err =
            |action, source| SetError::new(temp.temp_path(), SetErrorKind::Io { action, source });
        let thread = match FileThread::new(file) {
            Ok(thread) => thread,
            Err(e) => {
                self.failed = true;
                return Err(io_err("start the writer thread", e));
            }
        };
        let sink = match &self.pool {
            Some(pool) => match ParallelGz::new(Arc::clone(pool), thread) {
                Ok(gz) => Sink::Gz(gz),
                Err(e) => {
                    self.failed = true;
                    return Err(io_err("write", e));
                }
            },
            None => Sink::Plain(thread),
        };
        Ok(Part {
            number,
            temp,
            hash: Xxh3::new(),
            sink,
            urls: 0,
            bytes: 0,
            on_root,
            newest: None,
            newest_start: jiff::SignedDuration::ZERO,
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
        let closing_thread = match result {
            Ok(thread) => thread,
            Err(source) => {
                self.failed = true;
                let kind = SetErrorKind::Io {
                    action: "write",
                    source,
                };
                return Err(SetError::new(part.temp.temp_path(), kind));
            }
        };
        // The previous part's file thread synced its file while this part
        // was encoded; at most two are ever running.
        self.wait_for_closing()?;
        self.done.push(DonePart {
            temp: part.temp,
            closing: Some(closing_thread),
            hash: part.hash.digest(),
            urls: part.urls,
            bytes: part.bytes + closing.len() as u64,
            newest: part.newest,
        });
        Ok(())
    }

    /// Waits for every finished part's file thread (the last write and
    /// the `fsync`), reporting the first error against its file.
    pub(super) fn wait_for_closing(&mut self) -> Result<(), SetError> {
        for part in &mut self.done {
            if let Some(closing) = part.closing.take()
                && let Err(source) = closing.wait()
            {
                self.failed = true;
                let kind = SetErrorKind::Io {
                    action: "write",
                    source,
                };
                return Err(SetError::new(part.temp.temp_path(), kind));
            }
        }
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

    /// [`stage`](Self::stage)s the set and [`commit`](super::StagedSet::commit)s
    /// it: the files are in place when this returns.
    pub fn finish(self) -> Result<SetReport, SetError> {
        self.stage()?.commit()
    }
}
