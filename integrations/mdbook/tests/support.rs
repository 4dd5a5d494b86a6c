//! Copying fixture books into temporary directories and building them with
//! mdBook.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use mdbook_driver::MDBook;
use mdbook_driver::config::Config;
use tempfile::TempDir;

/// The binary under test.
pub(crate) const EXE: &str = env!("CARGO_BIN_EXE_mdbook-sitemap");

/// Every copied file's modification time: 2024-03-04T05:06:07Z, so a
/// `lastmod` taken from mtime is the same on every run.
pub(crate) fn fixed_mtime() -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_709_528_767)
}

/// A fixture book copied into a fresh temporary directory.
pub(crate) struct Book {
    pub(crate) dir: TempDir,
}

impl Book {
    /// Copies `tests/fixtures/<case>`.
    pub(crate) fn fixture(case: &str) -> Book {
        Book::copy_of(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures")
                .join(case),
        )
    }

    /// Copies the book at `from` (leaving out a `book/` built there).
    pub(crate) fn copy_of(from: &Path) -> Book {
        let dir = tempfile::tempdir().unwrap();
        copy_tree(from, dir.path());
        Book { dir }
    }

    /// An empty book directory, for books written by the test.
    pub(crate) fn empty() -> Book {
        Book {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    pub(crate) fn root(&self) -> &Path {
        self.dir.path()
    }

    pub(crate) fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub(crate) fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, text).unwrap();
        set_mtime(&path);
    }

    pub(crate) fn read(&self, rel: &str) -> String {
        fs::read_to_string(self.path(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
    }

    /// `book.toml` with the sitemap tables' `command` pointing at the
    /// binary under test, plus `edit` for what the test changes (as
    /// `mdbook serve` changes the config in memory).
    pub(crate) fn config(&self, edit: impl FnOnce(&mut Config)) -> Config {
        let mut config = Config::from_disk(self.path("book.toml")).unwrap();
        let command = format!("'{EXE}'");
        for table in ["preprocessor.sitemap", "output.sitemap"] {
            if config
                .get::<serde::de::IgnoredAny>(table)
                .unwrap()
                .is_some()
            {
                config.set(format!("{table}.command"), &command).unwrap();
            }
        }
        edit(&mut config);
        config
    }

    /// `mdbook build` with the binary under test.
    pub(crate) fn build(&self) -> anyhow::Result<()> {
        self.build_with(|_| {})
    }

    pub(crate) fn build_with(&self, edit: impl FnOnce(&mut Config)) -> anyhow::Result<()> {
        let config = self.config(edit);
        MDBook::load_with_config(self.root(), config)?.build()
    }

    /// Runs the renderer role of the binary as mdBook's `CmdRenderer` does
    /// (the book preprocessed for the `sitemap` renderer on stdin, the
    /// destination as working directory), returning its exit status and
    /// stderr: what a user sees when the build fails.
    pub(crate) fn run_renderer(&self) -> (bool, String) {
        let config = self.config(|_| {});
        let md = MDBook::load_with_config(self.root(), config).unwrap();
        let (book, _) = md.preprocess_book(&Named("sitemap")).unwrap();
        let destination = md.build_dir_for("sitemap");
        fs::create_dir_all(&destination).unwrap();
        let ctx = mdbook_renderer::RenderContext::new(
            md.root.clone(),
            book,
            md.config.clone(),
            &destination,
        );
        let json = serde_json::to_vec(&ctx).unwrap();
        run_exe(&[], &json, &destination)
    }
}

/// Runs the binary with `args` and `stdin`, returning success and stderr
/// with the temporary directory's path replaced by `[BOOK]`.
pub(crate) fn run_exe(args: &[&str], stdin: &[u8], cwd: &Path) -> (bool, String) {
    use std::io::Write;
    let mut child = Command::new(EXE)
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8(out.stderr).unwrap())
}

/// A renderer that only has a name, for `MDBook::preprocess_book`.
pub(crate) struct Named(pub(crate) &'static str);

impl mdbook_renderer::Renderer for Named {
    fn name(&self) -> &str {
        self.0
    }
    fn render(&self, _: &mdbook_renderer::RenderContext) -> anyhow::Result<()> {
        Ok(())
    }
}

/// `text` with `root` replaced by `[BOOK]`.
pub(crate) fn redact(text: &str, root: &Path) -> String {
    let root = root.to_string_lossy();
    let canonical = fs::canonicalize(root.as_ref()).map(|p| p.to_string_lossy().into_owned());
    let mut out = text.replace(root.as_ref(), "[BOOK]");
    if let Ok(canonical) = canonical {
        out = out.replace(&canonical, "[BOOK]");
    }
    out
}

/// The `<main>` element of a rendered page: the chapter's own HTML, without
/// mdBook's theme around it.
pub(crate) fn main_of(html: &str) -> String {
    let start = html.find("<main>").expect("a <main> element");
    let end = html.find("</main>").expect("a </main>") + "</main>".len();
    html[start..end].to_owned()
}

pub(crate) fn set_mtime(path: &Path) {
    fs::File::options()
        .append(true)
        .open(path)
        .unwrap()
        .set_modified(fixed_mtime())
        .unwrap();
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_name() == "book" {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
            set_mtime(&target);
        }
    }
}

/// Every file under `dir` with its contents, for comparing a tree before
/// and after a build.
pub(crate) fn snapshot_tree(dir: &Path) -> Vec<(String, Vec<u8>, SystemTime)> {
    let mut out: Vec<_> = sitemap_testkit::list_files(dir)
        .into_iter()
        .map(|rel| {
            let path = dir.join(&rel);
            let modified = fs::metadata(&path).unwrap().modified().unwrap();
            (rel, fs::read(&path).unwrap(), modified)
        })
        .collect();
    out.sort();
    out
}

/// Each warning as one line, `file:line: message`, as the plugin's
/// library hands them over and the report names them.
pub(crate) fn said(warnings: &[sitemap_core::Diagnostic]) -> Vec<String> {
    warnings
        .iter()
        .map(|w| w.unlabelled().to_string())
        .collect()
}
