//! The bytes under the XML reader: a regular file only, gunzipped when it
//! is gzip, no run of text past [`MAX_TEXT`] bytes, and the lines counted
//! for messages.

use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use super::MAX_TEXT;

pub(super) type Xml = quick_xml::Reader<Lines<BufReader<Runs<Box<dyn Read>>>>>;

/// Opens a sitemap, gunzipping it when it starts with gzip's magic bytes:
/// a regular file only (`sitemap_core::input`), so a child that is a FIFO
/// cannot block the run, nor one linked to `/dev/zero` fill the memory.
pub(super) fn open(path: &Path) -> io::Result<Xml> {
    let file = sitemap_core::input::open_regular(path)?;
    let mut file = BufReader::with_capacity(256 * 1024, file);
    let gz = file.fill_buf()?.starts_with(&[0x1f, 0x8b]);
    let inner: Box<dyn Read> = if gz { gunzip(file)? } else { Box::new(file) };
    let mut xml = quick_xml::Reader::from_reader(Lines {
        inner: BufReader::with_capacity(256 * 1024, Runs { inner, run: 0 }),
        line: 1,
    });
    xml.config_mut().expand_empty_elements = true;
    xml.config_mut().allow_dangling_amp = true;
    Ok(xml)
}

#[cfg(feature = "gzip")]
fn gunzip(file: BufReader<std::fs::File>) -> io::Result<Box<dyn Read>> {
    Ok(Box::new(flate2::bufread::MultiGzDecoder::new(file)))
}

/// Without the `gzip` feature a gzipped sitemap is refused by name rather
/// than read as garbled XML.
#[cfg(not(feature = "gzip"))]
fn gunzip(_: BufReader<std::fs::File>) -> io::Result<Box<dyn Read>> {
    Err(io::Error::other(
        "a gzipped sitemap, and this build has no gzip support (feature `gzip`)",
    ))
}

/// A reader that fails once [`MAX_TEXT`] bytes pass without a `<` or a
/// `>`: quick-xml buffers a whole text node (or tag) before it hands it
/// over, so a gigabyte of text in a few megabytes of gzip would be held
/// whole. No value of a sitemap is that long (a `loc` is at most 2,048
/// characters), so such a run is refused as it is read, before it is
/// buffered.
pub(super) struct Runs<R> {
    inner: R,
    /// Bytes since the last `<` or `>`.
    run: usize,
}

impl<R: Read> Read for Runs<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(out)?;
        for &b in &out[..n] {
            if b == b'<' || b == b'>' {
                self.run = 0;
            } else {
                self.run += 1;
                if self.run > MAX_TEXT {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!(
                            "a value or tag of more than {} KiB (over {MAX_TEXT} bytes without `<` or `>`); no sitemap value is that long",
                            MAX_TEXT / 1024
                        ),
                    ));
                }
            }
        }
        Ok(n)
    }
}

/// A `BufRead` that counts the newlines quick-xml has consumed, which is
/// the line of the event it reads next.
pub(super) struct Lines<R> {
    inner: R,
    pub(super) line: u64,
}

impl<R: BufRead> Read for Lines<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = {
            let buf = self.inner.fill_buf()?;
            let n = buf.len().min(out.len());
            out[..n].copy_from_slice(&buf[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Lines<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, n: usize) {
        if let Ok(buf) = self.inner.fill_buf() {
            let n = n.min(buf.len());
            self.line += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
        }
        self.inner.consume(n);
    }
}
