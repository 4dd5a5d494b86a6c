//! The checks that need the whole sitemap set, run once every file has
//! been read: hreflang reciprocity, one URL per language (x-default
//! included) and the same x-default on every version of a group, the "build time on every page"
//! lastmod smell, and the indexable pages no `loc` names.

use std::collections::HashSet;
use std::path::Path;

use crate::error::Error;
use sitemap_core::validate::{Diagnostic, Severity};
use sitemap_html::{HtmlOptions, Reason};

use super::{Mapped, SMELL_MIN_ENTRIES, SMELL_PERCENT, SiteCheck, SiteSummary};

impl SiteCheck {
    /// The checks that need the whole set: hreflang reciprocity, the
    /// lastmod smell (each a diagnostic of result number `.0`), and the
    /// indexable pages no loc names.
    pub fn finish(mut self) -> Result<(Vec<(usize, Diagnostic)>, SiteSummary), Error> {
        let mut out = Vec::new();
        for (loc, w) in &self.alternates {
            let at = |message: String, severity| {
                (w.file, Diagnostic::new(w.line, w.column, severity, message))
            };
            if !w.alternates.iter().any(|a| &a.href == loc) {
                out.push(at(
                    format!("{loc} lists hreflang alternates but not itself; each language version lists every version, itself included"),
                    Severity::Error,
                ));
            }
            // Google: one URL per language in a group, and at most one
            // x-default; two would leave the choice to the crawler.
            let mut by_lang: std::collections::BTreeMap<String, Vec<&str>> = Default::default();
            for a in &w.alternates {
                let hrefs = by_lang
                    .entry(a.hreflang.as_str().to_ascii_lowercase())
                    .or_default();
                if !hrefs.contains(&a.href.as_str()) {
                    hrefs.push(a.href.as_str());
                }
            }
            for (lang, hrefs) in by_lang.iter().filter(|(_, h)| h.len() > 1) {
                out.push(at(
                    format!(
                        "{loc} lists {} URLs as its hreflang=\"{lang}\" alternate ({}); a group names one URL per language{}",
                        hrefs.len(),
                        hrefs.join(", "),
                        if lang == "x-default" { ", and at most one x-default" } else { "" }
                    ),
                    Severity::Error,
                ));
            }
            // Google: every version of a group lists the same annotations,
            // so an x-default on one is the x-default of all.
            let own_default = x_default(&w.alternates);
            let mut compared = HashSet::new();
            for a in &w.alternates {
                let Some(other) = self.alternates.get(&a.href) else {
                    continue;
                };
                if &a.href == loc || !compared.insert(&a.href) {
                    continue;
                }
                let theirs = x_default(&other.alternates);
                if (own_default.is_some() || theirs.is_some()) && own_default != theirs {
                    let named = |d: Option<&str>| {
                        d.map_or("no x-default".to_owned(), |h| format!("x-default {h}"))
                    };
                    out.push(at(
                        format!(
                            "{loc} lists {}, but its alternate {} lists {}; every version of a group lists the same x-default",
                            named(own_default),
                            a.href,
                            named(theirs)
                        ),
                        Severity::Error,
                    ));
                }
            }
            for a in &w.alternates {
                if &a.href == loc {
                    continue;
                }
                match self.alternates.get(&a.href) {
                    Some(other) if other.alternates.iter().any(|b| &b.href == loc) => {}
                    Some(_) => out.push(at(
                        format!(
                            "{loc} names {} as its hreflang=\"{}\" alternate, but {} does not name {loc} back; search engines ignore alternates that are not reciprocal",
                            a.href, a.hreflang, a.href
                        ),
                        Severity::Error,
                    )),
                    None => out.push(at(
                        format!(
                            "{loc} names {} as its hreflang=\"{}\" alternate, but the sitemap lists no alternates for {}, so it cannot name {loc} back",
                            a.href, a.hreflang, a.href
                        ),
                        Severity::Warning,
                    )),
                }
            }
        }
        let mut same_day = None;
        if self.lastmods >= SMELL_MIN_ENTRIES
            && let Some((day, &(count, file, line, column))) =
                self.days.iter().max_by_key(|(_, d)| d.0)
            && count * 100 >= self.lastmods * SMELL_PERCENT
        {
            let message = format!(
                "{count} of {} lastmods fall on {day}: the build time on every page? A lastmod says when each page last changed (from git or front matter); consumers ignore lastmods they cannot trust",
                self.lastmods
            );
            same_day = Some(day.clone());
            out.push((
                file,
                Diagnostic::new(line, column, Severity::Warning, message),
            ));
        }
        let indexable = self.indexable_pages()?;
        let missing_pages: Vec<String> = indexable
            .iter()
            .filter(|rel| !self.mapped.contains(*rel))
            .cloned()
            .collect();
        let summary = SiteSummary {
            dir: self.shown.clone(),
            base_url: self.base.to_string(),
            base_url_from: self.base_from,
            locs: self.locs,
            files: self.pages,
            indexable_pages: indexable.len() as u64,
            missing_pages,
            same_day,
            warnings: std::mem::take(&mut self.warnings),
        };
        self.alternates.clear();
        Ok((out, summary))
    }

    /// The indexable pages of DIR by the HTML scan's rules, `/`-separated
    /// under DIR, sorted. Compared by file, so the URL form does not
    /// matter: a page whose canonical URL is another form of its own
    /// (`/x` for `x/index.html`) is indexable.
    fn indexable_pages(&self) -> Result<Vec<String>, Error> {
        let scan = sitemap_html::scan(&self.dir, &HtmlOptions::new(self.base.clone()))?;
        let rel = |p: &Path| p.strip_prefix(&self.dir).ok().map(super::show);
        let mut left_out = HashSet::new();
        for e in &scan.excluded {
            let same_file = match &e.reason {
                Reason::CanonicalElsewhere { canonical, .. } => {
                    matches!(self.map(canonical), Mapped::File(f) if Some(&f) == rel(&e.path).as_ref())
                }
                _ => false,
            };
            if !same_file && let Some(r) = rel(&e.path) {
                left_out.insert(r);
            }
        }
        // A page the folder's robots.txt disallows for Googlebot is left
        // out on purpose (`scan` does so), so it is not missing.
        if let Ok(Some(text)) =
            sitemap_core::robots::read_rules(&self.dir.join(sitemap_core::robots::ROBOTS_FILE_NAME))
        {
            let rules = sitemap_core::robots::Rules::from_bytes(&text.bytes);
            for url in scan.urls.iter().filter(|u| rules.blocks(&u.loc).is_some()) {
                if let Mapped::File(f) = self.map(&url.loc) {
                    left_out.insert(f);
                }
            }
        }
        // Nor is a page the job itself left out (a draft built anyway, a
        // URL pattern, `sitemap = false` in front matter).
        for loc in &self.left_out {
            if let Mapped::File(f) = self.map(loc) {
                left_out.insert(f);
            }
        }
        let mut pages: Vec<String> = scan
            .files_read
            .iter()
            .filter_map(|p| rel(p))
            .filter(|r| !left_out.contains(r))
            .collect();
        pages.sort();
        pages.dedup();
        Ok(pages)
    }

    /// `a, b, c` with DIR before each.
    pub(super) fn list(&self, rels: &[String]) -> String {
        rels.iter()
            .map(|r| format!("{}{r}", self.shown))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The first `x-default` alternate's URL, if any.
fn x_default(alternates: &[sitemap_core::Alternate]) -> Option<&str> {
    alternates
        .iter()
        .find(|a| a.hreflang.as_str().eq_ignore_ascii_case("x-default"))
        .map(|a| a.href.as_str())
}
