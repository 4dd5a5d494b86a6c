//! One gate: every candidate page, whatever it came from, passes the
//! same leave-out rules in the same order, and the first rule that
//! leaves it out is its one reason, counted in the summary and named by
//! `--verbose`:
//!
//! 1. publish state: draft, future, expired;
//! 2. cascade and front matter (`sitemap.disable`, a `noindex` key, …);
//! 3. build options (`build.list`, Zola's `render = false`, …);
//! 4. URL patterns: `exclude-urls`, `include-urls` (`url_patterns.rs`);
//! 5. the site's robots.txt (`robots_rules.rs`);
//! 6. noindex and canonical, as the built page says.
//!
//! Who asks which rule depends on where the page came from:
//!
//! - **A source file** (a content tree, a book's chapter, a caller's
//!   page): its reader and the source layer answer 1 to 3, since only
//!   they read front matter; [`Gate::apply`] answers 4 and 5 over the
//!   scan's entries; when a content tree's build is beside it, the build
//!   check (`check/build/`) reads each listed page's built head for 6
//!   ([`by_head`]), so a page whose template writes `noindex` is left
//!   out as it would be from the built folder.
//! - **A page from the build** (a Hugo content adapter's, which only the
//!   build has): the build check answers 1 by its URL among the source's
//!   left-out records (a draft an earlier `hugo -D` left in `public/` is
//!   the draft the source already counted, not a second page), 2 and 3
//!   as its section's cascade hands them down, then asks 4 and 5
//!   ([`Gate::by_url`]) and 6 ([`by_head`]) here.
//! - **A built HTML folder** (`--html`): the HTML reader answers 1 to 3
//!   (from `--html-source` front matter) and 6 (each page's head, which
//!   it reads anyway); [`Gate::apply`] answers 4 and 5, and takes over a
//!   page the reader left out for 6 when 4 or 5 leaves it out first.

use std::path::{Path, PathBuf};

use sitemap_core::Loc;
use sitemap_pages::url_filter::UrlFilter;

use super::robots_rules::{Robots, Said};
use super::{LeftOut, Reason, Scan};

/// Rules 4 and 5, set up once for a job.
pub(crate) struct Gate {
    /// The URL the entries are served under, which URL patterns are
    /// matched below.
    base: Loc,
    /// `include-urls` / `exclude-urls`, when set.
    urls: Option<UrlFilter>,
    /// The site's robots.txt, when it has one.
    robots: Option<Robots>,
}

/// What rules 4 and 5 say of one URL.
pub(crate) enum Verdict {
    /// Listed.
    Listed,
    /// Listed, with a warning (robots.txt disallows it, and
    /// `robots-disallowed = "keep"`).
    Kept(String),
    /// Left out, and why.
    LeftOut(Reason),
}

impl Gate {
    /// The gate of a job whose entries are served under `base`.
    pub(crate) fn new(base: Loc, urls: Option<UrlFilter>, robots: Option<Robots>) -> Gate {
        Gate { base, urls, robots }
    }

    /// Rules 4 and 5 for `loc`.
    pub(crate) fn by_url(&self, loc: &Loc) -> Verdict {
        if let Some(reason) = self.urls.as_ref().and_then(|f| f.check(&self.base, loc)) {
            return Verdict::LeftOut(reason);
        }
        match self.robots.as_ref().and_then(|r| r.judge(loc)) {
            None => Verdict::Listed,
            Some(Said::Kept(warning)) => Verdict::Kept(warning),
            Some(Said::LeftOut(reason)) => Verdict::LeftOut(reason),
        }
    }

    /// Rules 4 and 5 over the scan's entries: each one they leave out
    /// moves to `scan.left_out`, named by its file as every reader names
    /// one (relative to `root`; for built HTML, its file in
    /// `scan.html_dir`; failing both, as a taxonomy's list page, its path
    /// under the base URL). A page the HTML reader left out for its head
    /// (rule 6) takes the reason of rule 4 or 5 when one applies: the
    /// earlier rule is its reason.
    pub(crate) fn apply(&self, scan: &mut Scan, root: Option<&Path>) {
        if self.urls.is_none() && self.robots.is_none() {
            return;
        }
        let mut out = Vec::new();
        let mut warnings = Vec::new();
        scan.urls.retain(|url| match self.by_url(&url.loc) {
            Verdict::Listed => true,
            Verdict::Kept(warning) => {
                warnings.push(warning);
                true
            }
            Verdict::LeftOut(reason) => {
                out.push((url.loc.clone(), reason));
                false
            }
        });
        scan.warnings.append(&mut warnings);
        for page in &mut scan.left_out {
            if let (Some(loc), true) = (&page.loc, by_head_rule(&page.reason))
                && let Verdict::LeftOut(reason) = self.by_url(loc)
            {
                page.reason = reason;
            }
        }
        let named: Vec<LeftOut> = out
            .into_iter()
            .map(|(loc, reason)| LeftOut::new(self.file_of(scan, root, &loc), reason).at(loc))
            .collect();
        scan.left_out.extend(named);
    }

    /// The file a left-out entry is named by.
    fn file_of(&self, scan: &Scan, root: Option<&Path>, loc: &Loc) -> PathBuf {
        let relative = |p: &PathBuf| match root {
            Some(root) => p.strip_prefix(root).unwrap_or(p).to_path_buf(),
            None => p.clone(),
        };
        scan.sources
            .get(loc)
            .map(relative)
            .or_else(|| super::html_file(scan.html_dir.as_deref()?, &self.base, loc))
            .unwrap_or_else(|| under_base(&self.base, loc))
    }
}

/// Whether `reason` is rule 6's (what a built page's head says), which
/// an earlier rule takes over.
fn by_head_rule(reason: &Reason) -> bool {
    matches!(
        reason,
        Reason::Noindex {
            by: super::NoindexBy::Meta(_)
        } | Reason::CanonicalElsewhere { .. }
            | Reason::RedirectStub { .. }
    )
}

/// Rule 6: why a page whose built head says `indexing` is left out
/// (`listed`: whether a URL is listed, for a canonical URL elsewhere);
/// `None` for a page to list. A page whose robots meta says `noindex` is
/// left out although Hugo and Zola list it: Search Console reports a
/// listed `noindex` URL as an error (the guide's differences pages).
#[cfg(feature = "html")]
pub(crate) fn by_head(
    indexing: &sitemap_html::Indexing,
    listed: &dyn Fn(&Loc) -> bool,
) -> Option<Reason> {
    indexing.left_out(listed)
}

/// `loc`'s path under the base URL, standing for a file no reader named.
fn under_base(base: &Loc, loc: &Loc) -> PathBuf {
    let rest = loc
        .as_str()
        .strip_prefix(base.folder().as_str())
        .unwrap_or(loc.as_str());
    Path::new(rest).to_path_buf()
}
