//! The list-page rule of a content tree: the home page, sections,
//! taxonomies, terms and their pagers take the newest `lastmod` of the
//! pages their generator lists on them, worked out after the source
//! pipeline has dated every page.

use sitemap_content::PageKind;
use sitemap_core::{Lastmod, Url};
use sitemap_pages::LeftOut;

use super::Listing;

/// List pages change when what they list changes: the home page, a
/// section, a taxonomy or a term takes the newest `lastmod` of the pages
/// the generator lists on it (`member_of`, whatever their URLs: Hugo
/// `permalinks` put `/posts/` pages under `/2024/05/`) and of its own
/// `_index` file; a pager takes its list's. A list page without a
/// content file of its own counts only its members, never the
/// configuration file's date. Only members in the sitemap count: a page
/// left out has no lastmod here.
///
/// With `own_first` (Hugo), a list page whose own file gives it a
/// lastmod keeps that one, as Hugo 0.111.3 does (its sections take their
/// pages' dates only when their own are all zero; with `enableGitInfo`
/// every `_index` file has its own): only list pages without one take
/// their members'.
///
/// `listings` are the scan's pages in `loc` order; `urls` (sorted by
/// `loc`) and `left_out` are what the pipeline made of them.
pub(super) fn lastmod(
    urls: &mut [Url],
    left_out: &[LeftOut],
    listings: &[Listing],
    own_first: bool,
) {
    let url_of = url_indices(urls, left_out, listings.len());
    // The newest so far, with its start instant kept beside it: a page
    // is a member of several lists, and working out an instant from a
    // civil date-time and offset each time it was compared was 7% of the
    // work after the walk.
    type Newest = Option<(jiff::Timestamp, Lastmod)>;
    let newest = |a: &mut Newest, b: Option<&(jiff::Timestamp, &Lastmod)>| {
        if let Some(&(start, b)) = b
            && a.as_ref().is_none_or(|(best, _)| start > *best)
        {
            *a = Some((start, b.clone()));
        }
    };
    let is_list = |kind: PageKind| {
        matches!(
            kind,
            PageKind::Home | PageKind::Section | PageKind::Taxonomy | PageKind::Term
        )
    };
    // The rolled-up lastmod of each list page, by URL index: its own
    // file's to start with.
    let mut rolled: Vec<Option<Newest>> = vec![None; urls.len()];
    for (page, &u) in listings.iter().zip(&url_of) {
        if u != NONE && is_list(page.kind) {
            let own = urls[u as usize].lastmod.as_ref().filter(|_| page.own_file);
            rolled[u as usize] = Some(own.map(|l| (l.start(), l.clone())));
        }
    }
    let dated_by_own: Vec<bool> = rolled.iter().map(|r| matches!(r, Some(Some(_)))).collect();
    // Members count with their own lastmod, not their rolled one: each
    // names every list above it, so nothing is counted twice over.
    for (page, &u) in listings.iter().zip(&url_of) {
        if u == NONE || page.member_of.is_empty() {
            continue;
        }
        let own = if is_list(page.kind) && !page.own_file {
            None
        } else {
            urls[u as usize].lastmod.as_ref().map(|l| (l.start(), l))
        };
        for &list in &page.member_of {
            let l = url_of[list as usize];
            if l != NONE
                && l != u
                && !(own_first && dated_by_own[l as usize])
                && let Some(best) = &mut rolled[l as usize]
            {
                newest(best, own.as_ref());
            }
        }
    }
    for (page, &u) in listings.iter().zip(&url_of) {
        if u == NONE || page.kind != PageKind::Pagination {
            continue;
        }
        let list = page.pager_of.map_or(NONE, |p| url_of[p as usize]);
        urls[u as usize].lastmod = if list == NONE {
            None
        } else {
            rolled[list as usize].clone().flatten().map(|(_, l)| l)
        };
    }
    for (url, lastmod) in urls.iter_mut().zip(rolled) {
        if let Some(lastmod) = lastmod {
            url.lastmod = lastmod.map(|(_, l)| l);
        }
    }
}

/// No entry: the page was left out.
const NONE: u32 = u32::MAX;

/// Each page's index in `urls`, or [`NONE`]. The pages are in `loc`
/// order, each `loc` once, and the pipeline keeps that order and leaves
/// a page out only with its `loc` in `left_out`: so the pages are the
/// entries and the left-out `loc`s merged, and the page at each step is
/// whichever of the two comes first. No URL is hashed or copied.
fn url_indices(urls: &[Url], left_out: &[LeftOut], pages: usize) -> Vec<u32> {
    let mut gone: Vec<&str> = left_out
        .iter()
        .filter_map(|l| l.loc.as_ref().map(|loc| loc.as_str()))
        .collect();
    gone.sort_unstable();
    let (mut kept, mut dropped) = (urls.iter().peekable(), gone.iter().peekable());
    let mut next = 0;
    (0..pages)
        .map(|_| {
            let url = kept.peek().map(|u| u.loc.as_str());
            match (url, dropped.peek()) {
                (Some(url), Some(&&gone)) if gone < url => {
                    dropped.next();
                    NONE
                }
                (Some(_), _) => {
                    kept.next();
                    next += 1;
                    next - 1
                }
                (None, _) => {
                    dropped.next();
                    NONE
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use sitemap_core::Loc;
    use sitemap_pages::Reason;

    use super::*;

    fn loc(path: &str) -> Loc {
        format!("https://example.org/{path}").parse().unwrap()
    }

    fn left_out(path: &str) -> LeftOut {
        LeftOut::new(format!("content/{path}.md"), Reason::Draft).at(loc(path))
    }

    /// Every way of leaving out some of six pages, with pages left out
    /// that have no URL mixed in: each kept page finds its own entry.
    #[test]
    fn each_page_finds_its_entry_whichever_pages_are_left_out() {
        let paths = ["", "a/", "a/b/", "a/c/", "b/", "b/a/"];
        for gone in 0..1_u32 << paths.len() {
            let is_gone = |i: usize| gone & (1 << i) != 0;
            let urls: Vec<Url> = (0..paths.len())
                .filter(|&i| !is_gone(i))
                .map(|i| Url::new(loc(paths[i])))
                .collect();
            // Left out in path order, not `loc` order, as the pipeline
            // lists them; one without a URL (a refused file) among them.
            let mut out: Vec<LeftOut> = (0..paths.len())
                .filter(|&i| is_gone(i))
                .rev()
                .map(|i| left_out(paths[i]))
                .collect();
            out.push(LeftOut::new("content/refused.md", Reason::Draft));
            let found = url_indices(&urls, &out, paths.len());
            let mut next = 0;
            for (i, &u) in found.iter().enumerate() {
                if is_gone(i) {
                    assert_eq!(u, NONE, "{gone:06b}: page {i}");
                } else {
                    assert_eq!(urls[u as usize].loc, loc(paths[i]), "{gone:06b}: page {i}");
                    next += 1;
                }
            }
            assert_eq!(next, urls.len());
        }
    }

    /// A section and the home page take the newest of the members still
    /// listed; a page left out between them counts for nothing, and
    /// moves no other page's date onto the wrong list.
    #[test]
    fn lists_take_their_listed_members_newest_lastmod() {
        let dated = |path: &str, date: &str| {
            let mut url = Url::new(loc(path));
            url.lastmod = Some(date.parse().unwrap());
            url
        };
        let listing = |kind, own_file, member_of: &[u32]| Listing {
            kind,
            own_file,
            member_of: member_of.to_vec(),
            pager_of: None,
        };
        // In `loc` order: home, section a, a/new (left out), a/old,
        // section b, b/a, a pager of section b.
        let listings = [
            listing(PageKind::Home, false, &[]),
            listing(PageKind::Section, true, &[0]),
            listing(PageKind::Page, true, &[1, 0]),
            listing(PageKind::Page, true, &[1, 0]),
            listing(PageKind::Section, false, &[0]),
            listing(PageKind::Page, true, &[4, 0]),
            Listing {
                pager_of: Some(4),
                ..listing(PageKind::Pagination, false, &[])
            },
        ];
        let mut urls = vec![
            Url::new(loc("")),
            dated("a/", "2024-01-01"),
            dated("a/old/", "2024-02-01"),
            Url::new(loc("b/")),
            dated("b/a/", "2024-03-01"),
            Url::new(loc("b/page/2/")),
        ];
        let out = [left_out("a/new/")];
        lastmod(&mut urls, &out, &listings, false);
        let got: Vec<Option<String>> = urls
            .iter()
            .map(|u| u.lastmod.as_ref().map(ToString::to_string))
            .collect();
        let want = [
            "2024-03-01",
            "2024-02-01",
            "2024-02-01",
            "2024-03-01",
            "2024-03-01",
            "2024-03-01",
        ];
        assert_eq!(got, want.map(|d| Some(d.to_owned())));
        // Hugo keeps a section's own date when its file gives one.
        urls[1].lastmod = Some("2024-01-01".parse().unwrap());
        lastmod(&mut urls, &out, &listings, true);
        assert_eq!(urls[1].lastmod.as_ref().unwrap().to_string(), "2024-01-01");
    }
}
