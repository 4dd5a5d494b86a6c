//! The compiled lol_html selectors: which elements of a page the reader
//! is called for. Compiled once per walker thread (or [`PageReader`]) and
//! shared by every file it reads: lol_html takes them by reference.
//!
//! [`PageReader`]: crate::PageReader

use lol_html::Selector;

/// The compiled selectors, shared by every file a thread reads.
///
/// One selector per element of interest rather than `*`, so lol_html
/// matches tag names itself and builds an element (and calls us) only for
/// those. Few selectors, because lol_html compiles them for every page:
/// one `meta[content]` handler that looks at `name`/`http-equiv`/`property`
/// itself costs less (measured with callgrind: 17% fewer instructions per
/// page) than a selector per kind of meta.
pub(crate) struct Selectors {
    /// Every element: a head-only read dispatches on the tag name itself
    /// (see `PageHandlers::head_element`).
    pub(super) any: Selector,
    pub(super) html: Selector,
    pub(super) base: Selector,
    pub(super) meta: Selector,
    pub(super) link: Selector,
    pub(super) script: Selector,
    pub(super) noscript: Selector,
    /// Any element that cannot be in a head: the head is over (with
    /// images, on a page with no `<body>` tag near its start; a head-only
    /// read checks tag names itself through `any`).
    pub(super) body: Selector,
    /// `<body>`: where the head ends when the whole page is read (for
    /// images). Matching every body element instead made lol_html build
    /// each one and call us: the image read cost 8× a plain read of the
    /// files instead of about 2× (`cargo xtask bench html --images`). A
    /// page with no `<body>` tag in its first chunk uses `body` instead,
    /// so its head ends where it ends without images.
    pub(super) body_tag: Selector,
    pub(super) images: ImageSelectors,
}

/// What the body's image read matches (compiled with the head's, used
/// only when images are read).
pub(super) struct ImageSelectors {
    pub(super) img: Selector,
    pub(super) source: Selector,
    pub(super) main: Selector,
    pub(super) article: Selector,
    pub(super) role_main: Selector,
    pub(super) nav: Selector,
    pub(super) chrome: Selector,
    pub(super) never: Selector,
}

impl Selectors {
    pub(crate) fn new() -> Selectors {
        let parse = |s: &str| {
            s.parse::<Selector>()
                .unwrap_or_else(|e| panic!("selector `{s}`: {e}"))
        };
        Selectors {
            any: parse("*"),
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
