//! The site's own sitemap defaults: Hugo's `[sitemap]` table
//! (`changefreq`, `priority`, `filename`, and since Hugo 0.125 `disable`,
//! each page's default), read as Hugo reads it.
//! Zola has no such table, so a Zola site's are always the default.
//!
//! Only read here, never applied: the caller layers them under its own
//! settings (its flags and `sitemap.toml` win over the site's table, and a
//! page's front matter over both).
//!
//! What Hugo 0.111.3 does with each value, checked with
//! `hugo --source SITE` (hugo v0.111.3+extended, Debian 12) and pinned in
//! `tests/hugo_sitemap.rs`:
//!
//! - the table is read from every configuration form Hugo merges
//!   (`hugo.toml|yaml|json`, `config.*`, `config/_default/` with
//!   `[sitemap]` in `hugo.toml` or as `sitemap.toml`, `config/production/`
//!   over it), keys in any case;
//! - a language's own `[languages.xx.sitemap]` replaces the site's table
//!   for that language as a whole (keys it leaves out are unset, not the
//!   site's), even on a one-language site;
//! - `priority` is a number or a string holding one (`"0.5"`); a negative
//!   one (Hugo's default is -1) means "not set": Hugo writes no
//!   `<priority>`, so it is `None` here;
//! - an empty `changefreq` is unset (Hugo writes no `<changefreq>`);
//!   an empty `filename` is refused: Hugo writes the sitemap as
//!   `index.html`, over the home page.
//!
//! Hugo writes a `changefreq` outside the protocol's seven words
//! (`sometimes`, `3`) and a `priority` above 1.0 (`2`) into its sitemap
//! as they are, and a `priority` that is no number (`"abc"`) as `0`. The
//! scan refuses all three, naming the configuration file and the key, as
//! it refuses the same values in front matter: the first two make the
//! sitemap invalid against the protocol's XSD, and the third is a typo
//! Hugo hides. A `changefreq` in another case (`Weekly`) is read as the
//! word it spells, as in front matter (Hugo writes it as it is, which the
//! XSD refuses).

use std::path::Path;

use serde_json::{Map, Value};
use sitemap_core::{ChangeFreq, Priority};

use sitemap_content::config::config_err;
use sitemap_content::{Error, SiteSitemap};

/// Reads a Hugo `sitemap` table (keys already lowercase). `key` is where
/// it sits (`sitemap`, `languages.fr.sitemap`), `path` the configuration
/// file that sets it: both are named in errors.
pub(crate) fn from_hugo(value: &Value, key: &str, path: &Path) -> Result<SiteSitemap, Error> {
    let empty = Map::new();
    let table = match value {
        Value::Object(t) => t,
        // `sitemap:` with no value in YAML.
        Value::Null => &empty,
        other => {
            return Err(config_err(
                path,
                format!(
                    "`{key}` must be a table of `changefreq`, `priority` and `filename`, found {other}"
                ),
            ));
        }
    };
    let changefreq = match table.get("changefreq") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s)) => Some(s.trim().parse::<ChangeFreq>().map_err(|_| {
            config_err(
                path,
                format!(
                    "`{key}.changefreq = {s:?}`: expected one of always, hourly, daily, weekly, \
                     monthly, yearly, never (Hugo would write it into the sitemap as it is, \
                     which the sitemap protocol refuses)"
                ),
            )
        })?),
        Some(other) => {
            return Err(config_err(
                path,
                format!(
                    "`{key}.changefreq = {other}`: expected one of always, hourly, daily, weekly, \
                     monthly, yearly, never"
                ),
            ));
        }
    };
    let priority = match table.get("priority") {
        None | Some(Value::Null) => None,
        Some(v) => {
            let number = match v {
                Value::Number(n) => n.as_f64(),
                Value::String(s) => s.trim().parse::<f64>().ok().filter(|f| f.is_finite()),
                _ => None,
            };
            let bad = || {
                config_err(
                    path,
                    format!(
                        "`{key}.priority = {v}`: expected a number from 0.0 to 1.0 (or a negative \
                         one for none, as Hugo's default -1)"
                    ),
                )
            };
            match number {
                None => return Err(bad()),
                Some(f) if f < 0.0 => None,
                Some(f) => Some(Priority::new(f).map_err(|_| bad())?),
            }
        }
    };
    let filename = match table.get("filename") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() => {
            return Err(config_err(
                path,
                format!(
                    "`{key}.filename` is empty: Hugo would write the sitemap as the home page's \
                     index.html; remove the key for sitemap.xml, or name a file"
                ),
            ));
        }
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => {
            return Err(config_err(
                path,
                format!("`{key}.filename` must be a file name string, found {other}"),
            ));
        }
    };
    let disable = match table.get("disable") {
        None | Some(Value::Null) => None,
        Some(Value::Bool(b)) => Some(*b),
        Some(other) => {
            return Err(config_err(
                path,
                format!("`{key}.disable` must be true or false, found {other}"),
            ));
        }
    };
    // Built field by field: the type is `#[non_exhaustive]` in
    // sitemap-content.
    let mut sitemap = SiteSitemap::default();
    sitemap.changefreq = changefreq;
    sitemap.priority = priority;
    sitemap.filename = filename;
    sitemap.disable = disable;
    Ok(sitemap)
}
