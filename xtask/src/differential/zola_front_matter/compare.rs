//! Zola's values and ours, side by side: the keys the scan uses, each
//! brought to one form (dates as instants, since Zola keeps the string
//! as written and reads one without an offset as UTC; terms as URL
//! paths), and each difference given a cause.

use serde_json::{Value, json};

/// The keys compared, in report order.
pub(super) const KEYS: [&str; 9] = [
    "path",
    "rendered",
    "draft",
    "date",
    "lastmod",
    "terms",
    "transparent",
    "paginate_by",
    "kind",
];

/// Zola's printed page or section in the shape of
/// `sitemap_zola::zola_front_matter_values`.
pub(super) fn zola_values(printed: &Value, section: bool) -> Value {
    let text = |key: &str| printed[key].as_str().unwrap_or_default().to_owned();
    let rendered = printed["rendered"].as_bool().unwrap_or(false);
    let mut terms: Vec<String> = printed["terms"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t.as_str())
        .map(|t| {
            percent_encoding::percent_decode_str(t)
                .decode_utf8_lossy()
                .into_owned()
        })
        .collect();
    terms.sort();
    // Zola's sitemap: a page's `updated`, else its `date`; a section none.
    let (date, lastmod) = if section {
        (String::new(), String::new())
    } else {
        let updated = text("updated");
        let date = text("date");
        let lastmod = if printed["updated"].is_null() {
            date.clone()
        } else {
            updated
        };
        (date, lastmod)
    };
    json!({
        "kind": if section { "section" } else { "page" },
        "path": if rendered { text("path") } else { String::new() },
        "rendered": rendered,
        "draft": printed["draft"],
        "date": date,
        "lastmod": lastmod,
        "terms": terms,
        "transparent": if section { printed["transparent"].clone() } else { Value::Null },
        "paginate_by": if section { printed["paginate_by"].clone() } else { Value::Null },
    })
}

/// Ours in the same shape: the values function's output, `lastmod` as
/// the sitemap writes it (`updated`, else `date`).
pub(super) fn our_values(ours: &Value) -> Value {
    let mut v = ours.clone();
    let section = ours["kind"] == "section";
    if v["lastmod"].as_str().unwrap_or_default().is_empty() {
        v["lastmod"] = v["date"].clone();
    }
    let mut terms: Vec<String> = ours["terms"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t.as_str())
        .map(|t| {
            percent_encoding::percent_decode_str(t)
                .decode_utf8_lossy()
                .into_owned()
        })
        .collect();
    terms.sort();
    v["terms"] = json!(terms);
    if !section {
        v["transparent"] = Value::Null;
        v["paginate_by"] = Value::Null;
    }
    v
}

/// Whether Zola's value of `key` and ours agree.
pub(super) fn same(key: &str, zola: &Value, ours: &Value) -> bool {
    match key {
        "date" | "lastmod" => same_date(zola.as_str().unwrap_or(""), ours.as_str().unwrap_or("")),
        _ => zola == ours,
    }
}

/// A date as Zola's `parse_datetime` reads it: RFC 3339, the same with
/// `Z` added (no offset is UTC), or a bare date at midnight UTC.
fn instant(s: &str) -> Option<i64> {
    let s = s.trim();
    if let Ok(t) = s.parse::<jiff::Timestamp>() {
        return Some(t.as_second());
    }
    if let Ok(t) = format!("{s}Z").parse::<jiff::Timestamp>() {
        return Some(t.as_second());
    }
    s.parse::<jiff::civil::Date>()
        .ok()
        .and_then(|d| d.to_zoned(jiff::tz::TimeZone::UTC).ok())
        .map(|z| z.timestamp().as_second())
}

/// Zola's sitemap writes a time without an offset as it was written,
/// which W3C Datetime forbids; ours keeps its day (the guide's deliberate
/// differences): that day agrees.
fn same_date(zola: &str, ours: &str) -> bool {
    if zola.is_empty() || ours.is_empty() {
        return zola == ours;
    }
    match (instant(zola), instant(ours)) {
        (Some(a), Some(b)) if a == b => true,
        _ => zola == ours || (ours.len() == 10 && no_offset(zola) && zola.starts_with(ours)),
    }
}

/// A date and time with no `Z` or `±hh:mm` after the time.
fn no_offset(s: &str) -> bool {
    let Some(time) = s.get(11..) else {
        return false;
    };
    !(time.ends_with('Z') || time.ends_with('z') || time.contains(['+', '-']))
}

/// The cause a difference in `key` is routed to; `deliberate` for those
/// the guide names so: a page's `lastmod` key (or Jekyll's
/// `last_modified_at`), which Zola ignores, is its lastmod to us; a
/// section's `redirect_to` makes a redirect stub, which Zola lists and we
/// leave out.
pub(super) fn cause(key: &str, block: &str) -> &'static str {
    let has = |keys: &[&str]| {
        block.lines().any(|l| {
            let l = l.trim_start();
            keys.iter().any(|k| {
                l.strip_prefix(k)
                    .is_some_and(|rest| rest.trim_start().starts_with(['=', ':']))
            })
        })
    };
    match key {
        "lastmod" if has(&["lastmod", "last_modified_at"]) => "deliberate",
        "path" | "rendered" if has(&["redirect_to"]) => "deliberate",
        "date" | "lastmod" => "dates",
        "terms" => "taxonomies",
        "path" | "rendered" => "URL",
        _ => "other",
    }
}

/// The cause of an acceptance difference, from our error message.
pub(super) fn refusal_cause(message: &str) -> &'static str {
    if message.contains("YAML") {
        "YAML grammar"
    } else if message.contains("TOML") {
        "TOML grammar"
    } else if message.contains("date") || message.contains("updated") {
        "dates"
    } else if message.contains("not a section setting") {
        "section keys"
    } else {
        "type conversion"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_compare_as_zola_reads_them() {
        assert!(same_date("2024-05-01", "2024-05-01"));
        assert!(same_date("2024-05-01T10:00:00", "2024-05-01T10:00:00Z"));
        assert!(same_date(
            "2024-05-01T12:00:00+02:00",
            "2024-05-01T10:00:00Z"
        ));
        assert!(!same_date("2024-05-01", "2024-05-02"));
        assert!(same_date("2024-05-01 10:00:00", "2024-05-01"));
        assert!(!same_date("2024-05-01T10:00:00+02:00", "2024-05-01"));
        assert!(!same_date("", "2024-05-02"));
    }

    #[test]
    fn a_pages_lastmod_is_updated_else_date() {
        let zola = zola_values(
            &json!({"path": "/p/", "rendered": true, "draft": false, "date": "2024-05-01", "updated": null, "terms": []}),
            false,
        );
        assert_eq!(zola["lastmod"], "2024-05-01");
        let ours =
            our_values(&json!({"kind": "page", "date": "2024-05-01", "lastmod": "", "terms": []}));
        assert_eq!(ours["lastmod"], "2024-05-01");
    }
}
