//! Front matter values as Hugo 0.111.3 reads them: its booleans
//! (`cast.ToBool`), `_build` options and dates, and the rewrite that
//! hands the shared overrides reader values it takes.

use std::path::Path;

use serde_json::Value;

use crate::FrontMatter;

pub(super) fn get_str<'a>(fm: &'a FrontMatter, key: &str) -> Option<&'a str> {
    fm.get(key).and_then(Value::as_str)
}

/// A boolean as Hugo 0.111.3 reads `draft` and `headless` (`cast.ToBool`):
/// a boolean (YAML's `yes`/`on` included), a string Go's `ParseBool`
/// takes (`"true"`, `"1"`, `"t"`), or a YAML integer other than 0 (a
/// TOML integer or any JSON number is no boolean to it: false). Anything
/// else is false, not an error: Hugo builds the page.
pub(super) fn hugo_bool(fm: &FrontMatter, key: &str) -> bool {
    match fm.get(key) {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => matches!(s.as_str(), "1" | "t" | "T" | "true" | "TRUE" | "True"),
        Some(Value::Number(n)) => {
            fm.format == Some(sitemap_source::front_matter::Format::Yaml)
                && n.as_i64().is_some_and(|i| i != 0)
        }
        _ => false,
    }
}

/// How a page is rendered and listed: Hugo's `_build` options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Build {
    Always,
    Never,
    /// `render: link` (a URL, no file), or `list: local`.
    Partly,
}

/// One `_build` option as Hugo 0.111.3 decodes it (`pagemeta.DecodeBuildConfig`):
/// `false`, `0` and `"0"` are `never`; `never`, `link` and `local` count
/// only in lowercase; any other value is `always`.
pub(super) fn build_option(value: Option<&Value>, partly: &str) -> Build {
    match value {
        Some(Value::Bool(false)) => Build::Never,
        Some(Value::Number(n)) if n.as_f64() == Some(0.0) => Build::Never,
        Some(Value::String(s)) if s == "0" || s == "never" => Build::Never,
        Some(Value::String(s)) if s == partly => Build::Partly,
        _ => Build::Always,
    }
}

/// Whether `_build` keeps the page out of the sitemap: `render: never` or
/// `link` (Hugo lists a `link` page in its sitemap though it writes no
/// file for it; a sitemap must not list a URL with nothing behind it),
/// `list: never` or `local` (out of site-wide lists, Hugo's sitemap
/// included). `build`, the key newer Hugo documents, is read the same
/// way; 0.111.3 reads only `_build` (README: deliberate differences).
pub(super) fn build_excludes(fm: &FrontMatter) -> bool {
    ["build", "_build"].iter().any(|table| {
        if fm.get(table).is_none() {
            return false;
        }
        build_option(fm.get(&format!("{table}.render")), "link") != Build::Always
            || build_option(fm.get(&format!("{table}.list")), "local") != Build::Always
    })
}

/// The first of `keys` whose value Hugo reads as a date (a value it
/// cannot read is skipped, as Hugo skips it).
pub(super) fn date_of(fm: &FrontMatter, keys: &[&str]) -> Option<jiff::Timestamp> {
    keys.iter()
        .filter_map(|k| fm.get(k))
        .find_map(crate::hugo_dates::parse)
}

/// The date keys Hugo reads, and which the shared overrides reader reads.
pub(super) const DATE_KEYS: [&str; 9] = [
    "date",
    "lastmod",
    "modified",
    "publishdate",
    "pubdate",
    "published",
    "expirydate",
    "unpublishdate",
    "updated",
];

/// Rewrites what Hugo reads its own way, so the shared overrides reader
/// (strict, as Zola is) sees values it takes: `draft` as the boolean Hugo
/// made of it, `_build`/`build` removed (decided here), a date Hugo drops
/// removed with a warning, and a date in a form only Hugo reads
/// rewritten as RFC 3339. Touches the map only when a value needs it.
pub(super) fn normalise(fm: &mut FrontMatter, path: &Path, warnings: &mut Vec<crate::Warning>) {
    let draft_odd = fm.get("draft").is_some_and(|v| !v.is_boolean());
    let build = ["build", "_build"].iter().any(|k| fm.get(k).is_some());
    let mut dates: Vec<(&str, Option<String>)> = Vec::new();
    for key in DATE_KEYS {
        let Some(value) = fm.get(key) else { continue };
        let ours = value
            .as_str()
            .is_some_and(|s| sitemap_source::overrides::parse_date(s).is_ok());
        match crate::hugo_dates::parse(value) {
            // Hugo's instant and ours are the same where both read it,
            // except a date without a zone, which Hugo puts in UTC and
            // the shared parser keeps as a local date: kept as written.
            Some(_) if ours => {}
            Some(t) => dates.push((key, Some(t.to_string()))),
            None => {
                warnings.push(crate::Warning::new(
                    Some(path),
                    &format!(
                        "line {}: `{key}` {value} is not a date Hugo reads; Hugo builds the page \
                         without it, and so does this scan (write it as 2024-05-01 or \
                         2024-05-01T10:00:00+02:00)",
                        fm.line_of(key)
                    ),
                ));
                dates.push((key, None));
            }
        }
    }
    if !draft_odd && !build && dates.is_empty() {
        return;
    }
    let draft = hugo_bool(fm, "draft");
    let data = fm.data_mut();
    let keys: Vec<String> = data.keys().cloned().collect();
    for k in keys {
        let lower = k.to_lowercase();
        if lower == "draft" && draft_odd {
            data.insert(k, Value::Bool(draft));
        } else if lower == "build" || lower == "_build" {
            data.remove(&k);
        } else if let Some((_, new)) = dates.iter().find(|(d, _)| *d == lower) {
            match new {
                Some(v) => data.insert(k, Value::String(v.clone())),
                None => data.remove(&k),
            };
        }
    }
}
