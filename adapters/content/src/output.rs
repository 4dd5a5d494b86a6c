//! What the generator writes into the output folder besides the pages the
//! scan lists: its own sitemap, a list's pagers, the files it copies as
//! they are. The build check reads these to tell a page the scan missed
//! from one it leaves out on purpose.

use std::path::PathBuf;

use crate::Site;

impl Site {
    /// The folders the generator reads its page templates from: Hugo's
    /// `layouts/` of the site and of each theme and module it imports
    /// (found on disk), Zola's `templates/` of the site and its themes.
    /// `None` when some are unknown: a theme or module not on disk (the
    /// scan warns of it).
    fn template_dirs(&self) -> Option<Vec<PathBuf>> {
        self.generator.template_dirs(self)
    }

    /// Whether a page the generator builds can say in its head that it is
    /// not to be indexed: whether a template of the site (its own, its
    /// themes', its modules') names a robots meta (`robots`, `noindex`)
    /// or writes a meta whose name it fills in (`name="{{ … }}"`). When
    /// none does, no built page says `noindex`, and the build check need
    /// not read every page's head to know. `true` when some templates are
    /// unknown (a theme not on disk) or past what is read of them (20,000
    /// files, a file's first 1 MiB).
    pub fn templates_may_say_noindex(&self) -> bool {
        use std::io::Read as _;
        const FILES: usize = 20_000;
        const BYTES: u64 = 1 << 20;
        let Some(dirs) = self.template_dirs() else {
            return true;
        };
        let Ok(robots) = regex::bytes::Regex::new(r#"(?i)noindex|robots|\bname\s*=\s*["']?\{\{"#)
        else {
            return true;
        };
        let mut files = 0;
        let mut text = Vec::new();
        for dir in dirs.iter().filter(|d| d.is_dir()) {
            for entry in ignore::WalkBuilder::new(dir)
                .standard_filters(false)
                .build()
            {
                let Ok(entry) = entry else {
                    return true;
                };
                if !entry.file_type().is_some_and(|t| t.is_file()) {
                    continue;
                }
                files += 1;
                text.clear();
                let read = std::fs::File::open(entry.path())
                    .and_then(|f| f.take(BYTES + 1).read_to_end(&mut text));
                if files > FILES || read.is_err() || text.len() as u64 > BYTES {
                    return true;
                }
                if robots.is_match(&text) {
                    return true;
                }
            }
        }
        false
    }

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
