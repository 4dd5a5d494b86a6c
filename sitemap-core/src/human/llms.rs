//! `llms.txt`, the llmstxt.org convention: a Markdown index of a site for
//! language models. An H1 with the site's name, a blockquote with its
//! description, then one H2 a section, each a list of
//! `- [title](url): description`.
//!
//! The entries are the sitemap's own (the caller passes what the set
//! lists), so llms.txt and the sitemap never disagree about which pages
//! exist. The file ends with a marker line (`llms_marker.rs`), an HTML
//! comment (invisible when the Markdown is rendered) holding a hash of the
//! text above it, by which a later run knows the file as its own and
//! unedited: it replaces or removes only such a file, never one a person
//! wrote or edited.

use std::io::{self, Write};

use super::{PageEntry, llms_marker, parent_segment, relative, section_name};
use crate::Loc;

/// The file name of llms.txt, at the site's root.
pub const LLMS_FILE_NAME: &str = "llms.txt";

/// What llms.txt needs besides the entries.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LlmsTxt {
    /// The site's URL: the first path segment below it names a page's
    /// section, unless the entry names its own.
    pub base_url: Loc,
    /// The H1: the site's name.
    pub site_title: String,
    /// The blockquote under it: what the site is about.
    pub description: Option<String>,
    /// The site's llms.txt in its other languages (a multilingual site
    /// has one at each language's root), linked first under "Optional";
    /// under "Languages" when the file lists no page of its own outside
    /// "Optional" (the root of a site whose every language has a folder).
    ///
    /// Why "Optional": the convention gives that section alone a meaning
    /// (links a reader short of room may skip), and its own tool
    /// (`llms_txt2ctx`) expands every other section's links into the
    /// context, so another language's whole index would be pulled into
    /// this one's; a reader that wants another language finds it there.
    pub languages: Vec<PageEntry>,
}

impl LlmsTxt {
    /// llms.txt for the site at `base_url` called `site_title`.
    pub fn new(base_url: Loc, site_title: impl Into<String>) -> LlmsTxt {
        LlmsTxt {
            base_url,
            site_title: site_title.into(),
            description: None,
            languages: Vec::new(),
        }
    }

    /// Sets the links to the site's llms.txt in other languages.
    #[must_use]
    pub fn with_languages(mut self, languages: Vec<PageEntry>) -> LlmsTxt {
        self.languages = languages;
        self
    }

    /// Sets the description.
    #[must_use]
    pub fn with_description(mut self, description: impl Into<String>) -> LlmsTxt {
        self.description = Some(description.into());
        self
    }
}

/// Writes llms.txt. When any entry names its section (an mdBook's
/// parts), the sections and their pages are in the entries' order (the
/// book's `SUMMARY.md`); otherwise pages are grouped as `sitemap.html`
/// groups them: top-level pages first under "Pages", then one section a
/// first path segment with pages below it, in path order, headed by its
/// own index page's title, pages sorted by URL. Entries marked
/// [`optional`](PageEntry::optional) come last, under "Optional" (the
/// convention's name for links a reader with little room may skip),
/// after the links to the site's llms.txt in other languages
/// ([`LlmsTxt::languages`]).
///
/// # Errors
///
/// When `out` fails.
///
/// ```
/// use sitemap_core::Loc;
/// use sitemap_core::human::{LlmsTxt, PageEntry, write_llms_txt};
///
/// let base = Loc::parse("https://example.org/")?;
/// let entries = vec![
///     PageEntry::new(base.join("blog/first/")?, "First post").with_description("Hello."),
///     PageEntry::new(base.join("blog/")?, "Blog"),
///     PageEntry::new(base.clone(), "Home"),
/// ];
/// let mut out = Vec::new();
/// let site = LlmsTxt::new(base, "Example").with_description("A site.");
/// write_llms_txt(&mut out, &site, &entries)?;
/// let text = String::from_utf8(out)?;
/// assert!(text.starts_with("# Example\n\n> A site.\n\n## Pages\n\n- [Home](https://example.org/)\n"));
/// assert!(text.contains("## Blog\n\n- [Blog](https://example.org/blog/)\n- [First post](https://example.org/blog/first/): Hello.\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_llms_txt(
    mut out: impl Write,
    site: &LlmsTxt,
    entries: &[PageEntry],
) -> io::Result<()> {
    // Held whole: the marker hashes it (an index of a site is small).
    let mut body = Vec::new();
    write_body(&mut body, site, entries)?;
    out.write_all(&body)?;
    writeln!(out, "{}", llms_marker(&body))
}

/// Everything above the marker line.
fn write_body(out: &mut Vec<u8>, site: &LlmsTxt, entries: &[PageEntry]) -> io::Result<()> {
    writeln!(out, "# {}", one_line(&site.site_title))?;
    if let Some(description) = site.description.as_deref().map(one_line)
        && !description.is_empty()
    {
        writeln!(out, "\n> {description}")?;
    }
    let (optional, required): (Vec<&PageEntry>, Vec<&PageEntry>) =
        entries.iter().partition(|e| e.optional);
    let mut sections = sections(&site.base_url, &required);
    let languages: Vec<&PageEntry> = site.languages.iter().collect();
    if required.is_empty() && !languages.is_empty() {
        sections.push(("Languages".to_owned(), languages.clone()));
    }
    if !optional.is_empty() || !(required.is_empty() || languages.is_empty()) {
        let mut optional = optional;
        if required.iter().all(|e| e.section.is_none()) {
            optional.sort_by(|a, b| a.loc.cmp(&b.loc));
        }
        if !required.is_empty() {
            optional.splice(0..0, languages);
        }
        sections.push(("Optional".to_owned(), optional));
    }
    for (heading, list) in sections {
        writeln!(out, "\n## {}\n", one_line(&heading))?;
        for entry in list {
            let title = match one_line(&entry.title) {
                t if t.is_empty() => entry.loc.as_str().to_owned(),
                t => t,
            };
            write!(
                out,
                "- [{}]({})",
                link_text(&title),
                link_target(&entry.loc)
            )?;
            match entry.description.as_deref().map(one_line) {
                Some(d) if !d.is_empty() => writeln!(out, ": {d}")?,
                _ => writeln!(out)?,
            }
        }
    }
    // The blank line that sets the marker apart.
    writeln!(out)
}

/// The sections in the order they are written, each with its heading.
pub(super) fn sections<'a>(
    base: &Loc,
    entries: &[&'a PageEntry],
) -> Vec<(String, Vec<&'a PageEntry>)> {
    let mut out: Vec<(String, Vec<&PageEntry>)> = Vec::new();
    if entries.iter().any(|e| e.section.is_some()) {
        for &entry in entries {
            let name = entry.section.as_deref().unwrap_or("Pages");
            match out.iter_mut().find(|(n, _)| n == name) {
                Some((_, list)) => list.push(entry),
                None => out.push((name.to_owned(), vec![entry])),
            }
        }
        return out;
    }
    let parents: std::collections::BTreeSet<&str> = entries
        .iter()
        .filter_map(|e| relative(base, &e.loc).and_then(parent_segment))
        .collect();
    // "" sorts first: the top-level pages; pages outside the base URL
    // (which a sitemap does not list) last.
    let mut by_segment: std::collections::BTreeMap<(bool, &str), Vec<&PageEntry>> =
        std::collections::BTreeMap::new();
    for &entry in entries {
        let key = match relative(base, &entry.loc) {
            None => (true, ""),
            Some(rel) => {
                let first = rel.split(['/', '?']).next().unwrap_or("");
                if parents.contains(first) && rel.len() > first.len() {
                    (false, first)
                } else {
                    (false, "")
                }
            }
        };
        by_segment.entry(key).or_default().push(entry);
    }
    for ((elsewhere, segment), mut list) in by_segment {
        list.sort_by(|a, b| a.loc.cmp(&b.loc));
        let heading = if elsewhere {
            "Elsewhere".to_owned()
        } else if segment.is_empty() {
            "Pages".to_owned()
        } else {
            let index = format!("{segment}/");
            list.iter()
                .find(|e| {
                    relative(base, &e.loc)
                        .is_some_and(|r| r == index || r == format!("{index}index.html"))
                })
                .map(|e| one_line(&e.title))
                .filter(|t| !t.is_empty())
                .unwrap_or_else(|| section_name(segment))
        };
        out.push((heading, list));
    }
    out
}

/// Whitespace (newlines too) collapsed: a line break would end the list
/// item or the heading.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A link's text with the characters that would end it escaped.
fn link_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '\\' | '[' | ']') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A link's target: a `loc` is already percent-encoded but may hold
/// parentheses, which would end a Markdown link; encoded, they name the
/// same resource (RFC 3986 2.2 allows either for these sub-delims in a
/// path, and every server we know treats them alike).
fn link_target(loc: &Loc) -> String {
    loc.as_str().replace('(', "%28").replace(')', "%29")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::human::{LlmsOwner, llms_txt_owner};

    /// The marker line `text` ends with, as written for the text above it.
    fn marker(text: &str) -> String {
        let body = text.trim_end_matches('\n').rsplit_once('\n').unwrap().0;
        llms_marker(format!("{body}\n").as_bytes())
    }

    fn render(site: &LlmsTxt, entries: &[PageEntry]) -> String {
        let mut out = Vec::new();
        write_llms_txt(&mut out, site, entries).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn sections_named_by_the_entries_keep_their_order() {
        let base = Loc::parse("https://example.org/book/").unwrap();
        let page =
            |p: &str, t: &str, s: &str| PageEntry::new(base.join(p).unwrap(), t).with_section(s);
        let text = render(
            &LlmsTxt::new(base.clone(), "Book"),
            &[
                page("z.html", "Zed [draft]", "Part two"),
                page("a.html", "A\n  line", "Part one"),
                page("b(1).html", "B", "Part two"),
            ],
        );
        assert_eq!(
            text,
            format!(
                "# Book\n\n## Part two\n\n- [Zed \\[draft\\]](https://example.org/book/z.html)\n\
                 - [B](https://example.org/book/b%281%29.html)\n\n## Part one\n\n\
                 - [A line](https://example.org/book/a.html)\n\n{}\n",
                marker(&text)
            )
        );
        assert_eq!(llms_txt_owner(text.as_bytes()), LlmsOwner::Unedited);
    }

    #[test]
    fn other_languages_come_first_under_optional_or_alone_under_languages() {
        let base = Loc::parse("https://example.org/").unwrap();
        let page = |p: &str, t: &str| PageEntry::new(base.join(p).unwrap(), t);
        let languages = vec![
            page("fr/llms.txt", "Français (fr)").with_description("llms.txt in this language"),
            page("de/llms.txt", "de"),
        ];
        let site = LlmsTxt::new(base.clone(), "Site").with_languages(languages);
        let text = render(
            &site,
            &[page("tags/", "Tags").with_optional(true), page("", "Home")],
        );
        assert_eq!(
            text,
            format!(
                "# Site\n\n## Pages\n\n- [Home](https://example.org/)\n\n## Optional\n\n\
                 - [Français (fr)](https://example.org/fr/llms.txt): llms.txt in this language\n\
                 - [de](https://example.org/de/llms.txt)\n- [Tags](https://example.org/tags/)\n\n{}\n",
                marker(&text)
            )
        );
        // Nothing of its own: the languages are what the file offers.
        let text = render(&site, &[]);
        assert_eq!(
            text,
            format!(
                "# Site\n\n## Languages\n\n\
                 - [Français (fr)](https://example.org/fr/llms.txt): llms.txt in this language\n\
                 - [de](https://example.org/de/llms.txt)\n\n{}\n",
                marker(&text)
            )
        );
    }

    #[test]
    fn optional_pages_come_last_in_url_order() {
        let base = Loc::parse("https://example.org/").unwrap();
        let page = |p: &str, t: &str| PageEntry::new(base.join(p).unwrap(), t);
        let text = render(
            &LlmsTxt::new(base.clone(), "Site"),
            &[
                page("tags/b/", "/tags/b/").with_optional(true),
                page("docs/a/", "A"),
                page("tags/a/", "/tags/a/").with_optional(true),
                page("", "Home"),
            ],
        );
        assert_eq!(
            text,
            format!(
                "# Site\n\n## Pages\n\n- [Home](https://example.org/)\n\n## Docs\n\n\
                 - [A](https://example.org/docs/a/)\n\n## Optional\n\n\
                 - [/tags/a/](https://example.org/tags/a/)\n- [/tags/b/](https://example.org/tags/b/)\n\n{}\n",
                marker(&text)
            )
        );
    }
}
