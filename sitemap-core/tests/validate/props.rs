//! Property tests of the validator: it never panics, whatever the bytes,
//! and it finds nothing wrong in what the writers write (so writer and
//! validator agree on every rule they share).

use std::io::BufReader;

use proptest::prelude::*;
use sitemap_core::validate::{Format, Options, validate};
use sitemap_core::{
    Alternate, ChangeFreq, Lastmod, Loc, Priority, TextWriter, Url, XmlOptions, XmlWriter,
};

const PIECES: [&str; 20] = [
    "a", "Z", "0", "&", "'", "\"", "<", ">", "é", "日本", " ", "-", "/", "%", "%41", "|", "^", "{",
    "`", "?",
];

fn loc() -> impl Strategy<Value = Loc> {
    prop::collection::vec(prop::sample::select(&PIECES[..]), 0..12)
        .prop_filter_map("valid loc", |p| {
            Loc::parse(&format!("https://example.org/{}", p.concat())).ok()
        })
}

fn lastmod() -> impl Strategy<Value = Lastmod> {
    (1i16..=9999, 1i8..=12, 1i8..=28, 0i8..24, 0i8..60, 0usize..5).prop_map(
        |(y, mo, d, h, mi, form)| {
            let s = match form {
                0 => format!("{y:04}"),
                1 => format!("{y:04}-{mo:02}"),
                2 => format!("{y:04}-{mo:02}-{d:02}"),
                3 => format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}+05:30"),
                _ => format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:07.5Z"),
            };
            Lastmod::parse(&s).unwrap()
        },
    )
}

fn url() -> impl Strategy<Value = Url> {
    (
        loc(),
        prop::option::of(lastmod()),
        prop::option::of(prop::sample::select(&ChangeFreq::ALL[..])),
        prop::option::of(0u32..=10_000),
        prop::collection::vec(
            (
                prop::sample::select(&["en", "pt-BR", "x-default"][..]),
                loc(),
            ),
            0..3,
        ),
    )
        .prop_map(|(loc, lastmod, changefreq, priority, alternates)| {
            let mut url = Url::new(loc);
            if let Some(l) = lastmod {
                url = url.with_lastmod(l);
            }
            if let Some(c) = changefreq {
                url = url.with_changefreq(c);
            }
            if let Some(p) = priority {
                url = url.with_priority(Priority::new(f64::from(p) / 10_000.0).unwrap());
            }
            for (h, href) in alternates {
                url = url.with_alternate(Alternate::new(h.parse().unwrap(), href));
            }
            url
        })
}

/// Distinct locs: duplicates are the validator's business, not a
/// disagreement.
fn urls() -> impl Strategy<Value = Vec<Url>> {
    prop::collection::vec(url(), 1..20).prop_map(|mut v| {
        let mut seen = std::collections::HashSet::new();
        v.retain(|u| seen.insert(u.loc.clone()));
        v
    })
}

fn corpus_file() -> impl Strategy<Value = Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validate");
    let files: Vec<Vec<u8>> = sitemap_testkit::list_files(&dir)
        .into_iter()
        .filter(|f| f.ends_with(".xml") || f.ends_with(".txt"))
        .map(|f| std::fs::read(dir.join(f)).unwrap())
        .collect();
    prop::sample::select(files)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn what_the_xml_writer_writes_has_no_findings(urls in urls()) {
        let mut writer = XmlWriter::new(Vec::new(), XmlOptions::default());
        for u in &urls {
            writer.write(u).unwrap();
        }
        let xml = writer.finish().unwrap();
        let report = validate(&xml[..], &Options::default()).unwrap();
        prop_assert_eq!(&report.diagnostics, &[], "{}", String::from_utf8_lossy(&xml));
        prop_assert_eq!(report.entries, urls.len() as u64);
    }

    #[test]
    fn what_the_text_writer_writes_has_no_findings(urls in urls()) {
        let mut writer = TextWriter::new(Vec::new());
        for u in &urls {
            writer.write(u).unwrap();
        }
        let text = writer.finish().unwrap();
        let report = validate(&text[..], &Options::default().with_format(Format::Text)).unwrap();
        prop_assert_eq!(&report.diagnostics, &[], "{}", String::from_utf8_lossy(&text));
        prop_assert_eq!(report.entries, urls.len() as u64);
    }

    /// Corpus files with bytes cut, replaced and inserted: any verdict,
    /// never a panic, and every position inside the file.
    #[test]
    fn mangled_sitemaps_never_panic(
        file in corpus_file(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 0..8),
        tiny_buffer in any::<bool>(),
    ) {
        let mut bytes = file;
        for (at, op, b) in edits {
            let i = at.index(bytes.len() + 1);
            match op {
                0 if i < bytes.len() => { bytes.remove(i); }
                1 if i < bytes.len() => bytes[i] = b,
                _ => bytes.insert(i, b),
            }
        }
        // A 1-byte buffer splits every event across reads.
        let capacity = if tiny_buffer { 1 } else { 8192 };
        let report = validate(BufReader::with_capacity(capacity, &bytes[..]), &Options::default()).unwrap();
        let lines = bytes.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
        for d in &report.diagnostics {
            prop_assert!(d.line >= 1 && d.line <= lines, "{} past {} lines", d, lines);
            prop_assert!(d.column >= 1);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let _ = validate(&bytes[..], &Options::default()).unwrap();
        let _ = validate(&bytes[..], &Options::default().with_format(Format::Text)).unwrap();
    }
}
