//! A built page's own summary: `<meta name="description" content="…">`
//! in its head, for llms.txt (the page list for language models).

use std::cell::RefCell;

use lol_html::html_content::Element;
use lol_html::{HandlerResult, HtmlRewriter, Settings, element};

use crate::head::decode_references;

/// The `content` of the first `<meta name="description">` of `html`
/// (the name compared without case, as browsers and crawlers do),
/// character references decoded and whitespace collapsed; `None` when
/// there is none, it is empty, or lol_html gives up on the markup.
pub fn meta_description(html: &[u8]) -> Option<String> {
    let found: RefCell<Option<String>> = RefCell::new(None);
    let settings = Settings::new()
        .with_strict(false)
        .append_element_content_handler(element!(
            "meta[name][content]",
            |el: &mut Element<'_, '_>| -> HandlerResult {
                let is_description = el
                    .get_attribute("name")
                    .is_some_and(|n| n.trim().eq_ignore_ascii_case("description"));
                if is_description && found.borrow().is_none() {
                    let content = el.get_attribute("content").unwrap_or_default();
                    let text = decode_references(&content);
                    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                    if !text.is_empty() {
                        *found.borrow_mut() = Some(text);
                    }
                }
                Ok(())
            }
        ));
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    if rewriter.write(html).is_err() || rewriter.end().is_err() {
        return None;
    }
    found.into_inner()
}

#[cfg(test)]
mod unit {
    use super::meta_description;

    #[test]
    fn the_first_non_empty_description_decoded() {
        let page =
            b"<html><head><meta name=\"Description\" content=\"  Fish &amp; chips,\n  daily. \">\
            <meta name=description content=second></head><body></body></html>";
        assert_eq!(
            meta_description(page).as_deref(),
            Some("Fish & chips, daily.")
        );
        assert_eq!(
            meta_description(b"<meta name=description content=\"\">"),
            None
        );
        assert_eq!(
            meta_description(b"<meta property=og:description content=x>"),
            None
        );
    }
}
