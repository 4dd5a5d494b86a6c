//! URL sets as the corpus and the differential runs compare them: every
//! `<loc>` of a sitemap set (an index followed to its children, plain or
//! gzipped) with its `<lastmod>`, and the difference of two such sets.
//!
//! Read with quick-xml rather than our own reader on purpose: the sets
//! compared here are mostly the generators' own, and the comparison must
//! not share a parser with the code under test.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result, bail};
use quick_xml::events::Event;

/// `loc` → `lastmod` (as written, `None` when absent).
pub(crate) type UrlSet = BTreeMap<String, Option<String>>;

/// Reads the sitemap set whose root file is `root`. The children of an
/// index are found on disk by their URL: `base_url` + a path is the file
/// at that path under `out` (Hugo's multilingual index lists
/// `/en/sitemap.xml`, which lives in `out/en/`).
pub(crate) fn read_set(root: &Path, out: &Path, base_url: &str) -> Result<UrlSet> {
    Ok(read_set_urls(root, out, base_url)?
        .into_iter()
        .map(|u| (u.loc, u.lastmod))
        .collect())
}

/// [`read_set`] with every field of each `<url>`, in the files' order.
pub(crate) fn read_set_urls(root: &Path, out: &Path, base_url: &str) -> Result<Vec<Url>> {
    read_set_urls_of(root, out, base_url, false)
}

/// [`read_set_urls`]; with `unwritten_children`, a child the index lists
/// that is not on disk is read as no URLs (Hugo 0.167 lists a language's
/// sitemap in its index when a cascade keeps every page of that language
/// from being rendered, and writes no such file: what it publishes has
/// none of that language's URLs).
pub(crate) fn read_set_urls_of(
    root: &Path,
    out: &Path,
    base_url: &str,
    unwritten_children: bool,
) -> Result<Vec<Url>> {
    let (tag, entries) = read_urls(root)?;
    if tag == "urlset" {
        return Ok(entries);
    }
    if tag != "sitemapindex" {
        bail!("{}: root element <{tag}> is no sitemap", root.display());
    }
    let mut set = Vec::new();
    for child in entries {
        let file = local_file(&child.loc, out, base_url)
            .with_context(|| format!("{} lists {}", root.display(), child.loc))?;
        if unwritten_children && !file.exists() {
            continue;
        }
        let (tag, urls) = read_urls(&file)?;
        if tag != "urlset" {
            bail!("{}: a child of an index is <{tag}>", file.display());
        }
        set.extend(urls);
    }
    Ok(set)
}

/// Where a URL under `base_url` lives in the built folder `out`.
fn local_file(url: &str, out: &Path, base_url: &str) -> Result<std::path::PathBuf> {
    let base = base_url.trim_end_matches('/');
    // Compare without the scheme: generators differ on http/https only by
    // configuration, and the file is the same.
    let strip = |u: &str| u.split_once("://").map_or(u, |(_, rest)| rest).to_owned();
    let (url_s, base_s) = (strip(url), strip(base));
    let rest = url_s
        .strip_prefix(&base_s)
        .with_context(|| format!("{url} is not under {base_url}"))?;
    Ok(out.join(rest.trim_start_matches('/')))
}

/// One `<url>` or `<sitemap>`: its loc and lastmod.
type Entry = (String, Option<String>);

/// The root element and every entry of one file.
pub(crate) fn read_file(path: &Path) -> Result<(String, Vec<Entry>)> {
    let (root, urls) = read_urls(path)?;
    Ok((root, urls.into_iter().map(|u| (u.loc, u.lastmod)).collect()))
}

/// One `<url>` or `<sitemap>` whole: the text of each field, trimmed;
/// the loc percent-decoded as [`read_file`] gives it.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Url {
    pub(crate) loc: String,
    pub(crate) lastmod: Option<String>,
    pub(crate) changefreq: Option<String>,
    pub(crate) priority: Option<String>,
}

/// The root element and every entry of one file, every field of each.
pub(crate) fn read_urls(path: &Path) -> Result<(String, Vec<Url>)> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let text = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut s = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut s)
            .with_context(|| format!("gunzip {}", path.display()))?;
        s
    } else {
        String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8", path.display()))?
    };
    let mut reader = quick_xml::Reader::from_str(&text);
    let mut root = String::new();
    let mut entries = Vec::new();
    // The element whose text is being read, and the current entry's
    // fields.
    let mut field: Option<&'static str> = None;
    let mut fields: BTreeMap<&'static str, String> = BTreeMap::new();
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) => {
                let local = e.local_name();
                let name: &str = local.as_ref();
                // Only the protocol's own (unprefixed) elements:
                // `image:loc` is no page.
                if root.is_empty() {
                    root = name.to_owned();
                } else if e.name().prefix().is_none() {
                    field = ["loc", "lastmod", "changefreq", "priority"]
                        .into_iter()
                        .find(|f| *f == name);
                }
            }
            // quick-xml hands text and entity references over in pieces.
            Ok(Event::Text(t)) => push(field, &mut fields, &t),
            Ok(Event::GeneralRef(r)) => {
                let c = match r.resolve_char_ref() {
                    Ok(Some(c)) => c,
                    _ => match &*r {
                        "amp" => '&',
                        "lt" => '<',
                        "gt" => '>',
                        "quot" => '"',
                        "apos" => '\'',
                        other => bail!("{}: unknown entity &{other};", path.display()),
                    },
                };
                push(field, &mut fields, c.encode_utf8(&mut [0; 4]));
            }
            Ok(Event::End(e)) => {
                let local = e.local_name();
                let name: &str = local.as_ref();
                if e.name().prefix().is_none() {
                    match name {
                        "url" | "sitemap" => {
                            let mut take = |f| fields.remove(f).map(|t| t.trim().to_owned());
                            let loc = take("loc").with_context(|| {
                                format!("{}: an entry without <loc>", path.display())
                            })?;
                            entries.push(Url {
                                loc: percent_decoded(&loc),
                                lastmod: take("lastmod"),
                                changefreq: take("changefreq"),
                                priority: take("priority"),
                            });
                            fields.clear();
                        }
                        _ => field = None,
                    }
                }
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => bail!("{}: {e}", path.display()),
        }
    }
    Ok((root, entries))
}

/// The set `sitemap scan --dry-run` printed: one entry a line, the URL
/// first, then tab-separated `key=value` fields (`lastmod=`).
pub(crate) fn from_dry_run(stdout: &str) -> UrlSet {
    stdout
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut fields = line.split('\t');
            let loc = percent_decoded(fields.next().unwrap_or_default().trim());
            let lastmod = fields.find_map(|f| f.strip_prefix("lastmod=").map(str::to_owned));
            (loc, lastmod)
        })
        .collect()
}

/// A loc with its percent escapes decoded, so that one path written as
/// an IRI (Zola writes `/日本/` as it is) and as a URI (`/%E6%97%A5%E6%9C%AC/`,
/// as we write it) compare equal; left as it is when the bytes are no
/// UTF-8.
fn percent_decoded(loc: &str) -> String {
    let b = loc.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%'
            && let (Some(h), Some(l)) = (
                b.get(i + 1).copied().and_then(hex),
                b.get(i + 2).copied().and_then(hex),
            )
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| loc.to_owned())
}

fn push(field: Option<&'static str>, fields: &mut BTreeMap<&'static str, String>, text: &str) {
    if let Some(f) = field {
        fields.entry(f).or_default().push_str(text);
    }
}

/// How two URL sets differ.
#[derive(Debug, Default)]
pub(crate) struct Diff {
    /// In ours, not in the generator's.
    pub(crate) only_ours: Vec<String>,
    /// In the generator's, not in ours.
    pub(crate) only_theirs: Vec<String>,
    /// In both, with a different lastmod: (loc, ours, theirs).
    pub(crate) lastmod: Vec<(String, Option<String>, Option<String>)>,
}

/// Compares two sets; lastmods are compared as instants when both parse
/// (`2024-01-02` and `2024-01-02T00:00:00Z` are the same day written two
/// ways, so a date is compared by its day only).
pub(crate) fn diff(ours: &UrlSet, theirs: &UrlSet) -> Diff {
    let mut d = Diff::default();
    for (loc, mine) in ours {
        match theirs.get(loc) {
            None => d.only_ours.push(loc.clone()),
            Some(other) => {
                if !same_lastmod(mine.as_deref(), other.as_deref()) {
                    d.lastmod.push((loc.clone(), mine.clone(), other.clone()));
                }
            }
        }
    }
    d.only_theirs = theirs
        .keys()
        .filter(|l| !ours.contains_key(*l))
        .cloned()
        .collect();
    d
}

/// Whether two W3C datetimes name the same moment (or the same day, when
/// either is a bare date).
pub(crate) fn same_lastmod(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => {
            if a.len() == 10 || b.len() == 10 {
                return a.get(..10) == b.get(..10);
            }
            match (epoch_seconds(a), epoch_seconds(b)) {
                (Some(x), Some(y)) => x == y,
                _ => a == b,
            }
        }
        (a, b) => a == b,
    }
}

/// Seconds since 1970 of `YYYY-MM-DDThh:mm:ss[.frac](Z|±hh:mm)`; `None`
/// for anything else.
pub(crate) fn epoch_seconds(s: &str) -> Option<i64> {
    let num = |r: std::ops::Range<usize>| s.get(r)?.parse::<i64>().ok();
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, se) = (num(11..13)?, num(14..16)?, num(17..19)?);
    let mut rest = &s[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        rest = frac.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    let offset = match rest {
        "Z" => 0,
        _ => {
            let sign = match rest.get(..1)? {
                "+" => 1,
                "-" => -1,
                _ => return None,
            };
            let oh: i64 = rest.get(1..3)?.parse().ok()?;
            let om: i64 = rest.get(4..6)?.parse().ok()?;
            sign * (oh * 3600 + om * 60)
        }
    };
    // Days from civil (Howard Hinnant's algorithm).
    let y = if mo <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (mo + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + h * 3600 + mi * 60 + se - offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instants_compare_across_offsets() {
        assert!(same_lastmod(
            Some("2024-05-01T12:00:00+02:00"),
            Some("2024-05-01T10:00:00Z")
        ));
        assert!(!same_lastmod(
            Some("2024-05-01T12:00:00+02:00"),
            Some("2024-05-01T12:00:00Z")
        ));
        assert!(same_lastmod(
            Some("2024-05-01"),
            Some("2024-05-01T23:00:00Z")
        ));
        assert!(!same_lastmod(Some("2024-05-01"), None));
        assert_eq!(epoch_seconds("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(epoch_seconds("2000-03-01T00:00:00.5Z"), Some(951_868_800));
    }

    #[test]
    fn an_index_is_followed_to_children_in_subfolders() {
        let dir = std::env::temp_dir().join(format!("xtask-urlsets-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("en")).unwrap();
        std::fs::write(
            dir.join("sitemap.xml"),
            r#"<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://e.org/en/sitemap.xml</loc></sitemap></sitemapindex>"#,
        )
        .unwrap();
        std::fs::write(
            dir.join("en/sitemap.xml"),
            r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://e.org/en/a&amp;b/</loc><lastmod>2024-01-01</lastmod><xhtml:link rel="alternate" hreflang="de" href="https://e.org/de/"/></url><url><loc>https://e.org/en/</loc></url></urlset>"#,
        )
        .unwrap();
        let set = read_set(&dir.join("sitemap.xml"), &dir, "http://e.org/").unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let got: Vec<_> = set.into_iter().collect();
        assert_eq!(
            got,
            [
                ("https://e.org/en/".to_owned(), None),
                (
                    "https://e.org/en/a&b/".to_owned(),
                    Some("2024-01-01".to_owned())
                )
            ]
        );
    }
}
