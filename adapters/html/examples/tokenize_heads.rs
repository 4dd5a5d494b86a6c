//! The floor of a head-only scan of built HTML with lol_html: the same
//! parallel walk as the scan, each `.html` file opened and read in the
//! scan's 8 KB chunks, and fed to lol_html with one handler on every
//! element that stops the tokenizer at the first element a head cannot
//! hold, as the scan's does. Nothing is read from the elements, nothing
//! is kept. `cargo xtask bench html` times it beside the scan (and
//! `read_heads`, which reads the first 4 KB and tokenizes nothing): what
//! the scan spends above it is ours, what it spends below is the walk,
//! the reads and the tokenizer.
//!
//! `tokenize_heads DIR` prints the number of pages and of bytes fed.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use ignore::{WalkBuilder, WalkState};
use lol_html::errors::RewritingError;
use lol_html::{ElementContentHandlers, HtmlRewriter, Selector, Settings};

// As in the `sitemap` binary and the `scan_html` example.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The scan's chunk.
const CHUNK: usize = 8 * 1024;

/// What the handler returns to stop the tokenizer.
#[derive(Debug)]
struct HeadEnd;

impl std::fmt::Display for HeadEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the head is over")
    }
}

impl std::error::Error for HeadEnd {}

fn main() {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .expect("usage: tokenize_heads DIR");
    let pages = AtomicU64::new(0);
    let bytes = AtomicU64::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(8));
    let any: Selector = "*".parse().expect("a selector");
    WalkBuilder::new(&dir)
        .standard_filters(false)
        .follow_links(true)
        .threads(threads)
        .build_parallel()
        .run(|| {
            let (pages, bytes, any) = (&pages, &bytes, &any);
            let mut buf = vec![0_u8; CHUNK];
            Box::new(move |entry| {
                let Ok(entry) = entry else {
                    return WalkState::Continue;
                };
                let path = entry.path();
                if !entry.file_type().is_some_and(|t| t.is_file())
                    || path.extension().is_none_or(|e| e != "html")
                {
                    return WalkState::Continue;
                }
                let file = std::fs::File::open(path).expect("cannot open a page");
                let fed = tokenize_head(&file, any, &mut buf).expect("cannot read a page");
                pages.fetch_add(1, Ordering::Relaxed);
                bytes.fetch_add(fed, Ordering::Relaxed);
                WalkState::Continue
            })
        });
    println!(
        "{} pages, {} bytes fed",
        pages.load(Ordering::Relaxed),
        bytes.load(Ordering::Relaxed)
    );
}

/// Stops the tokenizer at the first element a head cannot hold.
fn stop_at_body(el: &mut lol_html::html_content::Element<'_, '_>) -> lol_html::HandlerResult {
    match el.tag_name().as_str() {
        "html" | "head" | "base" | "meta" | "link" | "script" | "style" | "title" | "noscript"
        | "template" => Ok(()),
        _ => Err(Box::new(HeadEnd)),
    }
}

/// Feeds `file` to lol_html chunk by chunk until an element that is not
/// a head's; the bytes fed.
fn tokenize_head(file: &std::fs::File, any: &Selector, buf: &mut [u8]) -> io::Result<u64> {
    // Not strict, as the scan: real pages break the spec's rules.
    let settings = Settings::new()
        .with_strict(false)
        .append_element_content_handler((
            std::borrow::Cow::Borrowed(any),
            ElementContentHandlers::default().element(stop_at_body),
        ));
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    let mut offset = 0_u64;
    loop {
        let n = if offset == 0 {
            sitemap_pages::head_read::read_first(file, buf)?
        } else {
            sitemap_pages::head_read::read_at(file, buf, offset)?
        };
        if n == 0 {
            let _ = rewriter.end();
            return Ok(offset);
        }
        offset += n as u64;
        match rewriter.write(&buf[..n]) {
            Ok(()) => {}
            Err(RewritingError::ContentHandlerError(_)) => return Ok(offset),
            Err(e) => return Err(io::Error::other(e.to_string())),
        }
    }
}
