//! Meta-refresh redirect stubs.

use crate::common::{locs, options, scan_fixture};

#[test]
fn refresh_stubs_are_left_out_with_their_target() {
    let (found, text) = scan_fixture("redirects", &options());
    assert_eq!(
        locs(&found),
        [
            "https://example.org/",
            "https://example.org/new/",
            "https://example.org/reload.html",
            "https://example.org/self.html",
        ]
    );
    insta::assert_snapshot!(text);
}
