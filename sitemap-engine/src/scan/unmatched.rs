//! A pattern that matches nothing does nothing, and says so: an
//! `exclude`, `include`, `exclude-urls` or `include-urls` glob that no
//! page's path or URL matches is a warning at the setting's place, naming
//! what the key is matched against and the nearest pattern that would
//! match. The usual causes are a path from the wrong folder (a Hugo user's
//! `docs/**` for `content/docs/**`, an mdBook author's `src/intro.md` for
//! `intro.md`) and a typo (`/doc/**` for `/docs/**`).
//!
//! A pattern counts as matching when it left a page out (the page's
//! reason names it), when it matches any page the scan found, listed or
//! left out for another reason (a draft), or, for a source pattern, when
//! the folders it names before its first glob exist (a folder the scan
//! could not read, which the pattern leaves out before any page is
//! made): only the patterns left after that are matched against every
//! page again, to find the nearest.

use std::collections::BTreeSet;
use std::path::Path;

use sitemap_core::Loc;
use sitemap_pages::filter::Filter;
use sitemap_pages::url_filter::UrlFilter;

use super::{LeftOut, Reason, Scan};
use crate::settings::Resolved;

/// At most this many leading folders are tried in front of a pattern.
const PREFIXES: usize = 64;
/// Names from the input are cut to this many characters in a message.
const SHOWN: usize = 120;

/// A matcher for one pattern: whether it matches a candidate.
type Matcher = Box<dyn Fn(&str) -> bool>;

/// Warnings for the `include` and `exclude` patterns that match none of
/// `paths` (every page's source, relative to `root`, the folder the
/// patterns are relative to, which `against` names: "source paths
/// relative to the site root"). `left_out` says which exclude patterns
/// left a page out.
pub(super) fn source_patterns(
    resolved: &Resolved,
    root: &Path,
    paths: impl IntoIterator<Item = String>,
    left_out: &[LeftOut],
    against: &str,
) -> Vec<String> {
    let s = &resolved.settings;
    let include = s.include.as_deref().unwrap_or_default();
    let exclude = s.exclude.as_deref().unwrap_or_default();
    if include.is_empty() && exclude.is_empty() {
        return Vec::new();
    }
    let candidates = sorted(
        paths
            .into_iter()
            .chain(left_out.iter().map(|e| slashed(&e.path))),
    );
    let matcher = |pattern: &str| -> Option<Matcher> {
        let filter = Filter::new(&[], &[pattern.to_owned()]).ok()?;
        Some(Box::new(move |c: &str| {
            filter.check(Path::new(c)).is_some()
        }))
    };
    let used = |pattern: &str| {
        left_out
            .iter()
            .any(|e| matches!(&e.reason, Reason::Filtered { pattern: p, .. } if p == pattern))
    };
    let mut warnings = Vec::new();
    for (key, patterns) in [("exclude", exclude), ("include", include)] {
        for pattern in patterns {
            if key == "exclude" && used(pattern) || names_a_path(root, pattern) {
                continue;
            }
            warnings.extend(warning(
                resolved,
                key,
                pattern,
                &candidates,
                &matcher,
                against,
            ));
        }
    }
    warnings
}

/// Warnings for the `include-urls` and `exclude-urls` patterns that match
/// none of the scan's URLs, listed or left out.
pub(crate) fn url_patterns(resolved: &Resolved, scan: &Scan) -> Vec<String> {
    let s = &resolved.settings;
    let include = s.include_urls.as_deref().unwrap_or_default();
    let exclude = s.exclude_urls.as_deref().unwrap_or_default();
    let Some(base) = &scan.base_url else {
        return Vec::new();
    };
    if include.is_empty() && exclude.is_empty() {
        return Vec::new();
    }
    let folder = base.folder();
    let under = |loc: &Loc| Some(format!("/{}", loc.as_str().strip_prefix(folder.as_str())?));
    let locs = scan.urls.iter().map(|u| &u.loc);
    let candidates = sorted(
        locs.chain(scan.left_out.iter().filter_map(|e| e.loc.as_ref()))
            .filter_map(under),
    );
    let matcher = |pattern: &str| -> Option<Matcher> {
        let filter = UrlFilter::new(&[], &[pattern.to_owned()]).ok()?;
        Some(Box::new(move |c: &str| filter.check_path(c).is_some()))
    };
    let used = |pattern: &str| {
        scan.left_out
            .iter()
            .any(|e| matches!(&e.reason, Reason::UrlExcluded { pattern: p } if p == pattern))
    };
    let against = format!("URL paths under the base URL {folder}");
    let mut warnings = Vec::new();
    for (key, patterns) in [("exclude-urls", exclude), ("include-urls", include)] {
        for pattern in patterns {
            if key == "exclude-urls" && used(pattern) {
                continue;
            }
            warnings.extend(warning(
                resolved,
                key,
                pattern,
                &candidates,
                &matcher,
                &against,
            ));
        }
    }
    warnings
}

/// The warning for `pattern` of `key`, or `None` when it matches one of
/// `candidates`.
fn warning(
    resolved: &Resolved,
    key: &str,
    pattern: &str,
    candidates: &[String],
    matcher: &dyn Fn(&str) -> Option<Matcher>,
    against: &str,
) -> Option<String> {
    let matches = matcher(pattern)?;
    if candidates.iter().any(|c| matches(c)) {
        return None;
    }
    let (place, name) = super::nothing_listed::setting(resolved, key);
    let setting = format!("{place}{name}");
    let found = if candidates.is_empty() {
        "the scan found no page".to_owned()
    } else {
        let example = candidates
            .iter()
            .find(|c| c.trim_matches('/').contains('/'))
            .unwrap_or(&candidates[0]);
        format!(
            "`{key}` is matched against {against}, such as `{}`",
            cut(example)
        )
    };
    let fix = match nearest(pattern, candidates, matcher) {
        Some(near) => format!("did you mean `{}`?", cut(&near)),
        None => "correct the pattern or remove it".to_owned(),
    };
    Some(format!(
        "{setting} pattern `{}` matches no page ({found}); {fix}",
        cut(pattern)
    ))
}

/// The pattern nearest to `pattern` that matches a candidate: with
/// fewer leading folders, with one more in front (a folder of the
/// candidates, up to two deep), or with its leading literal folders
/// corrected to a candidate's within a few letters.
fn nearest(
    pattern: &str,
    candidates: &[String],
    matcher: &dyn Fn(&str) -> Option<Matcher>,
) -> Option<String> {
    let any = |q: &str, within: &[String]| matcher(q).is_some_and(|m| within.iter().any(|c| m(c)));
    // A folder named alone, for the pages in it.
    if !pattern.ends_with("**") {
        let q = format!("{}/**", pattern.trim_end_matches('/'));
        if any(&q, candidates) {
            return Some(q);
        }
    }
    let lead = if pattern.starts_with('/') { "/" } else { "" };
    let parts: Vec<&str> = pattern.trim_start_matches('/').split('/').collect();
    // Fewer leading folders, while a literal one is left in front.
    for i in 1..parts.len() {
        if is_glob(parts[i]) {
            break;
        }
        let q = format!("{lead}{}", parts[i..].join("/"));
        if any(&q, candidates) {
            return Some(q);
        }
    }
    // A folder of the candidates in front.
    let rest = parts.join("/");
    let prefixes: BTreeSet<&str> = candidates
        .iter()
        .flat_map(|c| {
            let c = c.trim_start_matches('/');
            let mut ends = c.match_indices('/').map(|(i, _)| &c[..i]);
            [ends.next(), ends.next()].into_iter().flatten()
        })
        .collect();
    for prefix in prefixes.into_iter().take(PREFIXES) {
        let q = format!("{lead}{prefix}/{rest}");
        let start = format!("{lead}{prefix}/");
        let from = candidates.partition_point(|c| c.as_str() < start.as_str());
        let end = candidates[from..].partition_point(|c| c.starts_with(&start));
        if any(&q, &candidates[from..from + end]) {
            return Some(q);
        }
    }
    // A typo in the leading literal folders.
    let literal = parts.iter().take_while(|p| !is_glob(p)).count();
    if literal == 0 {
        return None;
    }
    let head = parts[..literal].join("/");
    let limit = (head.chars().count() / 4).clamp(1, 3);
    let mut best: Option<(usize, String)> = None;
    for c in candidates {
        let c_parts: Vec<&str> = c.trim_start_matches('/').split('/').collect();
        if c_parts.len() < literal {
            continue;
        }
        let c_head = c_parts[..literal].join("/");
        let d = strsim::damerau_levenshtein(&head, &c_head);
        if d == 0 || d > limit || best.as_ref().is_some_and(|(b, h)| (*b, h) <= (d, &c_head)) {
            continue;
        }
        best = Some((d, c_head));
    }
    let (_, c_head) = best?;
    let tail = &parts[literal..];
    let q = if tail.is_empty() {
        format!("{lead}{c_head}")
    } else {
        format!("{lead}{c_head}/{}", tail.join("/"))
    };
    any(&q, candidates).then_some(q)
}

/// Whether `pattern` names what exists under `root` though no page
/// matched it: a file (one the scan could not read), or the folders
/// before a glob (`secret/**` over a folder it could not read). A folder
/// named alone (`content/drafts`) is not: it matches the folder, not the
/// pages in it.
fn names_a_path(root: &Path, pattern: &str) -> bool {
    let parts: Vec<&str> = pattern.split('/').collect();
    let literal: Vec<&str> = parts.iter().copied().take_while(|p| !is_glob(p)).collect();
    if literal.is_empty() || literal.iter().any(|p| p.is_empty() || *p == "..") {
        return false;
    }
    match root.join(literal.join("/")).symlink_metadata() {
        Ok(meta) if meta.is_dir() => {
            literal.len() < parts.len() || std::fs::read_dir(root.join(literal.join("/"))).is_err()
        }
        Ok(_) => true,
        Err(_) => false,
    }
}

/// Whether a pattern's folder holds a glob character.
fn is_glob(part: &str) -> bool {
    part.contains(['*', '?', '[', '{'])
}

/// A path with `/` between folders on every platform, as patterns are written.
fn slashed(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

fn sorted(candidates: impl Iterator<Item = String>) -> Vec<String> {
    let set: BTreeSet<String> = candidates.collect();
    set.into_iter().collect()
}

/// A name from the input as a message shows it: escaped, and cut.
fn cut(text: &str) -> String {
    let escaped: String = text.escape_debug().collect();
    match escaped.char_indices().nth(SHOWN) {
        Some((i, _)) => format!("{}…", &escaped[..i]),
        None => escaped,
    }
}
