//! The list pages Hugo makes: one home page per language, the sections,
//! then each taxonomy followed by its terms. Each phase returns where its
//! pages landed in `scan.pages`, for membership.

use foldhash::HashMap;

use sitemap_content::paths::{PathRules, hugo_make_path};
use sitemap_content::{Error, PageKind};

use super::super::files::File;
use super::super::front_matter::get_str;
use super::super::permalinks::Colons;
use super::super::urls::{checked_url, lang_prefix, ugly_for};
use super::membership::{HomeIndex, SectionIndex, TaxonomyIndex, TermIndex};
use super::pages::{TaxonomyContent, TermNames};
use super::tree::{Dead, Sections, dead_language};
use super::{Scan, Terms, keep, push_node};

impl<'s> Scan<'s> {
    /// Home pages, one per language; each language's root `_index` is
    /// taken out of the sections (it is the home page, not a section).
    pub(super) fn home_pages(
        &mut self,
        files: &[Box<File>],
        sections: &mut Sections,
    ) -> Result<HomeIndex, Error> {
        let (site, cfg) = (self.site, self.cfg);
        let mut home_index: HomeIndex = HashMap::default();
        let keys = cfg.site_keys(site);
        let complemented = complemented(files, cfg);
        for lang in &keys {
            let src = files
                .iter()
                .position(|f| f.is_branch() && f.dir.is_empty() && f.lang == *lang);
            sections.remove(&(Vec::new(), lang.clone()));
            if src.is_none() && complemented.contains(&(&[][..], lang.as_str())) {
                continue;
            }
            let fm = src.map(|i| &files[i].fm);
            let home = ListPage {
                kind: "home",
                logical: "/",
                fm,
                sections: &[],
                name: "",
                section_slugs: None,
            };
            let path = list_permalink(cfg, lang, home).unwrap_or_else(|| {
                // Under `uglyURLs` the current Hugo links the home page's
                // file itself.
                if ugly_index(cfg, "") {
                    format!("{}/index.html", lang_prefix(cfg, lang))
                } else {
                    format!("{}/", lang_prefix(cfg, lang))
                }
            });
            let before = self.scan.pages.len();
            push_node(
                &mut self.scan,
                site,
                cfg,
                files,
                src,
                PageKind::Home,
                &path,
                lang,
                "home".to_owned(),
                cfg.kind_on(lang, "home"),
            )
            .or_else(|e| keep(&mut self.page_errors, e))?;
            if self.scan.pages.len() > before {
                home_index.insert(lang.clone(), before as u32);
            }
        }
        Ok(home_index)
    }

    /// Section pages, their URL from the folder (or the `_index`'s `url`).
    pub(super) fn section_pages<'x>(
        &mut self,
        files: &[Box<File>],
        sections: &'x Sections,
    ) -> Result<SectionIndex<'x>, Error> {
        let (site, cfg) = (self.site, self.cfg);
        let mut section_index: SectionIndex<'x> = HashMap::default();
        let complemented = complemented(files, cfg);
        for ((dir, lang), src) in sections {
            if src.is_none() && complemented.contains(&(dir.as_slice(), lang.as_str())) {
                continue;
            }
            let section_name = dir[0].to_lowercase();
            // A top-level section Hugo makes itself (no `_index` file) has a
            // lowercase URL even under `disablePathToLower` in Hugo 0.111.3
            // (which keys it in lowercase); one with an `_index` keeps the
            // folder's case, and so does every section in the current Hugo.
            let named = src.and_then(|i| url_folders(&files[i], dir, cfg));
            let rules = cfg.path_rules(lang);
            // A list page's `url` is made a path in Hugo 0.111.3 (`/Up Per/` is
            // `/up-per/`); the current Hugo keeps it as written, as a page's.
            let list_url = (!cfg.rules().list_urls_as_written).then_some(rules);
            // Hugo 0.111.3 cases a section's path by the site's
            // `disablePathToLower`, not its language's.
            let old = !cfg.rules().language_path_rules;
            let lower = if old {
                cfg.path_rules.lower
            } else {
                rules.lower
            };
            let folders: Vec<std::borrow::Cow<str>> = match &named {
                Some(named) => named.iter().map(|n| n.as_str().into()).collect(),
                None => dir
                    .iter()
                    .map(|d| sitemap_content::paths::hugo_content_name(d, !old, lower))
                    .collect(),
            };
            // The current Hugo sanitises the path with its leading slash,
            // so a folder's leading spaces are a hyphen (`" d x "` is
            // `/-d-x/` under `disablePathToLower`; checked with 0.168.0).
            let rel = hugo_make_path(
                &format!("{}{}", if old { "" } else { "/" }, folders.join("/")),
                PathRules {
                    lower: lower || (old && dir.len() == 1 && src.is_none()),
                    ..rules
                },
            );
            let rel = rel.strip_prefix('/').unwrap_or(&rel);
            let mut path = if ugly_index(cfg, &section_name) {
                format!("{}/{rel}/index.html", lang_prefix(cfg, lang))
            } else if ugly_for(cfg, &section_name) {
                format!("{}/{rel}.html", lang_prefix(cfg, lang))
            } else {
                format!("{}/{rel}/", lang_prefix(cfg, lang))
            };
            if let Some(url) = src.and_then(|i| get_str(&files[i].fm, "url")) {
                let f = &files[src.unwrap_or_default()];
                path = checked_url(url, &lang_prefix(cfg, &f.lang), list_url);
                // Since Hugo 0.131 a `url` holding `:` is a pattern.
                if url.contains(':') && cfg.rules().url_permalink_tokens {
                    let name = dir.last().map_or("", String::as_str);
                    let mut title = String::new();
                    let values = list_values(Some(&f.fm), "section", dir, name, &mut title);
                    let colons = Colons::of(cfg.rules().escaped_colons, true);
                    let expanded =
                        super::super::permalinks::expand_list(url, &values, rules, colons);
                    path = checked_url(&expanded, &lang_prefix(cfg, &f.lang), list_url);
                }
            } else if let Some(p) = list_permalink(
                cfg,
                lang,
                ListPage {
                    kind: "section",
                    logical: &format!("/{}", dir.join("/")),
                    fm: src.map(|i| &files[i].fm),
                    sections: dir,
                    name: dir.last().map_or("", String::as_str),
                    section_slugs: src
                        .map(|i| super::super::page_tokens::section_slugs(&files[i], dir, cfg))
                        .as_deref(),
                },
            ) {
                path = p;
            }
            let before = self.scan.pages.len();
            push_node(
                &mut self.scan,
                site,
                cfg,
                files,
                *src,
                PageKind::Section,
                &path,
                lang,
                format!("section:{}", dir.join("/")),
                cfg.kind_on(lang, "section"),
            )
            .or_else(|e| keep(&mut self.page_errors, e))?;
            if self.scan.pages.len() > before {
                section_index.insert((dir.as_slice(), lang.as_str()), before as u32);
            }
        }
        Ok(section_index)
    }

    /// Each taxonomy's page, followed by its terms' pages (a term is a
    /// member of its taxonomy). An unpublished home page or taxonomy
    /// `_index` takes the taxonomy's pages with it.
    pub(super) fn taxonomy_pages<'x>(
        &mut self,
        files: &[Box<File>],
        terms: &'x Terms,
        taxonomy_fm: &TaxonomyContent,
        names: &TermNames,
        dead: &Dead,
        listed_pages: &[(u32, u32)],
    ) -> Result<(TaxonomyIndex<'x>, TermIndex<'x>), Error> {
        let (site, cfg) = (self.site, self.cfg);
        let mut taxonomy_index: TaxonomyIndex<'x> = HashMap::default();
        let mut term_index: TermIndex<'x> = HashMap::default();
        for ((lang, taxo), found_terms) in terms {
            let rules = cfg.path_rules(lang);
            // A list page's `url` is made a path in Hugo 0.111.3 (`/Up Per/` is
            // `/up-per/`); the current Hugo keeps it as written, as a page's.
            let list_url = (!cfg.rules().list_urls_as_written).then_some(rules);
            let src = taxonomy_fm.get(&(lang.clone(), taxo.clone())).copied();
            let ugly_key = hugo_make_path(taxo, rules);
            let ugly = ugly_for(cfg, &ugly_key);
            let taxo_slug =
                own_slug(src.map(|i| &*files[i]), cfg, rules).unwrap_or(ugly_key.clone());
            let path = if ugly_index(cfg, &ugly_key) {
                format!("{}/{taxo_slug}/index.html", lang_prefix(cfg, lang))
            } else if ugly {
                format!("{}/{taxo_slug}.html", lang_prefix(cfg, lang))
            } else {
                format!("{}/{taxo_slug}/", lang_prefix(cfg, lang))
            };
            // An unpublished taxonomy `_index` takes its terms with it in
            // 0.111.3; the current Hugo leaves out only the taxonomy's own
            // page.
            let takes_terms = !cfg.rules().unpublished_branch_keeps_below;
            if dead_language(dead, lang)
                || (takes_terms && src.is_some_and(|i| !files[i].published))
            {
                continue;
            }
            // The taxonomy's own `_index` may set its URL, as a term's may.
            let taxo_dir = [taxo.clone()];
            let path = match src.map(|i| &files[i]) {
                Some(f) if get_str(&f.fm, "url").is_some() => {
                    let url = get_str(&f.fm, "url").unwrap_or_default();
                    checked_url(url, &lang_prefix(cfg, &f.lang), list_url)
                }
                f => list_permalink(
                    cfg,
                    lang,
                    ListPage {
                        kind: "taxonomy",
                        logical: &format!("/{taxo}"),
                        fm: f.map(|f| &f.fm),
                        sections: &taxo_dir,
                        name: taxo,
                        section_slugs: None,
                    },
                )
                .unwrap_or(path),
            };
            let before = self.scan.pages.len();
            push_node(
                &mut self.scan,
                site,
                cfg,
                files,
                src,
                PageKind::Taxonomy,
                &path,
                lang,
                format!("taxonomy:{taxo}"),
                cfg.kind_on(lang, "taxonomy") && (src.is_some() || cfg.taxonomies_made()),
            )
            .or_else(|e| keep(&mut self.page_errors, e))?;
            let taxonomy = (self.scan.pages.len() > before).then_some(before as u32);
            if let Some(t) = taxonomy {
                taxonomy_index.insert((lang.as_str(), taxo.as_str()), t);
                let title = cfg.list_titles.taxonomy(lang, taxo, cfg.rules());
                self.scan.pages[t as usize].title = Some(title);
            }
            for (term, src) in found_terms {
                let segment = own_slug(src.map(|i| &*files[i]), cfg, rules);
                let segment = segment.as_deref().unwrap_or(term);
                let mut path = if ugly {
                    format!("{}/{taxo_slug}/{segment}.html", lang_prefix(cfg, lang))
                } else {
                    format!("{}/{taxo_slug}/{segment}/", lang_prefix(cfg, lang))
                };
                // Term content may set the term page's URL (`url =
                // "categoria/sintaxe"` in `content/categories/syntax/_index.pt-br.md`).
                if let Some(f) = src.map(|i| &files[i])
                    && let Some(url) = get_str(&f.fm, "url")
                {
                    path = checked_url(url, &lang_prefix(cfg, &f.lang), list_url);
                } else if let Some(p) = list_permalink(
                    cfg,
                    lang,
                    ListPage {
                        kind: "term",
                        logical: &format!("/{taxo}/{term}"),
                        fm: src.map(|i| &files[i].fm),
                        sections: &taxo_dir,
                        name: term,
                        section_slugs: None,
                    },
                ) {
                    path = p;
                }
                if src.is_none()
                    && let Some(e) =
                        self.term_loc_refused(files, listed_pages, lang, taxo, term, &path)
                {
                    keep(&mut self.page_errors, e)?;
                    continue;
                }
                let before = self.scan.pages.len();
                push_node(
                    &mut self.scan,
                    site,
                    cfg,
                    files,
                    *src,
                    PageKind::Term,
                    &path,
                    lang,
                    format!("term:{taxo}/{term}"),
                    cfg.kind_on(lang, "term"),
                )
                .or_else(|e| keep(&mut self.page_errors, e))?;
                if self.scan.pages.len() > before {
                    term_index.insert((lang.as_str(), taxo.as_str(), term.as_str()), before as u32);
                    // Named as a page writes it, else as its folder is.
                    let name = names
                        .get(&(lang.clone(), taxo.clone(), term.clone()))
                        .cloned()
                        .or_else(|| src.map(|i| files[i].dir[1..].join("/")))
                        .unwrap_or_else(|| term.clone());
                    let page = &mut self.scan.pages[before];
                    page.member_of.extend(taxonomy);
                    page.title = Some(cfg.list_titles.term(lang, &name, cfg.rules()));
                }
            }
        }
        Ok((taxonomy_index, term_index))
    }

    /// The error of a term page no file backs whose URL the protocol
    /// refuses (past 2,048 characters), naming a page that gives the
    /// term rather than the configuration; `None` when the URL is one.
    fn term_loc_refused(
        &self,
        files: &[Box<File>],
        listed_pages: &[(u32, u32)],
        lang: &str,
        taxo: &str,
        term: &str,
        path: &str,
    ) -> Option<Error> {
        let (site, cfg) = (self.site, self.cfg);
        let base = cfg.base_for(site, lang);
        sitemap_content::paths::make_loc(base, path, &site.config_path).err()?;
        let named_in = listed_pages.iter().find_map(|&(pi, fi)| {
            let names = files[fi as usize].terms.iter().any(|(t, named, _)| {
                cfg.taxonomies(lang).get(*t).map(String::as_str) == Some(taxo) && named == term
            });
            names
                .then(|| self.scan.pages[pi as usize].source.clone())
                .flatten()
        })?;
        sitemap_content::paths::make_loc(base, path, &named_in).err()
    }
}

/// The (folder, site) of each list page Hugo makes without a file that
/// a branch of another site stands in for (its `sites.complements`, see
/// `file_sites`; Hugo 0.157 and later): Hugo lists that branch's page
/// there instead (checked with 0.168.0), which its own site lists
/// already.
fn complemented<'f>(
    files: &'f [Box<File>],
    cfg: &super::super::settings::HugoConfig,
) -> std::collections::HashSet<(&'f [String], &'f str)> {
    files
        .iter()
        .filter(|f| f.is_branch() && cfg.rules().complements_stand_in)
        .flat_map(|f| f.complements.iter().map(|k| (f.dir.as_slice(), k.as_str())))
        .collect()
}

/// The URL segment a taxonomy's or term's `_index` names with its
/// `slug` in place of the folder's name (Hugo 0.123 and later, as for a
/// section: `content/categories/内存/_index.md` with `slug: mem` is
/// `/categories/mem/`; 0.111.3 keeps the term's name).
fn own_slug(
    index: Option<&File>,
    cfg: &super::super::settings::HugoConfig,
    rules: PathRules,
) -> Option<String> {
    if !cfg.rules().term_slug {
        return None;
    }
    let slug = get_str(&index?.fm, "slug")?.trim_matches('-');
    (!slug.is_empty()).then(|| hugo_make_path(slug, rules))
}

/// A section's folders as its URL names them in Hugo 0.123 and later:
/// its own `slug` and those of the sections above it in place of the
/// folders' names; `None` when none has one.
fn url_folders(
    index: &File,
    dir: &[String],
    cfg: &super::super::settings::HugoConfig,
) -> Option<Vec<String>> {
    if !cfg.rules().section_slug_paths {
        return None;
    }
    let own = get_str(&index.fm, "slug")
        .map(|s| s.trim_matches('-'))
        .filter(|s| !s.is_empty());
    if own.is_none() && index.url_dir.is_none() {
        return None;
    }
    let mut named = match &index.url_dir {
        Some(above) if above.len() + 1 == dir.len() => above.clone(),
        _ => dir[..dir.len().saturating_sub(1)].to_vec(),
    };
    named.push(own.map_or_else(|| dir.last().cloned().unwrap_or_default(), str::to_owned));
    Some(named)
}

/// A list page, as its permalink rule sees it.
struct ListPage<'a> {
    /// `home`, `section`, `taxonomy` or `term`.
    kind: &'a str,
    /// Its logical path (`/books/fiction`), which rules' targets match.
    logical: &'a str,
    /// Its `_index`'s front matter, if it has one.
    fm: Option<&'a sitemap_content::FrontMatter>,
    sections: &'a [String],
    name: &'a str,
    /// A section's ancestors' slugs, for `:sectionslugs`.
    section_slugs: Option<&'a [String]>,
}

/// A list page's URL from the first permalink rule matching it (Hugo
/// 0.123 and later), with its `_index`'s `slug` and `title` (a
/// section without one is titled after its folder, pluralised as Hugo
/// titles it); `None` when no rule matches.
fn list_permalink(
    cfg: &super::super::settings::HugoConfig,
    lang: &str,
    page: ListPage<'_>,
) -> Option<String> {
    if !cfg.rules().permalink_targets {
        return None;
    }
    let pattern = cfg
        .permalink_rules_for(lang)
        .for_page_in(page.kind, page.logical, &|g| cfg.sites.takes(g, lang))?;
    let mut default_title = String::new();
    let mut values = list_values(
        page.fm,
        page.kind,
        page.sections,
        page.name,
        &mut default_title,
    );
    values.section_slugs = page.section_slugs;
    let title = super::super::page_tokens::permalink_title(values.title, cfg);
    values.title = &title;
    let colons = Colons::of(cfg.rules().escaped_colons, false);
    let mut expanded =
        super::super::permalinks::expand_list(pattern, &values, cfg.path_rules(lang), colons);
    // Under ugly URLs a term's page is its file (`/t/go.html`), and a
    // home, section or taxonomy page its folder's `index.html`
    // (`page_paths.go`'s `indexIsUglyKind`; checked with 0.168.0).
    let section = page.sections.first().map_or("", String::as_str);
    if ugly_for(cfg, &section.to_lowercase()) {
        if page.kind == "term" {
            if expanded.len() > 1 && expanded.ends_with('/') {
                expanded.pop();
                expanded.push_str(".html");
            }
        } else if expanded.ends_with('/') {
            expanded.push_str("index.html");
        }
    }
    Some(format!("{}{expanded}", lang_prefix(cfg, lang)))
}

/// What a list page's permalink tokens read: its `_index`'s `slug` and
/// `title`, else (a section or taxonomy with no `_index`) its default
/// title, held in `default_title`.
fn list_values<'a>(
    fm: Option<&'a sitemap_content::FrontMatter>,
    kind: &str,
    sections: &'a [String],
    name: &'a str,
    default_title: &'a mut String,
) -> super::super::permalinks::ListValues<'a> {
    // A section's or taxonomy's `_index` without a title has none yet
    // when Hugo expands the pattern (`/s/:title/` is `/s/`); with no
    // `_index`, its default title (`Blogs`; checked with 0.168.0).
    *default_title = match (kind, fm) {
        ("section" | "taxonomy", Some(_)) => String::new(),
        ("section" | "taxonomy", None) => super::super::page_tokens::default_list_title(name),
        _ => name.to_owned(),
    };
    super::super::permalinks::ListValues {
        sections,
        name,
        slug: fm
            .and_then(|fm| get_str(fm, "slug"))
            .filter(|s| !s.is_empty()),
        title: fm
            .and_then(|fm| get_str(fm, "title"))
            .unwrap_or(default_title.as_str()),
        section_slugs: None,
    }
}

/// Whether a home, section or taxonomy page under `uglyURLs` is its
/// folder's `index.html` (the current Hugo, 0.123 and later: 0.111.3
/// wrote `/docs.html`, and the home page's folder URL).
fn ugly_index(cfg: &super::super::settings::HugoConfig, section: &str) -> bool {
    ugly_for(cfg, section) && cfg.rules().ugly_list_pages
}
