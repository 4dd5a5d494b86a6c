//! The body's image read, when images are listed: how deep the tokenizer
//! is inside each kind of region (main content, navigation, chrome), and
//! which `<img>`/`<picture><source>` references count as the page's.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use lol_html::HandlerResult;
use lol_html::html_content::Element;
use sitemap_core::MAX_IMAGES_PER_URL;
use sitemap_pages::images::{Dropped, img_reference};

use super::attributes::attr;

/// How the body's images are read, when they are listed.
///
/// The images of the page's main content: `<img>` (one reference each, by
/// [`img_reference`]: lazy loaders' `data-srcset`/`data-src`, `srcset`'s
/// largest candidate, `src`; a declared 1×1 is a tracking pixel) and each
/// `<picture>`'s `<source>` (its largest candidate). The main content is,
/// in this order, the `<main>` elements, else the `<article>`s (all of
/// them: a list page has one per post), else the `[role=main]` elements
/// (Sphinx themes), else the whole body less `<header>`, `<footer>` and
/// `<aside>` (the theme's logo, footer badges, sidebars).
///
/// - `<nav>` is left out everywhere, also inside `<main>`: MkDocs
///   Material puts its logo in the sidebar `<nav>` inside `<main>`, and a
///   navigation's images are icons, not content.
/// - `<header>`, `<footer>` and `<aside>` count inside the main content:
///   there they are the post's header (its cover image), a figure's
///   footer, a call-out; outside it they are the site's chrome. `<aside>`
///   is chrome in the body fallback since at that level it is a sidebar
///   (the HTML standard: content "tangentially related" to the page).
/// - `<noscript>`: lol_html reads its content as text, as a browser or a
///   crawler with scripting on does (Google renders pages so), so its
///   `<img>` is not seen; a lazy loader's `<noscript>` fallback repeats
///   the image its `data-src` already named.
/// - `<template>` content is not shown, so not listed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BodyImages {
    /// Also list `<meta property="og:image">`, first (it is in the head).
    pub(crate) og_image: bool,
}

/// Where an image was found: which kinds of main content enclose it.
pub(super) const IN_MAIN: u8 = 1;
pub(super) const IN_ARTICLE: u8 = 2;
pub(super) const IN_ROLE_MAIN: u8 = 4;
/// In the body and outside its chrome.
pub(super) const IN_BODY: u8 = 8;

/// References kept per page: memory stays bounded on a page of millions of
/// `<img>`, and there are still more than the writer lists (it cuts at
/// 1,000 and says so).
const MAX_REFERENCES: usize = 5 * MAX_IMAGES_PER_URL;

/// A reference longer than this cannot resolve to a URL a sitemap may list
/// (2,048 characters): it is not kept.
const MAX_REFERENCE_LEN: usize = 2 * sitemap_core::MAX_LOC_LEN;

/// The attributes [`img_reference`] looks at.
const IMG_ATTRIBUTES: [&str; 6] = [
    "data-srcset",
    "data-src",
    "srcset",
    "src",
    "width",
    "height",
];

/// The body's image read: how deep the tokenizer is inside each kind of
/// region, which kinds of main content the page has, and the references
/// found with where they were.
#[derive(Default)]
pub(super) struct Regions {
    pub(super) main: Rc<Cell<u32>>,
    pub(super) article: Rc<Cell<u32>>,
    pub(super) role_main: Rc<Cell<u32>>,
    pub(super) nav: Rc<Cell<u32>>,
    pub(super) chrome: Rc<Cell<u32>>,
    pub(super) never: Rc<Cell<u32>>,
    /// The `IN_*` bits of the main-content kinds the page has.
    pub(super) seen: Rc<Cell<u8>>,
    references: RefCell<Vec<(Result<String, Dropped>, u8)>>,
}

impl Regions {
    /// A handler counting how deep the document is inside the elements it
    /// matches, marking `kind` as seen.
    pub(super) fn count(
        depth: &Rc<Cell<u32>>,
        seen: &Rc<Cell<u8>>,
        kind: u8,
    ) -> impl FnMut(&mut Element<'_, '_>) -> HandlerResult + use<> {
        let depth = Rc::clone(depth);
        let seen = Rc::clone(seen);
        move |el: &mut Element<'_, '_>| {
            depth.set(depth.get() + 1);
            seen.set(seen.get() | kind);
            let inner = Rc::clone(&depth);
            // None of these is void; one whose end tag is missing never
            // counts back down (the rest of the page is inside it).
            if let Some(handlers) = el.end_tag_handlers() {
                handlers.push(Box::new(move |_| {
                    inner.set(inner.get().saturating_sub(1));
                    Ok(())
                }));
            }
            Ok(())
        }
    }

    /// Records the image of an `<img>` or `<picture><source>`.
    pub(super) fn element(&self, el: &Element<'_, '_>) {
        if self.never.get() > 0 || self.nav.get() > 0 {
            return;
        }
        let mut place = 0;
        for (depth, bit) in [
            (&self.main, IN_MAIN),
            (&self.article, IN_ARTICLE),
            (&self.role_main, IN_ROLE_MAIN),
        ] {
            if depth.get() > 0 {
                place |= bit;
            }
        }
        if self.chrome.get() == 0 {
            place |= IN_BODY;
        }
        let mut references = self.references.borrow_mut();
        if place & (IN_MAIN | IN_ARTICLE | IN_ROLE_MAIN | IN_BODY) == 0
            || references.len() >= MAX_REFERENCES
        {
            return;
        }
        let values: Vec<(&str, String)> = IMG_ATTRIBUTES
            .iter()
            .filter_map(|&name| attr(el, name).map(|v| (name, v)))
            .collect();
        let lookup = |name: &str| {
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.as_str())
        };
        let Some(reference) = img_reference(lookup) else {
            return;
        };
        let reference = reference.and_then(|r| {
            let r = r.trim();
            // Kept out of memory: a data: URI can be megabytes.
            if r.get(..5).is_some_and(|s| s.eq_ignore_ascii_case("data:")) {
                Err(Dropped::InlineData)
            } else if r.len() > MAX_REFERENCE_LEN {
                Err(Dropped::NotAUrl)
            } else {
                Ok(r.to_owned())
            }
        });
        references.push((reference, place));
    }

    /// The references of the page's main content, in document order.
    pub(super) fn finish(self) -> Vec<Result<String, Dropped>> {
        let seen = self.seen.get();
        let region = [IN_MAIN, IN_ARTICLE, IN_ROLE_MAIN]
            .into_iter()
            .find(|&bit| seen & bit != 0)
            .unwrap_or(IN_BODY);
        self.references
            .into_inner()
            .into_iter()
            .filter(|(_, place)| place & region != 0)
            .map(|(reference, _)| reference)
            .collect()
    }
}
