//! A parallel walk over a content folder that reads each content file's
//! front matter on the walker's own threads.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use ignore::{WalkBuilder, WalkState};

use crate::FrontMatter;
use crate::front_matter;
use crate::{Error, Warning};

/// One content file found by the walk.
#[derive(Debug)]
pub struct Found {
    /// Full path.
    pub path: PathBuf,
    /// Path components below the content folder, file name last.
    pub rel: Vec<String>,
    /// Its front matter, if it has any.
    pub front_matter: Option<FrontMatter>,
    /// With images on, a Markdown page's body images, read here on the
    /// walker's threads.
    pub images: Option<sitemap_pages::images::markdown::MarkdownImages>,
}

impl Found {
    /// The path of a found file, for [`walk`]'s `path_of`.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// What the walk gathered, sorted by path so that everything built from it
/// is deterministic.
pub struct Walked<T> {
    /// What `map` made of each file, sorted by the file's path.
    pub files: Vec<T>,
    /// Per-file errors, kept with their path so that files a later rule
    /// skips (under a draft section) do not fail the scan.
    pub errors: Vec<(PathBuf, Error)>,
    /// What to tell the user: files skipped, a missing content folder.
    pub warnings: Vec<Warning>,
}

/// Walks `content_dir` (inside `site_root`), keeping files for which
/// `accept(file_name)` is `Some(yaml)`, the YAML dialect (and so the
/// generator) its front matter is read as. Names starting with `.` are
/// skipped, as both generators do. Symlinks are followed only when they
/// resolve inside the site. `map` runs on the walker's threads, so
/// per-file work done there is spread over every core; `path_of` gives
/// back the path of what it made (the path is held once, by `T`).
///
/// A folder or file that cannot be read is an error (the section it holds
/// would silently vanish from the sitemap) unless the site's `exclude`
/// patterns leave it out. A FIFO, socket or device is never opened: it is
/// skipped with a warning naming it, and so is a symlink that leads
/// nowhere (dangling, or a loop) unless it is named like a content file
/// (a page that cannot be read stays an error).
pub fn walk<T: Send>(
    site: &crate::Site,
    content_dir: &Path,
    accept: &(dyn Fn(&str) -> Option<sitemap_pages::yaml::Dialect> + Sync),
    ignore_path: &(dyn Fn(&Path) -> bool + Sync),
    map: &(dyn Fn(Found) -> T + Sync),
    path_of: fn(&T) -> &Path,
) -> Result<Walked<T>, Error> {
    let site_root = site.root.as_path();
    let root = site_root
        .canonicalize()
        .map_err(|e| Error::io(site_root, e))?;
    let exclude = sitemap_pages::filter::Filter::new(&[], &site.options.exclude)?;
    // Whether the exclude patterns leave out a path (a folder: everything
    // below it, tested with a child name no file has).
    let excluded = |path: &Path, is_dir: bool| {
        let rel = crate::paths::below(path, site_root).unwrap_or(path);
        exclude.check(rel).is_some() || (is_dir && exclude.check(&rel.join("\u{0}")).is_some())
    };
    if !content_dir.is_dir() {
        return Ok(Walked {
            files: Vec::new(),
            errors: Vec::new(),
            warnings: vec![Warning::new(
                Some(content_dir),
                "content folder not found: the site has no content pages",
            )],
        });
    }
    let runs: Mutex<Vec<Vec<T>>> = Mutex::new(Vec::new());
    let errors = Mutex::new(Vec::new());
    let warnings = Arc::new(Mutex::new(Vec::new()));
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(8));
    let root_for_filter = root.clone();
    let hugo = site.flavor == crate::Flavor::Hugo;
    let warnings_for_filter = Arc::clone(&warnings);
    // Only Markdown bodies: a Hugo HTML content file is not parsed here.
    let dialect = site.options.images.as_ref().map(|_| site.dialect());
    let markdown = |name: &str| {
        let ext = name.rsplit('.').next().unwrap_or_default();
        matches!(ext, "md" | "markdown" | "mdown" | "mkd" | "mkdn")
    };
    let files_read = &site.options.files;
    let walker = WalkBuilder::new(content_dir)
        .standard_filters(false)
        .follow_links(true)
        .threads(threads)
        .filter_entry(move |entry| enters(entry, hugo, &root_for_filter, &warnings_for_filter))
        .build_parallel();
    walker.run(|| {
        let mut finds = ThreadFinds {
            files: Vec::new(),
            into: &runs,
            path_of,
        };
        let errors = &errors;
        let warnings = &*warnings;
        let excluded = &excluded;
        let mut dirs = front_matter::DirCache::default();
        Box::new(move |result| {
            let entry = match result {
                Ok(entry) => entry,
                Err(err) => {
                    walk_error(&err, accept, excluded, errors, warnings);
                    return WalkState::Continue;
                }
            };
            let Some(file_type) = entry.file_type() else {
                return WalkState::Continue;
            };
            if !file_type.is_file() {
                if let Some(what) = special(file_type) {
                    warnings.lock().unwrap().push(Warning::new(
                        Some(entry.path()),
                        &format!("{what}, not a file: skipped, never opened"),
                    ));
                }
                return WalkState::Continue;
            }
            let path = entry.path();
            let name = entry.file_name().to_string_lossy();
            let Some(yaml) = accept(&name) else {
                return WalkState::Continue;
            };
            if ignore_path(path) {
                return WalkState::Continue;
            }
            files_read.add();
            let rel: Vec<String> = crate::paths::below(path, content_dir)
                .unwrap_or(path)
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            match front_matter::read(path, yaml, &mut dirs) {
                Ok(front_matter) => {
                    let images = match dialect {
                        Some(dialect) if markdown(&name) => {
                            match front_matter::body_images(
                                path,
                                front_matter.as_ref(),
                                dialect,
                                &mut dirs,
                            ) {
                                Ok(Ok(images)) => Some(images),
                                Ok(Err(warning)) => {
                                    warnings.lock().unwrap().push(warning);
                                    None
                                }
                                Err(Error::Io { .. }) if excluded(path, false) => None,
                                Err(err) => {
                                    errors.lock().unwrap().push((entry.into_path(), err));
                                    return WalkState::Continue;
                                }
                            }
                        }
                        _ => None,
                    };
                    // The entry's own path is moved out: one copy per file.
                    let mapped = map(Found {
                        path: entry.into_path(),
                        rel,
                        front_matter,
                        images,
                    });
                    finds.files.push(mapped);
                }
                Err(Error::Io { .. }) if excluded(path, false) => {}
                Err(err) => errors.lock().unwrap().push((entry.into_path(), err)),
            }
            WalkState::Continue
        })
    });
    let files = merge(runs.into_inner().unwrap(), path_of);
    let mut errors = errors.into_inner().unwrap();
    errors.sort_by(|a, b| a.0.cmp(&b.0));
    let mut warnings = std::mem::take(&mut *warnings.lock().unwrap());
    warnings.sort();
    Ok(Walked {
        files,
        errors,
        warnings,
    })
}

/// Whether the walk enters (or keeps) an entry: names starting with `.`
/// are skipped, as both generators do, and a symlink only followed when
/// it resolves inside the site (`root`).
fn enters(
    entry: &ignore::DirEntry,
    hugo: bool,
    root: &Path,
    warnings: &Mutex<Vec<Warning>>,
) -> bool {
    let name = entry.file_name().to_string_lossy();
    if entry.depth() > 0 && name.starts_with('.') {
        return false;
    }
    // Hugo also skips `#…` (editors' autosaves) and folders named
    // `…~` (backups), checked with Hugo 0.111.3.
    if hugo
        && entry.depth() > 0
        && (name.starts_with('#')
            || (name.ends_with('~') && entry.file_type().is_some_and(|t| t.is_dir())))
    {
        return false;
    }
    if entry.path_is_symlink() {
        let inside = entry
            .path()
            .canonicalize()
            .is_ok_and(|target| target.starts_with(root));
        if !inside {
            warnings.lock().unwrap().push(Warning::new(
                Some(entry.path()),
                "symlink leads outside the site: not followed",
            ));
            return false;
        }
    }
    true
}

/// What the walker could not read: a broken symlink not named like a
/// content file is a warning, an unreadable folder or file an error
/// (unless `excluded` leaves it out), a loop a warning.
fn walk_error(
    err: &ignore::Error,
    accept: &(dyn Fn(&str) -> Option<sitemap_pages::yaml::Dialect> + Sync),
    excluded: &dyn Fn(&Path, bool) -> bool,
    errors: &Mutex<Vec<(PathBuf, Error)>>,
    warnings: &Mutex<Vec<Warning>>,
) {
    if let Some((path, source)) =
        broken_link(err).filter(|(path, _)| !is_content_file(path, accept))
    {
        // The HTML scan never follows it, and Zola skips
        // it: nothing the sitemap lists is lost.
        warnings.lock().unwrap().push(Warning::new(
            Some(&path),
            &format!("symlink that cannot be followed ({source}): skipped"),
        ));
        return;
    }
    match unreadable(err) {
        Some((path, source)) if !excluded(&path, true) => errors
            .lock()
            .unwrap()
            .push((path.clone(), Error::Io { path, source })),
        Some(_) => {}
        // A symlink loop: nothing below it is lost.
        None => warnings
            .lock()
            .unwrap()
            .push(Warning::new(None, &format!("skipped while walking: {err}"))),
    }
}

/// One walker thread's files. It is dropped on that thread when the walk
/// ends, and sorts them there, so the sorting is spread over the cores
/// too and the threads never share a growing list.
struct ThreadFinds<'a, T> {
    files: Vec<T>,
    into: &'a Mutex<Vec<Vec<T>>>,
    path_of: fn(&T) -> &Path,
}

impl<T> Drop for ThreadFinds<'_, T> {
    fn drop(&mut self) {
        if self.files.is_empty() {
            return;
        }
        let mut files = std::mem::take(&mut self.files);
        sort_by_path(&mut files, self.path_of);
        // Poisoned only if another walker thread panicked, which the walk
        // itself then reports.
        if let Ok(mut runs) = self.into.lock() {
            runs.push(files);
        }
    }
}

/// Byte order of the path: deterministic, and much cheaper than comparing
/// path components.
fn sort_by_path<T>(files: &mut [T], path_of: fn(&T) -> &Path) {
    files.sort_unstable_by(|a, b| path_of(a).as_os_str().cmp(path_of(b).as_os_str()));
}

/// The threads' sorted lists as one sorted list.
fn merge<T>(mut runs: Vec<Vec<T>>, path_of: fn(&T) -> &Path) -> Vec<T> {
    if runs.len() <= 1 {
        return runs.pop().unwrap_or_default();
    }
    let total = runs.iter().map(Vec::len).sum();
    let mut merged = Vec::with_capacity(total);
    let mut heads: Vec<std::vec::IntoIter<T>> = runs.into_iter().map(Vec::into_iter).collect();
    loop {
        // A handful of threads: the smallest head is found by looking.
        let mut smallest: Option<(usize, &Path)> = None;
        for (i, head) in heads.iter().enumerate() {
            let Some(candidate) = head.as_slice().first().map(path_of) else {
                continue;
            };
            if smallest.is_none_or(|(_, p)| candidate.as_os_str() < p.as_os_str()) {
                smallest = Some((i, candidate));
            }
        }
        match smallest.map(|(i, _)| i) {
            Some(i) => merged.push(heads[i].next().expect("a head that was looked at")),
            None => return merged,
        }
    }
}

/// The path and OS error of a walk error that is a folder or file that
/// could not be read (not a symlink loop).
fn unreadable(err: &ignore::Error) -> Option<(PathBuf, std::io::Error)> {
    fn path_of(err: &ignore::Error) -> Option<&Path> {
        match err {
            ignore::Error::WithPath { path, .. } => Some(path),
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                path_of(err)
            }
            ignore::Error::Partial(errs) => errs.iter().find_map(path_of),
            _ => None,
        }
    }
    let io = err.io_error()?;
    let source = match io.raw_os_error() {
        Some(code) => std::io::Error::from_raw_os_error(code),
        None => std::io::Error::new(io.kind(), io.to_string()),
    };
    Some((path_of(err)?.to_owned(), source))
}

/// The symlink and the error of a walk error that is a symlink whose
/// target cannot be reached: dangling, or a loop.
fn broken_link(err: &ignore::Error) -> Option<(PathBuf, std::io::Error)> {
    let (path, source) = unreadable(err)?;
    let is_link = std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
    (is_link && std::fs::metadata(&path).is_err()).then_some((path, source))
}

/// Whether a file named like `path` would be read as a page or section.
fn is_content_file(
    path: &Path,
    accept: &(dyn Fn(&str) -> Option<sitemap_pages::yaml::Dialect> + Sync),
) -> bool {
    path.file_name()
        .is_some_and(|name| accept(&name.to_string_lossy()).is_some())
}

/// What a special file is, in words; `None` for files, folders and
/// symlinks (the walk handles those itself).
fn special(file_type: std::fs::FileType) -> Option<&'static str> {
    if file_type.is_dir() || file_type.is_symlink() {
        return None;
    }
    sitemap_core::input::special_kind(&file_type)
}
