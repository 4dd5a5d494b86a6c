//! Plain text sitemaps (one URL per line) and robots.txt `Sitemap:` lines.

use std::io::BufRead;

use crate::validate::position::{Pos, Tracked};
use crate::validate::values::{Entries, check_loc, clip};
use crate::validate::{Child, DocumentKind, Entry, Options, Report, Sink, ValidateError};

/// Longest line kept; a longer one is reported, not stored.
const MAX_LINE: usize = 4 * crate::MAX_LOC_LEN;

/// Reads lines with a cap on what one line may hold in memory.
/// Returns `None` at the end, or on invalid UTF-8 / read errors (which
/// are reported).
fn next_line<R: BufRead>(
    input: &mut Tracked<R>,
    sink: &mut Sink,
    line: &mut String,
) -> Option<(Pos, bool)> {
    next_line_as(input, sink, line, false)
}

/// [`next_line`]; with `lossy`, a line that is not UTF-8 is a warning and
/// read with U+FFFD in place of the bad bytes (robots.txt files carry
/// Latin-1 comments, and crawlers read on).
fn next_line_as<R: BufRead>(
    input: &mut Tracked<R>,
    sink: &mut Sink,
    line: &mut String,
    lossy: bool,
) -> Option<(Pos, bool)> {
    line.clear();
    let at = input.here();
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = input.fill_buf().ok()?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let n = chunk.len();
        if bytes.len() < MAX_LINE {
            bytes.extend_from_slice(&chunk[..n.min(MAX_LINE - bytes.len())]);
        } else {
            too_long = true;
        }
        input.consume(n);
        if done {
            break;
        }
    }
    if !any {
        return None;
    }
    while bytes.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        bytes.pop();
    }
    match String::from_utf8(bytes) {
        Ok(s) => *line = s,
        Err(e) if lossy => {
            sink.warning(
                at,
                format!(
                    "line is not UTF-8 ({}); robots.txt should be UTF-8, and crawlers may ignore what they cannot read",
                    e.utf8_error()
                ),
            );
            *line = String::from_utf8_lossy(e.as_bytes()).into_owned();
        }
        Err(e) => {
            sink.error(
                at,
                format!(
                    "line is not UTF-8 ({}); sitemaps must be UTF-8",
                    e.utf8_error()
                ),
            );
            return None;
        }
    }
    Some((at, too_long))
}

pub(crate) fn text_sitemap<R: BufRead>(
    input: &mut Tracked<R>,
    options: &Options,
    sink: &mut Sink,
    report: &mut Report,
    mut visit: Option<&mut dyn FnMut(Entry)>,
) {
    report.kind = DocumentKind::Text;
    if input
        .fill_buf()
        .is_ok_and(|b| b.starts_with(b"\xEF\xBB\xBF"))
    {
        sink.warning(input.here(), "the file starts with a UTF-8 byte order mark; some consumers read it as part of the first URL");
        input.consume(3);
        input.reset_column();
    }
    let mut entries = Entries::new(options, false);
    let mut line = String::new();
    while let Some((at, too_long)) = next_line(input, sink, &mut line) {
        if too_long {
            sink.error(
                at,
                format!(
                    "line longer than {} bytes; a URL may have at most {} characters",
                    MAX_LINE,
                    crate::MAX_LOC_LEN
                ),
            );
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        entries.count(at, sink, &options.limits);
        if line.trim() != line {
            sink.error(at, "whitespace around the URL; a text sitemap has exactly one URL per line and nothing else");
            continue;
        }
        if let Some(loc) = check_loc(&line, "URL", at, sink) {
            entries.check(&loc, at, sink);
            if let Some(visit) = visit.as_mut() {
                visit(Entry {
                    loc,
                    line: at.line,
                    column: at.column,
                    lastmod: None,
                    alternates: Vec::new(),
                    images: Vec::new(),
                });
            }
        }
    }
    report.entries = entries.count;
    if entries.count == 0 && !input.over_limit {
        sink.error(input.here(), "the text sitemap lists no URL");
    }
}

pub(crate) fn robots<R: BufRead>(input: &mut Tracked<R>, sink: &mut Sink, report: &mut Report) {
    report.kind = DocumentKind::Robots;
    let mut line = String::new();
    let mut first = true;
    while let Some((at, _)) = next_line_as(input, sink, &mut line, true) {
        // A byte order mark is not part of the first field name, and a
        // lone CR ends a line (RFC 9309): the same reading as the merge's,
        // so what it writes is what is read. (Lines ended by a lone CR
        // are reported at the position of the whole run.)
        let body = if first {
            line.strip_prefix('\u{feff}').unwrap_or(&line)
        } else {
            &line
        };
        first = false;
        for body in body.split('\r') {
            robots_line(body, at, sink, report);
        }
    }
}

fn robots_line(body: &str, at: Pos, sink: &mut Sink, report: &mut Report) {
    let Some(value) = crate::robots::sitemap_value(body.as_bytes()) else {
        return;
    };
    let Ok(value) = std::str::from_utf8(value) else {
        return;
    };
    if !value.contains("://") {
        sink.error(
                at,
                format!("`Sitemap: {}`: robots.txt must give the sitemap's absolute URL (https://host/sitemap.xml), not a path", clip(value)),
            );
    } else if let Some(loc) = check_loc(value, "Sitemap:", at, sink) {
        // `https://h//sitemap.xml`: a theme joining `baseURL` (with its
        // `/`) and `/sitemap.xml`. Servers may answer it, but it is not
        // the sitemap's URL, and the base URL read from it is wrong.
        let path = &loc.as_str()[loc.origin().len()..];
        if path.contains("//") {
            sink.warning(
                at,
                format!(
                    "`Sitemap: {}`: an empty path segment (`//`), most often a base URL ending in `/` joined with `/sitemap.xml`; write `{}{}`",
                    clip(value),
                    loc.origin(),
                    collapse_slashes(path)
                ),
            );
        }
        report.entries += 1;
        report.children.push(Child {
            loc,
            line: at.line,
            column: at.column,
        });
    }
}

/// `path` with each run of `/` made one.
fn collapse_slashes(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    out
}

/// Checks a robots.txt: every `Sitemap:` line must hold an absolute
/// http(s) URL. The URLs found are in [`Report::children`].
///
/// ```
/// use sitemap_core::validate::validate_robots;
///
/// let robots = "User-agent: *\nDisallow:\nSitemap: /sitemap.xml\n";
/// let report = validate_robots(robots.as_bytes())?;
/// assert_eq!(report.errors(), 1);
/// assert_eq!(report.diagnostics[0].line, 3);
/// # Ok::<(), sitemap_core::validate::ValidateError>(())
/// ```
///
/// # Errors
///
/// When `input` fails to read.
pub fn validate_robots(input: impl BufRead) -> Result<Report, ValidateError> {
    crate::validate::validate(
        input,
        &Options::default().with_format(crate::validate::Format::Robots),
    )
}
