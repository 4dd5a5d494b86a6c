//! Files that are not clean HTML give warnings, never a crash.

use crate::common::{locs, options, scan_fixture};

#[test]
fn bad_bytes_and_bad_markup_are_reported_with_the_path() {
    let (found, text) = scan_fixture("broken", &options());
    assert_eq!(
        locs(&found),
        [
            "https://example.org/",
            "https://example.org/bare-listed.html",
            "https://example.org/empty.html",
            "https://example.org/latin1.html",
            // `<title>` is never closed, so a browser reads the rest of the
            // file as the title, robots meta included: listed.
            "https://example.org/soup.html",
            "https://example.org/unclosed-head.html",
        ]
    );
    insta::assert_snapshot!(text);
}

/// A file name that is not UTF-8 has no URL: left out with that reason,
/// the rest of the site listed.
#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_left_out() {
    use std::os::unix::ffi::OsStrExt;

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<title>Home</title>").unwrap();
    let bad = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"caf\xe9.html"));
    std::fs::write(&bad, "<title>Latin-1 name</title>").unwrap();
    let found = sitemap_html::scan(dir.path(), &options()).unwrap();
    assert_eq!(locs(&found), ["https://example.org/"]);
    assert_eq!(found.excluded.len(), 1);
    assert_eq!(found.excluded[0].path, bad);
    assert_eq!(
        found.excluded[0].reason.to_string(),
        "no valid URL: the file name is not UTF-8, so it has no URL"
    );
}

/// With images the whole page is read, and a page without a `<body>` tag
/// had the robots meta after its first `<p>` (body markup) read as its
/// head's: `bare-listed.html` was left out as noindex with images on and
/// listed without, so `scan --html --images` and `validate --site` (which
/// reads without images) disagreed about it. What a page is may not
/// depend on whether its images are listed.
#[test]
fn listing_images_does_not_change_which_pages_are_listed() {
    let site = "https://example.org/".parse().unwrap();
    let rules = sitemap_pages::images::ImageRules::new(&site, &[]).unwrap();
    let (plain, _) = scan_fixture("broken", &options());
    let (with_images, _) = scan_fixture("broken", &options().with_images(rules));
    assert_eq!(locs(&with_images), locs(&plain));
    assert_eq!(with_images.excluded, plain.excluded);
}

/// A binary file saved as `.html` whose first NUL byte lies past its
/// first kilobyte (only that much was looked at) was listed as a page.
/// Every chunk read is looked at: a NUL in the first chunk or in a later
/// one (before the head ends) leaves the file out as binary, at its
/// offset.
#[test]
fn a_binary_html_file_whose_first_nul_is_past_1_kib_is_no_page() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<title>Home</title>").unwrap();
    // No `<` in the bytes before the NUL: the head never ends before it.
    let binary = |nul_at: usize| {
        let mut bytes: Vec<u8> = (0..nul_at).map(|i| b'A' + (i % 20) as u8).collect();
        bytes.extend_from_slice(b"\0\x01\x02");
        bytes
    };
    std::fs::write(dir.path().join("archive.html"), binary(2_000)).unwrap();
    std::fs::write(dir.path().join("image.html"), binary(9_000)).unwrap();
    let found = sitemap_html::scan(dir.path(), &options()).unwrap();
    assert_eq!(locs(&found), ["https://example.org/"]);
    assert_eq!(
        left_out(&found, |r| format!("{r:?}: {r}")),
        [
            (
                "archive.html".to_owned(),
                "Binary { at: 2000 }: binary content (NUL byte at offset 2000), not an HTML page"
                    .to_owned()
            ),
            (
                "image.html".to_owned(),
                "Binary { at: 9000 }: binary content (NUL byte at offset 9000), not an HTML page"
                    .to_owned()
            ),
        ]
    );
}

/// A built page whose file name holds a line break was listed at a URL
/// with `%0A`, which no link reaches (URL parsers strip a line break from
/// a link; the name is a script's slip, such as `"$(…)".html`): it is
/// left out, named with the reason, as a name that is not UTF-8 is; so
/// is one with a tab.
#[cfg(unix)]
#[test]
fn a_file_name_with_a_line_break_is_left_out_and_named() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<title>Home</title>").unwrap();
    std::fs::write(dir.path().join("about\n.html"), "<title>About</title>").unwrap();
    std::fs::write(dir.path().join("a\tb.html"), "<title>Tab</title>").unwrap();
    let found = sitemap_html::scan(dir.path(), &options()).unwrap();
    assert_eq!(locs(&found), ["https://example.org/"]);
    assert_eq!(
        left_out(&found, sitemap_html::Reason::to_string),
        [
            (
                "a\tb.html".to_owned(),
                "no valid URL: its path holds a tab (`\\t`), which URL parsers strip from a link, so no link reaches it; rename the file to list it".to_owned()
            ),
            (
                "about\n.html".to_owned(),
                "no valid URL: its path holds a line break (`\\n`), which URL parsers strip from a link, so no link reaches it; rename the file to list it".to_owned()
            ),
        ]
    );
}

/// Each file left out, by name, with its reason as `shown` gives it.
fn left_out(
    found: &sitemap_html::HtmlScan,
    shown: impl Fn(&sitemap_html::Reason) -> String,
) -> Vec<(String, String)> {
    found
        .excluded
        .iter()
        .map(|e| {
            let name = e.path.file_name().unwrap().to_string_lossy().into_owned();
            (name, shown(&e.reason))
        })
        .collect()
}
