//! Sitemaps for people: an XSL stylesheet that shows `sitemap.xml` as a
//! table in a browser, and a plain `sitemap.html` page for visitors; and
//! for language models, `llms.txt` (`llms.rs`, [`write_llms_txt`]).
//!
//! Both are text written over [`Write`]; finding titles (front matter,
//! Markdown headings, HTML `<title>`) and writing files beside the sitemap
//! is the adapters' job.
//!
//! ```
//! use sitemap_core::Loc;
//! use sitemap_core::human::{HtmlPage, PageEntry, write_html_page};
//!
//! let base = Loc::parse("https://example.org/")?;
//! let entries = vec![
//!     PageEntry::new(base.join("blog/first/")?, "First post"),
//!     PageEntry::new(base.join("blog/")?, "Blog"),
//!     PageEntry::new(base.clone(), "Home"),
//! ];
//! let mut out = Vec::new();
//! write_html_page(&mut out, &HtmlPage::new(base, "Example"), &entries)?;
//! let html = String::from_utf8(out)?;
//! assert!(html.contains(r#"<h2 id="section-blog">Blog</h2>"#));
//! assert!(html.contains(r#"<a href="blog/first/">First post</a>"#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod llms;

use std::collections::BTreeMap;
use std::io::{self, Write};

use crate::{Lastmod, Loc};

pub use llms::{LLMS_FILE_NAME, LLMS_MARKER, LlmsTxt, is_own_llms_txt, write_llms_txt};

/// The XSLT 1.0 stylesheet for both `<urlset>` (with hreflang alternates)
/// and `<sitemapindex>`. Write it beside the sitemap (for example as
/// `sitemap.xsl`) and reference it with
/// [`XmlOptions::with_stylesheet`](crate::XmlOptions::with_stylesheet) or
/// [`SetOptions::stylesheet`](crate::SetOptions::stylesheet): browsers
/// apply a stylesheet only from the same origin, so a relative `href`
/// is the safe choice.
pub const XSL: &str = include_str!("sitemap.xsl");

/// The file name the adapters use for [`XSL`].
pub const XSL_FILE_NAME: &str = "sitemap.xsl";

/// The line of [`XSL`] that marks a stylesheet as this toolkit's, in
/// every version written: a `sitemap.xsl` without it was made by someone
/// else, and a run leaves it alone.
pub const XSL_MARKER: &str = "Written by sitemap-core (sitemap_core::human::XSL).";

/// Whether `bytes`, a stylesheet found beside the sitemap, is one this
/// toolkit wrote (and a run may replace).
pub fn is_own_xsl(bytes: &[u8]) -> bool {
    bytes
        .windows(XSL_MARKER.len())
        .any(|w| w == XSL_MARKER.as_bytes())
}

/// The file name the adapters use for the HTML page.
pub const HTML_FILE_NAME: &str = "sitemap.html";

/// The `<meta name="generator">` content of the HTML page: how a scan of
/// the built folder knows the page as this toolkit's own output, whatever
/// its name, and never lists it (a second run would otherwise list the
/// page the first one wrote).
pub const HTML_GENERATOR: &str = "sitemap-toolkit";

/// One page listed on the HTML page.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PageEntry {
    /// The page's URL, as in the sitemap.
    pub loc: Loc,
    /// What a visitor reads: the page's title.
    pub title: String,
    /// When it last changed, shown beside the link.
    pub lastmod: Option<Lastmod>,
    /// What the page is about, in a sentence (llms.txt only).
    pub description: Option<String>,
    /// The section it is listed under in llms.txt (an mdBook part), when
    /// not its first path segment.
    pub section: Option<String>,
    /// Listed in llms.txt's "Optional" section, the links a reader may
    /// skip (a page with no title of its own: a pager, a taxonomy).
    pub optional: bool,
}

impl PageEntry {
    /// A page with a title.
    pub fn new(loc: Loc, title: impl Into<String>) -> PageEntry {
        PageEntry {
            loc,
            title: title.into(),
            lastmod: None,
            description: None,
            section: None,
            optional: false,
        }
    }

    /// Sets `optional`.
    #[must_use]
    pub fn with_optional(mut self, optional: bool) -> PageEntry {
        self.optional = optional;
        self
    }

    /// Sets `description`.
    #[must_use]
    pub fn with_description(mut self, description: impl Into<String>) -> PageEntry {
        self.description = Some(description.into());
        self
    }

    /// Sets `section`.
    #[must_use]
    pub fn with_section(mut self, section: impl Into<String>) -> PageEntry {
        self.section = Some(section.into());
        self
    }

    /// Sets `lastmod`.
    #[must_use]
    pub fn with_lastmod(mut self, lastmod: Lastmod) -> PageEntry {
        self.lastmod = Some(lastmod);
        self
    }
}

/// What the HTML page needs besides the entries.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct HtmlPage {
    /// The site's `base_url`; the page is written at its root, links to
    /// pages under it are relative, and the first path segment below it
    /// names a page's section.
    pub base_url: Loc,
    /// The site's name, used in the page title and heading.
    pub site_title: String,
    /// The page's language (`lang` attribute).
    pub lang: String,
}

impl HtmlPage {
    /// A page for the site at `base_url`, in English.
    pub fn new(base_url: Loc, site_title: impl Into<String>) -> HtmlPage {
        HtmlPage {
            base_url,
            site_title: site_title.into(),
            lang: "en".to_owned(),
        }
    }

    /// Sets the page's language.
    #[must_use]
    pub fn with_lang(mut self, lang: impl Into<String>) -> HtmlPage {
        self.lang = lang.into();
        self
    }
}

/// Writes [`XSL`].
///
/// # Errors
///
/// When `out` fails.
pub fn write_xsl(mut out: impl Write) -> io::Result<()> {
    out.write_all(XSL.as_bytes())
}

/// A page's path relative to the base URL's folder, if it lies under it.
fn relative<'a>(base: &Loc, loc: &'a Loc) -> Option<&'a str> {
    loc.as_str().strip_prefix(base.folder().as_str())
}

/// The first path segment of `rel` when something lies below it
/// (`blog/first/` gives `blog`; `about/` and `about.html` give none).
fn parent_segment(rel: &str) -> Option<&str> {
    let path = rel.split('?').next().unwrap_or("");
    let (first, rest) = path.split_once('/')?;
    (!first.is_empty() && !rest.is_empty()).then_some(first)
}

/// A heading for a section with no index page of its own: the path
/// segment de-slugged (`getting-started` gives "Getting started").
fn section_name(segment: &str) -> String {
    let words = segment.replace(['-', '_'], " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Sorts last, after every real section name.
const ELSEWHERE: &str = "\u{10FFFF}";

/// Writes `sitemap.html`: every entry, grouped by section (the first path
/// segment), sections in path order with the top-level pages first, pages
/// sorted by URL within a section. A section's heading is the title of
/// its own index page when the entries include it, else its path segment.
///
/// The page is plain HTML with landmarks, a skip list of sections, and
/// headings a screen reader can navigate by; no script.
///
/// # Errors
///
/// When `out` fails.
pub fn write_html_page(
    mut out: impl Write,
    page: &HtmlPage,
    entries: &[PageEntry],
) -> io::Result<()> {
    // A section is a first path segment with pages below it; a lone
    // top-level page (`about/`) is listed with the top-level pages rather
    // than under a heading of its own.
    let parents: std::collections::BTreeSet<&str> = entries
        .iter()
        .filter_map(|e| relative(&page.base_url, &e.loc).and_then(parent_segment))
        .collect();
    let mut sections: BTreeMap<String, Vec<(&PageEntry, Option<&str>)>> = BTreeMap::new();
    for entry in entries {
        let rel = relative(&page.base_url, &entry.loc);
        let section = match rel {
            None => ELSEWHERE.to_owned(),
            Some(rel) => {
                let first = rel.split(['/', '?']).next().unwrap_or("");
                if parents.contains(first) && rel.len() > first.len() {
                    first.to_owned()
                } else {
                    String::new()
                }
            }
        };
        sections.entry(section).or_default().push((entry, rel));
    }
    for list in sections.values_mut() {
        list.sort_by(|a, b| a.0.loc.cmp(&b.0.loc));
    }
    let heading = |name: &str, list: &[(&PageEntry, Option<&str>)]| -> String {
        if name.is_empty() {
            return "Pages".to_owned();
        }
        if name == ELSEWHERE {
            return "Elsewhere".to_owned();
        }
        let index = format!("{name}/");
        list.iter()
            .find(|(_, rel)| rel.is_some_and(|r| r == index || r == format!("{index}index.html")))
            .map(|(e, _)| e.title.clone())
            .unwrap_or_else(|| section_name(name))
    };
    let id = |name: &str| -> String {
        if name == ELSEWHERE {
            return "section-elsewhere".to_owned();
        }
        let slug: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        if slug.is_empty() {
            "section-top".to_owned()
        } else {
            format!("section-{slug}")
        }
    };
    let site = esc(&page.site_title);
    write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"{HTML_GENERATOR}\">\n\
         <title>Sitemap: {site}</title>\n<style>\n\
         body {{ font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; }}\n\
         nav ul {{ display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: 0; list-style: none; }}\n\
         time {{ color: #555; font-size: .9em; margin-left: .5em; }}\n\
         @media (prefers-color-scheme: dark) {{ body {{ background: #111; color: #eee; }} a {{ color: #8ab4f8; }} time {{ color: #aaa; }} }}\n\
         </style>\n</head>\n<body>\n<header>\n<h1>Sitemap: {site}</h1>\n\
         <p>Every page of this site, by section.</p>\n</header>\n",
        esc(&page.lang)
    )?;
    if sections.len() > 1 {
        writeln!(out, "<nav aria-label=\"Sections\">\n<ul>")?;
        for (name, list) in &sections {
            writeln!(
                out,
                "<li><a href=\"#{}\">{}</a></li>",
                id(name),
                esc(&heading(name, list))
            )?;
        }
        writeln!(out, "</ul>\n</nav>")?;
    }
    writeln!(out, "<main>")?;
    for (name, list) in &sections {
        let id = id(name);
        writeln!(
            out,
            "<section aria-labelledby=\"{id}\">\n<h2 id=\"{id}\">{}</h2>\n<ul>",
            esc(&heading(name, list))
        )?;
        for (entry, rel) in list {
            let href = match rel {
                Some("") => "./".to_owned(),
                Some(rel) => (*rel).to_owned(),
                None => entry.loc.as_str().to_owned(),
            };
            let title = if entry.title.trim().is_empty() {
                entry.loc.as_str()
            } else {
                entry.title.trim()
            };
            write!(out, "<li><a href=\"{}\">{}</a>", esc(&href), esc(title))?;
            if let Some(lastmod) = &entry.lastmod {
                write!(
                    out,
                    " <time datetime=\"{}\">{}</time>",
                    lastmod.to_xsd_string(),
                    esc(&lastmod.to_string())
                )?;
            }
            writeln!(out, "</li>")?;
        }
        writeln!(out, "</ul>\n</section>")?;
    }
    writeln!(out, "</main>\n</body>\n</html>")
}

/// Escapes text and attribute values for HTML.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    /// Without its marker, a run would take its own stylesheet for a
    /// hand-made one and never update it.
    #[test]
    fn the_stylesheet_carries_its_own_marker() {
        assert!(super::is_own_xsl(super::XSL.as_bytes()));
        assert!(!super::is_own_xsl(b"<xsl:stylesheet version=\"1.0\"/>"));
    }
}
