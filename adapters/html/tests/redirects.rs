//! Meta-refresh redirect stubs.

use crate::common::{locs, options, scan_fixture};

/// Every generator's stub is one (fixtures/redirects/README.md names
/// each template); Zola 0.22's alias pages, whose refresh sits in a
/// `<noscript>`, were listed as pages.
#[test]
fn refresh_stubs_are_left_out_with_their_target() {
    let (found, text) = scan_fixture("redirects", &options());
    assert_eq!(
        locs(&found),
        [
            "https://example.org/",
            "https://example.org/new/",
            "https://example.org/noscript-pixel.html",
            "https://example.org/reload.html",
            "https://example.org/self.html",
        ]
    );
    insta::assert_snapshot!(text);
}
