//! Robots meta noindex/none.

use crate::common::{locs, options, scan_fixture};

#[test]
fn noindex_and_none_in_any_case_and_order_are_left_out() {
    let (found, text) = scan_fixture("noindex", &options());
    assert_eq!(
        locs(&found),
        [
            "https://example.org/",
            "https://example.org/description.html",
            "https://example.org/in-body.html",
            "https://example.org/nofollow.html",
        ]
    );
    insta::assert_snapshot!(text);
}

/// A tracking pixel (`<noscript><img>`) must not end the head early.
#[test]
fn a_noscript_pixel_does_not_end_the_head() {
    let (found, _) = scan_fixture("noindex", &options());
    let pixel = found
        .excluded
        .iter()
        .find(|e| e.path.ends_with("noscript-pixel.html"))
        .expect("noscript-pixel.html is left out");
    assert_eq!(pixel.reason.label(), "noindex");
}

#[test]
fn only_the_names_asked_for_count() {
    let (found, _) = scan_fixture("noindex", &options().with_robots_names(["robots"]));
    let listed = locs(&found);
    assert!(listed.contains(&"https://example.org/googlebot.html"));
    assert!(listed.contains(&"https://example.org/bingbot.html"));
    assert!(!listed.contains(&"https://example.org/plain.html"));
}
