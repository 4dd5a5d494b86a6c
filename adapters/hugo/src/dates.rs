//! Dates as Hugo 0.111.3 reads them from front matter: a string in one
//! of the Go layouts of its date library (`spf13/cast`'s list, tried in
//! order, a time without a zone in UTC), or a number of seconds since
//! 1970. A value in any other form is dropped by Hugo, which builds the
//! page as if the key were absent; so is it here, where the shared date
//! parser would refuse some of these forms and accept others Hugo drops
//! (`2024-05-01T10:00`, `2024/05/01`).
//!
//! The layouts are read here rather than by jiff's `strptime`, whose
//! fields accept other things than Go's: Go's have exact widths, read a
//! fraction after the seconds even where the layout has none, let `_2`
//! skip one space, and take a zone abbreviation they do not know as UTC,
//! while jiff reads no zone abbreviation at all (`%Z` only formats).

use jiff::Timestamp;
use jiff::civil::{Date, DateTime, Time};
use jiff::tz::Offset;
use serde_json::Value;

/// The layouts, in Go's notation, in the order Hugo tries them.
const LAYOUTS: &[&str] = &[
    "2006-01-02T15:04:05Z07:00",
    "2006-01-02T15:04:05",
    "Mon, 02 Jan 2006 15:04:05 -0700",
    "Mon, 02 Jan 2006 15:04:05 MST",
    "02 Jan 06 15:04 -0700",
    "02 Jan 06 15:04 MST",
    "Monday, 02-Jan-06 15:04:05 MST",
    "2006-01-02 15:04:05.999999999 -0700 MST",
    "2006-01-02T15:04:05-0700",
    "2006-01-02 15:04:05Z0700",
    "2006-01-02 15:04:05",
    "Mon Jan _2 15:04:05 2006",
    "Mon Jan _2 15:04:05 MST 2006",
    "Mon Jan 02 15:04:05 -0700 2006",
    "2006-01-02 15:04:05Z07:00",
    "2006-01-02",
    "02 Jan 2006",
    "2006-01-02 15:04:05 -07:00",
    "2006-01-02 15:04:05 -0700",
];

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];
const DAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// The instant Hugo reads from a front matter value, if it reads one.
pub(crate) fn parse(value: &Value) -> Option<Timestamp> {
    parse_civil(value).and_then(|(civil, offset)| offset.to_timestamp(civil).ok())
}

/// The date and time as written, with their offset: Hugo's `:year` of
/// `2024-01-01T00:30:00+02:00` is 2024, though the instant is in 2023 in UTC.
pub(crate) fn parse_civil(value: &Value) -> Option<(DateTime, Offset)> {
    match value {
        Value::String(s) => parse_civil_str(s),
        // Seconds since 1970 (Go's `time.Unix`, in UTC here); a real
        // number is no date to `cast.ToTimeE` (`lastmod: 1.7e9`).
        Value::Number(n) => n
            .as_i64()
            .and_then(|s| Timestamp::from_second(s).ok())
            .map(|t| (Offset::UTC.to_datetime(t), Offset::UTC)),
        _ => None,
    }
}

/// `s` read as Hugo reads it: the common shapes directly, anything else
/// by trying the layouts in order. A page's dates are read several times
/// (each order, `:filename`), so trying 19 layouts each time was the
/// biggest single cost of a scan.
fn parse_civil_str(s: &str) -> Option<(DateTime, Offset)> {
    if let Some(read) = common_shape(s) {
        return Some(read);
    }
    if !could_match(s) {
        return None;
    }
    by_layouts(s)
}

/// The layouts tried one by one, in Hugo's order: the definition the
/// shortcuts above must agree with.
fn by_layouts(s: &str) -> Option<(DateTime, Offset)> {
    LAYOUTS.iter().find_map(|layout| parse_layout(layout, s))
}

/// Every layout starts with digits (`2006`, `02`) or a day's name
/// (`Mon`, `Monday`), so a string starting otherwise (a file name such
/// as `about`, `:filename`'s usual case) matches none.
fn could_match(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_digit)
        || s.get(..3)
            .is_some_and(|p| DAYS.iter().any(|d| p.eq_ignore_ascii_case(&d[..3])))
}

/// `2006-01-02`, `2006-01-02T15:04:05`, and the latter followed by `Z` or
/// `-07:00`: what nearly every front matter holds. `None` for anything
/// else, and for these shapes with a field out of range, which the
/// layouts then read (and refuse) as before. The first layout matching
/// these shapes is respectively `2006-01-02` (every layout before it is
/// longer than ten characters), `2006-01-02T15:04:05` (the one before it
/// needs a zone) and `2006-01-02T15:04:05Z07:00` (the first), each read
/// exactly as [`parse_layout`] reads it.
fn common_shape(s: &str) -> Option<(DateTime, Offset)> {
    let b = s.as_bytes();
    let num = |at: usize, len: usize| -> Option<i32> {
        b.get(at..at + len)?.iter().try_fold(0_i32, |n, &d| {
            d.is_ascii_digit().then(|| n * 10 + i32::from(d - b'0'))
        })
    };
    let sep = |at: usize, c: u8| b.get(at) == Some(&c);
    if b.len() < 10 || !sep(4, b'-') || !sep(7, b'-') {
        return None;
    }
    let date = Date::new(
        i16::try_from(num(0, 4)?).ok()?,
        i8::try_from(num(5, 2)?).ok()?,
        i8::try_from(num(8, 2)?).ok()?,
    )
    .ok()?;
    if b.len() == 10 {
        return Some((DateTime::from_parts(date, Time::midnight()), Offset::UTC));
    }
    if b.len() < 19 || !sep(10, b'T') || !sep(13, b':') || !sep(16, b':') {
        return None;
    }
    let time = Time::new(
        i8::try_from(num(11, 2)?).ok()?,
        i8::try_from(num(14, 2)?).ok()?,
        i8::try_from(num(17, 2)?).ok()?,
        0,
    )
    .ok()?;
    let offset = match &b[19..] {
        [] | [b'Z'] => Offset::UTC,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let (h, m) = (num(20, 2)?, num(23, 2)?);
            if h > 24 || m > 59 {
                return None;
            }
            let sign = if *sign == b'+' { 1 } else { -1 };
            Offset::from_seconds(sign * (h * 3600 + m * 60)).ok()?
        }
        _ => return None,
    };
    Some((DateTime::from_parts(date, time), offset))
}

/// The first layout `s` matches, as Go's `time.Parse` matches it.
#[cfg(test)]
fn parse_str(s: &str) -> Option<Timestamp> {
    parse(&Value::String(s.to_owned()))
}

/// What a layout's fields read.
#[derive(Default)]
struct Fields {
    year: i16,
    month: i8,
    day: i8,
    hour: i8,
    minute: i8,
    second: i8,
    nanos: i32,
    /// Seconds east of UTC; a named zone Go does not know is UTC.
    offset: i32,
}

/// `s` read with one Go layout, as `time.Parse` reads it.
fn parse_layout(layout: &str, s: &str) -> Option<(DateTime, Offset)> {
    let mut f = Fields {
        month: 1,
        day: 1,
        ..Fields::default()
    };
    let mut l = layout;
    let mut v = s;
    while !l.is_empty() {
        let Some(token) = TOKENS.iter().find(|t| l.starts_with(**t)) else {
            // A literal character must match itself.
            let c = l.chars().next()?;
            v = v.strip_prefix(c)?;
            l = &l[c.len_utf8()..];
            continue;
        };
        l = &l[token.len()..];
        v = field(token, v, l, &mut f)?;
    }
    if !v.is_empty() {
        return None;
    }
    let date = Date::new(f.year, f.month, f.day).ok()?;
    let time = Time::new(f.hour, f.minute, f.second, f.nanos).ok()?;
    let offset = Offset::from_seconds(f.offset).ok()?;
    Some((DateTime::from_parts(date, time), offset))
}

/// The layout tokens Hugo's list uses, longest first: `Monday` before
/// `Mon`, `2006` before `2`.
const TOKENS: [&str; 17] = [
    "2006",
    "Monday",
    "Mon",
    "Jan",
    "MST",
    "-07:00",
    "-0700",
    "Z07:00",
    "Z0700",
    ".999999999",
    "_2",
    "01",
    "02",
    "06",
    "15",
    "04",
    "05",
];

/// Reads one layout token's field from the start of `v` into `f`, as Go's
/// `time.Parse` reads it (`l` is the rest of the layout); the rest of `v`.
fn field<'v>(token: &str, v: &'v str, l: &str, f: &mut Fields) -> Option<&'v str> {
    Some(match token {
        "2006" => {
            let (n, rest) = digits(v, 4, 4)?;
            f.year = i16::try_from(n).ok()?;
            rest
        }
        "06" => {
            let (n, rest) = digits(v, 2, 2)?;
            f.year = i16::try_from(if n >= 69 { 1900 + n } else { 2000 + n }).ok()?;
            rest
        }
        "01" => {
            let (n, rest) = digits(v, 2, 2)?;
            f.month = i8::try_from(n).ok()?;
            rest
        }
        "02" => {
            let (n, rest) = digits(v, 2, 2)?;
            f.day = i8::try_from(n).ok()?;
            rest
        }
        "_2" => {
            let v = v.strip_prefix(' ').unwrap_or(v);
            let (n, rest) = digits(v, 1, 2)?;
            f.day = i8::try_from(n).ok()?;
            rest
        }
        "15" => {
            let (n, rest) = digits(v, 2, 2)?;
            f.hour = i8::try_from(n).ok()?;
            rest
        }
        "04" => {
            let (n, rest) = digits(v, 2, 2)?;
            f.minute = i8::try_from(n).ok()?;
            rest
        }
        "05" => {
            let (n, rest) = digits(v, 2, 2)?;
            f.second = i8::try_from(n).ok()?;
            // Go reads a fraction after the seconds even when the
            // layout has none.
            match fraction(rest) {
                Some((nanos, rest)) if !l.starts_with(".999") => {
                    f.nanos = nanos;
                    rest
                }
                _ => rest,
            }
        }
        ".999999999" => match fraction(v) {
            Some((nanos, rest)) => {
                f.nanos = nanos;
                rest
            }
            None => v,
        },
        "Jan" => {
            let i = MONTHS
                .iter()
                .position(|m| v.get(..3).is_some_and(|p| p.eq_ignore_ascii_case(m)))?;
            f.month = i8::try_from(i + 1).ok()?;
            &v[3..]
        }
        "Mon" => {
            DAYS.iter()
                .find(|d| v.get(..3).is_some_and(|p| p.eq_ignore_ascii_case(&d[..3])))?;
            &v[3..]
        }
        "Monday" => {
            let day = DAYS
                .iter()
                .find(|d| v.get(..d.len()).is_some_and(|p| p.eq_ignore_ascii_case(d)))?;
            &v[day.len()..]
        }
        "MST" => {
            // Three to five capital letters (`UTC`, `CEST`); Go gives
            // a zone it does not know offset zero.
            let len = v.bytes().take_while(u8::is_ascii_uppercase).count();
            if !(3..=5).contains(&len) {
                return None;
            }
            &v[len..]
        }
        zone => {
            if zone.starts_with('Z') && v.starts_with('Z') {
                f.offset = 0;
                &v[1..]
            } else {
                let colon = zone.contains(':');
                let sign = match v.as_bytes().first()? {
                    b'+' => 1,
                    b'-' => -1,
                    _ => return None,
                };
                let (h, rest) = digits(&v[1..], 2, 2)?;
                let rest = if colon { rest.strip_prefix(':')? } else { rest };
                let (m, rest) = digits(rest, 2, 2)?;
                if h > 24 || m > 59 {
                    return None;
                }
                f.offset = sign * i32::try_from(h * 3600 + m * 60).ok()?;
                rest
            }
        }
    })
}

/// Between `min` and `max` ASCII digits at the start of `s`.
fn digits(s: &str, min: usize, max: usize) -> Option<(u32, &str)> {
    let len = s.bytes().take(max).take_while(u8::is_ascii_digit).count();
    if len < min {
        return None;
    }
    Some((s[..len].parse().ok()?, &s[len..]))
}

/// `.123` or `,123` (up to nine digits) at the start of `s`, as nanoseconds.
fn fraction(s: &str) -> Option<(i32, &str)> {
    let rest = s.strip_prefix(['.', ','])?;
    let len = rest.bytes().take_while(u8::is_ascii_digit).count();
    if len == 0 || len > 9 {
        return None;
    }
    let nanos: i32 = format!("{:0<9}", &rest[..len]).parse().ok()?;
    Some((nanos, &rest[len..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Option<String> {
        parse_str(s).map(|t| t.to_string())
    }

    /// Each answer is what Hugo 0.111.3 wrote as the page's `<lastmod>`
    /// for a page whose only date was this string.
    #[test]
    fn the_forms_hugo_reads_and_drops() {
        let cases = [
            ("2020-01-02", Some("2020-01-02T00:00:00Z")),
            ("2020-01-02T03:04:05Z", Some("2020-01-02T03:04:05Z")),
            ("2020-01-02 03:04:05", Some("2020-01-02T03:04:05Z")),
            ("2020-01-02T03:04:05+02:00", Some("2020-01-02T01:04:05Z")),
            ("02 Jan 2020", Some("2020-01-02T00:00:00Z")),
            (
                "Thu, 02 Jan 2020 03:04:05 +0200",
                Some("2020-01-02T01:04:05Z"),
            ),
            (
                "Thu, 02 Jan 2020 03:04:05 MST",
                Some("2020-01-02T03:04:05Z"),
            ),
            ("2020-01-02T03:04:05.123Z", Some("2020-01-02T03:04:05.123Z")),
            (
                "2020-01-02 03:04:05 +0000 UTC",
                Some("2020-01-02T03:04:05Z"),
            ),
            ("2020-01-02T03:04", None),
            ("Jan 2, 2020", None),
            ("2020/01/02", None),
            ("not a date", None),
            ("2020-13-45", None),
            ("January 2, 2020", None),
            ("1577934245", None),
        ];
        let got: Vec<_> = cases.iter().map(|(s, _)| (*s, read(s))).collect();
        let want: Vec<_> = cases
            .iter()
            .map(|(s, w)| (*s, w.map(str::to_owned)))
            .collect();
        assert_eq!(got, want);
    }

    /// The shortcuts ([`common_shape`], [`could_match`]) give what the
    /// layouts give: on the date shapes of the test fixtures and examples,
    /// and on every string made from them by replacing one character (with
    /// a digit, a separator, a letter) or cutting them short or extending
    /// them, which reaches each field's bounds and each shape's neighbours.
    #[test]
    fn the_shortcuts_agree_with_the_layouts() {
        let seeds = [
            "2024-01-02",
            "2020-13-45",
            "2024-02-30",
            "0000-01-01",
            "9999-12-31",
            "2024-01-02T03:04:05",
            "2024-01-02T03:04:05Z",
            "2024-01-02t03:04:05Z",
            "2024-01-02T23:59:59+02:00",
            "2024-01-02T00:00:00-24:59",
            "2024-01-02T03:04:05+0200",
            "2024-01-02T03:04:05.5Z",
            "2024-01-02T03:04",
            "2024-01-02 03:04:05",
            "2024-01-02 03:04:05 +02:00",
            "2024-01-02 03:04:05 +0000 UTC",
            "2024/01/02",
            "20240101",
            "02 Jan 2020",
            "Thu, 02 Jan 2020 03:04:05 +0200",
            "Monday, 02-Jan-06 15:04:05 MST",
            "Mon Jan  2 15:04:05 2006",
            "about",
            "page-00001",
            "",
        ];
        let replacements = [
            '0', '1', '2', '3', '5', '9', '-', ':', 'T', 'Z', '+', ' ', '.', 'a', 'M',
        ];
        let mut tried = 0;
        let mut check = |s: &str| {
            tried += 1;
            assert_eq!(parse_civil_str(s), by_layouts(s), "{s:?}");
        };
        for seed in seeds {
            check(seed);
            let chars: Vec<char> = seed.chars().collect();
            for i in 0..chars.len() {
                let cut: String = chars[..i].iter().collect();
                check(&cut);
                for r in replacements {
                    let mut v = chars.clone();
                    v[i] = r;
                    check(&v.iter().collect::<String>());
                }
            }
            for r in replacements {
                check(&format!("{seed}{r}"));
                check(&format!("{seed}{r}00"));
                check(&format!("{seed}{r}00:00"));
            }
        }
        // Every month, day, hour and offset around its bounds.
        for (y, mo, d) in [
            (2024, 0, 1),
            (2023, 2, 29),
            (2024, 2, 29),
            (2024, 12, 32),
            (1, 1, 1),
        ] {
            for (h, mi, se) in [
                (0, 0, 0),
                (23, 59, 59),
                (24, 0, 0),
                (12, 60, 0),
                (12, 0, 60),
            ] {
                for zone in ["", "Z", "+00:00", "-23:59", "+24:00", "+25:00", "+01:60"] {
                    check(&format!(
                        "{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{se:02}{zone}"
                    ));
                }
            }
        }
        assert!(tried > 5000, "{tried}");
    }

    #[test]
    fn a_number_is_seconds_since_1970() {
        assert_eq!(
            parse(&serde_json::json!(1577934245)).map(|t| t.to_string()),
            Some("2020-01-02T03:04:05Z".to_owned())
        );
    }
}
