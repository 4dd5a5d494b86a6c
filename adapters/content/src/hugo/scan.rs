//! The scan of a whole content tree: walks every content folder,
//! applies bundles and unpublished branches, and lists regular pages,
//! then the list pages Hugo makes (home, sections, taxonomies, terms).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::paths::{hugo_make_path, make_loc};
use crate::walk::{Found, walk};
use crate::{
    ContentPage, ContentScan, Error, Excluded, ExclusionReason, PageKind, Site, images_of,
    overrides_of,
};

use super::bundles::leaf_bundles;
use super::classify::{Classified, File, HTML, MARKDOWN, classify};
use super::config::HugoConfig;
use super::front_matter::get_str;
use super::urls::{checked_url, lang_prefix, ugly_for};

pub(crate) fn scan(site: &Site, cfg: &HugoConfig) -> Result<ContentScan, Error> {
    let now = site.options.now.unwrap_or_else(jiff::Timestamp::now);
    let mut scan = ContentScan {
        default_language: cfg.default_language.clone(),
        hreflangs: site.hreflangs.clone(),
        ..ContentScan::default()
    };
    let accept = |name: &str| {
        let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
        (MARKDOWN.contains(&ext.as_str()) || HTML.contains(&ext.as_str())).then_some(true)
    };
    // The main content folder (only when some language has no folder of
    // its own, or names it as its own: Hugo mounts it for those), then
    // each language's own.
    let mut roots: Vec<(PathBuf, Option<String>)> = Vec::new();
    let claiming_main: Vec<&String> = cfg
        .language_dirs
        .iter()
        .filter(|(_, dir)| **dir == site.content_dir)
        .map(|(lang, _)| lang)
        .collect();
    if site
        .languages
        .iter()
        .any(|l| !cfg.language_dirs.contains_key(l))
    {
        roots.push((site.content_dir.clone(), None));
    } else if let [lang] = claiming_main[..] {
        // `[languages.en] contentDir = "content"`, written out in full
        // (2-REC/gamedev-adventures): that language's folder.
        roots.push((site.content_dir.clone(), Some(lang.clone())));
    } else if !claiming_main.is_empty() {
        // Several languages share it: file names say whose a file is.
        roots.push((site.content_dir.clone(), None));
    }
    for (lang, dir) in &cfg.language_dirs {
        if *dir != site.content_dir {
            roots.push((dir.clone(), Some(lang.clone())));
        }
    }
    let all_roots: Vec<PathBuf> = roots.iter().map(|(d, _)| d.clone()).collect();
    let mut files: Vec<File> = Vec::new();
    let mut page_errors: Vec<(PathBuf, Error)> = Vec::new();
    for (content_dir, dir_lang) in &roots {
        // A language's folder inside another content folder is walked on
        // its own, as that language's.
        let nested: Vec<&PathBuf> = all_roots
            .iter()
            .filter(|r| *r != content_dir && r.starts_with(content_dir))
            .collect();
        let skip_nested = |p: &Path| nested.iter().any(|r| p.starts_with(r));
        let classify = |found: Found| classify(found, dir_lang.as_deref(), None, site, cfg, now);
        let walked = walk(
            site,
            content_dir,
            &accept,
            &skip_nested,
            &classify,
            Classified::path,
        )?;
        scan.warnings.extend(walked.warnings);
        // Every bad file is reported, not only the first: gathered here
        // and with the pages' own errors below.
        page_errors.extend(walked.errors);
        scan.files_read += walked.files.len();
        // Filtered in place: the walk's list is reused, not copied.
        let classified = walked.files.into_iter().filter_map(|c| match c {
            Classified::Content(file)
                if file.exclusion == Some(ExclusionReason::LanguageDisabled) =>
            {
                // Read for nothing: no page, section or term of it exists.
                scan.excluded.push(Excluded {
                    source: file.path,
                    reason: ExclusionReason::LanguageDisabled,
                });
                None
            }
            Classified::Content(mut file) => {
                scan.warnings.append(&mut file.warnings);
                if let Some(e) = file.refused.take() {
                    page_errors.push((file.path.clone(), *e));
                }
                Some(file)
            }
            Classified::Plain(path) => {
                scan.excluded.push(Excluded {
                    source: path,
                    reason: ExclusionReason::NoFrontMatter,
                });
                None
            }
        });
        if files.is_empty() {
            files = classified.collect();
        } else {
            files.extend(classified);
        }
    }

    // Leaf bundles: everything below a folder holding `index.*` belongs to
    // that page.
    files = leaf_bundles(files, &mut scan, &mut page_errors, &accept, site, cfg, now);

    // A branch Hugo does not publish (a draft, future or expired
    // `_index`) takes everything below it with it, in its language: a
    // draft section's pages and their terms, and for the home page the
    // whole language, taxonomies included (checked with Hugo 0.111.3). A
    // branch left out only by `_build` or `headless` keeps its pages.
    let dead: BTreeMap<(String, Vec<String>), ExclusionReason> = files
        .iter()
        .filter(|f| f.is_branch() && !f.published)
        .filter_map(|f| Some(((f.lang.clone(), f.dir.clone()), f.exclusion?)))
        .collect();
    let dead_language = |lang: &str| dead.contains_key(&(lang.to_owned(), Vec::new()));
    if !dead.is_empty() {
        for f in &mut files {
            let own = if f.is_branch() {
                f.dir.len()
            } else {
                f.dir.len() + 1
            };
            let reason = (0..own).find_map(|n| dead.get(&(f.lang.clone(), f.dir[..n].to_vec())));
            if let Some(reason) = reason {
                f.published = false;
                // A nested `_index`'s own terms outlive its unpublished
                // ancestor: Hugo 0.111.3 lists `/tags/t/` for
                // `a/b/_index.md` with `tags: [t]` under a draft
                // `a/_index.md`, though not the terms of `a`'s pages.
                if !f.is_branch() {
                    f.terms.clear();
                }
                f.exclusion = Some(*reason);
            }
        }
    }

    let lang_prefix = |lang: &str| lang_prefix(cfg, lang);
    let ugly_for = |section: &str| ugly_for(cfg, section);
    let kind_on = |lang: &str, kind: &str| cfg.kind_on(lang, kind);

    // Sections per language: top-level folders holding published content of
    // that language, and folders with an `_index` of that language.
    let mut sections: BTreeMap<(Vec<String>, String), Option<usize>> = BTreeMap::new();
    {
        // Sections implied by pages, as (top folder, language) borrowed
        // from the files: a key is built only once per section, not once
        // per page.
        let mut implied: HashSet<(&str, &str)> = HashSet::new();
        let mut last_implied: Option<(&str, &str)> = None;
        for (i, f) in files.iter().enumerate() {
            if f.in_taxonomy_dir {
                continue;
            }
            if f.is_branch() {
                sections.insert((f.dir.clone(), f.lang.clone()), Some(i));
                // A published nested section makes its top-level one
                // exist, `_index` or not.
                if f.published && f.dir.len() > 1 {
                    let pair = (f.dir[0].as_str(), f.lang.as_str());
                    implied.insert(pair);
                }
            } else if f.published || f.exclusion == Some(ExclusionReason::Headless) {
                // A headless bundle is not rendered, but makes its section
                // exist (Hugo 0.111.3).
                // The folder holding the page: for a leaf bundle, the one
                // above the bundle's own folder (`content/about/index.md`
                // is a page, not a section).
                let holder = if f.is_leaf() {
                    &f.dir[..f.dir.len().saturating_sub(1)]
                } else {
                    &f.dir[..]
                };
                if let Some(top) = holder.first() {
                    // Sorted files: most pages repeat the last pair.
                    let pair = (top.as_str(), f.lang.as_str());
                    if last_implied != Some(pair) {
                        implied.insert(pair);
                        last_implied = Some(pair);
                    }
                }
            }
        }
        for (top, lang) in implied {
            sections
                .entry((vec![top.to_owned()], lang.to_owned()))
                .or_insert(None);
        }
    }
    // A leaf bundle directly in the content folder is a page, not a section.
    let mut terms: Terms = BTreeMap::new();
    for lang in &site.languages {
        for t in cfg.taxonomies(lang) {
            terms.entry((lang.clone(), t.clone())).or_default();
        }
    }

    // Regular pages.
    let multilingual = site.languages.len() > 1;
    scan.pages.reserve(files.len());
    // (index in `scan.pages`, index in `files`) of each regular page
    // listed, to find the lists it belongs to once they exist.
    let mut listed_pages: Vec<(u32, u32)> = Vec::with_capacity(files.len());
    for (fi, f) in files.iter_mut().enumerate() {
        if f.in_taxonomy_dir {
            continue;
        }
        // Kept on the file: the page's terms are the lists it joins.
        for (t, term) in &f.terms {
            let found = terms_of(&mut terms, &f.lang, &cfg.taxonomies(&f.lang)[*t]);
            if !found.contains_key(term) {
                found.insert(term.clone(), None);
            }
        }
        if f.is_branch() {
            continue;
        }
        if let Some(reason) = f.exclusion {
            scan.excluded.push(Excluded {
                source: f.path.clone(),
                reason,
            });
            continue;
        }
        // classify works out the URL and overrides of every page listed
        // here (not a branch or taxonomy file, not excluded, kind on).
        let Some(listed) = f.listed.take() else {
            unreachable!(
                "{}: a listed page classified without its URL",
                f.path.display()
            );
        };
        let (loc, overrides) = match listed {
            Ok(listed) => listed,
            Err(e) => {
                page_errors.push((std::mem::take(&mut f.path), *e));
                continue;
            }
        };
        let mut cp = ContentPage::new(PageKind::Page, loc, "");
        cp.images = f.page_images.take();
        // Moved, like the path: a regular page's language is not asked
        // for again.
        cp.lang = std::mem::take(&mut f.lang);
        cp.overrides = overrides;
        // Moved: only branch files (`_index`) are looked at again below.
        cp.source = Some(std::mem::take(&mut f.path));
        // Only a site with more than one language has translations to link.
        if multilingual {
            cp.translation_key = Some(match &f.translation_key {
                Some(k) => format!("page:key:{k}"),
                None => format!(
                    "page:{}/{}",
                    f.dir.join("/"),
                    if f.is_leaf() { "" } else { &f.name }
                ),
            });
        }
        listed_pages.push((scan.pages.len() as u32, fi as u32));
        scan.pages.push(cp);
    }

    // Term content (`content/tags/rust/_index.md`) makes the term exist and
    // gives it front matter; `content/tags/_index.md` the taxonomy page.
    let mut taxonomy_fm: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (i, f) in files.iter().enumerate() {
        if !f.in_taxonomy_dir || !f.is_branch() {
            continue;
        }
        let taxo = cfg
            .taxonomies(&f.lang)
            .iter()
            .find(|t| t.eq_ignore_ascii_case(&f.dir[0]))
            .cloned()
            .unwrap_or_default();
        if f.dir.len() == 1 {
            taxonomy_fm.insert((f.lang.clone(), taxo), i);
        } else {
            // An unpublished term `_index` (draft, future, expired) takes
            // the term's page with it, though pages use the term (Hugo
            // 0.111.3); `push_node` leaves it out for its reason. Only
            // when its folder is the term's own key, in lowercase: Hugo
            // keys `tags/Go & Rust/` apart from the term `go-rust` pages
            // use (same URL, another page), so leaving that folder out
            // leaves the term listed.
            let folder = f.dir[1..].join("/");
            let term = hugo_make_path(&folder, cfg.lower);
            let own_key = hugo_make_path(&folder, true) == folder.to_lowercase();
            if own_key || (f.published && f.exclusion.is_none()) {
                terms
                    .entry((f.lang.clone(), taxo))
                    .or_default()
                    .insert(term, Some(i));
            }
        }
    }

    // Where each list page landed in `scan.pages`, for `member_of`.
    let mut home_index: HashMap<&str, u32> = HashMap::new();
    let mut section_index: HashMap<(&[String], &str), u32> = HashMap::new();
    let mut taxonomy_index: HashMap<(&str, &str), u32> = HashMap::new();
    let mut term_index: HashMap<(&str, &str, &str), u32> = HashMap::new();
    // Home pages, one per language.
    for lang in &site.languages {
        let src = files
            .iter()
            .position(|f| f.is_branch() && f.dir.is_empty() && f.lang == *lang);
        sections.remove(&(Vec::new(), lang.clone()));
        let path = format!("{}/", lang_prefix(lang));
        let before = scan.pages.len();
        push_node(
            &mut scan,
            site,
            &files,
            src,
            PageKind::Home,
            &path,
            lang,
            "home".to_owned(),
            kind_on(lang, "home"),
        )
        .or_else(|e| keep(&mut page_errors, e))?;
        if scan.pages.len() > before {
            home_index.insert(lang.as_str(), before as u32);
        }
    }
    for ((dir, lang), src) in &sections {
        let section_name = dir[0].to_lowercase();
        // A top-level section Hugo makes itself (no `_index` file) has a
        // lowercase URL even under `disablePathToLower` (Hugo 0.111.3 keys
        // it in lowercase); one with an `_index` keeps the folder's case.
        let rel = hugo_make_path(
            &dir.join("/"),
            cfg.lower || (dir.len() == 1 && src.is_none()),
        );
        let mut path = if ugly_for(&section_name) {
            format!("{}/{rel}.html", lang_prefix(lang))
        } else {
            format!("{}/{rel}/", lang_prefix(lang))
        };
        if let Some(url) = src.and_then(|i| get_str(&files[i].fm, "url")) {
            let f = &files[src.unwrap_or_default()];
            path = checked_url(url, &lang_prefix(&f.lang), Some(cfg.lower));
        }
        let before = scan.pages.len();
        push_node(
            &mut scan,
            site,
            &files,
            *src,
            PageKind::Section,
            &path,
            lang,
            format!("section:{}", dir.join("/")),
            kind_on(lang, "section"),
        )
        .or_else(|e| keep(&mut page_errors, e))?;
        if scan.pages.len() > before {
            section_index.insert((dir.as_slice(), lang.as_str()), before as u32);
        }
    }
    for ((lang, taxo), found_terms) in &terms {
        let taxo_slug = hugo_make_path(taxo, cfg.lower);
        let ugly = ugly_for(&taxo_slug);
        let path = if ugly {
            format!("{}/{taxo_slug}.html", lang_prefix(lang))
        } else {
            format!("{}/{taxo_slug}/", lang_prefix(lang))
        };
        let src = taxonomy_fm.get(&(lang.clone(), taxo.clone())).copied();
        // An unpublished home page or taxonomy `_index` takes the
        // taxonomy's pages with it (see `dead` above).
        if dead_language(lang) || src.is_some_and(|i| !files[i].published) {
            continue;
        }
        // The taxonomy's own `_index` may set its URL, as a term's may.
        let path = match src.map(|i| &files[i]) {
            Some(f) => match get_str(&f.fm, "url") {
                Some(url) => checked_url(url, &lang_prefix(&f.lang), Some(cfg.lower)),
                None => path,
            },
            None => path,
        };
        let before = scan.pages.len();
        push_node(
            &mut scan,
            site,
            &files,
            src,
            PageKind::Taxonomy,
            &path,
            lang,
            format!("taxonomy:{taxo}"),
            kind_on(lang, "taxonomy"),
        )
        .or_else(|e| keep(&mut page_errors, e))?;
        let taxonomy = (scan.pages.len() > before).then_some(before as u32);
        if let Some(t) = taxonomy {
            taxonomy_index.insert((lang.as_str(), taxo.as_str()), t);
        }
        for (term, src) in found_terms {
            let mut path = if ugly {
                format!("{}/{taxo_slug}/{term}.html", lang_prefix(lang))
            } else {
                format!("{}/{taxo_slug}/{term}/", lang_prefix(lang))
            };
            // Term content may set the term page's URL (`url =
            // "categoria/sintaxe"` in `content/categories/syntax/_index.pt-br.md`).
            if let Some(f) = src.map(|i| &files[i])
                && let Some(url) = get_str(&f.fm, "url")
            {
                path = checked_url(url, &lang_prefix(&f.lang), Some(cfg.lower));
            }
            let before = scan.pages.len();
            push_node(
                &mut scan,
                site,
                &files,
                *src,
                PageKind::Term,
                &path,
                lang,
                format!("term:{taxo}/{term}"),
                kind_on(lang, "term"),
            )
            .or_else(|e| keep(&mut page_errors, e))?;
            if scan.pages.len() > before {
                term_index.insert((lang.as_str(), taxo.as_str(), term.as_str()), before as u32);
                scan.pages[before].member_of.extend(taxonomy);
            }
        }
    }

    // Membership as Hugo 0.111.3 dates its lists (checked with
    // `--enableGitInfo`): a section takes in every page and section below
    // it, nested sections' included, the home page its whole language,
    // a term the pages naming it, a taxonomy its terms and their pages.
    let lists_above = |dir: &[String], lang: &str, below: usize, out: &mut Vec<u32>| {
        for n in (1..=below).rev() {
            out.extend(section_index.get(&(&dir[..n], lang)).copied());
        }
        out.extend(home_index.get(lang).copied());
    };
    // A section or home page that names a term is one of its members
    // too: Hugo 0.111.3 dates `/categories/x/` by the `_index.md` that
    // says `categories: [x]`, with that file's own date (its dates are
    // not yet rolled up from its pages when the terms are dated).
    let terms_of_branch = |file: Option<usize>, lang: &str, lists: &mut Vec<u32>| {
        let Some(f) = file.map(|i| &files[i]) else {
            return;
        };
        let taxonomies = cfg.taxonomies(lang);
        for (t, term) in &f.terms {
            let taxo = taxonomies[*t].as_str();
            lists.extend(term_index.get(&(lang, taxo, term.as_str())).copied());
            lists.extend(taxonomy_index.get(&(lang, taxo)).copied());
        }
    };
    for (&(dir, lang), &index) in &section_index {
        let mut lists = Vec::new();
        lists_above(dir, lang, dir.len() - 1, &mut lists);
        let src = sections
            .get(&(dir.to_vec(), lang.to_owned()))
            .copied()
            .flatten();
        terms_of_branch(src, lang, &mut lists);
        scan.pages[index as usize].member_of = lists;
    }
    for (&lang, &index) in &home_index {
        let src = files
            .iter()
            .position(|f| f.is_branch() && f.dir.is_empty() && f.lang == lang);
        let mut lists = Vec::new();
        terms_of_branch(src, lang, &mut lists);
        scan.pages[index as usize].member_of = lists;
    }
    for &(pi, fi) in &listed_pages {
        let f = &files[fi as usize];
        let page = &scan.pages[pi as usize];
        let holder = if f.is_leaf() {
            &f.dir[..f.dir.len().saturating_sub(1)]
        } else {
            &f.dir[..]
        };
        let mut lists = Vec::with_capacity(holder.len() + 1 + 2 * f.terms.len());
        lists_above(holder, &page.lang, holder.len(), &mut lists);
        let taxonomies = cfg.taxonomies(&page.lang);
        for (t, term) in &f.terms {
            let taxo = taxonomies[*t].as_str();
            let lang = page.lang.as_str();
            lists.extend(term_index.get(&(lang, taxo, term.as_str())).copied());
            lists.extend(taxonomy_index.get(&(lang, taxo)).copied());
        }
        lists.sort_unstable();
        lists.dedup();
        scan.pages[pi as usize].member_of = lists;
    }
    // Freeing a large site's files (a few strings each) is left to another
    // core: this thread's next work does not wait for it.
    drop_elsewhere(files);
    match Error::of_pages(page_errors) {
        Some(e) => Err(e),
        None => Ok(scan),
    }
}

/// Keeps a page's error to report with the others.
pub(super) fn keep(errors: &mut Vec<(PathBuf, Error)>, e: Error) -> Result<(), Error> {
    // Every such error starts with its file's path: sorted by it.
    errors.push((PathBuf::from(e.to_string()), e));
    Ok(())
}

/// Terms found so far, keyed by (language, taxonomy).
pub(super) type Terms = BTreeMap<(String, String), BTreeMap<String, Option<usize>>>;

/// The terms of one (language, taxonomy), found without building the key
/// for every page: there are only a few such pairs.
pub(super) fn terms_of<'t>(
    terms: &'t mut Terms,
    lang: &str,
    taxonomy: &str,
) -> &'t mut BTreeMap<String, Option<usize>> {
    if !terms.keys().any(|(l, x)| l == lang && x == taxonomy) {
        terms.insert((lang.to_owned(), taxonomy.to_owned()), BTreeMap::new());
    }
    terms
        .iter_mut()
        .find(|((l, x), _)| l == lang && x == taxonomy)
        .map(|(_, found)| found)
        .expect("inserted above")
}

/// Drops `value` on a thread of its own (or here, if none can start).
pub(super) fn drop_elsewhere<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new()
        .name("sitemap-drop".to_owned())
        .spawn(move || drop(value));
}

/// Adds a list page (home, section, taxonomy, term) unless its kind is
/// disabled or its `_index` file excludes it.
#[allow(clippy::too_many_arguments)]
pub(super) fn push_node(
    scan: &mut ContentScan,
    site: &Site,
    files: &[File],
    src: Option<usize>,
    kind: PageKind,
    path: &str,
    lang: &str,
    key: String,
    enabled: bool,
) -> Result<(), Error> {
    let file = src.map(|i| &files[i]);
    if let Some(f) = file {
        let reason = if !enabled {
            Some(ExclusionReason::KindDisabled)
        } else {
            f.exclusion
        };
        if let Some(reason) = reason {
            scan.excluded.push(Excluded {
                source: f.path.clone(),
                reason,
            });
            return Ok(());
        }
    } else if !enabled {
        return Ok(());
    }
    let source = file.map_or(site.config_path.as_path(), |f| f.path.as_path());
    let mut cp = ContentPage::new(kind, make_loc(&site.base_url, path, source)?, lang);
    if let Some(f) = file {
        cp.source = Some(f.path.clone());
        cp.overrides = overrides_of(site, &f.path, &f.fm)?;
        if let Some(order) = site.lastmod_order() {
            super::front_matter::apply_lastmod_order(
                &mut cp.overrides,
                &f.fm,
                super::classify::base_name(f),
                order,
            );
        }
        cp.images = images_of(site, &f.path, &f.fm, f.images.as_ref())?;
    }
    if site.languages.len() > 1 {
        cp.translation_key = Some(match file.and_then(|f| get_str(&f.fm, "translationkey")) {
            Some(k) => format!("key:{k}"),
            None => key,
        });
    }
    scan.pages.push(cp);
    Ok(())
}
