//! Regular pages, one per listed content file, and the terms each names
//! (with the name each term's page is titled with); then term content
//! (`content/tags/rust/_index.md`), which makes its term exist.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};

use sitemap_content::paths::{PathRules, hugo_make_path};
use sitemap_content::{ContentPage, LeftOut, PageKind};

use super::super::files::File;
use super::super::settings::HugoConfig;
use super::{Scan, Terms, terms_of};

/// Each taxonomy's own `_index` (`content/tags/_index.md`), by (language,
/// taxonomy): its index in the files.
pub(super) type TaxonomyContent = BTreeMap<(String, String), usize>;

/// Each term's name as a page writes it, by (language, taxonomy, the
/// term's URL segment): its page's title.
pub(super) type TermNames = HashMap<(String, String, String), String>;

/// The name each term has on its page (`Rust` for `tags = ["Rust"]`):
/// where pages spell it differently, the first page's in the order of
/// the followed Hugo's content tree: Hugo 0.111.3's keeps a folder's own
/// pages before its subfolders' (the scan's file order), the current
/// Hugo's is by path (`/posts/a` before `/zz`; checked with 0.168.0 and
/// 0.111.3). Read before the regular pages take their files' languages.
pub(super) fn term_names(files: &[Box<File>], cfg: &HugoConfig) -> TermNames {
    let by_path = cfg.rules().term_names_by_path;
    // Each term's first file so far (its index), and its spelling there.
    let mut names: HashMap<(&str, usize, &str), (usize, &str)> = HashMap::new();
    // Each file's path, made the first time it is compared.
    let paths: Vec<std::cell::OnceCell<String>> = match by_path {
        true => files.iter().map(|_| std::cell::OnceCell::new()).collect(),
        false => Vec::new(),
    };
    let path = |i: usize| paths[i].get_or_init(|| logical_path(&files[i])).as_str();
    for (i, f) in files.iter().enumerate() {
        for (t, key, written) in &f.terms {
            let name = written.as_deref().unwrap_or(key);
            match names.entry((f.lang.as_str(), *t, key.as_str())) {
                Entry::Vacant(e) => {
                    e.insert((i, name));
                }
                Entry::Occupied(mut e) if by_path && path(i) < path(e.get().0) => {
                    e.insert((i, name));
                }
                Entry::Occupied(_) => {}
            }
        }
    }
    names
        .into_iter()
        .filter_map(|((lang, t, key), (_, name))| {
            let taxonomy = cfg.taxonomies(lang).get(t)?;
            Some((
                (lang.to_owned(), taxonomy.clone(), key.to_owned()),
                name.to_owned(),
            ))
        })
        .collect()
}

/// A file's page's path as Hugo keys it: its folders, then its name
/// unless it is a bundle's own file, lowercased, in one allocation: a
/// string per part made it the largest single cost of the current Hugo's
/// rules on `bench scan`'s 100,000 pages (4 % of the scan's CPU time).
pub(super) fn logical_path(f: &File) -> String {
    let name = (!(f.is_leaf() || f.is_branch())).then_some(f.name.as_str());
    let parts = || f.dir.iter().map(String::as_str).chain(name);
    let mut path = String::with_capacity(parts().map(|p| p.len() + 1).sum());
    for part in parts() {
        path.push('/');
        if part.is_ascii() {
            let start = path.len();
            path.push_str(part);
            path[start..].make_ascii_lowercase();
        } else {
            path.push_str(&part.to_lowercase());
        }
    }
    path
}

impl Scan<'_> {
    /// Adds a page per regular file listed (not a branch or taxonomy file,
    /// not excluded) and records every term a file names, branches'
    /// included. Moves each listed file's path and language into its
    /// page: only branch files are read again. Returns (index in
    /// `scan.pages`, index in `files`) of each page, to find the lists it
    /// belongs to once they exist.
    pub(super) fn regular_pages(
        &mut self,
        files: &mut [Box<File>],
        terms: &mut Terms,
    ) -> Vec<(u32, u32)> {
        let (site, cfg) = (self.site, self.cfg);
        let scan = &mut self.scan;
        let multilingual = site.languages.len() > 1;
        scan.pages.reserve(files.len());
        let mut listed_pages: Vec<(u32, u32)> = Vec::with_capacity(files.len());
        for (fi, f) in files.iter_mut().enumerate() {
            // Kept on the file: the page's terms are the lists it joins.
            for (t, term, _) in &f.terms {
                let found = terms_of(terms, &f.lang, &cfg.taxonomies(&f.lang)[*t]);
                if !found.contains_key(term) {
                    found.insert(term.clone(), None);
                }
            }
            if f.in_taxonomy_dir || f.is_branch() {
                continue;
            }
            if let Some(reason) = &f.exclusion {
                let mut left = LeftOut::new(f.path.clone(), reason.clone());
                // Built but not listed, or left in the output folder by an
                // earlier `hugo -D -F -E`: its URL, so the build check
                // does not take its built page for one the scan missed.
                if super::built_though_left_out(reason)
                    && let Some(loc) = built_loc(site, cfg, f)
                {
                    left = left.at(loc);
                }
                scan.excluded.push(left);
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
                    self.page_errors.push((std::mem::take(&mut f.path), *e));
                    continue;
                }
            };
            let mut cp = ContentPage::new(PageKind::Page, loc, "");
            cp.images = f.page_images.take();
            // Moved, like the path: a regular page's language is not asked
            // for again.
            cp.lang = std::mem::take(&mut f.lang);
            cp.overrides = overrides;
            // Moved: only branch files (`_index`) are looked at again, in
            // later phases.
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
        listed_pages
    }

    /// Term content (`content/tags/rust/_index.md`) makes the term exist and
    /// gives it front matter; `content/tags/_index.md` the taxonomy page
    /// (returned, by language and taxonomy).
    pub(super) fn term_content(&self, files: &[Box<File>], terms: &mut Terms) -> TaxonomyContent {
        let cfg = self.cfg;
        let mut taxonomy_fm: TaxonomyContent = BTreeMap::new();
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
                let rules = cfg.path_rules(&f.lang);
                // The current Hugo reads the folder as a content path, as
                // it reads a term (`Go & Rust/` is the term `go--rust`,
                // checked with 0.168.0); 0.111.3 made it a path (`go-rust`).
                let term = if cfg.rules().term_paths {
                    let ugly = super::super::urls::ugly_for(cfg, &hugo_make_path(&taxo, rules));
                    super::super::urls::term_path(&folder, cfg, rules, ugly)
                } else {
                    hugo_make_path(&folder, rules)
                };
                // The current Hugo reads the folder and the pages' term
                // the same way, so a folder is always its term's own
                // (`tags/x y  z/` is the term `x y  z`'s page; checked
                // with 0.165.0 to 0.168.0 on a random site).
                let own_key = cfg.rules().term_paths
                    || hugo_make_path(&folder, PathRules::DEFAULT) == folder.to_lowercase();
                if own_key || (f.published && f.exclusion.is_none()) {
                    terms
                        .entry((f.lang.clone(), taxo))
                        .or_default()
                        .insert(term, Some(i));
                }
            }
        }
        taxonomy_fm
    }
}

/// The URL Hugo builds a page at that it does not list (`sitemap.disable`,
/// `build.list: never`), or would build an unpublished one at (a draft,
/// under `hugo -D`), when it can be worked out.
fn built_loc(
    site: &sitemap_content::Site,
    cfg: &super::super::settings::HugoConfig,
    f: &super::super::files::File,
) -> Option<sitemap_core::Loc> {
    use super::super::urls::{lang_prefix, page_path, ugly_for};
    let path = page_path(
        site,
        cfg,
        f,
        &|lang: &str| lang_prefix(cfg, lang),
        &|section: &str| ugly_for(cfg, section),
    )
    .ok()?;
    sitemap_content::paths::make_loc(cfg.base_for(site, &f.lang), &path, &f.path).ok()
}
