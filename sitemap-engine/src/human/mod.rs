//! Sitemaps for people, the adapter side: page titles from sources and
//! built pages, and the files (`sitemap.xsl`, `sitemap.html`) written
//! beside the sitemap. The XSL text and the HTML page itself come from
//! [`sitemap_core::human`].
//!
//! A title is, first found wins: the front matter's `title`, the first
//! Markdown heading (pulldown-cmark), the built page's HTML `<title>`,
//! and last the URL's final path segment.
//!
//! The job's `stylesheet` and `html-page` settings call these; the files
//! are staged with the sitemap set and published with it. `llms-txt`'s
//! llms.txt, from the same pages, is `llms.rs`.

mod html_groups;
mod llms;
mod llms_files;

use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use sitemap_core::human::{self, HtmlPage, PageEntry};
use sitemap_core::{Lastmod, Loc};

pub(crate) use llms::owner as llms_txt_owner;
pub use llms::{Language, SiteInfo, description_of};
pub use llms_files::{LlmsFile, llms_files};

/// HTML `<title>` is looked for in this much of a file: it belongs in the
/// head, which is near the top.
const HEAD_BYTES: usize = 64 * 1024;

/// One page to list, with what a title can be found from.
#[derive(Debug, Clone)]
pub struct HumanPage {
    /// The page's URL.
    pub loc: Loc,
    /// Its Markdown (or other) source, if known.
    pub source: Option<PathBuf>,
    /// When it last changed.
    pub lastmod: Option<Lastmod>,
}

/// The title a visitor should see for `page`; `out_dir` is where the
/// built site is (for the HTML `<title>`), `base_url` its URL.
pub fn title_of(page: &HumanPage, out_dir: &Path, base_url: &Loc) -> String {
    found_title(page, out_dir, base_url).unwrap_or_else(|| fallback_title(&page.loc))
}

/// [`title_of`] without the last resort: the title the page gives
/// itself, if it gives one.
pub fn found_title(page: &HumanPage, out_dir: &Path, base_url: &Loc) -> Option<String> {
    titled(page, None, out_dir, base_url).map(|(title, _)| title)
}

/// [`found_title`] with `generated`, the title the generator gives a page
/// it makes (a term's name, [`SiteInfo::titles`]): after the front
/// matter's `title`, before the first heading and the built page's
/// `<title>` (which themes often fill with the site's name on every list
/// page). Says whether the title is `generated`.
pub(crate) fn titled(
    page: &HumanPage,
    generated: Option<&str>,
    out_dir: &Path,
    base_url: &Loc,
) -> Option<(String, bool)> {
    let generated = generated.map(collapse).filter(|t| !t.is_empty());
    if let Some(found) = page
        .source
        .as_deref()
        .and_then(|source| markdown_title_or(source, generated.as_deref()))
    {
        return Some(found);
    }
    if let Some(generated) = generated {
        return Some((generated, true));
    }
    built_file(&page.loc, out_dir, base_url)
        .and_then(|f| html_title(&f))
        .map(|title| (title, false))
}

/// The front matter `title`, else the first Markdown heading.
pub fn markdown_title(source: &Path) -> Option<String> {
    markdown_title_or(source, None).map(|(title, _)| title)
}

/// The front matter `title`, else `generated` (said to be it), else the
/// first Markdown heading.
fn markdown_title_or(source: &Path, generated: Option<&str>) -> Option<(String, bool)> {
    let ext = source.extension().and_then(|e| e.to_str()).unwrap_or("");
    if !matches!(ext, "md" | "markdown") {
        return None;
    }
    let text = sitemap_core::input::read_regular_text(
        source,
        sitemap_pages::images::markdown::MAX_PAGE_BYTES,
    )
    .ok()?;
    let fm = sitemap_pages::front_matter::parse(source, &text).ok();
    if let Some(title) = fm
        .as_ref()
        .and_then(|fm| fm.data().get("title"))
        .and_then(|t| t.as_str())
    {
        let title = collapse(title);
        if !title.is_empty() {
            return Some((title, false));
        }
    }
    if let Some(generated) = generated {
        return Some((generated.to_owned(), true));
    }
    let body = fm.as_ref().map_or(text.as_str(), |fm| fm.body(&text));
    first_heading(body).map(|title| (title, false))
}

/// The text of the first heading of a Markdown document.
pub fn first_heading(markdown: &str) -> Option<String> {
    let mut in_heading = false;
    let mut title = String::new();
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Heading { .. }) => in_heading = true,
            Event::End(TagEnd::Heading(_)) if in_heading => {
                let t = collapse(&title);
                if !t.is_empty() {
                    return Some(t);
                }
                in_heading = false;
                title.clear();
            }
            Event::Text(t) | Event::Code(t) if in_heading => title.push_str(&t),
            Event::SoftBreak | Event::HardBreak if in_heading => title.push(' '),
            _ => {}
        }
    }
    None
}

/// The `<title>` of an HTML file's head.
pub fn html_title(file: &Path) -> Option<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    sitemap_core::input::open_regular(file)
        .ok()?
        .take(HEAD_BYTES as u64)
        .read_to_end(&mut bytes)
        .ok()?;
    let text = String::from_utf8_lossy(&bytes);
    let lower = text.to_ascii_lowercase();
    // Only the head: a <title> inside an inline SVG in the body names the picture.
    let head_end = lower
        .find("</head")
        .or_else(|| lower.find("<body"))
        .unwrap_or(lower.len());
    let start = lower[..head_end].find("<title")?;
    let open_end = start + lower[start..].find('>')? + 1;
    let close = open_end + lower[open_end..].find("</title")?;
    let title = collapse(&decode_entities(&text[open_end..close]));
    (!title.is_empty()).then_some(title)
}

/// The built file for `loc` under `out_dir`: `path/index.html` for a
/// directory URL, the file itself otherwise.
fn built_file(loc: &Loc, out_dir: &Path, base_url: &Loc) -> Option<PathBuf> {
    let rel = loc.as_str().strip_prefix(base_url.folder().as_str())?;
    let rel = rel.split(['?', '#']).next().unwrap_or("");
    let rel = percent_decode(rel);
    let path = out_dir.join(&rel);
    if rel.is_empty() || rel.ends_with('/') || path.is_dir() {
        Some(path.join("index.html"))
    } else {
        Some(path)
    }
}

/// The last path segment, de-slugged: `/blog/first-post/` gives
/// "first post"; the site root gives its host.
pub fn fallback_title(loc: &Loc) -> String {
    let s = loc.as_str();
    let after_scheme = s.find("://").map_or(0, |i| i + 3);
    let path = s[after_scheme..].split(['?', '#']).next().unwrap_or("");
    let (host, path) = path.split_once('/').unwrap_or((path, ""));
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let last = last.strip_suffix(".html").unwrap_or(last);
    if last.is_empty() || last == "index" {
        host.to_owned()
    } else {
        collapse(&percent_decode(last).replace(['-', '_'], " "))
    }
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let end = after.find(';').filter(|&e| e <= 10);
        let decoded = end.and_then(|e| {
            let name = &after[..e];
            match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                _ => {
                    let n = name.strip_prefix("#x").or_else(|| name.strip_prefix("#X"));
                    let code = match n {
                        Some(hex) => u32::from_str_radix(hex, 16).ok(),
                        None => name.strip_prefix('#').and_then(|d| d.parse().ok()),
                    };
                    code.and_then(char::from_u32)
                }
            }
            .map(|c| (c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &after[e + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

pub(crate) fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        if let Some(v) = hex
            .filter(|_| b[i] == b'%')
            .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `sitemap.html` for the site at `base_url`, titled with the site's
/// name from its generator's configuration (`site.title`; the host when
/// none is known), each page's title found as [`title_of`] says (in
/// `site.built`, else `out_dir`), a generated list page's from
/// `site.titles` before its built page's, pages in the order given (the
/// generator's: an mdBook's `SUMMARY.md`) under `site.sections` when it
/// names them. The scan stages it beside the sitemap, so it is published
/// with the set.
pub fn html_page(
    out_dir: &Path,
    base_url: &Loc,
    site: &SiteInfo,
    pages: &[HumanPage],
) -> Result<Vec<u8>, crate::error::Error> {
    let out_dir = site.built.as_deref().unwrap_or(out_dir);
    let mut seen = std::collections::HashSet::new();
    let entries: Vec<PageEntry> = pages
        .iter()
        .filter(|p| seen.insert(&p.loc))
        .map(|p| {
            let generated = site.titles.get(&p.loc).map(String::as_str);
            let title = titled(p, generated, out_dir, base_url)
                .map_or_else(|| fallback_title(&p.loc), |(title, _)| title);
            let mut entry = PageEntry::new(p.loc.clone(), title);
            if let Some(l) = &p.lastmod {
                entry = entry.with_lastmod(l.clone());
            }
            match site.sections.get(&p.loc) {
                Some(section) => entry.with_section(section.clone()),
                None => entry,
            }
        })
        .collect();
    let title = site
        .title
        .clone()
        .unwrap_or_else(|| fallback_title(base_url));
    let mut html = Vec::new();
    let page = HtmlPage::new(base_url.clone(), title);
    let written = match site.languages.first() {
        Some(default) if site.languages.len() > 1 => {
            let languages = html_groups::by_language(site, entries);
            let page = page.with_lang(&default.code);
            human::write_html_page_by_language(&mut html, &page, &languages)
        }
        _ => human::write_html_page(&mut html, &page, &html_groups::sectioned(site, entries)),
    };
    written.map_err(|source| crate::error::Error::Io {
        path: out_dir.join(human::HTML_FILE_NAME),
        source,
    })?;
    Ok(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_in_order_of_precedence() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let base = Loc::parse("https://example.org/").unwrap();
        std::fs::write(
            root.join("fm.md"),
            "+++\ntitle = \"From  front matter\"\n+++\n# Heading\n",
        )
        .unwrap();
        std::fs::write(
            root.join("heading.md"),
            "---\ndate: 2024-05-01\n---\n\nIntro.\n\n## The *first* `heading`\n\n# Later\n",
        )
        .unwrap();
        std::fs::write(root.join("plain.md"), "No heading at all.\n").unwrap();
        std::fs::create_dir_all(root.join("out/built")).unwrap();
        std::fs::write(
            root.join("out/built/index.html"),
            "<html><head><title>\n  Built &amp; shipped &#8212; Example\n</title></head><body><svg><title>icon</title></svg></body></html>",
        )
        .unwrap();
        let page = |path: &str, source: Option<&str>| HumanPage {
            loc: base.join(path).unwrap(),
            source: source.map(|s| root.join(s)),
            lastmod: None,
        };
        let out = root.join("out");
        let titles: Vec<String> = [
            page("fm/", Some("fm.md")),
            page("heading/", Some("heading.md")),
            page("built/", Some("plain.md")),
            page("blog/my-first_post/", None),
            page("", None),
        ]
        .iter()
        .map(|p| title_of(p, &out, &base))
        .collect();
        assert_eq!(
            titles,
            [
                "From front matter",
                "The first heading",
                "Built & shipped \u{2014} Example",
                "my first post",
                "example.org"
            ]
        );
    }

    #[test]
    fn html_page_lists_titles_and_lastmod() {
        let dir = tempfile::tempdir().unwrap();
        let base = Loc::parse("https://example.org/").unwrap();
        let pages = [HumanPage {
            loc: base.join("a/").unwrap(),
            source: None,
            lastmod: Some("2024-05-01".parse().unwrap()),
        }];
        let site = SiteInfo {
            title: Some("Example".to_owned()),
            ..SiteInfo::default()
        };
        let html = html_page(dir.path(), &base, &site, &pages).unwrap();
        let mut expected = Vec::new();
        human::write_html_page(
            &mut expected,
            &HtmlPage::new(base.clone(), "Example"),
            &[PageEntry::new(base.join("a/").unwrap(), "a")
                .with_lastmod("2024-05-01".parse().unwrap())],
        )
        .unwrap();
        assert_eq!(html, expected);
    }
}
