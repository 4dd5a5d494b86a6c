//! What a plain scalar means to Hugo 0.152 and later, which read YAML
//! with `github.com/goccy/go-yaml` (v1.19: `token.New` and `toNumber`)
//! instead of go-yaml v2. It follows YAML 1.2: `yes`, `no`, `on`, `off`,
//! `y` and `n` are text, so a `draft: yes` page is published (v2 read it
//! as `true`), and a number is a number only as `toNumber` reads it (`1e3`
//! is text, `08` is text, `0o17` is 15).

use super::resolve::Resolved;

/// `token.New`'s reading of an untagged plain scalar (or one tagged with
/// a type it resolves; `_timestamps` is unused: goccy keeps a timestamp
/// as its text when decoding into Hugo's untyped maps).
pub(super) fn resolve(text: &str, _timestamps: bool) -> Resolved {
    match text {
        "true" | "True" | "TRUE" => Resolved::Bool(true),
        "false" | "False" | "FALSE" => Resolved::Bool(false),
        "" | "~" | "null" | "Null" | "NULL" => Resolved::Null,
        ".nan" | ".NaN" | ".NAN" => Resolved::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" => Resolved::Float(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => Resolved::Float(f64::NEG_INFINITY),
        _ => number(text).unwrap_or(Resolved::Str),
    }
}

/// `toNumber`: at most one `.`; a sign (`+` or `-`) and every `_`
/// removed; `0x`, `0o`, `0b` or a leading `0` (without a `.`) for the
/// base; a `.` makes it a float (Go's `ParseFloat`, which refuses what
/// overflows). An unsigned integer is a `uint64`, a negative one an
/// `int64`; what Go's parsers refuse is text.
fn number(value: &str) -> Option<Resolved> {
    if value.starts_with('_') {
        return None;
    }
    let dots = value.matches('.').count();
    if dots > 1 {
        return None;
    }
    let negative = value.starts_with('-');
    let unsigned = value.strip_prefix('+').unwrap_or(value);
    let unsigned = unsigned.strip_prefix('-').unwrap_or(unsigned);
    let normalized = unsigned.replace('_', "");
    let (digits, radix) = if let Some(d) = normalized.strip_prefix("0x") {
        (d, 16)
    } else if let Some(d) = normalized.strip_prefix("0o") {
        (d, 8)
    } else if let Some(d) = normalized.strip_prefix("0b") {
        (d, 2)
    } else if normalized.starts_with('0') && normalized.len() > 1 && dots == 0 {
        (normalized.as_str(), 8)
    } else if dots == 1 {
        // Rust's float grammar is Go's here: digits with one `.`, an
        // optional exponent (`inf` and `nan` need no `.`, so never get
        // here with one that parses).
        let text = if negative {
            format!("-{normalized}")
        } else {
            normalized.clone()
        };
        return text
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(Resolved::Float);
    } else {
        (normalized.as_str(), 10)
    };
    // Go's parsers with an explicit base take digits only, no sign.
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let magnitude = u64::from_str_radix(digits, radix).ok()?;
    if negative {
        // i64::MIN's magnitude is one past i64::MAX.
        return (magnitude <= i64::MAX as u64 + 1)
            .then(|| Resolved::Int((magnitude as i64).wrapping_neg()));
    }
    Some(Resolved::Uint(magnitude))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each reading checked with Hugo 0.168.0 (a page's `slug`, whose
    /// URL shows the value as Hugo turned it into text) where it shows
    /// there, else against goccy's `toNumber`.
    #[test]
    fn scalars_as_hugo_0_168_reads_them() {
        let cases = [
            ("yes", Resolved::Str),
            ("on", Resolved::Str),
            ("y", Resolved::Str),
            ("no", Resolved::Str),
            ("True", Resolved::Bool(true)),
            ("FALSE", Resolved::Bool(false)),
            ("~", Resolved::Null),
            ("010", Resolved::Uint(8)),
            ("08", Resolved::Str),
            ("0o17", Resolved::Uint(15)),
            ("0b11", Resolved::Uint(3)),
            ("0x10", Resolved::Uint(16)),
            ("+12", Resolved::Uint(12)),
            ("-12", Resolved::Int(-12)),
            ("1_000", Resolved::Uint(1000)),
            ("1e3", Resolved::Str),
            ("1.5e3", Resolved::Float(1500.0)),
            (".5", Resolved::Float(0.5)),
            ("2.50", Resolved::Float(2.5)),
            ("1.0e400", Resolved::Str),
            ("1.2.3", Resolved::Str),
            ("2024-01-01", Resolved::Str),
            ("-", Resolved::Str),
            ("0x", Resolved::Str),
            ("0x+5", Resolved::Str),
            ("_1", Resolved::Str),
            ("+.inf", Resolved::Str),
            ("-9223372036854775808", Resolved::Int(i64::MIN)),
            ("18446744073709551615", Resolved::Uint(u64::MAX)),
            ("18446744073709551616", Resolved::Str),
        ];
        for (text, want) in cases {
            assert_eq!(resolve(text, false), want, "{text}");
        }
    }
}
