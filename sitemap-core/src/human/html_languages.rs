//! `sitemap.html` of a multilingual site: a part per language, the
//! default language first, each a `<section>` with its own `lang` and
//! heading, then its pages: those directly under its home page first,
//! without a heading of their own (a heading in the page's words would be
//! in none of the languages), then one `<h3>` section each, as the
//! entries name them. Grouped by the first URL folder instead, every
//! German page of a site came under "Startseite" (the title of `/de/`) and
//! the whole page said `lang="en"`.

use std::io::{self, Write};

use super::html::{
    COLLAPSE_PAST, esc, pages, section_ids, trimmed, write_head, write_list, write_section,
};
use super::{HtmlPage, PageEntry};

/// How a folded section's `<h3>` sits in its `<summary>`.
const STYLE: &str = "summary h3 { display: inline; font-size: 1.15rem; }\n";

/// One language's part of the page.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct HtmlLanguage {
    /// Its code, the part's `lang` (`de`).
    pub code: String,
    /// Its heading (`Deutsch (de)`).
    pub heading: String,
    /// Its pages in the order listed; each [`PageEntry::section`] names
    /// its section, and a page without one sits directly under the
    /// language's heading.
    pub entries: Vec<PageEntry>,
}

impl HtmlLanguage {
    /// The language `code`, headed `heading`, with `entries`.
    pub fn new(
        code: impl Into<String>,
        heading: impl Into<String>,
        entries: Vec<PageEntry>,
    ) -> HtmlLanguage {
        HtmlLanguage {
            code: code.into(),
            heading: heading.into(),
            entries,
        }
    }
}

/// Writes `sitemap.html` with a part per language (see the module
/// docs); `page.lang` is the whole page's (the default language's).
///
/// # Errors
///
/// When `out` fails.
pub fn write_html_page_by_language(
    mut out: impl Write,
    page: &HtmlPage,
    languages: &[HtmlLanguage],
) -> io::Result<()> {
    let total: usize = languages.iter().map(|l| l.entries.len()).sum();
    let intro = format!(
        "{} in {} languages, by language and section.",
        pages(total),
        languages.len()
    );
    write_head(&mut out, page, &intro, STYLE)?;
    let ids = section_ids(languages.iter().map(|l| l.code.as_str()))
        .into_iter()
        .map(|id| id.replacen("section", "lang", 1))
        .collect::<Vec<_>>();
    writeln!(out, "<nav aria-label=\"Languages\">\n<ul>")?;
    for (language, id) in languages.iter().zip(&ids) {
        let code = esc(&language.code);
        writeln!(
            out,
            "<li><a href=\"#{id}\" hreflang=\"{code}\" lang=\"{code}\">{}</a></li>",
            esc(&language.heading)
        )?;
    }
    writeln!(out, "</ul>\n</nav>\n<main>")?;
    for (language, id) in languages.iter().zip(&ids) {
        write_language(&mut out, page, language, id)?;
    }
    writeln!(out, "</main>\n</body>\n</html>")
}

/// One language's part.
fn write_language(
    out: &mut impl Write,
    page: &HtmlPage,
    language: &HtmlLanguage,
    id: &str,
) -> io::Result<()> {
    let entries = trimmed(page, &language.entries);
    let mut top: Vec<&PageEntry> = Vec::new();
    let mut sections: Vec<(&str, Vec<&PageEntry>)> = Vec::new();
    for entry in &entries {
        match entry.section.as_deref() {
            None => top.push(entry),
            Some(name) => match sections.iter_mut().find(|(n, _)| *n == name) {
                Some((_, list)) => list.push(entry),
                None => sections.push((name, vec![entry])),
            },
        }
    }
    writeln!(
        out,
        "<section lang=\"{}\" aria-labelledby=\"{id}\">\n<h2 id=\"{id}\">{}</h2>",
        esc(&language.code),
        esc(&language.heading)
    )?;
    if !top.is_empty() {
        write_list(out, page, &top)?;
    }
    let fold = entries.len() > COLLAPSE_PAST && sections.len() > 1;
    let section_ids = section_ids(sections.iter().map(|(heading, _)| *heading));
    for ((heading, list), section_id) in sections.iter().zip(&section_ids) {
        let section_id = format!("{id}-{section_id}");
        write_section(out, page, (heading, &section_id, 3), list, fold)?;
    }
    writeln!(out, "</section>")
}
