//! Taxonomies with their terms (terms whose slugs collide merge), each
//! term's pagination, and the terms and taxonomies each page is listed
//! on.

use std::collections::BTreeMap;

use foldhash::HashMap;

use sitemap_content::paths::{make_loc, zola_slugify};
use sitemap_content::{ContentPage, Error, PageKind};

use super::super::page::{Page, Terms};
use super::Scan;

/// (language, taxonomy slug, term slug) -> the term page.
pub(super) type TermIndex<'a> = HashMap<(&'a str, &'a str, String), u32>;
/// (language, taxonomy slug) -> the taxonomy page.
pub(super) type TaxonomyIndex<'a> = HashMap<(&'a str, &'a str), u32>;

impl Scan<'_> {
    /// Adds each rendered taxonomy's page, followed by its terms' pages
    /// and their pagers. Returns where the term and taxonomy pages landed
    /// in `scan.pages`.
    pub(super) fn taxonomy_entries<'t>(
        &mut self,
        terms: &'t Terms,
    ) -> Result<(TermIndex<'t>, TaxonomyIndex<'t>), Error> {
        let (site, cfg) = (self.site, self.cfg);
        let base = &site.base_url;
        let multilingual = !cfg.other_languages.is_empty();
        let scan = &mut self.scan;
        let mut term_index: TermIndex<'t> = HashMap::default();
        let mut taxonomy_index: TaxonomyIndex<'t> = HashMap::default();
        for ((lang, slug), found_terms) in terms {
            let Some(t) = cfg
                .taxonomies
                .get(lang)
                .and_then(|ts| ts.iter().find(|t| &t.slug == slug))
            else {
                continue;
            };
            // A taxonomy no page uses is never rendered (`render_taxonomy`
            // returns early on no items), though Zola's sitemap lists its
            // page: a URL that is not served, left out (the guide's
            // deliberate differences).
            if !t.render || found_terms.is_empty() {
                continue;
            }
            let lang_prefix = if *lang != cfg.default_language {
                format!("/{lang}")
            } else {
                String::new()
            };
            let taxo_path = match &cfg.taxonomy_root {
                Some(root) => format!("{lang_prefix}/{root}/{slug}/"),
                None => format!("{lang_prefix}/{slug}/"),
            };
            let src = &site.config_path;
            let mut cp =
                ContentPage::new(PageKind::Taxonomy, make_loc(base, &taxo_path, src)?, lang);
            // Zola's templates have the taxonomy's name, as configured.
            cp.title = Some(t.name.clone());
            if multilingual {
                cp.translation_key = Some(format!("taxonomy:{}", t.name));
            }
            let taxonomy = scan.pages.len() as u32;
            taxonomy_index.insert((lang.as_str(), slug.as_str()), taxonomy);
            scan.pages.push(cp);
            // Terms whose slugs collide merge, as Taxonomy::new does,
            // under the first name in name order (it sorts them by slug,
            // then name, and keeps the first of each slug).
            let mut by_slug: BTreeMap<String, (&str, usize)> = BTreeMap::new();
            for (term, count) in found_terms {
                by_slug
                    .entry(zola_slugify(term, cfg.slugify_taxonomies))
                    .or_insert((term, 0))
                    .1 += count;
            }
            for (term_slug, (name, count)) in by_slug {
                let term_path = format!("{taxo_path}{term_slug}/");
                let term = scan.pages.len() as u32;
                let mut cp =
                    ContentPage::new(PageKind::Term, make_loc(base, &term_path, src)?, lang);
                cp.title = Some(name.to_owned());
                cp.member_of.push(taxonomy);
                scan.pages.push(cp);
                if let Some(by) = t.paginate_by
                    && !cfg.exclude_paginated
                {
                    for n in 1..=count.div_ceil(by) {
                        let path = format!("{term_path}{}/{n}/", t.paginate_path);
                        let mut cp = ContentPage::new(
                            PageKind::Pagination,
                            make_loc(base, &path, src)?,
                            lang,
                        );
                        cp.pager_of = Some(term);
                        scan.pages.push(cp);
                    }
                }
                term_index.insert((lang.as_str(), slug.as_str(), term_slug), term);
            }
        }
        Ok((term_index, taxonomy_index))
    }

    /// A page is listed on the page of each term it names, and so on its
    /// taxonomy's.
    pub(super) fn term_membership(
        &mut self,
        pages: &[Page],
        page_index: &[Option<u32>],
        term_index: &TermIndex<'_>,
        taxonomy_index: &TaxonomyIndex<'_>,
    ) {
        if term_index.is_empty() {
            return;
        }
        let cfg = self.cfg;
        for (page, index) in pages.iter().zip(page_index) {
            let (Some(index), Some(serde_json::Value::Object(taxos))) =
                (index, page.fm.data().get("taxonomies"))
            else {
                continue;
            };
            let Some(configured) = cfg.taxonomies.get(&page.lang) else {
                continue;
            };
            for (name, values) in taxos {
                let Some(t) = configured.iter().find(|t| t.name == *name) else {
                    continue;
                };
                let lang = page.lang.as_str();
                let lists = &mut self.scan.pages[*index as usize].member_of;
                for term in values
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|v| v.as_str())
                {
                    let key = (
                        lang,
                        t.slug.as_str(),
                        zola_slugify(term, cfg.slugify_taxonomies),
                    );
                    lists.extend(term_index.get(&key).copied());
                }
                lists.extend(taxonomy_index.get(&(lang, t.slug.as_str())).copied());
            }
        }
    }
}
