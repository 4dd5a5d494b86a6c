//! Turning the dates pages write about themselves into a `lastmod`.

use jiff::fmt::temporal::{Pieces, PiecesOffset};
use sitemap_core::Lastmod;

/// Reads a date as pages write it.
///
/// Accepted, in order: a W3C Datetime (what the sitemap wants, kept at the
/// precision given); an ISO 8601 / RFC 3339 date-time that the W3C profile
/// does not cover (`+0000` offsets, a space instead of `T`); an HTTP date
/// (`Tue, 15 Nov 1994 12:45:26 GMT`, what `<meta http-equiv="last-modified">`
/// usually holds). A date-time without any offset names no instant, so only
/// its date is kept rather than guessing a time zone.
pub(crate) fn parse_markup_date(input: &str) -> Option<Lastmod> {
    let input = input.trim();
    if let Ok(l) = Lastmod::parse(input) {
        return Some(l);
    }
    if let Ok(pieces) = Pieces::parse(input) {
        let date = pieces.date();
        return match (pieces.time(), pieces.offset()) {
            (Some(time), Some(PiecesOffset::Numeric(n))) => {
                Lastmod::from_offset_datetime(date.to_datetime(time), n.offset()).ok()
            }
            (Some(time), Some(PiecesOffset::Zulu)) => {
                Lastmod::from_offset_datetime(date.to_datetime(time), jiff::tz::Offset::UTC).ok()
            }
            _ => Lastmod::from_date(date).ok(),
        };
    }
    if let Ok(zoned) = jiff::fmt::rfc2822::DateTimeParser::new().parse_zoned(input) {
        return Lastmod::from_zoned(&zoned).ok();
    }
    None
}

/// Every `dateModified` in a JSON-LD block: at the top level, in a
/// top-level array, or in an `@graph` (the shape Yoast and most SEO plugins
/// write). Nested objects (an article's `author`) are not searched: their
/// dates are about something else.
pub(crate) fn json_ld_date_modified(block: &str) -> Result<Vec<String>, serde_json::Error> {
    let value: serde_json::Value = serde_json::from_str(block)?;
    let mut found = Vec::new();
    collect_top(&value, &mut found);
    Ok(found)
}

fn collect_top(value: &serde_json::Value, found: &mut Vec<String>) {
    match value {
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_node(v, found)),
        serde_json::Value::Object(_) => collect_node(value, found),
        _ => {}
    }
}

fn collect_node(value: &serde_json::Value, found: &mut Vec<String>) {
    let serde_json::Value::Object(map) = value else {
        return;
    };
    if let Some(serde_json::Value::String(s)) = map.get("dateModified") {
        found.push(s.clone());
    }
    if let Some(serde_json::Value::Array(graph)) = map.get("@graph") {
        for node in graph {
            if let serde_json::Value::Object(node) = node
                && let Some(serde_json::Value::String(s)) = node.get("dateModified")
            {
                found.push(s.clone());
            }
        }
    }
}

#[cfg(test)]
mod unit {
    use super::*;

    fn shown(input: &str) -> Option<String> {
        parse_markup_date(input).map(|l| l.to_string())
    }

    #[test]
    fn markup_dates() {
        assert_eq!(shown("2024-05-01").as_deref(), Some("2024-05-01"));
        assert_eq!(
            shown("2024-05-01T10:30:00+02:00").as_deref(),
            Some("2024-05-01T10:30:00+02:00")
        );
        assert_eq!(
            shown(" 2024-05-01T10:30:00Z ").as_deref(),
            Some("2024-05-01T10:30:00Z")
        );
        assert_eq!(
            shown("2024-05-01T10:30:00+0200").as_deref(),
            Some("2024-05-01T10:30:00+02:00")
        );
        assert_eq!(
            shown("2024-05-01 10:30:00+02:00").as_deref(),
            Some("2024-05-01T10:30:00+02:00")
        );
        // No offset: the instant is unknown, the date is not.
        assert_eq!(shown("2024-05-01T10:30:00").as_deref(), Some("2024-05-01"));
        assert_eq!(
            shown("Tue, 15 Nov 1994 12:45:26 GMT").as_deref(),
            Some("1994-11-15T12:45:26Z")
        );
        assert_eq!(shown("last tuesday"), None);
        assert_eq!(shown("2024-13-01"), None);
    }

    #[test]
    fn json_ld_shapes() {
        let top = r#"{"@type":"Article","dateModified":"2024-01-02","author":{"dateModified":"1999-01-01"}}"#;
        assert_eq!(json_ld_date_modified(top).unwrap(), vec!["2024-01-02"]);
        let graph = r#"{"@context":"https://schema.org","@graph":[{"@type":"WebSite"},{"@type":"WebPage","dateModified":"2024-03-04T05:06:07+00:00"}]}"#;
        assert_eq!(
            json_ld_date_modified(graph).unwrap(),
            vec!["2024-03-04T05:06:07+00:00"]
        );
        let array = r#"[{"dateModified":"2024-01-01"},{"dateModified":"2024-02-01"}]"#;
        assert_eq!(
            json_ld_date_modified(array).unwrap(),
            vec!["2024-01-01", "2024-02-01"]
        );
        assert!(json_ld_date_modified("{ not json").is_err());
    }
}
