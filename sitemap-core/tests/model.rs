//! The model: every refused value gives an error that says which rule it
//! breaks; accepted values are kept and written as the protocol shows.

use sitemap_core::{ChangeFreq, Hreflang, Lastmod, Loc, Priority, Url, ValueError};

fn loc_err(input: &str) -> String {
    Loc::parse(input).expect_err(input).to_string()
}

fn lastmod_err(input: &str) -> String {
    Lastmod::parse(input).expect_err(input).to_string()
}

#[test]
fn loc_refusals_name_the_rule() {
    assert_eq!(
        loc_err("ftp://example.org/file"),
        "loc `ftp://example.org/file`: the scheme must be http or https, not `ftp`"
    );
    assert_eq!(
        loc_err("/relative/path"),
        "loc `/relative/path`: not an absolute URL (relative URL without a base)"
    );
    assert_eq!(
        loc_err("https://example.org/page#top"),
        "loc `https://example.org/page#top`: a fragment (`#...`) is not allowed: a fragment names a part of a page, not a page"
    );
    assert_eq!(
        loc_err(" https://example.org/"),
        "loc ` https://example.org/`: leading or trailing whitespace, or control characters, are not allowed"
    );
    assert_eq!(
        loc_err("https://example.org/a\tb"),
        // Quoted with its control character escaped, never raw.
        "loc `https://example.org/a\\tb`: leading or trailing whitespace, or control characters, are not allowed"
    );
    assert_eq!(
        loc_err("http://a.b/"),
        "loc `http://a.b/`: 11 characters; the sitemaps.org XSD requires at least 12"
    );
    assert_eq!(
        loc_err("http:///"),
        "loc `http:///`: not an absolute URL (empty host)"
    );
    let long = format!("https://example.org/{}", "a".repeat(2029));
    let err = loc_err(&long);
    assert!(
        err.ends_with("… (1929 more characters)`: 2049 characters once percent-encoded; the protocol allows at most 2048"),
        "{err}"
    );
    // Percent-encoding counts: 700 `é` become 4,200 characters.
    let err = loc_err(&format!("https://example.org/{}", "é".repeat(700)));
    assert!(
        err.ends_with(": 4220 characters once percent-encoded; the protocol allows at most 2048"),
        "{err}"
    );
}

#[test]
fn loc_join_refusals_name_the_rule() {
    let base = Loc::parse("https://example.org/docs/").unwrap();
    assert_eq!(
        base.join("guide#intro").unwrap_err().to_string(),
        "loc `guide#intro`: a fragment (`#...`) is not allowed: a fragment names a part of a page, not a page"
    );
    assert_eq!(
        base.join("mailto:someone@example.org")
            .unwrap_err()
            .to_string(),
        "loc `mailto:someone@example.org`: the scheme must be http or https, not `mailto`"
    );
}

#[test]
fn loc_accepts_the_longest_and_encodes_iris() {
    let longest = format!("https://example.org/{}", "a".repeat(2028));
    assert_eq!(Loc::parse(&longest).unwrap().as_str().len(), 2048);
    let loc = Loc::parse("https://EXAMPLE.org:443/ça va/?q=\"x\"&r=<y>").unwrap();
    assert_eq!(
        loc.as_str(),
        "https://example.org/%C3%A7a%20va/?q=%22x%22&r=%3Cy%3E"
    );
}

#[test]
fn loc_percent_encodes_what_rfc_3986_refuses() {
    // Regression (found by the property test): the WHATWG parser keeps a
    // stray `%` and `|^[]{}` as they are, and xmllint refuses the file.
    let loc = Loc::parse("https://example.org/a%zz%41|^[b]{c}`?q=%|\\&r=[1]").unwrap();
    assert_eq!(
        loc.as_str(),
        "https://example.org/a%25zz%41%7C%5E%5Bb%5D%7Bc%7D%60?q=%25%7C%5C&r=%5B1%5D"
    );
    assert_eq!(
        Loc::parse("https://[::1]:8080/a").unwrap().as_str(),
        "https://[::1]:8080/a"
    );
}

#[test]
fn lastmod_refusals_say_what_was_expected() {
    let tail = "; expected a W3C Datetime: YYYY, YYYY-MM, YYYY-MM-DD, or YYYY-MM-DDThh:mm[:ss[.s]] followed by Z or ±hh:mm";
    let cases = [
        ("2024-13-01", "month 13 is not 01–12"),
        ("2024-02-30", "2024-02 has no day 30"),
        ("24-05-01", "expected 4 digits for the year at character 1"),
        ("2024/05/01", "expected `-` at character 5, found `/`"),
        (
            "2024-05-01T10:30",
            "a time needs a time zone designator (`Z` or `±hh:mm`)",
        ),
        ("2024-05-01T25:00Z", "25:00:00 is not a time of day"),
        (
            "2024-05-01 10:30Z",
            "expected `T` at character 11, found ` `",
        ),
        (
            "2024-05-01T10:30:00.Z",
            "expected fraction digits after `.` at character 21",
        ),
        (
            "2024-05-01T10:30:00.1234567890Z",
            "at most 9 fraction digits (nanoseconds) are kept",
        ),
        (
            "2024-05-01T10:30:00+0200",
            "expected `Z` or `±hh:mm` at character 20",
        ),
        (
            "2024-05-01T10:30:00+24:00",
            "offset 24:00 is outside ±14:00, the range of real time zones and of xsd:dateTime",
        ),
        (
            "2024-05-01T10:30:00-14:15",
            "offset 14:15 is outside ±14:00, the range of real time zones and of xsd:dateTime",
        ),
        (
            "2024-05-01T10:30:00+10:60",
            "offset 10:60 is outside ±14:00, the range of real time zones and of xsd:dateTime",
        ),
        ("0000", "year 0 is outside 0001–9999"),
        ("", "expected 4 digits for the year at character 1"),
    ];
    for (input, reason) in cases {
        assert_eq!(
            lastmod_err(input),
            format!("lastmod `{input}`: {reason}{tail}"),
            "{input}"
        );
    }
}

#[test]
fn lastmod_from_jiff_refuses_offsets_beyond_14_hours() {
    let at = jiff::civil::date(2024, 5, 1).at(10, 30, 0, 0);
    let err =
        Lastmod::from_offset_datetime(at, jiff::tz::Offset::from_hours(15).unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "lastmod `2024-05-01T10:30:00+15`: a UTC offset must be within ±14:00, the range of real time zones and of xsd:dateTime; expected a W3C Datetime: YYYY, YYYY-MM, YYYY-MM-DD, or YYYY-MM-DDThh:mm[:ss[.s]] followed by Z or ±hh:mm"
    );
    let ok = Lastmod::from_offset_datetime(at, jiff::tz::Offset::from_hours(-14).unwrap()).unwrap();
    assert_eq!(ok.to_string(), "2024-05-01T10:30:00-14:00");
}

#[test]
fn lastmod_keeps_precision_and_writes_the_xsd_form() {
    let cases = [
        ("2024", "2024", "2024-01-01"),
        ("2024-05", "2024-05", "2024-05-01"),
        ("2024-05-01", "2024-05-01", "2024-05-01"),
        (
            "2024-05-01T10:30Z",
            "2024-05-01T10:30Z",
            "2024-05-01T10:30:00Z",
        ),
        (
            "2024-05-01T10:30:15+02:00",
            "2024-05-01T10:30:15+02:00",
            "2024-05-01T10:30:15+02:00",
        ),
        (
            "2024-05-01T10:30:15.50-05:30",
            "2024-05-01T10:30:15.50-05:30",
            "2024-05-01T10:30:15.50-05:30",
        ),
    ];
    for (input, display, xsd) in cases {
        let lastmod = Lastmod::parse(input).unwrap();
        assert_eq!(lastmod.to_string(), display);
        assert_eq!(lastmod.to_xsd_string(), xsd);
    }
}

#[test]
fn lastmod_orders_by_instant() {
    let mut values: Vec<Lastmod> = [
        "2024-05-01T10:00:00+02:00",
        "2024",
        "2024-05-01T09:00:00Z",
        "2024-05-01",
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect();
    values.sort();
    let sorted: Vec<String> = values.iter().map(ToString::to_string).collect();
    assert_eq!(
        sorted,
        [
            "2024",
            "2024-05-01",
            "2024-05-01T10:00:00+02:00",
            "2024-05-01T09:00:00Z"
        ]
    );
}

/// `Ord` compares civil fields when both offsets are the same and
/// instants otherwise: over a grid of values in one zone and across
/// zones, it must order exactly as the instants do.
#[test]
fn lastmod_order_agrees_with_instants_within_and_across_offsets() {
    let mut values: Vec<Lastmod> = ["2024", "2024-05", "2024-05-01", "2023-12-31"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    for offset in ["Z", "+00:00", "+02:00", "-05:30", "+14:00", "-12:00"] {
        for at in [
            "2024-05-01T00:00",
            "2024-05-01T00:00:00",
            "2024-05-01T23:59:59.5",
            "2024-04-30T22:00:00",
            "2024-04-30T23:30:00",
            "2023-12-31T23:59",
            "2024-01-01T10:00:00.123456789",
        ] {
            values.push(format!("{at}{offset}").parse().unwrap());
        }
    }
    let mut compared = 0;
    for a in &values {
        for b in &values {
            let by_instant = a.start().cmp(&b.start());
            if by_instant != std::cmp::Ordering::Equal {
                assert_eq!(a.cmp(b), by_instant, "{a} against {b}");
                compared += 1;
            } else {
                assert_eq!(a.cmp(b), b.cmp(a).reverse(), "{a} against {b}");
            }
        }
    }
    assert!(compared > 1000, "{compared} pairs with different instants");
}

#[test]
fn changefreq_refusal_lists_the_values() {
    assert_eq!(
        "fortnightly".parse::<ChangeFreq>().unwrap_err().to_string(),
        "changefreq `fortnightly`: expected one of always, hourly, daily, weekly, monthly, yearly, never"
    );
    assert_eq!("DAILY".parse::<ChangeFreq>().unwrap(), ChangeFreq::Daily);
}

#[test]
fn priority_refusals() {
    for input in ["1.1", "-0.1", "abc", "0.12345", "", ".", "1e-1", "+0.5"] {
        assert_eq!(
            input.parse::<Priority>().unwrap_err().to_string(),
            format!("priority `{input}`: expected a number from 0.0 to 1.0"),
            "{input}"
        );
    }
    assert_eq!(
        Priority::new(1.5).unwrap_err().to_string(),
        "priority `1.5`: expected a number from 0.0 to 1.0"
    );
    assert_eq!(
        Priority::new(f64::NAN).unwrap_err().to_string(),
        "priority `NaN`: expected a number from 0.0 to 1.0"
    );
    let written: Vec<String> = ["0", "1", ".5", "0.80", "0.125"]
        .iter()
        .map(|s| s.parse::<Priority>().unwrap().to_string())
        .collect();
    assert_eq!(written, ["0.0", "1.0", "0.5", "0.8", "0.125"]);
}

#[test]
fn hreflang_refusals() {
    for input in [
        "english",
        "e",
        "en_US",
        "en-",
        "-en",
        "en-toolongsubtag",
        "",
    ] {
        assert_eq!(
            input.parse::<Hreflang>().unwrap_err().to_string(),
            format!(
                "hreflang `{input}`: expected a BCP 47 language tag such as `en`, `pt-BR`, `zh-Hant`, or `x-default`"
            ),
            "{input}"
        );
    }
    for input in ["en", "pt-BR", "zh-Hant", "es-419", "x-default", "X-Default"] {
        assert_eq!(input.parse::<Hreflang>().unwrap().as_str(), input);
    }
}

#[test]
fn serde_round_trip_refuses_bad_values() {
    let url = Url::new("https://example.org/a?b=1&c=2".parse().unwrap())
        .with_lastmod("2024-05-01T10:30Z".parse().unwrap())
        .with_changefreq(ChangeFreq::Monthly)
        .with_priority(Priority::new(0.8).unwrap());
    let json = serde_json::to_string(&url).unwrap();
    assert_eq!(
        json,
        r#"{"loc":"https://example.org/a?b=1&c=2","lastmod":"2024-05-01T10:30Z","changefreq":"monthly","priority":0.8}"#
    );
    assert_eq!(serde_json::from_str::<Url>(&json).unwrap(), url);
    let err = serde_json::from_str::<Url>(r#"{"loc":"https://example.org/#x"}"#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("loc `https://example.org/#x`: a fragment"),
        "{err}"
    );
}

#[test]
fn value_errors_are_typed() {
    match Loc::parse("ftp://example.org/") {
        Err(ValueError::Loc { rule, .. }) => {
            assert_eq!(rule, sitemap_core::LocRule::Scheme("ftp".into()))
        }
        other => panic!("{other:?}"),
    }
}
