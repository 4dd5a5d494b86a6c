//! The site its generator built, as a source scan (Zola, Hugo) hands it
//! on: the output folder's pages, the sources a build reflects, the
//! content adapters whose pages only the build has. The build check
//! (`check/build.rs`) holds the scan against it.

use std::path::{Path, PathBuf};

use sitemap_html::BuiltFiles;

/// What the scan hands the check: the generator's output folder and
/// the newest source it read.
#[derive(Debug)]
pub(crate) struct Build {
    /// The generator's output folder, as the user named it (relative
    /// to the working directory when the site was).
    pub(crate) dir: PathBuf,
    /// Its pages.
    pub(crate) files: BuiltFiles,
    /// The files a build reflects, asked their times only when the
    /// build and the scan disagree (a stale build explains it).
    pub(crate) sources: Vec<PathBuf>,
    /// The site's content adapters: the URL path of each one's section
    /// (`news/`) and its file. Their pages are listed from the build.
    pub(crate) adapters: Vec<(String, PathBuf)>,
    /// The generator's build command (`hugo`, `zola build`), to name.
    pub(crate) command: &'static str,
    /// The folder Hugo writes a list's pagers in (`page`); `None` for a
    /// generator whose pagers the scan lists.
    pub(crate) pager_path: Option<String>,
    /// The folders the generator copies as they are (`static/`): an HTML
    /// file from one is no page the generator lists, nor the scan.
    pub(crate) static_dirs: Vec<PathBuf>,
}

impl Build {
    /// The build in `dir`, whose pages are `files`
    /// ([`sitemap_html::built_files`]); `sources` kept only when
    /// something is built.
    pub(crate) fn of(
        dir: &Path,
        files: BuiltFiles,
        sources: impl Iterator<Item = PathBuf>,
        adapters: Vec<(String, PathBuf)>,
        command: &'static str,
        pager_path: Option<String>,
        static_dirs: Vec<PathBuf>,
    ) -> Build {
        let sources = if files.pages.is_empty() {
            Vec::new()
        } else {
            sources.collect()
        };
        Build {
            dir: dir.to_path_buf(),
            files,
            sources,
            adapters,
            command,
            pager_path,
            static_dirs,
        }
    }

    /// The newest source when it is newer than every built page: the
    /// build does not show it.
    pub(crate) fn stale_by(&self) -> Option<&Path> {
        let (changed, source) = self
            .sources
            .iter()
            .filter_map(|p| Some((std::fs::metadata(p).ok()?.modified().ok()?, p)))
            .max()?;
        let built = self.files.newest(&self.dir)?;
        (changed > built).then_some(source.as_path())
    }
}
