//! The Hugo settings that change URLs or which pages exist and that the
//! scan does not read, named where a site sets them: the list of what is
//! read is every other key `config` reads. A warning is not a refusal:
//! Hugo builds the site, and the build check (after `hugo`) names each
//! difference the setting makes.

use std::path::Path;

use serde_json::{Map, Value};

use super::config_files::{Sources, origin};

/// The settings Hugo documents as changing URLs or which pages exist
/// that this scan does not read (the ones it reads are every other key
/// of `open`): each named with the file that sets it, since the sitemap
/// may then differ from Hugo's. The build check (after `hugo`) names
/// each difference they make.
const NOT_READ: [(&str, &str); 1] = [("segments", "renders only some segments of the site")];

/// A language's own `uglyURLs`, which Hugo before 0.123 reads and the
/// current Hugo ignores (its own `permalinks`, `baseURL`,
/// `outputFormats`, `disablePathToLower` and `removePathAccents` are
/// read).
const NOT_READ_PER_LANGUAGE: [(&str, &str); 1] =
    [("uglyURLs", "sets the language's own ugly URLs")];

/// Where a `_merge` merges the themes' settings into the site's, which
/// the scan does not do (it reads the site's own, and the themes' output
/// formats and media types, which Hugo merges by default).
const MERGED: [&str; 4] = ["", "taxonomies", "permalinks", "outputs"];

pub(super) fn named(
    map: &Map<String, Value>,
    sources: &Sources,
    path: &Path,
    version: &super::followed::Version,
) -> Vec<sitemap_content::Warning> {
    let mut out = Vec::new();
    let mut name = |keys: &[&str], what: &str, shown: String| {
        out.push(sitemap_content::Warning::new(
            Some(origin(sources, keys, path)),
            &format!(
                "`{shown}` {what}, and this scan does not read it: its sitemap may differ from \
                 Hugo's; scan after `hugo`, and the build check names each difference"
            ),
        ));
    };
    for (shown, what) in NOT_READ {
        let key = shown.to_lowercase();
        let set = match map.get(&key) {
            None | Some(Value::Null) | Some(Value::Bool(false)) => false,
            Some(Value::Object(m)) => !m.is_empty(),
            Some(_) => true,
        };
        if set {
            name(&[&key], what, shown.to_owned());
        }
    }
    let themed = map.get("theme").is_some_and(|t| !t.is_null())
        || map
            .get("module")
            .and_then(|m| m.get("imports"))
            .is_some_and(|i| !i.is_null());
    for table in MERGED.into_iter().filter(|_| themed) {
        let at = if table.is_empty() {
            Some(map)
        } else {
            map.get(table).and_then(Value::as_object)
        };
        if at
            .and_then(|t| t.get("_merge"))
            .is_some_and(|m| m != "none")
        {
            let keys: Vec<&str> = [table, "_merge"]
                .into_iter()
                .filter(|k| !k.is_empty())
                .collect();
            let shown = keys.join(".");
            name(&keys, "merges the themes' settings into the site's", shown);
        }
    }
    if let Some(Value::Object(langs)) = map.get("languages") {
        for (lang, opts) in langs {
            let Value::Object(opts) = opts else { continue };
            for (shown, what) in NOT_READ_PER_LANGUAGE {
                let key = shown.to_lowercase();
                if opts
                    .get(&key)
                    .is_some_and(|v| !v.is_null() && v != &Value::Bool(false))
                    // Asked only when set: it may wait for `hugo version`.
                    && (key != "uglyurls" || !version.rules().language_ugly_urls_ignored)
                {
                    name(
                        &["languages", lang, &key],
                        what,
                        format!("languages.{lang}.{shown}"),
                    );
                }
            }
        }
    }
    out
}
