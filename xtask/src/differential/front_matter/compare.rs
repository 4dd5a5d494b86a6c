//! Hugo's values and ours, side by side: the keys the scan uses, each
//! brought to one form (Hugo's `.Params` hold `slug`, `url` and `title`
//! as the strings Hugo made of them; dates as instants in UTC; terms as
//! URL segments), and each difference given a cause, so it can be sent to
//! whoever fixes that part of the reader.

use serde_json::{Value, json};

/// The keys compared, in report order.
pub(super) const KEYS: [&str; 14] = [
    "slug",
    "url",
    "title",
    "draft",
    "hidden",
    "date",
    "publishDate",
    "expiryDate",
    "lastmod",
    "changefreq",
    "priority",
    "tags",
    "categories",
    "translationKey",
];

/// Hugo's printed page in the shape of `sitemap_hugo::hugo_front_matter_values`.
pub(super) fn hugo_values(page: &Value) -> Value {
    let params = &page["params"];
    let string_param = |key: &str| params[key].as_str().unwrap_or_default().to_owned();
    let segments = |key: &str| -> Vec<String> {
        page[key]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            // A term's URL is percent-encoded; ours is the segment before encoding.
            .map(|p| {
                let segment = p.trim_matches('/').split_once('/').map_or("", |(_, t)| t);
                percent_encoding::percent_decode_str(segment)
                    .decode_utf8_lossy()
                    .into_owned()
            })
            .collect()
    };
    // `.TranslationKey` is `kind/key`, or `kind/path` when none is set.
    let translation_key = if params.get("translationkey").is_some() {
        let key = page["translationKey"].as_str().unwrap_or_default();
        key.split_once('/').map_or(key, |(_, k)| k).to_owned()
    } else {
        String::new()
    };
    let listed = page["listed"].as_bool().unwrap_or(false);
    let rendered = !page["relPermalink"].as_str().unwrap_or_default().is_empty();
    json!({
        "slug": string_param("slug"),
        "url": string_param("url"),
        "title": string_param("title"),
        "draft": page["draft"],
        "hidden": !listed || !rendered,
        "date": page["date"],
        "publishDate": page["publishDate"],
        "expiryDate": page["expiryDate"],
        "lastmod": page["lastmodAsWritten"],
        "changefreq": page["changefreq"],
        "priority": page["priority"],
        "tags": segments("tags"),
        "categories": segments("categories"),
        "translationKey": translation_key,
    })
}

/// Whether Hugo's value of `key` and ours agree.
pub(super) fn same(key: &str, hugo: &Value, ours: &Value) -> bool {
    match key {
        "tags" | "categories" => sorted(hugo) == sorted(ours),
        "lastmod" => same_lastmod(hugo.as_str().unwrap_or(""), ours.as_str().unwrap_or("")),
        "date" | "publishDate" | "expiryDate" => {
            same_instant(hugo.as_str().unwrap_or(""), ours.as_str().unwrap_or(""))
        }
        "priority" => hugo.as_f64() == ours.as_f64(),
        _ => hugo == ours,
    }
}

fn sorted(v: &Value) -> Vec<String> {
    let mut items: Vec<String> = v
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s.as_str().map(str::to_owned))
        .collect();
    items.sort();
    items
}

fn same_instant(hugo: &str, ours: &str) -> bool {
    match (
        hugo.parse::<jiff::Timestamp>(),
        ours.parse::<jiff::Timestamp>(),
    ) {
        (Ok(a), Ok(b)) => a.as_second() == b.as_second(),
        _ => hugo == ours,
    }
}

/// Ours keeps a date as precise as it was written (`2024-05-01`, or no
/// offset for a time written without one): such a value agrees with
/// Hugo's when it is the start of Hugo's, written in the same offset.
fn same_lastmod(hugo: &str, ours: &str) -> bool {
    if ours.is_empty() || hugo.is_empty() {
        return ours == hugo;
    }
    if same_instant(hugo, ours) {
        return true;
    }
    ours.len() < hugo.len() && hugo.starts_with(ours)
}

/// The cause a difference in `key` is routed to, from the value written
/// and Hugo's params; `deliberate` for those the guide names so.
pub(super) fn cause(key: &str, written: Option<&Value>, params: &Value) -> &'static str {
    // The guide's deliberate differences: `build` (the key newer Hugo reads)
    // is read as `_build`, and a `render: link` page is not listed.
    let build_render_link = params["_build"]["render"] == "link";
    let build_new_key = params.get("build").is_some() && params.get("_build").is_none();
    match key {
        "hidden" if build_render_link || build_new_key => "deliberate",
        "date" | "publishDate" | "expiryDate" | "lastmod" => "dates",
        _ => match written {
            Some(Value::String(_)) | None => "other",
            Some(Value::Array(items)) if items.iter().all(Value::is_string) => "other",
            Some(_) => "type conversion",
        },
    }
}

/// The guide ("A Hugo site's own lastmod order"), a deliberate difference:
/// with no order of the site's, ours has no lastmod where Hugo's falls
/// back to the page's `publishDate`.
pub(super) fn lastmod_from_publish_date(hugo: &Value, ours: &Value) -> bool {
    ours["lastmod"].as_str().unwrap_or("").is_empty()
        && !ours["publishDate"].as_str().unwrap_or("").is_empty()
        && same("publishDate", &hugo["lastmod"], &ours["publishDate"])
}

/// The cause of an acceptance difference, from our error message.
pub(super) fn refusal_cause(message: &str) -> &'static str {
    if message.contains("YAML") {
        "YAML grammar"
    } else if message.contains("TOML") {
        "TOML grammar"
    } else if message.contains("JSON") {
        "JSON grammar"
    } else if message.contains("date") {
        "dates"
    } else {
        "type conversion"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lastmod_as_written_agrees_with_hugos_instant() {
        assert!(same_lastmod("2024-05-01T10:00:00Z", "2024-05-01"));
        assert!(same_lastmod(
            "2024-05-01T10:00:00+02:00",
            "2024-05-01T08:00:00Z"
        ));
        assert!(!same_lastmod("2024-05-01T10:00:00Z", "2024-05-02"));
        assert!(!same_lastmod("", "2024-05-02"));
    }

    #[test]
    fn terms_compare_as_sets_of_segments() {
        let hugo = hugo_values(&json!({
            "params": {"slug": "1"},
            "tags": ["/tags/b/", "/tags/%C3%A9t%C3%A9/"],
            "listed": true,
            "relPermalink": "/1/",
        }));
        assert_eq!(hugo["slug"], "1");
        assert!(same("tags", &hugo["tags"], &json!(["été", "b"])));
        assert_eq!(hugo["hidden"], false);
    }
}
