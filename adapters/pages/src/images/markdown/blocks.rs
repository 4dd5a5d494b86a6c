//! The stretches of a Markdown body that can hold an image, so that only
//! they are parsed.
//!
//! Parsing is nearly all the cost of reading a page's images, and most of
//! a page is paragraphs of text. A body is cut at *top-level breaks*: a
//! blank line followed by a line starting in column 0 (not `:`, which
//! continues a definition list) while no fenced code block or HTML block
//! of types 1–5 (`<!--`, `<pre`, `<script`, … which run over blank lines)
//! is open. CommonMark closes every container (list, block quote,
//! footnote) and every other leaf block there, so each stretch parses on
//! its own exactly as it does in the whole body. The stretches that can
//! hold an image (`![`, `<img`), a reference definition (`]:`, which
//! reference images anywhere resolve through, so all are kept in order) or
//! a Zola shortcode (`{{`, `{%`, counted outside code) are kept, in order,
//! and parsed as one text; the others are dropped, and so are those
//! whose only hits are in a top-level fenced block (code), but for Zola.
//!
//! It is one pass. The bytes that can start one of those ([`Hits`]) are
//! found with `memchr` over the whole body, not line by line; the line
//! walk that tracks open blocks looks at the first bytes of each line only
//! (a line's indentation, then a fence or `<`). Fences and HTML blocks
//! inside a container need no tracking: the container, and so the block,
//! is closed at the next top-level break. Only top-level ones are
//! followed, and any line that could open one this walk cannot place
//! sends the whole body to the full parse (`None`):
//!
//! - a fence (`` ``` ``, `~~~`) or an HTML block opener (`<!`, `<?`,
//!   `<pre`, `<style`, `<script`, `<textarea`) after an indentation: it
//!   may be top-level (up to three spaces) or in a list item;
//! - one in column 0 after a line with `<`, `|`, `]:` or a leading `:`
//!   since the last blank line (it may be the text of an HTML block of
//!   types 6–7, a table, a reference definition, a definition): that
//!   stretch is searched only when such an opener is met ([`Unsure`]);
//! - a lone `\r` (a line ending this walk does not split on; `\r\n` is
//!   read as `\n`, as CommonMark does).
//!
//! Fence and HTML-block rules are pulldown-cmark 0.13's (`firstpass.rs`):
//! a backtick fence's info string has no backtick, a closer is indented at
//! most three spaces, an HTML block's end tag is matched as written (lower
//! case).

use std::ops::Range;

use memchr::{memchr, memchr3, memmem};

/// The kept stretches of a body, joined, and where each came from.
pub(super) struct Selected {
    /// The kept stretches, in document order.
    pub(super) text: String,
    /// For each kept run: its offset in `text` and in the body.
    starts: Vec<(usize, usize)>,
}

impl Selected {
    /// A range of `text` as the same range of the body (a range never
    /// spans two runs: code never crosses a top-level break).
    pub(super) fn to_body(&self, range: Range<usize>) -> Range<usize> {
        let i = self.starts.partition_point(|&(at, _)| at <= range.start) - 1;
        let (at, body_at) = self.starts[i];
        body_at + (range.start - at)..body_at + (range.end - at)
    }
}

/// Where a fenced block or an HTML block of types 1–5 is open.
enum Open {
    /// Fence character and length, and where its opening line starts.
    Fence(u8, usize, usize),
    /// The end marker of an HTML block.
    Html(&'static [u8]),
}

/// The stretches of `body` that can hold an image; `None` when the whole
/// body must be parsed (it is all kept, or it has a line this walk does
/// not follow: see the module's doc). `zola` keeps stretches with a Zola
/// shortcode.
pub(super) fn select(body: &str, zola: bool) -> Option<Selected> {
    let runs = runs(body.as_bytes(), zola)?;
    if runs.len() == 1 && runs[0] == (0..body.len()) {
        return None;
    }
    let mut text = String::with_capacity(runs.iter().map(|r| r.len()).sum());
    let mut starts = Vec::with_capacity(runs.len());
    for run in runs {
        starts.push((text.len(), run.start));
        text.push_str(&body[run]);
    }
    Some(Selected { text, starts })
}

/// The kept runs of `b`, in order; `None` when it has a line the walk
/// does not follow.
fn runs(b: &[u8], zola: bool) -> Option<Vec<Range<usize>>> {
    // `\r\n` ends a line as `\n` does; a lone `\r`, which also ends one,
    // is not followed.
    let mut at = 0;
    while let Some(i) = memchr(b'\r', &b[at..]) {
        at += i + 1;
        if b.get(at) != Some(&b'\n') {
            return None;
        }
    }
    let mut hits = Hits::new(b, zola);
    let mut unsure = Unsure::default();
    let mut runs: Vec<Range<usize>> = Vec::new();
    let mut stretch = 0;
    let mut open: Option<Open> = None;
    let mut after_blank = false;
    let mut start = 0;
    while start < b.len() {
        // Half the lines of prose are blank: no search for those.
        let end = if b[start] == b'\n' {
            start + 1
        } else {
            memchr(b'\n', &b[start..]).map_or(b.len(), |i| start + i + 1)
        };
        let line = &b[start..end];
        let indent = line
            .iter()
            .take_while(|&&c| c == b' ' || c == b'\t')
            .count();
        let rest = &line[indent..];
        let blank = matches!(rest, b"" | b"\n" | b"\r\n");
        if after_blank && !blank && indent == 0 && open.is_none() && rest[0] != b':' {
            if hits.any_in(stretch..start) {
                keep(&mut runs, stretch..start);
            }
            stretch = start;
        }
        let at = start;
        start = end;
        after_blank = blank;
        match open {
            Some(Open::Fence(ch, n, from)) => {
                if closes_fence(line, ch, n) {
                    hits.code(from..end);
                    open = None;
                }
                continue;
            }
            Some(Open::Html(end_tag)) => {
                if memmem::find(line, end_tag).is_some() {
                    open = None;
                }
                continue;
            }
            None => {}
        }
        if blank {
            unsure = Unsure {
                from: end,
                found: false,
            };
            continue;
        }
        if indent > 0 {
            if rest.starts_with(b"```") || rest.starts_with(b"~~~") || may_open_html(rest) {
                return None;
            }
            continue;
        }
        if let Some(fence) = opens_fence(line, at) {
            if unsure.before(b, at) {
                return None;
            }
            open = Some(fence);
        } else if let Some(end_tag) = html_end_tag(line) {
            if unsure.before(b, at) {
                return None;
            }
            if memmem::find(line, end_tag).is_none() {
                open = Some(Open::Html(end_tag));
            }
        }
    }
    if let Some(Open::Fence(_, _, from)) = open {
        hits.code(from..b.len());
    }
    if hits.any_in(stretch..b.len()) {
        keep(&mut runs, stretch..b.len());
    }
    Some(runs)
}

/// Adds a stretch to the kept runs, joined to the last run when they
/// touch.
fn keep(runs: &mut Vec<Range<usize>>, stretch: Range<usize>) {
    if stretch.is_empty() {
        return;
    }
    match runs.last_mut() {
        Some(last) if last.end == stretch.start => last.end = stretch.end,
        _ => runs.push(stretch),
    }
}

/// The places in a body that can hold (part of) an image, a reference
/// definition or a Zola shortcode: `![`, `<img` in any case, `]:`, and
/// for Zola `{{` and `{%`. Found with `memchr` from where the last search
/// stopped, so the body is swept once (a stretch with a hit is not
/// searched past it).
struct Hits<'b> {
    body: &'b [u8],
    zola: bool,
    /// The first hit at or after the start of the last stretch asked
    /// about (the body's length: none).
    next: usize,
    /// The top-level fenced blocks of the stretch being walked, whose
    /// hits are code (none for Zola: see [`Hits::code`]).
    code: Vec<Range<usize>>,
}

impl<'b> Hits<'b> {
    fn new(body: &'b [u8], zola: bool) -> Self {
        let mut hits = Hits {
            body,
            zola,
            next: 0,
            code: Vec::new(),
        };
        hits.next = hits.search(0);
        hits
    }

    /// Whether `stretch` (which starts at or after every stretch asked
    /// about before) has a hit.
    fn any_in(&mut self, stretch: Range<usize>) -> bool {
        // No hit before `next` since the last stretch's start: `next` is
        // also the first at or after this one's when it is not before it.
        if self.next < stretch.start {
            self.next = self.search(stretch.start);
        }
        let mut code = self.code.iter();
        let mut block = code.next();
        let found = loop {
            if self.next >= stretch.end {
                break false;
            }
            while block.is_some_and(|r| r.end <= self.next) {
                block = code.next();
            }
            match block {
                Some(r) if r.start <= self.next => self.next = self.search(r.end),
                _ => break true,
            }
        };
        self.code.clear();
        found
    }

    /// A top-level fenced block of the stretch being walked (in order):
    /// nothing in it is an image, a reference definition or raw HTML, so
    /// a stretch whose only hits are in such blocks is dropped. Not for
    /// Zola, whose shortcodes count only outside code, as the parse of
    /// the block tells.
    fn code(&mut self, block: Range<usize>) {
        if !self.zola {
            self.code.push(block);
        }
    }

    /// The first hit at or after `at`.
    fn search(&self, from: usize) -> usize {
        let b = self.body;
        let mut at = from;
        let markdown = loop {
            let Some(i) = memchr3(b'!', b'<', b']', &b[at..]) else {
                break b.len();
            };
            let i = at + i;
            let next = b.get(i + 1).copied();
            let hit = match b[i] {
                b'!' => next == Some(b'['),
                b']' => next == Some(b':'),
                _ => b
                    .get(i + 1..i + 4)
                    .is_some_and(|t| t.eq_ignore_ascii_case(b"img")),
            };
            if hit {
                break i;
            }
            at = i + 1;
        };
        if !self.zola {
            return markdown;
        }
        let mut at = from;
        // A Zola shortcode before the Markdown hit, searched only up to it.
        while let Some(i) = memchr(b'{', &b[at..markdown]) {
            let i = at + i;
            if matches!(b.get(i + 1), Some(b'{' | b'%')) {
                return i;
            }
            at = i + 1;
        }
        markdown
    }
}

/// Whether a stretch before a fence or HTML block opener has a line that
/// may make that opener text (see the module's doc). Searched only when
/// an opener is met, from where the last search stopped; a blank line
/// starts a new stretch.
#[derive(Default)]
struct Unsure {
    /// Where the stretch not yet searched starts.
    from: usize,
    /// Whether what was searched has such a line.
    found: bool,
}

impl Unsure {
    /// Whether `body[self.from..at]` (whole lines) or what was searched
    /// before has `<`, `|`, `]:` or a line starting with `:`.
    fn before(&mut self, body: &[u8], at: usize) -> bool {
        if !self.found && self.from < at {
            let part = &body[self.from..at];
            let mut i = 0;
            while let Some(j) = memchr3(b'<', b'|', b']', &part[i..]) {
                let j = i + j;
                if part[j] != b']' || part.get(j + 1) == Some(&b':') {
                    self.found = true;
                    break;
                }
                i = j + 1;
            }
            self.found = self.found || part[0] == b':' || memmem::find(part, b"\n:").is_some();
            self.from = at;
        }
        self.found
    }
}

/// A column-0 fence opener: three or more `` ` `` (with no backtick after
/// them) or `~`.
fn opens_fence(line: &[u8], at: usize) -> Option<Open> {
    let ch = *line.first().filter(|c| matches!(c, b'`' | b'~'))?;
    let n = line.iter().take_while(|&&c| c == ch).count();
    if n < 3 || (ch == b'`' && line[n..].contains(&b'`')) {
        return None;
    }
    Some(Open::Fence(ch, n, at))
}

/// Whether a line closes a fence of `n` `ch`: at most three spaces, at
/// least `n` of them, then only spaces and tabs.
fn closes_fence(line: &[u8], ch: u8, n: usize) -> bool {
    let indent = line.iter().take_while(|&&c| c == b' ').count();
    if indent > 3 {
        return false;
    }
    let rest = &line[indent..];
    let run = rest.iter().take_while(|&&c| c == ch).count();
    run >= n
        && rest[run..]
            .iter()
            .all(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n'))
}

/// The end marker of an HTML block of types 1–5 a column-0 line opens,
/// as pulldown-cmark's `get_html_end_tag` reads it.
fn html_end_tag(line: &[u8]) -> Option<&'static [u8]> {
    let rest = line.strip_prefix(b"<")?;
    for (tag, end) in [
        (&b"pre"[..], &b"</pre>"[..]),
        (b"style", b"</style>"),
        (b"script", b"</script>"),
        (b"textarea", b"</textarea>"),
    ] {
        let ends_tag = |c: Option<&u8>| c.is_none_or(|&c| c.is_ascii_whitespace() || c == b'>');
        if rest.len() >= tag.len()
            && rest[..tag.len()].eq_ignore_ascii_case(tag)
            && ends_tag(rest.get(tag.len()))
        {
            return Some(end);
        }
    }
    for (tag, end) in [
        (&b"!--"[..], &b"-->"[..]),
        (b"?", b"?>"),
        (b"![CDATA[", b"]]>"),
    ] {
        if rest.starts_with(tag) {
            return Some(end);
        }
    }
    (rest.len() > 1 && rest[0] == b'!' && rest[1].is_ascii_alphabetic()).then_some(b">")
}

/// Whether an indented line's text starts with what could open an HTML
/// block of types 1–5 (`<!`, `<?`, `<pre`, `<style`, `<script`,
/// `<textarea`, in any case).
fn may_open_html(rest: &[u8]) -> bool {
    let Some(rest) = rest.strip_prefix(b"<") else {
        return false;
    };
    matches!(rest.first(), Some(b'!' | b'?'))
        || [&b"pre"[..], b"style", b"script", b"textarea"]
            .iter()
            .any(|tag| rest.len() >= tag.len() && rest[..tag.len()].eq_ignore_ascii_case(tag))
}
#[cfg(test)]
mod tests {
    use super::super::{Dialect, parse};
    use std::path::Path;

    const DIALECTS: [Dialect; 4] = [
        Dialect::Zola,
        Dialect::Hugo { raw_html: true },
        Dialect::Hugo { raw_html: false },
        Dialect::MdBook,
    ];

    /// The images read from the kept stretches are the images read from
    /// the whole body, in every dialect.
    fn same(body: &str, what: &str) {
        for dialect in DIALECTS {
            assert_eq!(
                parse(body, dialect, true),
                parse(body, dialect, false),
                "{what} ({dialect:?}): {body:?}"
            );
        }
    }

    #[test]
    fn hard_cases_read_the_same_images() {
        let cases = [
            "para\n\n![a](a.png)\n\ntext\n\n[r]: r.png\n",
            "![a][r]\n\ntext\n\n[r]: <r.png>\n\nmore\n\n[r]: other.png\n",
            "```\n![no](a.png)\n\ntext\n\n![no](b.png)\n```\n\n![yes](c.png)\n",
            "~~~~\n![no](a.png)\n~~~\n\ntext\n\n~~~~\n\n![yes](c.png)\n",
            "```a`b\n\n```\n![no](x.png)\n\ntext\n```\n\n![y](y.png)\n",
            "<!--\n\n![no](a.png)\n\n-->\n\n![y](y.png)\n",
            "<pre>\n\n![no](a.png)\n\n</pre>\n\n![y](y.png)\n",
            "<PRE>\n\n![no](a.png)\n\n</PRE>\n\ntext\n\n</pre>\n\n![y](y.png)\n",
            "<div>\n```\n\ntext\n\n```\ncode ![c](c.png)\n\nmore\n```\n\n![y](y.png)\n",
            "- a\n\n  ```\n  x\n\nnext\n\n  ![i](i.png)\n  ```\n",
            "- ```\nfoo\n```\n\n![no](n.png)\n\n```\n\n![y](y.png)\n",
            "> ```\n\n![y](y.png)\n\n> ```\n",
            "1. item\n\n   ![in](in.png)\n\n2. next\n\n![out](out.png)\n",
            "Term\n\n: def ![d](d.png)\n\ntext\n",
            "Text[^1]\n\n[^1]: See ![f](f.png)\n\n    more ![g](g.png)\n\nend\n",
            "| a |\n|---|\n| ![t](t.png) |\n\ntext\n\n| b |\n|---|\n```\n\n![x](x.png)\n",
            "    ![code](c.png)\n\n![y](y.png)\n",
            "text\n\n  ```\n\n![x](x.png)\n\n  ```\n",
            "a\r\n\r\n![x](x.png)\r\n",
            "<img src=\"a.png\">\n\ntext\n\n<p>\n<img src=\"b.png\">\n</p>\n\n![c](c.png)\n",
            "{{ image(src=\"a.png\") }}\n\n```\n{{ image(src=\"b.png\") }}\n```\n\ntext `{{ x() }}`\n\n{% g() %}\n\n![a](a.png)\n\n{% end %}\n",
            "{{< figure src=\"a.png\" >}}\n\n```\n{{< pic >}}\n```\n\n![x](x.png)\n",
            "[a\nb]: /ab.png\n\ntext\n\n![x][a b]\n",
            "<!-- one line -->\n\n![x](x.png)\n\n<?php\n\n![n](n.png)\n\n?>\n",
            "",
            "no images at all\n\njust text\n",
            // Fences and HTML blocks in containers close at a top-level break.
            "  - ```\n\n  ![no](n.png)\n\nnext\n\n![y](y.png)\n",
            "1. ```\n   x\n\n   ![no](n.png)\n\n![y](y.png)\n",
            "> ```\n>\n> ![no](n.png)\n\n![y](y.png)\n\n> ```\n",
            "  > <pre>\n\n![y](y.png)\n\n</pre>\n\n![z](z.png)\n",
            "- <!--\n\n![a](a.png)\n\n-->\n\n![b](b.png)\n",
            "[^1]: ```\n\n    ![no](n.png)\n\ntext ![y](y.png)\n\n```\n",
            "Term\n\n: ```\n\n![d](d.png)\n\n: x\n\n```\n\n![e](e.png)\n",
            // An opener after a line that may make it text.
            "text <span>\n```\n\n![x](x.png)\n\n```\n",
            "[r]:\n```\n\n![r]\n\n```\n",
            ": def\n<!--\n\n![x](x.png)\n\n-->\n",
            "| a |\n|---|\nrow\n~~~\n\n![x](x.png)\n\n~~~\n",
            "   ```\n\n![no](n.png)\n\n```\n",
            "\t<!--\n\n![x](x.png)\n\n-->\n",
            // Hits at the edges of stretches and of the body.
            "![",
            "text\n\n]:",
            "a\n\n<IMG",
            "x\n\n[a]: /a.png\n\n![a]\n\ny\n\n![b](b.png)",
            "{{ a() }} ![x](x.png)\n\ntext { not {\n\n{% b() %}\n\n`{{ c() }}`\n",
            "text\n\n{{\n\n![x](x.png)\n",
            // Hits in fenced code only.
            "text\n\n```\n![no](n.png)\n```\n\nmore\n",
            "```\n![no](n.png)\n```\n![y](y.png)\n\n~~~\n<img src=\"n.png\">\n~~~\n",
            "a\n\n```![i](i.png)\n]:\n```\n\n[b]: /b.png\n\n![b]\n",
            "```\n![no](n.png)\n\ntext ![no](m.png)\n",
            "x\n\n````\n```\n![no](n.png)\n```\n````\n\n![y](y.png)\n",
            "{{ a() }}\n\n```\n{{ b() }}\n```\n\ntext\n",
        ];
        for (i, body) in cases.iter().enumerate() {
            same(body, &format!("case {i}"));
            same(&body.replace('\n', "\r\n"), &format!("case {i}, CRLF"));
            same(&body.replace('\n', "\r"), &format!("case {i}, CR"));
        }
    }

    #[test]
    fn only_stretches_with_images_are_kept() {
        let body =
            "text\n\n![a](a.png)\n\nmore text\n\n```\n![c](c.png)\n\nx\n```\n\nend\n\n[r]: r.png\n";
        // The fenced block holds only code.
        let kept = super::select(body, false).expect("cut");
        assert_eq!(kept.text, "![a](a.png)\n\n[r]: r.png\n");
        assert_eq!(kept.to_body(13..16), 59..62);
        // Zola keeps it, for its code range (a shortcode there is not one).
        let kept = super::select(body, true).expect("cut");
        assert_eq!(
            kept.text,
            "![a](a.png)\n\n```\n![c](c.png)\n\nx\n```\n\n[r]: r.png\n"
        );
        assert_eq!(kept.to_body(13..20), 30..37);
        // An indented fence may be in a list item: the whole body is parsed.
        assert!(super::select("- a\n\n  ```\n\n![x](x.png)\n", false).is_none());
    }

    /// Every Markdown file of this repository (fixtures, examples, docs)
    /// and, when `IMAGES_DIFFERENTIAL_DIR` names some (a `:`-separated
    /// list), every Markdown file under those folders (the corpus sites'
    /// sources, the bench's generated site) reads the same images from
    /// the kept stretches as from the whole body.
    #[test]
    fn every_markdown_file_reads_the_same_images() {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut dirs = vec![repo];
        if let Some(extra) = std::env::var_os("IMAGES_DIFFERENTIAL_DIR") {
            dirs.extend(std::env::split_paths(&extra));
        }
        let (mut files, mut fallbacks) = (0, 0);
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let name = entry.file_name();
                if name == "target" || name.to_string_lossy().starts_with('.') {
                    continue;
                }
                if entry.file_type().is_ok_and(|t| t.is_dir()) {
                    dirs.push(path);
                    continue;
                }
                let markdown = path
                    .extension()
                    .is_some_and(|e| e == "md" || e == "markdown");
                if !markdown {
                    continue;
                }
                if let Ok(body) = std::fs::read_to_string(&path) {
                    same(&body, &path.display().to_string());
                    files += 1;
                    fallbacks += usize::from(super::runs(body.as_bytes(), false).is_none());
                }
            }
        }
        // How often the walk gives up (the share the full parse still reads).
        eprintln!("{fallbacks} of {files} Markdown files parsed whole by the fallback");
        assert!(files > 300, "only {files} Markdown files found");
    }
}
