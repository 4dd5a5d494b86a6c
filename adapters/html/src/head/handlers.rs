//! One page's lol_html handlers: what each matched element does to the
//! [`Head`] being read (and to the body's image [`Regions`]), and the
//! [`HeadEnd`] "error" that stops the tokenizer where the head ends.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::fmt;

use lol_html::html_content::{Element, TextChunk};
use lol_html::{ElementContentHandlers, HandlerResult, Selector, Settings};

use super::attributes::attr;
use super::images::{BodyImages, IN_ARTICLE, IN_MAIN, IN_ROLE_MAIN, Regions};
use super::selectors::Selectors;
use super::tags::{link, meta};
use super::{Head, Read};

/// Bytes of `<noscript>` text kept from a head: a redirect stub's
/// fallback is one tag; a head's other noscripts (tracking pixels, style
/// links) are short too.
const MAX_NOSCRIPT: usize = 4 * 1024;

/// The error a handler returns to stop the tokenizer: the head is over.
#[derive(Debug)]
pub(super) struct HeadEnd;

impl fmt::Display for HeadEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("end of head")
    }
}

impl std::error::Error for HeadEnd {}

/// Whether the tokenizer stopped because a handler said the head is over.
pub(super) fn is_head_end(e: &lol_html::errors::RewritingError) -> bool {
    matches!(e, lol_html::errors::RewritingError::ContentHandlerError(e) if e.is::<HeadEnd>())
}

/// The state one page's read builds up, which the handlers share.
pub(super) struct PageHandlers<'r> {
    head: RefCell<Head>,
    regions: Regions,
    in_json_ld: Cell<bool>,
    /// Only with images does the read go past the head; the head's
    /// handlers then ignore what they match in the body.
    in_head: Cell<bool>,
    robots_names: &'r [String],
    images: Option<BodyImages>,
}

impl<'r> PageHandlers<'r> {
    pub(super) fn new(robots_names: &'r [String], images: Option<BodyImages>) -> Self {
        PageHandlers {
            head: RefCell::new(Head::default()),
            regions: Regions::default(),
            in_json_ld: Cell::new(false),
            in_head: Cell::new(true),
            robots_names,
            images,
        }
    }

    /// The handlers, wired to `selectors`. The head ends at `<body>`
    /// when `head_ends_at_body_tag`, else at the first element that
    /// cannot be in a head.
    pub(super) fn settings<'s>(
        &self,
        selectors: &'s Selectors,
        head_ends_at_body_tag: bool,
    ) -> Settings<'_, 's> {
        let on = |selector: &'s Selector, handlers| (Cow::Borrowed(selector), handlers);
        let noscript = || {
            on(
                &selectors.noscript,
                ElementContentHandlers::default()
                    .text(|t: &mut TextChunk<'_>| self.noscript_text(t)),
            )
        };
        if self.images.is_none() {
            // Reading the head only: one handler for every element, which
            // dispatches on the tag name, instead of the seven selectors
            // below. lol_html compiles the selectors for every page, and
            // the `:not(…)` list of head elements cost more to compile than
            // building the few elements of a head and calling us for each
            // (callgrind, 10,000 pages: see the commit).
            return Settings::new()
                .with_strict(false)
                .append_element_content_handler(on(
                    &selectors.any,
                    ElementContentHandlers::default()
                        .element(|el: &mut Element<'_, '_>| self.head_element(el)),
                ))
                .append_element_content_handler(on(
                    &selectors.script,
                    ElementContentHandlers::default()
                        .text(|t: &mut TextChunk<'_>| self.script_text(t)),
                ))
                .append_element_content_handler(noscript());
        }
        let head_end = if head_ends_at_body_tag {
            &selectors.body_tag
        } else {
            &selectors.body
        };
        let mut settings = Settings::new()
            .with_strict(false)
            .append_element_content_handler(on(
                head_end,
                ElementContentHandlers::default().element(|_: &mut Element<'_, '_>| self.body()),
            ))
            .append_element_content_handler(on(
                &selectors.html,
                ElementContentHandlers::default().element(|el: &mut Element<'_, '_>| self.html(el)),
            ))
            .append_element_content_handler(on(
                &selectors.base,
                ElementContentHandlers::default().element(|el: &mut Element<'_, '_>| self.base(el)),
            ))
            .append_element_content_handler(on(
                &selectors.meta,
                ElementContentHandlers::default().element(|el: &mut Element<'_, '_>| self.meta(el)),
            ))
            .append_element_content_handler(on(
                &selectors.link,
                ElementContentHandlers::default().element(|el: &mut Element<'_, '_>| self.link(el)),
            ))
            .append_element_content_handler(on(
                &selectors.script,
                ElementContentHandlers::default()
                    .element(|el: &mut Element<'_, '_>| self.script(el))
                    .text(|t: &mut TextChunk<'_>| self.script_text(t)),
            ))
            .append_element_content_handler(noscript());
        if self.images.is_some() {
            let sel = &selectors.images;
            let r = &self.regions;
            let counters = [
                (&sel.main, Regions::count(&r.main, &r.seen, IN_MAIN)),
                (
                    &sel.article,
                    Regions::count(&r.article, &r.seen, IN_ARTICLE),
                ),
                (
                    &sel.role_main,
                    Regions::count(&r.role_main, &r.seen, IN_ROLE_MAIN),
                ),
                (&sel.nav, Regions::count(&r.nav, &r.seen, 0)),
                (&sel.chrome, Regions::count(&r.chrome, &r.seen, 0)),
                (&sel.never, Regions::count(&r.never, &r.seen, 0)),
            ];
            for (selector, counter) in counters {
                settings = settings.append_element_content_handler(on(
                    selector,
                    ElementContentHandlers::default().element(counter),
                ));
            }
            for selector in [&sel.img, &sel.source] {
                settings = settings.append_element_content_handler(on(
                    selector,
                    ElementContentHandlers::default()
                        .element(|el: &mut Element<'_, '_>| self.image(el)),
                ));
            }
        }
        settings
    }

    /// The page read: the head, its images when they were read to the
    /// end of the file, and what the byte checks found.
    pub(super) fn finish(
        self,
        images_read: bool,
        invalid_utf8_at: Option<u64>,
        html_error: Option<String>,
    ) -> Read {
        let mut head = self.head.into_inner();
        if images_read {
            head.images = self.regions.finish();
        }
        head.invalid_utf8_at = invalid_utf8_at;
        head.html_error = html_error;
        Read::Page(Box::new(head))
    }

    /// Any element of a head-only read: what the selectors `html[lang]`,
    /// `base[href]`, `meta[content]`, `link[rel][href]`, `script` and
    /// `body` ([`Selectors`]) would have called. The attribute conditions
    /// are the handlers' own (each does nothing without them): asking
    /// lol_html whether an attribute is there costs as much as reading it.
    fn head_element(&self, el: &mut Element<'_, '_>) -> HandlerResult {
        match el.tag_name().as_str() {
            // Each handler does nothing without the attributes its
            // selector requires, so they are not checked twice here.
            "html" => self.html(el),
            "base" => self.base(el),
            "meta" => self.meta(el),
            "link" => self.link(el),
            "script" => self.script(el),
            "head" | "style" | "title" | "noscript" | "template" => Ok(()),
            _ => self.body(),
        }
    }

    fn body(&self) -> HandlerResult {
        if self.images.is_none() {
            return Err(Box::new(HeadEnd));
        }
        self.in_head.set(false);
        Ok(())
    }

    fn html(&self, el: &mut Element<'_, '_>) -> HandlerResult {
        if let Some(lang) = attr(el, "lang") {
            self.head.borrow_mut().lang.get_or_insert(lang);
        }
        Ok(())
    }

    fn base(&self, el: &mut Element<'_, '_>) -> HandlerResult {
        if self.in_head.get()
            && let Some(href) = attr(el, "href")
        {
            self.head.borrow_mut().base_href.get_or_insert(href);
        }
        Ok(())
    }

    fn meta(&self, el: &mut Element<'_, '_>) -> HandlerResult {
        if self.in_head.get() {
            let og_image = self.images.is_some_and(|i| i.og_image);
            meta(el, &mut self.head.borrow_mut(), self.robots_names, og_image);
        }
        Ok(())
    }

    fn link(&self, el: &mut Element<'_, '_>) -> HandlerResult {
        if self.in_head.get() {
            link(el, &mut self.head.borrow_mut());
        }
        Ok(())
    }

    fn script(&self, el: &mut Element<'_, '_>) -> HandlerResult {
        let json_ld = self.in_head.get()
            && attr(el, "type")
                .is_some_and(|ty| ty.trim().eq_ignore_ascii_case("application/ld+json"));
        self.in_json_ld.set(json_ld);
        if json_ld {
            self.head.borrow_mut().json_ld.push(String::new());
        }
        Ok(())
    }

    fn script_text(&self, t: &mut TextChunk<'_>) -> HandlerResult {
        if self.in_json_ld.get() {
            if let Some(block) = self.head.borrow_mut().json_ld.last_mut() {
                block.push_str(t.as_str());
            }
            if t.last_in_text_node() {
                self.in_json_ld.set(false);
            }
        }
        Ok(())
    }

    /// lol_html reads `<noscript>` content as text, as a browser or
    /// crawler with scripting on does, so a tracking pixel's `<img>` in
    /// the head never reaches the handlers; the text is kept for its
    /// refresh.
    fn noscript_text(&self, t: &mut TextChunk<'_>) -> HandlerResult {
        if self.in_head.get() {
            let mut head = self.head.borrow_mut();
            if head.noscript.len() < MAX_NOSCRIPT {
                head.noscript.push_str(t.as_str());
            }
        }
        Ok(())
    }

    fn image(&self, el: &mut Element<'_, '_>) -> HandlerResult {
        self.regions.element(el);
        Ok(())
    }
}
