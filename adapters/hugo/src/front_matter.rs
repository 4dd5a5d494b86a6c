//! Front matter values as Hugo 0.111.3 reads them: its booleans
//! (`cast.ToBool`), text (`cast.ToString`: `slug: 1` is the slug `1`),
//! term lists, `_build` options and dates, and the rewrite that hands
//! the shared overrides reader values it takes.

use std::path::Path;

use serde_json::Value;

use sitemap_content::{FrontMatter, Reason};
use sitemap_core::Lastmod;
use sitemap_pages::front_matter::Format;
use sitemap_pages::overrides::Overrides;

use super::lastmod_order::{DateOrders, LastmodOrder};

pub(super) fn get_str<'a>(fm: &'a FrontMatter, key: &str) -> Option<&'a str> {
    fm.get(key).and_then(Value::as_str)
}

/// A boolean as Hugo 0.111.3 reads `draft` and `headless` (`cast.ToBool`):
/// a boolean (YAML's `yes`/`on` included), a string Go's `ParseBool`
/// takes (`"true"`, `"1"`, `"t"`), or a YAML integer other than 0 (a
/// TOML integer or any JSON number is no boolean to it: false). Anything
/// else is false, not an error: Hugo builds the page.
pub(super) fn hugo_bool(fm: &FrontMatter, key: &str) -> bool {
    fm.get(key)
        .and_then(|v| cast_to_bool(fm, v))
        .unwrap_or(false)
}

/// Hugo 0.112 and later read `draft`, `published` and `headless` with
/// spf13/cast 1.5.1, whose `ToBool` takes any number (`draft = 1` in TOML
/// or JSON is a draft; checked with 0.168.0), where 0.111.3's cast 1.5.0
/// takes only go-yaml's `int`: such a number is made the boolean it reads as.
pub(super) fn numbers_as_booleans(fm: &mut FrontMatter) {
    for value in fm.data_mut().iter_mut().filter_map(|(k, v)| {
        ["draft", "published", "headless"]
            .iter()
            .any(|b| k.eq_ignore_ascii_case(b))
            .then_some(v)
    }) {
        if let Value::Number(n) = value {
            *value = Value::Bool(n.as_f64().is_some_and(|f| f != 0.0));
        }
    }
}

/// The current Hugo reads `headless: true` on any page as
/// `build: {list: never, render: never}` (`page__meta.go`), so a headless
/// section is not listed and a headless page makes no terms (checked
/// with 0.168.0); 0.111.3 reads it on a leaf bundle's `index` only.
pub(super) fn headless_as_build(fm: &mut FrontMatter) {
    if !hugo_bool(fm, "headless") {
        return;
    }
    let mut data = fm.data_mut();
    let key = data
        .keys()
        .find(|k| k.eq_ignore_ascii_case("build"))
        .cloned()
        .unwrap_or_else(|| "build".to_owned());
    let table = data.entry(key).or_insert(Value::Null);
    if !table.is_object() {
        *table = Value::Object(serde_json::Map::new());
    }
    if let Value::Object(options) = table {
        options.retain(|k, _| !k.eq_ignore_ascii_case("list") && !k.eq_ignore_ascii_case("render"));
        for option in ["list", "render"] {
            options.insert(option.to_owned(), Value::String("never".to_owned()));
        }
    }
}

/// `cast.ToBoolE`: `None` where it fails (then Hugo ignores `published`,
/// and reads `false` for `draft`). A null is `false` without failing.
fn cast_to_bool(fm: &FrontMatter, value: &Value) -> Option<bool> {
    match value {
        Value::Null => Some(false),
        Value::Bool(b) => Some(*b),
        Value::String(s) => match s.as_str() {
            "1" | "t" | "T" | "true" | "TRUE" | "True" => Some(true),
            "0" | "f" | "F" | "false" | "FALSE" | "False" => Some(false),
            _ => None,
        },
        // Only go-yaml's `int` is cast; go-toml's `int64` and JSON's
        // `float64` are not.
        Value::Number(n) if fm.format == Some(Format::Yaml) => n.as_i64().map(|i| i != 0),
        _ => None,
    }
}

/// Whether Hugo 0.111.3 builds the page as a draft: `draft` when set,
/// else the opposite of `published` when that reads as a boolean
/// (`published: false` is a draft; `published: 2024-05-01` is a date).
pub(super) fn hugo_draft(fm: &FrontMatter) -> bool {
    if fm.get("draft").is_some() {
        return hugo_bool(fm, "draft");
    }
    fm.get("published")
        .and_then(|v| cast_to_bool(fm, v))
        .is_some_and(|published| !published)
}

/// `cast.ToString` as Hugo applies it to `title`, `slug`, `url` and
/// `translationKey`: a number as Go prints it (`1.5`, `1e3` as `1000`,
/// `.inf` as `+Inf`), a boolean as `true`/`false`; a list, a table or a
/// null as nothing (Hugo's empty string).
pub(super) fn cast_to_string(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.to_string(),
            (_, Some(u), _) => u.to_string(),
            (_, _, Some(f)) => go_float(f),
            _ => n.to_string(),
        }),
        Value::Null | Value::Array(_) | Value::Object(_) => None,
    }
}

/// Go's `strconv.FormatFloat(f, 'f', -1, 64)`: the shortest text that
/// reads back as `f`, never with an exponent, which is what Rust's
/// `Display` writes too, except for the infinities.
fn go_float(f: f64) -> String {
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_owned();
    }
    f.to_string()
}

/// A taxonomy's terms as Hugo 0.111.3 reads them
/// (`types.ToStringSlicePreserveString`): one text is one term, a number
/// or boolean its text (`tags: 7`), a list each item's text; a table, or
/// a list holding one, no term at all.
pub(super) fn hugo_terms(value: &Value) -> Vec<String> {
    match value {
        Value::Array(items) => {
            let texts: Option<Vec<String>> = items
                .iter()
                .map(|v| match v {
                    Value::Null => Some(String::new()),
                    other => cast_to_string(other),
                })
                .collect();
            // An empty term names no page Hugo writes.
            texts
                .unwrap_or_default()
                .into_iter()
                .filter(|t| !t.is_empty())
                .collect()
        }
        other => cast_to_string(other)
            .filter(|t| !t.is_empty())
            .into_iter()
            .collect(),
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
        .filter_map(|k| date_value(fm, k))
        .find_map(super::dates::parse)
}

/// The value of a date key as Hugo's date reader gets it: a JSON number
/// is Go's `float64`, which `cast.ToTimeE` does not read (a YAML or TOML
/// integer is seconds since 1970).
pub(super) fn date_value<'f>(fm: &'f FrontMatter, key: &str) -> Option<&'f Value> {
    fm.get(key)
        .filter(|v| !(fm.format == Some(Format::Json) && v.is_number()))
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
pub(super) fn normalise(
    fm: &mut FrontMatter,
    path: &Path,
    warnings: &mut Vec<sitemap_content::Warning>,
) {
    let draft_odd = fm.get("draft").is_some_and(|v| !v.is_boolean())
        || (fm.get("draft").is_none() && hugo_draft(fm));
    let build = ["build", "_build"].iter().any(|k| fm.get(k).is_some());
    let texts = texts_to_cast(fm);
    let priority = sitemap_priority(fm);
    let mut dates: Vec<(&str, Option<String>)> = Vec::new();
    for key in DATE_KEYS {
        let Some(value) = fm.get(key) else { continue };
        let ours = value
            .as_str()
            .is_some_and(|s| sitemap_pages::overrides::parse_date(s).is_ok());
        let read = date_value(fm, key).and_then(super::dates::parse);
        // `published: false` is a boolean to Hugo (see `hugo_draft`), and
        // no date: dropped without a word.
        if read.is_none() && key == "published" && cast_to_bool(fm, value).is_some() {
            dates.push((key, None));
            continue;
        }
        match read {
            // Hugo's instant and ours are the same where both read it,
            // except a date without a zone, which Hugo puts in UTC and
            // the shared parser keeps as a local date: kept as written.
            Some(_) if ours => {}
            Some(t) => dates.push((key, Some(t.to_string()))),
            None => {
                warnings.push(sitemap_content::Warning::at(
                    path,
                    fm.line_of(key),
                    &format!(
                        "`{key}` {value} is not a date Hugo reads; Hugo builds the page \
                         without it, and so does this scan (write it as 2024-05-01 or \
                         2024-05-01T10:00:00+02:00)"
                    ),
                ));
                dates.push((key, None));
            }
        }
    }
    // `sitemap:` with no value is no table to Hugo: nothing set.
    let null_sitemap = fm.get("sitemap").is_some_and(Value::is_null);
    if !draft_odd
        && !build
        && !null_sitemap
        && dates.is_empty()
        && texts.is_empty()
        && priority.is_none()
    {
        return;
    }
    let draft = hugo_draft(fm);
    let mut data = fm.data_mut();
    if draft_odd && !data.keys().any(|k| k.eq_ignore_ascii_case("draft")) {
        data.insert("draft".to_owned(), Value::Bool(draft));
    }
    let keys: Vec<String> = data.keys().cloned().collect();
    for k in keys {
        let lower = k.to_lowercase();
        if let Some((_, text)) = texts.iter().find(|(t, _)| *t == lower) {
            match text {
                Some(text) => data.insert(k, Value::String(text.clone())),
                None => data.remove(&k),
            };
        } else if lower == "sitemap" && data.get(&k).is_some_and(Value::is_null) {
            data.remove(&k);
        } else if lower == "sitemap"
            && let Some(p) = priority.clone()
            && let Some(Value::Object(table)) = data.get_mut(&k)
            && let Some(key) = table
                .keys()
                .find(|t| t.eq_ignore_ascii_case("priority"))
                .cloned()
        {
            table.insert(key, p);
        } else if lower == "draft" && draft_odd {
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

/// The text keys whose value Hugo casts to text and which are not text
/// as written, with what Hugo makes of them (`None`: nothing). A `slug`
/// loses its leading and trailing hyphens, as Hugo trims them.
fn texts_to_cast(fm: &FrontMatter) -> Vec<(&'static str, Option<String>)> {
    let mut out = Vec::new();
    for key in ["title", "slug", "url", "translationkey"] {
        let Some(value) = fm.get(key) else { continue };
        let text = cast_to_string(value).map(|t| {
            if key == "slug" {
                t.trim_matches('-').to_owned()
            } else {
                t
            }
        });
        if value.as_str() != text.as_deref() {
            out.push((key, text.filter(|t| !t.is_empty())));
        }
    }
    out
}

/// A `sitemap.priority` Hugo reads as a number (`cast.ToFloat64`) though
/// it is not written as one: `true` is 1, `"0.7"` is 0.7. Other values are
/// left to the shared reader, which refuses them.
fn sitemap_priority(fm: &FrontMatter) -> Option<Value> {
    match fm.get("sitemap.priority")? {
        Value::Bool(b) => Some(Value::from(if *b { 1.0 } else { 0.0 })),
        Value::String(s) => s.trim().parse::<f64>().ok().map(Value::from),
        _ => None,
    }
}

/// A page's `lastmod` and `date` places read as the site's
/// `[frontmatter] lastmod` order says (see [`LastmodOrder`]): the first
/// key of each run whose value Hugo reads as a date. `base_name`: the
/// name `:filename` reads a date from (a bundle's folder, else the file
/// name without extension).
pub(super) fn apply_lastmod_order(
    overrides: &mut Overrides,
    fm: &FrontMatter,
    base_name: &str,
    order: &LastmodOrder,
) {
    let read = |keys: &[String]| keys.iter().find_map(|k| order_date(fm, k, base_name));
    overrides.lastmod = read(&order.first);
    overrides.date = read(&order.second);
}

fn order_date(fm: &FrontMatter, key: &str, base_name: &str) -> Option<Lastmod> {
    if key == ":filename" {
        // Hugo's `dateAndSlugFromBaseFilename`: the first ten characters.
        let head = base_name.get(..10)?;
        let t = super::dates::parse(&Value::String(head.to_owned()))?;
        return sitemap_pages::overrides::parse_date(head)
            .ok()
            .or_else(|| sitemap_pages::overrides::parse_date(&t.to_string()).ok());
    }
    let value = date_value(fm, key)?;
    let t = super::dates::parse(value)?;
    // As written where both read it (a date stays a date), else Hugo's
    // instant.
    value
        .as_str()
        .and_then(|s| sitemap_pages::overrides::parse_date(s).ok())
        .or_else(|| sitemap_pages::overrides::parse_date(&t.to_string()).ok())
}

/// What Hugo's `:filename` handler gives a page, when an order reaches
/// it (each order stops at its first handler that finds a date) and the
/// file name starts with a date: the rest of the name as its slug
/// (`2024-05-01-hello` is `hello`, trimmed of spaces, `-` and `_`; `None`
/// when the front matter has a `slug`), and, from the `date` order, its
/// date.
pub(super) fn filename_dates(
    fm: &FrontMatter,
    base_name: &str,
    dates: &DateOrders,
) -> (Option<String>, Option<jiff::civil::Date>) {
    let (mut slug, mut date) = (None, None);
    for (i, order) in dates.orders.iter().enumerate() {
        for id in order {
            let found = match id.as_str() {
                ":filename" => {
                    let Some((civil, _)) = base_name.get(..10).and_then(|head| {
                        super::dates::parse_civil(&Value::String(head.to_owned()))
                    }) else {
                        continue;
                    };
                    if fm.get("slug").is_none() {
                        slug = Some(base_name[10..].trim_matches([' ', '-', '_']).to_owned());
                    }
                    if i == 0 {
                        date = Some(civil.date());
                    }
                    true
                }
                // A tracked file has a commit date when Hugo reads git.
                ":git" => dates.git_info,
                ":filemodtime" => true,
                key => date_value(fm, key).and_then(super::dates::parse).is_some(),
            };
            if found {
                break;
            }
        }
    }
    (slug, date)
}

/// The instant an order (`publishDate`, `expiryDate`) gives a page: its
/// first key with a date Hugo reads, or `:filename`'s; `:git` (with git
/// info) and `:fileModTime` give a time already past, which is all the
/// future and expired checks ask of them.
pub(super) fn order_instant(
    fm: &FrontMatter,
    base_name: &str,
    order: &[String],
    git_info: bool,
) -> Option<jiff::Timestamp> {
    order.iter().find_map(|id| match id.as_str() {
        ":filename" => base_name
            .get(..10)
            .and_then(|head| super::dates::parse(&Value::String(head.to_owned()))),
        ":git" if git_info => Some(jiff::Timestamp::UNIX_EPOCH),
        ":git" => None,
        ":filemodtime" => Some(jiff::Timestamp::UNIX_EPOCH),
        key => date_value(fm, key).and_then(super::dates::parse),
    })
}

/// Whether a page's build options keep it from being rendered at all:
/// `render` is `never` (not `link`).
pub(super) fn never_rendered(fm: &FrontMatter) -> bool {
    ["build", "_build"]
        .iter()
        .any(|table| build_option(fm.get(&format!("{table}.render")), "") == Build::Never)
}

/// Why a page Hugo makes without a file of its own is left out, from
/// what cascades handed it: `draft`, `build`, `sitemap.disable`.
pub(super) fn exclusion_of(fm: &FrontMatter, site_disable: bool) -> Option<Reason> {
    if hugo_draft(fm) {
        Some(Reason::Draft)
    } else if build_excludes(fm) {
        Some(Reason::NotRendered { key: None })
    } else if sitemap_disabled(fm, site_disable) {
        Some(Reason::SitemapDisabled { key: None })
    } else {
        None
    }
}

/// A page's `sitemap.disable`, else the site's default for it.
pub(super) fn sitemap_disabled(fm: &FrontMatter, site_disable: bool) -> bool {
    match fm.get("sitemap.disable") {
        Some(Value::Bool(b)) => *b,
        _ => site_disable,
    }
}
