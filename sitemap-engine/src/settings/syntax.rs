//! A settings file TOML refuses, explained: the line of the error, a
//! YAML habit answered in TOML's words, and the hint for a key that has
//! moved.

use std::path::Path;

use super::explain;
use crate::error::Error;

/// A settings file that is no TOML (or, as a fallback, whose settings do
/// not deserialize as a whole): the line from the error's span.
pub(super) fn syntax_error(path: &Path, text: &str, e: &toml::de::Error) -> Error {
    let line = e.span().map_or(1, |s| {
        text[..s.start.min(text.len())].matches('\n').count() + 1
    });
    Error::SettingsFile {
        file: path.to_owned(),
        line: Some(line as u64),
        key: None,
        message: text
            .lines()
            .nth(line - 1)
            .and_then(yaml_boolean)
            .unwrap_or_else(|| explain(e.message())),
        hint: moved_hint(e.message()),
    }
}

/// A YAML habit on a line TOML refused: `llms-txt = yes`, where TOML's
/// booleans are `true` and `false` (the parser's own words, "string
/// values must be quoted", lead to `"yes"`, which is refused next).
fn yaml_boolean(line: &str) -> Option<String> {
    let (key, value) = line.split_once('=')?;
    let (key, value) = (key.trim(), value.split('#').next()?.trim());
    let meant = match value.to_ascii_lowercase().as_str() {
        "yes" | "on" | "y" => "true",
        "no" | "off" | "n" => "false",
        _ => return None,
    };
    Some(format!(
        "`{key} = {value}`: TOML's booleans are `true` and `false`, unquoted; write `{key} = {meant}`"
    ))
}

/// A hint for a key that has moved: the old `[source]` table of
/// sitemap.toml and `stem`.
pub(super) fn moved_hint(message: &str) -> String {
    if message.contains("unknown key `sitemap`") || message.contains("unknown field `sitemap`") {
        "sitemap.toml's keys go at its top level, with no [sitemap] table (that table is Hugo's, in hugo.toml); see the key table in `sitemap scan --help`".to_owned()
    } else if message.contains("`source`") {
        "the keys of [source] are now at the top level (and [source.git] is [git]); see the key table in `sitemap scan --help`".to_owned()
    } else if message.contains("`stem`") {
        "`stem = \"sitemap\"` is now `filename = \"sitemap.xml\"`".to_owned()
    } else {
        "see the key table in `sitemap scan --help` (the same keys everywhere)".to_owned()
    }
}
