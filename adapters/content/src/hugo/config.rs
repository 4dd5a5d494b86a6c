//! Hugo's configuration: the files Hugo merges (root file,
//! `config/_default/`, `config/production/`), read into [`HugoConfig`]
//! and the [`Site`] it opens: base URL, languages, taxonomies, URL
//! settings, build flags, permalinks and the site's `[sitemap]` table.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::config::{config_err, lowercase_keys, merge, read_file, str_of};
use crate::paths::base_loc;
use crate::site_sitemap::{SiteSitemap, from_hugo};
use crate::{Error, Rules, Site, SiteOptions};

#[derive(Debug)]
pub(crate) struct HugoConfig {
    pub(super) default_language: String,
    pub(super) default_in_subdir: bool,
    /// Language key -> its own content folder, when it has one.
    pub(super) language_dirs: BTreeMap<String, PathBuf>,
    /// Taxonomy plural names (what front matter and URLs use).
    pub(super) taxonomies: Vec<String>,
    /// A language's own taxonomies (`languages.fr.taxonomies`), which
    /// replace the site's for it.
    pub(super) language_taxonomies: BTreeMap<String, Vec<String>>,
    pub(super) ugly_urls: bool,
    pub(super) ugly_sections: BTreeMap<String, bool>,
    pub(super) lower: bool,
    pub(super) disabled_kinds: BTreeSet<String>,
    pub(super) build_drafts: bool,
    pub(super) build_future: bool,
    pub(super) build_expired: bool,
    /// Section -> permalink pattern for its regular pages.
    pub(super) permalinks: BTreeMap<String, String>,
    /// `markup.goldmark.renderer.unsafe`: raw HTML in Markdown is
    /// rendered (else Goldmark drops it).
    pub(crate) raw_html: bool,
    /// `[frontmatter] lastmod`, when the site configures it.
    pub(crate) lastmod_order: Option<Box<super::lastmod_order::LastmodOrder>>,
    /// The date orders, when one names `:filename` (slugs and dates
    /// from file names).
    pub(super) date_orders: Option<Box<super::lastmod_order::DateOrders>>,
}

/// Each configuration file read, with what it sets (under its top-level
/// key for a `config/_default/languages.toml`), in the order merged.
pub(super) type Sources = Vec<(PathBuf, Value)>;

/// Hugo's configuration: the root file, merged with `config/_default/`
/// and `config/production/` (a plain `hugo` build runs in production), each
/// file named after its top-level key (`languages.toml` -> `languages`).
/// The files are returned too, so an error about one key can name the
/// file that set it.
pub(super) fn load(root: &Path, config_path: &Path) -> Result<(Value, Sources), Error> {
    let mut value = Value::Object(Map::new());
    let mut sources = Sources::new();
    // Not `is_file`: a FIFO given as the configuration is refused by
    // `read_file`, naming it, rather than skipped.
    if config_path.exists() && !config_path.is_dir() {
        let v = lowercase_keys(read_file(config_path)?);
        sources.push((config_path.to_path_buf(), v.clone()));
        merge(&mut value, v);
    }
    for env in ["_default", "production"] {
        let dir = root.join("config").join(env);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for file in files {
            let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !matches!(ext, "toml" | "yaml" | "yml" | "json") {
                continue;
            }
            let stem = file
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("")
                .to_lowercase();
            let v = lowercase_keys(read_file(&file)?);
            let v = if stem == "hugo" || stem == "config" {
                v
            } else if !stem.contains('.') {
                let mut wrapped = Map::new();
                wrapped.insert(stem, v);
                Value::Object(wrapped)
            } else {
                continue;
            };
            sources.push((file, v.clone()));
            merge(&mut value, v);
        }
    }
    Ok((value, sources))
}

/// The last configuration file that sets `keys` (a path of lowercase
/// keys), which is the one whose value counts; `fallback` when none does.
pub(super) fn origin<'a>(sources: &'a Sources, keys: &[&str], fallback: &'a Path) -> &'a Path {
    sources
        .iter()
        .rev()
        .find(|(_, v)| {
            keys.iter()
                .try_fold(v, |v, k| v.as_object().and_then(|m| m.get(*k)))
                .is_some()
        })
        .map_or(fallback, |(p, _)| p.as_path())
}

/// The plural names of a `taxonomies` table, sorted; `None` without one.
pub(super) fn taxonomies_in(
    map: &Map<String, Value>,
    path: &Path,
) -> Result<Option<Vec<String>>, Error> {
    match map.get("taxonomies") {
        None => Ok(None),
        Some(Value::Object(t)) => {
            let mut v: Vec<String> = t
                .values()
                .filter_map(|p| p.as_str().map(str::to_owned))
                .collect();
            v.sort();
            Ok(Some(v))
        }
        Some(_) => Err(config_err(
            path,
            "`taxonomies` must be a table of `singular = \"plural\"`".to_owned(),
        )),
    }
}

impl HugoConfig {
    /// The taxonomies of a language: its own, else the site's.
    pub(super) fn taxonomies(&self, lang: &str) -> &[String] {
        self.language_taxonomies
            .get(lang)
            .unwrap_or(&self.taxonomies)
    }
}

pub(super) fn bool_of(map: &Map<String, Value>, key: &str, path: &Path) -> Result<bool, Error> {
    match map.get(key) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(config_err(
            path,
            format!("`{key}` must be true or false, found {other}"),
        )),
    }
}

pub(crate) fn open(
    root: &Path,
    config_path: PathBuf,
    options: &SiteOptions,
) -> Result<Site, Error> {
    let (value, sources) = load(root, &config_path)?;
    let empty = Map::new();
    let map = value.as_object().unwrap_or(&empty);
    let path = config_path.as_path();
    let base_url = match &options.base_url {
        Some(b) => b.clone(),
        None => str_of(map, "baseurl", path)?
            .filter(|s| !s.is_empty())
            .ok_or(Error::NoBaseUrl {
                path: config_path.clone(),
                key: "baseURL",
            })?
            .to_owned(),
    };
    let base_url = base_loc(&base_url, path)?;
    let default_language = str_of(map, "defaultcontentlanguage", path)?
        .unwrap_or("en")
        .to_lowercase();
    let content_dir = root.join(str_of(map, "contentdir", path)?.unwrap_or("content"));
    let output_dir = root.join(str_of(map, "publishdir", path)?.unwrap_or("public"));
    let mut languages: Vec<(i64, String)> = Vec::new();
    let mut language_dirs = BTreeMap::new();
    let mut hreflangs = BTreeMap::new();
    let mut language_taxonomies = BTreeMap::new();
    let mut language_sitemaps = BTreeMap::new();
    let disabled_languages: Vec<String> = match map.get("disablelanguages") {
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(|v| v.as_str().map(str::to_lowercase))
            .collect(),
        _ => Vec::new(),
    };
    match map.get("languages") {
        None => {}
        Some(Value::Object(langs)) => {
            for (key, opts) in langs {
                let Value::Object(opts) = opts else {
                    return Err(config_err(
                        path,
                        format!("`languages.{key}` must be a table"),
                    ));
                };
                if bool_of(opts, "disabled", path)? || disabled_languages.contains(key) {
                    continue;
                }
                let weight = opts.get("weight").and_then(Value::as_i64).unwrap_or(0);
                languages.push((weight, key.clone()));
                if let Some(dir) = str_of(opts, "contentdir", path)? {
                    language_dirs.insert(key.clone(), root.join(dir));
                }
                if let Some(t) = taxonomies_in(opts, path)? {
                    language_taxonomies.insert(key.to_lowercase(), t);
                }
                if let Some(table) = opts.get("sitemap") {
                    let keys = ["languages", key.as_str(), "sitemap"];
                    let from = origin(&sources, &keys, path);
                    let own = from_hugo(table, &keys.join("."), from)?;
                    language_sitemaps.insert(key.to_lowercase(), own);
                }
                if let Some(code) =
                    str_of(opts, "languagecode", path)?.or(str_of(opts, "locale", path)?)
                {
                    hreflangs.insert(key.clone(), code.to_owned());
                }
            }
        }
        Some(_) => {
            return Err(config_err(
                path,
                "`languages` must be a table of language tables".to_owned(),
            ));
        }
    }
    if !languages.iter().any(|(_, k)| *k == default_language) {
        languages.push((i64::MIN, default_language.clone()));
    }
    // Hugo orders languages by weight, then key; the default comes first here.
    languages.sort();
    let mut language_keys = vec![default_language.clone()];
    language_keys.extend(
        languages
            .into_iter()
            .map(|(_, k)| k)
            .filter(|k| *k != default_language),
    );
    let taxonomies = taxonomies_in(map, path)?
        .unwrap_or_else(|| vec!["categories".to_owned(), "tags".to_owned()]);
    let (ugly_urls, ugly_sections) = match map.get("uglyurls") {
        None => (false, BTreeMap::new()),
        Some(Value::Bool(b)) => (*b, BTreeMap::new()),
        Some(Value::Object(m)) => (
            false,
            m.iter()
                .filter_map(|(k, v)| v.as_bool().map(|b| (k.clone(), b)))
                .collect(),
        ),
        Some(_) => {
            return Err(config_err(
                path,
                "`uglyURLs` must be true, false or a table of sections".to_owned(),
            ));
        }
    };
    // Kind names match exactly, as in Hugo 0.111.3 (`Taxonomy` disables
    // nothing; `RSS` is a kind's name).
    let disabled_kinds: BTreeSet<String> = match map.get("disablekinds") {
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect(),
        _ => BTreeSet::new(),
    };
    // Hugo 0.111.3 stops on `taxonomy` here, whose meaning changed in 0.73,
    // unless the site says it means the new one.
    let ignored_errors = match map.get("ignoreerrors") {
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if disabled_kinds.contains("taxonomy")
        && !ignored_errors
            .iter()
            .any(|e| e.eq_ignore_ascii_case("error-disable-taxonomy"))
    {
        return Err(config_err(
            path,
            "`disableKinds` holds \"taxonomy\", which Hugo 0.111.3 refuses (its meaning changed in \
             Hugo 0.73: `taxonomy` is now the list of a taxonomy's terms, `term` one term's pages); \
             add `ignoreErrors = [\"error-disable-taxonomy\"]` to mean the new kind, as Hugo asks"
                .to_owned(),
        ));
    }
    let sitemap = match map.get("sitemap") {
        Some(table) => from_hugo(table, "sitemap", origin(&sources, &["sitemap"], path))?,
        None => SiteSitemap::default(),
    };
    let mut permalinks = BTreeMap::new();
    if let Some(Value::Object(p)) = map.get("permalinks") {
        // Both shapes: `posts = "/:year/:slug/"` and `[permalinks.page] posts = …`.
        let page_table = match p.get("page") {
            Some(Value::Object(t)) => t.clone(),
            _ => p.clone(),
        };
        for (section, pattern) in page_table {
            if let Value::String(pattern) = pattern {
                permalinks.insert(section.to_lowercase(), pattern);
            }
        }
    }
    let cfg = HugoConfig {
        default_in_subdir: bool_of(map, "defaultcontentlanguageinsubdir", path)?,
        default_language: default_language.clone(),
        language_dirs,
        taxonomies,
        language_taxonomies,
        ugly_urls,
        ugly_sections,
        lower: !bool_of(map, "disablepathtolower", path)?,
        disabled_kinds,
        build_drafts: bool_of(map, "builddrafts", path)? || options.include_drafts,
        build_future: bool_of(map, "buildfuture", path)?,
        build_expired: bool_of(map, "buildexpired", path)?,
        permalinks,
        raw_html: ["markup", "goldmark", "renderer", "unsafe"]
            .iter()
            .try_fold(&value, |v, k| v.get(*k))
            .and_then(Value::as_bool)
            .unwrap_or(false),
        lastmod_order: super::lastmod_order::from_config(map).map(Box::new),
        date_orders: super::lastmod_order::date_orders(map).map(Box::new),
    };
    Ok(Site {
        flavor: crate::Flavor::Hugo,
        root: root.to_path_buf(),
        config_path,
        base_url,
        content_dir,
        output_dir,
        default_language,
        languages: language_keys,
        rules: Rules::Hugo(cfg),
        options: options.clone(),
        hreflangs,
        sitemap,
        language_sitemaps,
    })
}
