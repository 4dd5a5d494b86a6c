//! The scan: walk the directory in parallel, read each page's head, then
//! decide in one ordered pass what is listed.
//!
//! A little over 600 lines, kept whole: the parallel phase's records and
//! the ordered pass that consumes them are one protocol, read together.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use globset::{Glob, GlobSet, GlobSetBuilder};
use ignore::{DirEntry, ParallelVisitor, ParallelVisitorBuilder, WalkBuilder, WalkState};
use sitemap_core::{Loc, Url};
use sitemap_pages::images::ImageCounts;

use crate::Error;
use crate::head::{self, Read, Selectors};
use crate::options::HtmlOptions;
use crate::page::{Assessed, Judge, Verdict};
use crate::report::{Excluded, ExclusionReason, HtmlScan, Warning, WarningKind};

/// One `.html` file and what became of it in the parallel phase.
struct FileRecord {
    path: PathBuf,
    outcome: Outcome,
}

enum Outcome {
    Glob(String),
    NotFound,
    SearchPage,
    Binary {
        at: u64,
    },
    Template {
        opening: &'static str,
    },
    Unreadable(std::io::Error),
    /// Boxed: an assessment is several times the size of the others.
    Page(Box<Assessed>),
}

pub(crate) fn scan(dir: &Path, options: &HtmlOptions) -> Result<HtmlScan, Error> {
    if !dir.is_dir() {
        return Err(Error::NotADirectory {
            path: dir.to_path_buf(),
        });
    }
    let base = folder_of(&options.base_url)?;
    let globs = compile_globs(&options.exclude)?;
    let robots_names: Vec<String> = options
        .robots_names
        .iter()
        .map(|n| n.trim().to_ascii_lowercase())
        .collect();

    let (mut records, walk_errors) = walk(dir, options, &base, &globs, &robots_names);
    // Byte order of the paths: deterministic, and several times cheaper
    // than `Path`'s component-wise order on 100,000 files. Everything
    // after this keeps this order.
    records.sort_unstable_by(|a, b| bytes(&a.path).cmp(bytes(&b.path)));

    let mut resolver = Resolver {
        root: dir.to_path_buf(),
        base,
        listed: BTreeMap::new(),
        file_locs: HashMap::new(),
        excluded: Vec::new(),
        warnings: walk_errors,
        files_read: Vec::new(),
        canonical_requests: Vec::new(),
        relisted: BTreeSet::new(),
        images: ImageCounts::default(),
    };
    for record in records {
        resolver.file(record);
    }
    let found = resolver.finish();
    // A folder or page that cannot be read is an error, not a warning: the
    // pages in it would vanish from the sitemap without a word. One the
    // exclude patterns leave out anyway is no loss.
    let excluded = |path: &Path| {
        let rel = path.strip_prefix(dir).unwrap_or(path).to_string_lossy();
        globs.is_match(rel.as_ref()) || globs.is_match(format!("{rel}/index.html"))
    };
    let mut unreadable: Vec<(PathBuf, String)> = found
        .warnings
        .iter()
        .filter_map(|w| match &w.kind {
            WarningKind::Walk { message } if !excluded(&w.path) => {
                // The walker's message names the path again.
                let prefix = format!("{}: ", w.path.display());
                let message = message.strip_prefix(&prefix).unwrap_or(message);
                Some((w.path.clone(), message.to_owned()))
            }
            _ => None,
        })
        .chain(found.excluded.iter().filter_map(|e| match &e.reason {
            ExclusionReason::Unreadable { error } => Some((e.path.clone(), error.clone())),
            _ => None,
        }))
        .collect();
    if unreadable.is_empty() {
        return Ok(found);
    }
    unreadable.sort();
    Err(Error::Unreadable { files: unreadable })
}

/// The base URL as a folder: `https://h/docs` names the folder `docs/`.
pub(crate) fn folder_of(base: &Loc) -> Result<Loc, Error> {
    if base.as_str().ends_with('/') || base.as_str().contains('?') {
        return Ok(base.clone());
    }
    Loc::parse(&format!("{}/", base.as_str())).map_err(|error| Error::BaseUrl { error })
}

fn compile_globs(patterns: &[String]) -> Result<GlobSet, Error> {
    let mut builder = GlobSetBuilder::new();
    for pattern in patterns {
        let glob = Glob::new(pattern).map_err(|source| Error::Glob {
            pattern: pattern.clone(),
            source,
        })?;
        builder.add(glob);
    }
    builder.build().map_err(|source| Error::Glob {
        pattern: patterns.join(", "),
        source,
    })
}

/// Four readers per CPU, 4 to 32. Reading a head is a short burst of work
/// after a wait for the disk when the site is not in the page cache (a
/// large site, a fresh CI runner); more readers than CPUs keep the disk
/// busy meanwhile (measured on 100,000 pages on 2 CPUs: 8 threads took
/// 9 s where 2 took 12–16 s), and when the site is cached they cost next
/// to nothing.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(4, |n| (n.get() * 4).clamp(4, 32))
}

fn bytes(path: &Path) -> &[u8] {
    path.as_os_str().as_encoded_bytes()
}

fn is_html(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

/// What every walker thread shares.
struct Shared<'a> {
    root: &'a Path,
    globs: &'a GlobSet,
    patterns: &'a [String],
    robots_names: &'a [String],
    judge: Judge<'a>,
    records: Mutex<Vec<FileRecord>>,
    warnings: Mutex<Vec<Warning>>,
}

/// Walks `dir` on several threads, reading each page's head as it is
/// found. Returns the records in no particular order, and the directories
/// that could not be read.
fn walk(
    dir: &Path,
    options: &HtmlOptions,
    base: &Loc,
    globs: &GlobSet,
    robots_names: &[String],
) -> (Vec<FileRecord>, Vec<Warning>) {
    // No .gitignore/.ignore rules: built output is usually itself ignored
    // by the source repository (`public/` in Hugo's .gitignore), and a
    // parent's rule would hide the whole site. What is published is what
    // is in the directory.
    let walker = WalkBuilder::new(dir)
        .standard_filters(false)
        .hidden(!options.hidden)
        .follow_links(options.follow_links)
        .threads(if options.threads == 0 {
            default_threads()
        } else {
            options.threads
        })
        .build_parallel();
    let shared = Shared {
        root: dir,
        globs,
        patterns: &options.exclude,
        robots_names,
        judge: Judge { options, base },
        records: Mutex::new(Vec::new()),
        warnings: Mutex::new(Vec::new()),
    };
    walker.visit(&mut VisitorBuilder { shared: &shared });
    let records = shared
        .records
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let warnings = shared
        .warnings
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    (records, warnings)
}

struct VisitorBuilder<'s> {
    shared: &'s Shared<'s>,
}

impl<'s> ParallelVisitorBuilder<'s> for VisitorBuilder<'s> {
    fn build(&mut self) -> Box<dyn ParallelVisitor + 's> {
        Box::new(Visitor {
            shared: self.shared,
            selectors: Selectors::new(),
            buf: Vec::with_capacity(head::CHUNK),
            local: Vec::new(),
        })
    }
}

/// One walker thread: keeps its records locally and hands them over when
/// the walk ends, so threads never wait on each other per file.
struct Visitor<'s> {
    shared: &'s Shared<'s>,
    selectors: Selectors,
    buf: Vec<u8>,
    local: Vec<FileRecord>,
}

impl ParallelVisitor for Visitor<'_> {
    fn visit(&mut self, entry: Result<DirEntry, ignore::Error>) -> WalkState {
        match entry {
            Ok(entry) => {
                if let Some(record) = visit(self.shared, &entry, &self.selectors, &mut self.buf) {
                    self.local.push(record);
                }
            }
            Err(err) => {
                let path = walk_error_path(&err).unwrap_or_else(|| self.shared.root.to_path_buf());
                let warning = Warning {
                    path,
                    kind: WarningKind::Walk {
                        message: err.to_string(),
                    },
                };
                lock(&self.shared.warnings).push(warning);
            }
        }
        WalkState::Continue
    }
}

impl Drop for Visitor<'_> {
    fn drop(&mut self) {
        lock(&self.shared.records).append(&mut self.local);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A poisoned lock only means another thread panicked mid-push; the
    // vector itself is still whole.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn walk_error_path(err: &ignore::Error) -> Option<PathBuf> {
    match err {
        ignore::Error::WithPath { path, .. } => Some(path.clone()),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            walk_error_path(err)
        }
        ignore::Error::Loop { child, .. } => Some(child.clone()),
        _ => None,
    }
}

fn visit(
    shared: &Shared<'_>,
    entry: &DirEntry,
    selectors: &Selectors,
    buf: &mut Vec<u8>,
) -> Option<FileRecord> {
    let file_type = entry.file_type()?;
    if !file_type.is_file() {
        if is_html(entry.path())
            && let Some(what) = special(file_type)
        {
            lock(&shared.warnings).push(Warning {
                path: entry.path().to_path_buf(),
                kind: WarningKind::SpecialFile { what },
            });
        }
        return None;
    }
    if !is_html(entry.path()) {
        return None;
    }
    let path = entry.path().to_path_buf();
    let rel_path = path.strip_prefix(shared.root).unwrap_or(&path);
    let rel = rel_path
        .to_str()
        .map(|s| s.replace(std::path::MAIN_SEPARATOR, "/"));
    if let Some(rel) = &rel
        && let Some(&i) = shared.globs.matches(rel).first()
    {
        let pattern = shared.patterns[i].clone();
        return Some(FileRecord {
            path,
            outcome: Outcome::Glob(pattern),
        });
    }
    if entry
        .file_name()
        .to_str()
        .is_some_and(crate::page::is_not_found_page)
    {
        return Some(FileRecord {
            path,
            outcome: Outcome::NotFound,
        });
    }
    if entry
        .file_name()
        .to_str()
        .is_some_and(|name| crate::search_page::is_search_page(name, &path))
    {
        return Some(FileRecord {
            path,
            outcome: Outcome::SearchPage,
        });
    }
    let images = shared.judge.options.body_images();
    let outcome = match head::read(&path, selectors, shared.robots_names, images, buf) {
        Read::Page(head) => Outcome::Page(Box::new(shared.judge.assess(rel.as_deref(), &head))),
        Read::Binary { at } => Outcome::Binary { at },
        Read::Template { opening } => Outcome::Template { opening },
        Read::Unreadable(e) => Outcome::Unreadable(e),
    };
    Some(FileRecord { path, outcome })
}

/// A listed entry and the file it came from (for warnings).
struct Listed {
    url: Url,
    path: PathBuf,
}

/// A page whose canonical URL is elsewhere: that URL is listed in its
/// place, once, unless a file of the site already answers for it.
struct CanonicalRequest {
    excluded_index: usize,
    url: Url,
    /// The page's entry at its own URL, for a base-URL mismatch.
    own: Url,
    path: PathBuf,
}

/// The ordered, single-threaded pass that turns file records into
/// entries. Records arrive in path order, so "first" always means first
/// by path and the result does not depend on thread timing.
struct Resolver {
    /// The scanned directory.
    root: PathBuf,
    base: Loc,
    listed: BTreeMap<Loc, Listed>,
    /// The loc of every page that was read, listed or not, and its file.
    file_locs: HashMap<Loc, PathBuf>,
    excluded: Vec<Excluded>,
    warnings: Vec<Warning>,
    files_read: Vec<PathBuf>,
    canonical_requests: Vec<CanonicalRequest>,
    /// Indexes in `excluded` of pages listed after all (a base-URL
    /// mismatch), removed at the end so the indexes hold until then.
    relisted: BTreeSet<usize>,
    images: ImageCounts,
}

impl Resolver {
    fn exclude(&mut self, path: PathBuf, reason: ExclusionReason) -> usize {
        self.excluded.push(Excluded { path, reason });
        self.excluded.len() - 1
    }

    fn warn(&mut self, path: &Path, kind: WarningKind) {
        self.warnings.push(Warning {
            path: path.to_path_buf(),
            kind,
        });
    }

    fn file(&mut self, record: FileRecord) {
        let FileRecord { path, outcome } = record;
        let assessed = match outcome {
            Outcome::Glob(pattern) => {
                self.exclude(path, ExclusionReason::ExcludedByGlob { pattern });
                return;
            }
            Outcome::NotFound => {
                self.exclude(path, ExclusionReason::NotFoundPage);
                return;
            }
            Outcome::SearchPage => {
                self.files_read.push(path.clone());
                self.exclude(path, ExclusionReason::SearchPage);
                return;
            }
            Outcome::Binary { at } => {
                self.files_read.push(path.clone());
                self.exclude(path, ExclusionReason::Binary { at });
                return;
            }
            Outcome::Template { opening } => {
                self.files_read.push(path.clone());
                self.exclude(path, ExclusionReason::Template { opening });
                return;
            }
            Outcome::Unreadable(e) => {
                self.files_read.push(path.clone());
                self.exclude(
                    path,
                    ExclusionReason::Unreadable {
                        error: e.to_string(),
                    },
                );
                return;
            }
            Outcome::Page(assessed) => *assessed,
        };
        self.files_read.push(path.clone());
        for kind in assessed.warnings {
            self.warn(&path, kind);
        }
        let loc = match assessed.loc {
            Ok(loc) => loc,
            Err(error) => {
                self.exclude(path, ExclusionReason::BadLoc { error });
                return;
            }
        };
        if let Some(first) = self.file_locs.get(&loc) {
            let first = first.clone();
            self.exclude(path, ExclusionReason::DuplicateLoc { loc, first });
            return;
        }
        self.file_locs.insert(loc.clone(), path.clone());
        match assessed.verdict {
            Verdict::Listed(url) => {
                // The URL the page declares for itself may be another
                // file's (`a.html` declaring `a`, beside `a/index.html`
                // listed as `a`): the first by path keeps it.
                if let Some(first) = self.listed.get(&url.loc) {
                    let first = first.path.clone();
                    self.exclude(
                        path,
                        ExclusionReason::DuplicateLoc {
                            loc: url.loc,
                            first,
                        },
                    );
                    return;
                }
                self.images.add(assessed.images);
                self.listed.insert(url.loc.clone(), Listed { url, path });
            }
            Verdict::Noindex(meta_name) => {
                self.exclude(path, ExclusionReason::Noindex { meta_name });
            }
            Verdict::Redirect(target) => {
                self.exclude(path, ExclusionReason::RedirectStub { target });
            }
            Verdict::OwnOutput => {
                self.exclude(path, ExclusionReason::OwnOutput);
            }
            Verdict::Canonical { there, here } => {
                // Listed at the canonical URL or its own: counted once.
                self.images.add(assessed.images);
                let excluded_index = self.exclude(
                    path.clone(),
                    ExclusionReason::CanonicalElsewhere {
                        canonical: there.loc.clone(),
                        canonical_listed: false,
                    },
                );
                self.canonical_requests.push(CanonicalRequest {
                    excluded_index,
                    url: there,
                    own: here,
                    path,
                });
            }
            // A page without a loc returned above.
            Verdict::None => {}
        }
    }

    fn finish(mut self) -> HtmlScan {
        let requests = std::mem::take(&mut self.canonical_requests);
        let requests = self.base_url_mismatch(requests);
        let by_own: HashMap<Loc, usize> = requests
            .iter()
            .enumerate()
            .map(|(i, r)| (r.own.loc.clone(), i))
            .collect();
        // Requests whose page is listed under its own URL after all.
        let mut own_listed = vec![false; requests.len()];
        for (i, request) in requests.iter().enumerate() {
            if own_listed[i] {
                continue;
            }
            let canonical = request.url.loc.clone();
            let listed = if self.listed.contains_key(&canonical) {
                true
            } else if let Some(target) = self.file_locs.get(&canonical) {
                let target = target.clone();
                match cycle_back(&requests, &by_own, &own_listed, i) {
                    // Requests come in path order: this is the first page
                    // of the cycle, and its canonical is the one listed.
                    Some(j) => {
                        let there = &requests[j];
                        self.warn(
                            &there.path,
                            WarningKind::CanonicalCycle {
                                canonical: there.url.loc.clone(),
                                own: there.own.loc.clone(),
                            },
                        );
                        own_listed[j] = true;
                        self.list_own(there)
                    }
                    None => {
                        self.warn(
                            &request.path,
                            WarningKind::CanonicalTargetExcluded { canonical, target },
                        );
                        false
                    }
                }
            } else if !canonical.is_under(&self.base) {
                false
            } else if let Some(looked) = self.no_file_for(&canonical) {
                // A stale canonical (its page renamed away) must not take
                // the page out of the sitemap with it.
                self.warn(
                    &request.path,
                    WarningKind::CanonicalTargetMissing {
                        canonical,
                        looked,
                        own: request.own.loc.clone(),
                    },
                );
                own_listed[i] = true;
                self.list_own(request);
                continue;
            } else {
                self.listed.insert(
                    canonical,
                    Listed {
                        url: request.url.clone(),
                        path: request.path.clone(),
                    },
                );
                true
            };
            if let ExclusionReason::CanonicalElsewhere {
                canonical_listed, ..
            } = &mut self.excluded[request.excluded_index].reason
            {
                *canonical_listed = listed;
            }
        }
        self.drop_root_copy();
        self.check_hreflang();
        // `excluded` and `files_read` are in record order already.
        if !self.relisted.is_empty() {
            let mut index = 0;
            self.excluded.retain(|_| {
                index += 1;
                !self.relisted.contains(&(index - 1))
            });
        }
        // Stable: a file's warnings stay in the order they were found.
        self.warnings
            .sort_by(|a, b| bytes(&a.path).cmp(bytes(&b.path)));
        HtmlScan {
            urls: self.listed.into_values().map(|l| l.url).collect(),
            excluded: self.excluded,
            warnings: self.warnings,
            files_read: self.files_read,
            images: self.images,
        }
    }

    /// Lists a page whose canonical is elsewhere under its own URL after
    /// all; whether it is (another page may hold that URL already).
    fn list_own(&mut self, request: &CanonicalRequest) -> bool {
        if let Some(first) = self.listed.get(&request.own.loc) {
            self.excluded[request.excluded_index].reason = ExclusionReason::DuplicateLoc {
                loc: request.own.loc.clone(),
                first: first.path.clone(),
            };
            return false;
        }
        self.relisted.insert(request.excluded_index);
        self.listed.insert(
            request.own.loc.clone(),
            Listed {
                url: request.own.clone(),
                path: request.path.clone(),
            },
        );
        true
    }

    /// The files looked for when none of the site answers for `loc` (by
    /// the rule `validate --site` maps locs with); `None` when one does.
    fn no_file_for(&self, loc: &Loc) -> Option<Vec<String>> {
        let rel = crate::files::url_path(&self.base, loc)?;
        let looked = crate::files::files_for(&rel);
        let found = looked.iter().any(|f| self.root.join(f).is_file());
        (!found).then_some(looked)
    }

    /// Canonicals outside the base URL on most pages say the base URL is
    /// wrong (a Sphinx `html_baseurl`, a MkDocs `site_url` of the real
    /// host, scanned with a staging base), not that every page is a
    /// duplicate of another site's: those pages are listed under their
    /// own URLs and one warning names the count, an example and the base
    /// URL the canonicals imply. Returns the requests left to resolve.
    fn base_url_mismatch(&mut self, requests: Vec<CanonicalRequest>) -> Vec<CanonicalRequest> {
        let outside = |r: &CanonicalRequest| {
            !r.url.loc.is_under(&self.base)
                && !self.listed.contains_key(&r.url.loc)
                && !self.file_locs.contains_key(&r.url.loc)
        };
        let count = requests.iter().filter(|r| outside(r)).count();
        // Pages that would be listed but for their canonical, and pages
        // that are: "most" is more than half of them.
        let indexable = self.listed.len() + requests.len();
        if count == 0 || count * 2 <= indexable {
            return requests;
        }
        let (mismatched, rest): (Vec<_>, Vec<_>) = requests.into_iter().partition(|r| outside(r));
        let rel = |path: &Path| {
            path.strip_prefix(&self.root)
                .unwrap_or(path)
                .to_string_lossy()
                .replace(std::path::MAIN_SEPARATOR, "/")
        };
        let example = &mismatched[0];
        let warning = Warning {
            path: example.path.clone(),
            kind: WarningKind::BaseUrlMismatch {
                pages: count,
                of: indexable,
                base: self.base.clone(),
                canonical: example.url.loc.clone(),
                likely_base: crate::page::declared_form(&rel(&example.path), &example.url.loc)
                    .map(|(base, _)| base),
            },
        };
        for mut request in mismatched {
            // The form the canonical uses (Sphinx's `index.html`), under
            // the base URL given.
            if let Some((_, form)) =
                crate::page::declared_form(&rel(&request.path), &request.url.loc)
                && let Ok(loc) = crate::page::form_under(&self.base, &form)
            {
                request.own.loc = loc;
            }
            if let Some(first) = self.listed.get(&request.own.loc) {
                self.excluded[request.excluded_index].reason = ExclusionReason::DuplicateLoc {
                    loc: request.own.loc,
                    first: first.path.clone(),
                };
                continue;
            }
            self.relisted.insert(request.excluded_index);
            self.listed.insert(
                request.own.loc.clone(),
                Listed {
                    url: request.own,
                    path: request.path,
                },
            );
        }
        self.warnings.push(warning);
        rest
    }

    /// mdBook writes its first chapter a second time as the root
    /// `index.html` (no canonical in either): the same page at two URLs,
    /// of which the book's pages, and this toolkit's mdBook plugin, list
    /// the chapter. A root `index.html` of mdBook's (its script sets
    /// `path_to_root`, as mdBook 0.4 and 0.5 themes do) that is a byte
    /// copy of another listed page (the first by path) is left out for
    /// it. Only mdBook's: on another site two equal pages are two URLs
    /// that both serve, and the root is the one to keep. Only pages of
    /// the same size are read to compare.
    fn drop_root_copy(&mut self) {
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
        self.exclude(root_index, ExclusionReason::CopyOf { of });
    }

    /// Google ignores an hreflang pair unless both pages name each other:
    /// report every alternate on this site that does not link back.
    fn check_hreflang(&mut self) {
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

/// What a special file is, in words; `None` for files, folders and
/// symlinks (the walk handles those itself).
fn special(file_type: std::fs::FileType) -> Option<&'static str> {
    if file_type.is_dir() || file_type.is_symlink() {
        return None;
    }
    sitemap_core::input::special_kind(&file_type)
}

/// When the canonical of `requests[i]` names a page whose canonical chain
/// (through pages left out for their canonical, none listed yet) leads
/// back to `requests[i]`'s page: the index of that first target.
fn cycle_back(
    requests: &[CanonicalRequest],
    by_own: &HashMap<Loc, usize>,
    own_listed: &[bool],
    i: usize,
) -> Option<usize> {
    let start = &requests[i].own.loc;
    let first = *by_own.get(&requests[i].url.loc)?;
    let mut seen = BTreeSet::new();
    let mut at = first;
    loop {
        if own_listed[at] || !seen.insert(at) {
            return None;
        }
        let next = &requests[at].url.loc;
        if next == start {
            return Some(first);
        }
        at = *by_own.get(next)?;
    }
}
