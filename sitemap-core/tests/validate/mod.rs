//! `sitemap_core::validate`: the agreement corpus against xmllint, limits,
//! gzip bombs, the location rule, robots.txt, and the writers' output.

mod browser;
mod entries;
mod props;

use std::fmt::Write as _;
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};

use sitemap_core::validate::{Format, Options, Report, Severity, validate, validate_robots};
use sitemap_core::{Alternate, ChangeFreq, Limits, Loc, Url, XmlOptions, XmlWriter};
use sitemap_testkit::{Schema, xmllint};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validate")
}

fn check_file(path: &Path, options: &Options) -> Report {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("open {}: {e}", path.display()));
    validate(BufReader::new(file), options).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn render(name: &str, report: &Report) -> String {
    let mut out = String::new();
    for d in &report.diagnostics {
        writeln!(out, "{name}:{d}").unwrap();
    }
    out
}

/// The schema a corpus file needs, judged as `Schema::for_document` does
/// but on bytes, since some cases are not UTF-8 on purpose.
fn schema_for(path: &Path) -> Schema {
    let mut bytes = std::fs::read(path).unwrap();
    if path.extension().is_some_and(|e| e == "gz") {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_end(&mut out)
            .unwrap();
        bytes = out;
    }
    let text: String = String::from_utf8_lossy(&bytes)
        .chars()
        .filter(|&c| c != '\0')
        .collect();
    if text.contains("<sitemapindex") {
        Schema::Index
    } else if text.contains("xmlns:xhtml=") || text.contains("xmlns:image=") {
        Schema::UrlsetWithExtensions
    } else {
        Schema::Urlset
    }
}

struct Case {
    file: String,
    xmllint: String,
    validate: String,
    differs: String,
}

fn cases() -> Vec<Case> {
    let readme = std::fs::read_to_string(corpus().join("README.md")).unwrap();
    readme
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 5, "README row {l:?}");
            Case {
                file: cells[0].trim_matches('`').to_owned(),
                xmllint: cells[2].to_owned(),
                validate: cells[3].to_owned(),
                differs: cells[4].to_owned(),
            }
        })
        .collect()
}

#[test]
fn corpus_readme_lists_every_file_once() {
    let mut listed: Vec<String> = cases().into_iter().map(|c| c.file).collect();
    listed.sort();
    let mut on_disk: Vec<String> = sitemap_testkit::list_files(&corpus())
        .into_iter()
        .filter(|f| f != "README.md")
        .collect();
    on_disk.sort();
    assert_eq!(listed, on_disk);
    assert!(listed.len() >= 30, "the issue asks for at least 30 cases");
}

#[test]
fn corpus_agrees_with_xmllint_wherever_the_xsd_can_judge() {
    let mut failures = Vec::new();
    let mut judged = 0;
    for case in cases() {
        let path = corpus().join(&case.file);
        let report = check_file(&path, &Options::default());
        let ours = if report.is_valid() {
            "valid"
        } else {
            "invalid"
        };
        if ours != case.validate {
            failures.push(format!(
                "{}: validate says {ours}, README says {}:\n{}",
                case.file,
                case.validate,
                render(&case.file, &report)
            ));
        }
        if case.xmllint == "n/a" {
            continue;
        }
        let verdict = xmllint(&path, schema_for(&path));
        let theirs = if verdict.code == 0 {
            "valid"
        } else {
            "invalid"
        };
        if theirs != case.xmllint {
            failures.push(format!(
                "{}: xmllint says {theirs}, README says {}:\n{}",
                case.file, case.xmllint, verdict.stderr
            ));
        }
        if case.differs.is_empty() {
            judged += 1;
            if ours != theirs {
                failures.push(format!(
                    "{}: validate says {ours}, xmllint says {theirs}",
                    case.file
                ));
            }
        } else {
            if ours == theirs {
                failures.push(format!(
                    "{}: README says they differ ({}), but both say {ours}",
                    case.file, case.differs
                ));
            }
            // The reason given must match the direction of the difference.
            let expected_ours = if case.differs.starts_with("protocol") {
                "invalid"
            } else {
                "valid"
            };
            if ours != expected_ours {
                failures.push(format!(
                    "{}: a `{}` difference means validate says {expected_ours}",
                    case.file, case.differs
                ));
            }
            if case.differs.starts_with("xsd-stricter") && report.warnings() == 0 {
                failures.push(format!(
                    "{}: what only the XSD refuses must still be a warning",
                    case.file
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(judged >= 30, "only {judged} cases where both judge");
}

#[test]
fn corpus_diagnostics() {
    let mut out = String::new();
    for case in cases() {
        let report = check_file(&corpus().join(&case.file), &Options::default());
        let _ = writeln!(
            out,
            "== {} ({:?}, {} entries)",
            case.file, report.kind, report.entries
        );
        out.push_str(&render(&case.file, &report));
    }
    // Named without the module path, so the snapshot is the same whichever
    // test binary includes this module.
    insta::with_settings!({ prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("corpus_diagnostics", out);
    });
}

/// A `<urlset>` of `n` URLs under https://example.org/docs/, each padded
/// with `pad` bytes of path.
fn urlset(n: usize, pad: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * (pad + 64));
    out.extend_from_slice(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    let padding = "p".repeat(pad);
    for i in 0..n {
        writeln!(
            out,
            "<url><loc>https://example.org/docs/{i}/{padding}</loc></url>"
        )
        .unwrap();
    }
    out.extend_from_slice(b"</urlset>\n");
    out
}

#[test]
fn more_than_50000_urls_is_one_error_at_the_50001st() {
    let xml = urlset(50_001, 0);
    let report = validate(&xml[..], &Options::default()).unwrap();
    assert_eq!(report.entries, 50_001);
    let lines: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "50003:1: error: more than 50,000 URLs in one file (sitemaps.org profile); split the set and list the files in a sitemap index"
        ]
    );
    let report = validate(&urlset(50_000, 0)[..], &Options::default()).unwrap();
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
}

#[test]
fn byte_limit_depends_on_the_profile() {
    // 11 MB: over the legacy 10 MB, under sitemaps.org's 50 MB. Mostly
    // indentation, which is quick to read, between 1,000 URLs.
    let mut xml = Vec::new();
    xml.extend_from_slice(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    let indent = format!("\n{}", " ".repeat(11_000));
    for i in 0..1000 {
        write!(xml, "<url><loc>https://example.org/{i}</loc></url>{indent}").unwrap();
    }
    xml.extend_from_slice(b"</urlset>\n");
    assert!(
        xml.len() > 10_485_760 && xml.len() < 12_000_000,
        "{}",
        xml.len()
    );
    let modern = validate(&xml[..], &Options::default()).unwrap();
    assert!(modern.diagnostics.is_empty(), "{:?}", modern.diagnostics);
    assert_eq!(modern.bytes, xml.len() as u64);
    assert_eq!(modern.entries, 1000);
    let legacy = validate(&xml[..], &Options::default().with_limits(Limits::LEGACY)).unwrap();
    let lines: Vec<String> = legacy.diagnostics.iter().map(ToString::to_string).collect();
    // Reported where reading stopped: line 953 holds byte 10,485,761.
    let stop_line = xml[..10_485_761].iter().filter(|&&b| b == b'\n').count() + 1;
    assert_eq!(stop_line, 953);
    assert_eq!(
        lines,
        [
            "953:3072: error: file size passes the limit of 10,485,760 bytes (legacy profile); stopped reading at byte 10,485,761; the protocol allows 52,428,800 bytes (limits `sitemaps-org`)"
        ]
    );
    assert_eq!(legacy.bytes, 10_485_761);
}

/// Counts what the validator pulls from the compressed file.
struct Counting<R> {
    inner: R,
    read: std::rc::Rc<std::cell::Cell<u64>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

fn gz(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

#[test]
fn gzip_bomb_is_not_inflated_past_the_limit() {
    // A valid urlset padded with 1 GiB of whitespace, as 1,024 gzip
    // members of 1 MiB each (a gzip file may hold several members; each
    // compresses to about 1 KB, so the bomb is about 1 MB).
    let mut bomb = gz(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n<url><loc>https://example.org/</loc></url>\n");
    let spaces = gz(&vec![b' '; 1 << 20]);
    for _ in 0..1024 {
        bomb.extend_from_slice(&spaces);
    }
    bomb.extend_from_slice(&gz(b"</urlset>\n"));
    let read = std::rc::Rc::new(std::cell::Cell::new(0));
    let source = BufReader::new(Counting {
        inner: &bomb[..],
        read: std::rc::Rc::clone(&read),
    });
    let report = validate(source, &Options::default().with_limits(Limits::LEGACY)).unwrap();
    assert!(report.gzip);
    assert_eq!(report.bytes, 10_485_761, "stops one byte past the limit");
    let messages: Vec<&str> = report
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "uncompressed size passes the limit of 10,485,760 bytes (legacy profile); stopped reading at byte 10,485,761; the protocol allows 52,428,800 bytes (limits `sitemaps-org`)"
        ]
    );
    // 10 MB is about a hundredth of the stream; the rest is never read,
    // so never inflated.
    assert!(
        read.get() < bomb.len() as u64 / 50,
        "read {} of {} compressed bytes",
        read.get(),
        bomb.len()
    );
}

#[test]
fn corrupt_gzip_is_a_diagnostic() {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&urlset(100, 0)).unwrap();
    let mut bytes = gz.finish().unwrap();
    let mid = bytes.len() / 2;
    bytes.truncate(mid);
    let report = validate(&bytes[..], &Options::default()).unwrap();
    assert!(!report.is_valid());
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.message.starts_with("not a valid gzip stream")),
        "{:?}",
        report.diagnostics
    );
}

#[test]
fn location_rule_for_urlset_and_index() {
    let xml = br#"<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://example.org/docs/a.html</loc></url>
<url><loc>https://example.org/blog/b.html</loc></url>
<url><loc>http://example.org/docs/c.html</loc></url>
</urlset>
"#;
    let options = Options::default()
        .with_location(Loc::parse("https://example.org/docs/sitemap.xml").unwrap());
    let report = validate(&xml[..], &options).unwrap();
    let lines: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "4:6: error: `https://example.org/blog/b.html` is outside `https://example.org/docs/`: a sitemap at `https://example.org/docs/sitemap.xml` may list only URLs under its folder (location rule)",
            "5:6: error: `http://example.org/docs/c.html` is outside `https://example.org/docs/`: a sitemap at `https://example.org/docs/sitemap.xml` may list only URLs under its folder (location rule)",
        ]
    );
    let index = br#"<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>https://example.org/blog/sitemap.xml</loc></sitemap>
<sitemap><loc>https://cdn.example.net/sitemap.xml</loc></sitemap>
</sitemapindex>
"#;
    let options = Options::default()
        .with_location(Loc::parse("https://example.org/docs/sitemap_index.xml").unwrap());
    let report = validate(&index[..], &options).unwrap();
    let lines: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "4:10: error: sitemap `https://cdn.example.net/sitemap.xml` is on another site than the index at `https://example.org/docs/sitemap_index.xml`; an index may list only sitemaps on its own host"
        ]
    );
    let children: Vec<&str> = report.children.iter().map(|c| c.loc.as_str()).collect();
    assert_eq!(
        children,
        [
            "https://example.org/blog/sitemap.xml",
            "https://cdn.example.net/sitemap.xml"
        ]
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><!--ééé--><url><loc>https://example.org/</loc><priority>2</priority></url></urlset>\n";
    let report = validate(xml.as_bytes(), &Options::default()).unwrap();
    let d = &report.diagnostics[0];
    let line = xml.lines().nth(1).unwrap();
    let expected = line[..line.find("<priority>").unwrap()].chars().count() as u64 + 1;
    assert_eq!(
        (d.line, d.column, d.severity),
        (2, expected, Severity::Error)
    );
}

#[test]
fn text_sitemap_checks_each_line() {
    let text = "https://example.org/\nhttps://example.org/a\n\nhttps://example.org/\nexample.org/b\n https://example.org/c\n";
    let report = validate(text.as_bytes(), &Options::default()).unwrap();
    let lines: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "4:1: error: duplicate URL `https://example.org/`; first listed on line 1",
            "5:1: error: URL `example.org/b` is not an absolute URL; a sitemap lists absolute http(s) URLs such as https://example.org/page/",
            "6:1: error: whitespace around the URL; a text sitemap has exactly one URL per line and nothing else",
        ]
    );
    assert_eq!(report.entries, 5);
}

#[test]
fn robots_sitemap_lines_must_be_absolute() {
    let robots = "User-agent: *\nDisallow: /private/\n\nSitemap: https://example.org/sitemap.xml\nsitemap: /sitemap-2.xml # relative\nSitemap: https://example.org/sitemap 3.xml\n";
    let report = validate_robots(robots.as_bytes()).unwrap();
    let lines: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "5:1: error: `Sitemap: /sitemap-2.xml`: robots.txt must give the sitemap's absolute URL (https://host/sitemap.xml), not a path",
            "6:1: error: Sitemap: `https://example.org/sitemap 3.xml` is not percent-encoded: a space at character 28 must be written %20",
        ]
    );
    let children: Vec<&str> = report.children.iter().map(|c| c.loc.as_str()).collect();
    assert_eq!(children, ["https://example.org/sitemap.xml"]);
}

#[test]
fn what_the_writer_writes_validates_with_both() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sitemap.xml");
    let mut out = Vec::new();
    let mut writer = XmlWriter::new(
        &mut out,
        XmlOptions::default().with_stylesheet("/sitemap.xsl"),
    );
    let en = Loc::parse("https://example.org/en/caf\u{e9}?a=1&b='2'").unwrap();
    let de = Loc::parse("https://example.org/de/").unwrap();
    writer
        .write(
            &Url::new(en.clone())
                .with_lastmod("2024-05".parse().unwrap())
                .with_changefreq(ChangeFreq::Weekly)
                .with_priority("0.25".parse().unwrap())
                .with_alternate(Alternate::new("en".parse().unwrap(), en.clone()))
                .with_alternate(Alternate::new("de".parse().unwrap(), de.clone())),
        )
        .unwrap();
    writer
        .write(&Url::new(de).with_lastmod("2024-05-01T10:30+02:00".parse().unwrap()))
        .unwrap();
    writer.finish().unwrap();
    std::fs::write(&path, &out).unwrap();
    sitemap_testkit::assert_valid(&path, Schema::UrlsetWithExtensions);
    let report = check_file(&path, &Options::default().with_format(Format::Xml));
    assert_eq!(report.diagnostics, [], "{}", String::from_utf8_lossy(&out));
    assert_eq!(report.entries, 2);
}

#[test]
fn a_failing_reader_is_an_error_not_a_diagnostic() {
    struct Broken;
    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let err = validate(BufReader::new(Broken), &Options::default()).unwrap_err();
    assert_eq!(err.to_string(), "cannot read the sitemap: disk on fire");
}
