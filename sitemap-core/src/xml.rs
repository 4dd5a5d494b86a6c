//! Streaming XML writers: `<urlset>` and `<sitemapindex>`.
//!
//! The output is deterministic: one element per line, two spaces of
//! indentation per level, `\n` line ends, values escaped as quick-xml's
//! [`escape`](quick_xml::escape::escape) does (all five XML entities and
//! `\r`), but straight into the output buffer. The encoding functions are shared
//! with the set writer, so the size the set writer counts is the size the
//! [`XmlWriter`] writes.

use std::io::{self, Write};

use crate::{Lastmod, Loc, MAX_IMAGES_PER_URL, Url};

/// The Sitemaps 0.90 namespace.
pub(crate) const NS_SITEMAP: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";
/// The XHTML namespace of `<xhtml:link rel="alternate">`.
pub(crate) const NS_XHTML: &str = "http://www.w3.org/1999/xhtml";
/// Google's image extension, `<image:image>`.
pub(crate) const NS_IMAGE: &str = "http://www.google.com/schemas/sitemap-image/1.1";

const DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

/// Whether `bytes` begin as every XML sitemap and index this crate writes
/// does: with its XML declaration, exactly. Hugo's own sitemap begins
/// `<?xml version="1.0" encoding="utf-8" standalone="yes"?>`, so in a
/// Hugo site's output folder a sitemap that does not is the generator's.
/// Another tool writing the same declaration passes: this tells only
/// "not ours" where the other writer is known.
///
/// ```
/// assert!(!sitemap_core::has_own_declaration(
///     b"<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<urlset/>"
/// ));
/// ```
pub fn has_own_declaration(bytes: &[u8]) -> bool {
    bytes.starts_with(DECLARATION.as_bytes())
}
pub(crate) const URLSET_END: &str = "</urlset>\n";
pub(crate) const INDEX_END: &str = "</sitemapindex>\n";

/// Options of the XML writers.
///
/// ```
/// use sitemap_core::XmlOptions;
///
/// let options = XmlOptions::default()
///     .with_stylesheet("/sitemap.xsl")
///     .with_declare_xhtml(true)
///     .with_declare_image(true);
/// assert_eq!(options.stylesheet.as_deref(), Some("/sitemap.xsl"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct XmlOptions {
    /// The `href` of an XSLT stylesheet, written as
    /// `<?xml-stylesheet type="text/xsl" href="…"?>` so that a browser shows
    /// the sitemap as a page. Escaped like any value; control characters
    /// (which XML cannot carry at all) are percent-encoded.
    pub stylesheet: Option<String>,
    /// Declare `xmlns:xhtml` on the root even when the first entry has no
    /// alternates. Without it the declaration is written only when used:
    /// on the root when the first entry has alternates, otherwise on each
    /// `<xhtml:link>` of a later entry that has some. Ignored by
    /// [`IndexWriter`].
    pub declare_xhtml: bool,
    /// Declare `xmlns:image` on the root even when the first entry has no
    /// images; without it, as for [`declare_xhtml`](Self::declare_xhtml),
    /// the namespace is declared only where used.
    pub declare_image: bool,
}

impl XmlOptions {
    /// Sets the stylesheet `href`.
    #[must_use]
    pub fn with_stylesheet(mut self, href: impl Into<String>) -> XmlOptions {
        self.stylesheet = Some(href.into());
        self
    }

    /// Sets [`XmlOptions::declare_xhtml`].
    #[must_use]
    pub fn with_declare_xhtml(mut self, declare: bool) -> XmlOptions {
        self.declare_xhtml = declare;
        self
    }

    /// Sets [`XmlOptions::declare_image`].
    #[must_use]
    pub fn with_declare_image(mut self, declare: bool) -> XmlOptions {
        self.declare_image = declare;
        self
    }
}

/// Which extension prefixes a `<urlset>` root declares. A prefix the
/// root does not declare is declared on each element that uses it, so a
/// streamed file never needs its root rewritten and a sitemap without
/// images says nothing about them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct OnRoot {
    pub(crate) xhtml: bool,
    pub(crate) image: bool,
}

impl OnRoot {
    /// What the root declares when `first` is the file's first entry.
    pub(crate) fn for_first(first: &Url, declare_xhtml: bool, declare_image: bool) -> OnRoot {
        OnRoot {
            xhtml: declare_xhtml || !first.alternates.is_empty(),
            image: declare_image || !first.images.is_empty(),
        }
    }
}

/// Appends `value` with the characters quick-xml's `escape` replaces
/// (`<`, `>`, `&`, `'`, `"`, `\r`) written as the same entities. Done here
/// rather than through quick-xml's `Cow`, which allocates a `String` for
/// every value holding one of them (one URL in three in a typical set)
/// and tests byte by byte through a closure: this was the largest part of
/// encoding a `<url>`. Runs of 16 bytes with nothing to escape, most of a
/// URL, are skipped with one test the compiler turns into a few vector
/// compares. A test holds the output to quick-xml's.
fn push_escaped(out: &mut Vec<u8>, value: &str) {
    const RUN: usize = 16;
    let bytes = value.as_bytes();
    let mut copied = 0;
    let mut at = 0;
    while at < bytes.len() {
        let end = (at + RUN).min(bytes.len());
        if let Ok(run) = <&[u8; RUN]>::try_from(&bytes[at..end])
            && run.iter().fold(0u8, |any, &b| any | u8::from(special(b))) == 0
        {
            at = end;
            continue;
        }
        for (i, &b) in bytes.iter().enumerate().take(end).skip(at) {
            if let Some(entity) = entity(b) {
                out.extend_from_slice(&bytes[copied..i]);
                out.extend_from_slice(entity);
                copied = i + 1;
            }
        }
        at = end;
    }
    out.extend_from_slice(&bytes[copied..]);
}

/// Whether `b` is one of the characters [`entity`] replaces, without
/// branches, so that a run of them compiles to vector compares.
#[inline(always)]
fn special(b: u8) -> bool {
    (b == b'<') | (b == b'>') | (b == b'&') | (b == b'\'') | (b == b'"') | (b == b'\r')
}

/// The entity quick-xml's `escape` writes for `b`, if it escapes it.
#[inline(always)]
fn entity(b: u8) -> Option<&'static [u8]> {
    match b {
        b'<' => Some(b"&lt;"),
        b'>' => Some(b"&gt;"),
        b'&' => Some(b"&amp;"),
        b'\'' => Some(b"&apos;"),
        b'"' => Some(b"&quot;"),
        b'\r' => Some(b"&#13;"),
        _ => None,
    }
}

/// The XML declaration and the optional stylesheet instruction.
pub(crate) fn encode_prologue(out: &mut Vec<u8>, stylesheet: Option<&str>) {
    out.extend_from_slice(DECLARATION.as_bytes());
    if let Some(href) = stylesheet {
        out.extend_from_slice(b"<?xml-stylesheet type=\"text/xsl\" href=\"");
        // XML 1.0 has no way to write most control characters, escaped or
        // not; a URL reference percent-encodes them, so do that.
        if href.chars().any(char::is_control) {
            let mut encoded = String::with_capacity(href.len() + 8);
            for c in href.chars() {
                if c.is_control() {
                    let mut buf = [0; 4];
                    for b in c.encode_utf8(&mut buf).bytes() {
                        encoded.push_str(&format!("%{b:02X}"));
                    }
                } else {
                    encoded.push(c);
                }
            }
            push_escaped(out, &encoded);
        } else {
            push_escaped(out, href);
        }
        out.extend_from_slice(b"\"?>\n");
    }
}

/// `<urlset …>` with the extension namespaces asked for.
pub(crate) fn encode_urlset_start(out: &mut Vec<u8>, on_root: OnRoot) {
    out.extend_from_slice(b"<urlset xmlns=\"");
    out.extend_from_slice(NS_SITEMAP.as_bytes());
    if on_root.xhtml {
        out.extend_from_slice(b"\" xmlns:xhtml=\"");
        out.extend_from_slice(NS_XHTML.as_bytes());
    }
    if on_root.image {
        out.extend_from_slice(b"\" xmlns:image=\"");
        out.extend_from_slice(NS_IMAGE.as_bytes());
    }
    out.extend_from_slice(b"\">\n");
}

/// `<sitemapindex …>`.
pub(crate) fn encode_index_start(out: &mut Vec<u8>) {
    out.extend_from_slice(b"<sitemapindex xmlns=\"");
    out.extend_from_slice(NS_SITEMAP.as_bytes());
    out.extend_from_slice(b"\">\n");
}

/// One `<url>` element. `on_root` says which prefixes the root declares;
/// each element using another declares it. At most
/// [`MAX_IMAGES_PER_URL`] images are written.
pub(crate) fn encode_url(out: &mut Vec<u8>, url: &Url, on_root: OnRoot) {
    out.extend_from_slice(b"  <url>\n    <loc>");
    push_escaped(out, url.loc.as_str());
    out.extend_from_slice(b"</loc>\n");
    if let Some(lastmod) = &url.lastmod {
        // Digits, `-`, `:`, `T`, `Z`, `+`, `.`: nothing to escape.
        out.extend_from_slice(b"    <lastmod>");
        lastmod.push_xsd(out);
        out.extend_from_slice(b"</lastmod>\n");
    }
    if let Some(changefreq) = url.changefreq {
        out.extend_from_slice(b"    <changefreq>");
        out.extend_from_slice(changefreq.as_str().as_bytes());
        out.extend_from_slice(b"</changefreq>\n");
    }
    if let Some(priority) = url.priority {
        out.extend_from_slice(b"    <priority>");
        push_escaped(out, &priority.to_string());
        out.extend_from_slice(b"</priority>\n");
    }
    for alternate in &url.alternates {
        out.extend_from_slice(b"    <xhtml:link ");
        if !on_root.xhtml {
            out.extend_from_slice(b"xmlns:xhtml=\"");
            out.extend_from_slice(NS_XHTML.as_bytes());
            out.extend_from_slice(b"\" ");
        }
        out.extend_from_slice(b"rel=\"alternate\" hreflang=\"");
        push_escaped(out, alternate.hreflang.as_str());
        out.extend_from_slice(b"\" href=\"");
        push_escaped(out, alternate.href.as_str());
        out.extend_from_slice(b"\"/>\n");
    }
    for image in url.images.iter().take(MAX_IMAGES_PER_URL) {
        out.extend_from_slice(b"    <image:image");
        if !on_root.image {
            out.extend_from_slice(b" xmlns:image=\"");
            out.extend_from_slice(NS_IMAGE.as_bytes());
            out.extend_from_slice(b"\"");
        }
        out.extend_from_slice(b">\n      <image:loc>");
        push_escaped(out, image.loc.as_str());
        out.extend_from_slice(b"</image:loc>\n    </image:image>\n");
    }
    out.extend_from_slice(b"  </url>\n");
}

/// One `<sitemap>` element of an index.
pub(crate) fn encode_index_entry(out: &mut Vec<u8>, loc: &Loc, lastmod: Option<&Lastmod>) {
    out.extend_from_slice(b"  <sitemap>\n    <loc>");
    push_escaped(out, loc.as_str());
    out.extend_from_slice(b"</loc>\n");
    if let Some(lastmod) = lastmod {
        out.extend_from_slice(b"    <lastmod>");
        push_escaped(out, &lastmod.to_xsd_string());
        out.extend_from_slice(b"</lastmod>\n");
    }
    out.extend_from_slice(b"  </sitemap>\n");
}

/// A streaming `<urlset>` writer.
///
/// Nothing is written until the first entry (or [`finish`](Self::finish)
/// for an empty set), so that the root can declare the xhtml namespace
/// when the first entry needs it. Each [`write`](Self::write) writes one
/// whole `<url>` element with a single `write_all`; wrap a file in a
/// `BufWriter`. [`encoded_len`](Self::encoded_len) and
/// [`closing_len`](Self::closing_len) give the exact byte counts before
/// anything is written, which is how a caller keeps a file under a byte
/// limit.
///
/// An empty `<urlset>` is well-formed but the sitemaps.org XSD requires at
/// least one `<url>`; [`SetWriter`](crate::SetWriter) refuses an empty set
/// for that reason.
///
/// ```
/// use sitemap_core::{Url, XmlOptions, XmlWriter};
///
/// let url = Url::new("https://example.org/".parse()?);
/// let mut writer = XmlWriter::new(Vec::new(), XmlOptions::default());
/// let first = writer.encoded_len(&url); // with the prologue and root start tag
/// writer.write(&url)?;
/// let expected = first + writer.closing_len();
/// let xml = writer.finish()?;
/// assert_eq!(xml.len() as u64, expected);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct XmlWriter<W: Write> {
    out: W,
    options: XmlOptions,
    started: bool,
    on_root: OnRoot,
    urls: u64,
    bytes: u64,
    scratch: Vec<u8>,
}

impl<W: Write> XmlWriter<W> {
    /// A writer that writes into `out`.
    pub fn new(out: W, options: XmlOptions) -> XmlWriter<W> {
        XmlWriter {
            out,
            options,
            started: false,
            on_root: OnRoot::default(),
            urls: 0,
            bytes: 0,
            scratch: Vec::with_capacity(512),
        }
    }

    /// Encodes what `write(url)` would write now into `buf`.
    fn encode_next(&self, url: &Url, buf: &mut Vec<u8>) {
        let mut on_root = self.on_root;
        if !self.started {
            on_root = self.first_on_root(url);
            encode_prologue(buf, self.options.stylesheet.as_deref());
            encode_urlset_start(buf, on_root);
        }
        encode_url(buf, url, on_root);
    }

    fn first_on_root(&self, first: &Url) -> OnRoot {
        OnRoot::for_first(
            first,
            self.options.declare_xhtml,
            self.options.declare_image,
        )
    }

    /// Writes one `<url>` element (after the prologue and root start tag
    /// when it is the first).
    pub fn write(&mut self, url: &Url) -> io::Result<()> {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        self.encode_next(url, &mut buf);
        let result = self.out.write_all(&buf);
        if result.is_ok() {
            if !self.started {
                self.started = true;
                self.on_root = self.first_on_root(url);
            }
            self.urls += 1;
            self.bytes += buf.len() as u64;
        }
        self.scratch = buf;
        result
    }

    /// The exact number of bytes [`write`](Self::write) would write for
    /// `url` now (including the prologue and root start tag when nothing
    /// has been written yet).
    pub fn encoded_len(&self, url: &Url) -> u64 {
        let mut buf = Vec::with_capacity(512);
        self.encode_next(url, &mut buf);
        buf.len() as u64
    }

    /// The exact number of bytes [`finish`](Self::finish) would write now
    /// (for a writer that has written nothing, that includes the prologue
    /// and the root start tag).
    pub fn closing_len(&self) -> u64 {
        let mut buf = Vec::new();
        self.encode_closing(&mut buf);
        buf.len() as u64
    }

    fn encode_closing(&self, buf: &mut Vec<u8>) {
        if !self.started {
            encode_prologue(buf, self.options.stylesheet.as_deref());
            let on_root = OnRoot {
                xhtml: self.options.declare_xhtml,
                image: self.options.declare_image,
            };
            encode_urlset_start(buf, on_root);
        }
        buf.extend_from_slice(URLSET_END.as_bytes());
    }

    /// How many `<url>` elements have been written.
    pub fn urls_written(&self) -> u64 {
        self.urls
    }

    /// How many bytes have been written.
    pub fn bytes_written(&self) -> u64 {
        self.bytes
    }

    /// Writes the closing tag (and the root, for an empty set), flushes,
    /// and hands back the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        self.encode_closing(&mut buf);
        self.out.write_all(&buf)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// A streaming `<sitemapindex>` writer: one `<sitemap>` element per
/// [`write`](Self::write), lazily started like [`XmlWriter`].
///
/// ```
/// use sitemap_core::{IndexWriter, Lastmod, Loc, XmlOptions};
///
/// let mut index = IndexWriter::new(Vec::new(), XmlOptions::default());
/// let loc = Loc::parse("https://example.org/sitemap-1.xml")?;
/// index.write(&loc, Some(&Lastmod::parse("2024-05-01")?))?;
/// let xml = String::from_utf8(index.finish()?)?;
/// assert!(xml.contains("<lastmod>2024-05-01</lastmod>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct IndexWriter<W: Write> {
    out: W,
    stylesheet: Option<String>,
    started: bool,
    sitemaps: u64,
    bytes: u64,
    scratch: Vec<u8>,
}

impl<W: Write> IndexWriter<W> {
    /// An index writer that writes into `out`; only
    /// [`XmlOptions::stylesheet`] applies.
    pub fn new(out: W, options: XmlOptions) -> IndexWriter<W> {
        IndexWriter {
            out,
            stylesheet: options.stylesheet,
            started: false,
            sitemaps: 0,
            bytes: 0,
            scratch: Vec::with_capacity(256),
        }
    }

    fn encode_start(&self, buf: &mut Vec<u8>) {
        if !self.started {
            encode_prologue(buf, self.stylesheet.as_deref());
            encode_index_start(buf);
        }
    }

    /// Writes one `<sitemap>` element: the child's `loc` and, when known,
    /// the newest `lastmod` inside it.
    pub fn write(&mut self, loc: &Loc, lastmod: Option<&Lastmod>) -> io::Result<()> {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        self.encode_start(&mut buf);
        encode_index_entry(&mut buf, loc, lastmod);
        let result = self.out.write_all(&buf);
        if result.is_ok() {
            self.started = true;
            self.sitemaps += 1;
            self.bytes += buf.len() as u64;
        }
        self.scratch = buf;
        result
    }

    /// How many `<sitemap>` elements have been written.
    pub fn sitemaps_written(&self) -> u64 {
        self.sitemaps
    }

    /// How many bytes have been written.
    pub fn bytes_written(&self) -> u64 {
        self.bytes
    }

    /// Writes the closing tag, flushes, and hands back the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        self.encode_start(&mut buf);
        buf.extend_from_slice(INDEX_END.as_bytes());
        self.out.write_all(&buf)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::push_escaped;
    use proptest::prelude::*;

    fn escaped(value: &str) -> String {
        let mut out = Vec::new();
        push_escaped(&mut out, value);
        String::from_utf8(out).expect("escaping keeps UTF-8")
    }

    #[test]
    fn escapes_what_quick_xml_escapes() {
        let value = "a<b>c&d'e\"f\rg\th\n i&amp;é";
        assert_eq!(escaped(value), quick_xml::escape::escape(value));
        assert_eq!(
            escaped(value),
            "a&lt;b&gt;c&amp;d&apos;e&quot;f&#13;g\th\n i&amp;amp;é"
        );
        assert_eq!(escaped(""), "");
    }

    proptest! {
        /// Byte for byte the output of quick-xml's `escape`, which the
        /// writers used before: no sitemap changes.
        #[test]
        fn same_bytes_as_quick_xml(value in "[a-z<>&'\"\r\t\n %é😀]{0,40}") {
            prop_assert_eq!(escaped(&value), quick_xml::escape::escape(value.as_str()));
        }
    }
}
