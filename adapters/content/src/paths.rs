//! Slugs and URL paths, as each generator makes them.

use std::borrow::Cow;
use std::path::Path;

use sitemap_core::Loc;

use crate::Error;

/// Zola's `[slugify]` strategies (`components/utils/src/slugs.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum SlugifyStrategy {
    /// Transliterate to ASCII, lowercase, hyphens (the `slug` crate).
    #[default]
    On,
    /// Keep the text; drop characters Windows refuses in file names and
    /// trailing spaces and dots.
    Safe,
    /// Keep the text as written.
    Off,
}

impl SlugifyStrategy {
    /// The strategy a `[slugify]` value names; `None` for another word.
    pub fn parse(s: &str) -> Option<SlugifyStrategy> {
        match s {
            "on" => Some(SlugifyStrategy::On),
            "safe" => Some(SlugifyStrategy::Safe),
            "off" => Some(SlugifyStrategy::Off),
            _ => None,
        }
    }
}

/// Zola's `slugify_paths`.
pub fn zola_slugify(s: &str, strategy: SlugifyStrategy) -> String {
    match strategy {
        SlugifyStrategy::On => slug::slugify(s),
        SlugifyStrategy::Safe => {
            let trimmed = s.trim_end_matches([' ', '.']);
            trimmed
                .chars()
                .filter(|c| !r#"<>:"/\|?*"#.contains(*c))
                .collect()
        }
        SlugifyStrategy::Off => s.to_owned(),
    }
}

/// How Hugo makes a path of a name, per language: `disablePathToLower`
/// (its own, else the site's) and `removePathAccents`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathRules {
    /// Lowercase the path (no `disablePathToLower`).
    pub lower: bool,
    /// `removePathAccents`: `é` becomes `e`, `ό` becomes `ο`.
    pub accents_removed: bool,
}

impl PathRules {
    /// Hugo's defaults: lowercase, accents kept.
    pub const DEFAULT: PathRules = PathRules {
        lower: true,
        accents_removed: false,
    };
}

/// Hugo's `PathSpec.MakePathSanitized`: `UnicodeSanitize` (keep letters,
/// digits, marks, `. / \ _ # + ~ - @` and `%XX` escapes; a run of spaces
/// becomes one hyphen), accents removed under `removePathAccents`, then
/// lowercase unless `disablePathToLower`.
pub fn hugo_make_path(s: &str, rules: PathRules) -> String {
    let lower = rules.lower;
    // Nearly every path is ASCII letters, digits and kept punctuation,
    // which the rules below keep as they are: copied (and lowercased)
    // without a `char` buffer and a second string, which were most of a
    // page's URL work.
    if s.bytes().all(|b| {
        b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'.' | b'/' | b'\\' | b'_' | b'#' | b'+' | b'~' | b'-' | b'@'
            )
    }) {
        let mut out = s.to_owned();
        if lower {
            out.make_ascii_lowercase();
        }
        return out;
    }
    let sanitized = hugo_make_path_sanitized(s, false);
    let sanitized = if rules.accents_removed {
        remove_accents(&sanitized)
    } else {
        sanitized
    };
    if lower {
        sanitized.to_lowercase()
    } else {
        sanitized
    }
}

/// A content folder's or file's name as the current Hugo (0.123 and
/// later) puts it in a lowercased path: each space a hyphen, before the
/// path is made (`my  sec/a  b.md` is `/my--sec/a--b/`, where a slug's
/// run of spaces is one hyphen). Under `disablePathToLower`, and in
/// 0.111.3, a name is made a path as a slug is (checked with 0.168.0).
pub fn hugo_content_name(name: &str, current: bool, lower: bool) -> std::borrow::Cow<'_, str> {
    if current && lower && name.contains(' ') {
        std::borrow::Cow::Owned(name.replace(' ', "-"))
    } else {
        std::borrow::Cow::Borrowed(name)
    }
}

/// Hugo's `text.RemoveAccents`: the text decomposed (NFD), its
/// nonspacing marks (category Mn) dropped, and composed again (NFC).
fn remove_accents(s: &str) -> String {
    use icu_properties::CodePointMapData;
    use icu_properties::props::GeneralCategory;
    let category = CodePointMapData::<GeneralCategory>::new();
    let decomposed = icu_normalizer::DecomposingNormalizerBorrowed::new_nfd().normalize(s);
    let kept: String = decomposed
        .chars()
        .filter(|&c| category.get(c) != GeneralCategory::NonspacingMark)
        .collect();
    icu_normalizer::ComposingNormalizerBorrowed::new_nfc()
        .normalize(&kept)
        .into_owned()
}

/// [`hugo_make_path`] character by character.
fn hugo_make_path_sanitized(s: &str, lower: bool) -> String {
    let source: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut prepend_hyphen = false;
    let mut was_hyphen = false;
    for (i, &r) in source.iter().enumerate() {
        let allowed = matches!(r, '.' | '/' | '\\' | '_' | '#' | '+' | '~' | '-' | '@')
            || r.is_alphanumeric()
            || is_mark(r)
            || (r == '%'
                && i + 2 < source.len()
                && source[i + 1].is_ascii_hexdigit()
                && source[i + 2].is_ascii_hexdigit());
        if allowed {
            was_hyphen = r == '-';
            if prepend_hyphen {
                if !was_hyphen {
                    out.push('-');
                }
                prepend_hyphen = false;
            }
            out.push(r);
        } else if !out.is_empty() && !was_hyphen && r.is_whitespace() {
            prepend_hyphen = true;
        }
    }
    if lower { out.to_lowercase() } else { out }
}

/// Combining marks (Unicode category M) in the common blocks; Go's
/// `unicode.IsMark` keeps them in paths.
fn is_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x0610..=0x061A
        | 0x064B..=0x065F | 0x0900..=0x0903 | 0x093A..=0x094F | 0x0E31 | 0x0E34..=0x0E3A
        | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0x3099..=0x309A | 0xFE20..=0xFE2F)
}

/// Whether a path written in front matter would climb out of the site.
pub fn escapes(value: &str) -> bool {
    value.split(['/', '\\']).any(|seg| seg.trim() == "..")
}

/// `base` (always ending in `/`) joined with a site path such as
/// `/posts/a/`. Characters a URL would read as syntax (`#`, `?`, `\`,
/// spaces) are percent-encoded first, so they stay part of the path as the
/// generator wrote the file to disk.
pub fn make_loc(base: &Loc, path: &str, source: &Path) -> Result<Loc, Error> {
    let rel = path.trim_start_matches('/');
    let escaped: Cow<'_, str> = if nothing_to_escape(rel) {
        Cow::Borrowed(rel)
    } else {
        Cow::Owned(escape_path(rel))
    };
    // A first segment with a colon (`mailto:x@y.org` as a Hugo `url`) is
    // a path on the site, not a URL of its own scheme.
    let escaped = if escaped
        .split('/')
        .next()
        .is_some_and(|seg| seg.contains(':'))
    {
        Cow::Owned(format!("./{escaped}"))
    } else {
        escaped
    };
    base.join(&escaped).map_err(|source_err| Error::Loc {
        path: source.to_path_buf(),
        source: source_err,
    })
}

/// Whether [`escape_path`] would leave `rel` as it is, told from its
/// bytes: nearly every path has no URL syntax, `%`, space or control
/// character (C0, DEL, and C1, whose UTF-8 starts with 0xC2: any such
/// byte takes the long way).
fn nothing_to_escape(rel: &str) -> bool {
    !rel.bytes()
        .any(|b| b < 0x20 || matches!(b, b'#' | b'?' | b'\\' | b' ' | b'%' | 0x7F | 0xC2))
}

/// A site path with the characters a URL would read as syntax
/// percent-encoded ([`make_loc`]).
fn escape_path(rel: &str) -> String {
    let mut escaped = String::with_capacity(rel.len());
    let bytes: Vec<char> = rel.chars().collect();
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            '#' => escaped.push_str("%23"),
            '?' => escaped.push_str("%3F"),
            '\\' => escaped.push_str("%5C"),
            ' ' => escaped.push_str("%20"),
            // A tab or other control character in a file name or slug
            // (Zola's `safe` and `off` keep them): encoded, since a URL
            // parser drops tabs and newlines.
            c if c.is_control() => {
                for b in c.encode_utf8(&mut [0; 4]).bytes() {
                    escaped.push_str(&format!("%{b:02X}"));
                }
            }
            '%' if !(i + 2 < bytes.len()
                && bytes[i + 1].is_ascii_hexdigit()
                && bytes[i + 2].is_ascii_hexdigit()) =>
            {
                escaped.push_str("%25");
            }
            _ => escaped.push(c),
        }
    }
    escaped
}

/// A base URL as both generators treat it: always a folder. `key` is the
/// configuration's key (`baseURL`) when the value came from `config`,
/// `None` when the caller gave it (its own error names where from).
pub fn base_loc(base_url: &str, config: &Path, key: Option<&'static str>) -> Result<Loc, Error> {
    Loc::parse_folder(base_url).map_err(|source| match key {
        Some(key) => Error::BaseUrl {
            path: config.to_path_buf(),
            line: line_of_key(config, key),
            key,
            value: base_url.to_owned(),
            rule: Box::new(source),
        },
        None => Error::Loc {
            path: config.to_path_buf(),
            source,
        },
    })
}

/// The 1-based line where `key` is set at the top of a TOML, YAML or
/// JSON configuration (`baseURL = …`, `baseurl: …`, `"baseURL": …`),
/// compared as the generators do, without regard to case.
fn line_of_key(config: &Path, key: &str) -> Option<usize> {
    let text = std::fs::read_to_string(config).ok()?;
    let key = key.to_ascii_lowercase();
    text.lines()
        .position(|line| {
            let line = line.trim().to_ascii_lowercase();
            let line = line.trim_start_matches(['"', '\'']);
            line.strip_prefix(&key).is_some_and(|rest| {
                rest.trim_start_matches(['"', '\''])
                    .trim_start()
                    .starts_with(['=', ':'])
            })
        })
        .map(|i| i + 1)
}

/// `path` relative to `base` (`Path::strip_prefix`), by comparing bytes
/// when `path` is plainly `base` joined with more (as every path a walk of
/// `base` builds is): `strip_prefix` compares component by component,
/// which was a twentieth of a large scan.
pub fn below<'p>(path: &'p Path, base: &Path) -> Option<&'p Path> {
    if let (Some(p), Some(b)) = (path.to_str(), base.to_str())
        && !b.is_empty()
        && let Some(rest) = p.strip_prefix(b.trim_end_matches('/'))
        && let Some(rest) = rest.strip_prefix('/')
        && !rest.starts_with(['/', '.'])
        && !rest.contains("//")
        && !rest.contains("/.")
    {
        return Some(Path::new(rest));
    }
    path.strip_prefix(base).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strings of every ASCII byte and some non-ASCII letters, marks and
    /// C1 controls, two and three characters long, plus path shapes.
    fn samples() -> Vec<String> {
        let mut alphabet: Vec<char> = (0u8..0x80).map(char::from).collect();
        alphabet.extend([
            'é', 'ß', 'İ', '\u{85}', '\u{9F}', '\u{A0}', '\u{301}', '日', '\u{2028}',
        ]);
        let mut out = vec![
            "posts/Hello World/".to_owned(),
            "/a/b%2Fc/".to_owned(),
            "tags/C#/".to_owned(),
            "docs/v1.2_beta~1+x@y/".to_owned(),
        ];
        for &a in &alphabet {
            for &b in &alphabet {
                out.push(format!("{a}{b}"));
                out.push(format!("x/{a}{b}f/"));
            }
        }
        out
    }

    #[test]
    fn the_plain_path_shortcuts_agree_with_the_long_ways() {
        for s in samples() {
            for lower in [false, true] {
                assert_eq!(
                    hugo_make_path(
                        &s,
                        PathRules {
                            lower,
                            accents_removed: false
                        }
                    ),
                    hugo_make_path_sanitized(&s, lower),
                    "{s:?}"
                );
            }
            if nothing_to_escape(&s) {
                assert_eq!(escape_path(&s), s, "{s:?}");
            }
        }
    }

    /// The cases of Zola's own `can_slugify_paths` test.
    #[test]
    fn zola_slugify_matches_zola_tests() {
        let cases = [
            ("input", ("input", "input", "input")),
            ("test ", ("test", "test", "test ")),
            ("tes t", ("tes-t", "tes t", "tes t")),
            ("dot. ", ("dot", "dot", "dot. ")),
            ("日本", ("ri-ben", "日本", "日本")),
            ("héhé", ("hehe", "héhé", "héhé")),
            ("test (hey)", ("test-hey", "test (hey)", "test (hey)")),
        ];
        for (input, (on, safe, off)) in cases {
            assert_eq!(zola_slugify(input, SlugifyStrategy::On), on, "{input}");
            assert_eq!(zola_slugify(input, SlugifyStrategy::Safe), safe, "{input}");
            assert_eq!(zola_slugify(input, SlugifyStrategy::Off), off, "{input}");
        }
    }

    /// Cases from Hugo's `TestMakePath`/`TestUnicodeSanitize`.
    #[test]
    fn hugo_make_path_matches_hugo_tests() {
        let cases = [
            ("  Foo bar  ", "Foo-bar"),
            ("Foo.Bar/foo_Bar-Foo", "Foo.Bar/foo_Bar-Foo"),
            ("fOO,bar:foobAR", "fOObarfoobAR"),
            ("FOo/BaR.html", "FOo/BaR.html"),
            ("трям/трям", "трям/трям"),
            ("은행", "은행"),
            ("Банковский кассир", "Банковский-кассир"),
            ("a%C3%B1ame", "a%C3%B1ame"),
            ("this+is+a+test", "this+is+a+test"),
            ("~foo", "~foo"),
            ("foo--bar", "foo--bar"),
            ("foo - bar", "foo-bar"),
            ("Rust Lang", "Rust-Lang"),
        ];
        for (input, want) in cases {
            let rules = PathRules {
                lower: false,
                accents_removed: false,
            };
            assert_eq!(hugo_make_path(input, rules), want, "{input:?}");
        }
        assert_eq!(
            hugo_make_path("My First Post", PathRules::DEFAULT),
            "my-first-post"
        );
        // `removePathAccents`, as Hugo 0.168.0 writes these paths.
        let accents = PathRules {
            lower: true,
            accents_removed: true,
        };
        assert_eq!(hugo_make_path("διακριτικός", accents), "διακριτικος");
        assert_eq!(hugo_make_path("Éléphant Café", accents), "elephant-cafe");
    }

    #[test]
    fn dot_dot_segments_escape() {
        assert!(escapes("../etc"));
        assert!(escapes("a/../../b"));
        assert!(!escapes("a..b/c"));
    }

    #[test]
    fn below_agrees_with_strip_prefix() {
        let cases = [
            ("content/a/b.md", "content"),
            ("content/a/b.md", "content/"),
            ("/site/content/x.md", "/site/content"),
            ("/x.md", "/"),
            ("content2/a.md", "content"),
            ("content", "content"),
            ("content/./a.md", "content"),
            ("content//a.md", "content"),
            ("content/.hidden/a.md", "content"),
            ("./content/a.md", "content"),
            ("a.md", ""),
        ];
        for (path, base) in cases {
            assert_eq!(
                below(Path::new(path), Path::new(base)),
                Path::new(path).strip_prefix(base).ok(),
                "{path} below {base}"
            );
        }
    }
}
