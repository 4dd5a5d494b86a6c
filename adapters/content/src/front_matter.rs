//! Reading a content file's front matter without reading its body.
//!
//! Both generators put front matter at the top of the file: TOML between
//! `+++` lines, YAML between `---` lines, and (Hugo only) a JSON object. A
//! sitemap needs nothing from the body, so the reader stops at the closing
//! delimiter: on a site of long pages most bytes are never read. The text
//! read is parsed by the shared source layer
//! ([`sitemap_pages::front_matter::parse`]), so errors and overrides read
//! the same everywhere.

use std::cell::RefCell;
use std::fs::File;
use std::io::Read;
use std::path::Path;

use serde_json::Value;
use sitemap_pages::front_matter::{self as source_fm, FrontMatter};
use sitemap_pages::head_read;
use sitemap_pages::images::markdown;
use sitemap_pages::yaml;

use crate::Error;

/// The first read: front matter is usually a few hundred bytes, so one
/// `read` of this much almost always holds the closing delimiter, and
/// every byte read past it is wasted on a sitemap scan. The buffer grows
/// (doubling) only when the delimiter is not in it.
const HEAD_BUFFER: usize = 4096;

thread_local! {
    /// One read buffer per walker thread, reused for every file: no
    /// allocation per file for reading.
    static BUFFER: RefCell<Vec<u8>> = RefCell::new(Vec::with_capacity(HEAD_BUFFER));
}

/// The folder of the last file opened by one walker thread, held open:
/// the files of a folder are visited one after another by the same
/// thread, and opening each by its name in that folder spares the kernel
/// walking its whole path again (opening is a tenth of a scan's CPU; this
/// took about a fifth off it). Dropped at the end of every walk, so a
/// folder replaced between two scans is never read through a stale
/// handle.
#[derive(Default)]
pub struct DirCache {
    #[cfg(unix)]
    dir: Option<(std::path::PathBuf, rustix::fd::OwnedFd)>,
}

impl DirCache {
    fn open(&mut self, path: &Path) -> std::io::Result<File> {
        #[cfg(unix)]
        if let (Some(dir), Some(name)) = (path.parent(), path.file_name()) {
            use rustix::fs::{Mode, OFlags};
            // Byte comparison: `Path`'s `==` compares component by component.
            let cached = self
                .dir
                .as_ref()
                .is_some_and(|(d, _)| d.as_os_str() == dir.as_os_str());
            if !cached {
                let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
                let dir_path = if dir.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    dir
                };
                let fd = rustix::fs::open(dir_path, flags, Mode::empty())?;
                self.dir = Some((dir.to_owned(), fd));
            }
            let (_, fd) = self.dir.as_ref().expect("set above");
            // Non-blocking: the walk skips special files, but one that
            // replaced a page since (a FIFO) must not hang the scan; on a
            // regular file the flag changes nothing.
            let flags = OFlags::RDONLY | OFlags::CLOEXEC | OFlags::NONBLOCK;
            let file = rustix::fs::openat(fd, name, flags, Mode::empty())?;
            return Ok(File::from(file));
        }
        File::open(path)
    }
}

/// Reads and parses the front matter of `path`, reading the file only up to
/// the closing delimiter. `Ok(None)` when the file has none.
///
/// `yaml` says whose YAML library reads it, and so whose front matter
/// this is: [`Dialect::Zola`](yaml::Dialect::Zola) reads no JSON block
/// and closes a block only at a line that is the fence alone; Hugo's
/// dialects (which moved with Hugo 0.152) read Hugo's forms.
pub fn read(
    path: &Path,
    yaml: yaml::Dialect,
    dirs: &mut DirCache,
) -> Result<Option<FrontMatter>, Error> {
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        let result = read_with(path, yaml, &mut buffer, dirs);
        // A file with an unclosed block was read whole; do not hold its
        // size for the rest of the walk.
        if buffer.capacity() > 1 << 20 {
            *buffer = Vec::with_capacity(HEAD_BUFFER);
        }
        result
    })
}

thread_local! {
    /// One whole-page buffer per walker thread, for images.
    static PAGE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// With images on, the images of a Markdown page's body (after the front
/// matter `fm`, whose offsets are the file's). `Ok(None)` with a warning
/// when the page is larger than
/// [`MAX_PAGE_BYTES`](markdown::MAX_PAGE_BYTES) or not UTF-8: the page is
/// listed, its images are not.
pub fn body_images(
    path: &Path,
    fm: Option<&FrontMatter>,
    dialect: markdown::Dialect,
    dirs: &mut DirCache,
) -> Result<Result<markdown::MarkdownImages, crate::Warning>, Error> {
    PAGE.with(|page| {
        let mut bytes = page.borrow_mut();
        bytes.clear();
        let file = dirs.open(path).map_err(|e| Error::io(path, e))?;
        file.take(markdown::MAX_PAGE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io(path, e))?;
        let warn = |what: String| Ok(Err(crate::Warning::new(Some(path), &what)));
        if bytes.len() as u64 > markdown::MAX_PAGE_BYTES {
            bytes.clear();
            bytes.shrink_to(HEAD_BUFFER);
            return warn(format!(
                "larger than {} MiB: its images are not listed",
                markdown::MAX_PAGE_BYTES >> 20
            ));
        }
        let Ok(text) = std::str::from_utf8(&bytes) else {
            return warn("not UTF-8: its images are not listed".to_owned());
        };
        let body = fm.map_or(text, |fm| fm.body(text));
        let images = markdown::markdown_images(body, dialect);
        if bytes.capacity() > 1 << 20 {
            *bytes = Vec::new();
        }
        Ok(Ok(images))
    })
}

/// The most bytes read from one file: a block of
/// [`MAX_BLOCK`](source_fm::MAX_BLOCK), its fences and blank lines before
/// it. A file whose front matter is not closed by then is refused without
/// reading on, so a huge file (or a device that never ends) costs a
/// bounded read.
const READ_LIMIT: usize = source_fm::MAX_BLOCK + 64 * 1024;

/// The file's bytes, read on demand into a reused buffer.
struct Head<'b> {
    file: File,
    /// `buf[..len]` is this file's; the rest is what earlier files left,
    /// kept (not truncated) so that its bytes, once zeroed, are never
    /// zeroed again: zeroing 4 KB for every page was 4% of a scan.
    buf: &'b mut Vec<u8>,
    len: usize,
    eof: bool,
    /// [`READ_LIMIT`] was reached before the end of the file.
    limited: bool,
}

impl Head<'_> {
    /// Reads more (at least doubling what is held); false at end of file
    /// or at [`READ_LIMIT`].
    fn fill(&mut self, path: &Path) -> Result<bool, Error> {
        if self.eof || self.limited {
            return Ok(false);
        }
        let len = self.len;
        if len >= READ_LIMIT {
            self.limited = true;
            return Ok(false);
        }
        let want = (len * 2).clamp(HEAD_BUFFER, READ_LIMIT);
        if self.buf.len() < want {
            self.buf.resize(want, 0);
        }
        // The first read takes a cached head without advising the kernel
        // (`head_read`); a short one is not the end: the next reads on.
        let read = if len == 0 {
            head_read::read_first(&self.file, &mut self.buf[..want])
        } else {
            head_read::read_at(&self.file, &mut self.buf[len..want], len as u64)
        };
        let n = read.map_err(|e| Error::io(path, e))?;
        self.len = len + n;
        self.eof = n == 0;
        Ok(n > 0)
    }

    /// The line starting at `pos` (with its `\n`, if any), reading more
    /// until it is complete; `None` at end of file.
    fn line(&mut self, path: &Path, pos: usize) -> Result<Option<(usize, usize)>, Error> {
        let mut searched = pos;
        loop {
            if let Some(i) = self.buf[searched..self.len]
                .iter()
                .position(|&b| b == b'\n')
            {
                return Ok(Some((pos, searched + i + 1)));
            }
            searched = self.len;
            if !self.fill(path)? {
                return Ok((pos < self.len).then_some((pos, self.len)));
            }
        }
    }
}

fn read_with(
    path: &Path,
    yaml: yaml::Dialect,
    buf: &mut Vec<u8>,
    dirs: &mut DirCache,
) -> Result<Option<FrontMatter>, Error> {
    let file = dirs.open(path).map_err(|e| Error::io(path, e))?;
    let mut head = Head {
        file,
        buf,
        len: 0,
        eof: false,
        limited: false,
    };
    // The flavor that reads JSON front matter is Hugo's, whose lexer
    // closes a block at any line starting with the fence.
    let allow_json = yaml != yaml::Dialect::Zola;
    let fences = if allow_json {
        source_fm::Fences::Hugo
    } else {
        source_fm::Fences::Exact
    };
    let closes = |line: &str, fence: &str| match fences {
        source_fm::Fences::Hugo => line.starts_with(fence),
        _ => line.trim_end() == fence,
    };
    let mut line_no = 0usize;
    // Where the head of the file read so far ends, delimiters included:
    // the shared parser sees it exactly as written, so its line numbers
    // are the file's.
    let mut end = 0usize;
    // Opening delimiter: the first line that is not blank.
    let kind = loop {
        let Some((start, stop)) = head.line(path, end)? else {
            return Ok(None);
        };
        line_no += 1;
        end = stop;
        if head.limited {
            // A first line longer than the read limit: a JSON object that
            // large is refused below; anything else is no fence.
            let json = allow_json && head.buf[start..stop].trim_ascii_start().starts_with(b"{");
            if !json {
                return no_front_matter(path, &head.buf[..head.len]);
            }
            break Fence::Json;
        }
        // Bytes that are not UTF-8 before any fence: no page's text.
        let line = match std::str::from_utf8(&head.buf[start..stop]) {
            Ok(line) => line,
            Err(e) => {
                return Err(Error::NotText {
                    path: path.to_owned(),
                    byte: start + e.valid_up_to() + 1,
                    what: "not UTF-8",
                });
            }
        };
        let t = line.trim_start_matches('\u{feff}').trim();
        if t.is_empty() {
            continue;
        }
        // Hugo's lexer takes the fence's three characters and reads the
        // rest of the line as the block's first line (`---title: x`).
        let hugo = fences == source_fm::Fences::Hugo;
        match t {
            "+++" => break Fence::Toml,
            "---" => break Fence::Yaml,
            _ if hugo && t.starts_with("+++") => break Fence::Toml,
            _ if hugo && t.starts_with("---") => break Fence::Yaml,
            _ if allow_json && t.starts_with('{') && !t.starts_with("{{") => break Fence::Json,
            _ => return no_front_matter(path, &head.buf[..head.len]),
        }
    };
    let open_line = line_no;
    let mut json = JsonDepth::default();
    let mut closed =
        !head.limited && kind == Fence::Json && json.feed(as_str(path, line_no, &head.buf[..end])?);
    while !closed && !head.limited {
        let Some((start, stop)) = head.line(path, end)? else {
            break;
        };
        if head.limited {
            // The line was cut at the limit.
            break;
        }
        line_no += 1;
        end = stop;
        let line = as_str(path, line_no, &head.buf[start..stop])?;
        closed = match kind {
            Fence::Toml => closes(line, "+++"),
            Fence::Yaml => closes(line, "---"),
            Fence::Json => json.feed(line),
        };
    }
    if !closed && head.limited {
        return Err(sitemap_pages::Error::FrontMatterTooLarge {
            path: path.to_owned(),
            line: open_line,
            format: match kind {
                Fence::Toml => source_fm::Format::Toml,
                Fence::Yaml => source_fm::Format::Yaml,
                Fence::Json => source_fm::Format::Json,
            },
            limit: source_fm::MAX_BLOCK,
        }
        .into());
    }
    // Every line up to `end` was checked to be UTF-8 above.
    let text = as_str(path, line_no, &head.buf[..end])?;
    // Zola's serde_yaml reads YAML 1.2 (`draft: yes` is text, refused
    // as a boolean), and so does Hugo from 0.152 on.
    let fm = source_fm::parse_as(path, text, fences, yaml)?;
    Ok(fm.format.is_some().then_some(fm))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Fence {
    Toml,
    Yaml,
    Json,
}

/// A file that opens with no front matter, `head` its first read: none,
/// unless a NUL byte there shows a binary file (no text has one), which a
/// page's first line alone would not (`%PDF-1.7`).
fn no_front_matter(path: &Path, head: &[u8]) -> Result<Option<FrontMatter>, Error> {
    match head.iter().position(|&b| b == 0) {
        None => Ok(None),
        Some(at) => Err(Error::NotText {
            path: path.to_owned(),
            byte: at + 1,
            what: "a NUL byte",
        }),
    }
}

fn as_str<'a>(path: &Path, line: usize, buf: &'a [u8]) -> Result<&'a str, Error> {
    std::str::from_utf8(buf).map_err(|_| Error::FrontMatter {
        path: path.to_path_buf(),
        line,
        message: "front matter is not UTF-8".to_owned(),
    })
}

/// Tracks `{`/`}` nesting outside JSON strings, to find where a JSON front
/// matter object ends without reading further.
#[derive(Default)]
struct JsonDepth {
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl JsonDepth {
    /// Feeds a line; true once the outermost object has closed.
    fn feed(&mut self, s: &str) -> bool {
        for c in s.chars() {
            if self.in_string {
                match c {
                    _ if self.escaped => self.escaped = false,
                    '\\' => self.escaped = true,
                    '"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => self.in_string = true,
                '{' => self.depth += 1,
                '}' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }
}

/// TOML to JSON, with dates kept as the text TOML prints for them
/// (`2024-05-01`, `2024-05-01T10:00:00Z`), which is what both generators
/// read dates from.
pub fn toml_to_json(value: toml::Value) -> Value {
    match value {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => Value::from(f),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.into_iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => {
            Value::Object(t.into_iter().map(|(k, v)| (k, toml_to_json(v))).collect())
        }
    }
}
