//! Settings Hugo refuses to build with, refused here too, naming the
//! file and the fix: a scan that mapped such a site would describe a
//! site that is never built. Both versions refuse each of them:
//!
//! - `markup.defaultMarkdownHandler = "blackfriday"` (removed in 0.100);
//! - a `timeZone` (the site's or a language's) the time zone database
//!   does not have (read from the system's `/usr/share/zoneinfo` where
//!   there is one; elsewhere not checked);
//! - a `theme` named as a folder (not a module path such as
//!   `github.com/…`, which Hugo may download) that is not in `themesDir`.
//!
//! And, following the Hugo followed (its `rules`): the settings the
//! current Hugo removed (0.153 deprecated them with a warning, 0.168
//! refuses them): a mount's `lang`, `includeFiles` and `excludeFiles`,
//! and a segment filter's `lang`; and, before 0.149, a permalink pattern
//! naming `:sectionslug` or `:sectionslugs`, tokens it did not know yet.

use std::path::Path;

use serde_json::{Map, Value};

use super::config_files::{Sources, origin};
use sitemap_content::Error;
use sitemap_content::config::config_err;

/// The first setting the current Hugo removed that the configuration
/// holds: the keys to name its file by, the setting, and what replaces
/// it.
fn removed_setting(
    map: &Map<String, Value>,
) -> Option<(&'static [&'static str], &'static str, &'static str)> {
    let mounts = map
        .get("module")
        .and_then(|m| m.get("mounts"))
        .and_then(Value::as_array);
    for mount in mounts.into_iter().flatten() {
        let has = |key: &str| mount.get(key).is_some_and(|v| !v.is_null());
        if has("lang") {
            return Some((
                &["module", "mounts"],
                "module.mounts.lang",
                "write the mount's languages in its `sites.matrix` (https://gohugo.io/configuration/module/#mounts)",
            ));
        }
        for (key, shown) in [
            ("includefiles", "module.mounts.includeFiles"),
            ("excludefiles", "module.mounts.excludeFiles"),
        ] {
            if has(key) {
                return Some((
                    &["module", "mounts"],
                    shown,
                    "write the patterns in the mount's `files` (https://gohugo.io/configuration/module/#files)",
                ));
            }
        }
    }
    let segments = map.get("segments").and_then(Value::as_object);
    let filters = segments
        .into_iter()
        .flat_map(|s| s.values())
        .filter_map(Value::as_object)
        .flat_map(|seg| ["includes", "excludes"].map(|k| seg.get(k)))
        .flatten()
        .filter_map(Value::as_array)
        .flatten();
    for filter in filters {
        if filter.get("lang").is_some_and(|v| !v.is_null()) {
            return Some((
                &["segments"],
                "segments.[...].lang",
                "select languages with `sites.matrix` (https://gohugo.io/configuration/segments/#segment-definition)",
            ));
        }
    }
    None
}

/// The first permalink pattern (the site's `permalinks`, else a
/// language's) naming `:sectionslug` or `:sectionslugs`, with the keys
/// it sits under.
fn sectionslugs_pattern(map: &Map<String, Value>) -> Option<(Vec<String>, String)> {
    fn pattern_in(value: &Value) -> Option<&str> {
        match value {
            Value::String(s) => s.contains(":sectionslug").then_some(s.as_str()),
            Value::Object(table) => table.values().find_map(pattern_in),
            _ => None,
        }
    }
    let site = map
        .get("permalinks")
        .map(|p| (vec!["permalinks".to_owned()], p));
    let languages = map
        .get("languages")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(lang, opts)| {
            let keys = vec![
                "languages".to_owned(),
                lang.clone(),
                "permalinks".to_owned(),
            ];
            Some((keys, opts.get("permalinks")?))
        });
    site.into_iter()
        .chain(languages)
        .find_map(|(keys, p)| Some((keys, pattern_in(p)?.to_owned())))
}

/// The system's time zone database, when it has one.
const ZONEINFO: &str = "/usr/share/zoneinfo";

pub(super) fn check(
    root: &Path,
    map: &Map<String, Value>,
    sources: &Sources,
    path: &Path,
    version: &super::followed::Version,
) -> Result<(), Error> {
    if let Some((keys, removed, instead)) = removed_setting(map)
        && version.rules().mount_lang_refused
    {
        return Err(config_err(
            origin(sources, keys, path),
            format!(
                "`{removed}` is set, which Hugo deprecated in 0.153 and the current Hugo refuses: {instead}"
            ),
        ));
    }
    if !version.rules().sectionslugs_tokens
        && let Some((keys, pattern)) = sectionslugs_pattern(map)
    {
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        return Err(config_err(
            origin(sources, &keys, path),
            format!(
                "permalink pattern `{pattern}` names `:sectionslug` or `:sectionslugs`, which \
                 Hugo {} does not know (they came with Hugo 0.149): it refuses the pattern, or \
                 with a `[…]` slice writes it as text; set `hugo-version` to the Hugo that \
                 builds the site, or write `:sections`",
                version.hugo()
            ),
        ));
    }
    let handler = map
        .get("markup")
        .and_then(|m| m.get("defaultmarkdownhandler"))
        .and_then(Value::as_str);
    if handler.is_some_and(|h| h.eq_ignore_ascii_case("blackfriday")) {
        return Err(config_err(
            origin(sources, &["markup", "defaultmarkdownhandler"], path),
            "`markup.defaultMarkdownHandler` is `blackfriday`, which Hugo removed in 0.100 and \
             refuses: remove the key (Goldmark is the default)"
                .to_owned(),
        ));
    }
    let mut zones = vec![(vec!["timezone".to_owned()], map.get("timezone"))];
    if let Some(Value::Object(langs)) = map.get("languages") {
        for (lang, opts) in langs {
            let keys = vec!["languages".to_owned(), lang.clone(), "timezone".to_owned()];
            zones.push((keys, opts.get("timezone")));
        }
    }
    if Path::new(ZONEINFO).is_dir() {
        for (keys, zone) in zones {
            let Some(zone) = zone.and_then(Value::as_str).filter(|z| !z.is_empty()) else {
                continue;
            };
            let known = zone == "UTC"
                || zone == "Local"
                || (!zone.contains("..") && Path::new(ZONEINFO).join(zone).is_file());
            if !known {
                let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
                return Err(config_err(
                    origin(sources, &keys, path),
                    format!(
                        "`timeZone` is `{zone}`, a time zone Hugo does not know, so it refuses \
                         the site: write an IANA name such as `America/Los_Angeles`"
                    ),
                ));
            }
        }
    }
    let themes_dir = map
        .get("themesdir")
        .and_then(Value::as_str)
        .unwrap_or("themes");
    let themes: Vec<&str> = match map.get("theme") {
        Some(Value::String(s)) => s.split(',').map(str::trim).collect(),
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let vendored = |t: &str| root.join("_vendor").join(t).is_dir();
    if let Some(missing) = themes
        .iter()
        // A module path (`github.com/…`) Hugo may download: named by
        // `mounts`, not refused.
        .find(|t| {
            !t.is_empty()
                && !t.contains('/')
                && !root.join(themes_dir).join(t).is_dir()
                && !vendored(t)
        })
    {
        return Err(config_err(
            origin(sources, &["theme"], path),
            format!(
                "theme `{missing}` is not in {themes_dir}/, so Hugo refuses the site: \
                 fetch it (`git submodule update --init` when it is a submodule), or \
                 remove it from `theme`; a build given `--themesDir` reads another folder: \
                 set `HUGO_THEMESDIR` instead, which the scan reads too"
            ),
        ));
    }
    Ok(())
}
