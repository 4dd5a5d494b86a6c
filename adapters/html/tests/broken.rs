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
