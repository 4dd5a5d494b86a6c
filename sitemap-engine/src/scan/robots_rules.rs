//! Pages the site's own robots.txt disallows (`robots-disallowed`).
//!
//! Google's sitemap guidance says listed URLs must be crawlable, and
//! Search Console reports a listed URL robots.txt blocks as an error. So
//! after any reader, the gate (`gate.rs`) asks the site's robots.txt for
//! Googlebot (`sitemap_core::robots::Rules`) of each entry: one it
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

use std::path::{Path, PathBuf};

use sitemap_core::Loc;
use sitemap_core::robots::{self, ROBOTS_FILE_NAME, Rules};

use crate::error::Error;
use crate::scan::{Reason, Source};
use crate::settings::{Flavor, Resolved, RobotsDisallowed};

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

/// The site's robots.txt, read once and parsed, for the gate
/// (`gate.rs`) to ask of each entry.
pub(crate) struct Robots {
    /// The robots.txt read.
    file: PathBuf,
    rules: Rules,
    /// `robots-disallowed = "keep"`: a disallowed entry is kept, with a
    /// warning naming the rule.
    keep: bool,
}

/// What the site's robots.txt says of one entry.
pub(crate) enum Said {
    /// Left out, with the rule that disallows it.
    LeftOut(Reason),
    /// Kept although disallowed (`robots-disallowed = "keep"`), with the
    /// warning that says so.
    Kept(String),
}

impl Robots {
    /// The robots.txt that governs `base_url` served from `out`, read;
    /// `None` when there is none. A robots.txt cut at Google's limit is
    /// warned of into `warnings`.
    pub(crate) fn find(
        source: &Source,
        resolved: &Resolved,
        out: &Path,
        base_url: &Loc,
        warnings: &mut Vec<String>,
    ) -> Result<Option<Robots>, Error> {
        let Some(file) = find(source, resolved, out, base_url) else {
            return Ok(None);
        };
        let Some(text) = robots::read_rules(&file)? else {
            return Ok(None);
        };
        warnings.extend(text.cut_warning(&file));
        Ok(Some(Robots {
            rules: Rules::from_bytes(&text.bytes),
            keep: resolved.settings.robots_disallowed == Some(RobotsDisallowed::Keep),
            file,
        }))
    }

    /// What the rules say of `loc`: `None` when they allow it.
    pub(crate) fn judge(&self, loc: &Loc) -> Option<Said> {
        let rule = self.rules.blocks(loc)?;
        if self.keep {
            return Some(Said::Kept(format!(
                "{}:{}: `{}` disallows {loc}, which is listed (`robots-disallowed = \"keep\"`): Search Console reports it as blocked",
                self.file.display(),
                rule.line,
                rule.rule,
            )));
        }
        Some(Said::LeftOut(Reason::RobotsDisallowed {
            file: self.file.clone(),
            rule,
        }))
    }
}
