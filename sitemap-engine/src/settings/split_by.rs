//! `split-by` as written: `"section"`, or a table of URL globs to group
//! names, in the order written. What it does to a set (one sitemap per
//! group, all under the one index) is [`Split`](crate::publish::split::Split)'s.

use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The group of the home page and the pages beside it (`/about/` with
/// nothing under it) under `split-by = "section"`: they belong to no
/// section, and Search Console's report for them reads as the site's
/// front pages. A section of the same name shares its sitemap.
pub const HOME_GROUP: &str = "home";

/// The group of the URLs no glob of a `split-by` table matches.
pub const OTHER_GROUP: &str = "other";

/// `split-by`: how the set is split into one sitemap per group.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SplitBy {
    /// `"section"`: the first path segment under the base URL that has
    /// pages under it; the rest in [`HOME_GROUP`].
    Section,
    /// `{ "/blog/**" = "blog" }`: URL paths (under the base URL, from its
    /// `/`) matched against each glob in the order written, the first
    /// match naming the group; the rest in [`OTHER_GROUP`].
    Globs(Vec<(String, String)>),
}

/// The table is serialised as a list of `[glob, group]` pairs: the
/// settings' layers are merged as JSON, whose objects would sort the
/// globs (losing "first match wins") and merge two layers' tables key by
/// key; a list is one value, taken whole from the layer that sets it.
impl Serialize for SplitBy {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            SplitBy::Section => serializer.serialize_str("section"),
            SplitBy::Globs(globs) => {
                let mut seq = serializer.serialize_seq(Some(globs.len()))?;
                for pair in globs {
                    seq.serialize_element(pair)?;
                }
                seq.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for SplitBy {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SplitBy, D::Error> {
        struct SplitVisitor;
        impl<'de> Visitor<'de> for SplitVisitor {
            type Value = SplitBy;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("`\"section\"` or a table of URL globs to group names")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<SplitBy, E> {
                match v {
                    "section" => Ok(SplitBy::Section),
                    _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
                }
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<SplitBy, A::Error> {
                let mut globs = Vec::new();
                while let Some(pair) = seq.next_element::<(String, String)>()? {
                    globs.push(pair);
                }
                Ok(SplitBy::Globs(globs))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SplitBy, A::Error> {
                let mut globs = Vec::new();
                while let Some(entry) = map.next_entry::<String, String>()? {
                    globs.push(entry);
                }
                Ok(SplitBy::Globs(globs))
            }
        }
        deserializer.deserialize_any(SplitVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_as_toml_and_json_keeps_its_order() {
        #[derive(Deserialize, Serialize)]
        struct S {
            split: SplitBy,
        }
        let s: S = toml::from_str("[split]\n\"/z/**\" = \"z\"\n\"/a/**\" = \"a\"\n").unwrap();
        let want = SplitBy::Globs(vec![
            ("/z/**".to_owned(), "z".to_owned()),
            ("/a/**".to_owned(), "a".to_owned()),
        ]);
        assert_eq!(s.split, want);
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, r#"{"split":[["/z/**","z"],["/a/**","a"]]}"#);
        let back: S = serde_json::from_str(&json).unwrap();
        assert_eq!(back.split, want);
        let section: S = toml::from_str("split = \"section\"").unwrap();
        assert_eq!(section.split, SplitBy::Section);
        assert!(toml::from_str::<S>("split = \"sections\"").is_err());
    }
}
