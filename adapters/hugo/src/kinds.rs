//! `disableKinds` as Hugo 0.111.3 reads it (`hugolib/site.go` `newSite`,
//! once per language, from the language's own settings over the site's):
//!
//! - the value is cast to a list of strings as spf13/cast does (a list's
//!   items to text, a string split at white space);
//! - names match exactly, case included: `Taxonomy`, `rss` or `Term`
//!   disable nothing (`RSS` is the feed's kind, `sitemap`, `robotsTXT`
//!   and `404` are files the sitemap never lists);
//! - the name before Hugo 0.73, `taxonomyTerm` (exactly so), means today's
//!   `taxonomy`, and with `taxonomy` beside it today's `term` as well;
//! - `taxonomy` without `term` (and without `taxonomyTerm`) stops the
//!   build with `error-disable-taxonomy` unless `ignoreErrors` holds it.
//!
//! The current Hugo (0.123 and later, `allconfig.go`) reads them in any
//! case (`Taxonomy` is `taxonomy`), `taxonomyTerm` (any case) as
//! `taxonomy` alone, skips names it does not know, and stops no build.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use sitemap_content::Error;
use sitemap_content::config::config_err;

/// The error id Hugo 0.111.3 logs for an ambiguous `taxonomy`.
const AMBIGUOUS_TAXONOMY: &str = "error-disable-taxonomy";

/// A value as spf13/cast's `ToStringSlice` turns it into strings.
pub(super) fn string_slice(value: Option<&Value>) -> Vec<String> {
    match value {
        None | Some(Value::Null) | Some(Value::Object(_)) => Vec::new(),
        Some(Value::String(s)) => s.split_whitespace().map(str::to_owned).collect(),
        Some(Value::Array(items)) => items.iter().map(cast_string).collect(),
        Some(other) => vec![cast_string(other)],
    }
}

/// spf13/cast's `ToString`: what it cannot convert is empty.
fn cast_string(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

/// The kinds one language disables, from its `disableKinds` and
/// `ignoreErrors` (each the language's own, else the site's); `path` is
/// the file that set `disableKinds`, named in the error.
pub(super) fn disabled_kinds(
    disable_kinds: Option<&Value>,
    ignore_errors: Option<&Value>,
    path: &Path,
    current: &dyn Fn() -> bool,
) -> Result<BTreeSet<String>, Error> {
    let mut names = string_slice(disable_kinds);
    // Asked only when some kind is named: it may wait for `hugo version`.
    if !names.is_empty() && current() {
        // The current Hugo decodes the setting into a list, a text being
        // one name (`"taxonomy term"` disables nothing; checked with
        // 0.168.0), where 0.111.3's `cast.ToStringSlice` splits it.
        if let Some(Value::String(one)) = disable_kinds {
            names = vec![one.clone()];
        }
        return Ok(names
            .iter()
            .map(|k| match k.to_lowercase().as_str() {
                "taxonomyterm" => "taxonomy".to_owned(),
                k => k.to_owned(),
            })
            .filter(|k| {
                [
                    "page",
                    "home",
                    "section",
                    "taxonomy",
                    "term",
                    "rss",
                    "sitemap",
                    "robotstxt",
                    "404",
                ]
                .contains(&k.as_str())
            })
            // The names the rest of the scan compares with.
            .map(|k| match k.as_str() {
                "rss" => "RSS".to_owned(),
                "robotstxt" => "robotsTXT".to_owned(),
                _ => k,
            })
            .collect());
    }
    let mut kinds: BTreeSet<String> = names.into_iter().collect();
    if kinds.remove("taxonomyTerm") {
        // Corrected from the names before Hugo 0.73.
        if kinds.contains("taxonomy") {
            kinds.insert("term".to_owned());
        } else {
            kinds.insert("taxonomy".to_owned());
        }
    } else if kinds.contains("taxonomy") && !kinds.contains("term") {
        let ignored = string_slice(ignore_errors)
            .iter()
            .any(|e| e.eq_ignore_ascii_case(AMBIGUOUS_TAXONOMY));
        if !ignored {
            return Err(config_err(
                path,
                "`disableKinds` holds \"taxonomy\" without \"term\", which Hugo 0.111.3 refuses \
                 (its meaning changed in Hugo 0.73: `taxonomy` is now the list of a taxonomy's \
                 terms, `term` one term's pages); write [\"taxonomy\", \"term\"] to disable both, \
                 or add `ignoreErrors = [\"error-disable-taxonomy\"]` to mean the new kind alone, \
                 as Hugo asks"
                    .to_owned(),
            ));
        }
    }
    Ok(kinds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn kinds(v: Value) -> Result<Vec<String>, Error> {
        disabled_kinds(Some(&v), None, Path::new("hugo.toml"), &|| false)
            .map(|k| k.into_iter().collect())
    }

    /// As Hugo 0.168.0 builds them (the random differential's sites).
    #[test]
    fn kind_names_as_the_current_hugo_reads_them() {
        let current = |v: Value| -> Vec<String> {
            disabled_kinds(Some(&v), None, Path::new("hugo.toml"), &|| true)
                .unwrap()
                .into_iter()
                .collect()
        };
        assert_eq!(current(json!(["taxonomyterm"])), ["taxonomy"]);
        assert_eq!(current(json!(["Taxonomy"])), ["taxonomy"]);
        assert_eq!(current(json!(["taxonomyTerm", "taxonomy"])), ["taxonomy"]);
        assert_eq!(current(json!(["rss", "nonsense"])), ["RSS"]);
    }

    #[test]
    fn old_and_new_kind_names_as_hugo_0_111_3_maps_them() {
        assert_eq!(
            kinds(json!(["taxonomy", "term"])).unwrap(),
            ["taxonomy", "term"]
        );
        assert_eq!(kinds(json!(["taxonomyTerm"])).unwrap(), ["taxonomy"]);
        assert_eq!(
            kinds(json!(["taxonomyTerm", "taxonomy"])).unwrap(),
            ["taxonomy", "term"]
        );
        // Exact names only, as `hugo` 0.111.3 builds them.
        assert_eq!(kinds(json!(["taxonomyterm"])).unwrap(), ["taxonomyterm"]);
        assert_eq!(kinds(json!("term  section")).unwrap(), ["section", "term"]);
        assert!(kinds(json!(["taxonomy"])).is_err());
        assert!(
            disabled_kinds(
                Some(&json!(["taxonomy"])),
                Some(&json!(["ERROR-disable-taxonomy"])),
                Path::new("hugo.toml"),
                &|| false
            )
            .is_ok()
        );
    }
}
