//! `lastmod`: a W3C Datetime that keeps the precision it was given.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use jiff::civil::{Date, DateTime, Time};
use jiff::tz::Offset;
use jiff::{SignedDuration, Timestamp, Zoned};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{ValueError, clip};

/// A `lastmod` value in any form of the W3C Datetime profile the protocol
/// names: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `YYYY-MM-DDThh:mmTZD`,
/// `YYYY-MM-DDThh:mm:ssTZD` and `YYYY-MM-DDThh:mm:ss.sTZD`, where TZD is
/// `Z` or `±hh:mm`.
///
/// The value keeps the precision it was given: a date stays a date, and
/// `.50` keeps both digits. [`Display`](fmt::Display) writes it back as
/// given. [`Lastmod::to_xsd_string`] writes the form the sitemaps.org XSD
/// accepts (`xsd:date` or `xsd:dateTime`), which the XML writers use.
///
/// Values order by the instant they start at (a date starts at midnight
/// UTC), then by precision, so "the newest lastmod" is well defined.
///
/// ```
/// use sitemap_core::Lastmod;
///
/// let day: Lastmod = "2024-05-01".parse()?;
/// let time: Lastmod = "2024-05-01T10:30:00+02:00".parse()?;
/// assert_eq!(day.to_string(), "2024-05-01");
/// assert_eq!(time.to_string(), "2024-05-01T10:30:00+02:00");
/// assert!(time > day);
/// assert!("2024-13-01".parse::<Lastmod>().is_err());
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Lastmod(Repr);

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Repr {
    Year(i16),
    Month(i16, i8),
    Day(Date),
    Time {
        at: DateTime,
        offset: Offset,
        precision: TimePrecision,
    },
}

/// How much of the time of day a date-time value carries.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[non_exhaustive]
pub enum TimePrecision {
    /// `hh:mm`.
    Minute,
    /// `hh:mm:ss`.
    Second,
    /// `hh:mm:ss.s…` with this many fraction digits (1 to 9).
    Fraction(u8),
}

/// How much of a date-time a [`Lastmod`] carries.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[non_exhaustive]
pub enum Precision {
    /// `YYYY`.
    Year,
    /// `YYYY-MM`.
    Month,
    /// `YYYY-MM-DD`.
    Day,
    /// A date and a time of day with an offset.
    Time(TimePrecision),
}

impl Lastmod {
    /// Parses a W3C Datetime.
    pub fn parse(input: &str) -> Result<Lastmod, ValueError> {
        parse(input).map_err(|reason| ValueError::Lastmod {
            input: clip(input),
            reason,
        })
    }

    /// A calendar date (`YYYY-MM-DD`).
    pub fn from_date(date: Date) -> Result<Lastmod, ValueError> {
        check_year(date.year()).map_err(|reason| ValueError::Lastmod {
            input: date.to_string(),
            reason,
        })?;
        Ok(Lastmod(Repr::Day(date)))
    }

    /// An instant written in UTC (`…Z`), to the second.
    pub fn from_timestamp(ts: Timestamp) -> Result<Lastmod, ValueError> {
        Self::from_offset_datetime(ts.to_zoned(jiff::tz::TimeZone::UTC).datetime(), Offset::UTC)
            .map(|l| l.truncated_to_seconds())
    }

    /// A zoned date-time, written with its UTC offset at that instant, to
    /// the second.
    pub fn from_zoned(zoned: &Zoned) -> Result<Lastmod, ValueError> {
        Self::from_offset_datetime(zoned.datetime(), zoned.offset())
            .map(|l| l.truncated_to_seconds())
    }

    /// A civil date-time at a UTC offset, with as many fraction digits as
    /// its subsecond part needs.
    pub fn from_offset_datetime(at: DateTime, offset: Offset) -> Result<Lastmod, ValueError> {
        check_year(at.year()).map_err(|reason| ValueError::Lastmod {
            input: at.to_string(),
            reason,
        })?;
        if offset.seconds().abs() > MAX_OFFSET_MINUTES * 60 {
            return Err(ValueError::Lastmod {
                input: format!("{at}{offset}"),
                reason: "a UTC offset must be within ±14:00, the range of real time zones and of xsd:dateTime".into(),
            });
        }
        if offset.seconds() % 60 != 0 {
            return Err(ValueError::Lastmod {
                input: format!("{at}{offset}"),
                reason: "a UTC offset must be whole minutes".into(),
            });
        }
        let ns = at.subsec_nanosecond();
        let precision = if ns == 0 {
            TimePrecision::Second
        } else {
            let mut digits = 9;
            let mut n = ns;
            while n % 10 == 0 {
                n /= 10;
                digits -= 1;
            }
            TimePrecision::Fraction(digits)
        };
        Ok(Lastmod(Repr::Time {
            at,
            offset,
            precision,
        }))
    }

    fn truncated_to_seconds(self) -> Lastmod {
        match self.0 {
            Repr::Time { at, offset, .. } => Lastmod(Repr::Time {
                at: at.with().subsec_nanosecond(0).build().unwrap_or(at),
                offset,
                precision: TimePrecision::Second,
            }),
            other => Lastmod(other),
        }
    }

    /// How much of a date-time this value carries.
    pub fn precision(&self) -> Precision {
        match self.0 {
            Repr::Year(_) => Precision::Year,
            Repr::Month(..) => Precision::Month,
            Repr::Day(_) => Precision::Day,
            Repr::Time { precision, .. } => Precision::Time(precision),
        }
    }

    /// The instant this value starts at: midnight UTC of the first day for
    /// a year, month or date.
    ///
    /// jiff's instants end at 9999-12-30T22:00:00Z, so a value in the
    /// last hours of year 9999 (`9999-12-31`, the typo "far future"
    /// date) starts at [`Timestamp::MAX`]: later than every instant jiff
    /// can hold, never the epoch. [`Ord`] compares the exact instants, so
    /// two such values still order correctly.
    pub fn start(&self) -> Timestamp {
        let (at, offset) = self.civil_start();
        // Years are 0001..=9999, so only the upper end can fall outside
        // (0001-01-01T00:00+14:00 is year 0 in UTC, which jiff holds).
        offset.to_timestamp(at).unwrap_or(Timestamp::MAX)
    }

    /// The civil date-time and offset this value starts at.
    pub(crate) fn civil_start(&self) -> (DateTime, Offset) {
        match self.0 {
            Repr::Year(y) => (
                Date::constant(y, 1, 1).to_datetime(Time::midnight()),
                Offset::UTC,
            ),
            Repr::Month(y, m) => (
                Date::constant(y, m, 1).to_datetime(Time::midnight()),
                Offset::UTC,
            ),
            Repr::Day(d) => (d.to_datetime(Time::midnight()), Offset::UTC),
            Repr::Time { at, offset, .. } => (at, offset),
        }
    }

    /// The start instant as a signed duration since the Unix epoch,
    /// computed on civil date-times, whose range (years -9999 to 9999)
    /// holds every value: unlike [`Lastmod::start`], exact for the whole
    /// 0001–9999 range whatever the offset.
    pub(crate) fn start_since_epoch(&self) -> SignedDuration {
        let (at, offset) = self.civil_start();
        let epoch = DateTime::constant(1970, 1, 1, 0, 0, 0, 0);
        at.duration_since(epoch) - SignedDuration::from_secs(i64::from(offset.seconds()))
    }

    /// The form the sitemaps.org XSD accepts: `xsd:date` or
    /// `xsd:dateTime`.
    ///
    /// The XSD (a union of `xsd:date` and `xsd:dateTime`) refuses the W3C
    /// forms `YYYY`, `YYYY-MM` and `hh:mm` without seconds, although the
    /// protocol text allows them. A consumer that validates would drop the
    /// whole file, so the writers use this form: `hh:mm` gains `:00` (the
    /// same instant), and a year or month is written as its first day,
    /// which claims no time later than the one given.
    ///
    /// ```
    /// use sitemap_core::Lastmod;
    ///
    /// assert_eq!(Lastmod::parse("2024-05")?.to_xsd_string(), "2024-05-01");
    /// assert_eq!(Lastmod::parse("2024-05-01T10:30Z")?.to_xsd_string(), "2024-05-01T10:30:00Z");
    /// # Ok::<(), sitemap_core::ValueError>(())
    /// ```
    pub fn to_xsd_string(&self) -> String {
        let mut s = String::with_capacity(32);
        self.write(&mut s, true)
            .expect("writing to a String cannot fail");
        s
    }

    /// Appends [`Lastmod::to_xsd_string`] to `out`; the writers call this
    /// for every entry, so the common forms skip the formatting machinery.
    pub(crate) fn push_xsd(&self, out: &mut Vec<u8>) {
        fn digits(out: &mut Vec<u8>, n: u32, width: usize) {
            let mut buf = [b'0'; 4];
            let mut n = n;
            for d in buf[..width].iter_mut().rev() {
                *d = b'0' + (n % 10) as u8;
                n /= 10;
            }
            out.extend_from_slice(&buf[..width]);
        }
        let date = |out: &mut Vec<u8>, d: Date| {
            digits(out, d.year() as u32, 4);
            out.push(b'-');
            digits(out, d.month() as u32, 2);
            out.push(b'-');
            digits(out, d.day() as u32, 2);
        };
        match self.0 {
            Repr::Day(d) => date(out, d),
            Repr::Time {
                at,
                offset,
                precision: TimePrecision::Minute | TimePrecision::Second,
            } => {
                date(out, at.date());
                out.push(b'T');
                digits(out, at.hour() as u32, 2);
                out.push(b':');
                digits(out, at.minute() as u32, 2);
                out.push(b':');
                digits(out, at.second() as u32, 2);
                let secs = offset.seconds();
                if secs == 0 {
                    out.push(b'Z');
                } else {
                    out.push(if secs < 0 { b'-' } else { b'+' });
                    let abs = secs.unsigned_abs();
                    digits(out, abs / 3600, 2);
                    out.push(b':');
                    digits(out, abs % 3600 / 60, 2);
                }
            }
            _ => out.extend_from_slice(self.to_xsd_string().as_bytes()),
        }
    }

    fn write(&self, out: &mut impl fmt::Write, xsd: bool) -> fmt::Result {
        match self.0 {
            Repr::Year(y) if xsd => write!(out, "{y:04}-01-01"),
            Repr::Year(y) => write!(out, "{y:04}"),
            Repr::Month(y, m) if xsd => write!(out, "{y:04}-{m:02}-01"),
            Repr::Month(y, m) => write!(out, "{y:04}-{m:02}"),
            Repr::Day(d) => write!(out, "{:04}-{:02}-{:02}", d.year(), d.month(), d.day()),
            Repr::Time {
                at,
                offset,
                precision,
            } => {
                write!(
                    out,
                    "{:04}-{:02}-{:02}T{:02}:{:02}",
                    at.year(),
                    at.month(),
                    at.day(),
                    at.hour(),
                    at.minute()
                )?;
                match precision {
                    TimePrecision::Minute if xsd => out.write_str(":00")?,
                    TimePrecision::Minute => {}
                    TimePrecision::Second => write!(out, ":{:02}", at.second())?,
                    TimePrecision::Fraction(digits) => {
                        let frac = format!("{:09}", at.subsec_nanosecond());
                        write!(out, ":{:02}.{}", at.second(), &frac[..usize::from(digits)])?;
                    }
                }
                let secs = offset.seconds();
                if secs == 0 {
                    out.write_char('Z')
                } else {
                    let sign = if secs < 0 { '-' } else { '+' };
                    let abs = secs.unsigned_abs();
                    write!(out, "{sign}{:02}:{:02}", abs / 3600, abs % 3600 / 60)
                }
            }
        }
    }
}

/// ±14:00: the widest offset in use, and the limit of `xsd:dateTime`,
/// which validating consumers check.
const MAX_OFFSET_MINUTES: i32 = 14 * 60;

fn check_year(year: i16) -> Result<(), String> {
    if (1..=9999).contains(&year) {
        Ok(())
    } else {
        Err(format!("year {year} is outside 0001–9999"))
    }
}

/// Parses the W3C Datetime profile. Hand-written because it is a strict
/// subset of ISO 8601 that no date crate parses as such (jiff and time
/// accept RFC 3339 / Temporal forms, which allow more and less than W3C);
/// jiff still checks the calendar.
fn parse(s: &str) -> Result<Lastmod, String> {
    let b = s.as_bytes();
    let num = |from: usize, len: usize, what: &str| -> Result<i32, String> {
        let part = b
            .get(from..from + len)
            .filter(|p| p.iter().all(u8::is_ascii_digit))
            .ok_or_else(|| {
                format!(
                    "expected {len} digits for the {what} at character {}",
                    from + 1
                )
            })?;
        Ok(part.iter().fold(0, |n, d| n * 10 + i32::from(d - b'0')))
    };
    let sep = |at: usize, want: u8| -> Result<(), String> {
        match b.get(at) {
            Some(&c) if c == want => Ok(()),
            Some(&c) => Err(format!(
                "expected `{}` at character {}, found `{}`",
                want as char,
                at + 1,
                c as char
            )),
            None => Err(format!(
                "expected `{}` at character {}, found the end",
                want as char,
                at + 1
            )),
        }
    };
    let year = num(0, 4, "year")? as i16;
    check_year(year)?;
    if b.len() == 4 {
        return Ok(Lastmod(Repr::Year(year)));
    }
    sep(4, b'-')?;
    let month = num(5, 2, "month")?;
    if !(1..=12).contains(&month) {
        return Err(format!("month {month:02} is not 01–12"));
    }
    let month = month as i8;
    if b.len() == 7 {
        return Ok(Lastmod(Repr::Month(year, month)));
    }
    sep(7, b'-')?;
    let day = num(8, 2, "day")? as i8;
    let date = Date::new(year, month, day)
        .map_err(|_| format!("{year:04}-{month:02} has no day {day:02}"))?;
    if b.len() == 10 {
        return Ok(Lastmod(Repr::Day(date)));
    }
    sep(10, b'T')?;
    let hour = num(11, 2, "hour")?;
    sep(13, b':')?;
    let minute = num(14, 2, "minute")?;
    let mut i = 16;
    let mut second = 0;
    let mut nanos = 0;
    let mut precision = TimePrecision::Minute;
    if b.get(i) == Some(&b':') {
        second = num(17, 2, "second")?;
        i = 19;
        precision = TimePrecision::Second;
        if b.get(i) == Some(&b'.') {
            let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits == 0 {
                return Err(format!(
                    "expected fraction digits after `.` at character {}",
                    i + 2
                ));
            }
            if digits > 9 {
                return Err("at most 9 fraction digits (nanoseconds) are kept".into());
            }
            let mut n = num(i + 1, digits, "fraction")?;
            for _ in digits..9 {
                n *= 10;
            }
            nanos = n;
            precision = TimePrecision::Fraction(digits as u8);
            i += 1 + digits;
        }
    }
    if hour > 23 || minute > 59 || second > 59 {
        return Err(format!(
            "{hour:02}:{minute:02}:{second:02} is not a time of day"
        ));
    }
    let time =
        Time::new(hour as i8, minute as i8, second as i8, nanos).map_err(|e| e.to_string())?;
    let offset = match b.get(i) {
        Some(b'Z') if b.len() == i + 1 => Offset::UTC,
        Some(&c @ (b'+' | b'-')) if b.len() == i + 6 => {
            let h = num(i + 1, 2, "offset hours")?;
            sep(i + 3, b':')?;
            let m = num(i + 4, 2, "offset minutes")?;
            if m > 59 || h * 60 + m > MAX_OFFSET_MINUTES {
                return Err(format!(
                    "offset {h:02}:{m:02} is outside ±14:00, the range of real time zones and of xsd:dateTime"
                ));
            }
            let secs = (h * 3600 + m * 60) * if c == b'-' { -1 } else { 1 };
            Offset::from_seconds(secs).map_err(|e| e.to_string())?
        }
        Some(_) => return Err(format!("expected `Z` or `±hh:mm` at character {}", i + 1)),
        None => return Err("a time needs a time zone designator (`Z` or `±hh:mm`)".into()),
    };
    Ok(Lastmod(Repr::Time {
        at: date.to_datetime(time),
        offset,
        precision,
    }))
}

impl fmt::Display for Lastmod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl fmt::Debug for Lastmod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lastmod({self})")
    }
}

impl Ord for Lastmod {
    fn cmp(&self, other: &Self) -> Ordering {
        let ((at, offset), (other_at, other_offset)) = (self.civil_start(), other.civil_start());
        // Under one offset, the instants are in the order of the civil
        // date-times: the common case (a site writes its dates in one
        // zone) compares fields, without working out two instants.
        let by_start = if offset == other_offset {
            at.cmp(&other_at)
        } else {
            self.start_since_epoch().cmp(&other.start_since_epoch())
        };
        by_start
            .then_with(|| self.precision().cmp(&other.precision()))
            .then_with(|| self.to_string().cmp(&other.to_string()))
    }
}

impl PartialOrd for Lastmod {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl FromStr for Lastmod {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lastmod::parse(s)
    }
}

impl TryFrom<Date> for Lastmod {
    type Error = ValueError;
    fn try_from(d: Date) -> Result<Self, Self::Error> {
        Lastmod::from_date(d)
    }
}

impl TryFrom<Timestamp> for Lastmod {
    type Error = ValueError;
    fn try_from(t: Timestamp) -> Result<Self, Self::Error> {
        Lastmod::from_timestamp(t)
    }
}

impl TryFrom<&Zoned> for Lastmod {
    type Error = ValueError;
    fn try_from(z: &Zoned) -> Result<Self, Self::Error> {
        Lastmod::from_zoned(z)
    }
}

impl Serialize for Lastmod {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Lastmod {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Lastmod::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_xsd_matches_to_xsd_string() {
        for s in [
            "2024",
            "2024-05",
            "0001-01-01",
            "9999-12-31",
            "2024-05-01T10:30Z",
            "2024-05-01T00:00:59+14:00",
            "2024-05-01T23:59:00-09:30",
            "2024-05-01T10:30:15.125+05:45",
        ] {
            let lastmod = Lastmod::parse(s).unwrap();
            let mut out = Vec::new();
            lastmod.push_xsd(&mut out);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                lastmod.to_xsd_string(),
                "{s}"
            );
        }
    }
}
