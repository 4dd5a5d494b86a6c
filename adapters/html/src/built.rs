//! The pages a generator built, as a list: every `.html` file under the
//! output folder (its path under the folder, `/`-separated), from the
//! folders' entries alone (no file is opened or asked its time). A
//! source scan checks its URL set against it (`sitemap-engine`'s build
//! check) without reading any page it lists: only a built page it does
//! not list is read, to tell a page from a redirect stub or a `noindex`
//! page ([`crate::PageReader`]); and only when the two disagree is
//! [`BuiltFiles::newest`] asked when the build was made.

use std::path::Path;
use std::sync::Mutex;
use std::time::SystemTime;

use ignore::{DirEntry, ParallelVisitor, ParallelVisitorBuilder, WalkBuilder, WalkState};

/// The built pages of a folder.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct BuiltFiles {
    /// Each `.html` file's path under the folder, `/`-separated, sorted.
    pub pages: Vec<String>,
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

/// Lists the `.html` files under `dir` on the walker's threads (hidden
/// files and folders skipped, links not followed); an empty list for a
/// folder that is not there.
pub fn built_files(dir: &Path) -> BuiltFiles {
    if !dir.is_dir() {
        return BuiltFiles::default();
    }
    let found = Mutex::new(BuiltFiles::default());
    let mut builder = Builder { dir, found: &found };
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(8));
    WalkBuilder::new(dir)
        .standard_filters(false)
        .hidden(true)
        .threads(threads)
        .build_parallel()
        .visit(&mut builder);
    let mut built = found.into_inner().unwrap_or_else(|e| e.into_inner());
    built.pages.sort();
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

impl ParallelVisitor for Visitor<'_> {
    fn visit(&mut self, entry: Result<DirEntry, ignore::Error>) -> WalkState {
        let Ok(entry) = entry else {
            return WalkState::Continue;
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

impl Drop for Visitor<'_> {
    fn drop(&mut self) {
        let mut shared = self.found.lock().unwrap_or_else(|e| e.into_inner());
        shared.pages.append(&mut self.own.pages);
    }
}
