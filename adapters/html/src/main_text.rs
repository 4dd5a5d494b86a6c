//! What a reader of a built page sees change: the text of its main content
//! (`<main>`, `<article>` or `[role=main]`), or else of its `<body>` less
//! `nav`, `header` and `footer`; never the text of `script`, `style`,
//! `template` or `noscript`. A site-wide footer or a theme change then
//! leaves every page's text as it was: this is what the lastmod ledger
//! fingerprints.
//!
//! One pass of lol_html: element handlers count, at each point of the
//! document, how deep it is inside each kind of element (their end-tag
//! handlers count back down), and a document text handler sends each
//! text chunk where those counts say. Whitespace is collapsed, so
//! re-indented markup is no change either.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use lol_html::html_content::Element;
use lol_html::{HandlerResult, HtmlRewriter, Settings, doc_text, element};

/// Elements whose text a reader never sees as the page's content.
const NEVER: &str = "script, style, template, noscript";
/// Elements left out of the `<body>` fallback: the site's chrome.
const CHROME: &str = "nav, header, footer";
/// The page's own content.
const MAIN: &str = "main, article, [role=main]";

/// Counts how deep the document is inside the elements it is set on.
fn count(depth: &Rc<Cell<u32>>) -> impl Fn(&mut Element) -> HandlerResult + use<> {
    let depth = Rc::clone(depth);
    move |el: &mut Element| {
        depth.set(depth.get() + 1);
        let inner = Rc::clone(&depth);
        // An element that cannot have an end tag (or whose end tag is
        // missing) never counts back down; none of these is void.
        if let Some(handlers) = el.end_tag_handlers() {
            handlers.push(Box::new(move |_| {
                inner.set(inner.get().saturating_sub(1));
                Ok(())
            }));
        }
        Ok(())
    }
}

/// The page's main text, whitespace collapsed.
pub fn main_text(html: &[u8]) -> String {
    let (never, chrome, main, body) = (
        Rc::new(Cell::new(0)),
        Rc::new(Cell::new(0)),
        Rc::new(Cell::new(0)),
        Rc::new(Cell::new(0)),
    );
    let main_text = RefCell::new(String::new());
    let body_text = RefCell::new(String::new());
    {
        let mut rewriter = HtmlRewriter::new(
            Settings::new()
                .with_strict(false)
                .append_element_content_handler(element!(NEVER, count(&never)))
                .append_element_content_handler(element!(CHROME, count(&chrome)))
                .append_element_content_handler(element!(MAIN, count(&main)))
                .append_element_content_handler(element!("body", count(&body)))
                .append_document_content_handler(doc_text!(|t| {
                    if never.get() > 0 {
                        return Ok(());
                    }
                    // Text nodes are apart in the markup: apart in the text.
                    let end = if t.last_in_text_node() { " " } else { "" };
                    if main.get() > 0 {
                        push(&mut main_text.borrow_mut(), t.as_str());
                        push(&mut main_text.borrow_mut(), end);
                    }
                    if body.get() > 0 && chrome.get() == 0 {
                        push(&mut body_text.borrow_mut(), t.as_str());
                        push(&mut body_text.borrow_mut(), end);
                    }
                    Ok(())
                })),
            |_: &[u8]| {},
        );
        // Markup lol_html cannot read gives what was read until then.
        let _ = rewriter.write(html).and_then(|()| rewriter.end());
    }
    let main_text = main_text.into_inner();
    if main_text.trim().is_empty() {
        body_text.into_inner().trim_end().to_owned()
    } else {
        main_text.trim_end().to_owned()
    }
}

/// Appends `chunk` with its whitespace runs collapsed to one space.
fn push(out: &mut String, chunk: &str) {
    for c in chunk.chars() {
        if c.is_whitespace() {
            if !out.is_empty() && !out.ends_with(' ') {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::main_text;

    #[test]
    fn main_content_without_scripts() {
        let html = b"<html><head><title>T</title><style>p{}</style></head><body>\
            <nav>Home | Blog</nav><main><article><header><h1>Post</h1></header>\
            <p>Hello,\n   world.</p><script>var x = 1;</script></article></main>\
            <footer>(c) 2026</footer></body></html>";
        assert_eq!(main_text(html), "Post Hello, world.");
    }

    #[test]
    fn body_without_chrome_when_there_is_no_main() {
        let html = b"<body><header>Site</header><div><p>Text</p></div>\
            <footer>Footer 2026</footer><noscript>Enable JS</noscript></body>";
        assert_eq!(main_text(html), "Text");
    }

    #[test]
    fn a_theme_change_around_the_content_changes_nothing() {
        let a = b"<body><nav>A</nav><main><p>Same</p></main><footer>v1</footer></body>";
        let b = b"<body class=\"dark\"><nav>B C</nav><div class=\"wrap\"><main>\n  <p>Same</p>\n</main></div><footer>v2</footer></body>";
        assert_eq!(main_text(a), main_text(b));
        let c = b"<body><main><p>Changed</p></main></body>";
        assert_ne!(main_text(a), main_text(c));
    }
}
