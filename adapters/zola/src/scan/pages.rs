//! Page files, after the sections: each read as Zola reads it (unless
//! below a draft section), Zola's refusals over all of them, then which
//! sections list each page.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use sitemap_content::walk::Found;

use super::super::page::{Page, Terms, read_page};
use super::super::refuse::{refuse_index_beside_section, refuse_path_collisions};
use super::{Scan, Sections};

impl Scan<'_> {
    /// Reads every page file, with the terms the pages name (every
    /// configured taxonomy included, used or not).
    pub(super) fn read_pages(
        &mut self,
        page_files: Vec<&Found>,
        under_draft: &dyn Fn(&[String]) -> bool,
    ) -> (Vec<Page>, Terms) {
        let (site, cfg) = (self.site, self.cfg);
        let mut pages: Vec<Page> = Vec::new();
        let mut terms: Terms = BTreeMap::new();
        for (lang, taxos) in &cfg.taxonomies {
            for t in taxos {
                terms.entry((lang.clone(), t.slug.clone())).or_default();
            }
        }
        for found in page_files {
            // Every refused page is reported, not only the first.
            match read_page(
                found,
                site,
                cfg,
                under_draft,
                &mut self.scan.excluded,
                &mut terms,
            ) {
                Ok(Some(page)) => pages.push(page),
                Ok(None) => {}
                Err(e) => self.page_errors.push((found.path.clone(), e)),
            }
        }
        (pages, terms)
    }

    /// The sites Zola refuses: an `index.md` page on a section's path,
    /// and two files publishing one path.
    pub(super) fn refuse(
        &mut self,
        pages: &[Page],
        sections: &Sections,
        section_paths: &BTreeSet<String>,
    ) {
        let page_errors = &mut self.page_errors;
        let before = page_errors.len();
        refuse_index_beside_section(pages, section_paths, page_errors);
        // Zola stops at the `index.md` it refuses; its path, the section's,
        // is no second error.
        let refused: BTreeSet<PathBuf> = page_errors[before..]
            .iter()
            .map(|(p, _)| p.clone())
            .collect();
        refuse_path_collisions(pages, sections, self.site, &refused, page_errors);
    }
}

/// Library::populate_sections: a page joins the section of its folder,
/// and of each parent while the section is transparent.
pub(super) fn populate_sections(pages: &[Page], sections: &mut Sections) {
    // Pages that are not rendered join no section, so they count in no
    // pager.
    for (i, page) in pages.iter().enumerate().filter(|(_, p)| p.render) {
        let mut dir = page.section_dir.clone();
        while let Some(section) = sections.get_mut(&(dir.clone(), page.lang.clone())) {
            section.pages.push(i);
            if !section.transparent || dir.is_empty() {
                break;
            }
            dir.pop();
        }
    }
}
