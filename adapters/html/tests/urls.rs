//! File paths become URLs: trailing-slash styles and clean URLs.

use sitemap_html::TrailingSlash;

use crate::common::{locs, options, scan_fixture};

#[test]
fn default_folder_indexes_end_in_a_slash() {
    let (found, text) = scan_fixture("urls", &options());
    assert_eq!(
        locs(&found),
        [
            "https://example.org/",
            "https://example.org/about.html",
            "https://example.org/blog/",
            "https://example.org/blog/Index.html",
            "https://example.org/blog/hello-world/",
            "https://example.org/caf%C3%A9/",
            "https://example.org/docs/getting%20started.html",
            "https://example.org/old-page.htm",
        ]
    );
    insta::assert_snapshot!(text);
}

#[test]
fn trailing_slash_never_drops_the_slash_but_not_the_root() {
    let (_, text) = scan_fixture("urls", &options().with_trailing_slash(TrailingSlash::Never));
    insta::assert_snapshot!(text);
}

#[test]
fn trailing_slash_keep_lists_files_as_written() {
    let (_, text) = scan_fixture("urls", &options().with_trailing_slash(TrailingSlash::Keep));
    insta::assert_snapshot!(text);
}

#[test]
fn clean_urls_drop_the_extension() {
    let (_, text) = scan_fixture("urls", &options().with_clean_urls(true));
    insta::assert_snapshot!(text);
}

#[test]
fn a_base_url_in_a_folder_prefixes_every_loc() {
    // No trailing slash on purpose: a base URL names a folder.
    let options = sitemap_html::HtmlOptions::new("https://example.org/docs".parse().unwrap());
    let (found, _) = scan_fixture("urls", &options);
    assert_eq!(
        locs(&found)[..3],
        [
            "https://example.org/docs/",
            "https://example.org/docs/about.html",
            "https://example.org/docs/blog/"
        ]
    );
}

#[test]
fn hidden_folders_are_scanned_when_asked() {
    let (found, _) = scan_fixture("urls", &options().with_hidden(true));
    assert!(locs(&found).contains(&"https://example.org/.hidden/"));
}

#[test]
fn trailing_slash_parses_from_its_cli_words() {
    assert_eq!("never".parse::<TrailingSlash>(), Ok(TrailingSlash::Never));
    assert_eq!(
        "sometimes".parse::<TrailingSlash>(),
        Err("trailing-slash `sometimes`: expected always, never or keep".to_owned())
    );
}
