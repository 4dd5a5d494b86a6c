//! `date` and `updated` as Zola 0.22 reads them (`utils::de::
//! from_unknown_datetime`): a string TOML reads as a date-time is kept
//! in TOML's form; else one of the YAML-style dates its pattern takes
//! (one-digit months and days, a space before the time or the offset, a
//! lowercase `t`) is rewritten as RFC 3339; anything else refuses the
//! site. The sitemap then writes the rewritten string.

use std::str::FromStr;
use std::sync::LazyLock;

use jiff::civil::DateTime;
use jiff::tz::{Offset, TimeZone};
use regex::Regex;

/// Zola's own pattern (`parse_yaml_datetime`).
static YAML_DATETIME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^"?(?P<year>[0-9]{4})-(?P<month>[0-9][0-9]?)-(?P<day>[0-9][0-9]?)(?:(?:[Tt]|[ \t]+)(?P<hour>[0-9][0-9]?):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})(?P<fraction>\.[0-9]{0,9})?[ \t]*(?:(?P<utc>Z)|(?P<offset>(?P<offset_hour>[-+][0-9][0-9]?)(?::(?P<offset_minute>[0-9][0-9]))?))?)?"?$"#)
        .expect("a valid pattern")
});

/// The string Zola keeps for a `date`/`updated` written as `text`, or
/// `None` when Zola refuses it ("Unable to parse datetime").
pub(super) fn zola_datetime(text: &str) -> Option<String> {
    if let Ok(d) = toml::value::Datetime::from_str(text) {
        return Some(d.to_string());
    }
    let c = YAML_DATETIME.captures(text)?;
    let number =
        |name: &str| -> Option<i64> { c.name(name).map_or(Some(0), |m| m.as_str().parse().ok()) };
    let fraction = c.name("fraction").map_or("", |m| m.as_str());
    // `.5` is half a second; Zola scales the digits it reads to nanoseconds.
    let nanos = fraction
        .get(1..)
        .filter(|d| !d.is_empty())
        .map_or(Some(0), |d| format!("{d:0<9}").parse::<i32>().ok())?;
    let offset_hours = number("offset_hour")?;
    let offset_minutes = number("offset_minute")?;
    let offset_minutes = if offset_hours < 0 {
        offset_hours * 60 - offset_minutes
    } else {
        offset_hours * 60 + offset_minutes
    };
    let at = DateTime::new(
        i16::try_from(number("year")?).ok()?,
        i8::try_from(number("month")?).ok()?,
        i8::try_from(number("day")?).ok()?,
        i8::try_from(number("hour")?).ok()?,
        i8::try_from(number("minute")?).ok()?,
        i8::try_from(number("second")?).ok()?,
        nanos,
    )
    .ok()?;
    let offset = Offset::from_seconds(i32::try_from(offset_minutes * 60).ok()?).ok()?;
    let zoned = at.to_zoned(TimeZone::fixed(offset)).ok()?;
    // RFC 3339 as the `time` crate writes it: `Z` for UTC, the fraction
    // without trailing zeros.
    let mut s = zoned.datetime().strftime("%Y-%m-%dT%H:%M:%S").to_string();
    if nanos > 0 {
        let digits = format!("{nanos:09}");
        s.push('.');
        s.push_str(digits.trim_end_matches('0'));
    }
    if offset_minutes == 0 {
        s.push('Z');
    } else {
        let sign = if offset_minutes < 0 { '-' } else { '+' };
        let m = offset_minutes.abs();
        s.push_str(&format!("{sign}{:02}:{:02}", m / 60, m % 60));
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::zola_datetime;

    #[test]
    fn dates_as_zola_keeps_them() {
        assert_eq!(zola_datetime("2024-01-05").as_deref(), Some("2024-01-05"));
        assert_eq!(
            zola_datetime("2024-01-05 10:00:00").as_deref(),
            Some("2024-01-05T10:00:00")
        );
        assert_eq!(
            zola_datetime("2024-1-5").as_deref(),
            Some("2024-01-05T00:00:00Z")
        );
        assert_eq!(
            zola_datetime("2024-01-05 10:00:00 +02:00").as_deref(),
            Some("2024-01-05T10:00:00+02:00")
        );
        assert_eq!(
            zola_datetime("2024-01-05t10:00:00.50Z").as_deref(),
            Some("2024-01-05T10:00:00.5Z")
        );
        assert_eq!(zola_datetime("last week"), None);
        assert_eq!(zola_datetime("2024-13-05"), None);
    }
}
