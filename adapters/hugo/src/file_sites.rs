//! Which sites a content file is built for (Hugo 0.153 and later), as
//! Hugo works it out:
//!
//! 1. the file's own sites: its mount's `sites.matrix` (else the default
//!    language, version and role); the language its name or folder
//!    gives (`p.fr.md`, a language's `contentDir`) replaces the mount's,
//!    and since 0.161 so do the dimensions its name gives
//!    (`p._language_fr_.md`, `._version_v1_.`, `._role_member_.`);
//! 2. its page's: its front matter's `sites.matrix`, each dimension it
//!    does not set taken from the cascades that reach the page (the
//!    `_index` files above it, then the site's, nearest first; a
//!    branch's own cascade reaches the pages below it, not itself),
//!    then from the file's own sites, then the defaults.
//!
//! A cascade's `sites` reaches a page whatever the page's language:
//! Hugo reads it before it knows the page's sites, so the `_index` of
//! every language counts (`_index.nn.md` with `cascade.sites.matrix =
//! {languages = "{nn,sv}"}` moves an English page to those languages;
//! checked with 0.168.0). A cascade whose target names languages is
//! asked once the page's languages are known. The other keys a cascade
//! hands down reach the pages of its own sites only (`cascaded`).
//!
//! A page's `sites.complements` (and its mount's) name the sites where
//! it stands in for a page Hugo would make there without a file; only a
//! branch's count for the URLs listed (`scan/lists.rs`).

use std::path::Path;

use serde_json::Value;
use sitemap_content::{FrontMatter, Site};

use super::cascade::Entry;
use super::files::Root;
use super::matrix::{Globs, LANGUAGE, Matrix, ROLE, VERSION};
use super::settings::HugoConfig;

/// A content file's name less its extension, as Hugo reads it.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Name {
    /// The page's name (`p` of `p.fr.md` and of `p._scandinavian_.md`).
    pub(super) name: String,
    /// The language it names (`p.fr.md`, `p._language_fr_.md`), lowercase.
    pub(super) lang: Option<String>,
    /// The versions and roles it names (`._version_v1_.`, `._role_member_.`).
    pub(super) versions: Vec<String>,
    pub(super) roles: Vec<String>,
}

/// Reads `stem` (a file name less its extension): before 0.153, its
/// last dotted part when that is a language; since, each dotted part
/// from the right that is a language or a `_name_` identifier (Hugo's
/// `pathparser`: one it does not know is dropped from the name all the
/// same), up to the first that is neither.
pub(super) fn read_name(stem: &str, site: &Site, cfg: &HugoConfig) -> Name {
    let is_lang = |l: &str| {
        site.languages.iter().any(|k| k.eq_ignore_ascii_case(l))
            || cfg.disabled_languages.contains(&l.to_lowercase())
    };
    let mut out = Name::default();
    if !cfg.rules().sites_matrix {
        match stem.rsplit_once('.') {
            Some((n, l)) if is_lang(l) => {
                out.name = n.to_owned();
                out.lang = Some(l.to_lowercase());
            }
            _ => out.name = stem.to_owned(),
        }
        return out;
    }
    let mut parts: Vec<&str> = stem.split('.').collect();
    let mut dot_lang = None;
    while parts.len() > 1 {
        let last = parts[parts.len() - 1];
        let wrapped = (last.len() > 2 && last.starts_with('_') && last.ends_with('_'))
            .then(|| last[1..last.len() - 1].to_lowercase());
        match wrapped {
            Some(inner) if cfg.rules().filename_dimensions => {
                let dims = &cfg.sites.dims;
                if let Some(l) = inner.strip_prefix("language_").filter(|l| is_lang(l)) {
                    out.lang = Some(l.to_owned());
                } else if let Some(v) = inner
                    .strip_prefix("version_")
                    .filter(|v| dims[VERSION].index(v).is_some())
                {
                    out.versions.push(v.to_owned());
                } else if let Some(r) = inner
                    .strip_prefix("role_")
                    .filter(|r| dims[ROLE].index(r).is_some())
                {
                    out.roles.push(r.to_owned());
                }
            }
            Some(_) => {}
            None if dot_lang.is_none() && is_lang(last) => dot_lang = Some(last.to_lowercase()),
            None => break,
        }
        parts.pop();
    }
    // Hugo's `Lang()`: the first `_language_` identifier, else the dotted one.
    out.lang = out.lang.or(dot_lang);
    out.name = parts.join(".");
    out
}

/// The sites of one file: their keys (see `sites`), and the keys of the
/// sites it complements.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct FileSites {
    pub(super) keys: Vec<String>,
    pub(super) complements: Vec<String>,
}

/// The sites a content file is built for, where they are more than
/// `lang`'s own (its language's, of the default version and role):
/// `None` for those, as before the sites matrix. `rel`: its path below
/// the content folder; `lang`: the language its name or folder gives
/// (else the default).
#[allow(clippy::too_many_arguments)]
pub(super) fn sites_of(
    fm: &FrontMatter,
    rel: &[String],
    path: &Path,
    name: &Name,
    lang: &str,
    root: &Root,
    site: &Site,
    cfg: &HugoConfig,
) -> Option<FileSites> {
    let rules = cfg.rules();
    if !rules.sites_matrix {
        return None;
    }
    let dims = &cfg.sites.dims;
    // A disabled language's file: left out later, as before.
    let lang_index = dims[LANGUAGE].index(lang)?;
    let mount = root.mount.as_ref();
    let mut own = mount.map_or_else(Matrix::default, |m| Matrix::of_globs(&m.sites, dims).0);
    if name.lang.is_some() || root.lang.is_some() || own.0[LANGUAGE].is_none() {
        own.set(LANGUAGE, [lang_index].into());
    }
    for (d, names) in [(VERSION, &name.versions), (ROLE, &name.roles)] {
        let found: std::collections::BTreeSet<usize> =
            names.iter().filter_map(|n| dims[d].index(n)).collect();
        if !found.is_empty() {
            own.set(d, found);
        }
    }
    let own = own.with_defaults(dims);
    let (mut matrix, mut complements) = own_globs(fm);
    let cascades = Cascaded::of(rel, path, name, lang, root, site, cfg);
    let mut later: Vec<&Entry> = Vec::new();
    for entry in cascades.entries() {
        let Some(sites) = entry.sites() else { continue };
        match entry.reaches_any_site(&cascades.page(), rules) {
            Some(true) => fill(&mut matrix, &mut complements, sites),
            Some(false) => {}
            None => later.push(entry),
        }
    }
    let build = |globs: &Globs| {
        if globs.is_empty() {
            return own.clone();
        }
        let mut m = Matrix::of_globs(globs, dims).0;
        m.fill_from(&own);
        m.with_defaults(dims)
    };
    let mut page = build(&matrix);
    // Hugo asks a cascade whose target names languages once it knows the
    // page's, and builds the page's sites again if that cascade sets any.
    if !later.is_empty() {
        let languages: Vec<&str> = page.0[LANGUAGE]
            .iter()
            .flatten()
            .map(|&i| dims[LANGUAGE].names[i].as_str())
            .collect();
        let before = matrix.clone();
        for entry in later {
            if entry.reaches_languages(&cascades.page(), &languages, rules)
                && let Some(sites) = entry.sites()
            {
                fill(&mut matrix, &mut complements, sites);
            }
        }
        if matrix != before {
            page = build(&matrix);
        }
    }
    let keys = cfg.sites.keys_of(&page);
    let complements = complemented(&page, &complements, mount, cfg)
        .into_iter()
        .filter(|k| !keys.contains(k))
        .collect();
    let out = FileSites { keys, complements };
    (out.keys != [lang] || !out.complements.is_empty()).then_some(out)
}

/// The sites a page stands in for besides its own: Hugo matches them
/// dimension by dimension ("coarse"), so each dimension is the page's
/// values and its complements' (its own `sites.complements`, each
/// dimension they do not set taken from its mount's; a mount's, all of
/// a dimension they do not set).
fn complemented(
    page: &Matrix,
    own: &Globs,
    mount: Option<&super::mounts::ContentMount>,
    cfg: &HugoConfig,
) -> Vec<String> {
    let dims = &cfg.sites.dims;
    let from_mount = mount
        .filter(|m| !m.complements.is_empty())
        .map(|m| Matrix::of_globs(&m.complements, dims).0.with_all(dims));
    let mut complements = match (own.is_empty(), from_mount) {
        (true, None) => return Vec::new(),
        (true, Some(m)) => m,
        (false, m) => {
            let mut c = Matrix::of_globs(own, dims).0;
            if let Some(m) = m {
                c.fill_from(&m);
            }
            c
        }
    };
    for (mine, theirs) in complements.0.iter_mut().zip(&page.0) {
        let mut both = mine.take().unwrap_or_default();
        both.extend(theirs.iter().flatten());
        *mine = Some(both);
    }
    cfg.sites.keys_of(&complements)
}

/// A front matter's own `sites.matrix` and `sites.complements`.
fn own_globs(fm: &FrontMatter) -> (Globs, Globs) {
    let sites = fm.get("sites");
    (table(sites, "matrix"), table(sites, "complements"))
}

/// `sites.<key>`, whatever the case of its key.
fn table(sites: Option<&Value>, key: &str) -> Globs {
    let found = sites
        .and_then(Value::as_object)
        .and_then(|t| t.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)))
        .map(|(_, v)| v);
    Globs::from_value(found)
}

/// Each dimension a page's `sites` does not set yet takes a cascade's.
fn fill(matrix: &mut Globs, complements: &mut Globs, sites: &Value) {
    matrix.fill(&table(Some(sites), "matrix"));
    complements.fill(&table(Some(sites), "complements"));
}

/// The cascades that reach a content file whatever its language, and
/// the page as their targets see it.
struct Cascaded<'c> {
    chains: Vec<super::cascade::Chain>,
    site: &'c [Entry],
    rel: &'c [String],
    name: &'c str,
    in_taxonomy: bool,
    /// The page's kind, logical path and file path, worked out when a
    /// cascade with `sites` asks (on most sites none does, and making
    /// them for every page cost 3 % of a scan's CPU time).
    paths: std::cell::OnceCell<(&'static str, String, String)>,
    lang: String,
}

impl<'c> Cascaded<'c> {
    #[allow(clippy::too_many_arguments)]
    fn of(
        rel: &'c [String],
        path: &Path,
        name: &'c Name,
        lang: &str,
        root: &Root,
        site: &Site,
        cfg: &'c HugoConfig,
    ) -> Cascaded<'c> {
        let folder = path.parent();
        let start = match folder {
            Some(f) if name.name == "_index" => (f != root.dir).then(|| f.parent()).flatten(),
            f => f,
        };
        let mut chains = Vec::new();
        if let Some(start) = start {
            // The file's own language first, then the others in order.
            let mut langs: Vec<&String> = site.languages.iter().collect();
            langs.sort_by_key(|l| **l != lang);
            for l in langs {
                let own_lang = |named: Option<&str>| match named {
                    Some(n) => n.eq_ignore_ascii_case(l),
                    None => root.lang.as_deref().unwrap_or(&cfg.default_language) == l,
                };
                chains.push(cfg.cascades.inherited(&root.dir, start, l, &own_lang));
            }
        }
        Cascaded {
            chains,
            site: cfg.cascades.site(lang),
            rel,
            name: &name.name,
            in_taxonomy: cfg.is_taxonomy_dir(lang, &rel[..rel.len().saturating_sub(1)]),
            paths: std::cell::OnceCell::new(),
            lang: lang.to_owned(),
        }
    }

    /// Nearest first: each language's `_index` chain, then the site's
    /// (the file's language's own, else the site's).
    fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.chains
            .iter()
            .flat_map(|c| c.entries())
            .chain(self.site)
    }

    fn page(&self) -> super::cascade::PageRef<'_> {
        let (kind, logical, file_path) = self
            .paths
            .get_or_init(|| super::cascaded::page_ref_paths(self.rel, self.name, self.in_taxonomy));
        super::cascade::PageRef {
            kind,
            path: logical,
            file_path,
            lang: &self.lang,
        }
    }
}
