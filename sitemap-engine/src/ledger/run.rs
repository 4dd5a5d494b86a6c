//! One job's use of the ledger: read before the scan, applied to the
//! entries where the scan says (for a content tree, before list pages
//! roll up their members' dates), written after the set is published,
//! and only if its text changed (atomically, as every file, through a
//! symbolic link to the file it names).

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use sitemap_core::{Lastmod, Loc, Url};

use super::Ledger;
use crate::error::Error;

/// The ledger of a running job.
#[derive(Debug)]
pub(crate) struct LedgerRun {
    path: PathBuf,
    previous: Ledger,
    existed: bool,
    /// The run's time: `SOURCE_DATE_EPOCH` when set (reproducible builds
    /// fix it), else now; whole seconds.
    now: Lastmod,
    next: RefCell<Option<Ledger>>,
}

impl LedgerRun {
    pub(crate) fn open(path: &Path) -> Result<LedgerRun, Error> {
        let found = Ledger::read(path)?;
        Ok(LedgerRun {
            path: path.to_owned(),
            existed: found.is_some(),
            previous: found.unwrap_or_default(),
            now: run_time()?,
            next: RefCell::new(None),
        })
    }

    /// The hosts of the URLs the ledger held before this run.
    pub(crate) fn hosts(&self) -> std::collections::BTreeSet<String> {
        self.previous
            .entries
            .keys()
            .filter_map(|loc| url::Url::parse(loc).ok()?.host_str().map(str::to_owned))
            .collect()
    }

    /// The ledger's file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Gives each entry with a fingerprint its lastmod by the ledger's
    /// rules, and keeps the next ledger.
    pub(crate) fn apply(&self, urls: &mut [Url], fingerprints: &HashMap<Loc, u64>) {
        let next = self
            .previous
            .apply(self.existed, urls, fingerprints, &self.now);
        *self.next.borrow_mut() = Some(next);
    }

    /// The file and the ledger to write, if the scan applied it, holding
    /// of this run's URLs only those `listed` (what the set lists).
    pub(crate) fn finish(self, listed: impl Fn(&str) -> bool) -> Option<(PathBuf, Ledger)> {
        let next = self.next.into_inner()?;
        let next = self.previous.keep_listed(next, listed, &self.now);
        Some((self.path, next))
    }
}

/// Writes `ledger` to `path` unless it holds that text already, so a run
/// that changed nothing touches nothing.
pub(crate) fn write(path: &Path, ledger: &Ledger) -> Result<bool, Error> {
    let text = ledger.to_text();
    // Bounded by the new text: a longer file differs anyway.
    if sitemap_core::input::read_regular(path, text.len() as u64)
        .is_ok_and(|old| old == text.as_bytes())
    {
        return Ok(false);
    }
    let (dir, name) = dir_and_name(path)?;
    sitemap_core::output::write_file(&dir, &name, text.as_bytes())?;
    Ok(true)
}

/// The folder a ledger is written in, and its file name there: those of
/// the file `path` names through any symbolic links. A ledger kept in a
/// CI cache folder is often linked into the site (`sitemap.ledger ->
/// ../.cache/sitemap.ledger`); replacing the link with a file would leave
/// the cache's copy stale and the next job's clone without the history,
/// so the temporary file is made beside the target and renamed over it,
/// and the link stays. A link to a file not there yet (the cache's first
/// run) names the file to create.
pub(crate) fn dir_and_name(path: &Path) -> Result<(PathBuf, String), Error> {
    let path = through_links(path)?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| {
            Error::in_file(
                path,
                "not a file name",
                "name the ledger file, such as `sitemap.ledger`",
            )
        })?;
    Ok((dir, name))
}

/// `path` with every symbolic link at its end followed, each relative
/// target taken from the link's own folder; a loop is an error naming
/// the link.
fn through_links(path: &Path) -> Result<PathBuf, Error> {
    // The kernel's own limit on links followed in one lookup.
    const MAX_LINKS: usize = 40;
    let mut at = path.to_owned();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&at).map_err(|source| Error::Io {
                    path: at.clone(),
                    source,
                })?;
                at = match at.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(Error::in_file(
        path,
        format!("a symbolic link that leads to itself (more than {MAX_LINKS} links followed)"),
        "point the link at the ledger file, or name the file itself with `ledger`",
    ))
}

fn run_time() -> Result<Lastmod, Error> {
    let now = match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(s) => {
            let secs: i64 = s.trim().parse().map_err(|_| {
                Error::job(
                    format!("SOURCE_DATE_EPOCH `{s}`: expected whole seconds since 1970"),
                    "unset it, or set it to a number such as the last commit's time",
                )
            })?;
            jiff::Timestamp::from_second(secs)
                .map_err(|e| Error::job(format!("SOURCE_DATE_EPOCH `{s}`: {e}"), "unset it"))?
        }
        Err(_) => jiff::Timestamp::now(),
    };
    let whole = jiff::Timestamp::from_second(now.as_second()).unwrap_or(now);
    Lastmod::from_timestamp(whole)
        .map_err(|e| Error::job(format!("the run's time: {e}"), "check the clock"))
}
