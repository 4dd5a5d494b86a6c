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

#[test]
fn only_the_names_asked_for_count() {
    let (found, _) = scan_fixture("noindex", &options().with_robots_names(["robots"]));
    let listed = locs(&found);
    assert!(listed.contains(&"https://example.org/googlebot.html"));
    assert!(listed.contains(&"https://example.org/bingbot.html"));
    assert!(!listed.contains(&"https://example.org/plain.html"));
}
