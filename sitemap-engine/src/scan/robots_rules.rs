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
use sitemap_core::diagnostic::{Diagnostic, Kind, Name};
use sitemap_core::robots::{self, ROBOTS_FILE_NAME, Rules};

use crate::error::Error;
use crate::scan::{Reason, Source};
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
    Kept(Diagnostic),
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
        warnings: &mut Vec<Diagnostic>,
    ) -> Result<Option<Robots>, Error> {
        let Some(file) = find(source, resolved, out, base_url) else {
            return Ok(None);
        };
        let Some(text) = robots::read_rules(&file)? else {
            return Ok(None);
        };
        warnings.extend(text.cut_warning(&file));
        warnings.extend(line_warnings(&file, &text.bytes));
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
            return Some(Said::Kept(
                Diagnostic::warning(format!(
                    "`{}` disallows {loc}, which is listed (`robots-disallowed = \"keep\"`): Search Console reports it as blocked",
                    Name::new(&rule.rule),
                ))
                .at(&self.file, u64::from(rule.line))
                .with_kind(KEPT_DISALLOWED),
            ));
        }
        Some(Said::LeftOut(Reason::RobotsDisallowed {
            file: self.file.clone(),
            rule,
        }))
    }
}

/// The directives of robots.txt (RFC 9309's, and those crawlers
/// commonly read), as they are usually written.
const DIRECTIVES: [&str; 7] = [
    "User-agent",
    "Allow",
    "Disallow",
    "Sitemap",
    "Crawl-delay",
    "Host",
    "Clean-param",
];

/// What is wrong in the lines of the site's robots.txt, each naming
/// `file` and its line: what `validate` says of its `Sitemap:` lines (a
/// relative one), and a field name near a directive (`Disalow`),
/// which crawlers that do not guess at misspellings ignore, so that the
/// rule it meant does nothing.
fn line_warnings(file: &Path, bytes: &[u8]) -> Vec<Diagnostic> {
    let mut warnings: Vec<(u64, String)> = sitemap_core::validate::validate_robots(bytes)
        .map(|report| {
            report
                .diagnostics
                .into_iter()
                // Its `Sitemap:` lines only: a byte that is not UTF-8 in
                // a comment is no matter for the scan.
                .filter(|d| d.message.starts_with("`Sitemap:"))
                .map(|d| (d.line, d.message))
                .collect()
        })
        .unwrap_or_default();
    let text = String::from_utf8_lossy(bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    for (i, line) in text.split('\n').enumerate() {
        let line = line.split('#').next().unwrap_or_default();
        let Some((field, value)) = line.split_once(':') else {
            continue;
        };
        let field = field.trim();
        if field.is_empty() || DIRECTIVES.iter().any(|d| d.eq_ignore_ascii_case(field)) {
            continue;
        }
        let lower = field.to_ascii_lowercase();
        let nearest = DIRECTIVES
            .iter()
            .map(|d| {
                (
                    strsim::damerau_levenshtein(&lower, &d.to_ascii_lowercase()),
                    *d,
                )
            })
            .filter(|(distance, _)| *distance <= 2)
            .min();
        if let Some((_, directive)) = nearest {
            warnings.push((
                i as u64 + 1,
                format!(
                    "`{}` names no robots.txt directive; did you mean `{directive}`? Crawlers that do not guess at misspellings ignore the line",
                    Name::new(&format!("{field}: {}", value.trim()))
                ),
            ));
        }
    }
    warnings.sort_by_key(|(line, _)| *line);
    warnings
        .into_iter()
        .map(|(line, message)| {
            Diagnostic::warning(message)
                .in_file(file)
                .with_line(Some(line))
        })
        .collect()
}
