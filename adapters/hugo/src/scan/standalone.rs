//! The site's sitemap as a page (Hugo 0.123 and later): Hugo makes it a
//! page of the content tree, `/_sitemap` of kind `sitemap` in each site
//! (and `/_sitemapindex` in the first), and the cascades of the site and
//! of its home page reach it as they reach any page. One that makes it a
//! draft, future, expired or `render: never` leaves the site without a
//! sitemap: its pages are built, but listed in none (checked with
//! 0.148.0 to 0.168.0; Hugo's `TestCascadeDraftTrue14409`, a cascade
//! `draft = true` whose target names English, leaves `en/sitemap.xml`
//! and the index unwritten).

use sitemap_content::{FrontMatter, LeftOut, Reason};

use super::super::front_matter::{date_of, hugo_draft, never_rendered, numbers_as_booleans};
use super::super::settings::HugoConfig;
use super::Scan;

impl Scan<'_> {
    /// Moves the pages of each site whose sitemap page a cascade leaves
    /// out to the pages left out.
    pub(super) fn sites_without_sitemap(&mut self, now: jiff::Timestamp) {
        let unbuilt: Vec<(String, Reason)> = self
            .cfg
            .site_keys(self.site)
            .into_iter()
            .filter_map(|key| {
                let why = sitemap_page_left_out(self.site, self.cfg, &key, now)?;
                Some((key, why))
            })
            .collect();
        if unbuilt.is_empty() {
            return;
        }
        let pages = std::mem::take(&mut self.scan.pages);
        // The pages kept, by their index before: `member_of` and
        // `pager_of` name pages by index.
        let mut moved_to: Vec<Option<u32>> = Vec::with_capacity(pages.len());
        for page in pages {
            let Some((site, why)) = unbuilt.iter().find(|(key, _)| *key == page.lang) else {
                moved_to.push(Some(self.scan.pages.len() as u32));
                self.scan.pages.push(page);
                continue;
            };
            moved_to.push(None);
            let path = page
                .source
                .clone()
                .unwrap_or_else(|| self.site.config_path.clone());
            let reason = Reason::SiteSitemapUnbuilt {
                site: site.clone(),
                why: Box::new(why.clone()),
            };
            self.scan
                .excluded
                .push(LeftOut::new(path, reason).at(page.loc));
        }
        let now_at = |old: &u32| moved_to.get(*old as usize).copied().flatten();
        for page in &mut self.scan.pages {
            page.member_of = page.member_of.iter().filter_map(now_at).collect();
            page.pager_of = page.pager_of.as_ref().and_then(now_at);
        }
    }
}

/// Why the sitemap page of the site of `lang` (its key, see `sites`) is
/// left out, if a cascade leaves it out.
fn sitemap_page_left_out(
    site: &sitemap_content::Site,
    cfg: &HugoConfig,
    lang: &str,
    now: jiff::Timestamp,
) -> Option<Reason> {
    let language = super::super::sites::language_of(lang);
    let root = cfg.language_dirs.get(language).unwrap_or(&site.content_dir);
    let own_lang = |named: Option<&str>| match named {
        Some(l) => l.eq_ignore_ascii_case(language),
        None => cfg.language_dirs.contains_key(language) || cfg.default_language == language,
    };
    // The home page's cascade, then the site's.
    let chain = cfg.cascades.inherited(root, root, language, &own_lang);
    let site_cascade = cfg.cascades.site(lang);
    if chain.is_empty() && site_cascade.is_empty() {
        return None;
    }
    let page = super::super::cascade::PageRef {
        kind: "sitemap",
        path: "/_sitemap",
        file_path: "/_sitemap",
        lang,
    };
    let mut fm = FrontMatter::default();
    let entries = chain.entries().chain(site_cascade);
    super::super::cascade::apply(entries, &page, cfg.rules(), &mut fm);
    if fm.data().is_empty() {
        return None;
    }
    if cfg.rules().cast_numbers_as_booleans {
        numbers_as_booleans(&mut fm);
    }
    if hugo_draft(&fm) && !cfg.build_drafts {
        Some(Reason::Draft)
    } else if !cfg.build_future
        && date_of(&fm, &["publishdate", "pubdate", "published", "date"]).is_some_and(|d| d > now)
    {
        Some(Reason::Future)
    } else if !cfg.build_expired
        && date_of(&fm, &["expirydate", "unpublishdate"]).is_some_and(|d| d <= now)
    {
        Some(Reason::Expired)
    } else if never_rendered(&fm) {
        Some(Reason::NotRendered { key: None })
    } else {
        None
    }
}
