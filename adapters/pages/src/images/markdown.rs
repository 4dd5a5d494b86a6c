//! The images a Markdown page shows, read from its source the way its
//! generator renders it.
//!
//! [`markdown_images`] parses a page body with pulldown-cmark, with the
//! extensions the generator turns on ([`Dialect`]: a table cell's or a
//! footnote's image must count), and lists in document order inline and
//! reference-style images and the `<img>` elements of raw HTML (read with
//! lol_html's tokenizer, then [`img_reference`]).
//! Nothing inside a code span or block is an image. Only the stretches
//! of a body that can hold an image are parsed (`blocks`), which reads
//! the same images as parsing all of it, in a fraction of the time.
//!
//! Shortcodes are counted, not listed: only the generator knows what
//! they expand to. Where one counts was checked against the generators
//! themselves: Hugo 0.111.3 expands shortcodes everywhere, code blocks
//! and spans included (its shortcode lexer runs before Goldmark, and the
//! `<img>` a shortcode writes inside a fenced block is real markup), so
//! every Hugo shortcode counts; Zola 0.22.1 HTML-escapes what a shortcode
//! writes inside a code block and leaves one in a code span unexpanded,
//! so a Zola shortcode counts only outside code. The escaped forms
//! (`{{</* … */>}}`, `{{/* … */}}`) are text in both.
//!
//! Hugo's Goldmark drops raw HTML unless `markup.goldmark.renderer.unsafe`
//! is on (`<!-- raw HTML omitted -->`): [`Dialect::Hugo`] says which.
//!
//! mdBook's `{{#include}}` is not expanded here (nor Hugo's or Zola's
//! includes): an image in an included file is not listed.
//!
//! ```
//! use sitemap_pages::images::markdown::{Dialect, markdown_images};
//!
//! let found = markdown_images(
//!     "![a](a.png \"title\")\n\n`![no](code.png)`\n\n| x |\n|---|\n| ![b][b] |\n\n\
//!      <img src=\"c.png\" srcset=\"c-2x.png 2x\">\n\n{{ figure(src=\"d.png\") }}\n\n[b]: <b b.png>\n",
//!     Dialect::Zola,
//! );
//! let refs: Vec<_> = found.references.iter().map(|r| r.as_deref().unwrap()).collect();
//! assert_eq!(refs, ["a.png", "b b.png", "c-2x.png"]);
//! assert_eq!(found.shortcodes, 1);
//! ```

use std::cell::RefCell;
use std::ops::Range;

use lol_html::{HtmlRewriter, Settings, element};
use pulldown_cmark::{Event, Options, Parser, Tag};
use sitemap_core::Loc;

use super::{Dropped, ImageRules, PageImages, img_reference};

mod blocks;

/// The most bytes of one page read for its images. A Markdown page that
/// large is not a page a person wrote; its images are skipped with a
/// warning naming it (the page itself is still listed).
pub const MAX_PAGE_BYTES: u64 = 16 << 20;

/// Whose Markdown a page is: which extensions parse it, which shortcodes
/// it has, and whether raw HTML is rendered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dialect {
    /// Zola: pulldown-cmark with tables, footnotes, strikethrough, task
    /// lists and heading attributes (`components/markdown`); shortcodes
    /// `{{ name(…) }}` and `{% name(…) %}…{% end %}`.
    Zola,
    /// Hugo's Goldmark (GFM, footnotes, definition lists); shortcodes
    /// `{{< … >}}` and `{{% … %}}`. `raw_html` is
    /// `markup.goldmark.renderer.unsafe`: without it raw HTML is dropped.
    Hugo {
        /// Whether raw HTML (and so an `<img>` in it) is rendered.
        raw_html: bool,
    },
    /// mdBook: tables, footnotes, strikethrough, task lists, heading
    /// attributes; no shortcodes.
    MdBook,
}

impl Dialect {
    fn options(self) -> Options {
        let mut o = Options::ENABLE_TABLES
            | Options::ENABLE_FOOTNOTES
            | Options::ENABLE_STRIKETHROUGH
            | Options::ENABLE_TASKLISTS;
        match self {
            Dialect::Zola | Dialect::MdBook => o |= Options::ENABLE_HEADING_ATTRIBUTES,
            Dialect::Hugo { .. } => o |= Options::ENABLE_DEFINITION_LIST | Options::ENABLE_GFM,
        }
        o
    }

    fn raw_html(self) -> bool {
        !matches!(self, Dialect::Hugo { raw_html: false })
    }
}

/// What a page's Markdown shows, before resolution.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct MarkdownImages {
    /// Each image reference in document order, as written; a tracking
    /// pixel is already known as one.
    pub references: Vec<Result<String, Dropped>>,
    /// Shortcodes the generator expands, whose images are not known.
    pub shortcodes: u64,
}

impl MarkdownImages {
    /// Resolves every reference against the page at `page` into `images`.
    pub fn add_to(&self, rules: &ImageRules, page: &Loc, images: &mut PageImages) {
        for reference in &self.references {
            match reference {
                Ok(r) => images.push(rules.resolve(page, r)),
                Err(dropped) => images.push(Err(*dropped)),
            }
        }
        for _ in 0..self.shortcodes {
            images.shortcode();
        }
    }
}

/// The images of a Markdown `body` (front matter already cut off).
pub fn markdown_images(body: &str, dialect: Dialect) -> MarkdownImages {
    parse(body, dialect, true)
}

/// [`markdown_images`], parsing only the stretches that can hold an image
/// when `select` (always, but for the test that compares both).
fn parse(body: &str, dialect: Dialect, select: bool) -> MarkdownImages {
    let mut out = MarkdownImages::default();
    // Parsing is nearly all the cost of a page: a body with no image
    // syntax and no Zola shortcode (Hugo's are counted without parsing)
    // is not parsed.
    let zola_shortcode = dialect == Dialect::Zola && (body.contains("{{") || body.contains("{%"));
    if !body.contains("![") && !has_img_tag(body) && !zola_shortcode {
        if let Dialect::Hugo { .. } = dialect {
            out.shortcodes = hugo_shortcodes(body);
        }
        return out;
    }
    // Only the stretches that can hold an image are parsed (exactly as
    // in the whole body: see `blocks`).
    let selected = select
        .then(|| blocks::select(body, dialect == Dialect::Zola))
        .flatten();
    let text = selected.as_ref().map_or(body, |s| s.text.as_str());
    let mut code: Vec<Range<usize>> = Vec::new();
    let mut html = String::new();
    let raw_html = dialect.raw_html();
    for (event, range) in Parser::new_ext(text, dialect.options()).into_offset_iter() {
        match event {
            Event::Html(text) | Event::InlineHtml(text) => {
                if raw_html {
                    html.push_str(&text);
                }
                continue;
            }
            Event::Start(Tag::HtmlBlock) => continue,
            _ => {}
        }
        // Raw HTML runs over several events (a block, line by line): read
        // as one, where it ends.
        flush_html(&mut html, &mut out);
        match event {
            Event::Start(Tag::Image { dest_url, .. }) => {
                out.references.push(Ok(dest_url.into_string()));
            }
            Event::Start(Tag::CodeBlock(_)) | Event::Code(_) => {
                code.push(
                    selected
                        .as_ref()
                        .map_or(range.clone(), |s| s.to_body(range)),
                );
            }
            _ => {}
        }
    }
    flush_html(&mut html, &mut out);
    out.shortcodes = match dialect {
        Dialect::Hugo { .. } => hugo_shortcodes(body),
        Dialect::Zola => zola_shortcodes(body, &code),
        Dialect::MdBook => 0,
    };
    out
}

/// Whether `body` has `<img` in any case (an `<img>` in raw HTML).
fn has_img_tag(body: &str) -> bool {
    body.match_indices('<').any(|(i, _)| {
        body.as_bytes()
            .get(i + 1..i + 4)
            .is_some_and(|t| t.eq_ignore_ascii_case(b"img"))
    })
}

/// The `<img>` elements of a run of raw HTML.
fn flush_html(html: &mut String, out: &mut MarkdownImages) {
    if html.is_empty() {
        return;
    }
    let found = RefCell::new(Vec::new());
    {
        let mut rewriter = HtmlRewriter::new(
            Settings::new()
                .with_strict(false)
                .append_element_content_handler(element!("img", |el| {
                    let attrs: Vec<(String, String)> = el
                        .attributes()
                        .iter()
                        // lol_html gives values as written: `&amp;` in a
                        // query string is `&` to a browser.
                        .map(|a| {
                            let v = a.value();
                            (a.name(), html_escape::decode_html_entities(&v).into_owned())
                        })
                        .collect();
                    let lookup = |name: &str| {
                        attrs
                            .iter()
                            .find(|(n, _)| n == name)
                            .map(|(_, v)| v.as_str())
                    };
                    if let Some(r) = img_reference(lookup) {
                        found.borrow_mut().push(r.map(str::to_owned));
                    }
                    Ok(())
                })),
            |_: &[u8]| {},
        );
        // Markup lol_html cannot read gives what was read until then.
        let _ = rewriter
            .write(html.as_bytes())
            .and_then(|()| rewriter.end());
    }
    out.references.extend(found.into_inner());
    html.clear();
}

/// Hugo shortcodes: every `{{<` or `{{%` that opens one (not a closing
/// `{{< /name >}}`, not an escaped `{{</* … */>}}`).
fn hugo_shortcodes(body: &str) -> u64 {
    let mut count = 0;
    let bytes = body.as_bytes();
    let mut at = 0;
    // A `char` search is a memchr; a `&str` one ("{{") is several times
    // slower, and this runs over every byte of every Hugo page.
    while let Some(i) = body[at..].find('{').map(|i| at + i) {
        if bytes.get(i + 1) != Some(&b'{') {
            at = i + 1;
            continue;
        }
        let after = &body[i + 2..];
        if let Some(inner) = after.strip_prefix('<').or_else(|| after.strip_prefix('%')) {
            let inner = inner.trim_start();
            if !inner.starts_with('/') {
                count += 1;
            }
        }
        at = i + 2;
    }
    count
}

/// Zola shortcodes outside code: `{{ name(` and `{% name(` (a body
/// shortcode's `{% end %}` has no parentheses; `{{/* … */}}` is escaped).
fn zola_shortcodes(body: &str, code: &[Range<usize>]) -> u64 {
    let mut count = 0;
    let bytes = body.as_bytes();
    let mut at = 0;
    while let Some(i) = body[at..].find('{').map(|i| at + i) {
        at = i + 1;
        if !matches!(bytes.get(i + 1), Some(b'{' | b'%')) {
            continue;
        }
        let inner = body[i + 2..].trim_start_matches([' ', '\t']);
        let name_len = inner
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let opens = name_len > 0
            && !inner.as_bytes()[0].is_ascii_digit()
            && inner[name_len..]
                .trim_start_matches([' ', '\t'])
                .starts_with('(');
        if opens && !code.iter().any(|r| r.contains(&i)) {
            count += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refs(body: &str, dialect: Dialect) -> (Vec<String>, u64) {
        let found = markdown_images(body, dialect);
        let refs = found
            .references
            .iter()
            .map(|r| match r {
                Ok(s) => s.clone(),
                Err(d) => format!("<{d:?}>"),
            })
            .collect();
        (refs, found.shortcodes)
    }

    #[test]
    fn hard_cases_read_as_the_generators_render_them() {
        let hugo = Dialect::Hugo { raw_html: true };
        let cases: &[(&str, &str, Dialect, &[&str], u64)] = &[
            (
                "inline with title",
                "![a](a.png \"T\")",
                Dialect::Zola,
                &["a.png"],
                0,
            ),
            (
                "reference-style",
                "![a][r] ![b][]\n\n[r]: r.png 'T'\n[b]: <b.png>",
                Dialect::Zola,
                &["r.png", "b.png"],
                0,
            ),
            (
                "collapsed and shortcut references",
                "![s]\n\n[s]: /s.png",
                Dialect::MdBook,
                &["/s.png"],
                0,
            ),
            (
                "angle-bracket destination with a space",
                "![x](<my pic.png>)",
                Dialect::Zola,
                &["my pic.png"],
                0,
            ),
            (
                "an undefined reference is text",
                "![x][nowhere]",
                Dialect::Zola,
                &[],
                0,
            ),
            (
                "nested image in a link",
                "[![badge](b.svg)](https://ci.example/)",
                Dialect::Zola,
                &["b.svg"],
                0,
            ),
            (
                "code span",
                "`![x](no.png)` and `<img src=\"no.png\">`",
                Dialect::Zola,
                &[],
                0,
            ),
            (
                "fenced block",
                "```md\n![x](no.png)\n<img src=\"no.png\">\n```",
                Dialect::Zola,
                &[],
                0,
            ),
            (
                "indented block",
                "para\n\n    ![x](no.png)\n",
                Dialect::Zola,
                &[],
                0,
            ),
            (
                "HTML block over lines",
                "<div>\n<img\n  src=\"a.png\"\n  alt=\"A\">\n</div>",
                Dialect::Zola,
                &["a.png"],
                0,
            ),
            (
                "inline HTML with srcset",
                "Text <img src=\"s.png\" srcset=\"m.png 600w, l.png 1200w\"> text",
                Dialect::Zola,
                &["l.png"],
                0,
            ),
            (
                "lazy loader",
                "<img src=\"data:,\" data-src=\"real.jpg\">",
                Dialect::MdBook,
                &["real.jpg"],
                0,
            ),
            (
                "tracking pixel",
                "<img src=\"t.gif\" width=\"1\" height=\"1\">",
                Dialect::Zola,
                &["<Pixel>"],
                0,
            ),
            (
                "entities in an attribute",
                "<img src=\"a&amp;b.png\">",
                Dialect::Zola,
                &["a&b.png"],
                0,
            ),
            (
                "HTML and Markdown keep document order",
                "![1](1.png)\n\n<p><img src=\"2.png\"></p>\n\n![3](3.png)",
                Dialect::Zola,
                &["1.png", "2.png", "3.png"],
                0,
            ),
            (
                "table cell",
                "| a | b |\n|---|---|\n| ![t](t.png) | x |",
                Dialect::Zola,
                &["t.png"],
                0,
            ),
            (
                "footnote",
                "Text[^1]\n\n[^1]: See ![f](f.png)",
                Dialect::Zola,
                &["f.png"],
                0,
            ),
            (
                "Hugo table (GFM)",
                "| a |\n|---|\n| ![t](t.png) |",
                hugo,
                &["t.png"],
                0,
            ),
            (
                "Hugo drops raw HTML by default",
                "<img src=\"raw.png\">\n\n![m](m.png)",
                Dialect::Hugo { raw_html: false },
                &["m.png"],
                0,
            ),
            (
                "Hugo raw HTML with unsafe",
                "<img src=\"raw.png\">",
                hugo,
                &["raw.png"],
                0,
            ),
            (
                "Hugo shortcodes, both kinds, closing not counted",
                "{{< figure src=\"a.png\" >}}\n{{% details %}}![in](in.png){{% /details %}}\n{{<image \"b.png\">}}",
                hugo,
                &["in.png"],
                3,
            ),
            (
                "Hugo expands shortcodes in code too",
                "```\n{{< figure src=\"a.png\" >}}\n```\n`{{< pic >}}`",
                hugo,
                &[],
                2,
            ),
            (
                "Hugo escaped shortcode",
                "{{</* figure src=\"a.png\" */>}}",
                hugo,
                &[],
                0,
            ),
            (
                "Zola shortcodes",
                "{{ image(src=\"a.png\") }}\n\n{% gallery(dir=\"g\") %}\nx\n{% end %}\n\n{{ not_a_call }}",
                Dialect::Zola,
                &[],
                2,
            ),
            (
                "Zola shortcodes in code are not expanded into images",
                "```\n{{ image(src=\"a.png\") }}\n```\n\n`{{ image(src=\"b.png\") }}`",
                Dialect::Zola,
                &[],
                0,
            ),
            (
                "Zola escaped shortcode",
                "{{/* image(src=\"a.png\") */}}",
                Dialect::Zola,
                &[],
                0,
            ),
            (
                "mdBook has no shortcodes",
                "{{#include other.md}} {{< figure >}}",
                Dialect::MdBook,
                &[],
                0,
            ),
            ("empty destination", "![x]()", Dialect::Zola, &[""], 0),
            (
                "no image syntax at all",
                "Text [link](a.png) and <b>bold</b>.",
                Dialect::Zola,
                &[],
                0,
            ),
            (
                "an upper-case tag",
                "<IMG SRC=\"up.png\">",
                Dialect::Zola,
                &["up.png"],
                0,
            ),
            (
                "Hugo shortcode in a page without images",
                "Text {{< youtube id >}}",
                hugo,
                &[],
                1,
            ),
        ];
        for (what, body, dialect, want, shortcodes) in cases {
            let (got, got_shortcodes) = refs(body, *dialect);
            let want: Vec<String> = want.iter().map(|s| (*s).to_owned()).collect();
            assert_eq!(
                (got, got_shortcodes),
                (want, *shortcodes),
                "{what}: {body:?}"
            );
        }
    }

    #[test]
    fn references_resolve_against_the_page_with_counts() {
        let site = Loc::parse("https://example.org/").unwrap();
        let rules = ImageRules::new(&site, &[]).unwrap();
        let page = Loc::parse("https://example.org/blog/post/").unwrap();
        let found = markdown_images(
            "![a](a.png) ![a](a.png) ![d](data:image/png;base64,AA) ![o](https://other.org/o.png)\n\
             <img src=\"p.gif\" width=1 height=1>\n\n{{ yt(id=\"x\") }}",
            Dialect::Zola,
        );
        let mut images = PageImages::default();
        found.add_to(&rules, &page, &mut images);
        let (list, counts) = images.finish();
        let list: Vec<&str> = list.iter().map(|i| i.loc.as_str()).collect();
        assert_eq!(list, ["https://example.org/blog/post/a.png"]);
        assert_eq!(
            counts.left_out(),
            [
                "1 on other hosts (not in image-hosts)",
                "1 shortcode the generator expands",
                "1 data: URI",
                "1 tracking pixel",
                "1 repeat on its page"
            ]
        );
    }
}
