//! robots.txt after a format switch without `robots`: a run that removes
//! the set under its other name (`sitemap.xml.gz` after `--gzip` is
//! turned off) must not leave robots.txt naming the file it removed,
//! which crawlers would then fetch as a 404 and report.
//!
//! A `Sitemap:` line naming a removed root file of this set is ours by
//! the robots merge's own rule (our stem, our folder, our host), so it is
//! mended the way `robots = true` would: that line replaced by the new
//! root's, published with the set. Nothing else is touched: a run that
//! removes nothing robots.txt names leaves robots.txt alone, as before.
//! A line naming a removed part (`sitemap-2.xml`, listed by hand) is not
//! a line the merge owns, so it is named in a warning with the fix; so
//! is a robots.txt the merge cannot rewrite (not a regular file).

use std::path::PathBuf;

use sitemap_core::diagnostic::{Diagnostic, Name};
use sitemap_core::{Loc, StagedSet};

use super::Outputs;
use crate::error::Error;

/// robots.txt after the leftovers `staged` will remove: the new root's
/// line staged in place of a removed root's (returns the file and
/// whether it changes), or a warning for each line it cannot mend.
pub(super) fn mend(
    outputs: &Outputs,
    staged: &mut StagedSet,
    warnings: &mut Vec<Diagnostic>,
) -> Result<Option<(PathBuf, bool)>, Error> {
    let path = outputs.set.dir.join(sitemap_core::robots::ROBOTS_FILE_NAME);
    // No robots.txt (or one the merge could not read either): nothing
    // names a removed file.
    let text = match sitemap_core::robots::read(&path) {
        Ok(Some(text)) => text,
        Ok(None) | Err(_) => return Ok(None),
    };
    let root = staged.report().root().1.clone();
    let folder = outputs.set.base_url.as_str();
    // The leftovers are found by reading the previous root (an index
    // lists its parts): only when a line could name one of them.
    if !sitemap_core::robots::sitemap_urls(&text)
        .iter()
        .any(|url| *url != root.as_str() && same_folder(url, folder))
    {
        return Ok(None);
    }
    let removed = staged.leftovers()?;
    if removed.is_empty() {
        return Ok(None);
    }
    let base = &outputs.set.base_url;
    let removed: Vec<(String, Loc)> = removed
        .iter()
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_owned();
            let loc = base.join(&name).ok()?;
            Some((name, loc))
        })
        .collect();
    let roots = super::previous_names(base, &outputs.set.stem);
    let mut stale_root = None;
    for url in sitemap_core::robots::sitemap_urls(&text) {
        let Some((name, loc)) = removed.iter().find(|(_, loc)| same_file(&url, loc)) else {
            continue;
        };
        if roots.contains(loc) {
            stale_root.get_or_insert(url);
        } else {
            warnings.push(
                Diagnostic::warning(format!(
                    "the line `Sitemap: {}` names {}, a file of the previous set this run removed; delete that line (robots.txt need name only the root, {root}, which lists every part)",
                    Name::new(&url),
                    Name::new(name)
                ))
                .in_file(&path),
            );
        }
    }
    let Some(url) = stale_root else {
        return Ok(None);
    };
    match staged.stage_robots(&roots) {
        Ok(staged) => Ok(Some(staged)),
        Err(e) => {
            warnings.push(
                Diagnostic::warning(format!(
                    "the line `Sitemap: {}` names a file this run removed, and robots.txt could not be updated ({e}); change that line to `Sitemap: {root}`",
                    Name::new(&url)
                ))
                .in_file(&path),
            );
            Ok(None)
        }
    }
}

/// Whether a robots.txt URL names `loc`, under `http` or `https` (the
/// merge takes both schemes of our host as ours).
fn same_file(url: &str, loc: &Loc) -> bool {
    let strip = |u: &str| {
        u.strip_prefix("https://")
            .or_else(|| u.strip_prefix("http://"))
            .map(str::to_owned)
    };
    url == loc.as_str() || strip(url).is_some_and(|u| Some(u) == strip(loc.as_str()))
}

/// Whether a robots.txt URL lies in the set's folder `folder` (the base
/// URL, ending in `/`), under either scheme.
fn same_folder(url: &str, folder: &str) -> bool {
    let strip = |u: &str| {
        u.strip_prefix("https://")
            .or_else(|| u.strip_prefix("http://"))
            .map(str::to_owned)
    };
    url.starts_with(folder)
        || strip(url)
            .zip(strip(folder))
            .is_some_and(|(u, f)| u.starts_with(&f))
}
