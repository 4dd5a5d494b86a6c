//! Regression tests, each named after the defect it pins (issue #12,
//! "hostile input"), asserting the message the user sees.

use sitemap_core::validate::{Options, validate};
use sitemap_core::{Loc, Priority};

/// `priority: .nan` was written as `0.0`: a float that is not a number,
/// or infinite, is no priority.
#[test]
fn nan_and_infinite_priority_are_refused() {
    for (value, shown) in [
        (f64::NAN, "NaN"),
        (f64::INFINITY, "inf"),
        (f64::NEG_INFINITY, "-inf"),
    ] {
        assert_eq!(
            Priority::new(value).unwrap_err().to_string(),
            format!("priority `{shown}`: expected a number from 0.0 to 1.0")
        );
    }
    // Through serde, as sitemap.toml and JSON values reach the model.
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Row {
        priority: Priority,
    }
    for (toml_text, shown) in [
        ("priority = nan", "NaN"),
        ("priority = +inf", "inf"),
        ("priority = -inf", "-inf"),
    ] {
        let err = toml::from_str::<Row>(toml_text).unwrap_err();
        assert_eq!(
            err.message(),
            format!("priority `{shown}`: expected a number from 0.0 to 1.0"),
            "{toml_text}"
        );
    }
    for text in ["nan", ".nan", "NaN", "inf", "-.inf", "1e400"] {
        assert_eq!(
            text.parse::<Priority>().unwrap_err().to_string(),
            format!("priority `{text}`: expected a number from 0.0 to 1.0")
        );
    }
}

/// A base URL with credentials was copied into every `<loc>`: any URL
/// with a user name or password is refused, and the message never shows
/// the password.
#[test]
fn credentials_in_a_url_are_refused_and_redacted() {
    let cases = [
        (
            "https://user:secret@host.example/",
            "https://user:…@host.example/",
        ),
        (
            "https://user:secret@host.example",
            "https://user:…@host.example/",
        ),
        ("https://user@host.example/a", "https://…@host.example/a"),
        ("https://:secret@host.example/", "https://:…@host.example/"),
        (
            "http://u:p@Example.ORG:80/docs/",
            "http://u:…@example.org/docs/",
        ),
    ];
    for (input, shown) in cases {
        let message = Loc::parse(input).unwrap_err().to_string();
        assert_eq!(
            message,
            format!(
                "URL `{shown}` has credentials (user:password@); a sitemap URL is public: remove them"
            )
        );
        assert!(!message.contains("secret"));
        assert_eq!(
            Loc::parse_folder(input).unwrap_err().to_string(),
            format!(
                "URL `{}` has credentials (user:password@); a sitemap URL is public: remove them",
                if shown.ends_with('/') {
                    shown.to_owned()
                } else {
                    format!("{shown}/")
                }
            )
        );
    }
    // A reference joined onto a clean base cannot bring them in either.
    let base = Loc::parse("https://example.org/docs/").unwrap();
    assert_eq!(
        base.join("//me:hunter2@example.org/x")
            .unwrap_err()
            .to_string(),
        "URL `https://me:…@example.org/x` has credentials (user:password@); a sitemap URL is public: remove them"
    );
    // Other errors on text with credentials do not repeat the password.
    assert_eq!(
        Loc::parse("https://user:secret@exa mple.org/")
            .unwrap_err()
            .to_string(),
        "loc `https://user:…@exa mple.org/`: not an absolute URL (invalid international domain name)"
    );
}

/// `validate` accepted a `<loc>` with credentials; it is an error, and
/// the password is not echoed.
#[test]
fn validate_flags_credentials_in_loc() {
    let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n\
<url><loc>https://user:secret@example.org/</loc></url>\n\
</urlset>\n";
    let report = validate(xml.as_bytes(), &Options::default()).unwrap();
    let shown: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "3:6: error: <loc>: URL `https://user:…@example.org/` has credentials (user:password@); a sitemap URL is public: remove them"
        ]
    );
    let text = "https://example.org/\nhttps://token@example.org/x\n";
    let report = validate(text.as_bytes(), &Options::default()).unwrap();
    let shown: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "2:1: error: URL: URL `https://…@example.org/x` has credentials (user:password@); a sitemap URL is public: remove them"
        ]
    );
}

/// Found by `cargo xtask fuzz`: a `lastmod` with a multi-byte character
/// across byte 10 panicked the validator (a slice inside a character).
#[test]
fn lastmod_with_a_multibyte_character_is_a_finding_not_a_panic() {
    let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n\
<url><loc>https://example.org/</loc><lastmod>2024-05-\u{feff}01</lastmod></url>\n\
</urlset>\n";
    let report = validate(xml.as_bytes(), &Options::default()).unwrap();
    let shown: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "3:37: error: lastmod `2024-05-\u{feff}01`: expected 2 digits for the day at character 9; expected a W3C Datetime: YYYY, YYYY-MM, YYYY-MM-DD, or YYYY-MM-DDThh:mm[:ss[.s]] followed by Z or ±hh:mm"
        ]
    );
}

/// `Lastmod::start` gave the Unix epoch for `9999-12-31` (an instant past
/// jiff's range), so the far-future typo sorted as the oldest value and
/// slipped through "newest lastmod" and "in the future" checks.
#[test]
fn far_future_lastmod_orders_after_every_other_value() {
    use sitemap_core::Lastmod;
    let parse = |s: &str| Lastmod::parse(s).unwrap();
    let mut values: Vec<Lastmod> = [
        "9999-12-31T23:59:59Z",
        "9999-12-31",
        "1970-01-01",
        "9999-12-31T12:00:00+14:00",
        "2024-05-01",
        "9999-12-30T21:00:00Z",
        "9999",
    ]
    .map(parse)
    .to_vec();
    values.sort();
    let shown: Vec<String> = values.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "1970-01-01",
            "2024-05-01",
            "9999",
            "9999-12-30T21:00:00Z",
            "9999-12-31T12:00:00+14:00",
            "9999-12-31",
            "9999-12-31T23:59:59Z",
        ]
    );
    assert!(parse("9999-12-31").start() > parse("2024-05-01").start());
    assert_eq!(parse("9999-12-31").start(), jiff::Timestamp::MAX);
    assert!(parse("9999-12-31").start() > jiff::Timestamp::now());
}

/// Found by `cargo xtask fuzz` (robots target): a robots.txt whose first
/// bytes were 0x1f 0x8b was inflated as gzip and judged "not a valid gzip
/// stream", so `scan --robots` then `validate` failed on a merged file.
/// robots.txt is text to every crawler; those bytes are its first line.
#[test]
fn robots_txt_starting_like_gzip_is_read_as_text() {
    let merged = sitemap_core::robots::merge_bytes(
        b"\x1f\x8b",
        &"https://example.org/sitemap.xml".parse().unwrap(),
        &[],
    );
    assert_eq!(
        merged,
        b"\x1f\x8b\nSitemap: https://example.org/sitemap.xml\n"
    );
    let report = sitemap_core::validate::validate_robots(&merged[..]).unwrap();
    assert!(!report.gzip);
    assert_eq!(report.errors(), 0, "{:?}", report.diagnostics);
    let children: Vec<&str> = report.children.iter().map(|c| c.loc.as_str()).collect();
    assert_eq!(children, ["https://example.org/sitemap.xml"]);
}
