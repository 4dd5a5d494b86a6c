//! What a Hugo site's languages say beyond their keys: the default
//! language when none is named, a multihost site (a `baseURL` per
//! language), a language's `hreflang`, and its `cascade`.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value};

use super::config::{cast_int, language_order};
use super::config_files::{Sources, origin};
use crate::Error;
use crate::config::{config_err, str_of};

/// The sitemap's `hreflang` of a language: `.Language.LanguageCode` in
/// 0.111.3, `.Language.Locale` since 0.158 (`locale` first); either
/// falls back to the other.
pub(super) fn hreflang_of(
    opts: &Map<String, Value>,
    path: &Path,
    version: &super::version::Version,
) -> Result<Option<String>, Error> {
    let (code, locale) = (
        str_of(opts, "languagecode", path)?.filter(|c| !c.is_empty()),
        str_of(opts, "locale", path)?.filter(|c| !c.is_empty()),
    );
    Ok(match (code, locale) {
        (Some(c), Some(l)) if c != l && version.hugo().at_least(158) => Some(l),
        (c, l) => c.or(l),
    }
    .map(str::to_owned))
}

/// A language's cascade: its own `cascade`, else the site's (`value`),
/// refused where Hugo refuses it, naming the file that sets it.
pub(super) fn language_cascade(
    lang: &str,
    value: Option<&Value>,
    sources: &Sources,
    path: &Path,
    version: &super::version::Version,
) -> Result<Vec<super::cascade::Entry>, Error> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let entries = super::cascade::parse(value);
    if let Some(why) = super::cascade::refusal(&entries, version.hugo()) {
        let keys = ["languages", lang, "cascade"];
        let from = origin(sources, &keys, origin(sources, &["cascade"], path));
        return Err(config_err(from, format!("`cascade`: {why}")));
    }
    Ok(entries)
}

/// A multihost site's hosts (Hugo: any language with a `baseURL` of its
/// own makes one): language -> the base URL its pages are served at,
/// its own or else the site's. Empty for a site with one host. Each
/// language is then published in `publishDir/<lang>/`, its URLs without
/// the language's folder, and has a sitemap of its own there.
pub(super) fn hosts(
    map: &Map<String, Value>,
    site_base: Option<&sitemap_core::Loc>,
    path: &Path,
) -> Result<BTreeMap<String, sitemap_core::Loc>, Error> {
    let Some(Value::Object(langs)) = map.get("languages") else {
        return Ok(BTreeMap::new());
    };
    let own = |opts: &Value| {
        opts.get("baseurl")
            .and_then(Value::as_str)
            .filter(|b| !b.is_empty())
            .map(str::to_owned)
    };
    if !langs.values().any(|opts| own(opts).is_some()) {
        return Ok(BTreeMap::new());
    }
    let mut hosts = BTreeMap::new();
    for (lang, opts) in langs {
        let base = match own(opts) {
            Some(b) => crate::paths::base_loc(&b, path, Some("baseURL"))?,
            None => match site_base {
                Some(b) => b.clone(),
                None => {
                    return Err(Error::NoBaseUrl {
                        path: path.to_path_buf(),
                        key: "baseURL",
                    });
                }
            },
        };
        hosts.insert(lang.to_lowercase(), base);
    }
    Ok(hosts)
}

/// The default language when the site names none: `en`, or with the
/// current Hugo (0.123 and later) and languages that do not define `en`,
/// the first of them (by weight, then key), which 0.111.3 refused.
pub(super) fn implicit_default_language(
    map: &Map<String, Value>,
    version: &super::version::Version,
) -> String {
    let Some(Value::Object(langs)) = map.get("languages") else {
        return "en".to_owned();
    };
    if langs.is_empty() || langs.contains_key("en") || !version.hugo().at_least(123) {
        return "en".to_owned();
    }
    let mut weighted: Vec<(i64, String)> = langs
        .iter()
        .map(|(k, v)| (cast_int(v.get("weight")), k.to_lowercase()))
        .collect();
    weighted.sort_by(language_order);
    weighted
        .into_iter()
        .next()
        .map_or_else(|| "en".to_owned(), |(_, k)| k)
}
