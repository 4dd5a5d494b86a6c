//! The parallel phase: walk the directory on several threads and turn
//! each `.html` file into a [`FileRecord`] (left out by a glob, a 404 or
//! search page, or read: binary, template, unreadable, or a page and its
//! assessment), in no particular order.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use globset::GlobSet;
use ignore::{DirEntry, ParallelVisitor, ParallelVisitorBuilder, WalkBuilder, WalkState};
use sitemap_core::Loc;

use crate::head::{self, Read, Selectors};
use crate::options::HtmlOptions;
use crate::page::{Assessed, Judge};
use crate::report::{Warning, WarningKind};

/// One `.html` file and what became of it in the parallel phase.
pub(super) struct FileRecord {
    pub(super) path: PathBuf,
    pub(super) outcome: Outcome,
}

pub(super) enum Outcome {
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

/// Four readers per CPU, 4 to 32. Reading a head is a short burst of work
/// after a wait for the disk when the site is not in the page cache (a
/// large site, a fresh CI runner); more readers than CPUs keep the disk
/// busy meanwhile (measured on 100,000 pages on 2 CPUs: 8 threads took
/// 9 s where 2 took 12–16 s), and when the site is cached they cost next
/// to nothing.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(4, |n| (n.get() * 4).clamp(4, 32))
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
pub(super) fn walk(
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
    shared.judge.options.files.add();
    let outcome = match head::read(&path, selectors, shared.robots_names, images, buf) {
        Read::Page(head) => Outcome::Page(Box::new(shared.judge.assess(rel.as_deref(), &head))),
        Read::Binary { at } => Outcome::Binary { at },
        Read::Template { opening } => Outcome::Template { opening },
        Read::Unreadable(e) => Outcome::Unreadable(e),
    };
    Some(FileRecord { path, outcome })
}

/// What a special file is, in words; `None` for files, folders and
/// symlinks (the walk handles those itself).
fn special(file_type: std::fs::FileType) -> Option<&'static str> {
    if file_type.is_dir() || file_type.is_symlink() {
        return None;
    }
    sitemap_core::input::special_kind(&file_type)
}
