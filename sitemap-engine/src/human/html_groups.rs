//! Where each page sits in `sitemap.html`: a multilingual site's pages
//! by language first (the default language's first, each part with its
//! own `lang`), then, for a Zola or Hugo site, by the section its
//! generator files it in ([`SiteInfo::section_of`]) rather than by its
//! URL's first folder, which split a blog's posts into "2023" and "2024"
//! under `/:year/` permalinks and put a whole language under its home
//! page's title.
//!
//! A section is headed by its list page's title (the page is listed
//! first in it), else by its last URL folder; the pages directly under
//! the home page come first, then the sections in URL order, each
//! section's pages in URL order.

use std::collections::HashMap;

use sitemap_core::Loc;
use sitemap_core::human::{HtmlLanguage, PageEntry};

use super::{SiteInfo, fallback_title};

/// `entries` in their sections' order, each page of a section naming it;
/// as they are when the site files no page in a section.
pub(super) fn sectioned(site: &SiteInfo, entries: Vec<PageEntry>) -> Vec<PageEntry> {
    if site.section_of.is_empty() || !site.sections.is_empty() {
        return entries;
    }
    let titles: HashMap<&Loc, &str> = entries.iter().map(|e| (&e.loc, e.title.as_str())).collect();
    let heading = |section: &Loc| match titles.get(section) {
        Some(title) if !title.trim().is_empty() => (*title).to_owned(),
        _ => capitalized(&fallback_title(section)),
    };
    let headings: HashMap<&Loc, String> = site
        .section_of
        .values()
        .map(|section| (section, heading(section)))
        .collect();
    let mut keyed: Vec<(Option<&Loc>, bool, PageEntry)> = entries
        .into_iter()
        .map(|e| {
            let section = site.section_of.get(&e.loc);
            let own = section == Some(&e.loc);
            (section, own, e)
        })
        .collect();
    // Top-level pages first, then by section, its own page first.
    keyed.sort_by(|(a, a_own, a_entry), (b, b_own, b_entry)| {
        a.cmp(b)
            .then(b_own.cmp(a_own))
            .then_with(|| a_entry.loc.cmp(&b_entry.loc))
    });
    keyed
        .into_iter()
        .map(
            |(section, _, entry)| match section.and_then(|s| headings.get(s)) {
                Some(heading) => entry.with_section(heading.clone()),
                None => entry,
            },
        )
        .collect()
}

/// A multilingual site's entries by language (a page the generator does
/// not place by its URL's language root), each language's [`sectioned`].
pub(super) fn by_language(site: &SiteInfo, entries: Vec<PageEntry>) -> Vec<HtmlLanguage> {
    let mut parts: Vec<Vec<PageEntry>> = vec![Vec::new(); site.languages.len()];
    for entry in entries {
        let own = site.page_languages.get(&entry.loc).copied().or_else(|| {
            site.languages
                .iter()
                .enumerate()
                .filter(|(_, l)| entry.loc.is_under(&l.root))
                .max_by_key(|(_, l)| l.root.as_str().len())
                .map(|(i, _)| i)
        });
        parts[own.unwrap_or(0)].push(entry);
    }
    site.languages
        .iter()
        .zip(parts)
        .filter(|(_, entries)| !entries.is_empty())
        .map(|(language, entries)| {
            HtmlLanguage::new(&language.code, language.label(), sectioned(site, entries))
        })
        .collect()
}

/// `posts` as `Posts`.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
