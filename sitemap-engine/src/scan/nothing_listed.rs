//! Why a scan lists no page, said instead of the set writer's bare "no
//! entries to write": a robots.txt with `Disallow: /`, an `exclude-urls`
//! glob that matches every URL and a site of drafts all end there, and
//! the writer only knows it was handed nothing.
//!
//! The error's first line is the writer's, with the pages left out
//! counted by reason (as the scan's summary counts them); then one
//! `error:` line per cause, at the place to change it: a robots.txt rule
//! at its file and line, a pattern at the setting's origin (the file and
//! line of `sitemap.toml`, or the flag), drafts and the rest with the
//! first few files they are.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::scan::{LeftOut, Reason, Scan};
use crate::settings::{Origin, Resolved, line_of};

/// Files named for a cause that has no line of its own to point at.
const NAMED: usize = 3;

/// What left pages out, at the place the user changes it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Cause {
    /// A robots.txt rule: its file, line and text.
    Robots {
        file: PathBuf,
        line: u32,
        rule: String,
    },
    /// A glob of a setting (`exclude-urls`, `exclude`).
    Pattern { key: &'static str, pattern: String },
    /// A setting's globs that a page's path or URL matches none of
    /// (`include-urls`, `include`).
    NoneMatched { key: &'static str },
    /// Drafts.
    Drafts,
    /// Anything else, by the summary's word for it.
    Other { label: &'static str },
}

impl Cause {
    fn of(reason: &Reason) -> Cause {
        match reason {
            Reason::RobotsDisallowed { file, rule } => Cause::Robots {
                file: file.clone(),
                line: rule.line,
                rule: rule.rule.clone(),
            },
            Reason::UrlExcluded { pattern } | Reason::Filtered { pattern, .. } => Cause::Pattern {
                key: pattern_key(reason).map_or("exclude", |(key, _)| key),
                pattern: pattern.clone(),
            },
            Reason::UrlNotIncluded | Reason::NotIncluded => Cause::NoneMatched {
                key: pattern_key(reason).map_or("include", |(key, _)| key),
            },
            Reason::Draft => Cause::Drafts,
            other => Cause::Other {
                label: other.label(),
            },
        }
    }

    /// The `error:` line for `count` pages, `files` the first of them.
    fn line(&self, count: usize, files: &[&Path], resolved: &Resolved) -> String {
        let them = if count == 1 {
            "1 of them".to_owned()
        } else {
            format!("{count} of them")
        };
        match self {
            Cause::Robots { file, line, rule } => format!(
                "{}:{line}: `{rule}` disallows {them} for Googlebot, and a listed URL robots.txt blocks is an error in Search Console (`robots-disallowed = \"keep\"` lists them anyway, with a warning)",
                file.display()
            ),
            Cause::Pattern { key, pattern } => {
                let (place, name) = setting(resolved, key);
                format!("{place}{name} pattern `{pattern}` matches {them}")
            }
            Cause::NoneMatched { key } => {
                let (place, name) = setting(resolved, key);
                format!("{place}{them} match no pattern of {name}")
            }
            Cause::Drafts => format!(
                "{them} are drafts (`include-drafts = true` lists drafts too): {}",
                named(count, files)
            ),
            Cause::Other { label } => {
                format!("{them} left out as {label}: {}", named(count, files))
            }
        }
    }
}

/// The setting whose globs left a page out for `reason`, and whether
/// the page matched none of them (`include`, `include-urls`) rather than
/// one (`exclude`, `exclude-urls`).
fn pattern_key(reason: &Reason) -> Option<(&'static str, bool)> {
    match reason {
        Reason::UrlExcluded { .. } => Some(("exclude-urls", false)),
        Reason::Filtered { .. } => Some(("exclude", false)),
        Reason::UrlNotIncluded => Some(("include-urls", true)),
        Reason::NotIncluded => Some(("include", true)),
        _ => None,
    }
}

/// How a scan's summary counts the pages left out for `reason`: the
/// reason's word, or for a setting's globs where the setting was set
/// (`` by sitemap.toml:3 `exclude-urls` ``, `` by `--exclude-urls` ``), so
/// a key from a file does not read as a flag.
pub fn left_out_label(resolved: &Resolved, reason: &Reason) -> Cow<'static, str> {
    match pattern_key(reason) {
        // A built page's own pattern (`built: true`) keeps its word.
        _ if matches!(reason, Reason::Filtered { built: true, .. }) => reason.label().into(),
        Some((key, false)) => format!("by {}", resolved.describe(key)).into(),
        Some((key, true)) => format!("not in {}", resolved.describe(key)).into(),
        None => reason.label().into(),
    }
}

/// The first files of `count`, and how many more.
fn named(count: usize, files: &[&Path]) -> String {
    let mut names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    if count > files.len() {
        names.push(format!("{} more", count - files.len()));
    }
    names.join(", ")
}

/// Where `key` was set and its name there: a message's place when it is
/// a file's line (`sitemap.toml:3: `, then `` `exclude-urls` ``), else
/// no place and the setting as it is named (`` `--exclude-urls` ``,
/// `` `.exclude_urls(..)` ``).
pub(crate) fn setting(resolved: &Resolved, key: &str) -> (String, String) {
    match resolved.origin(key) {
        Some(Origin::File { path, table }) => {
            let shown = path.display().to_string();
            let shown = shown.strip_prefix("./").unwrap_or(&shown);
            let line =
                line_of(path, table.as_deref(), key).map_or(String::new(), |l| format!(":{l}"));
            let table = table.as_ref().map_or(String::new(), |t| format!("[{t}] "));
            (format!("{shown}{line}: "), format!("{table}`{key}`"))
        }
        _ => (String::new(), resolved.describe(key)),
    }
}

/// The line for a scan whose every page one setting's globs left out
/// (each matched a pattern of `exclude-urls`, or none of `include-urls`):
/// said in those words, the patterns with their counts, since the
/// per-cause lines would only count pages. `None` when the pages were
/// left out for other reasons too, or by two settings.
fn every_page(causes: &[(Cause, (usize, Vec<&Path>))], resolved: &Resolved) -> Option<String> {
    let key = match &causes.first()?.0 {
        Cause::Pattern { key, .. } | Cause::NoneMatched { key } => *key,
        _ => return None,
    };
    let mut patterns = Vec::new();
    for (cause, (count, _)) in causes {
        match cause {
            Cause::Pattern { key: k, pattern } if *k == key => patterns.push((pattern, *count)),
            Cause::NoneMatched { key: k } if *k == key && causes.len() == 1 => {}
            _ => return None,
        }
    }
    let (place, name) = setting(resolved, key);
    Some(match &patterns[..] {
        [] => format!("{place}no page matched {name}"),
        [(pattern, _)] => format!("{place}every page matched {name} pattern `{pattern}`"),
        [(first, n), rest @ ..] => {
            let rest: Vec<String> = rest.iter().map(|(p, n)| format!("`{p}` {n}")).collect();
            format!(
                "{place}every page matched {name} (pattern `{first}` matches {n} of them, {})",
                rest.join(", ")
            )
        }
    })
}

/// The error for a scan that lists nothing because every page it found
/// was left out; `None` when it lists something, or found nothing to
/// leave out (the set writer's own message is then the whole story).
/// `root` is the set's root file.
pub(crate) fn explain(scan: &Scan, resolved: &Resolved, root: &Path) -> Option<Error> {
    if !scan.urls.is_empty() || scan.left_out.is_empty() {
        return None;
    }
    let mut causes: BTreeMap<Cause, (usize, Vec<&Path>)> = BTreeMap::new();
    let mut labels: BTreeMap<Cow<'static, str>, usize> = BTreeMap::new();
    for LeftOut { path, reason, .. } in &scan.left_out {
        *labels.entry(left_out_label(resolved, reason)).or_default() += 1;
        let (count, files) = causes.entry(Cause::of(reason)).or_default();
        *count += 1;
        if files.len() < NAMED {
            files.push(path);
        }
    }
    let total = scan.left_out.len();
    let counts: Vec<String> = labels.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let mut message = format!(
        "{}: no entries to write: all {total} page(s) found are left out ({}), and the sitemaps.org XSD requires at least one <url>; the previous files are left as they were",
        root.display(),
        counts.join(", ")
    );
    // The cause of the most pages first.
    let mut causes: Vec<_> = causes.into_iter().collect();
    causes.sort_by(|(a, (n, _)), (b, (m, _))| m.cmp(n).then_with(|| a.cmp(b)));
    if let Some(line) = every_page(&causes, resolved) {
        message.push_str("\nerror: ");
        message.push_str(&line);
    } else {
        for (cause, (count, files)) in &causes {
            message.push_str("\nerror: ");
            message.push_str(&cause.line(*count, files, resolved));
        }
    }
    Some(Error::job(
        message,
        "change what the lines above name, so that at least one page is listed (`--verbose` names every page left out, and why)",
    ))
}
