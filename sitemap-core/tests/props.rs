//! Property tests: random entries, with `&`, `'`, `"`, `<`, `>`, non-ASCII
//! and maximal 2,048-character locs, always give sets that validate,
//! read back as written, and split exactly at the limits. Each case runs
//! xmllint (a process), so the case count is kept modest.

use std::collections::HashSet;

use proptest::prelude::*;
use sitemap_core::{
    Alternate, ChangeFreq, Lastmod, Limits, Loc, Priority, SetOptions, SetWriter, Url, XmlOptions,
    XmlWriter,
};

use crate::common::{Entry, parse_index, parse_urlset};

const PIECES: [&str; 22] = [
    "a", "Z", "0", "&", "'", "\"", "<", ">", "é", "日本", " ", "-", "/", "%", "%41", "|", "^", "[",
    "]", "{", "}", "`",
];

fn text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(&PIECES[..]), 0..max).prop_map(|v| v.concat())
}

fn loc() -> impl Strategy<Value = Loc> {
    (text(12), prop::option::of(text(8)), any::<bool>()).prop_filter_map(
        "valid loc",
        |(path, query, maximal)| {
            let mut raw = format!("https://example.org/{path}");
            if let Some(q) = query {
                raw.push('?');
                raw.push_str(&q);
            }
            let loc = Loc::parse(&raw).ok()?;
            if !maximal {
                return Some(loc);
            }
            // Pad with a character that is written as is, to exactly 2,048.
            let pad = sitemap_core::MAX_LOC_LEN - loc.as_str().len();
            let loc = Loc::parse(&format!("{}{}", loc.as_str(), "a".repeat(pad))).ok()?;
            assert_eq!(loc.as_str().len(), 2048);
            Some(loc)
        },
    )
}

fn lastmod() -> impl Strategy<Value = Lastmod> {
    (
        1usize..=9999,
        1u8..=12,
        1u8..=28,
        0u8..24,
        0u8..60,
        0u8..60,
        0u32..1000,
        0usize..6,
        -14i8..=14,
        0u8..4,
    )
        .prop_map(|(y, mo, d, h, mi, s, frac, form, off_h, off_q)| {
            // ±14:00 is the widest offset allowed.
            let off_q = if off_h.abs() == 14 { 0 } else { off_q };
            let tz = if off_h == 0 {
                "Z".to_owned()
            } else {
                format!(
                    "{}{:02}:{:02}",
                    if off_h < 0 { '-' } else { '+' },
                    off_h.unsigned_abs(),
                    off_q * 15
                )
            };
            let s = match form {
                0 => format!("{y:04}"),
                1 => format!("{y:04}-{mo:02}"),
                2 => format!("{y:04}-{mo:02}-{d:02}"),
                3 => format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}{tz}"),
                4 => format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}{tz}"),
                _ => format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}.{frac:03}{tz}"),
            };
            Lastmod::parse(&s).unwrap_or_else(|e| panic!("{s}: {e}"))
        })
}

fn entry() -> impl Strategy<Value = Url> {
    let hreflang = prop::sample::select(&["en", "de-AT", "pt-BR", "zh-Hant", "x-default"][..]);
    let short_href = text(6).prop_filter_map("valid href", |p| {
        Loc::parse(&format!("https://example.org/{p}")).ok()
    });
    (
        loc(),
        prop::option::of(lastmod()),
        prop::option::of(prop::sample::select(&ChangeFreq::ALL[..])),
        prop::option::of(0u32..=10_000),
        prop::collection::vec((hreflang, short_href), 0..3),
    )
        .prop_map(|(loc, lastmod, changefreq, priority, alternates)| {
            let mut url = Url::new(loc);
            url.lastmod = lastmod;
            url.changefreq = changefreq;
            url.priority = priority.map(|p| Priority::new(f64::from(p) / 10_000.0).unwrap());
            url.alternates = alternates
                .into_iter()
                .map(|(h, href)| Alternate::new(h.parse().unwrap(), href))
                .collect();
            url
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn random_sets_validate_round_trip_and_split_exactly(
        urls in prop::collection::vec(entry(), 1..12),
        max_urls in 1u64..5,
        max_bytes in 3_000u64..12_000,
        gzip in any::<bool>(),
        stylesheet in prop::option::of(text(6)),
    ) {
        let mut seen = HashSet::new();
        let urls: Vec<Url> = urls.into_iter().filter(|u| seen.insert(u.loc.clone())).collect();
        let dir = tempfile::tempdir().unwrap();
        let limits = Limits::SITEMAPS_ORG.with_max_urls(max_urls).with_max_bytes(max_bytes);
        let mut options = SetOptions::new(dir.path(), "https://example.org/".parse().unwrap())
            .with_limits(limits)
            .with_gzip(gzip);
        options.stylesheet = stylesheet.clone();
        let report = SetWriter::new(options).unwrap().write_all(&urls).unwrap();

        // Every file validates.
        let files = sitemap_testkit::assert_all_valid(dir.path());
        prop_assert_eq!(files, report.sitemaps.len() + usize::from(report.index.is_some()));

        // Read back as written, file by file, and each file is what the
        // streaming writer gives for its entries.
        let mut rest = &urls[..];
        let mut xml_options = XmlOptions::default();
        xml_options.stylesheet = stylesheet;
        for (i, file) in report.sitemaps.iter().enumerate() {
            let content = sitemap_testkit::read_maybe_gz(&file.path);
            let entries = parse_urlset(&content);
            let (mine, next) = rest.split_at(entries.len());
            let expected: Vec<Entry> = mine.iter().map(Entry::expected).collect();
            prop_assert_eq!(&entries, &expected);
            let mut writer = XmlWriter::new(Vec::new(), xml_options.clone());
            for u in mine {
                writer.write(u).unwrap();
            }
            // Split exactly: within both limits, and the next entry would
            // have broken one of them.
            prop_assert!(writer.urls_written() <= max_urls);
            prop_assert!(writer.bytes_written() + writer.closing_len() <= max_bytes);
            if let Some(first_of_next) = next.first() {
                prop_assert!(
                    writer.urls_written() == max_urls
                        || writer.bytes_written() + writer.encoded_len(first_of_next) + writer.closing_len() > max_bytes,
                    "file {} could have held one more entry", i + 1
                );
            }
            let streamed = String::from_utf8(writer.finish().unwrap()).unwrap();
            prop_assert_eq!(&content, &streamed);
            rest = next;
        }
        prop_assert!(rest.is_empty());
        if let Some(index) = &report.index {
            let listed = parse_index(&sitemap_testkit::read_maybe_gz(&index.path));
            prop_assert_eq!(listed.len(), report.sitemaps.len());
        }
    }
}
