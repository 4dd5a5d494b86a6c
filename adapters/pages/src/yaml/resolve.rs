//! What a scalar means: the rules of the YAML library each generator
//! links, for a value decoded into an untyped map (Hugo's `Params`,
//! Zola's `extra`).
//!
//! - Hugo 0.111.3: `gopkg.in/yaml.v2` 2.4.0, `resolve.go` and
//!   `decode.go` (`decoder.scalar`), YAML 1.1.
//! - Zola 0.22: serde_yaml 0.9, `de.rs` (`visit_untagged_scalar`), YAML 1.2
//!   core schema.

use libyaml_safer::ScalarStyle;
use serde_json::Value;

use super::Dialect;

/// The long form of the tags YAML abbreviates as `!!x`.
const TAG_PREFIX: &str = "tag:yaml.org,2002:";

/// A scalar as the events give it.
pub(super) struct Scalar<'a> {
    pub(super) text: String,
    pub(super) style: ScalarStyle,
    pub(super) tag: Option<&'a str>,
    /// libyaml's `plain_implicit`: plain with no tag, or tagged `!`.
    pub(super) plain_implicit: bool,
}

/// A scalar's value, or why the library refuses it.
pub(super) fn scalar(dialect: Dialect, s: Scalar<'_>) -> Result<Value, String> {
    match dialect {
        Dialect::Hugo => go_yaml(s, resolve_v2),
        Dialect::HugoGoccy => go_yaml(s, super::goccy::resolve),
        Dialect::Zola => serde_yaml_09(s),
    }
}

/// What go-yaml v2 (or goccy/go-yaml) resolved a scalar to, before it
/// becomes a value.
#[derive(Debug, PartialEq)]
pub(super) enum Resolved {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Float(f64),
    Str,
    /// Kept as its text when decoded into `interface{}` (v2's
    /// backward-compatible choice).
    Timestamp,
}

impl Resolved {
    fn tag(&self) -> &'static str {
        match self {
            Resolved::Null => "null",
            Resolved::Bool(_) => "bool",
            Resolved::Int(_) | Resolved::Uint(_) => "int",
            Resolved::Float(_) => "float",
            Resolved::Str => "str",
            Resolved::Timestamp => "timestamp",
        }
    }
}

/// A scalar as Hugo's YAML library decodes it into an untyped map, its
/// plain scalars read by `resolve` (go-yaml v2's or goccy's rules).
fn go_yaml(s: Scalar<'_>, resolve: fn(&str, bool) -> Resolved) -> Result<Value, String> {
    // `decoder.scalar`: an untagged quoted or block scalar is a string.
    if s.tag.is_none() && !s.plain_implicit {
        return Ok(Value::String(s.text));
    }
    let tag = s
        .tag
        .map(|t| t.strip_prefix(TAG_PREFIX).map_or(t, |short| short));
    let resolved = match tag {
        None => resolve(&s.text, true),
        Some(t @ ("str" | "bool" | "int" | "float" | "null" | "timestamp")) => {
            let resolved = if t == "str" {
                Resolved::Str
            } else {
                resolve(&s.text, t == "timestamp")
            };
            match (t, resolved) {
                (_, r) if r.tag() == t || t == "str" => r,
                // An int asked to be a float becomes one.
                ("float", Resolved::Int(i)) => Resolved::Float(i as f64),
                ("float", Resolved::Uint(u)) => Resolved::Float(u as f64),
                (_, r) => {
                    return Err(format!(
                        "cannot decode !!{} `{}` as a !!{t}",
                        r.tag(),
                        s.text
                    ));
                }
            }
        }
        // `decoder.scalar` decodes `!!binary` with Go's
        // `base64.StdEncoding`, which skips line breaks.
        Some("binary") => {
            use base64::Engine as _;
            let text: String = s
                .text
                .chars()
                .filter(|c| !matches!(c, '\r' | '\n'))
                .collect();
            return match base64::engine::general_purpose::STANDARD.decode(text) {
                Ok(bytes) => Ok(Value::String(String::from_utf8_lossy(&bytes).into_owned())),
                Err(_) => Err("!!binary value contains invalid base64 data".to_owned()),
            };
        }
        // `!`, local tags (`!foo`) and the other global ones: the text.
        Some(_) => Resolved::Str,
    };
    Ok(match resolved {
        Resolved::Null => Value::Null,
        Resolved::Bool(b) => Value::Bool(b),
        Resolved::Int(i) => Value::from(i),
        Resolved::Uint(u) => Value::from(u),
        // JSON holds no infinity or NaN: the text is kept, so a
        // `priority: .nan` is refused as what was written.
        Resolved::Float(f) if f.is_finite() => Value::from(f),
        Resolved::Float(_) | Resolved::Str | Resolved::Timestamp => Value::String(s.text),
    })
}

/// `resolve.go`'s `resolve` for an untagged plain scalar (or one tagged
/// with a type it resolves). The first character picks what it may be.
fn resolve_v2(text: &str, timestamps: bool) -> Resolved {
    match text {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return Resolved::Bool(true);
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return Resolved::Bool(false);
        }
        "" | "~" | "null" | "Null" | "NULL" => return Resolved::Null,
        ".nan" | ".NaN" | ".NAN" => return Resolved::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Resolved::Float(f64::INFINITY);
        }
        "-.inf" | "-.Inf" | "-.INF" => return Resolved::Float(f64::NEG_INFINITY),
        _ => {}
    }
    match text.as_bytes()[0] {
        // Go's `strconv.ParseFloat`, which refuses what overflows.
        b'.' => match text.parse::<f64>() {
            Ok(f) if f.is_finite() => Resolved::Float(f),
            _ => Resolved::Str,
        },
        b'0'..=b'9' | b'+' | b'-' => {
            if timestamps && is_timestamp(text) {
                return Resolved::Timestamp;
            }
            let plain = text.replace('_', "");
            if let Some(i) = go_parse_int(&plain) {
                return i;
            }
            if is_yaml_style_float(&plain)
                && let Ok(f) = plain.parse::<f64>()
                && f.is_finite()
            {
                return Resolved::Float(f);
            }
            Resolved::Str
        }
        _ => Resolved::Str,
    }
}

/// Go's `strconv.ParseInt(s, 0, 64)`, then `ParseUint(s, 0, 64)`: an
/// optional sign (`ParseUint` takes none), then `0x`, `0o`, `0b` (either
/// case) or a leading `0` for octal, else decimal.
fn go_parse_int(s: &str) -> Option<Resolved> {
    let (negative, signed, body) = match s.as_bytes().first()? {
        b'-' => (true, true, &s[1..]),
        b'+' => (false, true, &s[1..]),
        _ => (false, false, s),
    };
    let (radix, digits) = match body.get(..2) {
        Some("0x" | "0X") => (16, &body[2..]),
        Some("0o" | "0O") => (8, &body[2..]),
        Some("0b" | "0B") => (2, &body[2..]),
        _ if body.len() > 1 && body.starts_with('0') => (8, &body[1..]),
        _ => (10, body),
    };
    if digits.is_empty() || !digits.bytes().all(|b| (b as char).is_digit(radix)) {
        return None;
    }
    let magnitude = u64::from_str_radix(digits, radix).ok()?;
    if negative {
        // i64::MIN's magnitude is one past i64::MAX.
        return (magnitude <= i64::MAX as u64 + 1)
            .then(|| Resolved::Int((magnitude as i64).wrapping_neg()));
    }
    match i64::try_from(magnitude) {
        Ok(i) => Some(Resolved::Int(i)),
        Err(_) if !signed => Some(Resolved::Uint(magnitude)),
        Err(_) => None,
    }
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`, go-yaml v2's
/// `yamlStyleFloat`.
fn is_yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

/// `parseTimestamp`: the layouts go-yaml v2 tries (`2006-1-2T15:4:5.999999999Z07:00`,
/// the same with `t` or a space and no zone, `2006-1-2`), with Go's
/// range checks. Only an explicit `!!timestamp` can tell: untagged, a
/// timestamp stays its text, as anything with a `-` after four digits
/// would anyway.
fn is_timestamp(s: &str) -> bool {
    fn num(s: &str, max_len: usize) -> Option<(u32, &str)> {
        let n = s.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 || n > max_len {
            return None;
        }
        Some((s[..n].parse().ok()?, &s[n..]))
    }
    let Some((year, rest)) = s
        .get(..4)
        .filter(|y| y.bytes().all(|b| b.is_ascii_digit()))
        .map(|y| (y, &s[4..]))
    else {
        return false;
    };
    let Some(rest) = rest.strip_prefix('-') else {
        return false;
    };
    let Some((month, rest)) = num(rest, 2) else {
        return false;
    };
    let Some(rest) = rest.strip_prefix('-') else {
        return false;
    };
    let Some((day, rest)) = num(rest, 2) else {
        return false;
    };
    let year: i16 = year.parse().unwrap_or(0);
    let Ok(month) = i8::try_from(month) else {
        return false;
    };
    let Ok(day) = i8::try_from(day) else {
        return false;
    };
    if jiff::civil::Date::new(year, month, day).is_err() {
        return false;
    }
    if rest.is_empty() {
        return true;
    }
    let (zoned, rest) = match rest.as_bytes()[0] {
        b'T' | b't' => (true, &rest[1..]),
        b' ' => (false, &rest[1..]),
        _ => return false,
    };
    let clock = (|| {
        let (h, rest) = num(rest, 2)?;
        let (m, rest) = num(rest.strip_prefix(':')?, 2)?;
        let (sec, mut rest) = num(rest.strip_prefix(':')?, 2)?;
        if let Some(fraction) = rest.strip_prefix('.') {
            let n = fraction.bytes().take_while(u8::is_ascii_digit).count();
            if n == 0 || n > 9 {
                return None;
            }
            rest = &fraction[n..];
        }
        (h < 24 && m < 60 && sec < 60).then_some(rest)
    })();
    let Some(rest) = clock else {
        return false;
    };
    if !zoned {
        return rest.is_empty();
    }
    if rest == "Z" {
        return true;
    }
    let b = rest.as_bytes();
    b.len() == 6
        && matches!(b[0], b'+' | b'-')
        && b[1..3].iter().all(u8::is_ascii_digit)
        && b[3] == b':'
        && b[4..6].iter().all(u8::is_ascii_digit)
}

/// serde_yaml 0.9's `visit_untagged_scalar` (and `!!str`): only plain
/// scalars resolve, YAML 1.2's core schema (`yes` is text), a number
/// with leading zeros is text.
fn serde_yaml_09(s: Scalar<'_>) -> Result<Value, String> {
    let text = s.text;
    let is_str_tag = s
        .tag
        .is_some_and(|t| t == "tag:yaml.org,2002:str" || t == "!");
    if s.style != ScalarStyle::Plain || is_str_tag {
        return Ok(Value::String(text));
    }
    match text.as_str() {
        "" | "~" | "null" | "Null" | "NULL" => return Ok(Value::Null),
        "true" | "True" | "TRUE" => return Ok(Value::Bool(true)),
        "false" | "False" | "FALSE" => return Ok(Value::Bool(false)),
        _ => {}
    }
    if let Some(int) = serde_yaml_int(&text) {
        return Ok(int);
    }
    // serde_yaml reads it as a 128-bit integer, which Zola's JSON values
    // refuse.
    let digits = text.strip_prefix(['-', '+']).unwrap_or(&text);
    if !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !(digits.len() > 1 && digits.starts_with('0'))
        && text.parse::<i128>().is_ok()
    {
        return Err(format!("{text}: JSON number out of range"));
    }
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(&text);
    let leading_zero = unsigned.len() > 1
        && unsigned.starts_with('0')
        && unsigned[1..].bytes().all(|b| b.is_ascii_digit());
    if !leading_zero {
        let unpositive = match text.strip_prefix('+') {
            Some(rest) if rest.starts_with(['+', '-']) => return Ok(Value::String(text)),
            Some(rest) => rest,
            None => &text,
        };
        // `.inf` and `.nan` are floats to serde_yaml; JSON holds neither,
        // so they stay text, as for Hugo.
        if let Ok(f) = unpositive.parse::<f64>()
            && f.is_finite()
        {
            return Ok(Value::from(f));
        }
    }
    Ok(Value::String(text))
}

/// serde_yaml 0.9's `parse_unsigned_int` then `parse_negative_int`, for
/// the sizes JSON holds.
fn serde_yaml_int(text: &str) -> Option<Value> {
    let prefixed = |s: &str, negative: bool| -> Option<Value> {
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
            if let Some(rest) = s.strip_prefix(prefix) {
                if rest.starts_with(['+', '-']) {
                    return None;
                }
                return if negative {
                    i64::from_str_radix(&format!("-{rest}"), radix)
                        .ok()
                        .map(Value::from)
                } else {
                    u64::from_str_radix(rest, radix).ok().map(Value::from)
                };
            }
        }
        None
    };
    let unpositive = text.strip_prefix('+').unwrap_or(text);
    if let Some(v) = prefixed(unpositive, false) {
        return Some(v);
    }
    if let Some(rest) = text.strip_prefix('-')
        && let Some(v) = prefixed(rest, true)
    {
        return Some(v);
    }
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    if unsigned.len() > 1
        && unsigned.starts_with('0')
        && unsigned[1..].bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    if let Ok(u) = unpositive.parse::<u64>() {
        return Some(Value::from(u));
    }
    text.parse::<i64>().ok().map(Value::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(dialect: Dialect, text: &str) -> Value {
        scalar(
            dialect,
            Scalar {
                text: text.to_owned(),
                style: ScalarStyle::Plain,
                tag: None,
                plain_implicit: true,
            },
        )
        .unwrap()
    }

    /// The integer forms Go's `ParseInt(s, 0, 64)` reads, which
    /// `u64::from_str_radix` alone does not (a leading `0` is octal,
    /// `+` signs, `_` removed first).
    #[test]
    fn go_yaml_v2_integers() {
        let cases = [
            ("010", serde_json::json!(8)),
            ("0o17", serde_json::json!(15)),
            ("0O17", serde_json::json!(15)),
            ("0b101", serde_json::json!(5)),
            ("-0x1F", serde_json::json!(-31)),
            ("+12", serde_json::json!(12)),
            ("1_000", serde_json::json!(1000)),
            ("9223372036854775807", serde_json::json!(i64::MAX)),
            ("-9223372036854775808", serde_json::json!(i64::MIN)),
            (
                "9223372036854775808",
                serde_json::json!(9_223_372_036_854_775_808_u64),
            ),
            // Not octal: a float, through `yamlStyleFloat`.
            ("09", serde_json::json!(9.0)),
            (
                "+9223372036854775808",
                serde_json::json!(9_223_372_036_854_775_808.0),
            ),
            ("0x", serde_json::json!("0x")),
            ("1e400", serde_json::json!("1e400")),
            ("1__2.5", serde_json::json!(12.5)),
            ("2024-05-01", serde_json::json!("2024-05-01")),
            ("-", serde_json::json!("-")),
        ];
        for (text, want) in cases {
            assert_eq!(plain(Dialect::Hugo, text), want, "{text}");
        }
    }

    #[test]
    fn yaml_style_float() {
        for ok in ["1", "-1.", ".5", "+.5e3", "1E-3", "0.0"] {
            assert!(is_yaml_style_float(ok), "{ok}");
        }
        for no in ["", ".", "e3", "1e", "1.5.3", "0x1p3", "inf", "1e+"] {
            assert!(!is_yaml_style_float(no), "{no}");
        }
    }

    #[test]
    fn timestamps_go_yaml_v2_reads() {
        for ok in [
            "2024-5-1",
            "2024-05-01T10:00:00Z",
            "2024-05-01t1:2:3.5+01:00",
            "2024-05-01 10:00:00.123",
        ] {
            assert!(is_timestamp(ok), "{ok}");
        }
        for no in [
            "2024-02-30",
            "2024-05-01T10:00:00",
            "2024-05-01 10:00:00Z",
            "24-05-01",
            "2024-05-01T25:00:00Z",
        ] {
            assert!(!is_timestamp(no), "{no}");
        }
    }

    /// YAML 1.2's core schema, as serde_yaml 0.9 reads an untyped value.
    #[test]
    fn serde_yaml_09_scalars() {
        let cases = [
            ("yes", serde_json::json!("yes")),
            ("on", serde_json::json!("on")),
            ("True", serde_json::json!(true)),
            ("~", serde_json::json!(null)),
            ("010", serde_json::json!("010")),
            ("0o17", serde_json::json!(15)),
            ("-0x10", serde_json::json!(-16)),
            ("+7", serde_json::json!(7)),
            ("1_000", serde_json::json!("1_000")),
            ("1e3", serde_json::json!(1000.0)),
            (".inf", serde_json::json!(".inf")),
            ("nan", serde_json::json!("nan")),
        ];
        for (text, want) in cases {
            assert_eq!(plain(Dialect::Zola, text), want, "{text}");
        }
    }
}
