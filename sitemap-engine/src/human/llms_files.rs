//! Which llms.txt files a set has, and what each lists.
//!
//! The llmstxt.org convention puts one file at a site's root. A
//! multilingual site's languages each have a root of their own (`/` for
//! the default language, `/fr/` for French), and one file mixing them
//! gives a reader in one language the other's pages as well; so each
//! language's root gets its own llms.txt listing that language's pages
//! only, the set's root file holding the language at the set's root (or,
//! when every language has a folder, only the links to theirs). Every file
//! links the site's others under "Optional" (why there:
//! [`LlmsTxt::languages`]). A language none of whose pages the sitemap
//! lists gets none.
//!
//! A multihost site's languages each have a host of their own and a set
//! of their own ([`crate::Host`]): each host's set writes its own root
//! file with its own pages, and links the other hosts' files.

use std::collections::HashSet;
use std::path::Path;

use sitemap_core::Loc;
use sitemap_core::human::{self, LLMS_FILE_NAME, LlmsTxt, PageEntry};

use super::llms::{Language, SiteInfo, description_of};
use super::{HumanPage, fallback_title, titled};

/// One llms.txt of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LlmsFile {
    /// The folder below the set's it is written in, plain names joined
    /// with `/` (`fr`); empty for the set's own folder.
    pub folder: String,
    /// Its text.
    pub text: Vec<u8>,
}

/// A file to write: its folder, its URL root, and its language.
struct Plan<'s> {
    folder: String,
    root: Loc,
    language: Option<&'s Language>,
}

/// The llms.txt files for the pages the set lists: `pages` as pushed, of
/// which those outside `base_url`'s folder and repeats are left out, as
/// the sitemap leaves them out. The set's own file comes first, then
/// one per language rooted in a folder below `base_url`'s, in the
/// languages' order. `out_dir` holds the built pages (titles and
/// descriptions of pages without a source).
pub fn llms_files(
    out_dir: &Path,
    base_url: &Loc,
    site: &SiteInfo,
    pages: &[HumanPage],
) -> Result<Vec<LlmsFile>, crate::error::Error> {
    let out_dir = site.built.as_deref().unwrap_or(out_dir);
    let plans = plans(base_url, site);
    let mut listed: Vec<Vec<PageEntry>> = plans.iter().map(|_| Vec::new()).collect();
    let mut seen = HashSet::new();
    for page in pages
        .iter()
        .filter(|p| p.loc.is_under(base_url) && seen.insert(&p.loc))
    {
        let language = language_of(site, &page.loc);
        let file = plans
            .iter()
            .position(|plan| {
                plan.language
                    .is_some_and(|l| language.is_some_and(|own| std::ptr::eq(l, own)))
            })
            .unwrap_or(0);
        listed[file].push(entry(page, site, out_dir, base_url));
    }
    // A language none of whose pages the sitemap lists (all left out by
    // `exclude-urls`) gets no file: it would index nothing. The set's own
    // file is always written, as for a site in one language.
    let (plans, listed): (Vec<Plan<'_>>, Vec<Vec<PageEntry>>) = plans
        .into_iter()
        .zip(listed)
        .enumerate()
        .filter(|(i, (_, entries))| *i == 0 || !entries.is_empty())
        .map(|(_, kept)| kept)
        .unzip();
    plans
        .iter()
        .zip(listed)
        .map(|(plan, entries)| {
            let title = plan
                .language
                .and_then(|l| l.title.clone())
                .or_else(|| site.title.clone())
                .unwrap_or_else(|| fallback_title(&plan.root));
            let mut head = LlmsTxt::new(plan.root.clone(), title)
                .with_languages(other_files(site, &plans, plan));
            if let Some(d) = plan
                .language
                .and_then(|l| l.description.as_ref())
                .or(site.description.as_ref())
            {
                head = head.with_description(d.clone());
            }
            let mut text = Vec::new();
            human::write_llms_txt(&mut text, &head, &entries).map_err(|source| {
                crate::error::Error::Io {
                    path: out_dir.join(&plan.folder).join(LLMS_FILE_NAME),
                    source,
                }
            })?;
            Ok(LlmsFile {
                folder: plan.folder.clone(),
                text,
            })
        })
        .collect()
}

/// The set's own file (with the language rooted at `base_url`, if one
/// is), then each language this set writes below it: rooted in a folder
/// below `base_url`'s and not a host of its own.
fn plans<'s>(base_url: &Loc, site: &'s SiteInfo) -> Vec<Plan<'s>> {
    let base = base_url.folder();
    let mut plans = vec![Plan {
        folder: String::new(),
        root: base_url.clone(),
        language: site.languages.iter().find(|l| l.root.folder() == base),
    }];
    for language in &site.languages {
        if let Some(folder) = folder_below(&base, language) {
            plans.push(Plan {
                folder,
                root: language.root.clone(),
                language: Some(language),
            });
        }
    }
    plans
}

/// The folder below `base` that `language`'s llms.txt is written in by
/// the set at `base`: its root's path below it, when that is plain
/// folder names and the language is no host of its own.
fn folder_below(base: &Loc, language: &Language) -> Option<String> {
    let root = language.root.folder();
    let rel = root.as_str().strip_prefix(base.as_str())?;
    let folder = super::percent_decode(rel.trim_end_matches('/'));
    let plain =
        |name: &str| !(name.is_empty() || name == "." || name == ".." || name.contains('\\'));
    (!language.host && !folder.is_empty() && folder.split('/').all(plain)).then_some(folder)
}

/// The language of the page at `loc`: the one the generator names, else
/// the one with the longest root above it.
fn language_of<'s>(site: &'s SiteInfo, loc: &Loc) -> Option<&'s Language> {
    if let Some(&i) = site.page_languages.get(loc) {
        return site.languages.get(i);
    }
    site.languages
        .iter()
        .filter(|l| loc.is_under(&l.root))
        .max_by_key(|l| l.root.as_str().len())
}

/// The links from the file `plan` to the site's other llms.txt files:
/// every other language's that a set writes (one of `plans`, or a
/// host's in its own set), in the languages' order. A language's root
/// elsewhere under no host has no file.
fn other_files(site: &SiteInfo, plans: &[Plan<'_>], plan: &Plan<'_>) -> Vec<PageEntry> {
    let same = |a: &Language, b: Option<&Language>| b.is_some_and(|b| std::ptr::eq(a, b));
    site.languages
        .iter()
        .filter(|l| !same(l, plan.language))
        .filter(|l| l.host || plans.iter().any(|p| same(l, p.language)))
        .filter_map(|l| {
            let url = l.root.folder().join(LLMS_FILE_NAME).ok()?;
            Some(
                PageEntry::new(url, l.label())
                    .with_description("the site's pages in this language"),
            )
        })
        .collect()
}

/// The entry of `page`: its title, else its path; under "Optional" when
/// it has no title of its own (a pager) or only the one its generator
/// gives a list it makes (a term: its pages are listed already); its
/// description; its section, where the site names one.
fn entry(page: &HumanPage, site: &SiteInfo, out_dir: &Path, base_url: &Loc) -> PageEntry {
    let generated = site.titles.get(&page.loc).map(String::as_str);
    let found = titled(page, generated, out_dir, base_url);
    let optional = found.as_ref().is_none_or(|(_, generated)| *generated);
    let title = found.map(|(title, _)| title).unwrap_or_else(|| {
        let folder = base_url.folder();
        let rel = page
            .loc
            .as_str()
            .strip_prefix(folder.as_str())
            .unwrap_or("");
        format!("/{}", super::percent_decode(rel))
    });
    let mut entry = PageEntry::new(page.loc.clone(), title).with_optional(optional);
    if let Some(d) = description_of(page, out_dir, base_url) {
        entry = entry.with_description(d);
    }
    match site.sections.get(&page.loc) {
        Some(section) => entry.with_section(section.clone()),
        None => entry,
    }
}
