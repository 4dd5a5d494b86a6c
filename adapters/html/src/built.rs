//! The pages a generator built, as a list: every `.html` file under the
//! output folder (its path under the folder, `/`-separated), from the
//! folders' entries alone (no file is opened or asked its time). A
//! source scan checks its URL set against it (`sitemap-engine`'s build
//! check), telling [`built_files`] which folders it need not list: a
//! regular page's folder holds that page's `index.html` and its
//! resources, which the check opens by name, so a site of 100,000 pages
//! is listed in a few hundred folders, not 100,000. Only when the build
//! and the scan disagree is [`BuiltFiles::newest`] asked when the build
//! was made.
//!
//! A folder the walk cannot read is kept in [`BuiltFiles::unreadable`]
//! with its error, so the check names it as unreadable rather than take
//! its pages for missing ones.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use ignore::{DirEntry, ParallelVisitor, ParallelVisitorBuilder, WalkBuilder, WalkState};

/// The built pages of a folder.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct BuiltFiles {
    /// Each `.html` file's path under the folder, `/`-separated, sorted.
    pub pages: Vec<String>,
    /// Each folder that could not be read (its path under the folder,
    /// `/`-separated, empty for the folder itself) and why, sorted.
    pub unreadable: Vec<(String, String)>,
    /// How many folders the walk passed by (see [`built_files`]), each
    /// seen in its parent's entries: there, its files unlisted. Counted,
    /// not named: when as many as were asked for are seen, every one is
    /// there (one count a folder, no list of 100,000 names).
    pub skipped: usize,
}

impl BuiltFiles {
    /// When the newest of the pages under `dir` was last written (one
    /// `stat` a page: asked only when it matters).
    pub fn newest(&self, dir: &Path) -> Option<SystemTime> {
        self.pages
            .iter()
            .filter_map(|rel| std::fs::metadata(dir.join(rel)).ok()?.modified().ok())
            .max()
    }
}

/// Which folders a walk passes by: given a folder's path under the
/// walked one (`/`-separated, no trailing slash), whether to.
pub type Skip = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// Lists the `.html` files under `dir` on the walker's threads (hidden
/// files and folders skipped, links not followed), passing by each
/// folder `skip` names: it is taken from its parent's entries and never
/// opened. An empty list for a folder that is not there.
pub fn built_files(dir: &Path, skip: Skip) -> BuiltFiles {
    if !dir.is_dir() {
        return BuiltFiles::default();
    }
    let found = Mutex::new(BuiltFiles::default());
    let mut builder = Builder { dir, found: &found };
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(8));
    let skipped = Arc::new(AtomicUsize::new(0));
    let (root, passed) = (dir.to_path_buf(), Arc::clone(&skipped));
    WalkBuilder::new(dir)
        .standard_filters(false)
        .hidden(true)
        .threads(threads)
        .filter_entry(move |entry| {
            if !entry.file_type().is_some_and(|t| t.is_dir()) {
                return true;
            }
            let Some(rel) = entry.path().strip_prefix(&root).ok().and_then(Path::to_str) else {
                return true;
            };
            // `/`-separated, allocated only where the separator differs.
            let rel: std::borrow::Cow<'_, str> = if cfg!(windows) {
                rel.replace('\\', "/").into()
            } else {
                rel.into()
            };
            if rel.is_empty() || !skip(&rel) {
                return true;
            }
            passed.fetch_add(1, Ordering::Relaxed);
            false
        })
        .build_parallel()
        .visit(&mut builder);
    let mut built = found.into_inner().unwrap_or_else(|e| e.into_inner());
    built.skipped = skipped.load(Ordering::Relaxed);
    built.pages.sort();
    built.unreadable.sort();
    built
}

struct Builder<'s> {
    dir: &'s Path,
    found: &'s Mutex<BuiltFiles>,
}

impl<'s> ParallelVisitorBuilder<'s> for Builder<'s> {
    fn build(&mut self) -> Box<dyn ParallelVisitor + 's> {
        Box::new(Visitor {
            dir: self.dir,
            found: self.found,
            own: BuiltFiles::default(),
        })
    }
}

/// One walker thread: keeps what it finds and hands it over when the
/// walk drops it, one lock per thread.
struct Visitor<'s> {
    dir: &'s Path,
    found: &'s Mutex<BuiltFiles>,
    own: BuiltFiles,
}

impl Visitor<'_> {
    /// `path`'s place under the walked folder, `/`-separated.
    fn rel(&self, path: &Path) -> String {
        path.strip_prefix(self.dir)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/")
    }
}

impl ParallelVisitor for Visitor<'_> {
    fn visit(&mut self, entry: Result<DirEntry, ignore::Error>) -> WalkState {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                if let Some((path, why)) = unreadable(&error) {
                    let rel = self.rel(path);
                    self.own.unreadable.push((rel, why));
                }
                return WalkState::Continue;
            }
        };
        let is_file = entry.file_type().is_some_and(|t| t.is_file());
        if is_file
            && crate::files::is_html(&entry.file_name().to_string_lossy())
            && let Ok(rel) = entry.path().strip_prefix(self.dir)
        {
            self.own
                .pages
                .push(rel.to_string_lossy().replace('\\', "/"));
        }
        WalkState::Continue
    }
}

/// The folder a walk error is about and the I/O error's text, when it is
/// a folder that could not be read (a link loop is no such error: links
/// are not followed).
fn unreadable(error: &ignore::Error) -> Option<(&Path, String)> {
    match error {
        ignore::Error::WithPath { path, err } => match err.as_ref() {
            ignore::Error::Io(io) => Some((path.as_path(), io.to_string())),
            inner => unreadable(inner).map(|(_, why)| (path.as_path(), why)),
        },
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            unreadable(err)
        }
        _ => None,
    }
}

impl Drop for Visitor<'_> {
    fn drop(&mut self) {
        let mut shared = self.found.lock().unwrap_or_else(|e| e.into_inner());
        shared.pages.append(&mut self.own.pages);
        shared.unreadable.append(&mut self.own.unreadable);
    }
}
