//! The scan of a whole content tree, as phases run in order by [`scan`]:
//! each reads what the ones before it left, so a newcomer reads them
//! top-down, one file each.
//!
//! - `read.rs`: which content folders, walked and classified per file;
//! - `bundles.rs` (beside this folder): leaf bundles take their files;
//! - `tree.rs`: unpublished branches take what is below them, the
//!   sections that exist, the taxonomies configured;
//! - `pages.rs`: regular pages, the terms they name, term content;
//! - `lists.rs`: the list pages Hugo makes (homes, sections, taxonomies
//!   and terms) and [`push_node`], which adds one;
//! - `membership.rs`: which lists each page dates.

use std::collections::BTreeMap;
use std::path::PathBuf;

use sitemap_content::paths::make_loc;
use sitemap_content::{
    ContentPage, ContentScan, Error, LeftOut, PageKind, Reason, Site, images_of, overrides_of,
};

use super::bundles::leaf_bundles;
use super::files::{File, Files};
use super::front_matter::get_str;
use super::settings::HugoConfig;

mod lists;
mod membership;
mod pages;
mod read;
mod standalone;
mod tree;

/// The scan's state between phases: the site and its settings, read
/// by every phase, and what the phases add to (pages, exclusions,
/// warnings, and every bad file's error, reported together at the end).
struct Scan<'s> {
    site: &'s Site,
    cfg: &'s HugoConfig,
    scan: ContentScan,
    page_errors: Vec<(PathBuf, Error)>,
}

/// Scans a Hugo site's content into its pages, in phases:
///
/// 1. [`Scan::read_content`]: walk and classify every content file;
/// 2. [`leaf_bundles`]: a leaf bundle's folder is its page's (and
///    [`super::bundles::root_bundle_is_home`]: `content/index.md` is the home
///    page's own file, 0.123+);
/// 3. [`tree::unpublished_branches`]: a draft, future or expired
///    `_index` takes everything below it (0.111.3); the current Hugo's
///    [`tree::unpublished_twins`] instead: a file of the same page path as
///    an unpublished one is left out;
/// 4. [`tree::sections`] and [`tree::configured_terms`]: the sections and
///    taxonomies that exist before any page names a term;
/// 5. [`Scan::regular_pages`]: one page per listed file, and the terms
///    each names;
/// 6. [`Scan::term_content`]: `content/tags/…/_index.md` files;
/// 7. [`Scan::home_pages`], [`Scan::section_pages`],
///    [`Scan::taxonomy_pages`]: the list pages, in that order;
/// 8. [`Scan::membership`]: which lists each page dates.
///
/// The order matters: an unpublished branch must mark its files before
/// sections and pages are counted from them; regular pages move their
/// path and language out of the files, so only branch files are read
/// after them; terms are complete only once every page and term folder is
/// read; and membership points at list pages by their index in
/// `scan.pages`, known only once they are pushed. Pages land in
/// `scan.pages` in this order (regular pages, homes, sections,
/// taxonomies each followed by its terms), which `ContentScan::finish`
/// relies on for its duplicate rule (the first in file order wins).
///
/// The content files come back beside the scan, for the caller to free
/// while it sorts the pages ([`sitemap_content::Site::scan`]).
pub(crate) fn scan(site: &Site, cfg: &HugoConfig) -> Result<(ContentScan, Files), Error> {
    let now = site.options().now.unwrap_or_else(jiff::Timestamp::now);
    let filename_slugs = cfg
        .date_orders
        .as_deref()
        .filter(|_| cfg.rules().filename_slug_sections);
    cfg.cascades
        .reset(cfg.version.yaml(), filename_slugs.cloned());
    cfg.section_slugs.reset();
    let mut s = Scan {
        site,
        cfg,
        scan: ContentScan::new(site),
        page_errors: Vec::new(),
    };
    s.scan.warnings.extend(cfg.version.warnings());
    let files = s.read_content(now)?;
    let (mut files, resource_terms) = leaf_bundles(
        files,
        &mut s.scan,
        &mut s.page_errors,
        &|name| super::files::accept(name, cfg.version.yaml()),
        site,
        cfg,
        now,
    );
    super::bundles::root_bundle_is_home(&mut files, cfg);
    // Only 0.111.3's content tree drops what is below an unpublished
    // branch; the current Hugo publishes it (a cascaded `draft` aside).
    let dead = if cfg.rules().unpublished_branch_keeps_below {
        tree::unpublished_twins(&mut files, &mut s.scan, cfg.rules());
        tree::Dead::default()
    } else {
        tree::unpublished_branches(&mut files)
    };
    let mut sections = tree::sections(&files, cfg);
    let mut terms = tree::configured_terms(site, cfg);
    for (lang, t, term) in resource_terms {
        terms_of(&mut terms, &lang, &cfg.taxonomies(&lang)[t])
            .entry(term)
            .or_insert(None);
    }
    let term_names = pages::term_names(&files, cfg);
    let listed_pages = s.regular_pages(&mut files, &mut terms);
    let taxonomy_fm = s.term_content(&files, &mut terms);
    let home_index = s.home_pages(&files, &mut sections)?;
    let section_index = s.section_pages(&files, &sections)?;
    let (taxonomy_index, term_index) = s.taxonomy_pages(
        &files,
        &terms,
        &taxonomy_fm,
        &term_names,
        &dead,
        &listed_pages,
    )?;
    let index = membership::ListIndex {
        home: home_index,
        section: section_index,
        taxonomy: taxonomy_index,
        term: term_index,
    };
    s.membership(&files, &sections, &listed_pages, &index);
    if cfg.rules().sitemap_page_cascaded {
        s.sites_without_sitemap(now);
    }
    if cfg.sites.is_matrix() {
        s.pages_by_language();
    }
    match Error::of_pages(s.page_errors) {
        Some(e) => Err(e),
        None => Ok((s.scan, files)),
    }
}

impl Scan<'_> {
    /// Each page keyed by its site so far (see `sites`) takes its
    /// language, and its translation key the site's version and role:
    /// its translations are those of the same version and role.
    fn pages_by_language(&mut self) {
        for page in &mut self.scan.pages {
            let [_, version, role] = self.cfg.sites.split(&page.lang);
            if let Some(key) = &mut page.translation_key {
                key.push_str(&format!("|{version}|{role}"));
            }
            let lang = super::sites::language_of(&page.lang).len();
            page.lang.truncate(lang);
        }
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

/// Adds a list page (home, section, taxonomy, term) unless its kind is
/// disabled or its `_index` file excludes it.
#[allow(clippy::too_many_arguments)]
pub(super) fn push_node(
    scan: &mut ContentScan,
    site: &Site,
    cfg: &HugoConfig,
    files: &[Box<File>],
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
            Some(Reason::KindDisabled)
        } else {
            f.exclusion.clone()
        };
        if let Some(reason) = reason {
            let mut left = LeftOut::new(f.path.clone(), reason);
            // Built but not listed, or left built by an earlier `hugo
            // -D -F -E`: its URL, for the build check.
            if built_though_left_out(&left.reason)
                && let Ok(loc) = make_loc(cfg.base_for(site, &f.lang), path, &f.path)
            {
                left = left.at(loc);
            }
            scan.excluded.push(left);
            return Ok(());
        }
    } else if !enabled {
        return Ok(());
    }
    let source = file.map_or(site.config_path.as_path(), |f| f.path.as_path());
    // A list page without a file of its own still takes what a cascade
    // hands it.
    let cascaded = match file {
        Some(_) => None,
        None => Some(cascaded_list_page(site, cfg, kind, &key, lang)),
    };
    let own = match (file, &cascaded) {
        (Some(f), _) => Some(&f.fm),
        (None, Some((_, fm))) => fm.as_ref(),
        (None, None) => None,
    };
    // Listed at its first output format's URL.
    let path = match cfg
        .outputs_for(lang)
        .first(kind_name(kind), own.and_then(|fm| fm.get("outputs")))
    {
        Some(format) => {
            cfg.outputs_for(lang)
                .path_in(path, &super::urls::lang_prefix(cfg, lang), format, None)
        }
        None => path.to_owned(),
    };
    let mut cp = ContentPage::new(
        kind,
        make_loc(cfg.base_for(site, lang), &path, source)?,
        lang,
    );
    if let Some((folder, fm)) = cascaded {
        let site_disable = cfg.site_disables(site, lang);
        if fm.is_some() || site_disable {
            let fm = fm.unwrap_or_default();
            if let Some(reason) = super::front_matter::exclusion_of(&fm, site_disable) {
                scan.excluded.push(LeftOut::new(folder, reason));
                return Ok(());
            }
            cp.overrides = overrides_of(site, source, &fm)?;
        }
    }
    if let Some(f) = file {
        cp.source = Some(f.path.clone());
        cp.overrides = overrides_of(site, &f.path, &f.fm)?;
        if let Some(order) = cfg.lastmod_order.as_deref() {
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

/// The values cascades hand a list page Hugo makes without a file (a
/// section folder without `_index`, a taxonomy, a term), from its
/// `key`'s logical path; `None` when none reaches it. Also the folder
/// it stands for, to name when it is left out.
fn cascaded_list_page(
    site: &Site,
    cfg: &HugoConfig,
    kind: PageKind,
    key: &str,
    lang: &str,
) -> (PathBuf, Option<sitemap_content::FrontMatter>) {
    let logical = match key.split_once(':') {
        Some((_, rest)) => rest,
        None => "",
    };
    // `lang` is the page's site's key (see `sites`); its folders and
    // `_index` files are its language's.
    let language = super::sites::language_of(lang);
    let root = cfg.language_dirs.get(language).unwrap_or(&site.content_dir);
    let folder = root.join(logical);
    let own_lang = |named: Option<&str>| match named {
        Some(l) => l.eq_ignore_ascii_case(language),
        None => cfg.language_dirs.contains_key(language) || cfg.default_language == language,
    };
    let chain = cfg.cascades.inherited(root, &folder, language, &own_lang);
    let site_cascade = cfg.cascades.site(lang);
    if chain.is_empty() && site_cascade.is_empty() {
        return (folder, None);
    }
    // Hugo matches a target's `path` to the page's normalised path: each
    // space a hyphen in the current Hugo (`/a b` does not match the
    // section `a b/`; checked with 0.168.0), as for a content file's.
    let mut path = format!("/{}", logical.to_lowercase());
    if cfg.rules().cascade_page_path {
        path = path.replace(' ', "-");
    }
    let page = super::cascade::PageRef {
        kind: kind_name(kind),
        path: &path,
        file_path: &path,
        lang,
    };
    let mut fm = sitemap_content::FrontMatter::default();
    let entries = chain.entries().chain(site_cascade);
    super::cascade::apply(entries, &page, cfg.rules(), &mut fm);
    // Read as a file's own front matter is: a cascaded `headless` leaves
    // a section without `_index` unlisted too (checked with 0.168.0 on
    // `hugolib/cascade_test.go:154`'s site).
    if cfg.rules().cast_numbers_as_booleans {
        super::front_matter::numbers_as_booleans(&mut fm);
    }
    if cfg.rules().headless_as_build {
        super::front_matter::headless_as_build(&mut fm);
    }
    let touched = !fm.data().is_empty();
    (folder, touched.then_some(fm))
}

/// Hugo's name of a list page's kind.
fn kind_name(kind: PageKind) -> &'static str {
    match kind {
        PageKind::Home => "home",
        PageKind::Section => "section",
        PageKind::Taxonomy => "taxonomy",
        PageKind::Term => "term",
        _ => "page",
    }
}

/// Whether a page left out for `reason` may still be in the output
/// folder: built but not listed (`sitemap.disable`, `build.list`, a twin
/// path), or left there by an earlier `hugo -D -F -E`. Its record then
/// carries its URL, so the build check does not take its built page for
/// one the scan missed.
pub(super) fn built_though_left_out(reason: &Reason) -> bool {
    matches!(
        reason,
        Reason::SitemapDisabled { .. }
            | Reason::NotRendered { .. }
            | Reason::TwinUnpublished { .. }
            | Reason::Draft
            | Reason::Future
            | Reason::Expired
    )
}
