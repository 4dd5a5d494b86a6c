//! The URL list `sitemap write` reads, as Google's Sitemap Generator
//! (`urllist`) and sitemap.js's CLI take one.
//!
//! Two input forms, told apart by the first non-blank line:
//!
//! - **Lines**: a URL, then optional whitespace-separated `key=value`
//!   fields: `lastmod=`, `changefreq=`, `priority=`, `hreflang=LANG:URL`
//!   and `image=URL` (both repeatable), and `source=` (its path
//!   percent-escaped, so it holds no whitespace), which is ignored,
//!   so that the output of `sitemap scan --dry-run` can be written as it
//!   is.
//! - **JSON Lines** (first line starts with `{`): one object a line with
//!   `loc`, and optionally `lastmod`, `changefreq`, `priority` and
//!   `alternates` (`[{"hreflang": "de", "href": "…"}]`) and `images`
//!   (`["https://…/a.png"]`).
//!
//! A `loc` may be absolute or relative to the base URL. The list is
//! streamed: [`UrlList`] holds one line (at most [`MAX_LINE`] bytes),
//! never the list; blank lines are skipped, and so is a byte order mark
//! opening the list.

use std::io::{BufRead, Read};

use serde::Deserialize;
use sitemap_core::{Alternate, ChangeFreq, Hreflang, Image, Lastmod, Loc, Priority, Url};

/// The longest line read; a longer one is an error, not an allocation.
pub const MAX_LINE: usize = 64 * 1024;

/// One URL of the list, with where it stood.
#[derive(Debug)]
#[non_exhaustive]
pub struct Listed {
    /// 1-based line number.
    pub line: u64,
    /// 1-based column of the URL in its line.
    pub col: usize,
    /// The entry.
    pub url: Url,
}

/// A line that is not an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct BadLine {
    /// 1-based line number.
    pub line: u64,
    /// 1-based column of the fault.
    pub col: usize,
    /// What is wrong, naming the field.
    pub message: String,
}

impl BadLine {
    /// The error at `NAME:LINE:COL`, `name` being the list's path (or
    /// `<stdin>`).
    pub fn at(&self, name: &str) -> sitemap_core::Diagnostic {
        sitemap_core::Diagnostic::error(self.message.clone())
            .at(name, self.line)
            .with_column(Some(self.col as u64))
    }
}

/// A URL list being read, entry by entry.
pub struct UrlList<R> {
    lines: Lines<R>,
    base: Loc,
    json: Option<bool>,
}

impl<R: BufRead> UrlList<R> {
    /// A list read from `reader`, relative locs resolved against `base`.
    pub fn new(reader: R, base: Loc) -> UrlList<R> {
        UrlList {
            lines: Lines::new(reader),
            base,
            json: None,
        }
    }

    /// Lines read so far.
    pub fn lines_read(&self) -> u64 {
        self.lines.number
    }

    /// The next entry or bad line; `None` at the end of the list. An
    /// `Err` is a read error of the reader itself.
    pub fn next_entry(&mut self) -> std::io::Result<Option<Result<Listed, BadLine>>> {
        loop {
            let Some(line) = self.lines.next_line()? else {
                return Ok(None);
            };
            let number = self.lines.number;
            let bad = |col, message| {
                Some(Err(BadLine {
                    line: number,
                    col,
                    message,
                }))
            };
            let text = match line {
                Line::Text(text) => text,
                Line::NotUtf8(col) => return Ok(bad(col, "not UTF-8".to_owned())),
                Line::TooLong => {
                    return Ok(bad(1, format!("line longer than {} KiB", MAX_LINE / 1024)));
                }
            };
            // Editors on Windows save a list with a byte order mark:
            // invisible, it made line 1 "not an absolute URL".
            let text = match text.strip_prefix('\u{feff}') {
                Some(rest) if number == 1 => rest,
                _ => &text,
            };
            let trimmed = text.trim();
            if trimmed.is_empty() {
                continue;
            }
            let is_json = *self.json.get_or_insert_with(|| trimmed.starts_with('{'));
            let parsed = if is_json {
                parse_json(trimmed, &self.base)
            } else {
                parse_fields(text, &self.base)
            };
            return Ok(Some(match parsed {
                Ok(url) => Ok(Listed {
                    line: number,
                    col: text.len() - text.trim_start().len() + 1,
                    url,
                }),
                Err((col, message)) => Err(BadLine {
                    line: number,
                    col,
                    message,
                }),
            }));
        }
    }
}

/// One JSON Lines entry.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonEntry {
    loc: String,
    lastmod: Option<String>,
    changefreq: Option<String>,
    priority: Option<f64>,
    #[serde(default)]
    alternates: Vec<JsonAlternate>,
    #[serde(default)]
    images: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonAlternate {
    hreflang: String,
    href: String,
}

/// A line's URL, relative ones resolved against the base.
fn loc(text: &str, base: &Loc) -> Result<Loc, String> {
    if text.contains("://") {
        Loc::parse(text)
    } else {
        base.join(text)
    }
    .map_err(|e| format!("`{}`: {e}", sitemap_core::diagnostic::Name::new(text)))
}

/// `URL key=value …`; the error carries its 1-based column.
fn parse_fields(line: &str, base: &Loc) -> Result<Url, (usize, String)> {
    let mut words = line
        .split_ascii_whitespace()
        // The column of each word: its offset in the line, plus one.
        .map(|w| (w.as_ptr() as usize - line.as_ptr() as usize + 1, w));
    let (col, first) = words.next().ok_or((1, "empty line".to_owned()))?;
    let mut url = Url::new(loc(first, base).map_err(|m| (col, m))?);
    for (col, word) in words {
        let (key, value) = word.split_once('=').ok_or_else(|| {
            (
                col,
                format!(
                    "`{}`: expected key=value after the URL",
                    sitemap_core::diagnostic::Name::new(word)
                ),
            )
        })?;
        let bad = |e: &dyn std::fmt::Display| (col + key.len() + 1, named(key, value, e));
        url = match key {
            "lastmod" => url.with_lastmod(value.parse::<Lastmod>().map_err(|e| bad(&e))?),
            "changefreq" => url.with_changefreq(value.parse::<ChangeFreq>().map_err(|e| bad(&e))?),
            "priority" => url.with_priority(value.parse::<Priority>().map_err(|e| bad(&e))?),
            "hreflang" => {
                let (lang, href) = value
                    .split_once(':')
                    .ok_or_else(|| bad(&"expected hreflang=LANG:URL"))?;
                let lang: Hreflang = lang.parse().map_err(|e| bad(&e))?;
                url.with_alternate(Alternate::new(lang, loc(href, base).map_err(|m| bad(&m))?))
            }
            "image" => url.with_image(Image::new(loc(value, base).map_err(|m| bad(&m))?)),
            // `sitemap scan --dry-run` names each entry's source file.
            "source" => url,
            other => {
                return Err((
                    col,
                    format!(
                        "unknown field `{other}`; expected lastmod, changefreq, priority, hreflang or image"
                    ),
                ));
            }
        };
    }
    Ok(url)
}

/// A value's error, naming the field once (the model's own messages
/// often start with it already).
fn named(key: &str, value: &str, e: &dyn std::fmt::Display) -> String {
    let message = e.to_string();
    if message.starts_with(key) {
        message
    } else if value.is_empty() {
        format!("{key}: {message}")
    } else {
        format!("{key} `{value}`: {message}")
    }
}

/// One JSON object; serde_json's column for syntax errors, 1 otherwise.
fn parse_json(line: &str, base: &Loc) -> Result<Url, (usize, String)> {
    let entry: JsonEntry = serde_json::from_str(line).map_err(|e| {
        // serde_json appends "at line 1 column N"; the column is given
        // as ours instead.
        let message = e.to_string();
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        (e.column().max(1), message.to_owned())
    })?;
    let field = |name: &str, e: &dyn std::fmt::Display| (1, named(name, "", e));
    let mut url = Url::new(loc(&entry.loc, base).map_err(|m| (1, format!("loc {m}")))?);
    if let Some(l) = &entry.lastmod {
        url = url.with_lastmod(l.parse::<Lastmod>().map_err(|e| field("lastmod", &e))?);
    }
    if let Some(c) = &entry.changefreq {
        url = url.with_changefreq(
            c.parse::<ChangeFreq>()
                .map_err(|e| field("changefreq", &e))?,
        );
    }
    if let Some(p) = entry.priority {
        url = url.with_priority(Priority::new(p).map_err(|e| field("priority", &e))?);
    }
    for alt in &entry.alternates {
        let lang: Hreflang = alt.hreflang.parse().map_err(|e| field("alternates", &e))?;
        let href = loc(&alt.href, base).map_err(|m| (1, format!("alternates: {m}")))?;
        url = url.with_alternate(Alternate::new(lang, href));
    }
    for image in &entry.images {
        let image = loc(image, base).map_err(|m| (1, format!("images: {m}")))?;
        url = url.with_image(Image::new(image));
    }
    Ok(url)
}

enum Line {
    Text(String),
    TooLong,
    /// Not UTF-8: the column of the first bad byte.
    NotUtf8(usize),
}

/// Lines of at most [`MAX_LINE`] bytes, counted; a longer line is skipped
/// to its end without being held.
struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    number: u64,
}

impl<R: BufRead> Lines<R> {
    fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buf: Vec::new(),
            number: 0,
        }
    }

    fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        self.buf.clear();
        let n = (&mut self.reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut self.buf)?;
        if n == 0 {
            return Ok(None);
        }
        self.number += 1;
        if self.buf.len() > MAX_LINE && self.buf.last() != Some(&b'\n') {
            // Skip the rest of the line.
            loop {
                let chunk = self.reader.fill_buf()?;
                if chunk.is_empty() {
                    break;
                }
                match chunk.iter().position(|&b| b == b'\n') {
                    Some(at) => {
                        self.reader.consume(at + 1);
                        break;
                    }
                    None => {
                        let len = chunk.len();
                        self.reader.consume(len);
                    }
                }
            }
            return Ok(Some(Line::TooLong));
        }
        Ok(Some(
            match String::from_utf8(std::mem::take(&mut self.buf)) {
                Ok(text) => Line::Text(text),
                Err(e) => Line::NotUtf8(e.utf8_error().valid_up_to() + 1),
            },
        ))
    }
}
