//! Regression tests named after the defect they pin (issue #12).

use std::path::Path;

use sitemap_pages::pipeline::SourceConfig;
use sitemap_pages::{front_matter, overrides::Overrides};

fn override_error(text: &str) -> String {
    let path = Path::new("content/post.md");
    let fm = front_matter::parse(path, text).unwrap();
    Overrides::from_front_matter(path, &fm)
        .unwrap_err()
        .to_string()
}

/// `priority: .nan` in YAML front matter was written as `0.0`: a float
/// that is not a number, or infinite, is an error naming file and line.
/// (TOML's `nan` reaches the JSON value as null, so its message says
/// "null"; still an error, never a published `0.0`.)
#[test]
fn nan_priority_in_front_matter_is_an_error_not_zero() {
    assert_eq!(
        [
            override_error("---\ntitle: x\nsitemap:\n  priority: .nan\n---\n"),
            override_error("---\nsitemap:\n  priority: .inf\n---\n"),
            override_error("---\nsitemap:\n  priority: -.Inf\n---\n"),
            override_error("+++\n[extra.sitemap]\npriority = nan\n+++\n"),
            override_error("+++\n[extra.sitemap]\npriority = -inf\n+++\n"),
        ],
        [
            "content/post.md:4: `sitemap.priority`: priority `.nan`: expected a number from 0.0 to 1.0",
            "content/post.md:3: `sitemap.priority`: priority `.inf`: expected a number from 0.0 to 1.0",
            "content/post.md:3: `sitemap.priority`: priority `-.Inf`: expected a number from 0.0 to 1.0",
            "content/post.md:3: `extra.sitemap.priority`: expected a number from 0.0 to 1.0, found nothing (null)",
            "content/post.md:3: `extra.sitemap.priority`: expected a number from 0.0 to 1.0, found nothing (null)",
        ]
    );
}

/// The same value in `sitemap.toml` is refused by the model.
#[test]
fn nan_priority_in_sitemap_toml_is_an_error() {
    let err = toml::from_str::<SourceConfig>("priority = nan\n")
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "TOML parse error at line 1, column 12\n  |\n1 | priority = nan\n  |            ^^^\npriority `NaN`: expected a number from 0.0 to 1.0\n"
    );
}

/// Found by `cargo xtask fuzz`: a date whose zone starts with a
/// multi-byte character panicked (`split_at` inside a character) and
/// took the whole scan down; it is an error naming file and line.
#[test]
fn date_with_a_multibyte_zone_is_an_error_not_a_panic() {
    assert_eq!(
        override_error("---\nlast_modified_at: 2024-05-01 10:30\u{feff}:00 +0200\n---\n"),
        "content/post.md:2: `last_modified_at`: lastmod `2024-05-01 10:30\u{feff}:00 +0200`: expected `T` at character 11, found ` `; expected a W3C Datetime: YYYY, YYYY-MM, YYYY-MM-DD, or YYYY-MM-DDThh:mm[:ss[.s]] followed by Z or ±hh:mm"
    );
}

/// Found by the front matter fuzz target: a zone whose digits hold a
/// multi-byte character of the right byte length (`-�2`) was cut inside
/// it and panicked; the date is not one the front matter reader takes.
#[test]
fn date_with_a_multibyte_character_in_its_zone_digits_is_an_error_not_a_panic() {
    let message = override_error("---\ndate: 2024-03-01T09:05-\u{fffd}2\n---\n");
    assert_eq!(
        message,
        "content/post.md:2: `date`: lastmod `2024-03-01T09:05-\u{fffd}2`: expected `Z` or `±hh:mm` at character 17; expected a W3C Datetime: YYYY, YYYY-MM, YYYY-MM-DD, or YYYY-MM-DDThh:mm[:ss[.s]] followed by Z or ±hh:mm"
    );
}
