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
