//! Front matter values as Zola reads them (typed, refusing what its
//! `PageFrontMatter`/`SectionFrontMatter` refuse) and the date Zola
//! takes from a file name.

use std::path::Path;

use serde_json::Value;

use sitemap_content::Error;
use sitemap_content::FrontMatter;

/// Every key of Zola's `SectionFrontMatter` (0.22), which denies others.
pub(super) const SECTION_KEYS: &[&str] = &[
    "title",
    "description",
    "sort_by",
    "weight",
    "draft",
    "template",
    "paginate_by",
    "paginate_reversed",
    "paginate_path",
    "insert_anchor_links",
    "render",
    "redirect_to",
    "in_search_index",
    "transparent",
    "page_template",
    "aliases",
    "generate_feeds",
    "extra",
];

pub(super) fn fm_err(path: &Path, line: usize, message: String) -> Error {
    Error::FrontMatter {
        path: path.to_path_buf(),
        line,
        message,
    }
}

pub(super) fn fm_bool(
    fm: &FrontMatter,
    key: &str,
    default: bool,
    path: &Path,
) -> Result<bool, Error> {
    match fm.data().get(key) {
        None => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(fm_err(
            path,
            fm.line_of(key),
            format!("`{key}` must be true or false, found {other}"),
        )),
    }
}

pub(super) fn fm_str<'a>(
    fm: &'a FrontMatter,
    key: &str,
    path: &Path,
) -> Result<Option<&'a str>, Error> {
    match fm.data().get(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(fm_err(
            path,
            fm.line_of(key),
            format!("`{key}` must be a string, found {other}"),
        )),
    }
}

pub(super) fn missing_front_matter(path: &Path) -> Error {
    Error::FrontMatter {
        path: path.to_path_buf(),
        line: 1,
        message: "no front matter: Zola requires `+++` (TOML) or `---` (YAML) front matter at the top of every content file".to_owned(),
    }
}

/// Zola's `RFC3339_DATE` file-name rule: `YYYY-MM-DD` (optionally with a
/// time and offset) then an optional `_`/`-` (after an optional space) and
/// the slug. Returns (datetime, slug).
pub(super) fn dated_filename(name: &str) -> Option<(&str, Option<&str>)> {
    let b = name.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b.get(r.clone())
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit))
    };
    if !(digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10))
    {
        return None;
    }
    let month: u32 = name[5..7].parse().ok()?;
    let day: u32 = name[8..10].parse().ok()?;
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    let mut end = 10;
    // Optional `Thh:mm:ss[.frac](Z|±hh:mm)`: all of it or none.
    if b.get(10) == Some(&b'T') {
        let time_ok = digits(11..13)
            && b.get(13) == Some(&b':')
            && digits(14..16)
            && b.get(16) == Some(&b':')
            && digits(17..19);
        if time_ok {
            let mut i = 19;
            if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                i += 1;
                while b.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
            let zone = match b.get(i) {
                Some(b'Z') => Some(i + 1),
                Some(b'+' | b'-')
                    if digits(i + 1..i + 3)
                        && b.get(i + 3) == Some(&b':')
                        && digits(i + 4..i + 6) =>
                {
                    Some(i + 6)
                }
                _ => None,
            };
            if let Some(z) = zone {
                end = z;
            }
        }
    }
    let datetime = &name[..end];
    let mut rest = &name[end..];
    if let Some(r) = rest.strip_prefix(|c: char| c.is_whitespace()) {
        rest = r;
    }
    let slug = rest.strip_prefix(['_', '-']).filter(|s| !s.is_empty());
    Some((datetime, slug))
}

#[cfg(test)]
mod tests {
    use super::dated_filename;

    /// The cases of Zola's date-in-filename tests (`page.rs`).
    #[test]
    fn dated_filenames_as_zola_reads_them() {
        assert_eq!(
            dated_filename("2018-10-08_hello"),
            Some(("2018-10-08", Some("hello")))
        );
        assert_eq!(
            dated_filename("2018-10-08 - hello"),
            Some(("2018-10-08", Some(" hello")))
        );
        assert_eq!(
            dated_filename("2018-10-02T15:00:00Z-hello"),
            Some(("2018-10-02T15:00:00Z", Some("hello")))
        );
        assert_eq!(dated_filename("2018-10-08"), Some(("2018-10-08", None)));
        assert_eq!(dated_filename("2018-13-08_hello"), None);
        assert_eq!(dated_filename("hello"), None);
    }
}
