//! Checks of single values, shared by the XML and text readers.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use crate::validate::position::Pos;
use crate::validate::{Options, Sink, thousands};
use crate::{Lastmod, Loc, Precision, Priority, TimePrecision};

/// The characters a `loc` may hold as written: RFC 3986 unreserved,
/// reserved and `%`. Anything else (a space, a non-ASCII letter, `"`,
/// `<`, `{`…) must be percent-encoded first.
fn uri_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c)
}

/// XML's whitespace, which the XSD's `anyURI`, `date` and `decimal` types
/// collapse before judging.
pub(crate) fn xml_trim(s: &str) -> &str {
    s.trim_matches([' ', '\t', '\n', '\r'])
}

/// Checks a `loc` (or an image or alternate URL) as written, after XML
/// unescaping. Returns the parsed URL when it is usable.
pub(crate) fn check_loc(raw: &str, what: &str, at: Pos, sink: &mut Sink) -> Option<Loc> {
    let value = xml_trim(raw);
    if value.len() != raw.len() {
        sink.warning(
            at,
            format!(
                "{what} has whitespace around the URL; consumers trim it, but write the URL alone"
            ),
        );
    }
    if let std::borrow::Cow::Owned(url) = crate::loc::redact_credentials(value) {
        // Before any other check, so no message repeats the password.
        let e = crate::ValueError::Credentials { url: clip(&url) };
        sink.error(at, format!("{what}: {e}"));
        return None;
    }
    if !value.contains("://") {
        sink.error(
            at,
            format!("{what} `{}` is not an absolute URL; a sitemap lists absolute http(s) URLs such as https://example.org/page/", clip(value)),
        );
        return None;
    }
    let chars = value.chars().count();
    if chars < crate::MIN_LOC_LEN {
        sink.error(
            at,
            format!(
                "{what} `{value}` is {chars} characters; the sitemaps.org XSD requires at least {}",
                crate::MIN_LOC_LEN
            ),
        );
        return None;
    }
    if chars > crate::MAX_LOC_LEN {
        sink.error(
            at,
            format!(
                "{what} is {chars} characters; the protocol allows at most {}",
                crate::MAX_LOC_LEN
            ),
        );
        return None;
    }
    if let Some((i, c)) = value.char_indices().find(|&(_, c)| !uri_char(c)) {
        let mut enc = [0u8; 4];
        let encoded: String = c
            .encode_utf8(&mut enc)
            .bytes()
            .map(|b| format!("%{b:02X}"))
            .collect();
        let shown = if c == ' ' {
            "a space".to_owned()
        } else {
            format!("`{c}`")
        };
        sink.error(
            at,
            format!(
                "{what} `{}` is not percent-encoded: {shown} at character {} must be written {encoded}",
                clip(value),
                value[..i].chars().count() + 1
            ),
        );
        return None;
    }
    if value.contains("&amp;") {
        sink.warning(
            at,
            format!(
                "{what} `{}` contains `&amp;` after unescaping: the `&` was escaped twice (write `&amp;` in the XML, not `&amp;amp;`)",
                clip(value)
            ),
        );
    }
    match Loc::parse(value) {
        Ok(loc) => Some(loc),
        Err(e) => {
            sink.error(at, format!("{what}: {e}").replacen("loc `", "`", 1));
            None
        }
    }
}

/// Checks a `lastmod` against the W3C Datetime profile and the XSD.
pub(crate) fn check_lastmod(raw: &str, at: Pos, sink: &mut Sink) {
    let value = xml_trim(raw);
    if value.len() != raw.len() {
        sink.warning(
            at,
            "<lastmod> has whitespace around the date; write the date alone",
        );
    }
    match Lastmod::parse(value) {
        Ok(lastmod) => match lastmod.precision() {
            Precision::Year | Precision::Month | Precision::Time(TimePrecision::Minute) => sink.warning(
                at,
                format!(
                    "lastmod `{value}` is a W3C Datetime, but the sitemaps.org XSD (xsd:date or xsd:dateTime) refuses it and validating consumers drop the file; write `{}`",
                    lastmod.to_xsd_string()
                ),
            ),
            _ => {}
        },
        Err(e) => {
            // The XSD's xsd:date allows a zone on a date and xsd:dateTime
            // allows no zone; W3C Datetime allows neither. Say which.
            let b = value.as_bytes();
            let time_without_zone = b.len() >= 19
                && b.get(10) == Some(&b'T')
                && Lastmod::parse(&format!("{value}Z")).is_ok();
            // `is_char_boundary`: byte 10 may fall inside a character
            // (the fuzz target found `2024-05-\u{feff}01`).
            let date_with_zone = b.len() > 10
                && value.is_char_boundary(10)
                && Lastmod::parse(&value[..10]).is_ok()
                && (value[10..] == *"Z" || Lastmod::parse(&format!("{}T00:00:00{}", &value[..10], &value[10..])).is_ok());
            if time_without_zone {
                sink.error(
                    at,
                    format!(
                        "lastmod `{value}` has a time but no time zone; W3C Datetime requires `Z` or `±hh:mm` (the XSD accepts it, but the instant is ambiguous)"
                    ),
                );
            } else if date_with_zone {
                sink.warning(
                    at,
                    format!(
                        "lastmod `{value}` is a date with a time zone, which W3C Datetime does not define; write `{}`",
                        &value[..10]
                    ),
                );
            } else {
                sink.error(at, e.to_string());
            }
        }
    }
}

pub(crate) fn check_changefreq(raw: &str, at: Pos, sink: &mut Sink) {
    if raw.parse::<crate::ChangeFreq>().is_ok()
        && crate::ChangeFreq::ALL.iter().any(|c| c.as_str() == raw)
    {
        return;
    }
    let lower = xml_trim(raw).to_ascii_lowercase();
    let hint = if crate::ChangeFreq::ALL.iter().any(|c| c.as_str() == lower) {
        format!(" (write `{lower}`: the value is case- and space-sensitive)")
    } else {
        String::new()
    };
    sink.error(
        at,
        format!(
            "changefreq `{}`: expected one of always, hourly, daily, weekly, monthly, yearly, never{hint}",
            clip(raw)
        ),
    );
}

pub(crate) fn check_priority(raw: &str, at: Pos, sink: &mut Sink) {
    let value = xml_trim(raw);
    // xsd:decimal: optional sign, digits with an optional point.
    let unsigned = value.strip_prefix(['+', '-']).unwrap_or(value);
    let (int, frac) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
    let decimal = !(int.is_empty() && frac.is_empty()) && digits(int) && digits(frac);
    if !decimal {
        sink.error(
            at,
            format!(
                "priority `{}`: expected a number from 0.0 to 1.0",
                clip(raw)
            ),
        );
        return;
    }
    let negative =
        value.starts_with('-') && unsigned.bytes().any(|b| b.is_ascii_digit() && b != b'0');
    let int_value = int.trim_start_matches('0');
    let above_one = !int_value.is_empty() && (int_value != "1" || frac.bytes().any(|b| b != b'0'));
    if negative || above_one {
        sink.error(
            at,
            format!(
                "priority `{}`: expected a number from 0.0 to 1.0",
                clip(raw)
            ),
        );
        return;
    }
    if value.len() != raw.len() {
        sink.warning(
            at,
            "<priority> has whitespace around the number; write the number alone",
        );
    }
    if value.parse::<Priority>().is_err() {
        sink.warning(
            at,
            format!("priority `{value}` is in range but unusual; write it plainly, such as `0.5` (no sign, at most four decimals)"),
        );
    }
}

pub(crate) fn clip(s: &str) -> String {
    const MAX: usize = 100;
    if s.chars().count() <= MAX {
        s.to_owned()
    } else {
        let mut out: String = s.chars().take(MAX).collect();
        out.push('…');
        out
    }
}

/// The per-file checks across entries: count, duplicates, location rule.
pub(crate) struct Entries {
    seen: HashMap<u128, u64>,
    pub(crate) count: u64,
    max: u64,
    over_reported: bool,
    location: Option<Loc>,
    /// An index lists sitemaps on the same host; a sitemap lists URLs
    /// under its folder.
    index: bool,
    what: &'static str,
}

impl Entries {
    pub(crate) fn new(options: &Options, index: bool) -> Entries {
        Entries {
            seen: HashMap::new(),
            count: 0,
            max: if index {
                options.limits.max_sitemaps
            } else {
                options.limits.max_urls
            },
            over_reported: false,
            location: options.location.clone(),
            index,
            what: if index { "<sitemap> entries" } else { "URLs" },
        }
    }

    /// Counts one entry, reporting once when the limit is passed.
    pub(crate) fn count(&mut self, at: Pos, sink: &mut Sink, limits: &crate::Limits) {
        self.count += 1;
        if self.count > self.max && !self.over_reported {
            self.over_reported = true;
            sink.error(
                at,
                format!(
                    "more than {} {} in one file ({}); split the set and list the files in a sitemap index",
                    thousands(self.max),
                    self.what,
                    crate::validate::profile_name(limits)
                ),
            );
        }
    }

    /// Duplicate and location checks for one parsed URL.
    pub(crate) fn check(&mut self, loc: &Loc, at: Pos, sink: &mut Sink) {
        if let Some(location) = &self.location {
            if self.index {
                if origin(loc) != origin(location) {
                    sink.error(
                        at,
                        format!(
                            "sitemap `{loc}` is on another site than the index at `{location}`; an index may list only sitemaps on its own host"
                        ),
                    );
                }
            } else if !loc.is_under(location) {
                sink.error(
                    at,
                    format!(
                        "`{loc}` is outside `{}`: a sitemap at `{location}` may list only URLs under its folder (location rule)",
                        location.folder()
                    ),
                );
            }
        }
        // Past the limit the file is invalid anyway; stop growing the set.
        if self.count > self.max {
            return;
        }
        let key = hash128(loc.as_str());
        match self.seen.get(&key) {
            Some(&first) => sink.error(
                at,
                format!("duplicate URL `{loc}`; first listed on line {first}"),
            ),
            None => {
                self.seen.insert(key, at.line);
            }
        }
    }
}

fn origin(loc: &Loc) -> &str {
    let s = loc.as_str();
    let after = s.find("://").map_or(0, |i| i + 3);
    let end = s[after..].find(['/', '?']).map_or(s.len(), |i| after + i);
    &s[..end]
}

/// Two independent 64-bit hashes: a collision (a false duplicate) needs
/// both to collide, so holding hashes instead of strings is safe.
fn hash128(s: &str) -> u128 {
    let mut a = DefaultHasher::new();
    s.hash(&mut a);
    let mut b = DefaultHasher::new();
    0xA5u8.hash(&mut b);
    s.hash(&mut b);
    (u128::from(a.finish()) << 64) | u128::from(b.finish())
}

/// Whether a character may appear in an XML 1.0 document.
pub(crate) fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(f: impl FnOnce(&mut Sink)) -> Vec<String> {
        let mut sink = Sink::new(10);
        f(&mut sink);
        sink.diagnostics
            .into_iter()
            .map(|d| format!("{}: {}", d.severity, d.message))
            .collect()
    }

    #[test]
    fn priority_follows_xsd_decimal() {
        for ok in ["0", "0.0", "1", "1.0", "1.000", ".5", "0.25", "-0.0"] {
            assert!(
                run(|s| check_priority(ok, Pos::default(), s))
                    .iter()
                    .all(|m| m.starts_with("warning")),
                "{ok}"
            );
        }
        for bad in ["1.5", "2", "-0.1", "high", "", "1e-1", "0,5"] {
            assert_eq!(
                run(|s| check_priority(bad, Pos::default(), s)).len(),
                1,
                "{bad}"
            );
        }
    }

    #[test]
    fn loc_needs_percent_encoding() {
        let out = run(|s| {
            check_loc("https://example.org/a b", "<loc>", Pos::default(), s);
        });
        assert_eq!(
            out,
            [
                "error: <loc> `https://example.org/a b` is not percent-encoded: a space at character 22 must be written %20"
            ]
        );
    }
}
