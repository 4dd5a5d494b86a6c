//! The tree before any page is made: unpublished branches mark what
//! they take with them, then the sections and taxonomies that exist.

use std::collections::{BTreeMap, HashMap, HashSet};

use sitemap_content::{ContentScan, Reason, Site, Warning};

use super::super::files::File;
use super::super::rules::HugoRules;
use super::super::settings::HugoConfig;
use super::Terms;

/// Each unpublished branch's (language, folder) and the reason.
pub(super) type Dead = BTreeMap<(String, Vec<String>), Reason>;

/// Sections per (folder, language), with the index in the files of the
/// section's `_index`, if it has one.
pub(super) type Sections = BTreeMap<(Vec<String>, String), Option<usize>>;

/// A branch Hugo does not publish (a draft, future or expired
/// `_index`) takes everything below it with it, in its language: a
/// draft section's pages and their terms, and for the home page the
/// whole language, taxonomies included (checked with Hugo 0.111.3). A
/// branch left out only by `_build` or `headless` keeps its pages.
pub(super) fn unpublished_branches(files: &mut [Box<File>]) -> Dead {
    let dead: Dead = files
        .iter()
        .filter(|f| f.is_branch() && !f.published)
        .filter_map(|f| Some(((f.lang.clone(), f.dir.clone()), f.exclusion.clone()?)))
        .collect();
    if !dead.is_empty() {
        for f in files.iter_mut() {
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
                f.exclusion = Some(reason.clone());
            }
        }
    }
    dead
}

/// Files that are one page path (`p.md` beside `p/_index.md` or
/// `p/index.md`, in one language) where one of them is a draft, future
/// or expired. The current Hugo keeps one file per path, a different one
/// from build to build, and with an unpublished one among them mostly
/// publishes neither (checked with 0.168.0: eight builds of each pairing
/// published the path at most once). So the published one is left out
/// too, and the warning names both files. The releases between differ by
/// which of the two is unpublished (the rules `twin_page_hides_section`
/// and `twin_section_hides_page`): a pairing the Hugo followed publishes
/// is left as it is. Hugo 0.111.3 publishes the published one, as the
/// scan does without this.
pub(super) fn unpublished_twins(
    files: &mut [Box<File>],
    scan: &mut ContentScan,
    rules: &HugoRules,
) {
    // Before 0.153 an unpublished section hides its page file in some
    // builds and not in others: left out with a warning, as from 0.164.
    let section_hides_page = !rules.twin_page_hides_section || rules.twin_section_hides_page;
    let hides = |f: &File| {
        if f.is_page() {
            rules.twin_page_hides_section
        } else {
            section_hides_page
        }
    };
    let unpublished = |f: &File| {
        matches!(
            f.exclusion,
            Some(Reason::Draft | Reason::Future | Reason::Expired)
        )
    };
    let counts =
        |f: &File| !f.in_taxonomy_dir && !matches!(f.exclusion, Some(Reason::BundleResource));
    // The unpublished files' paths first: most sites have few or none,
    // and then no other file's path is built at all.
    let off: HashMap<(String, &str), usize> = files
        .iter()
        .enumerate()
        .filter(|(_, f)| counts(f) && unpublished(f) && hides(f))
        .map(|(i, f)| ((super::pages::logical_path(f), f.lang.as_str()), i))
        .collect();
    if off.is_empty() {
        return;
    }
    let twins: Vec<(usize, usize)> = files
        .iter()
        .enumerate()
        .filter(|(_, f)| counts(f) && f.exclusion.is_none())
        .filter_map(|(i, f)| {
            let key = (super::pages::logical_path(f), f.lang.as_str());
            off.get(&key).map(|&o| (i, o))
        })
        .collect();
    for (i, o) in twins {
        let twin = files[o].path.clone();
        scan.warnings.push(Warning::new(
            Some(&files[i].path),
            &format!(
                "the same page path as {}, which is not published ({}): the current Hugo then \
                 builds this path in some builds and not in others, mostly not at all, so it \
                 is left out; rename or remove one of the two files",
                twin.strip_prefix(".").unwrap_or(&twin).display(),
                files[o].exclusion.as_ref().map_or("", Reason::label),
            ),
        ));
        files[i].exclusion = Some(Reason::TwinUnpublished { twin });
    }
}

/// Whether a language's home page is unpublished, taking the whole
/// language with it.
pub(super) fn dead_language(dead: &Dead, lang: &str) -> bool {
    dead.contains_key(&(lang.to_owned(), Vec::new()))
}

/// Sections per language: top-level folders holding published content of
/// that language, and folders with an `_index` of that language. A
/// folder that holds a nested taxonomy's tree (`news/` of
/// `news/categories`) is no section for that (both Hugo versions).
/// From Hugo 0.123 on, any content file makes its top-level folder a
/// section, whether or not its own page is built: a folder whose only
/// page is a draft (or future, expired, of a disabled kind, or a draft
/// nested `_index`) is a listed section, which Hugo 0.111.3 did not
/// make.
pub(super) fn sections(files: &[Box<File>], cfg: &HugoConfig) -> Sections {
    let mut sections: Sections = BTreeMap::new();
    let any_file = cfg.rules().sections_from_any_file;
    // Sections implied by pages, as (top folder, language) borrowed
    // from the files: a key is built only once per section, not once
    // per page.
    let mut implied: HashSet<(&str, &str)> = HashSet::new();
    let mut last_implied: Option<(&str, &str)> = None;
    // Hugo 0.153 to 0.160.0 make a section no site has an `_index` of
    // only in the sites of its first page or nested section, by path:
    // (top folder) -> (that page's path, its sites).
    let first_only = cfg.rules().sites_matrix && !cfg.rules().sections_in_every_site;
    let mut first: BTreeMap<&str, (String, Vec<&str>)> = BTreeMap::new();
    for (i, f) in files.iter().enumerate() {
        if f.in_taxonomy_dir {
            continue;
        }
        if f.is_branch() {
            sections.insert((f.dir.clone(), f.lang.clone()), Some(i));
            // A published nested section makes its top-level one
            // exist, `_index` or not.
            if (f.published || any_file) && f.dir.len() > 1 && !in_nested_taxonomy(cfg, f) {
                let pair = (f.dir[0].as_str(), f.lang.as_str());
                implied.insert(pair);
                if first_only {
                    first_below(&mut first, &f.dir[0], f);
                }
            }
        } else if f.published || f.exclusion == Some(Reason::Headless) || any_file {
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
            if let Some(top) = holder.first().filter(|_| !in_nested_taxonomy(cfg, f)) {
                // Sorted files: most pages repeat the last pair.
                let pair = (top.as_str(), f.lang.as_str());
                if last_implied != Some(pair) {
                    implied.insert(pair);
                    last_implied = Some(pair);
                }
                if first_only {
                    first_below(&mut first, top, f);
                }
            }
        }
    }
    if first_only {
        let indexed: HashSet<&str> = sections
            .keys()
            .filter(|(dir, _)| dir.len() == 1)
            .map(|(dir, _)| dir[0].as_str())
            .collect();
        implied.retain(|(top, lang)| {
            indexed.contains(top)
                || first
                    .get(top)
                    .is_some_and(|(_, langs)| langs.contains(lang))
        });
    }
    for (top, lang) in implied {
        sections
            .entry((vec![top.to_owned()], lang.to_owned()))
            .or_insert(None);
    }
    sections
}

/// Keeps `f` as the first page below the section `top` when its path
/// comes first (the sites of every file of that path, when it ties).
fn first_below<'f>(
    first: &mut BTreeMap<&'f str, (String, Vec<&'f str>)>,
    top: &'f str,
    f: &'f File,
) {
    let path = super::pages::logical_path(f);
    let at = first
        .entry(top)
        .or_insert_with(|| (path.clone(), Vec::new()));
    if path < at.0 {
        *at = (path, vec![f.lang.as_str()]);
    } else if path == at.0 {
        at.1.push(f.lang.as_str());
    }
}

/// Whether `f` is inside a taxonomy whose name has folders of its own
/// (`news/categories`).
fn in_nested_taxonomy(cfg: &HugoConfig, f: &File) -> bool {
    cfg.taxonomies(&f.lang).iter().any(|t| {
        t.contains('/')
            && t.split('/').count() <= f.dir.len()
            && t.split('/')
                .zip(&f.dir)
                .all(|(a, b)| a.eq_ignore_ascii_case(b))
    })
}

/// Every taxonomy each language configures, with no terms yet: a
/// taxonomy no page uses still has its page.
pub(super) fn configured_terms(site: &Site, cfg: &HugoConfig) -> Terms {
    let mut terms: Terms = BTreeMap::new();
    for lang in &cfg.site_keys(site) {
        for t in cfg.taxonomies(lang) {
            terms.entry((lang.clone(), t.clone())).or_default();
        }
    }
    terms
}
