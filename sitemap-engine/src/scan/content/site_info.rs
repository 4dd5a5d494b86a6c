//! What llms.txt and `sitemap.html` know of a Zola or Hugo site besides
//! its pages' files: its title and description, the titles its
//! generator gives the list pages it makes (taxonomies, terms), and a
//! multilingual site's languages with the pages each holds.

use sitemap_content::{ContentPage, Site};

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
