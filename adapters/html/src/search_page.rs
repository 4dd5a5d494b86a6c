//! A generator's search page: the static template its theme renders as a
//! search form and an empty results box that a script fills from the
//! search index. No content of its own, no noindex, and left out of the
//! generator's own sitemap; Google's guidance keeps search result pages
//! out of the index too.
//!
//! Of the generators checked, only MkDocs writes such a page without
//! saying noindex: its search plugin renders the theme's `search.html`
//! at the site root when the theme sets `include_search_page`
//! (`readthedocs` does, MkDocs 1.6.1), and `search/main.js` fills
//! `#mkdocs-search-results`. Sphinx's `search.html` says noindex, and
//! Docusaurus' search page is in Docusaurus' own sitemap (its
//! `<meta property="robots">` is no robots meta); Material for MkDocs
//! (`search_index_only`) and VitePress write no search page.
//!
//! The marker, not the name, decides: the `mkdocs` theme puts the same
//! results box in a dialog (`#mkdocs_search_modal`) on every page, so a
//! page of content named `search.html` holds it too, and MkDocs lists
//! that page. Only files named `search.html` are read whole, so the scan
//! still reads only heads of every other page.

use std::borrow::Cow;
use std::cell::Cell;
use std::io::Read as _;
use std::path::Path;

use lol_html::html_content::Element;
use lol_html::{ElementContentHandlers, HandlerResult, HtmlRewriter, Selector, Settings};

/// The file name MkDocs gives its static search template.
const FILE_NAME: &str = "search.html";

/// The results box MkDocs' search script fills.
const RESULTS: &str = "#mkdocs-search-results";

/// The `mkdocs` theme's search dialog, on every page of that theme.
const DIALOG: &str = "#mkdocs_search_modal";

/// Read no further: MkDocs' search pages are a few KB, and a page this
/// large is content.
const MAX_READ: u64 = 1 << 20;

/// Whether the file `file_name` at `path` is a generator's search page
/// (see the module doc). Only `search.html` is read; a file that cannot
/// be read is no search page here (the head read reports it).
pub(crate) fn is_search_page(file_name: &str, path: &Path) -> bool {
    if file_name != FILE_NAME {
        return false;
    }
    let Ok(file) = sitemap_core::input::open_regular(path) else {
        return false;
    };
    let mut bytes = Vec::new();
    if file.take(MAX_READ).read_to_end(&mut bytes).is_err() {
        return false;
    }
    has_results_box_outside_dialog(&bytes)
}

/// Whether `html` holds MkDocs' search results box and not the `mkdocs`
/// theme's search dialog that also holds it.
fn has_results_box_outside_dialog(html: &[u8]) -> bool {
    let results = Cell::new(false);
    let dialog = Cell::new(false);
    let (Ok(results_selector), Ok(dialog_selector)) =
        (RESULTS.parse::<Selector>(), DIALOG.parse::<Selector>())
    else {
        return false;
    };
    let settings = Settings::new()
        .with_strict(false)
        .append_element_content_handler((
            Cow::Owned(results_selector),
            ElementContentHandlers::default().element(|_: &mut Element<'_, '_>| -> HandlerResult {
                results.set(true);
                Ok(())
            }),
        ))
        .append_element_content_handler((
            Cow::Owned(dialog_selector),
            ElementContentHandlers::default().element(|_: &mut Element<'_, '_>| -> HandlerResult {
                dialog.set(true);
                Ok(())
            }),
        ));
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    // Markup lol_html gives up on is no page of a theme's template.
    if rewriter.write(html).is_err() || rewriter.end().is_err() {
        return false;
    }
    results.get() && !dialog.get()
}

#[cfg(test)]
mod unit {
    use super::has_results_box_outside_dialog;

    #[test]
    fn results_box_alone_marks_the_search_page() {
        let page = br#"<html><body><div role="main"><h1>Search Results</h1>
            <div id="mkdocs-search-results" class="search-results">Searching...</div></div></body></html>"#;
        assert!(has_results_box_outside_dialog(page));
        // Unquoted, as an HTML minifier leaves it.
        assert!(has_results_box_outside_dialog(
            b"<body><div id=mkdocs-search-results></div>"
        ));
    }

    #[test]
    fn results_box_in_the_search_dialog_marks_no_search_page() {
        let page = br#"<html><body><p>Content</p>
            <div class="modal" id="mkdocs_search_modal"><div id="mkdocs-search-results"></div></div></body></html>"#;
        assert!(!has_results_box_outside_dialog(page));
        assert!(!has_results_box_outside_dialog(
            b"<body><p>mkdocs-search-results</p>"
        ));
    }
}
