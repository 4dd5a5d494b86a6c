//! Built HTML directories as a sitemap source: whatever generator wrote
//! them (Jekyll, Eleventy, Astro, Hugo, mdBook, hand-written pages), the
//! built output is what is published, so it is the truth of what a sitemap
//! should list.
//!
//! [`scan`] walks a directory in parallel and reads only the `<head>` of
//! each `.html`/`.htm` file (streamed with lol_html; reading stops at
//! `<body>` or the first other element that cannot be in a head, a few
//! bytes after `</head>`). A
//! page's URL is its path under the directory joined to the base URL,
//! `dir/index.html` giving `dir/` by default ([`TrailingSlash`]), unless
//! the page declares its own URL in another form hosts serve it under (its
//! canonical, else the hreflang alternate that is the page itself):
//! `guide/intro.html` declaring `…/guide/intro`, `x/index.html` declaring
//! `…/x`, Sphinx's `index.html` declaring `…/index.html` are listed so, as
//! the generators' own sitemaps list them.
//!
//! Left out, each with its reason in [`HtmlScan::excluded`]:
//! - `<meta name="robots" content="noindex">` (also `none`, any case, any
//!   order; also the `googlebot` and `bingbot` names, see
//!   [`HtmlOptions::robots_names`]);
//! - `<meta http-equiv="refresh" content="0; url=…">` redirect stubs, also
//!   when the refresh sits in the head's `<noscript>` as the fallback of a
//!   script redirect (Zola 0.22's alias pages): a crawler that runs the
//!   script is redirected by it, one that does not by the refresh;
//! - `404.html`, in any folder;
//! - a generator's search page (`search_page`): MkDocs' `search.html`
//!   whose `#mkdocs-search-results` box (outside the `mkdocs` theme's
//!   search dialog) its search script fills, a form with no content that
//!   MkDocs leaves out of its own sitemap; only files of that name are
//!   read past the head;
//! - the `sitemap.html` this toolkit writes (its `<meta name="generator">`
//!   is [`sitemap_core::human::HTML_GENERATOR`]): a run's own output;
//! - mdBook's root `index.html` (its script sets `path_to_root`) when it
//!   is a byte copy of another listed page (the first chapter), which is
//!   listed instead;
//! - pages whose `<link rel="canonical">` names another URL: the canonical
//!   URL is listed instead, once, when it lies under the base URL, a file
//!   of the site answers for it ([`files`], the rule `validate --site`
//!   maps locs with) and that file is not left out; a canonical naming a
//!   URL no file answers for (a 404 on a static host, a canonical search
//!   engines ignore: a stale one after a rename) lists the page under its
//!   own URL with a [`WarningKind::CanonicalTargetMissing`] warning; in a
//!   canonical cycle (`x` → `y` → `x`) the target of the first page by
//!   path is listed under its own URL, with a
//!   [`WarningKind::CanonicalCycle`] warning. When most pages' canonicals
//!   lie outside the base URL, that is a base-URL mismatch, not
//!   duplicates: they are listed under their own URLs and one
//!   [`WarningKind::BaseUrlMismatch`] names the count, an example and the
//!   base URL the canonicals imply;
//! - files matching [`HtmlOptions::exclude`] globs; binary files;
//! - template source copied raw into the output (a file starting with
//!   `{%`, `{{` or `{#`: MkDocs copies a theme `custom_dir` inside
//!   `docs_dir` so), which the generator's own sitemap never lists.
//!
//! A folder or page that cannot be read is an error ([`Error::Unreadable`],
//! every one named), unless an exclude pattern leaves it out: its pages
//! would otherwise vanish from the sitemap without a word.
//!
//! `<link rel="alternate" hreflang="…">` links become the entry's
//! alternates (`x-default` included), with the page itself added from
//! `<html lang>` when it does not list itself; an alternate that does not
//! link back is a [`WarningKind::OneWayHreflang`] warning.
//!
//! [`PageReader`] reads single pages with the same reader and rules, each
//! judged at a URL the caller gives ([`Indexing`]), and [`files`] maps a
//! URL to the files that answer for it: what `sitemap validate --site`
//! uses to check a sitemap's `loc`s against the pages they name, so the
//! scan and the check cannot disagree about what a page is.
//!
//! With [`HtmlOptions::images`] (`images = true`), each entry lists the
//! images of its page's main content, read in the same lol_html pass
//! (which then goes on past the head to the end of the file, in 8 KB
//! chunks: memory is bounded by the chunk and the largest tag, and at
//! most 5,000 references a page are kept): `<img>` (lazy loaders'
//! `data-srcset`/`data-src`, else `srcset`'s largest candidate, else
//! `src`) and each `<picture><source>`'s largest candidate, inside the
//! `<main>` elements, else every `<article>`, else `[role=main]`, else the
//! `<body>` less `<header>`, `<footer>` and `<aside>`; never inside a
//! `<nav>`, a `<template>` or a `<noscript>` (read as text, as with
//! scripting on). References resolve against the page's URL or its
//! `<base href>` by `sitemap_pages::images` rules: `data:` URIs, 1×1
//! pixels, other hosts than the site's and `image-hosts`, and repeats are
//! left out and counted ([`HtmlScan::images`]). `og:image` is listed
//! first with [`HtmlOptions::og_image`]. A page whose robots meta says
//! `noimageindex` (Google's directive, the per-page switch pages already
//! write) lists none. Without images nothing past the head is read.
//!
//! `lastmod` comes from the page's markup (`article:modified_time`,
//! `og:updated_time`, `<meta name="last-modified">`, then the newest JSON-LD
//! `dateModified` in the head), else from [`HtmlOptions::source_lastmod`]
//! when the caller maps pages back to their sources ([`SourceMirror`] does
//! it for trees whose URLs follow their paths, with `sitemap-pages`'s
//! front matter and git precedence), else none. Never from
//! the built file's mtime: that is when the site was built, not when the
//! page changed.
//!
//! Choices, and why:
//! - `.gitignore` and `.ignore` files are not honoured: built output is
//!   usually itself ignored by the source repository (`public/`), and a
//!   parent's rule would hide the whole site. Hidden files and folders
//!   (`.git`, `.well-known`) are skipped ([`HtmlOptions::hidden`]);
//!   symbolic links are not followed ([`HtmlOptions::follow_links`]).
//! - Only the head counts: a robots meta or JSON-LD block in the body is
//!   not read (crawlers honour robots metas in the head; reading bodies
//!   would read the whole site), also when images have the body read. `<noscript>` content in the head does not
//!   end it (a tracking pixel's `<img>`), as when crawlers parse with
//!   scripting on.
//! - A redirect stub that is also noindex (Hugo aliases are both) is
//!   reported as a redirect stub.
//! - Invalid UTF-8 is a warning with the byte offset and the page is still
//!   listed (its URL comes from its path); a NUL byte in the first KB
//!   makes the file binary and leaves it out.
//! - Attribute values have their character references decoded (`&#43;`,
//!   `&amp;`, …): Hugo writes `+` in dates as `&#43;`.
//! - Results are deterministic: files are taken in byte order of their
//!   paths whatever the thread timing, entries sorted by `loc`.
//!
//! The crate, file by file:
//! - `scan.rs`, `scan/`: the directory scan: `walk.rs` reads every page
//!   on several threads; `resolve.rs` places the records in path order;
//!   `canonical.rs` resolves pages whose canonical is elsewhere;
//!   `whole_site.rs` runs the checks that need every page placed;
//! - `head.rs`, `head/`: one page's read: `bytes.rs` (open, chunks,
//!   binary and template sniffing, UTF-8), `selectors.rs` (compiled once
//!   per thread), `handlers.rs` (what each matched element does),
//!   `tags.rs` (the rules of metas and links), `attributes.rs` (character
//!   references), `images.rs` (the body's images);
//! - `page.rs`: what a page's head makes of it (listed, noindex, a
//!   redirect stub, canonical elsewhere) and at which URL; `dates.rs`
//!   its lastmod; `search_page.rs` a generator's search page;
//!   `main_text.rs` the text a reader sees change; `detect.rs` a built
//!   site told from a source tree; `description.rs` a page's meta
//!   description (for llms.txt);
//! - `reader.rs`: [`PageReader`], single pages by the same rules;
//!   [`files`]: a URL's files; `source.rs`: [`SourceMirror`];
//! - `options.rs`, `report.rs`: what a scan is given and gives back.
//!
//! ```
//! use sitemap_html::{HtmlOptions, scan};
//!
//! let dir = tempfile::tempdir()?;
//! std::fs::create_dir(dir.path().join("blog"))?;
//! std::fs::write(dir.path().join("index.html"), "<html><head><title>Home</title></head><body>hi</body></html>")?;
//! std::fs::write(
//!     dir.path().join("blog/index.html"),
//!     r#"<html><head><meta property="article:modified_time" content="2024-05-01T10:30:00+02:00"></head></html>"#,
//! )?;
//! std::fs::write(dir.path().join("404.html"), "<h1>Not found</h1>")?;
//!
//! let found = scan(dir.path(), &HtmlOptions::new("https://example.org/".parse()?))?;
//! let locs: Vec<&str> = found.urls.iter().map(|u| u.loc.as_str()).collect();
//! assert_eq!(locs, ["https://example.org/", "https://example.org/blog/"]);
//! assert_eq!(found.urls[1].lastmod.as_ref().map(|l| l.to_string()).as_deref(), Some("2024-05-01T10:30:00+02:00"));
//! assert_eq!(found.summary(), "2 pages listed; 1 left out (1 404 page); 0 warnings");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};

use thiserror::Error;

mod built;
mod dates;
mod description;
mod detect;
pub mod files;
mod head;
mod main_text;
mod options;
mod page;
mod reader;
mod report;
mod scan;
mod search_page;
mod source;

pub use crate::built::{BuiltFiles, Skip, built_files};
pub use crate::description::meta_description;
pub use crate::detect::looks_like_built_html;
pub use crate::head::MarkupDate;
pub use crate::main_text::main_text;
pub use crate::options::{BuiltPage, HtmlOptions, SourceLastmod, TrailingSlash};
pub use crate::reader::{Indexing, PageHead, PageRead, PageReader};
pub use crate::report::{HtmlScan, LeftOut, Reason, Warning, WarningKind};
pub use crate::source::SourceMirror;
pub use sitemap_pages::pipeline::SourceConfig;

/// Why a scan could not run at all. Problems with single files are not
/// errors: they are [`LeftOut`] entries or [`Warning`]s of the scan.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// The directory to scan does not exist or is not a directory.
    #[error("{}: not a directory; expected the folder a static site generator built (public/, _site/, dist/, book/)", path.display())]
    NotADirectory {
        /// What was given.
        path: PathBuf,
    },
    /// An exclude pattern is not a valid glob.
    #[error("exclude pattern `{pattern}`: {source}")]
    Glob {
        /// The pattern.
        pattern: String,
        /// globset's explanation.
        source: globset::Error,
    },
    /// The base URL cannot be made a folder URL.
    #[error("base URL: {error}")]
    BaseUrl {
        /// Why.
        error: sitemap_core::ValueError,
    },
    /// Folders or pages of the site that could not be read (and are not
    /// excluded): their pages would be missing from the sitemap. Every one
    /// is named, sorted by path.
    #[error("{}", unreadable_message(files))]
    Unreadable {
        /// Each path and what the system said.
        files: Vec<(PathBuf, String)>,
    },
}

fn unreadable_message(files: &[(PathBuf, String)]) -> String {
    let mut lines: Vec<String> = files
        .iter()
        .map(|(path, error)| format!("{}: cannot read: {error}", path.display()))
        .collect();
    lines.push(match files.len() {
        1 => "1 file or folder of the built site could not be read; fix its permissions or leave it out with an `exclude` pattern".to_owned(),
        n => format!("{n} files or folders of the built site could not be read; fix their permissions or leave them out with an `exclude` pattern"),
    });
    lines.join("\nerror: ")
}

/// Scans the built site in `dir`, published at `options.base_url`.
///
/// The result is the same for the same files whatever the number of
/// threads: entries are sorted by `loc`, and every "first" (duplicate URLs,
/// canonical targets) means first by path.
///
/// # Errors
///
/// When `dir` is not a directory or an exclude glob does not parse, and
/// [`Error::Unreadable`] naming every folder or page that could not be
/// read (unless an exclude pattern leaves it out).
pub fn scan(dir: &Path, options: &HtmlOptions) -> Result<HtmlScan, Error> {
    scan::scan(dir, options)
}
