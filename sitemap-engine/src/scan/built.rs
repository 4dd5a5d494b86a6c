//! The site its generator built, as a source scan (Zola, Hugo) hands it
//! on: where the output folder is and whether it lies in the site, the
//! sources a build reflects, the content adapters whose pages only the
//! build has, and the regular pages whose folders the check need not
//! list. The build check (`check/build/`) lists the folder and holds the
//! scan against it.

use foldhash::HashSet;
use std::path::{Path, PathBuf};

use sitemap_core::Loc;
use sitemap_pages::Reason;

/// What the scan hands the check.
#[derive(Debug)]
pub(crate) struct Build {
    /// The generator's output folder, as the user named it (relative
    /// to the working directory when the site was).
    pub(crate) dir: PathBuf,
    /// The site's folder: the check lists an output folder only inside
    /// it (or the folder the set is written to).
    pub(crate) site_root: PathBuf,
    /// The files a build reflects, asked their times only when the
    /// build and the scan disagree (a stale build explains it); kept only
    /// when the output folder holds anything.
    pub(crate) sources: Vec<PathBuf>,
    /// The site's content adapters. Their pages are listed from the build.
    pub(crate) adapters: Vec<Adapter>,
    /// The URLs of the scan's regular pages (listed or not): a page's
    /// folder holds its `index.html` and its resources, never another
    /// page the generator lists, so the check opens that file and does not
    /// list the folder.
    pub(crate) leaves: HashSet<Loc>,
    /// Whether a regular page's head is read too: only when a template
    /// of the site can write a robots meta
    /// ([`sitemap_content::Site::templates_may_say_noindex`]); otherwise
    /// no built page says `noindex`, and its folder in its parent's
    /// entries says it is built.
    pub(crate) leaf_heads: bool,
    /// The generator's build command (`hugo`, `zola build`), to name.
    pub(crate) command: &'static str,
    /// The folder Hugo writes a list's pagers in (`page`); `None` for a
    /// generator whose pagers the scan lists.
    pub(crate) pager_path: Option<String>,
    /// The folders the generator copies as they are (`static/`): an HTML
    /// file from one is no page the generator lists, nor the scan.
    pub(crate) static_dirs: Vec<PathBuf>,
}

/// A content adapter (Hugo's `_content.gotmpl`), as the check needs it.
#[derive(Debug)]
pub(crate) struct Adapter {
    /// The URL path of its section (`news/`).
    pub(crate) section: String,
    /// Its file, relative to the site.
    pub(crate) file: PathBuf,
    /// Why its pages are left out when their section's cascade says so
    /// (the gate's rules 1 to 3 for a page from the build).
    pub(crate) left_out: Option<Reason>,
}

impl Build {
    /// The newest source when it is newer than every built page
    /// (`pages`, below the output folder): the build does not show it.
    pub(crate) fn stale_by<'p>(&self, pages: impl Iterator<Item = &'p str>) -> Option<&Path> {
        let (changed, source) = self
            .sources
            .iter()
            .filter_map(|p| Some((std::fs::metadata(p).ok()?.modified().ok()?, p)))
            .max()?;
        let built = pages
            .filter_map(|rel| std::fs::metadata(self.dir.join(rel)).ok()?.modified().ok())
            .max()?;
        (changed > built).then_some(source.as_path())
    }
}
