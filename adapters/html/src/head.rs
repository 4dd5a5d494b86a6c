//! Reading what a page says about itself: the `<head>`, streamed with
//! lol_html, and nothing after it, unless images are listed: then the
//! body's images too, in the same pass (see [`BodyImages`]).
//!
//! A built page is typically 20–60 KB of which the head is 2–5 KB, so the
//! reader feeds the file to the tokenizer in small chunks and stops at the
//! first start tag that cannot appear in a head: `<body>`, or any other
//! (the HTML parsing algorithm closes the head there too, so a page without
//! `<head>`/`<body>` tags is read the same way a browser reads it). It does
//! not stop at `</head>`: a `<meta>` or `<link>` between `</head>` and
//! `<body>` still belongs to the head for a browser, and `<body>` follows
//! a few bytes later anyway.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::fs::File;
use std::io::{self, Read as _};
use std::path::Path;

use std::rc::Rc;

use lol_html::html_content::{Element, TextChunk};
use lol_html::{ElementContentHandlers, HandlerResult, HtmlRewriter, Selector, Settings};
use sitemap_core::MAX_IMAGES_PER_URL;
use sitemap_pages::images::{Dropped, img_reference};

/// Bytes read at a time. One read holds a typical head (2–8 KB), so most
/// pages cost one `read` call; the tokenizer stops where the head ends,
/// wherever that falls in the chunk.
pub(crate) const CHUNK: usize = 8 * 1024;

/// How far into the first chunk to look for NUL bytes: text HTML never has
/// them, binary files (images, archives saved as `.html`) almost always do
/// near the start.
const BINARY_SNIFF: usize = 1024;

/// Where a lastmod written in the markup came from, in order of precedence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum MarkupDate {
    /// `<meta property="article:modified_time" content="…">` (Open Graph).
    ArticleModifiedTime,
    /// `<meta property="og:updated_time" content="…">` (Open Graph).
    OgUpdatedTime,
    /// `<meta name="last-modified">` or `<meta http-equiv="last-modified">`.
    LastModified,
    /// `dateModified` in a `<script type="application/ld+json">` block.
    JsonLdDateModified,
}

impl fmt::Display for MarkupDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MarkupDate::ArticleModifiedTime => "<meta property=\"article:modified_time\">",
            MarkupDate::OgUpdatedTime => "<meta property=\"og:updated_time\">",
            MarkupDate::LastModified => "<meta name=\"last-modified\">",
            MarkupDate::JsonLdDateModified => "JSON-LD dateModified",
        })
    }
}

/// What the head of one page says.
#[derive(Debug, Default)]
pub(crate) struct Head {
    /// `<html lang>`.
    pub(crate) lang: Option<String>,
    /// The first `<base href>`, against which relative links resolve.
    pub(crate) base_href: Option<String>,
    /// The `name` of the first robots meta that says noindex (or none).
    pub(crate) noindex: Option<String>,
    /// The `content` of a `<meta http-equiv="refresh">`.
    pub(crate) refresh: Option<String>,
    /// The text of the head's `<noscript>` elements, which a parser with
    /// scripting on (lol_html, a crawler that renders) reads as text; read
    /// again as markup for a refresh (see [`Head::noscript_refresh`]).
    pub(crate) noscript: String,
    /// Every `<link rel="canonical">` href, in document order.
    pub(crate) canonicals: Vec<String>,
    /// `(hreflang, href)` of every `<link rel="alternate" hreflang>`.
    pub(crate) alternates: Vec<(String, String)>,
    /// Dates written in meta tags.
    pub(crate) dates: Vec<(MarkupDate, String)>,
    /// The text of each JSON-LD block.
    pub(crate) json_ld: Vec<String>,
    /// A robots meta (of a name in `robots_names`) says `noimageindex`.
    pub(crate) noimageindex: bool,
    /// `<meta name="generator">` names this toolkit's own `sitemap.html`
    /// ([`sitemap_core::human::HTML_GENERATOR`]).
    pub(crate) own_output: bool,
    /// Every `<meta property="og:image">` content, when asked for.
    pub(crate) og_images: Vec<String>,
    /// The main content's image references in document order, when
    /// images are read (or why one lists none).
    pub(crate) images: Vec<Result<String, Dropped>>,
    /// Byte offset of the first byte that is not UTF-8, if any.
    pub(crate) invalid_utf8_at: Option<u64>,
    /// An error the tokenizer reported.
    pub(crate) html_error: Option<String>,
}

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

/// The outcome of reading one file.
#[derive(Debug)]
pub(crate) enum Read {
    /// A text page and what its head says.
    Page(Box<Head>),
    /// A NUL byte at this offset: not an HTML page whatever its name.
    Binary { at: u64 },
    /// Template source (`{% … %}`, `{{ … }}`, `{# … #}` before any
    /// markup), copied raw into the output: no page.
    Template { opening: &'static str },
    /// The file could not be opened or read.
    Unreadable(io::Error),
}

/// The template opening that starts `chunk`, after white space and a BOM:
/// Jinja, Liquid, Nunjucks, Tera, Twig and Go templates all begin a
/// directive, expression or comment so. A rendered page never starts
/// with one (the generator would have rendered it).
fn template_opening(chunk: &[u8]) -> Option<&'static str> {
    let text = chunk.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(chunk);
    let start = text.iter().position(|b| !b.is_ascii_whitespace())?;
    ["{%", "{{", "{#"]
        .into_iter()
        .find(|opening| text[start..].starts_with(opening.as_bytes()))
}

/// The compiled selectors, shared by every file a thread reads.
///
/// One selector per element of interest rather than `*`, so lol_html
/// matches tag names itself and builds an element (and calls us) only for
/// those. Few selectors, because lol_html compiles them for every page:
/// one `meta[content]` handler that looks at `name`/`http-equiv`/`property`
/// itself costs less (measured with callgrind: 17% fewer instructions per
/// page) than a selector per kind of meta.
pub(crate) struct Selectors {
    html: Selector,
    base: Selector,
    meta: Selector,
    link: Selector,
    script: Selector,
    noscript: Selector,
    /// Any element that cannot be in a head: the head is over.
    body: Selector,
    /// `<body>`: where the head ends when the whole page is read (for
    /// images). Matching every body element instead made lol_html build
    /// each one and call us: the image read cost 8× a plain read of the
    /// files instead of about 2× (`cargo xtask bench html --images`). A
    /// page with no `<body>` tag in its first chunk uses `body` instead,
    /// so its head ends where it ends without images.
    body_tag: Selector,
    images: ImageSelectors,
}

/// What the body's image read matches (compiled with the head's, used
/// only when images are read).
struct ImageSelectors {
    img: Selector,
    source: Selector,
    main: Selector,
    article: Selector,
    role_main: Selector,
    nav: Selector,
    chrome: Selector,
    never: Selector,
}

impl Selectors {
    pub(crate) fn new() -> Selectors {
        let parse = |s: &str| {
            s.parse::<Selector>()
                .unwrap_or_else(|e| panic!("selector `{s}`: {e}"))
        };
        Selectors {
            html: parse("html[lang]"),
            base: parse("base[href]"),
            meta: parse("meta[content]"),
            link: parse("link[rel][href]"),
            script: parse("script"),
            noscript: parse("noscript"),
            body: parse(
                ":not(html, head, meta, link, script, style, title, base, noscript, template)",
            ),
            body_tag: parse("body"),
            images: ImageSelectors {
                img: parse("img"),
                source: parse("picture > source"),
                main: parse("main"),
                article: parse("article"),
                role_main: parse("[role=main]"),
                nav: parse("nav"),
                chrome: parse("header, footer, aside"),
                never: parse("template"),
            },
        }
    }
}

/// Asks the kernel not to read ahead: a read of the first 8 KB would
/// otherwise pull 128 KB or more from disk, the whole page and more, when
/// the site is not in the page cache (a large site, a cold CI runner). Only
/// advice: when it fails, reading works the same.
#[cfg(target_os = "linux")]
fn no_readahead(file: &File) {
    let _ = rustix::fs::fadvise(file, 0, None, rustix::fs::Advice::Random);
}

#[cfg(not(target_os = "linux"))]
fn no_readahead(_: &File) {}

/// The error a handler returns to stop the tokenizer: the head is over.
#[derive(Debug)]
struct HeadEnd;

impl fmt::Display for HeadEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("end of head")
    }
}

impl std::error::Error for HeadEnd {}

fn head_end() -> HandlerResult {
    Err(Box::new(HeadEnd))
}

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
const IN_MAIN: u8 = 1;
const IN_ARTICLE: u8 = 2;
const IN_ROLE_MAIN: u8 = 4;
/// In the body and outside its chrome.
const IN_BODY: u8 = 8;

/// Bytes of `<noscript>` text kept from a head: a redirect stub's
/// fallback is one tag; a head's other noscripts (tracking pixels, style
/// links) are short too.
const MAX_NOSCRIPT: usize = 4 * 1024;

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
struct Regions {
    main: Rc<Cell<u32>>,
    article: Rc<Cell<u32>>,
    role_main: Rc<Cell<u32>>,
    nav: Rc<Cell<u32>>,
    chrome: Rc<Cell<u32>>,
    never: Rc<Cell<u32>>,
    /// The `IN_*` bits of the main-content kinds the page has.
    seen: Rc<Cell<u8>>,
    references: RefCell<Vec<(Result<String, Dropped>, u8)>>,
}

impl Regions {
    /// A handler counting how deep the document is inside the elements it
    /// matches, marking `kind` as seen.
    fn count(
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
    fn element(&self, el: &Element<'_, '_>) {
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
    fn finish(self) -> Vec<Result<String, Dropped>> {
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

/// Reads the head of `path`, and with `images` the body's images too.
/// `buf` is the caller's read buffer, reused from page to page (zeroing
/// a fresh one for every page showed up in profiles).
pub(crate) fn read<'s>(
    path: &Path,
    selectors: &'s Selectors,
    robots_names: &[String],
    images: Option<BodyImages>,
    buf: &mut Vec<u8>,
) -> Read {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // The walk skips special files; one that replaced a page since (a
    // FIFO) must not block the scan. No effect on a regular file.
    #[cfg(target_os = "linux")]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut options,
        rustix::fs::OFlags::NONBLOCK.bits() as i32,
    );
    let mut file = match options.open(path) {
        Ok(f) => f,
        Err(e) => return Read::Unreadable(e),
    };
    no_readahead(&file);
    let head = RefCell::new(Head::default());
    let in_json_ld = Cell::new(false);
    // Only with images does the read go past the head; the head's
    // handlers then ignore what they match in the body.
    let in_head = Cell::new(true);
    let og_image = images.is_some_and(|i| i.og_image);

    let html = |el: &mut Element<'_, '_>| -> HandlerResult {
        if let Some(lang) = attr(el, "lang") {
            head.borrow_mut().lang.get_or_insert(lang);
        }
        Ok(())
    };
    let base = |el: &mut Element<'_, '_>| -> HandlerResult {
        if in_head.get()
            && let Some(href) = attr(el, "href")
        {
            head.borrow_mut().base_href.get_or_insert(href);
        }
        Ok(())
    };
    let meta_tag = |el: &mut Element<'_, '_>| -> HandlerResult {
        if in_head.get() {
            meta(el, &mut head.borrow_mut(), robots_names, og_image);
        }
        Ok(())
    };
    let link_tag = |el: &mut Element<'_, '_>| -> HandlerResult {
        if in_head.get() {
            link(el, &mut head.borrow_mut());
        }
        Ok(())
    };
    let script = |el: &mut Element<'_, '_>| -> HandlerResult {
        let json_ld = in_head.get()
            && attr(el, "type")
                .is_some_and(|ty| ty.trim().eq_ignore_ascii_case("application/ld+json"));
        in_json_ld.set(json_ld);
        if json_ld {
            head.borrow_mut().json_ld.push(String::new());
        }
        Ok(())
    };
    let script_text = |t: &mut TextChunk<'_>| -> HandlerResult {
        if in_json_ld.get() {
            if let Some(block) = head.borrow_mut().json_ld.last_mut() {
                block.push_str(t.as_str());
            }
            if t.last_in_text_node() {
                in_json_ld.set(false);
            }
        }
        Ok(())
    };
    // lol_html reads `<noscript>` content as text, as a browser or crawler
    // with scripting on does, so a tracking pixel's `<img>` in the head
    // never reaches the handlers; the text is kept for its refresh.
    let noscript_text = |t: &mut TextChunk<'_>| -> HandlerResult {
        if in_head.get() {
            let mut head = head.borrow_mut();
            if head.noscript.len() < MAX_NOSCRIPT {
                head.noscript.push_str(t.as_str());
            }
        }
        Ok(())
    };
    let body = |_: &mut Element<'_, '_>| -> HandlerResult {
        if images.is_none() {
            return head_end();
        }
        in_head.set(false);
        Ok(())
    };
    let regions = Regions::default();
    let image = |el: &mut Element<'_, '_>| -> HandlerResult {
        regions.element(el);
        Ok(())
    };

    buf.resize(CHUNK, 0);
    let first = loop {
        match file.read(buf) {
            Ok(n) => break n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Read::Unreadable(e),
        }
    };
    // With images the head's handlers stop at `<body>` rather than at the
    // first element that cannot be in a head (matching every body element
    // costs 4× the read, see `Selectors::body_tag`). A page with no
    // `<body>` tag near its start (a redirect stub, a bare page) is read
    // as without images, so that whether a page is one (a robots meta
    // after its first `<p>` is body markup) never depends on `images`:
    // `validate --site` reads without them.
    let head_ends_at_body_tag = images.is_some() && has_body_tag(&buf[..first]);
    let on = |selector: &'s Selector, handlers| (Cow::Borrowed(selector), handlers);
    let mut settings = Settings::new()
        .with_strict(false)
        .append_element_content_handler(on(
            if head_ends_at_body_tag {
                &selectors.body_tag
            } else {
                &selectors.body
            },
            ElementContentHandlers::default().element(body),
        ))
        .append_element_content_handler(on(
            &selectors.html,
            ElementContentHandlers::default().element(html),
        ))
        .append_element_content_handler(on(
            &selectors.base,
            ElementContentHandlers::default().element(base),
        ))
        .append_element_content_handler(on(
            &selectors.meta,
            ElementContentHandlers::default().element(meta_tag),
        ))
        .append_element_content_handler(on(
            &selectors.link,
            ElementContentHandlers::default().element(link_tag),
        ))
        .append_element_content_handler(on(
            &selectors.script,
            ElementContentHandlers::default()
                .element(script)
                .text(script_text),
        ))
        .append_element_content_handler(on(
            &selectors.noscript,
            ElementContentHandlers::default().text(noscript_text),
        ));
    if images.is_some() {
        let sel = &selectors.images;
        let r = &regions;
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
        settings = settings
            .append_element_content_handler(on(
                &sel.img,
                ElementContentHandlers::default().element(image),
            ))
            .append_element_content_handler(on(
                &sel.source,
                ElementContentHandlers::default().element(image),
            ));
    }
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});

    let mut offset: u64 = 0;
    // Bytes of a UTF-8 sequence cut by the chunk boundary.
    let mut carry: Vec<u8> = Vec::new();
    let mut invalid_utf8_at = None;
    let mut html_error = None;
    let mut pending = Some(first);
    loop {
        let n = match pending.take() {
            Some(n) => n,
            None => match file.read(buf) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Read::Unreadable(e),
            },
        };
        if n == 0 {
            break;
        }
        let chunk = &buf[..n];
        if offset == 0 {
            let sniff = &chunk[..chunk.len().min(BINARY_SNIFF)];
            if let Some(i) = sniff.iter().position(|&b| b == 0) {
                return Read::Binary { at: i as u64 };
            }
            if let Some(opening) = template_opening(chunk) {
                return Read::Template { opening };
            }
        }
        if invalid_utf8_at.is_none() {
            invalid_utf8_at = check_utf8(&mut carry, chunk, offset);
        }
        offset += n as u64;
        match rewriter.write(chunk) {
            Ok(()) => {}
            Err(lol_html::errors::RewritingError::ContentHandlerError(e)) if e.is::<HeadEnd>() => {
                drop(rewriter);
                return finish(head, None, invalid_utf8_at, None);
            }
            Err(e) => {
                html_error = Some(e.to_string());
                break;
            }
        }
    }
    if html_error.is_some() {
        drop(rewriter);
    } else if let Err(e) = rewriter.end() {
        let stopped = matches!(&e, lol_html::errors::RewritingError::ContentHandlerError(e) if e.is::<HeadEnd>());
        if !stopped {
            html_error = Some(e.to_string());
        }
    }
    if invalid_utf8_at.is_none() && !carry.is_empty() {
        invalid_utf8_at = Some(offset - carry.len() as u64);
    }
    let regions = images.map(|_| regions);
    finish(head, regions, invalid_utf8_at, html_error)
}

fn finish(
    head: RefCell<Head>,
    regions: Option<Regions>,
    invalid_utf8_at: Option<u64>,
    html_error: Option<String>,
) -> Read {
    let mut head = head.into_inner();
    if let Some(regions) = regions {
        head.images = regions.finish();
    }
    head.invalid_utf8_at = invalid_utf8_at;
    head.html_error = html_error;
    Read::Page(Box::new(head))
}

/// Whether `chunk` holds a `<body` start tag (any case).
fn has_body_tag(chunk: &[u8]) -> bool {
    chunk
        .windows(5)
        .any(|w| w[0] == b'<' && w[1..].eq_ignore_ascii_case(b"body"))
}

/// Checks `chunk` (after the `carry` left by the previous one) and returns
/// the file offset of the first byte that is not UTF-8.
fn check_utf8(carry: &mut Vec<u8>, chunk: &[u8], offset: u64) -> Option<u64> {
    let start = offset - carry.len() as u64;
    let joined;
    let bytes: &[u8] = if carry.is_empty() {
        chunk
    } else {
        joined = [carry.as_slice(), chunk].concat();
        &joined
    };
    match std::str::from_utf8(bytes) {
        Ok(_) => {
            carry.clear();
            None
        }
        // A sequence cut at the end of the chunk: keep it for the next one.
        Err(e) if e.error_len().is_none() => {
            let tail = bytes[e.valid_up_to()..].to_vec();
            *carry = tail;
            None
        }
        Err(e) => Some(start + e.valid_up_to() as u64),
    }
}

fn meta(el: &Element<'_, '_>, head: &mut Head, robots_names: &[String], og_image: bool) {
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

fn link(el: &Element<'_, '_>, head: &mut Head) {
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
pub(crate) fn says_noindex(content: &str) -> bool {
    content
        .split(|c: char| c == ',' || c.is_whitespace())
        .any(|t| t.eq_ignore_ascii_case("noindex") || t.eq_ignore_ascii_case("none"))
}

/// Whether a robots meta `content` forbids indexing the page's images:
/// Google's `noimageindex`, the one convention pages already write for
/// it, read like `noindex`.
pub(crate) fn says_noimageindex(content: &str) -> bool {
    content
        .split(|c: char| c == ',' || c.is_whitespace())
        .any(|t| t.eq_ignore_ascii_case("noimageindex"))
}

/// An attribute's value with its character references decoded: lol_html
/// gives the value as written, and generators write `+` as `&#43;` (Hugo's
/// dates) and `&` as `&amp;` (query strings in URLs).
fn attr(el: &Element<'_, '_>, name: &str) -> Option<String> {
    el.get_attribute(name).map(|v| {
        if v.contains('&') {
            decode_references(&v)
        } else {
            v
        }
    })
}

/// Decodes numeric character references (`&#43;`, `&#x2B;`) and the named
/// ones that occur in URLs, dates and language tags (`&amp;`, `&lt;`,
/// `&gt;`, `&quot;`, `&apos;`, `&nbsp;`). Other named references are kept
/// as written: the full table has over two thousand names, none of which
/// a generator writes into these attributes.
pub(crate) fn decode_references(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let (decoded, used) = reference(rest);
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[used..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character a reference at the start of `s` (which starts with `&`)
/// stands for, and how many bytes it takes.
fn reference(s: &str) -> (Option<char>, usize) {
    let body = &s[1..];
    if let Some(num) = body.strip_prefix('#') {
        let (digits, radix, prefix) = match num.strip_prefix(['x', 'X']) {
            Some(hex) => (hex, 16, 2),
            None => (num, 10, 1),
        };
        let len = digits
            .find(|c: char| !c.is_digit(radix))
            .unwrap_or(digits.len());
        if len == 0 {
            return (None, 0);
        }
        let semicolon = usize::from(digits[len..].starts_with(';'));
        let c = u32::from_str_radix(&digits[..len], radix)
            .ok()
            .and_then(char::from_u32)
            .filter(|&c| c != '\0')
            .unwrap_or(char::REPLACEMENT_CHARACTER);
        return (Some(c), 1 + prefix + len + semicolon);
    }
    const NAMED: [(&str, char); 6] = [
        ("amp;", '&'),
        ("lt;", '<'),
        ("gt;", '>'),
        ("quot;", '"'),
        ("apos;", '\''),
        ("nbsp;", '\u{a0}'),
    ];
    for (name, c) in NAMED {
        if body.starts_with(name) {
            return (Some(c), 1 + name.len());
        }
    }
    (None, 0)
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn character_references_in_attributes() {
        assert_eq!(
            decode_references("2024-01-01T00:00:00&#43;00:00"),
            "2024-01-01T00:00:00+00:00"
        );
        assert_eq!(
            decode_references("/a?x=1&amp;y=2&#x2B;&#X2b"),
            "/a?x=1&y=2++"
        );
        assert_eq!(
            decode_references("&quot;&lt;&gt;&apos;&nbsp;"),
            "\"<>'\u{a0}"
        );
        assert_eq!(
            decode_references("a & b &unknown; &#;"),
            "a & b &unknown; &#;"
        );
        assert_eq!(decode_references("&#0;&#x110000;"), "\u{fffd}\u{fffd}");
    }

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

    #[test]
    fn utf8_sequence_cut_by_a_chunk_boundary_is_valid() {
        let text = "caf\u{e9}!".as_bytes();
        let (a, b) = text.split_at(4);
        let mut carry = Vec::new();
        assert_eq!(check_utf8(&mut carry, a, 0), None);
        assert_eq!(carry, vec![0xc3]);
        assert_eq!(check_utf8(&mut carry, b, 4), None);
        assert!(carry.is_empty());
        let mut carry = Vec::new();
        assert_eq!(check_utf8(&mut carry, b"ab\xffcd", 100), Some(102));
    }
}
