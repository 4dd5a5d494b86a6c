//! Issue 13 item 3: every `lastmod` form Hugo 0.111.3 reads is read here,
//! to the same day (a form with no zone: Hugo takes UTC, this keeps the
//! date alone) or the same instant (a form with a zone).
//!
//! The second column is what Hugo 0.111.3 (Debian `0.111.3-1`) gave as
//! `.Lastmod` for a page whose YAML front matter held the first column
//! (`{{ .Lastmod.Format "2006-01-02T15:04:05Z07:00" }}`), fractions dropped
//! by that format. Forms Hugo silently ignores (its `.Lastmod` is then
//! zero, the build still succeeds) are read more leniently here and are
//! not pinned: `2024-05-01T10:00`, `2024-05-01t10:00:00z`, `2024-05`,
//! `"2024-05-01 10:00:00 UTC"`, `"2024-05-01T10:00:00+02"`.

use std::path::Path;

use sitemap_pages::front_matter;
use sitemap_pages::overrides::Overrides;

/// (YAML value, Hugo 0.111.3's `.Lastmod`, ours).
const FORMS: [(&str, &str, &str); 13] = [
    ("2024-05-01", "2024-05-01T00:00:00Z", "2024-05-01"),
    ("2024-05-01T10:00:00", "2024-05-01T10:00:00Z", "2024-05-01"),
    ("2024-05-01 10:00:00", "2024-05-01T10:00:00Z", "2024-05-01"),
    (
        "2024-05-01T10:00:00+02:00",
        "2024-05-01T10:00:00+02:00",
        "2024-05-01T10:00:00+02:00",
    ),
    (
        "2024-05-01T10:00:00.123Z",
        "2024-05-01T10:00:00Z",
        "2024-05-01T10:00:00.123Z",
    ),
    (
        "2024-05-01T10:00:00Z",
        "2024-05-01T10:00:00Z",
        "2024-05-01T10:00:00Z",
    ),
    (
        "2024-05-01 10:00:00 +0200",
        "2024-05-01T10:00:00+02:00",
        "2024-05-01T10:00:00+02:00",
    ),
    (
        "\"2024-05-01T10:00:00+0200\"",
        "2024-05-01T10:00:00+02:00",
        "2024-05-01T10:00:00+02:00",
    ),
    ("\"01 May 2024\"", "2024-05-01T00:00:00Z", "2024-05-01"),
    (
        "\"2024-05-01T10:00:00.123456789-07:00\"",
        "2024-05-01T10:00:00-07:00",
        "2024-05-01T10:00:00.123456789-07:00",
    ),
    (
        "\"Wed, 01 May 2024 10:00:00 +0200\"",
        "2024-05-01T10:00:00+02:00",
        "2024-05-01T10:00:00+02:00",
    ),
    (
        "\"2024-05-01 10:00:00.5 +02:00\"",
        "2024-05-01T10:00:00+02:00",
        "2024-05-01T10:00:00.5+02:00",
    ),
    ("9999-12-31", "9999-12-31T00:00:00Z", "9999-12-31"),
];

/// Every form Hugo reads gives the day or instant Hugo gave.
#[test]
fn lastmod_forms_hugo_reads_are_read_the_same() {
    for (yaml, hugo, ours) in FORMS {
        let text = format!("---\ntitle: t\nlastmod: {yaml}\n---\n");
        let path = Path::new("content/p.md");
        let fm = front_matter::parse(path, &text).unwrap();
        let lastmod = Overrides::from_front_matter(path, &fm)
            .unwrap_or_else(|e| panic!("{yaml}: {e}"))
            .lastmod
            .unwrap_or_else(|| panic!("{yaml}: no lastmod"));
        assert_eq!(lastmod.to_string(), ours, "{yaml}");
        // And it agrees with Hugo's: the same day, or the same instant to
        // the second.
        if ours.len() == 10 {
            assert_eq!(&hugo[..10], ours, "{yaml}");
        } else {
            let hugo_at: jiff::Timestamp = hugo.parse().unwrap();
            let ours_at: jiff::Timestamp = ours.parse().unwrap();
            assert_eq!(ours_at.as_second(), hugo_at.as_second(), "{yaml}");
        }
    }
}
