//! What each head tag says: the robots, generator, refresh and date
//! metas, the canonical and hreflang links, and the refresh a redirect
//! stub hides in its `<noscript>`.

use std::cell::RefCell;

use lol_html::html_content::Element;
use lol_html::{HtmlRewriter, Settings};

use super::attributes::attr;
use super::{Head, MarkupDate};

impl Head {
    /// The `content` of a `<meta http-equiv="refresh">` inside the head's
    /// `<noscript>`: the fallback of a script redirect (Zola 0.22's alias
    /// pages: `window.location.replace(target)`, then the refresh for
    /// browsers without scripts). A crawler that runs the script follows
    /// the redirect; one that does not, the refresh: either way the page
    /// is a stub.
    pub(crate) fn noscript_refresh(&self) -> Option<String> {
        if !self.noscript.to_ascii_lowercase().contains("refresh") {
            return None;
        }
        let found: RefCell<Option<String>> = RefCell::new(None);
        let settings = Settings::new().append_element_content_handler(lol_html::element!(
            "meta[http-equiv][content]",
            |el| {
                let refresh = el
                    .get_attribute("http-equiv")
                    .is_some_and(|e| e.trim().eq_ignore_ascii_case("refresh"));
                if refresh && found.borrow().is_none() {
                    *found.borrow_mut() = content(el);
                }
                Ok(())
            }
        ));
        let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
        // Markup the tokenizer rejects has no refresh to give.
        let _ = rewriter.write(self.noscript.as_bytes());
        let _ = rewriter.end();
        found.into_inner()
    }
}

pub(super) fn meta(el: &Element<'_, '_>, head: &mut Head, robots_names: &[String], og_image: bool) {
    if let Some(name) = el.get_attribute("name") {
        let name = name.trim();
        if robots_names.iter().any(|r| name.eq_ignore_ascii_case(r)) {
            if let Some(c) = attr(el, "content") {
                if head.noindex.is_none() && says_noindex(&c) {
                    head.noindex = Some(name.to_ascii_lowercase());
                }
                head.noimageindex |= says_noimageindex(&c);
            }
        } else if name.eq_ignore_ascii_case("generator") {
            head.own_output |= content(el).as_deref() == Some(sitemap_core::human::HTML_GENERATOR);
        } else if name.eq_ignore_ascii_case("last-modified")
            && let Some(c) = content(el)
        {
            head.dates.push((MarkupDate::LastModified, c));
        }
        return;
    }
    if let Some(equiv) = el.get_attribute("http-equiv") {
        let equiv = equiv.trim();
        if equiv.eq_ignore_ascii_case("refresh") {
            if head.refresh.is_none() {
                head.refresh = content(el);
            }
        } else if equiv.eq_ignore_ascii_case("last-modified")
            && let Some(c) = content(el)
        {
            head.dates.push((MarkupDate::LastModified, c));
        }
        return;
    }
    if let Some(property) = el.get_attribute("property") {
        let which = match property.trim() {
            "article:modified_time" => MarkupDate::ArticleModifiedTime,
            "og:updated_time" => MarkupDate::OgUpdatedTime,
            "og:image" if og_image => {
                if let Some(c) = content(el) {
                    head.og_images.push(c);
                }
                return;
            }
            _ => return,
        };
        if let Some(c) = content(el) {
            head.dates.push((which, c));
        }
    }
}

pub(super) fn link(el: &Element<'_, '_>, head: &mut Head) {
    let Some(rel) = el.get_attribute("rel") else {
        return;
    };
    // `rel` is a set of space-separated, case-insensitive keywords.
    let mut canonical = false;
    let mut alternate = false;
    for token in rel.split_ascii_whitespace() {
        canonical |= token.eq_ignore_ascii_case("canonical");
        alternate |= token.eq_ignore_ascii_case("alternate");
    }
    if !canonical && !alternate {
        return;
    }
    let Some(href) = attr(el, "href") else {
        return;
    };
    let href = href.trim().to_owned();
    if alternate && let Some(hreflang) = attr(el, "hreflang") {
        head.alternates
            .push((hreflang.trim().to_owned(), href.clone()));
    }
    if canonical {
        head.canonicals.push(href);
    }
}

/// A meta's `content`, trimmed.
fn content(el: &Element<'_, '_>) -> Option<String> {
    attr(el, "content").map(|c| c.trim().to_owned())
}

/// Whether a robots meta `content` forbids indexing: a `noindex` or `none`
/// token in any case and any order. Google documents commas between
/// values; spaces are accepted too because pages write both.
fn says_noindex(content: &str) -> bool {
    content
        .split(|c: char| c == ',' || c.is_whitespace())
        .any(|t| t.eq_ignore_ascii_case("noindex") || t.eq_ignore_ascii_case("none"))
}

/// Whether a robots meta `content` forbids indexing the page's images:
/// Google's `noimageindex`, the one convention pages already write for
/// it, read like `noindex`.
fn says_noimageindex(content: &str) -> bool {
    content
        .split(|c: char| c == ',' || c.is_whitespace())
        .any(|t| t.eq_ignore_ascii_case("noimageindex"))
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn noindex_tokens_in_any_case_and_order() {
        assert!(says_noindex("noindex"));
        assert!(says_noindex("follow, NoIndex"));
        assert!(says_noindex("NONE"));
        assert!(says_noindex("max-snippet:-1 noindex"));
        assert!(!says_noindex("index, follow"));
        assert!(!says_noindex("nofollow"));
        assert!(!says_noindex("noindexed"));
    }

    #[test]
    fn noimageindex_tokens_in_any_case_and_order() {
        assert!(says_noimageindex("noimageindex"));
        assert!(says_noimageindex("index,NoImageIndex"));
        assert!(!says_noimageindex("noindex"));
        assert!(!says_noimageindex("noimageindexed"));
    }
}
