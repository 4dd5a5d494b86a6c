//! Per-page sitemap settings written in front matter, in the shapes users
//! of Hugo, Zola and Jekyll already write.
//!
//! | key (any format) | effect |
//! | --- | --- |
//! | `draft = true` | excluded ([`Reason::Draft`]) |
//! | Hugo `sitemap: { disable: true }` | excluded ([`Reason::SitemapDisabled`]) |
//! | Zola `[extra.sitemap]` `exclude = true` | excluded |
//! | Jekyll `sitemap: false` (also `extra.sitemap = false`) | excluded |
//! | `noindex: true`, `robots: "noindex"` / `"none"` (also under `extra`) | excluded ([`Reason::Noindex`]) |
//! | Hugo `build: { render: never }` (or `_build`, `render: link` / `false`) | excluded ([`Reason::NotRendered`]) |
//! | Hugo `sitemap: { changefreq, priority }`, Zola `[extra.sitemap]` `changefreq`, `priority` | the entry's `changefreq` and `priority` |
//! | Hugo `sitemap: { images: false }`, Zola `[extra.sitemap]` `images = false` | no images listed for the page ([`Overrides::images`]) |
//! | `lastmod`, `updated` (Zola), `last_modified_at` (Jekyll), first found | explicit `lastmod` |
//! | `date` | the page's date, a later fallback for `lastmod` |
//!
//! Keys are matched case-insensitively (Hugo lowercases them). A value of
//! the wrong type or one the protocol refuses is an error naming the file
//! and the key's line; nothing is silently dropped.
//!
//! ```
//! use std::path::Path;
//! use sitemap_core::ChangeFreq;
//! use sitemap_pages::{front_matter, overrides::Overrides};
//!
//! let path = Path::new("content/post.md");
//! let text = "---\ntitle: Post\nsitemap:\n  changefreq: weekly\n  priority: 0.8\nlastmod: 2024-05-01\n---\n";
//! let fm = front_matter::parse(path, text)?;
//! let overrides = Overrides::from_front_matter(path, &fm)?;
//! assert_eq!(overrides.changefreq, Some(ChangeFreq::Weekly));
//! assert_eq!(overrides.priority.map(|p| p.to_string()).as_deref(), Some("0.8"));
//! assert_eq!(overrides.lastmod.map(|l| l.to_string()).as_deref(), Some("2024-05-01"));
//! assert!(overrides.exclude.is_none());
//!
//! let bad = "+++\n[extra.sitemap]\npriority = 1.5\n+++\n";
//! let err = Overrides::from_front_matter(path, &front_matter::parse(path, bad)?).unwrap_err();
//! assert_eq!(err.to_string(), "content/post.md:3: `extra.sitemap.priority`: priority `1.5`: expected a number from 0.0 to 1.0");
//! # Ok::<(), sitemap_pages::Error>(())
//! ```

use std::path::Path;

use serde_json::Value;
use sitemap_core::{ChangeFreq, Lastmod, Priority, ValueError};

use crate::error::Error;
use crate::front_matter::{FrontMatter, kind_of};
use crate::left_out::{NoindexBy, Reason};

/// What a page's front matter says about its sitemap entry.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Overrides {
    /// Why the page is left out of the sitemap, if it is.
    pub exclude: Option<Reason>,
    /// Its `changefreq`.
    pub changefreq: Option<ChangeFreq>,
    /// Its `priority`.
    pub priority: Option<Priority>,
    /// An explicit `lastmod` (`lastmod`, `updated` or `last_modified_at`).
    pub lastmod: Option<Lastmod>,
    /// The page's `date`.
    pub date: Option<Lastmod>,
    /// `sitemap.images`: `Some(false)` lists none of the page's images
    /// when the job lists images.
    pub images: Option<bool>,
}

impl Overrides {
    /// Reads the overrides from a page's front matter; `path` names the
    /// file in errors.
    pub fn from_front_matter(path: &Path, fm: &FrontMatter) -> Result<Overrides, Error> {
        let r = Reader { path, fm };
        let mut o = Overrides::default();

        if r.bool("draft")? == Some(true) {
            o.exclude = Some(Reason::Draft);
        }

        // Hugo `sitemap: {…}`, Jekyll `sitemap: false`; Zola `[extra.sitemap]`.
        for table in ["sitemap", "extra.sitemap"] {
            match fm.get(table) {
                None | Some(Value::Bool(true)) => {}
                Some(Value::Bool(false)) => {
                    o.exclude.get_or_insert(Reason::SitemapDisabled {
                        key: Some(table.to_owned()),
                    });
                }
                Some(Value::Object(_)) => {
                    for flag in ["disable", "exclude"] {
                        let key = format!("{table}.{flag}");
                        if r.bool(&key)? == Some(true) {
                            o.exclude
                                .get_or_insert(Reason::SitemapDisabled { key: Some(key) });
                        }
                    }
                    let key = format!("{table}.changefreq");
                    if o.changefreq.is_none() {
                        o.changefreq = r.parsed(&key, "a changefreq string", |s| s.parse())?;
                    }
                    let key = format!("{table}.priority");
                    if o.priority.is_none() {
                        o.priority = r.priority(&key)?;
                    }
                    if o.images.is_none() {
                        o.images = r.bool(&format!("{table}.images"))?;
                    }
                }
                Some(other) => return Err(r.wrong_type(table, "a table or `false`", other)),
            }
        }

        // Literal keys, not formatted ones: this runs for every page of a
        // scan, and most pages have none of these keys.
        for (noindex, robots) in [("noindex", "robots"), ("extra.noindex", "extra.robots")] {
            if r.bool(noindex)? == Some(true) {
                o.exclude.get_or_insert(Reason::Noindex {
                    by: NoindexBy::Key(noindex.to_owned()),
                });
            }
            let key = robots;
            if let Some(robots) =
                r.string(key, "a robots directive string such as \"noindex, follow\"")?
            {
                let says_noindex = robots
                    .split(',')
                    .map(str::trim)
                    .any(|d| d.eq_ignore_ascii_case("noindex") || d.eq_ignore_ascii_case("none"));
                if says_noindex {
                    o.exclude.get_or_insert(Reason::Noindex {
                        by: NoindexBy::Key(key.to_owned()),
                    });
                }
            }
        }

        for key in ["build.render", "_build.render"] {
            let not_rendered = match fm.get(key) {
                None | Some(Value::Bool(true)) => false,
                Some(Value::Bool(false)) => true,
                Some(Value::String(s)) if s.eq_ignore_ascii_case("always") => false,
                Some(Value::String(s))
                    if s.eq_ignore_ascii_case("never") || s.eq_ignore_ascii_case("link") =>
                {
                    true
                }
                Some(other) => {
                    return Err(r.wrong_type(key, "`always`, `never` or `link`", other));
                }
            };
            if not_rendered {
                o.exclude.get_or_insert(Reason::NotRendered {
                    key: Some(key.to_owned()),
                });
            }
        }

        for key in ["lastmod", "updated", "last_modified_at"] {
            if let Some(lastmod) = r.parsed(key, "a date string", parse_date)? {
                o.lastmod = Some(lastmod);
                break;
            }
        }
        o.date = r.parsed("date", "a date string", parse_date)?;
        Ok(o)
    }
}

struct Reader<'a> {
    path: &'a Path,
    fm: &'a FrontMatter,
}

impl Reader<'_> {
    fn wrong_type(&self, key: &str, expected: &'static str, found: &Value) -> Error {
        let shown = match found {
            Value::String(s) => format!("{} {s:?}", kind_of(found)),
            Value::Number(n) => format!("{} {n}", kind_of(found)),
            other => kind_of(other).to_owned(),
        };
        Error::WrongType {
            path: self.path.to_owned(),
            line: self.fm.line_of(key),
            key: key.to_owned(),
            expected,
            found: shown,
        }
    }

    fn invalid(&self, key: &str, source: ValueError) -> Error {
        Error::InvalidValue {
            path: self.path.to_owned(),
            line: self.fm.line_of(key),
            key: key.to_owned(),
            source,
        }
    }

    /// A boolean; the strings `true` and `false` are accepted too, as Hugo
    /// accepts them.
    fn bool(&self, key: &str) -> Result<Option<bool>, Error> {
        match self.fm.get(key) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(Value::String(s)) if s.eq_ignore_ascii_case("true") => Ok(Some(true)),
            Some(Value::String(s)) if s.eq_ignore_ascii_case("false") => Ok(Some(false)),
            Some(other) => Err(self.wrong_type(key, "`true` or `false`", other)),
        }
    }

    fn string(&self, key: &str, expected: &'static str) -> Result<Option<&str>, Error> {
        match self.fm.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(other) => Err(self.wrong_type(key, expected, other)),
        }
    }

    fn parsed<T>(
        &self,
        key: &str,
        expected: &'static str,
        parse: impl Fn(&str) -> Result<T, ValueError>,
    ) -> Result<Option<T>, Error> {
        match self.string(key, expected)? {
            None => Ok(None),
            Some(s) => parse(s).map(Some).map_err(|e| self.invalid(key, e)),
        }
    }

    fn priority(&self, key: &str) -> Result<Option<Priority>, Error> {
        let parsed = match self.fm.get(key) {
            None => return Ok(None),
            Some(Value::String(s)) => s.trim().parse(),
            Some(Value::Number(n)) => match n.as_f64() {
                Some(f) => Priority::new(f).map_err(|_| ValueError::Priority {
                    input: n.to_string(),
                }),
                None => Err(ValueError::Priority {
                    input: n.to_string(),
                }),
            },
            Some(other) => return Err(self.wrong_type(key, "a number from 0.0 to 1.0", other)),
        };
        parsed.map(Some).map_err(|e| self.invalid(key, e))
    }
}

/// Parses a front matter date the way site generators write them: any W3C
/// Datetime, plus `2024-05-01 10:30:00` with a space, offsets written
/// `+0200`, `+02` or after a space (Jekyll's `2024-05-01 10:30:00 +0200`).
///
/// A date-time with no offset (a TOML local date-time, Hugo's
/// `2024-05-01T10:30:00`) keeps only its date: the zone it was meant in is
/// unknown, and a date claims no more than the author wrote.
pub fn parse_date(input: &str) -> Result<Lastmod, ValueError> {
    let s = input.trim();
    let first_error = match Lastmod::parse(s) {
        Ok(l) => return Ok(l),
        Err(e) => e,
    };
    if let Some(result) = normalise_date(s) {
        return result.map_err(|_| first_error);
    }
    // Two more forms Hugo 0.111.3 reads (its date-parsing list, checked
    // by building pages with it): RFC 1123 with a numeric zone
    // (`Wed, 01 May 2024 10:00:00 +0200`) and `01 May 2024`.
    if let Ok(zoned) = jiff::fmt::rfc2822::parse(s) {
        return Lastmod::from_zoned(&zoned).map_err(|_| first_error);
    }
    if let Ok(date) = jiff::civil::Date::strptime("%d %b %Y", s) {
        return Lastmod::from_date(date).map_err(|_| first_error);
    }
    Err(first_error)
}

fn normalise_date(s: &str) -> Option<Result<Lastmod, ValueError>> {
    let date = s.get(..10)?;
    let day = Lastmod::parse(date).ok()?;
    let rest = &s[10..];
    let time = rest.strip_prefix(['T', 't', ' '])?.trim_start();
    // hh:mm[:ss[.fff]]
    let time_len = time
        .char_indices()
        .find(|&(_, c)| !(c.is_ascii_digit() || c == ':' || c == '.'))
        .map_or(time.len(), |(i, _)| i);
    if time_len < 5 {
        return None;
    }
    let (clock, zone) = time.split_at(time_len);
    let zone = zone.trim();
    let zone = match zone {
        "" => return Some(Ok(day)),
        "Z" | "z" | "UTC" | "GMT" => "Z".to_owned(),
        _ => {
            // Checked: the zone may start with any character (the fuzz
            // target found a byte order mark there).
            let (sign, digits) = zone.split_at_checked(1)?;
            if sign != "+" && sign != "-" {
                return None;
            }
            let digits = digits.replace(':', "");
            // Only digits: a multi-byte character of the right byte
            // length (`-�2`) would be cut inside itself (a fuzz finding).
            if !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            match digits.len() {
                2 => format!("{sign}{digits}:00"),
                4 => format!("{sign}{}:{}", &digits[..2], &digits[2..]),
                _ => return None,
            }
        }
    };
    Some(Lastmod::parse(&format!("{date}T{clock}{zone}")))
}
