//! Zola's configuration (`zola.toml`/`config.toml`): base URL,
//! languages, taxonomies, slug settings, `ignored_content`, and the
//! [`Site`] it opens.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};
use serde_json::{Map, Value};

use sitemap_content::config::{config_err, read_file, str_of, text_of};
use sitemap_content::paths::{SlugifyStrategy, base_loc, zola_slugify};
use sitemap_content::{Error, Site, SiteOptions};

#[derive(Debug)]
pub(crate) struct ZolaConfig {
    pub(super) default_language: String,
    pub(super) other_languages: Vec<String>,
    /// Language -> its taxonomies (the default language's are the top-level
    /// `taxonomies`).
    pub(super) taxonomies: BTreeMap<String, Vec<Taxonomy>>,
    pub(super) slugify_paths: SlugifyStrategy,
    pub(super) slugify_taxonomies: SlugifyStrategy,
    pub(super) paths_keep_dates: bool,
    pub(crate) ignored_content: Option<GlobSet>,
    pub(super) exclude_paginated: bool,
    /// `taxonomy_root`: a folder every taxonomy's path starts with.
    pub(super) taxonomy_root: Option<String>,
    /// A warning per key Zola 0.22 refuses ([`super::settings`]).
    pub(super) unknown_keys: Vec<sitemap_content::Warning>,
}

#[derive(Debug, Clone)]
pub(super) struct Taxonomy {
    pub(super) name: String,
    pub(super) slug: String,
    pub(super) paginate_by: Option<usize>,
    pub(super) paginate_path: String,
    pub(super) render: bool,
}

pub(super) fn get_bool(
    map: &Map<String, Value>,
    key: &str,
    path: &Path,
) -> Result<Option<bool>, Error> {
    match map.get(key) {
        None => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(config_err(
            path,
            format!("`{key}` must be true or false, found {other}"),
        )),
    }
}

pub(super) fn slugify_setting(
    map: &Map<String, Value>,
    key: &str,
    path: &Path,
) -> Result<SlugifyStrategy, Error> {
    match str_of(map, key, path)? {
        None => Ok(SlugifyStrategy::On),
        Some(s) => SlugifyStrategy::parse(s).ok_or_else(|| {
            config_err(
                path,
                format!("`slugify.{key} = {s:?}`: expected \"on\", \"safe\" or \"off\""),
            )
        }),
    }
}

pub(super) fn taxonomies(
    value: Option<&Value>,
    strategy: SlugifyStrategy,
    path: &Path,
) -> Result<Vec<Taxonomy>, Error> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let Value::Array(items) = value else {
        return Err(config_err(
            path,
            "`taxonomies` must be an array of tables like `{ name = \"tags\" }`".to_owned(),
        ));
    };
    let mut out = Vec::new();
    for item in items {
        let Value::Object(t) = item else {
            return Err(config_err(
                path,
                "each taxonomy must be a table like `{ name = \"tags\" }`".to_owned(),
            ));
        };
        let name = str_of(t, "name", path)?
            .ok_or_else(|| config_err(path, "a taxonomy has no `name`".to_owned()))?;
        let paginate_by = match t.get("paginate_by") {
            None => None,
            Some(v) => Some(v.as_u64().ok_or_else(|| {
                config_err(
                    path,
                    format!("taxonomy `{name}`: `paginate_by` must be a positive integer"),
                )
            })? as usize),
        };
        out.push(Taxonomy {
            name: name.to_owned(),
            slug: zola_slugify(name, strategy),
            paginate_by: paginate_by.filter(|&n| n > 0),
            paginate_path: str_of(t, "paginate_path", path)?
                .unwrap_or("page")
                .to_owned(),
            render: get_bool(t, "render", path)?.unwrap_or(true),
        });
    }
    Ok(out)
}

/// The base URL: `--base-url` (or the setting) over the config's
/// `base_url`, which must be there and absolute.
fn base_url_of(
    map: &Map<String, Value>,
    path: &Path,
    options: &SiteOptions,
) -> Result<sitemap_core::Loc, Error> {
    let base_url = match &options.base_url {
        Some(b) => b.clone(),
        None => str_of(map, "base_url", path)?
            .ok_or(Error::NoBaseUrl {
                path: path.to_path_buf(),
                key: "base_url",
            })?
            .to_owned(),
    };
    let from_config = options.base_url.is_none().then_some("base_url");
    base_loc(&base_url, path, from_config)
}

/// Opens the Zola site in `root` whose configuration file is
/// `config_path` ([`sitemap_content::locate`] finds it): reads what the
/// configuration says, for [`Site::scan`] to list its URLs.
pub fn open(root: &Path, config_path: PathBuf, options: &SiteOptions) -> Result<Site, Error> {
    let value = read_file(&config_path, &|| sitemap_pages::yaml::Dialect::Zola)?;
    let empty = Map::new();
    let map = value.as_object().unwrap_or(&empty);
    let path = config_path.as_path();
    let base_url = base_url_of(map, path, options)?;
    let configured_base_url = options
        .base_url
        .as_ref()
        .and_then(|_| str_of(map, "base_url", path).ok().flatten())
        .and_then(|b| sitemap_core::Loc::parse_folder(b).ok());
    let default_language = str_of(map, "default_language", path)?
        .unwrap_or("en")
        .to_owned();
    let slugify = match map.get("slugify") {
        Some(Value::Object(s)) => s.clone(),
        None => Map::new(),
        Some(_) => return Err(config_err(path, "`slugify` must be a table".to_owned())),
    };
    let slugify_paths = slugify_setting(&slugify, "paths", path)?;
    let slugify_taxonomies = slugify_setting(&slugify, "taxonomies", path)?;
    let paths_keep_dates = get_bool(&slugify, "paths_keep_dates", path)?.unwrap_or(false);
    let mut tax = BTreeMap::new();
    let top_level = taxonomies(map.get("taxonomies"), slugify_taxonomies, path)?;
    // Config::add_default_language: the default language's taxonomies are
    // the top-level ones, or those under `[languages.<default>]`; both
    // given is an error.
    let under_default = match map.get("languages") {
        Some(Value::Object(langs)) => match langs.get(&default_language) {
            Some(opts) => taxonomies(opts.get("taxonomies"), slugify_taxonomies, path)?,
            None => Vec::new(),
        },
        _ => Vec::new(),
    };
    let default_taxonomies = match (top_level.is_empty(), under_default.is_empty()) {
        (_, true) => top_level,
        (true, false) => under_default,
        (false, false) => {
            return Err(config_err(
                path,
                format!(
                    "`taxonomies` for the default language is given twice, at the top level and under `[languages.{default_language}]`: keep one (Zola refuses this too)"
                ),
            ));
        }
    };
    tax.insert(default_language.clone(), default_taxonomies);
    let taxonomy_root = str_of(map, "taxonomy_root", path)?.map(str::to_owned);
    let mut other_languages = Vec::new();
    match map.get("languages") {
        None => {}
        Some(Value::Object(langs)) => {
            for (code, opts) in langs {
                if *code == default_language {
                    continue;
                }
                other_languages.push(code.clone());
                tax.insert(
                    code.clone(),
                    taxonomies(opts.get("taxonomies"), slugify_taxonomies, path)?,
                );
            }
        }
        Some(_) => {
            return Err(config_err(
                path,
                "`languages` must be a table of `[languages.CODE]` tables".to_owned(),
            ));
        }
    }
    let ignored_content = match map.get("ignored_content") {
        None => None,
        Some(Value::Array(globs)) => {
            let mut b = GlobSetBuilder::new();
            for g in globs {
                let s = g.as_str().ok_or_else(|| {
                    config_err(
                        path,
                        "`ignored_content` must be an array of glob strings".to_owned(),
                    )
                })?;
                b.add(
                    Glob::new(s)
                        .map_err(|e| config_err(path, format!("`ignored_content`: {e}")))?,
                );
            }
            Some(
                b.build()
                    .map_err(|e| config_err(path, format!("`ignored_content`: {e}")))?,
            )
        }
        Some(_) => {
            return Err(config_err(
                path,
                "`ignored_content` must be an array of glob strings".to_owned(),
            ));
        }
    };
    let exclude_paginated = match str_of(map, "exclude_paginated_pages_in_sitemap", path)? {
        None | Some("none") => false,
        Some("all") => true,
        Some(other) => {
            return Err(config_err(
                path,
                format!(
                    "`exclude_paginated_pages_in_sitemap = {other:?}`: expected \"none\" or \"all\""
                ),
            ));
        }
    };
    let output_dir = root.join(str_of(map, "output_dir", path)?.unwrap_or("public"));
    let mut languages = vec![default_language.clone()];
    languages.extend(other_languages.iter().cloned());
    let unknown_keys = super::settings::unknown_keys(map, path);
    let config = ZolaConfig {
        default_language: default_language.clone(),
        other_languages,
        taxonomies: tax,
        slugify_paths,
        slugify_taxonomies,
        paths_keep_dates,
        ignored_content,
        exclude_paginated,
        taxonomy_root,
        unknown_keys,
    };
    // Zola has no site-wide sitemap settings, no hreflang other than the
    // language's code, and one host.
    let mut site = Site::new(
        sitemap_content::Flavor::Zola,
        root,
        config_path,
        base_url,
        Box::new(config),
        options,
    );
    site.configured_base_url = configured_base_url;
    site.output_dir = output_dir;
    site.default_language = default_language;
    site.languages = languages;
    site.title = text_of(map.get("title"));
    site.description = text_of(map.get("description"));
    site.read_language_texts(map.get("languages"));
    Ok(site)
}
