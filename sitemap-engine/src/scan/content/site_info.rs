//! What llms.txt and `sitemap.html` know of a Zola or Hugo site besides
//! its pages' files: its title and description, the titles its
//! generator gives the list pages it makes (taxonomies, terms), and a
//! multilingual site's languages with the pages each holds.

use sitemap_content::{ContentPage, PageKind, Site};

use crate::human::{Language, SiteInfo};

/// `site`'s information for llms.txt; past its title and description
/// only when `want` (the job writes llms.txt or sitemap.html, which keep
/// each page's source too).
pub(super) fn of(site: &Site, pages: &[ContentPage], want: bool) -> SiteInfo {
    let mut info = SiteInfo {
        title: site.title.clone(),
        description: site.description.clone(),
        ..SiteInfo::default()
    };
    if !want {
        return info;
    }
    info.titles = pages
        .iter()
        .filter_map(|p| Some((p.loc.clone(), p.title.clone()?)))
        .collect();
    info.section_of = pages
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let top = top_list(pages, i)?;
            Some((p.loc.clone(), pages[top].loc.clone()))
        })
        .collect();
    if site.languages.len() < 2 {
        return info;
    }
    info.languages = site
        .site_languages()
        .into_iter()
        .map(|l| {
            let mut language = Language::new(l.code, l.root);
            language.name = l.name;
            language.title = l.title;
            language.description = l.description;
            language.host = site.hosts.contains_key(&language.code);
            language
        })
        .collect();
    // Only the pages whose language is not the one their URL says (a
    // French page with a `url` outside `/fr/`): the others' is found by
    // URL, and a large site's pages are not held twice.
    let by_url = |p: &ContentPage| {
        info.languages
            .iter()
            .enumerate()
            .filter(|(_, l)| p.loc.is_under(&l.root))
            .max_by_key(|(_, l)| l.root.as_str().len())
            .map(|(i, _)| i)
    };
    let page_languages = pages
        .iter()
        .filter_map(|p| {
            let own = info.languages.iter().position(|l| l.code == p.lang)?;
            (by_url(p) != Some(own)).then(|| (p.loc.clone(), own))
        })
        .collect();
    info.page_languages = page_languages;
    info
}

/// The list page a page is grouped under in `sitemap.html`: its
/// top-level section (the one just below the home page, however deep the
/// page sits and whatever its URL: a post at `/2024/05/x/` is under
/// Posts), or its taxonomy for a term; a taxonomy and a top-level
/// section are their own. `None` for the home page and a page directly
/// under it.
fn top_list(pages: &[ContentPage], at: usize) -> Option<usize> {
    let page = &pages[at];
    let list_of = |p: &ContentPage, kind: PageKind| {
        p.member_of
            .iter()
            .map(|&m| m as usize)
            .find(|&m| pages.get(m).is_some_and(|l| l.kind == kind))
    };
    let mut section = match page.kind {
        PageKind::Home => return None,
        PageKind::Taxonomy => return Some(at),
        PageKind::Term => return list_of(page, PageKind::Taxonomy),
        PageKind::Pagination => return top_list(pages, page.pager_of? as usize),
        PageKind::Section => at,
        // A page, and any kind a later generator adds: by its section.
        _ => list_of(page, PageKind::Section)?,
    };
    // Up to the section below the home page; bounded, whatever the
    // membership says.
    for _ in 0..64 {
        match list_of(&pages[section], PageKind::Section) {
            Some(up) if up != section => section = up,
            _ => break,
        }
    }
    Some(section)
}
