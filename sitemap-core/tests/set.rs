//! `SetWriter`: file naming, splitting exactly at the limits, the index,
//! the location rule and duplicates, and every refusal.

use std::path::Path;

use sitemap_core::{
    DuplicatePolicy, Format, Limits, OutsidePolicy, Pushed, SetErrorKind, SetOptions, SetReport,
    SetWriter, SkipReason, Url, XmlOptions, XmlWriter,
};

use crate::common::{Entry, dump_dir, parse_index, parse_urlset, url};

fn options(dir: &Path) -> SetOptions {
    SetOptions::new(dir, "https://example.org/docs/".parse().unwrap())
}

fn pages(n: usize) -> Vec<Url> {
    (0..n)
        .map(|i| url(&format!("https://example.org/docs/page-{i}")))
        .collect()
}

/// Writes the set, validates every XML file, parses every sitemap back
/// and checks that together they hold exactly `urls`, in order.
fn write_checked(options: SetOptions, urls: &[Url]) -> SetReport {
    let dir = options.dir.clone();
    let format = options.format;
    let report = SetWriter::new(options).unwrap().write_all(urls).unwrap();
    sitemap_testkit::assert_all_valid(&dir);
    let mut back = Vec::new();
    for file in &report.sitemaps {
        let content = sitemap_testkit::read_maybe_gz(&file.path);
        assert_eq!(content.len() as u64, file.bytes, "{}", file.path.display());
        let entries = match format {
            Format::Text => content
                .lines()
                .map(|l| Entry::expected(&url(l)))
                .map(|mut e| {
                    // Text keeps only the loc.
                    e.lastmod = None;
                    e
                })
                .collect(),
            _ => parse_urlset(&content),
        };
        assert_eq!(entries.len() as u64, file.urls);
        back.extend(entries);
    }
    let expected: Vec<Entry> = urls
        .iter()
        .map(|u| {
            let mut e = Entry::expected(u);
            if format == Format::Text {
                e = Entry {
                    lastmod: None,
                    changefreq: None,
                    priority: None,
                    alternates: vec![],
                    images: vec![],
                    ..e
                };
            }
            e
        })
        .collect();
    assert_eq!(back, expected);
    if let Some(index) = &report.index {
        let listed = parse_index(&sitemap_testkit::read_maybe_gz(&index.path));
        let want: Vec<(String, Option<String>)> = report
            .sitemaps
            .iter()
            .map(|s| {
                (
                    s.loc.as_str().to_owned(),
                    s.lastmod.as_ref().map(|l| l.to_xsd_string()),
                )
            })
            .collect();
        assert_eq!(listed, want);
    }
    report
}

fn names(dir: &Path) -> Vec<String> {
    sitemap_testkit::list_files(dir)
}

#[test]
fn one_file_when_one_suffices() {
    let dir = tempfile::tempdir().unwrap();
    let report = write_checked(options(dir.path()), &pages(3));
    assert_eq!(names(dir.path()), ["sitemap.xml"]);
    assert_eq!(report.index, None);
    assert_eq!(report.urls, 3);
    assert_eq!(
        report.root().1.as_str(),
        "https://example.org/docs/sitemap.xml"
    );
    insta::assert_snapshot!("set_single", dump_dir(dir.path()));
}

#[test]
fn split_set_listing_and_index() {
    let dir = tempfile::tempdir().unwrap();
    let lastmods = [
        "2024-01-05",
        "2024-03-01T10:00:00+02:00",
        "2023",
        "2024-03-01T09:00:00Z",
        "2024-06",
    ];
    let mut urls: Vec<Url> = pages(5)
        .into_iter()
        .zip(lastmods)
        .map(|(u, l)| u.with_lastmod(l.parse().unwrap()))
        .collect();
    urls.push(url("https://example.org/docs/no-lastmod"));
    let opts = options(dir.path()).with_limits(Limits::LEGACY.with_max_urls(2));
    let report = write_checked(opts, &urls);
    assert_eq!(
        names(dir.path()),
        [
            "sitemap-1-f6015e38.xml",
            "sitemap-2-9889cde4.xml",
            "sitemap-3-71f81193.xml",
            "sitemap.xml"
        ]
    );
    let newest: Vec<Option<String>> = report
        .sitemaps
        .iter()
        .map(|s| s.lastmod.as_ref().map(ToString::to_string))
        .collect();
    // 10:00+02:00 is 08:00Z, older than 09:00Z; a file without any lastmod has none.
    assert_eq!(
        newest,
        [
            Some("2024-03-01T10:00:00+02:00".into()),
            Some("2024-03-01T09:00:00Z".into()),
            Some("2024-06".into())
        ]
    );
    assert_eq!(
        report.root().1.as_str(),
        "https://example.org/docs/sitemap.xml"
    );
    insta::assert_snapshot!("set_split", dump_dir(dir.path()));
}

#[test]
fn gzipped_split_set_names() {
    let dir = tempfile::tempdir().unwrap();
    let opts = options(dir.path())
        .with_gzip(true)
        .with_limits(Limits::LEGACY.with_max_urls(2));
    let report = write_checked(opts, &pages(3));
    assert_eq!(
        names(dir.path()),
        [
            "sitemap-1-2b495bd6.xml.gz",
            "sitemap-2-717ef0bd.xml.gz",
            "sitemap.xml.gz"
        ]
    );
    assert_eq!(
        report.root().1.as_str(),
        "https://example.org/docs/sitemap.xml.gz"
    );
    insta::assert_snapshot!(
        "set_split_gz_index",
        sitemap_testkit::read_maybe_gz(&dir.path().join("sitemap.xml.gz"))
    );
}

#[test]
fn split_exactly_at_the_url_limit() {
    for (n, expected) in [
        (3, vec![3]),
        (4, vec![3, 1]),
        (6, vec![3, 3]),
        (7, vec![3, 3, 1]),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let report = write_checked(
            options(dir.path()).with_limits(Limits::LEGACY.with_max_urls(3)),
            &pages(n),
        );
        let counts: Vec<u64> = report.sitemaps.iter().map(|s| s.urls).collect();
        assert_eq!(counts, expected, "{n} entries");
    }
}

/// The size of a `<urlset>` file holding exactly `urls`.
fn file_size(urls: &[Url]) -> u64 {
    let mut w = XmlWriter::new(Vec::new(), XmlOptions::default());
    for u in urls {
        w.write(u).unwrap();
    }
    w.finish().unwrap().len() as u64
}

#[test]
fn split_exactly_at_the_byte_limit() {
    // Long enough that the index (which has the same byte limit) fits.
    let urls: Vec<Url> = (0..10)
        .map(|i| url(&format!("https://example.org/docs/{i}-{}", "x".repeat(200))))
        .collect();
    let four = file_size(&urls[..4]);
    // A limit of exactly four entries' file: four fit, the fifth starts a new file.
    let dir = tempfile::tempdir().unwrap();
    let report = write_checked(
        options(dir.path()).with_limits(Limits::LEGACY.with_max_bytes(four)),
        &urls,
    );
    let counts: Vec<u64> = report.sitemaps.iter().map(|s| s.urls).collect();
    assert_eq!(counts, [4, 4, 2]);
    assert_eq!(
        report.sitemaps[0].bytes, four,
        "the first file is exactly at the limit"
    );
    // One byte less: only three fit.
    let dir = tempfile::tempdir().unwrap();
    let report = write_checked(
        options(dir.path()).with_limits(Limits::LEGACY.with_max_bytes(four - 1)),
        &urls,
    );
    let counts: Vec<u64> = report.sitemaps.iter().map(|s| s.urls).collect();
    assert_eq!(counts, [3, 3, 3, 1]);
    for file in &report.sitemaps {
        assert!(file.bytes < four);
    }
}

#[test]
fn byte_limit_counts_text_lines_to_the_byte() {
    // Long enough that the index (which has the same byte limit) fits.
    let urls: Vec<Url> = (0..5)
        .map(|i| url(&format!("https://example.org/docs/{i}-{}", "x".repeat(300))))
        .collect();
    let two: u64 = urls[..2]
        .iter()
        .map(|u| u.loc.as_str().len() as u64 + 1)
        .sum();
    let dir = tempfile::tempdir().unwrap();
    let opts = options(dir.path())
        .with_format(Format::Text)
        .with_limits(Limits::LEGACY.with_max_bytes(two));
    let report = write_checked(opts, &urls);
    assert_eq!(
        report.sitemaps.iter().map(|s| s.urls).collect::<Vec<_>>(),
        [2, 2, 1]
    );
    assert_eq!(report.sitemaps[0].bytes, two);
}

#[test]
fn real_limits_50000_and_50001() {
    let urls: Vec<Url> = (0..50_001)
        .map(|i| url(&format!("https://example.org/docs/{i}")))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let report = write_checked(options(dir.path()), &urls[..50_000]);
    assert_eq!(names(dir.path()), ["sitemap.xml"]);
    assert_eq!(report.sitemaps[0].urls, 50_000);
    let dir = tempfile::tempdir().unwrap();
    let report = write_checked(options(dir.path()), &urls);
    assert_eq!(
        names(dir.path()),
        [
            "sitemap-1-1ddefd8b.xml",
            "sitemap-2-275a7e70.xml",
            "sitemap.xml"
        ]
    );
    assert_eq!(
        report.sitemaps.iter().map(|s| s.urls).collect::<Vec<_>>(),
        [50_000, 1]
    );
}

#[test]
fn text_set_naming() {
    let dir = tempfile::tempdir().unwrap();
    let report = write_checked(options(dir.path()).with_format(Format::Text), &pages(2));
    assert_eq!(names(dir.path()), ["sitemap.txt"]);
    assert_eq!(
        report.root().1.as_str(),
        "https://example.org/docs/sitemap.txt"
    );
    insta::assert_snapshot!("set_text_single", dump_dir(dir.path()));

    let dir = tempfile::tempdir().unwrap();
    let opts = options(dir.path())
        .with_format(Format::Text)
        .with_limits(Limits::LEGACY.with_max_urls(2));
    let report = write_checked(opts, &pages(3));
    // The protocol has no text index: the index is XML, named as usual.
    assert_eq!(
        names(dir.path()),
        [
            "sitemap-1-f047df16.txt",
            "sitemap-2-19980feb.txt",
            "sitemap.xml"
        ]
    );
    assert_eq!(
        report.root().1.as_str(),
        "https://example.org/docs/sitemap.xml"
    );
    insta::assert_snapshot!("set_text_split", dump_dir(dir.path()));
}

#[test]
fn stylesheets_stem_and_folder_without_slash() {
    let dir = tempfile::tempdir().unwrap();
    let opts = SetOptions::new(dir.path(), "https://example.org/docs".parse().unwrap())
        .with_stem("pages_map")
        .with_stylesheet("/sitemap.xsl")
        .with_index_stylesheet("/index.xsl")
        .with_limits(Limits::LEGACY.with_max_urls(1));
    let report = write_checked(opts, &pages(2));
    assert_eq!(
        names(dir.path()),
        [
            "pages_map-1-2998fa57.xml",
            "pages_map-2-4c33bedd.xml",
            "pages_map.xml"
        ]
    );
    assert_eq!(
        report.root().1.as_str(),
        "https://example.org/docs/pages_map.xml"
    );
    insta::assert_snapshot!("set_stylesheets", dump_dir(dir.path()));
}

#[test]
fn alternates_in_a_later_part_declare_xhtml_on_that_root() {
    let dir = tempfile::tempdir().unwrap();
    let alt = |u: Url| {
        let href = u.loc.clone();
        u.with_alternate(sitemap_core::Alternate::new("en".parse().unwrap(), href))
    };
    let mut urls = pages(4);
    urls[1] = alt(urls[1].clone());
    urls[2] = alt(urls[2].clone());
    write_checked(
        options(dir.path()).with_limits(Limits::LEGACY.with_max_urls(2)),
        &urls,
    );
    insta::assert_snapshot!("set_alternates", dump_dir(dir.path()));
}

#[test]
fn location_rule_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut writer = SetWriter::new(options(dir.path())).unwrap();
    for loc in [
        "https://example.org/other/",
        "https://example.org/docs",
        "http://example.org/docs/a",
        "https://example.org.evil/docs/a",
    ] {
        let err = writer.push(&url(loc)).unwrap_err();
        let folder = "https://example.org/docs/";
        assert_eq!(
            err.kind().to_string(),
            format!(
                "loc `{}` is outside {folder}, the folder the sitemap is served from (a sitemap may list only URLs under its own folder)",
                url(loc).loc
            )
        );
        assert_eq!(err.path(), dir.path().join("sitemap.xml"));
        assert!(
            err.to_string()
                .starts_with(&dir.path().join("sitemap.xml").display().to_string())
        );
    }
    // A refused entry leaves the set usable.
    assert_eq!(
        writer.push(&url("https://example.org/docs/a")).unwrap(),
        Pushed::Written
    );
    writer.finish().unwrap();
    assert_eq!(names(dir.path()), ["sitemap.xml"]);
    sitemap_testkit::assert_all_valid(dir.path());
}

#[test]
fn location_rule_skip_reports() {
    let dir = tempfile::tempdir().unwrap();
    let mut writer = SetWriter::new(options(dir.path()).with_outside(OutsidePolicy::Skip)).unwrap();
    assert_eq!(
        writer.push(&url("https://example.org/docs/a")).unwrap(),
        Pushed::Written
    );
    assert_eq!(
        writer.push(&url("https://example.org/b")).unwrap(),
        Pushed::SkippedOutside
    );
    let report = writer.finish().unwrap();
    sitemap_testkit::assert_all_valid(dir.path());
    assert_eq!(
        (
            report.urls,
            report.skipped_outside,
            report.skipped_duplicates
        ),
        (1, 1, 0)
    );
    assert_eq!(report.skipped[0].loc.as_str(), "https://example.org/b");
    assert_eq!(report.skipped[0].reason, SkipReason::Outside);
}

#[test]
fn duplicates_error_skip_or_allow() {
    let urls = [
        url("https://example.org/docs/a"),
        url("https://example.org/docs/b"),
        url("https://example.org/docs/a"),
    ];

    let dir = tempfile::tempdir().unwrap();
    let mut writer = SetWriter::new(options(dir.path())).unwrap();
    writer.push(&urls[0]).unwrap();
    writer.push(&urls[1]).unwrap();
    let err = writer.push(&urls[2]).unwrap_err();
    assert_eq!(
        err.kind().to_string(),
        "loc `https://example.org/docs/a` was already written; each URL may appear once"
    );

    let dir = tempfile::tempdir().unwrap();
    let opts = options(dir.path()).with_duplicates(DuplicatePolicy::Skip);
    let report = write_checked(opts, &urls[..2]);
    assert_eq!(report.urls, 2);
    let mut writer =
        SetWriter::new(options(dir.path()).with_duplicates(DuplicatePolicy::Skip)).unwrap();
    let pushed: Vec<Pushed> = urls.iter().map(|u| writer.push(u).unwrap()).collect();
    assert_eq!(
        pushed,
        [Pushed::Written, Pushed::Written, Pushed::SkippedDuplicate]
    );
    let report = writer.finish().unwrap();
    sitemap_testkit::assert_all_valid(dir.path());
    assert_eq!((report.urls, report.skipped_duplicates), (2, 1));
    assert_eq!(report.skipped[0].reason, SkipReason::Duplicate);

    let dir = tempfile::tempdir().unwrap();
    let report = write_checked(
        options(dir.path()).with_duplicates(DuplicatePolicy::Allow),
        &urls,
    );
    assert_eq!(report.urls, 3);
}

#[test]
fn duplicates_are_found_across_files() {
    let dir = tempfile::tempdir().unwrap();
    let mut writer =
        SetWriter::new(options(dir.path()).with_limits(Limits::LEGACY.with_max_urls(2))).unwrap();
    for u in pages(5) {
        writer.push(&u).unwrap();
    }
    let err = writer.push(&pages(1)[0]).unwrap_err();
    assert!(
        matches!(err.kind(), SetErrorKind::Duplicate { .. }),
        "{err}"
    );
}

#[test]
fn entry_larger_than_the_byte_limit() {
    let dir = tempfile::tempdir().unwrap();
    let urls = pages(1);
    let size = file_size(&urls);
    let mut writer =
        SetWriter::new(options(dir.path()).with_limits(Limits::LEGACY.with_max_bytes(size - 1)))
            .unwrap();
    let err = writer.push(&urls[0]).unwrap_err();
    assert_eq!(
        err.kind().to_string(),
        format!(
            "the entry for `https://example.org/docs/page-0` needs {size} bytes in a file of its own; the limit is {} bytes",
            size - 1
        )
    );
}

#[test]
fn more_sitemaps_than_an_index_may_list() {
    let dir = tempfile::tempdir().unwrap();
    let opts = options(dir.path()).with_limits(Limits::new(1, 10_485_760, 2));
    let mut writer = SetWriter::new(opts).unwrap();
    let urls = pages(3);
    writer.push(&urls[0]).unwrap();
    writer.push(&urls[1]).unwrap();
    let err = writer.push(&urls[2]).unwrap_err();
    assert_eq!(
        err.kind().to_string(),
        "the set needs more than 2 sitemaps of up to 1 URLs each, and one index lists at most 2 (an index may not list another index); raise Limits::max_sitemaps (sitemaps.org allows 50,000) or write fewer URLs"
    );
    drop(writer);
    assert_eq!(
        names(dir.path()),
        Vec::<String>::new(),
        "nothing written, no temporary file left"
    );
}

#[test]
fn empty_set_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let err = SetWriter::new(options(dir.path()))
        .unwrap()
        .finish()
        .unwrap_err();
    assert_eq!(
        err.kind().to_string(),
        "no entries to write: the sitemaps.org XSD requires at least one <url>; the previous files are left as they were"
    );
    assert_eq!(names(dir.path()), Vec::<String>::new());
}

#[test]
fn bad_options_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let refuse = |opts: SetOptions| SetWriter::new(opts).unwrap_err().kind().to_string();
    assert_eq!(
        refuse(options(dir.path()).with_stem("site map")),
        "stem `site map`: expected ASCII letters, digits, `-` or `_`"
    );
    assert_eq!(
        refuse(options(dir.path()).with_stem("")),
        "stem ``: expected ASCII letters, digits, `-` or `_`"
    );
    assert_eq!(
        refuse(options(dir.path()).with_limits(Limits::LEGACY.with_max_urls(50_001))),
        "limits: max_urls 50001 is above the protocol's 50000; consumers would refuse the files"
    );
    assert_eq!(
        refuse(options(dir.path()).with_limits(Limits::SITEMAPS_ORG.with_max_bytes(52_428_801))),
        "limits: max_bytes 52428801 is above the protocol's 52428800; consumers would refuse the files"
    );
    assert_eq!(
        refuse(options(dir.path()).with_limits(Limits::LEGACY.with_max_sitemaps(0))),
        "limits: max_sitemaps is 0; expected at least 1"
    );
    assert_eq!(
        refuse(SetOptions::new(
            dir.path(),
            "https://example.org/docs/?v=1".parse().unwrap()
        )),
        "base_url `https://example.org/docs/?v=1` has a query; expected the URL of the folder the sitemaps are served from"
    );
}

#[test]
fn limits_profiles() {
    assert_eq!(Limits::default(), Limits::new(50_000, 10_485_760, 1_000));
    assert_eq!(
        Limits::SITEMAPS_ORG,
        Limits::new(50_000, 52_428_800, 50_000)
    );
}

#[test]
fn index_over_the_byte_limit_is_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sitemap.xml"), "previous").unwrap();
    // Each part holds one short entry; the index of three parts is larger.
    let urls = pages(3);
    let one = file_size(&urls[..1]);
    let opts = options(dir.path()).with_limits(Limits::LEGACY.with_max_bytes(one));
    let err = SetWriter::new(opts).unwrap().write_all(&urls).unwrap_err();
    assert_eq!(err.path(), dir.path().join("sitemap.xml"));
    let SetErrorKind::IndexTooLarge { bytes, limit } = err.kind() else {
        panic!("{err}");
    };
    assert!(*bytes > one);
    assert_eq!(*limit, one);
    assert_eq!(
        err.kind().to_string(),
        format!("the index needs {bytes} bytes; the limit is {one}")
    );
    assert_eq!(names(dir.path()), ["sitemap.xml"]);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("sitemap.xml")).unwrap(),
        "previous"
    );
}

#[test]
fn io_errors_name_the_path() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-directory");
    std::fs::write(&file, "").unwrap();
    let err = SetWriter::new(options(&file.join("public"))).unwrap_err();
    assert_eq!(err.path(), file.join("public"));
    assert!(
        err.to_string().starts_with(&format!(
            "{}: cannot create the directory: ",
            file.join("public").display()
        )),
        "{err}"
    );
}
