//! The types Zola 0.22 gives each front matter key (`PageFrontMatter`,
//! `SectionFrontMatter`, deserialised with serde): a value of another
//! type refuses the whole site, so it refuses the scan too. YAML is read
//! by serde_yaml 0.9, which hands a plain scalar to a string field as the
//! text it is (`slug: 2` is the slug `"2"`, `title: 2024` the title
//! `"2024"`, `slug: 1.50` the slug `"1.50"`, as written: the scalar is
//! taken from its line, since our YAML reader resolves YAML 1.1 for
//! Hugo) and takes only `true`/`false` for a boolean (`draft: yes` is
//! refused); those are turned into what Zola sees here, so the rest of
//! the reader sees it too.

use std::path::Path;

use serde_json::Value;

use sitemap_pages::front_matter::Format;

use super::front_matter::fm_err;
use sitemap_content::{Error, FrontMatter};

/// The type serde wants for a key.
#[derive(Clone, Copy)]
enum Kind {
    /// `Option<String>`: a YAML `null` is no value.
    OptString,
    /// `String` (a section's `paginate_path`).
    String,
    Bool,
    /// `usize`.
    Usize,
    /// `Option<usize>`.
    OptUsize,
    /// `Vec<String>`.
    Strings,
    /// `HashMap<String, Vec<String>>` (a page's `taxonomies`).
    Terms,
    /// `Map<String, Value>` (`extra`).
    Table,
    /// A unit enum: one of these names.
    OneOf(&'static [&'static str]),
    /// `date`, `updated`: a string (or TOML date-time) Zola can read,
    /// kept in the form it rewrites it to ([`super::dates`]).
    Datetime,
}

const PAGE: &[(&str, Kind)] = &[
    ("date", Kind::Datetime),
    ("updated", Kind::Datetime),
    ("title", Kind::OptString),
    ("description", Kind::OptString),
    ("slug", Kind::OptString),
    ("path", Kind::OptString),
    ("template", Kind::OptString),
    ("draft", Kind::Bool),
    ("render", Kind::Bool),
    ("in_search_index", Kind::Bool),
    ("weight", Kind::OptUsize),
    ("authors", Kind::Strings),
    ("aliases", Kind::Strings),
    ("taxonomies", Kind::Terms),
    ("extra", Kind::Table),
];

const SECTION: &[(&str, Kind)] = &[
    ("title", Kind::OptString),
    ("description", Kind::OptString),
    ("template", Kind::OptString),
    ("page_template", Kind::OptString),
    ("redirect_to", Kind::OptString),
    ("paginate_path", Kind::String),
    (
        "sort_by",
        Kind::OneOf(&[
            "date",
            "update_date",
            "title",
            "title_bytes",
            "weight",
            "slug",
            "permalink",
            "none",
        ]),
    ),
    (
        "insert_anchor_links",
        Kind::OneOf(&["left", "right", "heading", "none"]),
    ),
    ("weight", Kind::Usize),
    ("paginate_by", Kind::OptUsize),
    ("draft", Kind::Bool),
    ("render", Kind::Bool),
    ("in_search_index", Kind::Bool),
    ("transparent", Kind::Bool),
    ("paginate_reversed", Kind::Bool),
    ("generate_feeds", Kind::Bool),
    ("aliases", Kind::Strings),
    ("extra", Kind::Table),
];

/// Checks a page's front matter as `PageFrontMatter` types it.
pub(super) fn check_page(fm: &mut FrontMatter, path: &Path) -> Result<(), Error> {
    check(fm, path, PAGE)
}

/// Checks a section's front matter as `SectionFrontMatter` types it
/// (its unknown keys are refused elsewhere).
pub(super) fn check_section(fm: &mut FrontMatter, path: &Path) -> Result<(), Error> {
    check(fm, path, SECTION)
}

fn check(fm: &mut FrontMatter, path: &Path, keys: &[(&str, Kind)]) -> Result<(), Error> {
    let yaml = fm.format == Some(Format::Yaml);
    for &(key, kind) in keys {
        let line = fm.line_of(key);
        let mut data = fm.data_mut();
        let Some(value) = data.get_mut(key) else {
            continue;
        };
        if yaml {
            // Zola's pages are loaded with YAML 1.2's core schema, as
            // serde_yaml 0.9 resolves scalars, but a value the loader
            // resolved to a number has lost how it was written, and
            // serde_yaml hands a string field the scalar as written
            // (`slug: 1.50` is the slug "1.50"): the line decides.
            match (kind, &*value) {
                (Kind::OptString | Kind::String | Kind::OneOf(_), Value::Number(_)) => {
                    if let Some(text) = plain_scalar(path, line, key) {
                        *value = Value::String(text);
                    }
                }
                (Kind::Bool, Value::String(text)) if YAML_1_1_BOOLS.contains(&text.as_str()) => {
                    return Err(fm_err(
                        path,
                        line,
                        format!(
                            "`{key}` must be true or false, found `{text}` (Zola reads YAML 1.2, where `{text}` is text, and refuses the site)"
                        ),
                    ));
                }
                _ => {}
            }
            yaml_scalars_as_text(value, kind);
        }
        if let (Kind::Datetime, Value::String(text)) = (kind, &*value)
            && let Some(kept) = super::dates::zola_datetime(text)
        {
            *value = Value::String(kept);
            continue;
        }
        match expected(value, kind) {
            Ok(keep) => {
                if !keep {
                    data.remove(key);
                }
            }
            Err(wanted) => {
                return Err(fm_err(
                    path,
                    line,
                    format!("`{key}` must be {wanted}, found {value} (Zola refuses the site)"),
                ));
            }
        }
    }
    Ok(())
}

/// YAML 1.1's booleans that YAML 1.2 reads as text: what a Hugo or
/// Jekyll user writes for `draft`, refused by Zola with a reason.
const YAML_1_1_BOOLS: [&str; 16] = [
    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off",
    "OFF",
];

/// The plain scalar written after `key:` on the 1-based `line` of `path`
/// (its comment cut off), or `None` when that line holds no such
/// one-line value (a quoted or block scalar, a flow collection).
fn plain_scalar(path: &Path, line: usize, key: &str) -> Option<String> {
    let text = sitemap_core::input::read_regular_text(
        path,
        sitemap_pages::images::markdown::MAX_PAGE_BYTES,
    )
    .ok()?;
    let written = text.lines().nth(line.checked_sub(1)?)?;
    let rest = written.trim_start().strip_prefix(key)?.trim_start();
    let value = rest.strip_prefix(':')?;
    let value = value.split(" #").next().unwrap_or_default().trim();
    let special = ['"', '\'', '[', '{', '&', '*', '!', '|', '>'];
    (!value.is_empty() && !value.starts_with(special)).then(|| value.to_owned())
}

/// serde_yaml gives a string field a plain scalar's text.
fn yaml_scalars_as_text(value: &mut Value, kind: Kind) {
    let text = |v: &mut Value| match v {
        Value::Number(n) => *v = Value::String(n.to_string()),
        Value::Bool(b) => *v = Value::String(b.to_string()),
        _ => {}
    };
    match kind {
        Kind::OptString | Kind::String | Kind::OneOf(_) => text(value),
        Kind::Strings => value.as_array_mut().into_iter().flatten().for_each(text),
        Kind::Terms => value
            .as_object_mut()
            .into_iter()
            .flat_map(|m| m.values_mut())
            .flat_map(|v| v.as_array_mut().into_iter().flatten())
            .for_each(text),
        _ => {}
    }
}

/// `Ok(true)` when `value` has the type, `Ok(false)` when it is a YAML
/// `null` an `Option` reads as no value (the key is then dropped), or
/// `Err` with what was expected.
fn expected(value: &Value, kind: Kind) -> Result<bool, String> {
    let strings = |v: &Value| v.as_array().is_some_and(|a| a.iter().all(Value::is_string));
    let ok = match kind {
        Kind::OptString | Kind::OptUsize | Kind::Datetime if value.is_null() => return Ok(false),
        // Strings Zola reads were rewritten above: what is left it refuses.
        Kind::Datetime => false,
        Kind::OptString | Kind::String => value.is_string(),
        Kind::Bool => value.is_boolean(),
        Kind::Usize | Kind::OptUsize => value.is_u64(),
        Kind::Strings => strings(value),
        Kind::Terms => value.as_object().is_some_and(|m| m.values().all(strings)),
        Kind::Table => value.is_object(),
        Kind::OneOf(names) => value.as_str().is_some_and(|s| names.contains(&s)),
    };
    if ok {
        return Ok(true);
    }
    Err(match kind {
        Kind::OptString | Kind::String => "a string".to_owned(),
        Kind::Bool => "true or false".to_owned(),
        Kind::Usize | Kind::OptUsize => "a whole number, 0 or more".to_owned(),
        Kind::Strings => "an array of strings".to_owned(),
        Kind::Terms => "a table of arrays of strings".to_owned(),
        Kind::Table => "a table".to_owned(),
        Kind::OneOf(names) => format!("one of {}", names.join(", ")),
        Kind::Datetime => {
            "a date Zola reads (`2024-05-01`, `2024-05-01T10:00:00+02:00`)".to_owned()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn yaml_numbers_are_text_where_zola_wants_text() {
        let mut v = json!(2);
        yaml_scalars_as_text(&mut v, Kind::OptString);
        assert_eq!(v, json!("2"));
        let mut terms = json!({"tags": [2021, "a"]});
        yaml_scalars_as_text(&mut terms, Kind::Terms);
        assert_eq!(terms, json!({"tags": ["2021", "a"]}));
        let mut weight = json!(3);
        yaml_scalars_as_text(&mut weight, Kind::OptUsize);
        assert_eq!(weight, json!(3));
    }

    #[test]
    fn types_as_serde_reads_them() {
        assert_eq!(expected(&json!(null), Kind::OptString), Ok(false));
        assert!(expected(&json!(-1), Kind::Usize).is_err());
        assert!(expected(&json!(1.5), Kind::OptUsize).is_err());
        assert!(expected(&json!("/x/"), Kind::Strings).is_err());
        assert!(expected(&json!("top"), Kind::OneOf(&["left"])).is_err());
        assert_eq!(expected(&json!({"a": 1}), Kind::Table), Ok(true));
    }
}
