//! What the generator writes into the output folder besides the pages the
//! scan lists: its own sitemap, a list's pagers, the files it copies as
//! they are. The build check reads these to tell a page the scan missed
//! from one it leaves out on purpose.

use std::path::PathBuf;

use crate::Site;

impl Site {
    /// Whether the generator writes a sitemap of its own into the output
    /// folder on every build: Hugo unless `disableKinds` holds `sitemap`;
    /// Zola always.
    pub fn writes_own_sitemap(&self) -> bool {
        self.generator.writes_own_sitemap()
    }

    /// The folder Hugo writes a list's pagers in (`posts/page/2/`), from
    /// the site's `pagination.path`; `None` for Zola.
    pub fn pager_path(&self) -> Option<&str> {
        self.generator.pager_path()
    }

    /// The folders the generator copies into its output as they are
    /// (Hugo's `staticDir` and its themes' `static/`, Zola's `static/`):
    /// an HTML file from one is no page of the site's.
    pub fn static_dirs(&self) -> Vec<PathBuf> {
        self.generator.static_dirs(self)
    }
}
