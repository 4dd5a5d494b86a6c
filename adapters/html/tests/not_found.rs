//! `404.html` pages.

use crate::common::{locs, options, scan_fixture};

#[test]
fn not_found_pages_are_left_out_unread() {
    let (found, text) = scan_fixture("not_found", &options());
    assert_eq!(
        locs(&found),
        ["https://example.org/", "https://example.org/404-guide.html"]
    );
    assert!(!found.files_read.iter().any(|p| p.ends_with("404.html")));
    insta::assert_snapshot!(text);
}
