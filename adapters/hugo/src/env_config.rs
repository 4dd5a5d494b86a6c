//! Hugo's settings from the environment: every variable `HUGO_…` sets the
//! key it names over what the site's files say (`config/allconfig/load.go`
//! `applyOsEnvOverrides`, the same in 0.111.3 and 0.168.0). CI commonly
//! sets `HUGO_BASEURL`, `HUGO_THEMESDIR` or `HUGO_BUILDFUTURE` beside the
//! `hugo` it runs, and a scan started in the same environment reads the
//! site as that build did.
//!
//! The character after `HUGO` is the delimiter between nested keys
//! (`HUGO_PARAMS_API` is `params.api`, `HUGOxPARAMSxAPI_KEY` is
//! `params.api_key`), and keys are lowercased. The text becomes the type
//! of the value it replaces (a boolean, a number, a table in JSON or
//! TOML); where there is none, or it does not read as that type, it stays
//! text, which the scan reads weakly as Hugo does (`"true"` is true), but
//! the lists `disableKinds`, `disableLanguages` and `ignoreFiles` split
//! at commas or spaces. A site's theme and modules get none of it: Hugo
//! applies the environment to the site's own settings.

use std::path::PathBuf;

use serde_json::{Map, Value};

use super::config_files::Sources;

/// Sets what this process's `HUGO_…` variables name over the site's
/// settings `value`, each variable a source of its own.
pub(super) fn apply(value: &mut Value, sources: &mut Sources) {
    let vars = std::env::vars_os()
        .filter_map(|(name, text)| Some((name.into_string().ok()?, text.into_string().ok()?)));
    for (name, over) in overrides(vars, value) {
        sitemap_content::config::merge(value, over.clone());
        sources.push((name, over));
    }
}

/// The settings the environment `vars` gives, over `config` (the site's
/// files merged): one source per variable, named `$HUGO_…` so an error
/// about its key names it, in the environment's order.
pub(super) fn overrides(
    vars: impl IntoIterator<Item = (String, String)>,
    config: &Value,
) -> Vec<(PathBuf, Value)> {
    vars.into_iter()
        .filter_map(|(name, text)| {
            let keys = keys_of(&name)?;
            let existing = keys
                .iter()
                .try_fold(config, |v, k| v.as_object().and_then(|m| m.get(k)));
            let value = converted(&keys, &text, existing);
            let nested = keys.into_iter().rev().fold(value, |inner, key| {
                let mut m = Map::new();
                m.insert(key, inner);
                Value::Object(m)
            });
            Some((PathBuf::from(format!("${name}")), nested))
        })
        .collect()
}

/// The keys a variable's name gives (`HUGO_PARAMS_X` is `params`, `x`);
/// `None` for a name that is not Hugo's, or names an empty key.
fn keys_of(name: &str) -> Option<Vec<String>> {
    let rest = name.strip_prefix("HUGO")?;
    let delimiter = rest.chars().next()?;
    let key = &rest[delimiter.len_utf8()..];
    if key.is_empty() {
        return None;
    }
    let keys: Vec<String> = key.split(delimiter).map(str::to_lowercase).collect();
    keys.iter().all(|k| !k.is_empty()).then_some(keys)
}

/// `text` as the value Hugo sets at `keys`: of the type of what it
/// replaces when it reads as that type, else text (a top-level list
/// setting split).
fn converted(keys: &[String], text: &str, existing: Option<&Value>) -> Value {
    let trimmed = text.trim();
    let typed = match existing {
        Some(Value::Bool(_)) => go_bool(trimmed).map(Value::Bool),
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => {
            trimmed.parse::<i64>().ok().map(Value::from)
        }
        Some(Value::Number(_)) => trimmed.parse::<f64>().ok().map(Value::from),
        Some(Value::Object(_)) => table(trimmed),
        Some(Value::Array(_)) => serde_json::from_str::<Vec<Value>>(trimmed)
            .ok()
            .map(Value::Array),
        Some(Value::String(_)) => Some(Value::String(trimmed.to_owned())),
        _ => None,
    };
    match (typed, keys) {
        (Some(Value::String(s)), [key]) => list_setting(key, &s),
        (Some(v), _) => v,
        // A new top-level key: a table where the text is one, as Hugo's
        // map settings (`params`, `languages`, …) read it.
        (None, [key]) => table(trimmed)
            .filter(|_| TABLES.contains(&key.as_str()))
            .unwrap_or_else(|| list_setting(key, text)),
        (None, _) => Value::String(text.to_owned()),
    }
}

/// The top-level settings Hugo decodes as tables (`allDecoderSetups`,
/// those the scan reads).
const TABLES: [&str; 13] = [
    "params",
    "languages",
    "permalinks",
    "taxonomies",
    "outputs",
    "outputformats",
    "mediatypes",
    "module",
    "sitemap",
    "frontmatter",
    "cascade",
    "pagination",
    "security",
];

/// Text for `key`: split into a list for the settings Hugo reads as one
/// (`envStringToVal`), at commas when there is one, else at spaces; a
/// `[…]` as a list.
fn list_setting(key: &str, text: &str) -> Value {
    match key {
        "disablekinds" | "disablelanguages" | "ignorefiles" | "ignorelogs" => {
            let text = text.trim();
            if text.starts_with('[')
                && text.ends_with(']')
                && let Ok(list) = serde_json::from_str::<Vec<Value>>(text)
            {
                return Value::Array(list);
            }
            let parts: Vec<Value> = if text.contains(',') {
                text.split(',').map(|p| Value::from(p.to_owned())).collect()
            } else {
                text.split_whitespace().map(Value::from).collect()
            };
            Value::Array(parts)
        }
        _ => Value::String(text.to_owned()),
    }
}

/// A table written as JSON or TOML.
fn table(text: &str) -> Option<Value> {
    if text.starts_with('{') {
        return serde_json::from_str::<Map<String, Value>>(text)
            .ok()
            .map(Value::Object);
    }
    let table: toml::Table = text.parse().ok()?;
    serde_json::to_value(table).ok()
}

/// Go's `strconv.ParseBool`, as `cast.ToBoolE` reads text.
fn go_bool(text: &str) -> Option<bool> {
    match text {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn over(vars: &[(&str, &str)], config: Value) -> Vec<(String, Value)> {
        overrides(
            vars.iter().map(|(k, v)| (k.to_string(), v.to_string())),
            &config,
        )
        .into_iter()
        .map(|(p, v)| (p.display().to_string(), v))
        .collect()
    }

    #[test]
    fn a_variable_names_its_key_with_the_delimiter_after_hugo() {
        assert_eq!(
            over(
                &[
                    ("HUGO_BASEURL", "https://x.org/"),
                    ("HUGOxPARAMSxAPI_KEY", "k"),
                    ("HUGO_", "no key"),
                    ("HUGO__X", "an empty key"),
                    ("PATH", "/bin"),
                ],
                json!({}),
            ),
            [
                (
                    "$HUGO_BASEURL".to_owned(),
                    json!({"baseurl": "https://x.org/"})
                ),
                (
                    "$HUGOxPARAMSxAPI_KEY".to_owned(),
                    json!({"params": {"api_key": "k"}})
                ),
            ]
        );
    }

    #[test]
    fn the_text_takes_the_type_of_what_it_replaces() {
        let config = json!({"uglyurls": false, "pagination": {"pagersize": 10}, "draft": "x"});
        assert_eq!(
            over(
                &[
                    ("HUGO_UGLYURLS", " true "),
                    ("HUGO_PAGINATION_PAGERSIZE", "5"),
                    ("HUGO_BUILDFUTURE", "true"),
                    ("HUGO_PAGINATION_PATH", "pages"),
                ],
                config,
            )
            .into_iter()
            .map(|(_, v)| v)
            .collect::<Vec<_>>(),
            [
                json!({"uglyurls": true}),
                json!({"pagination": {"pagersize": 5}}),
                // Nothing to replace: text, which the scan reads weakly.
                json!({"buildfuture": "true"}),
                json!({"pagination": {"path": "pages"}}),
            ]
        );
    }

    #[test]
    fn list_settings_split_and_tables_parse() {
        let values: Vec<Value> = over(
            &[
                ("HUGO_DISABLEKINDS", "taxonomy,term"),
                ("HUGO_IGNOREFILES", "a\\.md b\\.md"),
                ("HUGO_DISABLELANGUAGES", "[\"fr\"]"),
                ("HUGO_PERMALINKS", "posts = '/:slug/'"),
                ("HUGO_PARAMS", "{\"a\": 1}"),
                ("HUGO_TITLE", "{not a table}"),
            ],
            json!({"params": {"b": 2}}),
        )
        .into_iter()
        .map(|(_, v)| v)
        .collect();
        assert_eq!(
            values,
            [
                json!({"disablekinds": ["taxonomy", "term"]}),
                json!({"ignorefiles": ["a\\.md", "b\\.md"]}),
                json!({"disablelanguages": ["fr"]}),
                json!({"permalinks": {"posts": "/:slug/"}}),
                json!({"params": {"a": 1}}),
                json!({"title": "{not a table}"}),
            ]
        );
    }
}
