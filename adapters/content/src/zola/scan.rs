//! The scan of a whole content tree: sections first (a draft section
//! hides everything below it), then pages, Zola's refusals, and the
//! URLs Zola's sitemap lists: pages, sections with their pagination, and
//! taxonomies with their terms.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

use crate::FrontMatter;
use crate::paths::{make_loc, zola_slugify};
use crate::walk::{Found, walk};
use crate::{
    ContentPage, ContentScan, Error, Excluded, ExclusionReason, PageKind, Site, Warning, images_of,
    overrides_of,
};

use super::config::ZolaConfig;
use super::front_matter::{SECTION_KEYS, fm_bool, fm_err, fm_str, missing_front_matter};
use super::page::{Page, Terms, read_page};
use super::refuse::{refuse_index_beside_section, refuse_path_collisions};
use super::types::check_section;

#[derive(Debug)]
pub(super) struct Section {
    pub(super) dir: Vec<String>,
    pub(super) lang: String,
    pub(super) path: String,
    pub(super) source: PathBuf,
    pub(super) fm: FrontMatter,
    pub(super) render: bool,
    pub(super) transparent: bool,
    pub(super) paginate_by: Option<usize>,
    pub(super) paginate_path: String,
    pub(super) sort_by: String,
    /// Pages listed in this section (after transparent sections pass
    /// theirs up).
    pub(super) pages: Vec<usize>,
    /// With images on, its body's images (read by the walk).
    pub(super) images: Option<sitemap_pages::images::markdown::MarkdownImages>,
}

pub(crate) fn scan(site: &Site, cfg: &ZolaConfig) -> Result<ContentScan, Error> {
    let ignored = cfg.ignored_content.clone();
    let walked = walk(
        site,
        &site.content_dir,
        &|name| name.ends_with(".md").then_some(false),
        &move |p| ignored.as_ref().is_some_and(|g| g.is_match(p)),
        &|found| found,
        Found::path,
    )?;
    let mut scan = ContentScan {
        warnings: walked.warnings,
        files_read: walked.files.len() + walked.errors.len(),
        default_language: cfg.default_language.clone(),
        ..ContentScan::default()
    };
    let multilingual = !cfg.other_languages.is_empty();

    let mut section_errors: Vec<(PathBuf, Error)> = Vec::new();
    // The path (below the language) of every section file read, drafts
    // included: an `index.md` page on one of them is refused.
    let mut section_paths: BTreeSet<String> = BTreeSet::new();
    // Sections first: a draft section hides everything below it.
    let mut sections: BTreeMap<(Vec<String>, String), Section> = BTreeMap::new();
    let mut draft_dirs: BTreeSet<Vec<String>> = BTreeSet::new();
    let mut page_files: Vec<&Found> = Vec::new();
    for found in &walked.files {
        let (dir, name) = found.rel.split_at(found.rel.len() - 1);
        let name = &name[0];
        if !name.starts_with("_index.") {
            page_files.push(found);
            continue;
        }
        let lang = if name == "_index.md" {
            cfg.default_language.clone()
        } else {
            let code = &name["_index.".len()..name.len() - ".md".len()];
            if !cfg.other_languages.iter().any(|l| l == code) {
                scan.warnings.push(Warning::new(
                    Some(&found.path),
                    "not a section file: expected `_index.md` or `_index.LANG.md` for a language in `languages`; ignored, as Zola does",
                ));
                continue;
            }
            code.to_owned()
        };
        let Some(fm) = &found.front_matter else {
            return Err(missing_front_matter(&found.path));
        };
        let p = &found.path;
        section_paths.insert(if lang == cfg.default_language || dir.is_empty() {
            let joined = dir.join("/");
            if lang == cfg.default_language {
                joined
            } else {
                lang.clone()
            }
        } else {
            format!("{lang}/{}", dir.join("/"))
        });
        // SectionFrontMatter denies unknown fields: Zola refuses the site.
        if let Some(key) = fm
            .data()
            .keys()
            .find(|k| !SECTION_KEYS.contains(&k.as_str()))
        {
            section_errors.push((
                p.clone(),
                fm_err(
                    p,
                    fm.line_of(key),
                    format!(
                        "`{key}` is not a section setting (Zola refuses unknown keys in `_index.md`; put your own values under `[extra]`)"
                    ),
                ),
            ));
            continue;
        }
        let mut typed = fm.clone();
        if let Err(e) = check_section(&mut typed, p) {
            section_errors.push((p.clone(), e));
            continue;
        }
        let fm = &typed;
        if fm_bool(fm, "draft", false, p)? && !site.options.include_drafts {
            draft_dirs.insert(dir.to_vec());
            scan.excluded.push(Excluded {
                source: p.clone(),
                reason: ExclusionReason::Draft,
            });
            continue;
        }
        let joined = dir.join("/");
        let lang_path = if lang != cfg.default_language {
            format!("/{lang}")
        } else {
            String::new()
        };
        let path = if joined.is_empty() {
            format!("{lang_path}/")
        } else {
            format!("{lang_path}/{joined}/")
        };
        let paginate_by = match fm.data().get("paginate_by") {
            None => None,
            Some(v) => Some(v.as_u64().ok_or_else(|| {
                fm_err(
                    p,
                    fm.line_of("paginate_by"),
                    "`paginate_by` must be a positive integer".to_owned(),
                )
            })? as usize),
        };
        sections.insert(
            (dir.to_vec(), lang.clone()),
            Section {
                dir: dir.to_vec(),
                lang,
                path,
                source: p.clone(),
                fm: fm.clone(),
                render: fm_bool(fm, "render", true, p)?,
                transparent: fm_bool(fm, "transparent", false, p)?,
                paginate_by: paginate_by.filter(|&n| n > 0),
                paginate_path: fm_str(fm, "paginate_path", p)?.unwrap_or("page").to_owned(),
                sort_by: fm_str(fm, "sort_by", p)?.unwrap_or("none").to_owned(),
                pages: Vec::new(),
                images: found.images.clone(),
            },
        );
    }
    let under_draft = |rel: &[String]| {
        draft_dirs
            .iter()
            .any(|d| rel.len() > d.len() && rel.starts_with(d))
    };
    // Errors in files Zola never reads (below a draft section) do not
    // count; every other one is reported, not only the first.
    let mut page_errors: Vec<(PathBuf, Error)> = walked
        .errors
        .into_iter()
        .chain(section_errors)
        .filter(|(p, _)| {
            let rel: Vec<String> = p
                .strip_prefix(&site.content_dir)
                .unwrap_or(p)
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            // Every `_index*.md` of a draft section's own folder is read
            // (Site::load parses them all before the draft skips the
            // folder), so their errors count.
            let (dir, name) = rel.split_at(rel.len().saturating_sub(1));
            let index_of_draft = name.first().is_some_and(|n| n.starts_with("_index."))
                && draft_dirs.contains(dir)
                && !under_draft(dir);
            !under_draft(&rel) || index_of_draft
        })
        .collect();
    sections.retain(|(dir, _), _| {
        !draft_dirs
            .iter()
            .any(|d| dir.len() > d.len() && dir.starts_with(d))
    });

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
            &under_draft,
            &mut scan.excluded,
            &mut terms,
        ) {
            Ok(Some(page)) => pages.push(page),
            Ok(None) => {}
            Err(e) => page_errors.push((found.path.clone(), e)),
        }
    }

    // Default index sections, one per language (Site::create_default_index_sections).
    for lang in std::iter::once(&cfg.default_language).chain(&cfg.other_languages) {
        let path = if *lang == cfg.default_language {
            "/".to_owned()
        } else {
            format!("/{lang}/")
        };
        sections
            .entry((Vec::new(), lang.clone()))
            .or_insert_with(|| Section {
                dir: Vec::new(),
                lang: lang.clone(),
                path,
                source: PathBuf::new(),
                fm: FrontMatter::default(),
                render: true,
                transparent: false,
                paginate_by: None,
                paginate_path: "page".to_owned(),
                sort_by: "none".to_owned(),
                pages: Vec::new(),
                images: None,
            });
    }

    let before = page_errors.len();
    refuse_index_beside_section(&pages, &section_paths, &mut page_errors);
    // Zola stops at the `index.md` it refuses; its path, the section's,
    // is no second error.
    let refused: BTreeSet<PathBuf> = page_errors[before..]
        .iter()
        .map(|(p, _)| p.clone())
        .collect();
    refuse_path_collisions(&pages, &sections, site, &refused, &mut page_errors);

    // Library::populate_sections: a page joins the section of its folder,
    // and of each parent while the section is transparent.
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

    let base = &site.base_url;
    // Where each page landed in `scan.pages`, for `member_of`.
    let mut page_index: Vec<Option<u32>> = vec![None; pages.len()];
    for (i, page) in pages.iter_mut().enumerate() {
        if !page.render {
            scan.excluded.push(Excluded {
                source: page.source.clone(),
                reason: ExclusionReason::RenderFalse,
            });
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
                page_errors.push((page.source.clone(), e));
                continue;
            }
        };
        cp.images = match images_of(site, &page.source, &page.fm, page.images.as_ref()) {
            Ok(images) => images,
            Err(e) => {
                page_errors.push((page.source.clone(), e));
                continue;
            }
        };
        if multilingual {
            cp.translation_key = Some(format!("page:{}", page.canonical));
        }
        page_index[i] = Some(scan.pages.len() as u32);
        scan.pages.push(cp);
    }
    for section in sections.values() {
        let source = if section.source.as_os_str().is_empty() {
            &site.config_path
        } else {
            &section.source
        };
        let loc = make_loc(base, &section.path, source)?;
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
            // included (`section.pages`, filled above as Zola does).
            let index = scan.pages.len() as u32;
            for page in section.pages.iter().filter_map(|&i| page_index[i]) {
                scan.pages[page as usize].member_of.push(index);
            }
            scan.pages.push(cp);
        } else if !section.source.as_os_str().is_empty() {
            scan.excluded.push(Excluded {
                source: section.source.clone(),
                reason: ExclusionReason::RenderFalse,
            });
        }
        let listed = (section.render).then(|| scan.pages.len() as u32 - 1);
        if let Some(by) = section.paginate_by
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
    // (language, taxonomy slug, term slug) -> the term page, and
    // (language, taxonomy slug) -> the taxonomy page.
    let mut term_index: HashMap<(&str, &str, String), u32> = HashMap::new();
    let mut taxonomy_index: HashMap<(&str, &str), u32> = HashMap::new();
    for ((lang, slug), found_terms) in &terms {
        let Some(t) = cfg
            .taxonomies
            .get(lang)
            .and_then(|ts| ts.iter().find(|t| &t.slug == slug))
        else {
            continue;
        };
        if !t.render {
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
        let mut cp = ContentPage::new(PageKind::Taxonomy, make_loc(base, &taxo_path, src)?, lang);
        if multilingual {
            cp.translation_key = Some(format!("taxonomy:{}", t.name));
        }
        let taxonomy = scan.pages.len() as u32;
        taxonomy_index.insert((lang.as_str(), slug.as_str()), taxonomy);
        scan.pages.push(cp);
        // Terms whose slugs collide merge, as Taxonomy::new does.
        let mut by_slug: BTreeMap<String, usize> = BTreeMap::new();
        for (term, count) in found_terms {
            *by_slug
                .entry(zola_slugify(term, cfg.slugify_taxonomies))
                .or_default() += count;
        }
        for (term_slug, count) in by_slug {
            let term_path = format!("{taxo_path}{term_slug}/");
            let term = scan.pages.len() as u32;
            let mut cp = ContentPage::new(PageKind::Term, make_loc(base, &term_path, src)?, lang);
            cp.member_of.push(taxonomy);
            scan.pages.push(cp);
            if let Some(by) = t.paginate_by
                && !cfg.exclude_paginated
            {
                for n in 1..=count.div_ceil(by) {
                    let path = format!("{term_path}{}/{n}/", t.paginate_path);
                    let mut cp =
                        ContentPage::new(PageKind::Pagination, make_loc(base, &path, src)?, lang);
                    cp.pager_of = Some(term);
                    scan.pages.push(cp);
                }
            }
            term_index.insert((lang.as_str(), slug.as_str(), term_slug), term);
        }
    }
    // A page is listed on the page of each term it names, and so on its
    // taxonomy's.
    if !term_index.is_empty() {
        for (page, index) in pages.iter().zip(&page_index) {
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
                let lists = &mut scan.pages[*index as usize].member_of;
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
    match Error::of_pages(page_errors) {
        Some(e) => Err(e),
        None => Ok(scan),
    }
}
