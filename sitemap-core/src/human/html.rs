//! `sitemap.html`, the page people look at: the site's pages as links,
//! grouped as llms.txt groups them (an mdBook's parts in `SUMMARY.md`
//! order; otherwise the top-level pages, then one section a first path
//! segment), each with the date it last changed in words people read.
//!
//! It is the primary view for people: browsers are dropping XSLT, so
//! `sitemap.xsl` is only a fallback for those that still run it. The page
//! is plain HTML and CSS, no script: it fits a phone's width (long titles
//! and headings wrap), and past [`COLLAPSE_PAST`] pages each section
//! folds into a `<details>` so the page opens as an outline.

use std::io::{self, Write};

use super::{HTML_GENERATOR, HtmlPage, PageEntry, llms::sections};
use crate::Lastmod;

/// Past this many pages, sections fold (`<details>`): a page longer than
/// a few screens reads better as an outline of its sections first.
pub const COLLAPSE_PAST: usize = 50;

/// The separators sites put between a page's title and the site's name
/// (`Intro - My Book`, `Intro | Site`, `Intro — Site`, `Intro · Site`).
const SEPARATORS: [&str; 6] = [
    " - ",
    " | ",
    " \u{2013} ",
    " \u{2014} ",
    " \u{00b7} ",
    " :: ",
];

/// Writes `sitemap.html`: every entry, in the sections
/// [`write_llms_txt`](super::write_llms_txt) uses (an mdBook's parts in
/// the entries' order; otherwise the top-level pages first, then a
/// section a first path segment, headed by its own index page's title,
/// pages sorted by URL). The site's name that every `<title>` repeats
/// (`Intro - My Book`) is trimmed from each title.
///
/// The page is plain HTML with landmarks, a skip list of sections, and
/// headings a screen reader can navigate by; no script.
///
/// # Errors
///
/// When `out` fails.
pub fn write_html_page(
    mut out: impl Write,
    page: &HtmlPage,
    entries: &[PageEntry],
) -> io::Result<()> {
    let trimmed = trimmed(page, entries);
    let refs: Vec<&PageEntry> = trimmed.iter().collect();
    let sections = sections(&page.base_url, &refs);
    let ids = section_ids(sections.iter().map(|(heading, _)| heading.as_str()));
    let fold = entries.len() > COLLAPSE_PAST && sections.len() > 1;
    write_head(
        &mut out,
        page,
        &format!("{}, by section.", pages(entries.len())),
        "",
    )?;
    if sections.len() > 1 {
        writeln!(out, "<nav aria-label=\"Sections\">\n<ul>")?;
        for ((heading, _), id) in sections.iter().zip(&ids) {
            writeln!(out, "<li><a href=\"#{id}\">{}</a></li>", esc(heading))?;
        }
        writeln!(out, "</ul>\n</nav>")?;
    }
    writeln!(out, "<main>")?;
    for ((heading, list), id) in sections.iter().zip(&ids) {
        write_section(&mut out, page, (heading, id, 2), list, fold)?;
    }
    writeln!(out, "</main>\n</body>\n</html>")
}

/// `1 page`, `3 pages`.
pub(super) fn pages(n: usize) -> String {
    match n {
        1 => "1 page".to_owned(),
        n => format!("{n} pages"),
    }
}

/// The entries with the site's name every title repeats trimmed.
pub(super) fn trimmed(page: &HtmlPage, entries: &[PageEntry]) -> Vec<PageEntry> {
    let suffix = shared_suffix(entries, &page.site_title);
    entries
        .iter()
        .map(|e| {
            let mut e = e.clone();
            e.title = trim_site_name(e.title.trim(), &page.site_title, suffix.as_deref());
            e
        })
        .collect()
}

/// The page up to its `<header>`'s end, `intro` under the site's name,
/// `style` after the page's own CSS.
pub(super) fn write_head(
    out: &mut impl Write,
    page: &HtmlPage,
    intro: &str,
    style: &str,
) -> io::Result<()> {
    let site = esc(&page.site_title);
    write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"{HTML_GENERATOR}\">\n\
         <title>Sitemap: {site}</title>\n<style>\n{STYLE}{style}</style>\n</head>\n<body>\n<header>\n\
         <h1>Sitemap: {site}</h1>\n<p>{intro}</p>\n</header>\n",
        esc(&page.lang)
    )
}

/// One section: its heading (text, `id`, level) and its pages, folded
/// into a `<details>` with `fold`.
pub(super) fn write_section(
    out: &mut impl Write,
    page: &HtmlPage,
    (heading, id, level): (&str, &str, u8),
    list: &[&PageEntry],
    fold: bool,
) -> io::Result<()> {
    let heading = esc(heading);
    writeln!(out, "<section aria-labelledby=\"{id}\">")?;
    if fold {
        writeln!(
            out,
            "<details>\n<summary><h{level} id=\"{id}\">{heading}</h{level}> <span class=\"count\">({})</span></summary>",
            list.len()
        )?;
    } else {
        writeln!(out, "<h{level} id=\"{id}\">{heading}</h{level}>")?;
    }
    write_list(out, page, list)?;
    if fold {
        writeln!(out, "</details>")?;
    }
    writeln!(out, "</section>")
}

/// The pages as a list.
pub(super) fn write_list(
    out: &mut impl Write,
    page: &HtmlPage,
    list: &[&PageEntry],
) -> io::Result<()> {
    writeln!(out, "<ul>")?;
    for entry in list {
        write_entry(out, page, entry)?;
    }
    writeln!(out, "</ul>")
}

/// The page's CSS: readable line length, wrapping that never makes a
/// phone scroll sideways, and a dark scheme.
const STYLE: &str = "\
body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; }
h1 { font-size: 1.75rem; line-height: 1.25; }
h1, h2, a { overflow-wrap: anywhere; }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; padding: 0; list-style: none; }
main ul { padding-left: 1.25rem; }
li { margin: .2rem 0; }
time { color: #555; font-size: .9em; margin-left: .5em; white-space: nowrap; }
summary { cursor: pointer; margin: 1rem 0 .5rem; }
summary h2 { display: inline; font-size: 1.3rem; }
.count { color: #555; }
@media (prefers-color-scheme: dark) { body { background: #111; color: #eee; } a { color: #8ab4f8; } time, .count { color: #aaa; } }
";

fn write_entry(out: &mut impl Write, page: &HtmlPage, entry: &PageEntry) -> io::Result<()> {
    let href = match super::relative(&page.base_url, &entry.loc) {
        Some("") => "./",
        Some(rel) => rel,
        None => entry.loc.as_str(),
    };
    let title = if entry.title.is_empty() {
        entry.loc.as_str()
    } else {
        &entry.title
    };
    write!(out, "<li><a href=\"{}\">{}</a>", esc(href), esc(title))?;
    if let Some(lastmod) = &entry.lastmod {
        write!(
            out,
            " <time datetime=\"{}\">{}</time>",
            lastmod.to_xsd_string(),
            human_date(lastmod)
        )?;
    }
    writeln!(out, "</li>")
}

/// A date as people write it (`1 May 2024`; `May 2024`, `2024` for the
/// coarser values), in the value's own offset: the day the author saw.
pub fn human_date(lastmod: &Lastmod) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let (at, _) = lastmod.civil_start();
    let month = MONTHS[usize::try_from(at.month() - 1).unwrap_or(0)];
    match lastmod.precision() {
        crate::Precision::Year => format!("{}", at.year()),
        crate::Precision::Month => format!("{month} {}", at.year()),
        _ => format!("{} {month} {}", at.day(), at.year()),
    }
}

/// The site-name part every title repeats when the site's own name is
/// not it (a scan of built HTML knows only the host): the text after the
/// last separator, when every one of two or more titles ends in it.
fn shared_suffix(entries: &[PageEntry], site_title: &str) -> Option<String> {
    if entries.len() < 2 {
        return None;
    }
    let first = entries[0].title.trim();
    let (at, sep) = SEPARATORS
        .iter()
        .filter_map(|sep| first.rfind(sep).map(|i| (i, *sep)))
        .max_by_key(|(i, _)| *i)?;
    let suffix = &first[at..];
    let shared = entries.iter().all(|e| e.title.trim().ends_with(suffix));
    let name = &suffix[sep.len()..];
    (shared && !name.trim().is_empty() && name != site_title).then(|| suffix.to_owned())
}

/// `title` without the site's name around it (`Intro - My Book` and
/// `My Book | Intro` give `Intro`); a title that is only the name stays.
fn trim_site_name(title: &str, site_title: &str, shared: Option<&str>) -> String {
    if let Some(rest) = shared.and_then(|s| title.strip_suffix(s))
        && !rest.trim().is_empty()
    {
        return rest.trim().to_owned();
    }
    let site_title = site_title.trim();
    if !site_title.is_empty() {
        for sep in SEPARATORS {
            let rest = title
                .strip_suffix(site_title)
                .and_then(|t| t.strip_suffix(sep))
                .or_else(|| {
                    title
                        .strip_prefix(site_title)
                        .and_then(|t| t.strip_prefix(sep))
                });
            if let Some(rest) = rest.filter(|r| !r.trim().is_empty()) {
                return rest.trim().to_owned();
            }
        }
    }
    title.to_owned()
}

/// An `id` for each heading: `section-` and its slug, numbered when two
/// headings slug alike.
pub(super) fn section_ids<'a>(headings: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for heading in headings {
        let slug: String = heading
            .chars()
            .map(|c| {
                if c.is_alphanumeric() {
                    c.to_lowercase().next().unwrap_or(c)
                } else {
                    '-'
                }
            })
            .collect();
        let slug = slug.trim_matches('-');
        let base = if slug.is_empty() {
            "section".to_owned()
        } else {
            format!("section-{slug}")
        };
        let mut id = base.clone();
        let mut n = 2;
        while ids.contains(&id) {
            id = format!("{base}-{n}");
            n += 1;
        }
        ids.push(id);
    }
    ids
}

/// Escapes text and attribute values for HTML.
pub(super) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Loc;

    fn render(site: &str, entries: &[PageEntry]) -> String {
        let base = Loc::parse("https://example.org/book/").unwrap();
        let mut out = Vec::new();
        write_html_page(&mut out, &HtmlPage::new(base, site), entries).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn entry(path: &str, title: &str) -> PageEntry {
        let base = Loc::parse("https://example.org/book/").unwrap();
        PageEntry::new(base.join(path).unwrap(), title)
    }

    /// Issue: every chapter's `<title>` repeated " - My Book".
    #[test]
    fn the_site_name_is_trimmed_from_titles() {
        let cases = [
            ("Intro - My Book", "Intro"),
            ("My Book | Setup", "Setup"),
            ("Notes \u{2014} My Book", "Notes"),
            ("My Book", "My Book"),
            ("A - B", "A - B"),
        ];
        for (title, want) in cases {
            assert_eq!(trim_site_name(title, "My Book", None), want, "{title}");
        }
    }

    #[test]
    fn a_suffix_every_title_shares_is_trimmed_when_the_site_name_is_unknown() {
        let entries = [
            entry("a.html", "Alpha · Docs"),
            entry("b.html", "Beta · Docs"),
        ];
        let html = render("example.org", &entries);
        assert!(
            html.contains(">Alpha</a>") && html.contains(">Beta</a>"),
            "{html}"
        );
        let mixed = [entry("a.html", "Alpha - Docs"), entry("b.html", "Beta")];
        assert!(render("example.org", &mixed).contains(">Alpha - Docs</a>"));
    }

    #[test]
    fn dates_are_written_for_people_and_kept_for_machines() {
        let date = |s: &str| human_date(&s.parse().unwrap());
        assert_eq!(date("2026-11-25"), "25 Nov 2026");
        assert_eq!(date("2024-05-01T23:30:00-05:00"), "1 May 2024");
        assert_eq!(date("2024-02"), "Feb 2024");
        assert_eq!(date("2024"), "2024");
        let html = render(
            "Book",
            &[entry("a.html", "A").with_lastmod("2024-05-01".parse().unwrap())],
        );
        assert!(
            html.contains(
                "<a href=\"a.html\">A</a> <time datetime=\"2024-05-01\">1 May 2024</time>"
            ),
            "{html}"
        );
    }

    #[test]
    fn sections_fold_past_fifty_pages() {
        let many: Vec<PageEntry> = (0..=COLLAPSE_PAST)
            .map(|i| entry(&format!("{}/p{i}.html", ["a", "b"][i % 2]), "P"))
            .collect();
        let html = render("Book", &many);
        assert_eq!(html.matches("<details>").count(), 2, "{html}");
        assert!(html.contains(
            "<summary><h2 id=\"section-a\">A</h2> <span class=\"count\">(26)</span></summary>"
        ));
        let few = &many[..COLLAPSE_PAST];
        assert!(!render("Book", few).contains("<details>"));
    }

    #[test]
    fn section_ids_are_unique() {
        assert_eq!(
            section_ids(["Pages", "Guide!", "guide?", "…"].into_iter()),
            [
                "section-pages",
                "section-guide",
                "section-guide-2",
                "section"
            ]
        );
    }
}
