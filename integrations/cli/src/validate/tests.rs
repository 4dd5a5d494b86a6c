use super::*;
use sitemap_engine::site_check::show;
use std::path::Path;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../sitemap-core/tests/fixtures/validate")
}

fn args(paths: &[&Path]) -> ValidateArgs {
    ValidateArgs {
        paths: paths.iter().map(|p| p.to_path_buf()).collect(),
        location: None,
        base_url: None,
        site: None,
        robots: None,
        verbose: false,
        limits: LimitsArg::SitemapsOrg,
        report: crate::report::ReportArgs::default(),
        quiet: false,
    }
}

fn run_args(args: &ValidateArgs, root: &Path) -> (Outcome, String) {
    let mut out = Vec::new();
    let outcome = run_to(args, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let root = format!("{}/", show(root));
    (outcome, text.replace(&root, ""))
}

const NS: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn urlset(locs: &[&str]) -> String {
    let mut s = format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"{NS}\">\n");
    for l in locs {
        s.push_str(&format!("<url><loc>{l}</loc></url>\n"));
    }
    s + "</urlset>\n"
}

fn index(locs: &[&str]) -> String {
    let mut s =
        format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"{NS}\">\n");
    for l in locs {
        s.push_str(&format!("<sitemap><loc>{l}</loc></sitemap>\n"));
    }
    s + "</sitemapindex>\n"
}

#[test]
fn valid_files_exit_0_and_say_so() {
    let dir = corpus();
    let a = args(&[
        &dir.join("valid-full.xml"),
        &dir.join("valid-gzip.xml.gz"),
        &dir.join("valid-text.txt"),
    ]);
    let (outcome, text) = run_args(&a, &dir);
    assert_eq!(outcome, Outcome::Valid);
    assert_eq!(
        text,
        "valid-full.xml: valid (urlset, 3 URLs, 634 bytes; 0 errors, 0 warnings)\n\
         valid-gzip.xml.gz: valid (urlset, gzip, 3 URLs, 634 bytes; 0 errors, 0 warnings)\n\
         valid-text.txt: valid (text sitemap, 3 URLs, 78 bytes; 0 errors, 0 warnings)\n\
         3 files checked: 3 valid, 0 invalid; 0 errors, 0 warnings\n"
    );
}

#[test]
fn invalid_files_exit_1_with_file_line_col() {
    let dir = corpus();
    let a = args(&[
        &dir.join("bad-xlmns.xml"),
        &dir.join("bad-priority.xml"),
        &dir.join("valid-bom.xml"),
    ]);
    let (outcome, text) = run_args(&a, &dir);
    assert_eq!(outcome, Outcome::Invalid);
    assert_eq!(
        text,
        format!(
            "bad-xlmns.xml:2:1: error: <urlset> has no namespace: the attribute `xlmns` looks like a misspelt `xmlns`; write xmlns=\"{NS}\"\n\
             bad-priority.xml:5:5: error: priority `1.5`: expected a number from 0.0 to 1.0\n\
             valid-bom.xml:1:1: warning: the file starts with a UTF-8 byte order mark; XML allows it, but some consumers fail on it; write the file without one\n\
             bad-xlmns.xml: invalid (urlset, 1 URLs, 163 bytes; 1 errors, 0 warnings)\n\
             bad-priority.xml: invalid (urlset, 1 URLs, 192 bytes; 1 errors, 0 warnings)\n\
             valid-bom.xml: valid (urlset, 1 URLs, 166 bytes; 0 errors, 1 warnings)\n\
             3 files checked: 1 valid, 2 invalid; 2 errors, 1 warnings\n"
        )
    );
}

#[test]
fn missing_file_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let a = args(&[&dir.path().join("nope.xml")]);
    let (outcome, text) = run_args(&a, dir.path());
    assert_eq!(outcome, Outcome::Failed);
    assert!(text.starts_with("nope.xml: error: cannot open "), "{text}");
    assert!(
        text.ends_with("0 files checked: 0 valid, 0 invalid, 1 unreadable; 0 errors, 0 warnings\n"),
        "{text}"
    );
}

#[test]
fn location_needs_one_file() {
    let dir = corpus();
    let mut a = args(&[&dir]);
    a.location = Some("https://example.org/sitemap.xml".into());
    let err = run_to(&a, &mut Vec::new()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("--location names one sitemap's URL"),
        "{err}"
    );
}

#[test]
fn directory_with_index_children_and_robots() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        &root.join("robots.txt"),
        "User-agent: *\nSitemap: https://example.org/sitemap_index.xml\nSitemap: /sitemap.xml\n",
    );
    write(
        &root.join("sitemap_index.xml"),
        &index(&[
            "https://example.org/sitemap-pages.xml",
            "https://example.org/docs/sitemap.xml",
            "https://example.org/nested_index.xml",
            "https://example.org/sitemap-gone.xml",
        ]),
    );
    write(
        &root.join("sitemap-pages.xml"),
        &urlset(&["https://example.org/", "https://example.org/docs/x/"]),
    );
    // Under docs/, so it may list only docs/ URLs.
    write(
        &root.join("docs/sitemap.xml"),
        &urlset(&["https://example.org/docs/a/", "https://example.org/blog/b/"]),
    );
    write(
        &root.join("nested_index.xml"),
        &index(&["https://example.org/sitemap-pages.xml"]),
    );
    let mut a = args(&[root]);
    a.base_url = Some("https://example.org".into());
    let (outcome, text) = run_args(&a, root);
    assert_eq!(outcome, Outcome::Invalid);
    assert_eq!(
        text,
        "robots.txt:3:1: error: `Sitemap: /sitemap.xml`: robots.txt must give the sitemap's absolute URL (https://host/sitemap.xml), not a path\n\
         sitemap_index.xml:5:10: error: an index must not list another index: nested_index.xml is a <sitemapindex>\n\
         sitemap_index.xml:6:10: warning: https://example.org/sitemap-gone.xml is not on disk at sitemap-gone.xml; it was not checked\n\
         docs/sitemap.xml:4:6: error: `https://example.org/blog/b/` is outside `https://example.org/docs/`: a sitemap at `https://example.org/docs/sitemap.xml` may list only URLs under its folder (location rule)\n\
         robots.txt: invalid (robots.txt, 1 sitemaps, 83 bytes; 1 errors, 0 warnings)\n\
         sitemap_index.xml: invalid (sitemapindex, 4 sitemaps, 391 bytes; 1 errors, 1 warnings; listed in robots.txt:2:1)\n\
         sitemap-pages.xml: valid (urlset, 2 URLs, 203 bytes; 0 errors, 0 warnings; listed in sitemap_index.xml:3:10)\n\
         docs/sitemap.xml: invalid (urlset, 2 URLs, 210 bytes; 1 errors, 0 warnings; listed in sitemap_index.xml:4:10)\n\
         nested_index.xml: valid (sitemapindex, 1 sitemaps, 190 bytes; 0 errors, 0 warnings; listed in sitemap_index.xml:5:10)\n\
         5 files checked: 2 valid, 3 invalid; 3 errors, 1 warnings\n"
    );
}

/// What our own set writer writes, split and gzipped under an index,
/// checked as a directory: every file once, the children with their
/// own URLs as location, nothing found.
#[test]
fn a_split_gzipped_set_from_the_writer_is_valid() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("docs");
    let base = Loc::parse("https://example.org/docs/").unwrap();
    let options = sitemap_core::SetOptions::new(&out, base.clone())
        .with_gzip(true)
        .with_limits(Limits::LEGACY.with_max_urls(10))
        .with_stylesheet("sitemap.xsl")
        .with_index_stylesheet("sitemap.xsl");
    let urls: Vec<sitemap_core::Url> = (0..35)
        .map(|i| sitemap_core::Url::new(base.join(&format!("page-{i:02}/?a=1&b='{i}'")).unwrap()))
        .collect();
    let report = sitemap_core::SetWriter::new(options)
        .unwrap()
        .write_all(urls.iter())
        .unwrap();
    assert_eq!(report.sitemaps.len(), 4);
    let mut a = args(&[dir.path()]);
    a.base_url = Some("https://example.org/".into());
    let (outcome, text) = run_args(&a, dir.path());
    assert_eq!(outcome, Outcome::Valid, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "docs/sitemap.xml.gz: valid (sitemapindex, gzip, 4 sitemaps, 540 bytes; 0 errors, 0 warnings)",
            "docs/sitemap-1-5c62552e.xml.gz: valid (urlset, gzip, 10 URLs, 1004 bytes; 0 errors, 0 warnings; listed in docs/sitemap.xml.gz:5:5)",
            "docs/sitemap-2-1c6e5cc3.xml.gz: valid (urlset, gzip, 10 URLs, 1014 bytes; 0 errors, 0 warnings; listed in docs/sitemap.xml.gz:8:5)",
            "docs/sitemap-3-c58c0d47.xml.gz: valid (urlset, gzip, 10 URLs, 1014 bytes; 0 errors, 0 warnings; listed in docs/sitemap.xml.gz:11:5)",
            "docs/sitemap-4-d8c2e3f2.xml.gz: valid (urlset, gzip, 5 URLs, 589 bytes; 0 errors, 0 warnings; listed in docs/sitemap.xml.gz:14:5)",
            "5 files checked: 5 valid, 0 invalid; 0 errors, 0 warnings",
        ]
    );
}

#[test]
fn json_output() {
    let dir = corpus();
    let mut a = args(&[&dir.join("proto-duplicate.xml")]);
    a.report.output = Some(crate::report::ReportFormat::Json);
    a.limits = LimitsArg::Legacy;
    let (outcome, text) = run_args(&a, &dir);
    assert_eq!(outcome, Outcome::Invalid);
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        value,
        serde_json::json!({
            "files": [{
                "path": "proto-duplicate.xml",
                "kind": "urlset",
                "gzip": false,
                "bytes": 274,
                "entries": 3,
                "diagnostics": [{
                    "line": 10,
                    "column": 5,
                    "severity": "error",
                    "message": "duplicate URL `https://example.org/`; first listed on line 4"
                }],
                "suppressed": 0,
                "children": []
            }],
            "unreadable": [],
            "summary": {"files": 1, "valid": 0, "invalid": 1, "errors": 1, "warnings": 0, "unreadable": 0}
        })
    );
}

fn gzip_file(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let mut gz = sitemap_core::gzip(Vec::new());
    std::io::Write::write_all(&mut gz, text.as_bytes()).unwrap();
    std::fs::write(path, gz.finish().unwrap()).unwrap();
}

/// `validate` called an index that lists itself valid.
#[test]
fn index_listing_itself_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        &root.join("sitemap.xml"),
        &index(&[
            "https://example.org/sitemap.xml",
            "https://example.org/sitemap-1.xml",
        ]),
    );
    write(
        &root.join("sitemap-1.xml"),
        &urlset(&["https://example.org/"]),
    );
    for base in [None, Some("https://example.org/")] {
        let mut a = args(&[root]);
        a.base_url = base.map(Into::into);
        let (outcome, text) = run_args(&a, root);
        assert_eq!(outcome, Outcome::Invalid);
        assert_eq!(
            text,
            "sitemap.xml:3:10: error: index cycle: sitemap.xml lists itself; an index lists only sitemaps (<urlset> or text), never an index, least of all itself\n\
             sitemap.xml: invalid (sitemapindex, 2 sitemaps, 248 bytes; 1 errors, 0 warnings)\n\
             sitemap-1.xml: valid (urlset, 1 URLs, 153 bytes; 0 errors, 0 warnings; listed in sitemap.xml:4:10)\n\
             2 files checked: 1 valid, 1 invalid; 1 errors, 0 warnings\n",
            "{base:?}"
        );
    }
}

/// In an A -> B -> A loop `validate` called B valid: the loop is an
/// error naming the chain, also through a gzipped, differently named
/// index in another folder, and A's listing of B breaks the rule that
/// an index lists no index.
#[test]
fn index_cycle_through_another_index_names_the_chain() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        &root.join("sitemap_index.xml"),
        &index(&[
            "https://example.org/sitemap-1.xml",
            "https://example.org/more/idx.xml.gz",
        ]),
    );
    gzip_file(
        &root.join("more/idx.xml.gz"),
        &index(&["https://example.org/sitemap_index.xml"]),
    );
    write(
        &root.join("sitemap-1.xml"),
        &urlset(&["https://example.org/"]),
    );
    let mut a = args(&[root]);
    a.base_url = Some("https://example.org/".into());
    let (outcome, text) = run_args(&a, root);
    assert_eq!(outcome, Outcome::Invalid);
    assert_eq!(
        text,
        "sitemap_index.xml:4:10: error: an index must not list another index: more/idx.xml.gz is a <sitemapindex>\n\
         more/idx.xml.gz:3:10: error: index cycle: sitemap_index.xml → more/idx.xml.gz → sitemap_index.xml; an index lists only sitemaps (<urlset> or text), never an index, least of all itself\n\
         sitemap_index.xml: invalid (sitemapindex, 2 sitemaps, 252 bytes; 1 errors, 0 warnings)\n\
         sitemap-1.xml: valid (urlset, 1 URLs, 153 bytes; 0 errors, 0 warnings; listed in sitemap_index.xml:3:10)\n\
         more/idx.xml.gz: invalid (sitemapindex, gzip, 1 sitemaps, 190 bytes; 1 errors, 0 warnings; listed in sitemap_index.xml:4:10)\n\
         3 files checked: 1 valid, 2 invalid; 2 errors, 0 warnings\n"
    );
}

/// `sitemap validate public/` failed on the CLI's own robots.txt: it
/// mapped another host's `Sitemap:` line to the local `sitemap.xml`.
/// Another host's line is "not checked: another host", with or
/// without --base-url.
#[test]
fn another_hosts_sitemap_line_is_not_mapped_to_a_local_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(
        &root.join("robots.txt"),
        "User-agent: *\n\
         Sitemap: https://cdn.example.net/sitemap.xml\n\
         Sitemap: http://www.example.org/sitemap.xml\n\
         Sitemap: https://example.org/sitemap.xml\n",
    );
    write(
        &root.join("sitemap.xml"),
        &urlset(&["https://example.org/", "https://example.org/a/"]),
    );
    let expected = |warning_2: &str, warning_3: &str| {
        format!(
            "robots.txt:2:1: warning: `https://cdn.example.net/sitemap.xml` not checked: another host ({warning_2})\n\
             robots.txt:3:1: warning: `http://www.example.org/sitemap.xml` not checked: another host ({warning_3})\n\
             robots.txt: valid (robots.txt, 3 sitemaps, 144 bytes; 0 errors, 2 warnings)\n\
             sitemap.xml: valid (urlset, 2 URLs, 198 bytes; 0 errors, 0 warnings; listed in robots.txt:4:1)\n\
             2 files checked: 2 valid, 0 invalid; 0 errors, 2 warnings\n"
        )
    };
    let (outcome, text) = run_args(&args(&[root]), root);
    assert_eq!(outcome, Outcome::Valid);
    assert_eq!(
        text,
        expected(
            "the local sitemap.xml lists URLs of `https://example.org`",
            "the local sitemap.xml lists URLs of `https://example.org`"
        )
    );
    let mut a = args(&[root]);
    a.base_url = Some("https://example.org/".into());
    let (outcome, text) = run_args(&a, root);
    assert_eq!(outcome, Outcome::Valid);
    assert_eq!(
        text,
        expected(
            "this site is `https://example.org`",
            "this site is `https://example.org`"
        )
    );
}

mod robots_property {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    const OURS: &str = "https://example.org/sitemap.xml";

    /// Lines a robots.txt holds: rules, comments, blank lines, our
    /// own line under old schemes and names, other hosts' lines.
    fn line() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            Just(b"User-agent: *".to_vec()),
            Just(b"User-agent: Googlebot".to_vec()),
            Just(b"Disallow: /private/".to_vec()),
            Just(b"Allow: /".to_vec()),
            Just(b"Crawl-delay: 10".to_vec()),
            Just(b"".to_vec()),
            Just(b"# comment".to_vec()),
            Just(b"# Caf\xE9 in Latin-1".to_vec()),
            Just(b"Disallow: /\xFF\xFE".to_vec()),
            Just(b"# Sitemap: https://example.org/commented.xml".to_vec()),
            Just(b"Sitemap: https://example.org/sitemap.xml".to_vec()),
            Just(b"sitemap:http://example.org/sitemap.xml".to_vec()),
            Just(b"SITEMAP: https://example.org/sitemap.xml.gz # old".to_vec()),
            Just(b"Sitemap: http://example.org/sitemap.txt".to_vec()),
            Just(b"Sitemap: https://example.org/sitemap_index.xml".to_vec()),
            Just(b"  Sitemap:   https://example.org/sitemap.txt.gz  ".to_vec()),
            Just(b"Sitemap: https://cdn.example.net/sitemap.xml".to_vec()),
            Just(b"Sitemap: https://www.example.org/sitemap.xml".to_vec()),
            Just(b"Sitemap: http://www.example.org/sitemap.xml".to_vec()),
            Just(b"Sitemap: https://example.org:8443/sitemap.xml".to_vec()),
            Just(b"Sitemap: https://example.com/blog/sitemap.xml".to_vec()),
            "[a-zA-Z#: /*-]{0,30}".prop_map(String::into_bytes),
        ]
    }

    fn robots() -> impl Strategy<Value = Vec<u8>> {
        (
            any::<bool>(),
            prop::collection::vec(line(), 0..12),
            prop::sample::select(vec![&b"\n"[..], b"\r\n", b"\r"]),
            any::<bool>(),
        )
            .prop_map(|(bom, lines, eol, final_newline)| {
                let mut out = if bom {
                    b"\xEF\xBB\xBF".to_vec()
                } else {
                    Vec::new()
                };
                out.extend(lines.join(eol));
                if final_newline && !out.is_empty() {
                    out.extend_from_slice(eol);
                }
                out
            })
    }

    /// Lines of `text` that are not `Sitemap:` lines of ours.
    fn others(text: &[u8]) -> Vec<Vec<u8>> {
        // Lines end with CRLF, LF or a lone CR (RFC 9309).
        let mut lines = vec![Vec::new()];
        let mut bytes = text.iter().peekable();
        while let Some(&b) = bytes.next() {
            if b == b'\r' && bytes.peek() == Some(&&b'\n') {
                continue;
            }
            if b == b'\n' || b == b'\r' {
                lines.push(Vec::new());
            } else {
                lines.last_mut().unwrap().push(b);
            }
        }
        lines
            .into_iter()
            .map(|l| {
                l.strip_prefix(b"\xEF\xBB\xBF")
                    .map(<[u8]>::to_vec)
                    .unwrap_or(l)
            })
            .filter(|l| {
                let s = String::from_utf8_lossy(l);
                let value = s.split('#').next().unwrap_or("").trim().to_owned();
                let ours_line = value
                    .split_once(':')
                    .filter(|(f, _)| f.trim().eq_ignore_ascii_case("sitemap"))
                    .map(|(_, v)| v.trim())
                    .is_some_and(|v| {
                        ["https://example.org/sitemap", "http://example.org/sitemap"]
                            .iter()
                            .any(|p| v.starts_with(p))
                    });
                !ours_line && !l.is_empty()
            })
            .collect()
    }

    /// `scan --robots` then `validate` passes on its own output, for
    /// every robots.txt shape; the merge is idempotent; every line
    /// that is not ours survives byte for byte.
    #[test]
    fn merge_then_validate_always_passes() {
        let ours = sitemap_core::Loc::parse(OURS).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            &root.join("sitemap.xml"),
            &urlset(&["https://example.org/", "https://example.org/a/"]),
        );
        let cases: u32 = std::env::var("SITEMAP_PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(256);
        let mut runner = TestRunner::new(Config {
            cases,
            ..Config::default()
        });
        runner
            .run(&robots(), |old| {
                let merged = sitemap_core::robots::merge_bytes(&old, &ours, &[]);
                prop_assert_eq!(
                    &sitemap_core::robots::merge_bytes(&merged, &ours, &[]),
                    &merged,
                    "not idempotent"
                );
                // Every line of the old file that is not ours is still
                // there, in order, byte for byte.
                // (An empty file gets an allow-all group first.)
                if !old.is_empty() {
                    prop_assert_eq!(others(&old), others(&merged));
                }
                let normal = String::from_utf8_lossy(&merged)
                    .replace("\r\n", "\n")
                    .replace('\r', "\n");
                prop_assert_eq!(
                    normal
                        .split('\n')
                        .filter(|l| {
                            let l = l.strip_prefix('\u{feff}').unwrap_or(l).as_bytes();
                            l == OURS.replace("https://", "Sitemap: https://").as_bytes()
                        })
                        .count(),
                    1,
                    "our line exactly once"
                );
                std::fs::write(root.join("robots.txt"), &merged).unwrap();
                for base in [None, Some("https://example.org/".to_owned())] {
                    let mut a = args(&[root]);
                    a.base_url = base;
                    let mut out = Vec::new();
                    let outcome = run_to(&a, &mut out).unwrap();
                    let text = String::from_utf8_lossy(&out).into_owned();
                    prop_assert_eq!(outcome, Outcome::Valid, "{}", text);
                    prop_assert!(
                        text.contains("sitemap.xml: valid (urlset, 2 URLs"),
                        "{}",
                        text
                    );
                }
                Ok(())
            })
            .unwrap();
    }
}
