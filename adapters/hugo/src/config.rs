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
use super::languages::cast_int;
use super::settings::HugoConfig;
use super::site_sitemap::from_hugo;
use sitemap_content::SiteSitemap;
use sitemap_content::config::{config_err, str_of, text_of};
use sitemap_content::paths::{PathRules, base_loc};
use sitemap_content::{Error, Site, SiteOptions};

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
/// Opens the Hugo site in `root` whose configuration is `config_path` (a
/// file, or `config/_default/`; [`sitemap_content::locate`] finds it):
/// reads its merged settings as the Hugo `version` reads them (`None`:
/// the `hugo` on `PATH`, else [`crate::CURRENT`]), for [`Site::scan`] to
/// list its URLs.
pub fn open(
    root: &Path,
    config_path: PathBuf,
    options: &SiteOptions,
    version: Option<super::HugoVersion>,
) -> Result<Site, Error> {
    let version = super::followed::Version::new(version);
    let (mut value, mut sources) = load(root, &version)?;
    super::env_config::apply(&mut value, &mut sources);
    // The file (or `$HUGO_…` variable) whose value of a top-level key
    // counts: an error about it names that one.
    let at = |key: &str| origin(&sources, &[key], config_path.as_path());
    let empty = Map::new();
    let map = value.as_object().unwrap_or(&empty);
    let path = config_path.as_path();
    let content_dir = root.join(str_of(map, "contentdir", at("contentdir"))?.unwrap_or("content"));
    let output_dir = root.join(str_of(map, "publishdir", at("publishdir"))?.unwrap_or("public"));
    // Before a rule asks which Hugo: the site it built may say, when it
    // is built inside the site (a `publishDir` of `/` or `../other`, or a
    // link out of it, names no build of this site: nothing there is read).
    let home_language = map.get("defaultcontentlanguage").and_then(Value::as_str);
    let built_inside = std::fs::canonicalize(&output_dir)
        .ok()
        .zip(std::fs::canonicalize(root).ok())
        .is_some_and(|(built, site)| built.starts_with(site));
    if built_inside {
        version.look_at_built_site(
            &output_dir,
            &home_language.unwrap_or("en").to_lowercase(),
            &[config_path.clone(), content_dir.clone()],
        );
    }
    let default_language =
        match str_of(map, "defaultcontentlanguage", at("defaultcontentlanguage"))? {
            Some(l) if !l.is_empty() => l.to_lowercase(),
            _ => super::languages::implicit_default_language(map, &version),
        };
    let (base_url, mut hosts) = base_urls(map, path, at("baseurl"), options, &default_language)?;
    let base_url_from = at("baseurl").to_path_buf();
    let configured_base_url = options
        .base_url
        .as_ref()
        .and_then(|_| str_of(map, "baseurl", at("baseurl")).ok().flatten())
        .and_then(|b| sitemap_core::Loc::parse_folder(b).ok());
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
            &|| version.rules().disable_kinds_text_one_kind,
        )
    };
    let mut disabled_kinds_of = BTreeMap::new();
    let mut off_languages = BTreeSet::new();
    let mut language_permalink_rules = BTreeMap::new();
    let mut language_formats: BTreeMap<String, Map<String, Value>> = BTreeMap::new();
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
                if let Some(Value::Object(formats)) = opts.get("outputformats") {
                    language_formats.insert(key.to_lowercase(), formats.clone());
                }
                if opts.contains_key("permalinks") {
                    language_permalink_rules.insert(
                        key.to_lowercase(),
                        super::permalinks::Permalinks::from_config(
                            opts,
                            version.rules().permalink_lists,
                        ),
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
    let sites = super::sites::Sites::read(
        map,
        super::languages::in_hugo_order(&languages, &default_language),
        &default_language,
        version.rules().sites_matrix,
        version.rules().version_ranges,
        &|key| bool_of(map, key, at(key)),
        &sources,
        path,
    )?;
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
    let (ugly_urls, ugly_sections) = ugly_urls_of(map, version.rules().ugly_urls_decoded);
    let sitemap = match map.get("sitemap") {
        Some(table) => from_hugo(table, "sitemap", origin(&sources, &["sitemap"], path))?,
        None => SiteSitemap::default(),
    };
    super::refusals::check(root, map, &sources, path, &version)?;
    let mounts = super::mounts::read(root, &value, origin(&sources, &["module"], path), &version)?;
    let mut static_dirs = super::kinds::string_slice(map.get("staticdir"));
    if static_dirs.is_empty() {
        static_dirs.push("static".to_owned());
    }
    let static_dirs = static_dirs
        .iter()
        .map(|d| root.join(d))
        .chain(mounts.module_dirs.iter().map(|d| d.join("static")))
        .collect();
    let site_formats = with_module_formats(map, &mounts.module_formats);
    let outputs_from = origin(&sources, &["outputs"], path);
    // A language's `outputFormats` over the site's, format by format
    // (checked with 0.168.0 on `hugolib/config_test.go:1007`'s site: its
    // html `path` moves its pages; its own `mediaTypes` change no URL).
    let mut language_outputs = BTreeMap::new();
    for (lang, formats) in language_formats {
        let mut own = site_formats.clone();
        let table = own
            .entry("outputformats".to_owned())
            .or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(table) = table {
            for (name, format) in formats {
                match (table.get_mut(&name), format) {
                    (Some(Value::Object(site)), Value::Object(format)) => site.extend(format),
                    (_, format) => {
                        table.insert(name, format);
                    }
                }
            }
        }
        let at = origin(
            &sources,
            &["languages", &lang, "outputformats"],
            outputs_from,
        );
        language_outputs.insert(lang, super::outputs::Outputs::from_config(&own, at)?);
    }
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
        permalink_rules: super::permalinks::Permalinks::from_config(
            map,
            version.rules().permalink_lists,
        ),
        language_permalink_rules,
        raw_html: ["markup", "goldmark", "renderer", "unsafe"]
            .iter()
            .try_fold(&value, |v, k| v.get(*k))
            .and_then(Value::as_bool)
            .unwrap_or(false),
        lastmod_order: super::lastmod_order::from_config(map).map(Box::new),
        date_orders: super::lastmod_order::date_orders(map).map(Box::new),
        cascades: super::cascade::Cascades::new(cascades),
        section_slugs: Default::default(),
        allow_content: super::security::AllowContent::from_config(&value),
        ignore_files: ignore_files_of(map, origin(&sources, &["ignorefiles"], path))?,
        blind_spots: super::blind_spots::named(map, &sources, path, &version),
        outputs: super::outputs::Outputs::from_config(&site_formats, outputs_from)?,
        language_outputs,
        list_titles: super::list_titles::ListTitles::from_config(map),
        mounts,
        version,
        sites,
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
    let mut site = Site::new(
        sitemap_content::Flavor::Hugo,
        root,
        config_path,
        base_url,
        Box::new(cfg),
        options,
    );
    site.base_url_from = base_url_from;
    site.configured_base_url = configured_base_url;
    site.content_dir = content_dir;
    site.output_dir = output_dir;
    site.default_language = default_language;
    site.languages = language_keys;
    site.title = text_of(map.get("title"));
    site.description = text_of(map.get("params").and_then(|p| p.get("description")));
    site.hreflangs = hreflangs;
    site.sitemap = sitemap;
    site.language_sitemaps = language_sitemaps;
    site.hosts = hosts;
    site.read_language_texts(map.get("languages"));
    Ok(site)
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
