//! Hugo's configuration, merged from its files (`config_files`), read
//! into [`HugoConfig`] and the [`Site`] it opens: base URL, languages
//! (as `langs/config.go` of Hugo 0.111.3 reads them), taxonomies, URL
//! settings, build flags, kinds (`kinds`), permalinks and the site's
//! `[sitemap]` table.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::config_files::{load, origin};
use super::kinds::disabled_kinds;
use super::site_sitemap::{SiteSitemap, from_hugo};
use crate::config::{config_err, str_of, text_of};
use crate::paths::{PathRules, base_loc};
use crate::{Error, Rules, Site, SiteOptions};

#[derive(Debug)]
pub(crate) struct HugoConfig {
    pub(super) default_language: String,
    pub(super) default_in_subdir: bool,
    /// Language key -> its own content folder, when it has one.
    pub(super) language_dirs: BTreeMap<String, PathBuf>,
    /// Languages defined but disabled, whose files Hugo skips.
    pub(super) disabled_languages: BTreeSet<String>,
    /// Taxonomy plural names (what front matter and URLs use).
    pub(super) taxonomies: Vec<String>,
    /// A language's own taxonomies (`languages.fr.taxonomies`), which
    /// replace the site's for it.
    pub(super) language_taxonomies: BTreeMap<String, Vec<String>>,
    pub(super) ugly_urls: bool,
    pub(super) ugly_sections: BTreeMap<String, bool>,
    /// `disablePathToLower` and `removePathAccents`: the site's, and a
    /// language's own where it sets either.
    pub(super) path_rules: PathRules,
    pub(super) language_path_rules: BTreeMap<String, PathRules>,
    /// Language key -> the kinds it disables (its own `disableKinds`,
    /// else the site's).
    pub(super) disabled_kinds: BTreeMap<String, BTreeSet<String>>,
    /// The first language in Hugo's order (by weight), whose site makes
    /// the taxonomy pages no file backs (`kinds::taxonomies_made`).
    pub(super) first_language: String,
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
    /// The Hugo whose rules the scan follows.
    pub(super) version: super::version::Version,
    /// The site's `cascade` settings and the `_index` files' cascades.
    pub(super) cascades: super::cascade::Cascades,
    /// `security.allowContent`.
    pub(super) allow_content: super::security::AllowContent,
    /// `ignoreFiles`: content files whose path matches one are not read.
    pub(super) ignore_files: Vec<regex::Regex>,
    /// The content folders modules mount.
    pub(crate) mounts: super::mounts::Mounts,
    /// `[permalinks]` as the current Hugo reads it (rules with targets).
    pub(super) permalink_rules: super::permalinks::Permalinks,
    /// A language's own `permalinks`, which replace the site's for it.
    pub(super) language_permalink_rules: BTreeMap<String, super::permalinks::Permalinks>,
    /// A multihost site's hosts (language -> base URL); empty for one
    /// host. With hosts, no URL has a language's folder, unless
    /// `hosts_share_paths`.
    pub(super) hosts: BTreeMap<String, sitemap_core::Loc>,
    /// Whether Hugo builds this multihost site's paths as one host's
    /// (`languages::hosts_share_paths`).
    pub(super) hosts_share_paths: bool,
    /// `enableGitInfo`: a page's git date comes first in its `lastmod`.
    pub(super) git_info: bool,
    /// The folder of a list's pagers (`pagination.path`; `page`).
    pub(crate) pager_path: String,
    /// The folders Hugo copies into the site as they are (`staticDir`,
    /// each theme's `static/`): their files are no pages of its.
    pub(crate) static_dirs: Vec<PathBuf>,
    /// The output formats, which decide the URL a page is listed at.
    pub(super) outputs: super::outputs::Outputs,
    /// `titleCaseStyle` and `capitalizeListTitles`: list pages' titles.
    pub(super) list_titles: super::list_titles::ListTitles,
    /// The settings that change URLs or pages and that the scan does not
    /// read, each named ([`blind_spots`]).
    pub(super) blind_spots: Vec<crate::Warning>,
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
    /// The permalink rules of a language: its own, else the site's.
    pub(super) fn permalink_rules_for(&self, lang: &str) -> &super::permalinks::Permalinks {
        self.language_permalink_rules
            .get(lang)
            .unwrap_or(&self.permalink_rules)
    }

    /// How `lang` makes paths of names: its own `disablePathToLower` and
    /// `removePathAccents`, else the site's.
    pub(super) fn path_rules(&self, lang: &str) -> PathRules {
        self.language_path_rules
            .get(lang)
            .copied()
            .unwrap_or(self.path_rules)
    }

    /// The base URL `lang`'s pages are served at: its host's on a
    /// multihost site, else the site's.
    pub(super) fn base_for<'a>(&'a self, site: &'a Site, lang: &str) -> &'a sitemap_core::Loc {
        self.hosts.get(lang).unwrap_or(&site.base_url)
    }

    /// The taxonomies of a language: its own, else the site's.
    pub(super) fn taxonomies(&self, lang: &str) -> &[String] {
        self.language_taxonomies
            .get(lang)
            .unwrap_or(&self.taxonomies)
    }

    /// Whether Hugo writes its own sitemap files (`sitemap.xml`; with
    /// several languages an index there and one per language): unless
    /// every language's `disableKinds` holds `sitemap`.
    pub(crate) fn writes_sitemap(&self) -> bool {
        self.disabled_kinds.is_empty()
            || self
                .disabled_kinds
                .values()
                .any(|kinds| !kinds.contains("sitemap"))
    }

    /// Whether a language builds pages of this kind (`page`, `home`,
    /// `section`, `taxonomy`, `term`).
    pub(super) fn kind_on(&self, lang: &str, kind: &str) -> bool {
        !self
            .disabled_kinds
            .get(lang)
            .is_some_and(|kinds| kinds.contains(kind))
    }
}

/// spf13/cast's `ToBool`, as Hugo reads a language's `disabled`: Go's
/// `strconv.ParseBool` forms of a string, a number other than zero;
/// anything else is false.
fn cast_bool(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0),
        Some(Value::String(s)) => matches!(s.as_str(), "1" | "t" | "T" | "TRUE" | "true" | "True"),
        _ => false,
    }
}

/// spf13/cast's `ToInt`, as Hugo reads a language's `weight`: a float is
/// truncated, a string parsed; anything else is 0.
pub(super) fn cast_int(v: Option<&Value>) -> i64 {
    match v {
        Some(Value::Number(n)) => n
            .as_i64()
            .or_else(|| n.as_f64().map(|f| f as i64))
            .unwrap_or(0),
        Some(Value::String(s)) => s.trim().parse().unwrap_or(0),
        Some(Value::Bool(b)) => i64::from(*b),
        _ => 0,
    }
}

pub(super) fn bool_of(map: &Map<String, Value>, key: &str, path: &Path) -> Result<bool, Error> {
    // Hugo decodes its settings weakly (mapstructure's `WeaklyTypedInput`,
    // and `cast.ToBool` before): text as Go's `strconv.ParseBool` reads
    // it (`"true"`, `"1"`, `"F"`; empty is false), a number as not zero.
    match map.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(Value::String(s)) => match s.as_str() {
            "1" | "t" | "T" | "TRUE" | "true" | "True" => Ok(true),
            "" | "0" | "f" | "F" | "FALSE" | "false" | "False" => Ok(false),
            _ => Err(config_err(
                path,
                format!("`{key}` must be true or false, found {s:?}"),
            )),
        },
        Some(Value::Number(n)) => Ok(n.as_f64().is_some_and(|f| f != 0.0)),
        Some(other) => Err(config_err(
            path,
            format!("`{key}` must be true or false, found {other}"),
        )),
    }
}

/// The base URL: `--base-url` (or the setting) over the config's
/// `baseURL` (set in `baseurl_from`), which must be there and absolute; and a multihost site's
/// hosts (a language's own `baseURL` wins over both, as in Hugo, whose
/// `--baseURL` sets the site's), whose default language's host is then
/// the base URL when the site sets none.
fn base_urls(
    map: &Map<String, Value>,
    path: &Path,
    baseurl_from: &Path,
    options: &SiteOptions,
    default_language: &str,
) -> Result<(sitemap_core::Loc, BTreeMap<String, sitemap_core::Loc>), Error> {
    let site = match &options.base_url {
        Some(b) => Some(base_loc(b, path, None)?),
        None => match str_of(map, "baseurl", baseurl_from)?.filter(|s| !s.is_empty()) {
            Some(b) => Some(base_loc(b, baseurl_from, Some("baseURL"))?),
            None => None,
        },
    };
    let hosts = super::languages::hosts(map, site.as_ref(), path)?;
    let base = site
        .or_else(|| hosts.get(default_language).cloned())
        .or_else(|| hosts.values().next().cloned())
        .ok_or_else(|| Error::NoBaseUrl {
            path: path.to_path_buf(),
            key: "baseURL",
        })?;
    Ok((base, hosts))
}

// tidy: long function: one pass over the settings in the order Hugo
// reads them (a language's own over the site's); each setting's reading is
// a helper below.
pub(crate) fn open(
    root: &Path,
    config_path: PathBuf,
    options: &SiteOptions,
) -> Result<Site, Error> {
    let version = super::version::Version::new(options.hugo_version);
    let (mut value, mut sources) = load(root, &|| version.yaml())?;
    super::env_config::apply(&mut value, &mut sources);
    // The file (or `$HUGO_…` variable) whose value of a top-level key
    // counts: an error about it names that one.
    let at = |key: &str| origin(&sources, &[key], config_path.as_path());
    let empty = Map::new();
    let map = value.as_object().unwrap_or(&empty);
    let path = config_path.as_path();
    let default_language =
        match str_of(map, "defaultcontentlanguage", at("defaultcontentlanguage"))? {
            Some(l) if !l.is_empty() => l.to_lowercase(),
            _ => super::languages::implicit_default_language(map, &version),
        };
    let (base_url, mut hosts) = base_urls(map, path, at("baseurl"), options, &default_language)?;
    let base_url_from = at("baseurl").to_path_buf();
    let content_dir = root.join(str_of(map, "contentdir", at("contentdir"))?.unwrap_or("content"));
    let output_dir = root.join(str_of(map, "publishdir", at("publishdir"))?.unwrap_or("public"));
    let mut languages: Vec<(i64, String)> = Vec::new();
    let mut language_dirs = BTreeMap::new();
    let mut hreflangs = BTreeMap::new();
    let mut language_taxonomies = BTreeMap::new();
    let mut language_sitemaps = BTreeMap::new();
    let disabled_languages =
        super::languages::disabled_languages(map, &default_language, &sources, path)?;
    // A language's own `disableKinds` and `ignoreErrors` replace the
    // site's for it: Hugo reads every setting through the language first.
    let site_kinds_from = origin(&sources, &["disablekinds"], path);
    let kinds_of = |lang: &str, opts: &Map<String, Value>| {
        disabled_kinds(
            opts.get("disablekinds").or(map.get("disablekinds")),
            opts.get("ignoreerrors").or(map.get("ignoreerrors")),
            origin(
                &sources,
                &["languages", lang, "disablekinds"],
                site_kinds_from,
            ),
            &|| version.hugo().at_least(123),
        )
    };
    let mut disabled_kinds_of = BTreeMap::new();
    let mut off_languages = BTreeSet::new();
    let mut language_permalink_rules = BTreeMap::new();
    let site_path_rules = PathRules {
        lower: !bool_of(map, "disablepathtolower", at("disablepathtolower"))?,
        accents_removed: bool_of(map, "removepathaccents", at("removepathaccents"))?,
    };
    let mut language_path_rules = BTreeMap::new();
    let site_cascade = map.get("cascade");
    let mut cascades = std::collections::HashMap::new();
    let cascade_of = |lang: &str, own: Option<&Value>| {
        super::languages::language_cascade(lang, own.or(site_cascade), &sources, path, &version)
    };
    match map.get("languages") {
        None => {}
        Some(Value::Object(langs)) => {
            super::languages::refuse_undefined_default(langs, &default_language, &sources, path)?;
            for (key, opts) in langs {
                let Value::Object(opts) = opts else {
                    return Err(config_err(
                        origin(&sources, &["languages", key], path),
                        format!("`languages.{key}` must be a table"),
                    ));
                };
                if cast_bool(opts.get("disabled"))
                    || disabled_languages
                        .iter()
                        .any(|d| d.eq_ignore_ascii_case(key))
                {
                    off_languages.insert(key.to_lowercase());
                    continue;
                }
                languages.push((cast_int(opts.get("weight")), key.clone()));
                if let Some(dir) = str_of(opts, "contentdir", path)? {
                    language_dirs.insert(key.clone(), root.join(dir));
                }
                if opts.contains_key("permalinks") {
                    language_permalink_rules.insert(
                        key.to_lowercase(),
                        super::permalinks::Permalinks::from_config(opts),
                    );
                }
                if opts.contains_key("disablepathtolower") || opts.contains_key("removepathaccents")
                {
                    let rules = PathRules {
                        lower: match opts.get("disablepathtolower") {
                            Some(_) => !bool_of(opts, "disablepathtolower", path)?,
                            None => site_path_rules.lower,
                        },
                        accents_removed: match opts.get("removepathaccents") {
                            Some(_) => bool_of(opts, "removepathaccents", path)?,
                            None => site_path_rules.accents_removed,
                        },
                    };
                    language_path_rules.insert(key.to_lowercase(), rules);
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
                if let Some(code) = super::languages::hreflang_of(opts, path, &version)? {
                    hreflangs.insert(key.clone(), code);
                }
                disabled_kinds_of.insert(key.clone(), kinds_of(key, opts)?);
                cascades.insert(key.to_lowercase(), cascade_of(key, opts.get("cascade"))?);
            }
        }
        Some(_) => {
            return Err(config_err(
                origin(&sources, &["languages"], path),
                "`languages` must be a table of language tables".to_owned(),
            ));
        }
    }
    if !cascades.contains_key(&default_language) {
        cascades.insert(
            default_language.clone(),
            cascade_of(&default_language, None)?,
        );
    }
    if !disabled_kinds_of.contains_key(&default_language) {
        disabled_kinds_of.insert(
            default_language.clone(),
            kinds_of(&default_language, &empty)?,
        );
    }
    let first_language = super::languages::first_in_order(&languages, &default_language);
    let language_keys = super::languages::language_keys(languages, &default_language);
    hosts.retain(|lang, _| language_keys.contains(lang));
    let hosts_share_paths = super::languages::hosts_share_paths(
        &hosts,
        language_keys.len(),
        off_languages.len(),
        &version,
    );
    let taxonomies = taxonomies_in(map, path)?
        .unwrap_or_else(|| vec!["categories".to_owned(), "tags".to_owned()]);
    let (ugly_urls, ugly_sections) = ugly_urls_of(map, version.hugo().at_least(112));
    let sitemap = match map.get("sitemap") {
        Some(table) => from_hugo(table, "sitemap", origin(&sources, &["sitemap"], path))?,
        None => SiteSitemap::default(),
    };
    super::refusals::check(root, map, &sources, path, &version)?;
    let mounts = super::mounts::read(root, &value, origin(&sources, &["module"], path), &|| {
        version.yaml()
    });
    let mut static_dirs = super::kinds::string_slice(map.get("staticdir"));
    if static_dirs.is_empty() {
        static_dirs.push("static".to_owned());
    }
    let static_dirs = static_dirs
        .iter()
        .map(|d| root.join(d))
        .chain(mounts.module_dirs.iter().map(|d| d.join("static")))
        .collect();
    let mut cfg = HugoConfig {
        default_in_subdir: bool_of(
            map,
            "defaultcontentlanguageinsubdir",
            at("defaultcontentlanguageinsubdir"),
        )?,
        default_language: default_language.clone(),
        language_dirs,
        disabled_languages: off_languages,
        taxonomies,
        language_taxonomies,
        ugly_urls,
        ugly_sections,
        path_rules: site_path_rules,
        language_path_rules,
        disabled_kinds: disabled_kinds_of,
        first_language,
        build_drafts: bool_of(map, "builddrafts", at("builddrafts"))? || options.include_drafts,
        build_future: bool_of(map, "buildfuture", at("buildfuture"))?,
        build_expired: bool_of(map, "buildexpired", at("buildexpired"))?,
        permalinks: permalinks_of(map),
        permalink_rules: super::permalinks::Permalinks::from_config(map),
        language_permalink_rules,
        raw_html: ["markup", "goldmark", "renderer", "unsafe"]
            .iter()
            .try_fold(&value, |v, k| v.get(*k))
            .and_then(Value::as_bool)
            .unwrap_or(false),
        lastmod_order: super::lastmod_order::from_config(map).map(Box::new),
        date_orders: super::lastmod_order::date_orders(map).map(Box::new),
        cascades: super::cascade::Cascades::new(cascades),
        allow_content: super::security::AllowContent::from_config(&value),
        ignore_files: ignore_files_of(map, origin(&sources, &["ignorefiles"], path))?,
        blind_spots: super::blind_spots::named(map, &sources, path, &version),
        outputs: super::outputs::Outputs::from_config(
            &with_module_formats(map, &mounts.module_formats),
            origin(&sources, &["outputs"], path),
        )?,
        list_titles: super::list_titles::ListTitles::from_config(map),
        mounts,
        version,
        hosts: hosts.clone(),
        hosts_share_paths,
        git_info: map
            .get("enablegitinfo")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        pager_path: super::urls::pager_path(map),
        static_dirs,
    };
    if hosts_share_paths {
        let warning = super::languages::shared_paths_warning(
            &cfg.disabled_languages,
            &sources,
            path,
            &cfg.version,
        );
        cfg.blind_spots.push(warning);
    }
    let hosts = super::languages::served_hosts(&hosts, hosts_share_paths, |lang| {
        super::urls::lang_prefix(&cfg, lang)
    });
    Ok(Site {
        flavor: crate::Flavor::Hugo,
        root: root.to_path_buf(),
        config_path,
        base_url,
        base_url_from,
        content_dir,
        output_dir,
        default_language,
        languages: language_keys,
        title: text_of(map.get("title")),
        description: text_of(map.get("params").and_then(|p| p.get("description"))),
        rules: Rules::Hugo(Box::new(cfg)),
        options: options.clone(),
        hreflangs,
        sitemap,
        language_sitemaps,
        hosts,
        language_texts: crate::site_languages::texts(map.get("languages"), crate::Flavor::Hugo),
    })
}

/// `uglyURLs`: for the whole site (a boolean) or per section (a table).
/// Hugo never refuses another value: text is true only as `"true"` from
/// 0.112 on (the configuration decoders), as Go's `ParseBool` reads it
/// before (`"1"`, `"T"`); anything else is false (`HUGO_UGLYURLS=true`
/// is text).
fn ugly_urls_of(map: &Map<String, Value>, decoders: bool) -> (bool, BTreeMap<String, bool>) {
    match map.get("uglyurls") {
        Some(Value::Bool(b)) => (*b, BTreeMap::new()),
        Some(Value::String(s)) if decoders => (s == "true", BTreeMap::new()),
        Some(Value::String(s)) => (
            matches!(s.as_str(), "1" | "t" | "T" | "TRUE" | "true" | "True"),
            BTreeMap::new(),
        ),
        Some(Value::Object(m)) => (
            false,
            m.iter()
                .filter_map(|(k, v)| v.as_bool().map(|b| (k.clone(), b)))
                .collect(),
        ),
        _ => (false, BTreeMap::new()),
    }
}

/// `[permalinks]`: each section's pattern for its pages, keyed by the
/// section's path (`posts`, `docs/guides`; `""` for the `"/"` key, the
/// pages at the root): the flat table (`posts = "/:year/:slug/"`, which
/// also gives a taxonomy's terms theirs) or `[permalinks.page]`.
fn permalinks_of(map: &Map<String, Value>) -> BTreeMap<String, String> {
    let mut permalinks = BTreeMap::new();
    if let Some(Value::Object(p)) = map.get("permalinks") {
        const KINDS: [&str; 5] = ["page", "section", "term", "taxonomy", "home"];
        // Both shapes: `posts = "/:year/:slug/"` and `[permalinks.page] posts = …`.
        let page_table = match p.get("page") {
            Some(Value::Object(t)) => t.clone(),
            _ => p.clone(),
        };
        for (section, pattern) in page_table {
            if KINDS.contains(&section.as_str()) && pattern.is_object() {
                continue;
            }
            if let Value::String(pattern) = pattern {
                permalinks.insert(section.trim_matches('/').to_lowercase(), pattern);
            }
        }
    }
    permalinks
}

/// `ignoreFiles`: Go regexps over a content file's path; a file whose
/// path matches one is not read (both versions). Hugo refuses a pattern
/// it cannot compile, and so does the scan, naming it.
fn ignore_files_of(map: &Map<String, Value>, path: &Path) -> Result<Vec<regex::Regex>, Error> {
    super::kinds::string_slice(map.get("ignorefiles"))
        .iter()
        .map(|p| {
            regex::Regex::new(p).map_err(|e| {
                config_err(
                    path,
                    format!("`ignoreFiles` pattern {p:?} is not a regexp: {e}"),
                )
            })
        })
        .collect()
}

/// The site's settings with the output formats and media types its
/// themes add (a theme's format the site does not define).
fn with_module_formats(map: &Map<String, Value>, modules: &[Value]) -> Map<String, Value> {
    let mut merged = map.clone();
    for module in modules {
        for key in ["outputformats", "mediatypes"] {
            let Some(Value::Object(theirs)) = module.get(key) else {
                continue;
            };
            let ours = merged
                .entry(key.to_owned())
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(ours) = ours {
                for (name, format) in theirs {
                    ours.entry(name.clone()).or_insert_with(|| format.clone());
                }
            }
        }
    }
    merged
}
