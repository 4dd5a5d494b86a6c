//! `priority`: a decimal from 0.0 to 1.0.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{ValueError, clip};

/// A page's priority relative to the site's other pages, 0.0 to 1.0, kept
/// exactly to four decimal places (no binary floating point rounding in
/// the output). Written with at least one decimal: `0.8`, `1.0`, `0.25`.
///
/// ```
/// use sitemap_core::Priority;
///
/// assert_eq!(Priority::new(0.8)?.to_string(), "0.8");
/// assert_eq!("1".parse::<Priority>()?.to_string(), "1.0");
/// assert!(Priority::new(1.5).is_err());
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Priority(u16);

const SCALE: u16 = 10_000;

impl Priority {
    /// The protocol's default, 0.5.
    pub const DEFAULT: Priority = Priority(SCALE / 2);

    /// A priority from a number in 0.0..=1.0, rounded to four decimals.
    pub fn new(value: f64) -> Result<Priority, ValueError> {
        if !(0.0..=1.0).contains(&value) {
            return Err(ValueError::Priority {
                input: value.to_string(),
            });
        }
        Ok(Priority((value * f64::from(SCALE)).round() as u16))
    }

    /// The value as a number.
    pub fn value(self) -> f64 {
        f64::from(self.0) / f64::from(SCALE)
    }
}

impl Default for Priority {
    fn default() -> Self {
        Priority::DEFAULT
    }
}

impl FromStr for Priority {
    type Err = ValueError;
    /// Parses a plain decimal (`0.8`, `1`, `.5`, `0.125`); no exponent,
    /// sign, or more than four decimals.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ValueError::Priority { input: clip(s) };
        let (int, frac) = s.split_once('.').unwrap_or((s, ""));
        let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
        if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) || frac.len() > 4 {
            return Err(err());
        }
        let int: u32 = if int.is_empty() {
            0
        } else {
            int.parse().map_err(|_| err())?
        };
        let mut f: u32 = if frac.is_empty() {
            0
        } else {
            frac.parse().map_err(|_| err())?
        };
        for _ in frac.len()..4 {
            f *= 10;
        }
        let scaled = int
            .checked_mul(u32::from(SCALE))
            .and_then(|i| i.checked_add(f))
            .ok_or_else(err)?;
        if scaled > u32::from(SCALE) {
            return Err(err());
        }
        Ok(Priority(scaled as u16))
    }
}

impl fmt::Display for Priority {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let int = self.0 / SCALE;
        let mut frac = self.0 % SCALE;
        let mut width = 4;
        while width > 1 && frac.is_multiple_of(10) {
            frac /= 10;
            width -= 1;
        }
        write!(f, "{int}.{frac:0width$}")
    }
}

impl fmt::Debug for Priority {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Priority({self})")
    }
}

impl Serialize for Priority {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.value())
    }
}

impl<'de> Deserialize<'de> for Priority {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Num(f64),
            Str(String),
        }
        match Raw::deserialize(d)? {
            Raw::Num(n) => Priority::new(n),
            Raw::Str(s) => s.parse(),
        }
        .map_err(serde::de::Error::custom)
    }
}
