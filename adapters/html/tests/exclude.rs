//! Exclude globs.

use std::path::Path;

use sitemap_html::{Error, scan};

use crate::common::{fixture, locs, options, scan_fixture};

#[test]
fn matching_files_are_left_out_unread() {
    let options = options().with_exclude(["drafts/**", "**/print.html", "tags/*/page/*"]);
    let (found, text) = scan_fixture("exclude", &options);
    assert_eq!(
        locs(&found),
        [
            "https://example.org/",
            "https://example.org/guide/",
            "https://example.org/tags/rust/"
        ]
    );
    assert_eq!(found.files_read.len(), 3);
    insta::assert_snapshot!(text);
}

#[test]
fn a_bad_glob_is_an_error_naming_it() {
    let err = scan(&fixture("exclude"), &options().with_exclude(["drafts/[a-"])).unwrap_err();
    assert!(matches!(&err, Error::Glob { pattern, .. } if pattern == "drafts/[a-"));
    assert_eq!(
        err.to_string(),
        "exclude pattern `drafts/[a-`: error parsing glob 'drafts/[a-': unclosed character class; missing ']'"
    );
}

#[test]
fn a_missing_directory_is_an_error_naming_it() {
    let err = scan(Path::new("tests/fixtures/no-such-site"), &options()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tests/fixtures/no-such-site: not a directory; expected the folder a static site generator built (public/, _site/, dist/, book/)"
    );
}
