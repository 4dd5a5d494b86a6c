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
//!
//! The reader, step by step, each in its file:
//! - [`bytes`]: open the file, read 8 KB chunks (the first a cached
//!   read, or one without readahead: `sitemap_pages::head_read`), tell
//!   binary files and template source from pages by the first chunk,
//!   find the first byte that is not UTF-8;
//! - [`selectors`]: the elements the tokenizer calls us for, compiled
//!   once per thread;
//! - [`handlers`]: what each matched element does to the [`Head`], and
//!   where the head ends;
//! - [`tags`]: the rules of the head's tags (robots, generator, refresh
//!   and date metas, canonical and hreflang links, the refresh a script
//!   redirect keeps in its `<noscript>`);
//! - [`attributes`]: attribute values with their character references
//!   decoded;
//! - [`images`]: the body's images, when they are listed.

use std::fmt;
use std::fs::File;
use std::io;
use std::path::Path;

use lol_html::{HtmlRewriter, OutputSink};
use sitemap_pages::images::Dropped;

mod attributes;
mod bytes;
mod handlers;
mod images;
mod selectors;
mod tags;

pub(crate) use self::attributes::decode_references;
pub(crate) use self::bytes::CHUNK;
pub(crate) use self::images::BodyImages;
pub(crate) use self::selectors::Selectors;

use self::handlers::{PageHandlers, is_head_end};

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

/// Reads the head of `path`, and with `images` the body's images too.
/// `buf` is the caller's read buffer, reused from page to page (zeroing
/// a fresh one for every page showed up in profiles).
pub(crate) fn read(
    path: &Path,
    selectors: &Selectors,
    robots_names: &[String],
    images: Option<BodyImages>,
    buf: &mut Vec<u8>,
) -> Read {
    let file = match bytes::open(path) {
        Ok(f) => f,
        Err(e) => return Read::Unreadable(e),
    };
    buf.resize(CHUNK, 0);
    let first = match bytes::read_first_chunk(&file, buf) {
        Ok(n) => n,
        Err(e) => return Read::Unreadable(e),
    };
    if let Some(not_a_page) = bytes::not_a_page(&buf[..first]) {
        return not_a_page;
    }
    // With images the head's handlers stop at `<body>` rather than at the
    // first element that cannot be in a head (matching every body element
    // costs 4× the read, see `Selectors::body_tag`). A page with no
    // `<body>` tag near its start (a redirect stub, a bare page) is read
    // as without images, so that whether a page is one (a robots meta
    // after its first `<p>` is body markup) never depends on `images`:
    // `validate --site` reads without them.
    let head_ends_at_body_tag = images.is_some() && bytes::has_body_tag(&buf[..first]);
    let page = PageHandlers::new(robots_names, images);
    let rewriter = HtmlRewriter::new(
        page.settings(selectors, head_ends_at_body_tag),
        |_: &[u8]| {},
    );
    match feed(rewriter, &file, buf, first) {
        Fed::HeadEnd { invalid_utf8_at } => page.finish(false, invalid_utf8_at, None),
        Fed::End {
            invalid_utf8_at,
            html_error,
        } => page.finish(images.is_some(), invalid_utf8_at, html_error),
        Fed::Binary { at } => Read::Binary { at },
        Fed::Unreadable(e) => Read::Unreadable(e),
    }
}

/// How feeding the file to the tokenizer ended.
enum Fed {
    /// A handler stopped it where the head ends.
    HeadEnd {
        invalid_utf8_at: Option<u64>,
    },
    /// The end of the file, or markup the tokenizer rejects.
    End {
        invalid_utf8_at: Option<u64>,
        html_error: Option<String>,
    },
    /// A NUL byte at this offset, in a chunk after the first (whose NULs
    /// `bytes::not_a_page` found): no page.
    Binary {
        at: u64,
    },
    Unreadable(io::Error),
}

/// Feeds the file to `rewriter` chunk by chunk, `buf[..first]` first,
/// checking the bytes are UTF-8 on the way.
fn feed<O: OutputSink>(
    mut rewriter: HtmlRewriter<'_, O>,
    file: &File,
    buf: &mut [u8],
    first: usize,
) -> Fed {
    let mut offset: u64 = 0;
    // Bytes of a UTF-8 sequence cut by the chunk boundary.
    let mut carry: Vec<u8> = Vec::new();
    let mut invalid_utf8_at = None;
    let mut html_error = None;
    let mut n = first;
    while n > 0 {
        let chunk = &buf[..n];
        if offset > 0
            && let Some(i) = bytes::nul_at(chunk)
        {
            return Fed::Binary {
                at: offset + i as u64,
            };
        }
        if invalid_utf8_at.is_none() {
            invalid_utf8_at = bytes::check_utf8(&mut carry, chunk, offset);
        }
        offset += n as u64;
        match rewriter.write(chunk) {
            Ok(()) => {}
            Err(e) if is_head_end(&e) => return Fed::HeadEnd { invalid_utf8_at },
            Err(e) => {
                html_error = Some(e.to_string());
                break;
            }
        }
        n = match bytes::read_chunk(file, buf, offset) {
            Ok(n) => n,
            Err(e) => return Fed::Unreadable(e),
        };
    }
    if html_error.is_none()
        && let Err(e) = rewriter.end()
        && !is_head_end(&e)
    {
        html_error = Some(e.to_string());
    }
    if invalid_utf8_at.is_none() && !carry.is_empty() {
        invalid_utf8_at = Some(offset - carry.len() as u64);
    }
    Fed::End {
        invalid_utf8_at,
        html_error,
    }
}
