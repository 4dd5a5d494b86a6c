//! The plain text sitemap: one `loc` per line, UTF-8.

use std::io::{self, Write};

use crate::Url;

/// One text line: the `loc` and `\n`. A [`Loc`](crate::Loc) is
/// percent-encoded ASCII without whitespace, so it needs no quoting.
pub(crate) fn encode_line(out: &mut Vec<u8>, url: &Url) {
    out.extend_from_slice(url.loc.as_str().as_bytes());
    out.push(b'\n');
}

/// A streaming plain text sitemap writer: one `loc` per line, `\n` line
/// ends, UTF-8, nothing else. `lastmod`, `changefreq`, `priority` and
/// alternates have no place in the text format and are left out.
///
/// ```
/// use sitemap_core::{TextWriter, Url};
///
/// let mut writer = TextWriter::new(Vec::new());
/// writer.write(&Url::new("https://example.org/a".parse()?))?;
/// writer.write(&Url::new("https://example.org/b".parse()?))?;
/// assert_eq!(writer.finish()?, b"https://example.org/a\nhttps://example.org/b\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct TextWriter<W: Write> {
    out: W,
    urls: u64,
    bytes: u64,
    scratch: Vec<u8>,
}

impl<W: Write> TextWriter<W> {
    /// A writer that writes into `out`.
    pub fn new(out: W) -> TextWriter<W> {
        TextWriter {
            out,
            urls: 0,
            bytes: 0,
            scratch: Vec::with_capacity(256),
        }
    }

    /// Writes the line for `url`.
    pub fn write(&mut self, url: &Url) -> io::Result<()> {
        let mut buf = std::mem::take(&mut self.scratch);
        buf.clear();
        encode_line(&mut buf, url);
        let result = self.out.write_all(&buf);
        if result.is_ok() {
            self.urls += 1;
            self.bytes += buf.len() as u64;
        }
        self.scratch = buf;
        result
    }

    /// The exact number of bytes [`write`](Self::write) would write for
    /// `url`.
    pub fn encoded_len(&self, url: &Url) -> u64 {
        url.loc.as_str().len() as u64 + 1
    }

    /// How many lines have been written.
    pub fn urls_written(&self) -> u64 {
        self.urls
    }

    /// How many bytes have been written.
    pub fn bytes_written(&self) -> u64 {
        self.bytes
    }

    /// Flushes and hands back the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}
