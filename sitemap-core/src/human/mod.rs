//! Sitemaps for people: a plain `sitemap.html` page for visitors, the
//! primary view (`html.rs`, [`write_html_page`]); an XSL stylesheet that
//! shows `sitemap.xml` as a table in browsers that still run XSLT
//! (`sitemap.xsl`, [`XSL`], [`xsl_linking`]); and for language models,
//! `llms.txt` (`llms.rs`, [`write_llms_txt`]; `llms_marker.rs`, its last
//! line, by which a later run knows an unedited file of its own:
//! [`llms_txt_owner`]).
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

mod html;
mod html_languages;
mod llms;
mod llms_marker;

use std::io::{self, Write};

use crate::{Lastmod, Loc};

pub use html::{COLLAPSE_PAST, human_date, write_html_page};
pub use html_languages::{HtmlLanguage, write_html_page_by_language};
pub use llms::{LLMS_FILE_NAME, LlmsTxt, write_llms_txt};
pub use llms_marker::{LlmsOwner, UNHASHED_LLMS_MARKER, llms_marker, llms_txt_owner};

/// The XSLT 1.0 stylesheet for both `<urlset>` (with hreflang alternates)
/// and `<sitemapindex>`. Write it beside the sitemap (for example as
/// `sitemap.xsl`) and reference it with
/// [`XmlOptions::with_stylesheet`](crate::XmlOptions::with_stylesheet) or
/// [`SetOptions::stylesheet`](crate::SetOptions::stylesheet): browsers
/// apply a stylesheet only from the same origin, so a relative `href`
/// is the safe choice.
pub const XSL: &str = include_str!("sitemap.xsl");

/// The line of [`XSL`] that names the page for people; [`xsl_linking`]
/// fills it in.
const XSL_HTML_PAGE: &str = r#"<xsl:variable name="html-page" select="''"/>"#;

/// [`XSL`] with its notice linking to the page for people, `html_page`
/// (a file name beside the sitemap, such as [`HTML_FILE_NAME`]): the
/// XSLT view is for browsers that still run XSLT, and the HTML page is
/// the one every browser shows.
///
/// ```
/// let xsl = sitemap_core::human::xsl_linking("sitemap.html");
/// assert!(xsl.contains(r#"<xsl:variable name="html-page" select="'sitemap.html'"/>"#));
/// ```
///
/// # Panics
///
/// When `html_page` holds a character that would end the XPath string or
/// the attribute (`'`, `"`, `&`, `<`): it is a file name the caller chose.
pub fn xsl_linking(html_page: &str) -> String {
    assert!(
        !html_page.contains(['\'', '"', '&', '<']),
        "not a plain file name: {html_page}"
    );
    XSL.replacen(
        XSL_HTML_PAGE,
        &format!(r#"<xsl:variable name="html-page" select="'{html_page}'"/>"#),
        1,
    )
}

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

/// Whether `bytes`, a `sitemap.html` found beside the sitemap, is one this
/// toolkit wrote: its head names [`HTML_GENERATOR`] as the generator, as
/// every version writes it.
///
/// ```
/// use sitemap_core::human::is_own_html;
///
/// assert!(is_own_html(b"<head>\n<meta name=\"generator\" content=\"sitemap-toolkit\">\n</head>"));
/// assert!(!is_own_html(b"<head><title>My sitemap</title></head>"));
/// ```
pub fn is_own_html(bytes: &[u8]) -> bool {
    let marker = format!("<meta name=\"generator\" content=\"{HTML_GENERATOR}\">");
    let head = &bytes[..bytes.len().min(4096)];
    head.windows(marker.len()).any(|w| w == marker.as_bytes())
}

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

#[cfg(test)]
mod tests {
    /// Without its marker, a run would take its own stylesheet for a
    /// hand-made one and never update it.
    #[test]
    fn the_stylesheet_carries_its_own_marker() {
        assert!(super::is_own_xsl(super::XSL.as_bytes()));
        assert!(!super::is_own_xsl(b"<xsl:stylesheet version=\"1.0\"/>"));
        assert!(super::is_own_xsl(
            super::xsl_linking("sitemap.html").as_bytes()
        ));
    }

    /// The placeholder must be there, once, or the link is silently lost.
    #[test]
    fn the_stylesheet_names_the_html_page_once() {
        assert_eq!(super::XSL.matches(super::XSL_HTML_PAGE).count(), 1);
        assert_ne!(super::xsl_linking("sitemap.html"), super::XSL);
    }
}
