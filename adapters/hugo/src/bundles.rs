//! Hugo's leaf bundles: a folder holding `index.*` is one page, and every
//! other content file below it a resource of that page, not a page; in
//! Hugo before 0.123, a content file in a language the bundle has no
//! `index` of gives the bundle a page in that language. From 0.123, a
//! content resource's terms are the site's terms.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use sitemap_content::walk::Found;
use sitemap_content::{ContentScan, Error, LeftOut, Reason, Site};

use super::classify::classify;
use super::files::{Classified, File, Files, Role};
use super::settings::HugoConfig;

/// The terms of content resources: (language, taxonomy index, term).
pub(super) type ResourceTerms = Vec<(String, usize, String)>;

/// Leaves out every file inside a leaf bundle (reported as a bundle
/// resource) and adds the bundle's copies in other languages: Hugo
/// 0.111.3's `pagesCollector.addToBundle`. Returns the resources' terms
/// besides: the current Hugo makes a term page for each term of a
/// published content resource (`content/post/index.md` with
/// `content/post/notes.md` whose `tags = ["x"]` makes `/tags/x/`; a
/// draft, future or `render: never` resource makes none, as for a page;
/// checked with 0.168.0, where 0.111.3 makes none).
pub(super) fn leaf_bundles(
    mut files: Files,
    scan: &mut ContentScan,
    page_errors: &mut Vec<(PathBuf, Error)>,
    accept: &dyn Fn(&str) -> Option<sitemap_pages::yaml::Dialect>,
    site: &Site,
    cfg: &HugoConfig,
    now: jiff::Timestamp,
) -> (Files, ResourceTerms) {
    let mut resource_terms = ResourceTerms::new();
    let resources_make_terms = cfg.rules().bundle_resource_terms;
    let leaf_dirs: BTreeSet<Vec<String>> = files
        .iter()
        .filter(|f| f.is_leaf())
        .map(|f| f.dir.clone())
        .collect();
    // Each folder above the file (and, for a file other than `index.*`, its
    // own folder) that is a bundle makes the file a resource: the content
    // folder itself too, where `content/index.md` makes the home page a
    // leaf bundle and every other content file its resource (both Hugo
    // versions; checked with 0.168.0 and 0.111.3).
    let in_leaf = |f: &File| {
        let own = if f.is_leaf() {
            f.dir.len()
        } else {
            f.dir.len() + 1
        };
        (0..own).any(|n| leaf_dirs.contains(&f.dir[..n]))
    };
    if !leaf_dirs.is_empty() {
        // A content file in a bundle (at any depth) in a language the
        // bundle has no `index` of makes Hugo give the bundle a page in
        // that language anyway: a copy of the default language's `index`
        // (else of another language's), with its front matter, in the
        // file's language (Hugo 0.111.3 `pagesCollector.addToBundle`).
        let headers: BTreeMap<(&[String], &str), &File> = files
            .iter()
            .filter(|f| f.is_leaf())
            .map(|f| ((&f.dir[..], f.lang.as_str()), &**f))
            .collect();
        let mut clones: BTreeMap<(Vec<String>, String), PathBuf> = BTreeMap::new();
        // The current Hugo makes no such copy: a bundle has a page only in
        // the languages of its `index` files (checked with 0.168.0; the
        // content tree Hugo rebuilt in 0.123 is taken as where it moved,
        // as for the other rules of that tree).
        let copies = !cfg.rules().bundle_languages_own;
        for f in files.iter().filter(|f| copies && in_leaf(f)) {
            let own = if f.is_leaf() {
                f.dir.len()
            } else {
                f.dir.len() + 1
            };
            let Some(bundle) = (0..own)
                .map(|n| &f.dir[..n])
                .find(|d| leaf_dirs.contains(*d))
            else {
                continue;
            };
            if headers.contains_key(&(bundle, f.lang.as_str())) {
                continue;
            }
            // With no default-language `index`, Hugo takes whichever
            // header its map yields first (not deterministic); the first
            // language in order is taken here.
            let source = headers
                .get(&(bundle, cfg.default_language.as_str()))
                .or_else(|| {
                    headers
                        .range((bundle, "")..)
                        .find(|((d, _), _)| *d == bundle)
                        .map(|(_, h)| h)
                });
            if let Some(source) = source {
                clones
                    .entry((bundle.to_vec(), f.lang.clone()))
                    .or_insert_with(|| source.path.clone());
            }
        }
        let mut kept = Vec::with_capacity(files.len() + clones.len());
        for f in files {
            if in_leaf(&f) {
                if resources_make_terms {
                    let lang = &f.lang;
                    resource_terms.extend(
                        f.terms
                            .iter()
                            .map(|(t, term, _)| (lang.clone(), *t, term.clone())),
                    );
                }
                scan.excluded
                    .push(LeftOut::new(f.path, Reason::BundleResource));
            } else {
                kept.push(f);
            }
        }
        for ((bundle, lang), source) in clones {
            let name = source
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let Some(yaml) = accept(&name) else {
                continue;
            };
            let mut dirs = sitemap_content::front_matter::DirCache::default();
            let front_matter = sitemap_content::front_matter::read(&source, yaml, &mut dirs)
                .map_err(|e| page_errors.push((source.clone(), e)))
                .ok();
            let Some(front_matter) = front_matter else {
                continue;
            };
            // Its warnings (too large, not UTF-8) were reported with the
            // `index` it copies.
            let images = match site.options().images {
                Some(_) if name.ends_with(".md") => sitemap_content::front_matter::body_images(
                    &source,
                    front_matter.as_ref(),
                    site.dialect(),
                    &mut dirs,
                )
                .map_err(|e| page_errors.push((source.clone(), e)))
                .ok()
                .and_then(Result::ok),
                _ => None,
            };
            let mut rel = bundle;
            rel.push(name);
            let found = Found {
                path: source,
                rel,
                front_matter,
                images,
            };
            let root = super::files::Root::folder(site.content_dir.clone(), None);
            if let Classified::Content(mut file) =
                classify(found, &root, Some(&lang), site, cfg, now)
            {
                // Its warnings were reported with the `index` it copies.
                file.warnings.clear();
                kept.push(file);
            }
        }
        files = kept;
    }
    (files, resource_terms)
}

/// The current Hugo makes the home page of `content/index.md` (its kind
/// is `home`, with that file's front matter), where 0.111.3 lists it
/// besides the home page, at the same URL. Run after [`leaf_bundles`]
/// has made every other content file its resource.
pub(super) fn root_bundle_is_home(files: &mut [Box<File>], cfg: &HugoConfig) {
    if cfg.rules().root_bundle_home {
        for f in files.iter_mut().filter(|f| f.is_leaf() && f.dir.is_empty()) {
            f.role = Role::Branch;
        }
    }
}
