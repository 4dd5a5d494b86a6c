//! The last phase: membership as Hugo 0.111.3 dates its lists (checked
//! with `--enableGitInfo`): a section takes in every page and section
//! below it, nested sections' included, the home page its whole
//! language, a term the pages naming it, a taxonomy its terms and their
//! pages.

use foldhash::HashMap;

use super::super::files::File;
use super::Scan;
use super::tree::Sections;
use sitemap_content::ContentPage;

/// Where each language's home page landed in `scan.pages`.
pub(super) type HomeIndex = HashMap<String, u32>;
/// Where each (folder, language) section page landed.
pub(super) type SectionIndex<'a> = HashMap<(&'a [String], &'a str), u32>;
/// Where each (language, taxonomy) taxonomy page landed.
pub(super) type TaxonomyIndex<'a> = HashMap<(&'a str, &'a str), u32>;
/// Where each (language, taxonomy, term) term page landed.
pub(super) type TermIndex<'a> = HashMap<(&'a str, &'a str, &'a str), u32>;

/// Where each list page landed in `scan.pages`, for `member_of`.
pub(super) struct ListIndex<'a> {
    pub(super) home: HomeIndex,
    pub(super) section: SectionIndex<'a>,
    pub(super) taxonomy: TaxonomyIndex<'a>,
    pub(super) term: TermIndex<'a>,
}

/// The folder a page is listed below: its own, or a leaf bundle's
/// parent.
fn holder_of(f: &File) -> std::ops::Range<usize> {
    if f.is_leaf() {
        0..f.dir.len().saturating_sub(1)
    } else {
        0..f.dir.len()
    }
}

/// Language -> folder -> the sections at and above it, deepest first.
type Above<'a> = HashMap<&'a str, HashMap<&'a [String], Vec<u32>>>;

/// Makes `above`'s entries for `dir` and each folder above it not made
/// yet, each from its parent's.
fn sections_above<'a>(
    above: &mut Above<'a>,
    sections: &SectionIndex<'_>,
    dir: &'a [String],
    lang: &'a str,
) {
    let made = above.entry(lang).or_default();
    let mut k = dir.len();
    while k > 0 && !made.contains_key(&dir[..k]) {
        k -= 1;
    }
    for j in k + 1..=dir.len() {
        let mut lists: Vec<u32> = sections
            .get(&(&dir[..j], lang))
            .copied()
            .into_iter()
            .collect();
        if let Some(parent) = made.get(&dir[..j - 1]) {
            lists.extend_from_slice(parent);
        }
        made.insert(&dir[..j], lists);
    }
}

impl Scan<'_> {
    /// Fills `member_of` of every section, home page and regular page
    /// (terms got their taxonomy when made).
    pub(super) fn membership(
        &mut self,
        files: &[Box<File>],
        sections: &Sections,
        listed_pages: &[(u32, u32)],
        index: &ListIndex<'_>,
    ) {
        let cfg = self.cfg;
        let scan = &mut self.scan;
        // The sections at and above each folder a list or page is below,
        // each folder's made once from its parent's: looking up every
        // folder above, for each page and section, cost time cubic in the
        // depth (sections 1,000 deep took 23 s).
        let mut above: Above<'_> = HashMap::default();
        for &(dir, lang) in index.section.keys() {
            sections_above(&mut above, &index.section, &dir[..dir.len() - 1], lang);
        }
        let mut last: Option<(&[String], &str)> = None;
        for &(_, fi) in listed_pages {
            let f = &files[fi as usize];
            let holder = &f.dir[holder_of(f)];
            if last != Some((holder, f.lang.as_str())) {
                sections_above(&mut above, &index.section, holder, &f.lang);
                last = Some((holder, f.lang.as_str()));
            }
        }
        let above = &above;
        let lists_above = |dir: &[String], lang: &str, below: usize, out: &mut Vec<u32>| {
            match above.get(lang).and_then(|a| a.get(&dir[..below])) {
                Some(lists) => out.extend_from_slice(lists),
                None => {
                    for n in (1..=below).rev() {
                        out.extend(index.section.get(&(&dir[..n], lang)).copied());
                    }
                }
            }
            out.extend(index.home.get(lang).copied());
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
            for (t, term, _) in &f.terms {
                let taxo = taxonomies[*t].as_str();
                lists.extend(index.term.get(&(lang, taxo, term.as_str())).copied());
                lists.extend(index.taxonomy.get(&(lang, taxo)).copied());
            }
        };
        for (&(dir, lang), &at) in &index.section {
            let mut lists = Vec::new();
            lists_above(dir, lang, dir.len() - 1, &mut lists);
            let src = sections
                .get(&(dir.to_vec(), lang.to_owned()))
                .copied()
                .flatten();
            terms_of_branch(src, lang, &mut lists);
            scan.pages[at as usize].member_of = lists;
        }
        for (lang, &at) in &index.home {
            let lang = lang.as_str();
            let src = files
                .iter()
                .position(|f| f.is_branch() && f.dir.is_empty() && f.lang == lang);
            let mut lists = Vec::new();
            terms_of_branch(src, lang, &mut lists);
            scan.pages[at as usize].member_of = lists;
        }
        // A regular page's lists are its own business: worked out on every
        // core, each thread filling its own run of pages (regular pages
        // were pushed first, one after another, in `listed_pages` order).
        let lists_of = |f: &File, lang: &str, above: &[u32]| {
            let mut lists = Vec::with_capacity(above.len() + 2 * f.terms.len());
            lists.extend_from_slice(above);
            let taxonomies = cfg.taxonomies(lang);
            for (t, term, _) in &f.terms {
                let taxo = taxonomies[*t].as_str();
                lists.extend(index.term.get(&(lang, taxo, term.as_str())).copied());
                lists.extend(index.taxonomy.get(&(lang, taxo)).copied());
            }
            lists.sort_unstable();
            lists.dedup();
            lists
        };
        let Some(&(first, _)) = listed_pages.first() else {
            return;
        };
        debug_assert!(
            listed_pages
                .iter()
                .enumerate()
                .all(|(k, &(pi, _))| pi as usize == first as usize + k)
        );
        let pages = &mut scan.pages[first as usize..first as usize + listed_pages.len()];
        let fill = |pages: &mut [ContentPage], listed: &[(u32, u32)]| {
            // The files are in path order, so pages come in runs that share
            // a folder and a language: the sections and home above them
            // are looked up once a run. Hashing the folder for each page
            // was half of this phase.
            let mut above: Option<(&[String], String, Vec<u32>)> = None;
            for (page, &(_, fi)) in pages.iter_mut().zip(listed) {
                let f = &files[fi as usize];
                let holder = &f.dir[holder_of(f)];
                let same = above
                    .as_ref()
                    .is_some_and(|(h, l, _)| *h == holder && *l == page.lang);
                if !same {
                    let mut lists = Vec::new();
                    lists_above(holder, &page.lang, holder.len(), &mut lists);
                    above = Some((holder, page.lang.clone(), lists));
                }
                let (_, _, lists) = above.as_ref().expect("set above");
                page.member_of = lists_of(f, &page.lang, lists);
            }
        };
        // Below a few thousand pages a thread costs more than it saves.
        let threads = match listed_pages.len() {
            n if n < 4096 => 1,
            _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let chunk = listed_pages.len().div_ceil(threads);
        std::thread::scope(|s| {
            let mut runs = pages.chunks_mut(chunk).zip(listed_pages.chunks(chunk));
            let own = runs.next();
            for (pages, listed) in runs {
                s.spawn(move || fill(pages, listed));
            }
            if let Some((pages, listed)) = own {
                fill(pages, listed);
            }
        });
    }
}
