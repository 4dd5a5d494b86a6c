//! What a write reports back to cargo: the set written and every file
//! read ([`Built`]), as `cargo:rerun-if-changed=` and `cargo:warning=`
//! lines.

use std::io::Write;
use std::path::PathBuf;

use sitemap_core::{Diagnostic, SetReport};

/// What [`Sitemap::write`](crate::Sitemap::write) wrote and read.
#[derive(Debug)]
#[non_exhaustive]
pub struct Built {
    /// The set written: sitemaps, index, counts, stale files removed.
    pub report: SetReport,
    /// Every file read to write it (content files, configuration files,
    /// `sitemap.toml`, built HTML pages, page sources), sorted.
    pub files_read: Vec<PathBuf>,
    /// Folders a new source file may appear in (the content folder, the
    /// built HTML folder): cargo watches every file under them.
    pub rerun_dirs: Vec<PathBuf>,
    /// With git lastmod: `.git/HEAD`, `.git/index` and the current ref.
    pub git_files: Vec<PathBuf>,
    /// robots.txt, when it was merged.
    pub robots: Option<PathBuf>,
    /// The companions written (`sitemap.xsl`, `sitemap.html`).
    pub files: Vec<PathBuf>,
    /// Warnings, each at its file and line.
    pub warnings: Vec<Diagnostic>,
    /// Source files of pages left out (drafts, excluded, noindex), sorted.
    pub excluded: Vec<PathBuf>,
}

impl Built {
    /// The `cargo:rerun-if-changed=` lines for [`files_read`](Self::files_read),
    /// [`rerun_dirs`](Self::rerun_dirs) and [`git_files`](Self::git_files),
    /// in that order.
    pub fn rerun_lines(&self) -> Vec<String> {
        self.files_read
            .iter()
            .chain(&self.rerun_dirs)
            .chain(&self.git_files)
            .map(|p| format!("cargo:rerun-if-changed={}", p.display()))
            .collect()
    }

    /// Prints [`rerun_lines`](Self::rerun_lines) and each warning as
    /// `cargo:warning=`, for a build script.
    pub fn rerun_if_changed(&self) {
        let mut out = std::io::stdout().lock();
        for line in self.rerun_lines() {
            // A build script whose stdout is gone has nowhere to report to.
            let _ = writeln!(out, "{line}");
        }
        // `file:line: message` on one line (cargo adds `warning:`): a
        // name from the input is escaped, so it cannot end the line.
        for w in &self.warnings {
            let _ = writeln!(out, "cargo:warning={}", w.unlabelled());
        }
    }
}
