//! Issue #47, typed diagnostics in the plugin: what it prints is the
//! engine's `Diagnostic`, rendered `file:line: warning: …`, with every
//! name taken from its input (here the version string mdBook's JSON
//! sends) shown escaped, so that input cannot forge a line, retitle the
//! terminal or clear it.

use crate::support::{Book, redact, run_exe};

/// The render context `book` would be given, with `version` as the
/// mdBook version it names.
fn render_input(book: &Book, version: &str) -> Vec<u8> {
    let config = book.config(|_| {});
    let md = mdbook_driver::MDBook::load_with_config(book.root(), config).unwrap();
    let (rendered, _) = md
        .preprocess_book(&crate::support::Named("sitemap"))
        .unwrap();
    let destination = md.build_dir_for("sitemap");
    std::fs::create_dir_all(&destination).unwrap();
    let ctx = mdbook_renderer::RenderContext::new(
        md.root.clone(),
        rendered,
        md.config.clone(),
        &destination,
    );
    let mut json = serde_json::to_value(&ctx).unwrap();
    json["version"] = version.into();
    serde_json::to_vec(&json).unwrap()
}

#[test]
fn a_version_string_with_a_line_break_and_escapes_is_shown_escaped() {
    let book = Book::fixture("structure");
    book.build().unwrap();
    let input = render_input(&book, "9.9.0\n\u{1b}]0;pwned\u{7}\u{1b}[2Jerror: forged");
    let (ok, stderr) = run_exe(&[], &input, &book.path("book/sitemap"));
    assert!(ok, "{stderr}");
    assert!(!stderr.contains('\u{1b}'), "an escape reached the terminal");
    assert_eq!(
        redact(&stderr, book.root()),
        "warning: this mdbook-sitemap reads the JSON of mdBook 0.4 and 0.5, called by mdBook \
         9.9.0\\n\\x1b]0;pwned\\x07\\x1b[2Jerror: forged; if the build fails, install an \
         mdbook-sitemap built for your mdBook\n\
         [BOOK]/src: warning: not inside a git work tree (or git is not installed); lastmod \
         from git is skipped, and so is the files' mtime unless `lastmod` names `mtime`\n\
         mdbook-sitemap: wrote [BOOK]/book/html/sitemap.xml (10 URLs)\n"
    );
}
