//! `changefreq`: one of seven words.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{ValueError, clip};

/// How often a page is likely to change. Parsed case-insensitively,
/// written lowercase.
///
/// ```
/// use sitemap_core::ChangeFreq;
///
/// assert_eq!("Weekly".parse::<ChangeFreq>()?, ChangeFreq::Weekly);
/// assert_eq!(ChangeFreq::Weekly.as_str(), "weekly");
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum ChangeFreq {
    /// Changes each time it is accessed.
    Always,
    /// Hourly.
    Hourly,
    /// Daily.
    Daily,
    /// Weekly.
    Weekly,
    /// Monthly.
    Monthly,
    /// Yearly.
    Yearly,
    /// Archived.
    Never,
}

impl ChangeFreq {
    /// All seven values, in the protocol's order.
    pub const ALL: [ChangeFreq; 7] = [
        ChangeFreq::Always,
        ChangeFreq::Hourly,
        ChangeFreq::Daily,
        ChangeFreq::Weekly,
        ChangeFreq::Monthly,
        ChangeFreq::Yearly,
        ChangeFreq::Never,
    ];

    /// The value as written in a sitemap.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeFreq::Always => "always",
            ChangeFreq::Hourly => "hourly",
            ChangeFreq::Daily => "daily",
            ChangeFreq::Weekly => "weekly",
            ChangeFreq::Monthly => "monthly",
            ChangeFreq::Yearly => "yearly",
            ChangeFreq::Never => "never",
        }
    }
}

impl FromStr for ChangeFreq {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ChangeFreq::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| ValueError::ChangeFreq { input: clip(s) })
    }
}

impl fmt::Display for ChangeFreq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ChangeFreq {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ChangeFreq {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
