//! What a Hugo site's languages say beyond their keys: the default
//! language when none is named, the order of the languages, a multihost
//! site (a `baseURL` per language), a language's `hreflang`, and its
//! `cascade`.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value};

use super::config_files::{Sources, origin};
use sitemap_content::Error;
use sitemap_content::config::{config_err, str_of};

/// The sitemap's `hreflang` of a language: `.Language.LanguageCode` in
/// 0.111.3, `.Language.Locale` since 0.158 (`locale` first); either
/// falls back to the other.
pub(super) fn hreflang_of(
    opts: &Map<String, Value>,
    path: &Path,
    version: &super::followed::Version,
) -> Result<Option<String>, Error> {
    let (code, locale) = (
        str_of(opts, "languagecode", path)?.filter(|c| !c.is_empty()),
        str_of(opts, "locale", path)?.filter(|c| !c.is_empty()),
    );
    Ok(match (code, locale) {
        (Some(c), Some(l)) if c != l && version.rules().locale_hreflang => Some(l),
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
    version: &super::followed::Version,
) -> Result<Vec<super::cascade::Entry>, Error> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let entries = super::cascade::parse(value);
    if let Some(why) = super::cascade::refusal(&entries, version.rules()) {
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
            Some(b) => sitemap_content::paths::base_loc(&b, path, Some("baseURL"))?,
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
    version: &super::followed::Version,
) -> String {
    let Some(Value::Object(langs)) = map.get("languages") else {
        return "en".to_owned();
    };
    if langs.is_empty() || langs.contains_key("en") || !version.rules().implicit_default_language {
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

/// The languages built: the default language first (defined or not),
/// then the others in Hugo's order.
pub(super) fn language_keys(
    mut languages: Vec<(i64, String)>,
    default_language: &str,
) -> Vec<String> {
    if !languages.iter().any(|(_, k)| *k == default_language) {
        languages.push((0, default_language.to_owned()));
    }
    languages.sort_by(language_order);
    let mut language_keys = vec![default_language.to_owned()];
    language_keys.extend(
        languages
            .into_iter()
            .map(|(_, k)| k)
            .filter(|k| *k != default_language),
    );
    language_keys
}

/// The languages built in Hugo's order (by weight, then key), the
/// default language among them when none defines it.
pub(super) fn in_hugo_order(languages: &[(i64, String)], default_language: &str) -> Vec<String> {
    let mut all = languages.to_vec();
    if !all.iter().any(|(_, k)| k == default_language) {
        all.push((0, default_language.to_owned()));
    }
    all.sort_by(language_order);
    all.into_iter().map(|(_, k)| k).collect()
}

/// Hugo 0.111.3's language order (`langs.Languages.Less`): by weight, a
/// weight of 0 after every other, then by key.
pub(super) fn language_order(a: &(i64, String), b: &(i64, String)) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let ((wa, ka), (wb, kb)) = (a, b);
    if wa == wb {
        ka.cmp(kb)
    } else if *wb == 0 || (*wa != 0 && wa < wb) {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

/// Whether Hugo builds a site whose languages have hosts of their own
/// with each language's URLs in its folder, as on one host. Since
/// 0.125.4, `ConfigLanguage.IsMultihost` takes a site for multihost only
/// when its languages less its disabled ones number more than one; but
/// the languages are counted without the disabled ones already (since
/// 0.123), so two active languages and one disabled are "one": each
/// language keeps its `baseURL`, its URLs get its folder
/// (`https://de.example.org/de/a/`), and Hugo writes an index over the
/// sitemaps (checked with 0.168.0). The scan follows the URLs and names
/// the setting (`shared_paths_warning`).
pub(super) fn hosts_share_paths(
    hosts: &BTreeMap<String, sitemap_core::Loc>,
    active: usize,
    disabled: usize,
    version: &super::followed::Version,
) -> bool {
    let counted = version.rules().multihost_one_host_paths;
    hosts.len() > 1 && disabled > 0 && counted && active.saturating_sub(disabled) <= 1
}

/// The hosts as the job writes them. Where Hugo puts each language's URLs
/// in its folder (`hosts_share_paths`), a language's sitemap in
/// `publishDir/<lang>/` is served at `<host>/<lang>/`, as Hugo's index
/// names it, and its pages are there; the default language's stay at
/// its host's root.
pub(super) fn served_hosts(
    hosts: &BTreeMap<String, sitemap_core::Loc>,
    shared_paths: bool,
    prefix: impl Fn(&str) -> String,
) -> BTreeMap<String, sitemap_core::Loc> {
    let mut served = hosts.clone();
    if shared_paths {
        for (lang, base) in &mut served {
            let folder = prefix(lang);
            if let Some(joined) = (!folder.is_empty())
                .then(|| sitemap_core::Loc::parse(&format!("{}{}/", base.as_str(), &folder[1..])))
                .and_then(Result::ok)
            {
                *base = joined;
            }
        }
    }
    served
}

/// The warning for a site `hosts_share_paths` names: where the disabled
/// language is set, what Hugo builds, and how to get a host per language.
pub(super) fn shared_paths_warning(
    off: &std::collections::BTreeSet<String>,
    sources: &Sources,
    path: &Path,
    version: &super::followed::Version,
) -> sitemap_content::Warning {
    let first = off.iter().next().map_or("", String::as_str);
    // The file that disables it: its `disabled`, else `disableLanguages`.
    let at = match origin(sources, &["languages", first, "disabled"], path) {
        p if p != path => p,
        _ => origin(sources, &["disablelanguages"], path),
    };
    sitemap_content::Warning::new(
        Some(at),
        &format!(
            "the language `{first}` is disabled, so Hugo {} (0.125.4 and later) counts it out \
             twice and builds this site, whose languages each have a `baseURL`, with the paths \
             of one host: each language's URLs get its folder (`<its baseURL>/<lang>/…`), and \
             the sitemap follows them; to serve each language at the root of its own host, \
             remove `{first}` from the languages",
            version.hugo()
        ),
    )
}

/// The first of the built languages in Hugo's order (by weight; the
/// default language when none is defined).
pub(super) fn first_in_order(languages: &[(i64, String)], default_language: &str) -> String {
    languages
        .iter()
        .min_by(|a, b| language_order(a, b))
        .map_or_else(|| default_language.to_owned(), |(_, k)| k.clone())
}

/// `disableLanguages`, which may not hold the default language.
pub(super) fn disabled_languages(
    map: &Map<String, Value>,
    default_language: &str,
    sources: &Sources,
    path: &Path,
) -> Result<Vec<String>, Error> {
    let disabled_languages = super::kinds::string_slice(map.get("disablelanguages"));
    if disabled_languages.iter().any(|l| l == default_language) {
        return Err(config_err(
            origin(sources, &["disablelanguages"], path),
            format!(
                "`disableLanguages` holds the default language `{default_language}`, which Hugo 0.111.3 refuses"
            ),
        ));
    }
    Ok(disabled_languages)
}

/// Hugo checks the default language against every language defined,
/// disabled ones included, and refuses one none defines.
pub(super) fn refuse_undefined_default(
    langs: &Map<String, Value>,
    default_language: &str,
    sources: &Sources,
    path: &Path,
) -> Result<(), Error> {
    if !langs.is_empty() && !langs.contains_key(default_language) {
        return Err(config_err(
            origin(
                sources,
                &["defaultcontentlanguage"],
                origin(sources, &["languages"], path),
            ),
            format!(
                "`defaultContentLanguage` is `{default_language}`, which is none of the languages defined ({}): Hugo 0.111.3 refuses it",
                langs
                    .keys()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    Ok(())
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
