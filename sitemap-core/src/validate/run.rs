//! The validation run itself: the input sniffed for its kind and handed
//! to the XML or text reader, findings collected up to a cap
//! ([`Sink`]), and the caller's read error kept apart from the content's
//! ([`Guard`]).

use std::cell::RefCell;
use std::io::{self, BufRead, BufReader, Read};
use std::rc::Rc;

use super::position::{Pos, Tracked};
use super::{text, xml};

use super::{Diagnostic, Entry, Format, Options, Report, Severity, ValidateError, profile_name};

pub(super) fn validate_inner(
    input: impl BufRead,
    options: &Options,
    visit: Option<&mut dyn FnMut(Entry)>,
) -> Result<Report, ValidateError> {
    let failed = Rc::new(RefCell::new(None));
    let mut source = Guard {
        inner: input,
        failed: Rc::clone(&failed),
    };
    // robots.txt is plain text to every crawler (RFC 9309): bytes that
    // happen to start like gzip are its first line, not a stream to
    // inflate (found by the robots fuzz target: a merged file whose old
    // text began with 0x1f 0x8b was judged "not a valid gzip stream").
    let gzip = options.format != Format::Robots
        && source.fill_buf().map(|b| b.starts_with(&[0x1f, 0x8b]))?;
    // One byte past the limit proves the limit was passed; the gzip
    // decoder is never asked for more than that (plus one buffer).
    let allowance = options.limits.max_bytes.saturating_add(1);
    let mut report = Report::new();
    report.gzip = gzip;
    if gzip {
        let decoder = BufReader::new(crate::gzip::gunzip(source));
        run(
            Tracked::new(decoder, allowance),
            options,
            &mut report,
            visit,
        );
    } else {
        run(Tracked::new(source, allowance), options, &mut report, visit);
    }
    if let Some(e) = failed.borrow_mut().take() {
        return Err(ValidateError::Io(e));
    }
    Ok(report)
}

pub(super) fn run<R: BufRead>(
    mut input: Tracked<R>,
    options: &Options,
    report: &mut Report,
    visit: Option<&mut dyn FnMut(Entry)>,
) {
    let mut sink = Sink::new(options.max_diagnostics);
    let format = match options.format {
        Format::Auto => sniff(&mut input),
        f => f,
    };
    match format {
        Format::Robots => text::robots(&mut input, &mut sink, report),
        Format::Text => text::text_sitemap(&mut input, options, &mut sink, report, visit),
        _ => {
            // Reborrowed so the visitor's lifetime may shrink to the
            // options' (behind `&mut` it would not otherwise).
            let visit = visit.map(|v| &mut *v as &mut dyn FnMut(Entry));
            xml::xml(&mut input, options, &mut sink, report, visit)
        }
    }
    report.bytes = input.offset();
    if input.over_limit {
        let what = if report.gzip {
            "uncompressed size passes"
        } else {
            "file size passes"
        };
        // The legacy profile is stricter than the protocol: say how to
        // hold a larger file (another generator's) to the protocol's own.
        let protocol = if options.limits == crate::Limits::LEGACY {
            format!(
                "; the protocol allows {} bytes (limits `sitemaps-org`)",
                thousands(crate::Limits::SITEMAPS_ORG.max_bytes)
            )
        } else {
            String::new()
        };
        sink.push(
            input.here(),
            Severity::Error,
            format!(
                "{what} the limit of {} bytes ({}); stopped reading at byte {}{protocol}",
                thousands(options.limits.max_bytes),
                profile_name(&options.limits),
                thousands(options.limits.max_bytes + 1)
            ),
        );
    } else if let Some(e) = input.read_error.take() {
        let msg = if report.gzip {
            format!("not a valid gzip stream: {e}")
        } else {
            format!("cannot read the file: {e}")
        };
        sink.push(input.here(), Severity::Error, msg);
    }
    report.diagnostics = sink.diagnostics;
    report.suppressed = sink.suppressed;
    // Emitted in file order, except findings known only at the end of an
    // element; sort so the output reads top to bottom. Stable, so two
    // findings at one place keep their order.
    report.diagnostics.sort_by_key(|d| (d.line, d.column));
}

/// Looks at the first bytes after a BOM and whitespace.
pub(super) fn sniff<R: BufRead>(input: &mut Tracked<R>) -> Format {
    match input.fill_buf() {
        Ok(buf) => {
            let rest = buf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(buf);
            match rest.iter().find(|b| !b.is_ascii_whitespace()) {
                Some(b'<') | None => Format::Xml,
                Some(_) if rest.starts_with(b"\xFF\xFE") || rest.starts_with(b"\xFE\xFF") => {
                    Format::Xml
                }
                Some(_) => Format::Text,
            }
        }
        Err(_) => Format::Xml,
    }
}

/// Collects diagnostics up to a cap.
pub(crate) struct Sink {
    pub(super) diagnostics: Vec<Diagnostic>,
    pub(super) max: usize,
    pub(super) suppressed: u64,
}

impl Sink {
    pub(super) fn new(max: usize) -> Sink {
        Sink {
            diagnostics: Vec::new(),
            max,
            suppressed: 0,
        }
    }

    pub(crate) fn push(&mut self, at: Pos, severity: Severity, message: String) {
        if self.diagnostics.len() >= self.max {
            self.suppressed += 1;
            return;
        }
        self.diagnostics.push(Diagnostic {
            line: at.line,
            column: at.column,
            severity,
            message,
        });
    }

    pub(crate) fn error(&mut self, at: Pos, message: impl Into<String>) {
        self.push(at, Severity::Error, message.into());
    }

    pub(crate) fn warning(&mut self, at: Pos, message: impl Into<String>) {
        self.push(at, Severity::Warning, message.into());
    }
}

/// Remembers the read error of the caller's reader, which the layers above
/// (gzip, quick-xml) would otherwise turn into content errors.
pub(super) struct Guard<R> {
    pub(super) inner: R,
    pub(super) failed: Rc<RefCell<Option<io::Error>>>,
}

impl<R: BufRead> Read for Guard<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let buf = self.fill_buf()?;
        let n = buf.len().min(out.len());
        out[..n].copy_from_slice(&buf[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Guard<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self.inner.fill_buf() {
            Ok(b) => Ok(b),
            Err(e) => {
                let mut failed = self.failed.borrow_mut();
                if failed.is_none() {
                    *failed = Some(io::Error::new(e.kind(), e.to_string()));
                }
                Err(e)
            }
        }
    }

    fn consume(&mut self, amt: usize) {
        self.inner.consume(amt);
    }
}

/// `52428800` as `52,428,800`.
pub(crate) fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
