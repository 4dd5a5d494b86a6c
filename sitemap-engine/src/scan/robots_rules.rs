//! Pages the site's own robots.txt disallows (`robots-disallowed`).
//!
//! Google's sitemap guidance says listed URLs must be crawlable, and
//! Search Console reports a listed URL robots.txt blocks as an error. So
//! after any reader, the entries are matched against the site's
//! robots.txt for Googlebot (`sitemap_core::robots::Rules`): one it
//! disallows is left out and counted ([`Reason::RobotsDisallowed`], named
//! with its rule under `--verbose`), or kept with a warning naming the
//! rule when `robots-disallowed = "keep"`.
//!
//! **Which robots.txt.** The one crawlers will read: `robots.txt` in the
//! output folder, which is served at the host root. A Zola or Hugo site
//! scanned from its sources may not be built yet, so there the site's
//! `static/robots.txt` (copied into the output as it is) counts when the
//! output folder has none. Only when the base URL is a host root: a
//! robots.txt in a folder served under a path is not the host's, and the
//! host's own is not ours to see. No robots.txt: nothing is disallowed.
//! A robots.txt over 500 KiB is read as Google reads it, its first
//! 500 KiB, with a warning naming it.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use sitemap_core::Loc;
use sitemap_core::diagnostic::{Diagnostic, Kind, Name};
use sitemap_core::robots::{self, ROBOTS_FILE_NAME, Rules};

use crate::error::Error;
use crate::scan::{LeftOut, Reason, Scan, Source};
use crate::settings::{Flavor, Resolved, RobotsDisallowed};

/// A listed URL robots.txt disallows, kept: one per URL, so a rule over
/// a whole section is named twenty times, then counted.
const KEPT_DISALLOWED: Kind =
    Kind::new("robots-disallowed-kept", "listed URLs robots.txt disallows");

/// The robots.txt that governs `base_url` served from `out`, if any.
fn find(source: &Source, resolved: &Resolved, out: &Path, base_url: &Loc) -> Option<PathBuf> {
    if path_of(base_url) != "/" {
        return None;
    }
    let served = out.join(ROBOTS_FILE_NAME);
    if served.is_file() {
        return Some(served);
    }
    let s = &resolved.settings;
    let from_sources = s.html.is_none() && s.flavor != Some(Flavor::Html);
    match source {
        Source::Site(site) if from_sources => {
            Some(site.join("static").join(ROBOTS_FILE_NAME)).filter(|p| p.is_file())
        }
        _ => None,
    }
}

/// The path (and query) of `loc`: `/a/` of `https://example.org/a/`.
fn path_of(loc: &Loc) -> &str {
    &loc.as_str()[loc.origin().len()..]
}

/// Applies the site's robots.txt to `scan`'s entries; returns the URLs
/// left out (for the ledger, which must not record them).
pub(crate) fn apply(
    source: &Source,
    resolved: &Resolved,
    scan: &mut Scan,
    out: &Path,
    base_url: &Loc,
) -> Result<HashSet<Loc>, Error> {
    let mut left_out = HashSet::new();
    let Some(file) = find(source, resolved, out, base_url) else {
        return Ok(left_out);
    };
    let Some(text) = robots::read_rules(&file)? else {
        return Ok(left_out);
    };
    if let Some(warning) = text.cut_warning(&file) {
        scan.warnings.push(warning);
    }
    // Parsed once for every entry.
    let rules = Rules::from_bytes(&text.bytes);
    let keep = resolved.settings.robots_disallowed == Some(RobotsDisallowed::Keep);
    let mut kept = Vec::with_capacity(scan.urls.len());
    for url in std::mem::take(&mut scan.urls) {
        let Some(rule) = rules.blocks(&url.loc) else {
            kept.push(url);
            continue;
        };
        if keep {
            scan.warnings.push(
                Diagnostic::warning(format!(
                    "`{}` disallows {}, which is listed (`robots-disallowed = \"keep\"`): Search Console reports it as blocked",
                    Name::new(&rule.rule),
                    url.loc
                ))
                .at(&file, u64::from(rule.line))
                .with_kind(KEPT_DISALLOWED),
            );
            kept.push(url);
            continue;
        }
        let path = scan
            .sources
            .get(&url.loc)
            .cloned()
            .unwrap_or_else(|| PathBuf::from(path_of(&url.loc)));
        let reason = Reason::RobotsDisallowed {
            file: file.clone(),
            rule,
        };
        scan.left_out
            .push(LeftOut::new(path, reason).at(url.loc.clone()));
        left_out.insert(url.loc);
    }
    scan.urls = kept;
    Ok(left_out)
}
