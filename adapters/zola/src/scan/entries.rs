//! The URLs Zola's sitemap lists for pages and sections: each rendered
//! page, each rendered section (listing its pages), and each section's
//! pagination.

use sitemap_core::Loc;

use sitemap_content::paths::make_loc;
use sitemap_content::{ContentPage, Error, LeftOut, PageKind, Reason, images_of, overrides_of};

use super::super::page::Page;
use super::{Scan, Sections};

impl Scan<'_> {
    /// Adds a page per rendered page file. Returns where each page landed
    /// in `scan.pages`, for `member_of`.
    pub(super) fn page_entries(&mut self, pages: &[Page]) -> Result<Vec<Option<u32>>, Error> {
        let site = self.site;
        let base = &site.base_url;
        let multilingual = !self.cfg.other_languages.is_empty();
        let scan = &mut self.scan;
        let mut page_index: Vec<Option<u32>> = vec![None; pages.len()];
        for (i, page) in pages.iter().enumerate() {
            if !page.render {
                scan.excluded
                    .push(LeftOut::new(page.source.clone(), Reason::RenderFalse));
                continue;
            }
            let mut cp = ContentPage::new(
                PageKind::Page,
                make_loc(base, &page.path, &page.source)?,
                &page.lang,
            );
            cp.source = Some(page.source.clone());
            cp.overrides = match overrides_of(site, &page.source, &page.fm) {
                Ok(overrides) => overrides,
                Err(e) => {
                    self.page_errors.push((page.source.clone(), e));
                    continue;
                }
            };
            cp.images = match images_of(site, &page.source, &page.fm, page.images.as_ref()) {
                Ok(images) => images,
                Err(e) => {
                    self.page_errors.push((page.source.clone(), e));
                    continue;
                }
            };
            if multilingual {
                cp.translation_key = Some(format!("page:{}", page.canonical));
            }
            page_index[i] = Some(scan.pages.len() as u32);
            scan.pages.push(cp);
        }
        Ok(page_index)
    }

    /// Adds each rendered section (the home page for a language's root),
    /// its pages (where `page_index` says they landed) its members, then
    /// its pagers.
    pub(super) fn section_entries(
        &mut self,
        sections: &Sections,
        pages: &[Page],
        page_index: &[Option<u32>],
    ) -> Result<(), Error> {
        let (site, cfg) = (self.site, self.cfg);
        let base = &site.base_url;
        let multilingual = !cfg.other_languages.is_empty();
        let scan = &mut self.scan;
        let page_errors = &mut self.page_errors;
        for section in sections.values() {
            let source = if section.source.as_os_str().is_empty() {
                &site.config_path
            } else {
                &section.source
            };
            let loc = make_loc(base, &section.path, source)?;
            // A redirect stub is no page (the HTML reader's rule, and
            // mdBook's stubs): left out, though Zola lists it, with its
            // pagers, which Zola never writes (the guide's deliberate
            // differences).
            let redirect = section
                .redirect_to
                .as_deref()
                .filter(|_| section.render)
                .map(|to| redirect_target(base, to, source).unwrap_or_else(|| loc.clone()));
            if let Some(target) = redirect {
                scan.excluded.push(LeftOut::new(
                    section.source.clone(),
                    Reason::RedirectStub { target },
                ));
                continue;
            }
            if section.render {
                let kind = if section.dir.is_empty() {
                    PageKind::Home
                } else {
                    PageKind::Section
                };
                let mut cp = ContentPage::new(kind, loc.clone(), &section.lang);
                if !section.source.as_os_str().is_empty() {
                    cp.source = Some(section.source.clone());
                    match overrides_of(site, &section.source, &section.fm) {
                        Ok(overrides) => cp.overrides = overrides,
                        Err(e) => page_errors.push((section.source.clone(), e)),
                    }
                    match images_of(site, &section.source, &section.fm, section.images.as_ref()) {
                        Ok(images) => cp.images = images,
                        Err(e) => page_errors.push((section.source.clone(), e)),
                    }
                }
                if multilingual {
                    cp.translation_key = Some(format!("section:{}", section.dir.join("/")));
                }
                // A section lists its pages, a transparent subsection's
                // included (`section.pages`, filled by `populate_sections`
                // as Zola does).
                let index = scan.pages.len() as u32;
                for page in section.pages.iter().filter_map(|&i| page_index[i]) {
                    scan.pages[page as usize].member_of.push(index);
                }
                scan.pages.push(cp);
            } else if !section.source.as_os_str().is_empty() {
                scan.excluded
                    .push(LeftOut::new(section.source.clone(), Reason::RenderFalse));
            }
            let listed = (section.render).then(|| scan.pages.len() as u32 - 1);
            // A section with `render = false` gets no pagers either
            // (`render_section` returns before `render_paginated`), though
            // Zola's sitemap lists them: URLs that are not served, left
            // out (the guide's deliberate differences).
            if let Some(by) = section.paginate_by
                && section.render
                && !cfg.exclude_paginated
            {
                // Pages a sort cannot place are left out of the pagers
                // (`ignored_pages`), as Zola does.
                let count = section
                    .pages
                    .iter()
                    .filter(|&&i| {
                        let p = &pages[i];
                        match section.sort_by.as_str() {
                            "date" => p.has_date,
                            "update_date" => p.has_updated,
                            "title" | "title_bytes" => p.has_title,
                            "weight" => p.has_weight,
                            _ => true,
                        }
                    })
                    .count();
                for n in 1..=count.div_ceil(by) {
                    let path = format!("{}{}/{}/", section.path, section.paginate_path, n);
                    let mut cp = ContentPage::new(
                        PageKind::Pagination,
                        make_loc(base, &path, source)?,
                        &section.lang,
                    );
                    cp.pager_of = listed;
                    scan.pages.push(cp);
                }
            }
        }
        Ok(())
    }
}

/// Where a section's `redirect_to` points, as Zola makes it: a URL with
/// `http:` or `https:` as it is, anything else a path on the site.
fn redirect_target(base: &Loc, to: &str, source: &std::path::Path) -> Option<Loc> {
    if to.starts_with("http:") || to.starts_with("https:") {
        Loc::parse(to).ok()
    } else {
        make_loc(base, to, source).ok()
    }
}
