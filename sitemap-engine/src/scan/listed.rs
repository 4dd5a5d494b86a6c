//! A page a caller lists by hand (build.rs's `Sitemap::pages`), turned
//! into the source layer's page: a Markdown source's front matter read as
//! in a content tree (`date`, `updated`, sitemap overrides), the caller's
//! own values winning over it. Here so that a skin builds a
//! [`PageList`] without reaching below the engine.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use sitemap_core::{ChangeFreq, Lastmod, Loc, Priority};
use sitemap_pages::overrides::Overrides;
use sitemap_pages::pipeline::Page as SourcePage;

use super::PageList;
use crate::error::Error;

/// One page of a list the caller builds.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct ListedPage {
    /// The page's path relative to the base URL (`""` for the home page,
    /// `"guide/"`, `"about.html"`), or an absolute URL under it.
    pub path: String,
    /// The file the page is made from, relative to the list's root (or
    /// the working directory): what `include` / `exclude` globs match,
    /// what `mtime` (and, where allowed, `git`) lastmod is read from, and
    /// a file reported as read. A Markdown source's front matter (`date`,
    /// `updated`, sitemap overrides) counts as in a content tree.
    pub source: Option<PathBuf>,
    /// An explicit lastmod; it wins over every other source.
    pub lastmod: Option<Lastmod>,
    /// The page's changefreq.
    pub changefreq: Option<ChangeFreq>,
    /// The page's priority.
    pub priority: Option<Priority>,
}

impl ListedPage {
    /// A page at `path` (relative to the base URL).
    pub fn new(path: impl Into<String>) -> ListedPage {
        ListedPage {
            path: path.into(),
            source: None,
            lastmod: None,
            changefreq: None,
            priority: None,
        }
    }

    /// The file the page is made from.
    pub fn with_source(mut self, source: impl Into<PathBuf>) -> ListedPage {
        self.source = Some(source.into());
        self
    }

    /// An explicit lastmod.
    pub fn with_lastmod(mut self, lastmod: Lastmod) -> ListedPage {
        self.lastmod = Some(lastmod);
        self
    }

    /// The page's changefreq.
    pub fn with_changefreq(mut self, changefreq: ChangeFreq) -> ListedPage {
        self.changefreq = Some(changefreq);
        self
    }

    /// The page's priority.
    pub fn with_priority(mut self, priority: Priority) -> ListedPage {
        self.priority = Some(priority);
        self
    }
}

impl PageList {
    /// The caller's `pages` under `base`, sources relative to `root`, as
    /// the source layer's pages; an explicit lastmod wins over the
    /// precedence.
    pub fn listed(root: &Path, base: &Loc, pages: &[ListedPage]) -> Result<PageList, Error> {
        let mut list = Vec::with_capacity(pages.len());
        let mut fixed: HashMap<Loc, Lastmod> = HashMap::new();
        for (i, page) in pages.iter().enumerate() {
            let loc = base.join(&page.path).map_err(|e| Error::Setting {
                at: format!("page {} (`{}`)", i + 1, page.path),
                message: e.to_string(),
                hint: "a page's path is relative to the base URL, or an absolute URL under it"
                    .to_owned(),
            })?;
            // Pages without a file get a name of their own, so that the
            // duplicate check and filters still have something to say.
            let source = page
                .source
                .clone()
                .unwrap_or_else(|| PathBuf::from(format!("<page {}>", i + 1)));
            let mut overrides = match page.source.as_ref().filter(|s| is_markdown(s)) {
                Some(s) => {
                    let path = root.join(s);
                    let text = sitemap_core::input::read_regular_text(
                        &path,
                        sitemap_pages::images::markdown::MAX_PAGE_BYTES,
                    )
                    .map_err(|source| Error::Io { path, source })?;
                    let fm = sitemap_pages::front_matter::parse(s, &text)?;
                    SourcePage::from_front_matter(s.clone(), loc.clone(), &fm)?.overrides
                }
                None => Overrides::default(),
            };
            overrides.changefreq = page.changefreq.or(overrides.changefreq);
            overrides.priority = page.priority.or(overrides.priority);
            // An explicit lastmod is the caller's front matter; kept aside
            // too, so it wins even where the precedence leaves that out.
            if let Some(l) = &page.lastmod {
                overrides.lastmod = Some(l.clone());
                fixed.insert(loc.clone(), l.clone());
            }
            list.push(SourcePage::new(source, loc).with_overrides(overrides));
        }
        Ok(PageList::new(root, list).with_fixed_lastmod(fixed))
    }
}

fn is_markdown(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e == "md" || e == "markdown")
}
