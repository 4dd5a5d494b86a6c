//! The ledger's side of a submission: which entries are due (their last
//! event not yet submitted, removed URLs included), and recording what
//! one accepted request sent, merged into the ledger as it is on disk
//! then, so that a request that fails later, or a scan that ran
//! meanwhile, loses nothing.

use std::path::Path;

use super::SubmitError;
use super::protocol::Due;
use crate::error::Error;
use crate::ledger::{Ledger, Submitted};

/// The ledger's entries due for submission, in URL order.
pub(crate) fn due(path: &Path) -> Result<Vec<Due>, SubmitError> {
    let ledger = Ledger::read(path)?.ok_or_else(|| SubmitError::NoLedger {
        path: path.to_owned(),
    })?;
    let mut out = Vec::new();
    for (loc, entry) in &ledger.entries {
        if !entry.unsubmitted() {
            continue;
        }
        let url = loc.parse().map_err(|e| {
            Error::in_file(
                path,
                format!(
                    "`{}`: {e}",
                    sitemap_core::diagnostic::Name::new(loc.as_ref())
                ),
                "the ledger is written by `sitemap`; restore it from git",
            )
        })?;
        out.push(Due {
            loc: loc.clone(),
            url,
            state: entry.state(),
        });
    }
    Ok(out)
}

/// Finds out, before anything is sent, that the ledger at `path` can be
/// written: its text staged under a temporary name beside it, exactly as
/// [`record`] will write it, then removed. Otherwise an accepted request
/// could not be recorded (a read-only file system, a full disk) and the
/// next run would send its URLs again.
pub(crate) fn check_writable(path: &Path) -> Result<(), SubmitError> {
    let (dir, name) = crate::ledger::dir_and_name(path)?;
    let unwritable = |e: &dyn std::fmt::Display| {
        Error::in_file(
            path,
            format!("the ledger cannot be written ({e}); nothing was sent"),
            "make the ledger's folder writable (or move the ledger, `ledger = …`), then submit: what is accepted is recorded there",
        )
    };
    let text = std::fs::read(path).map_err(|e| unwritable(&e))?;
    let out = sitemap_core::output::OutputDir::open(&dir, sitemap_core::output::LockPolicy::Wait)
        .map_err(|e| unwritable(&e))?;
    // Dropped unpublished: the temporary file is removed.
    drop(out.stage(&name, &text).map_err(|e| unwritable(&e))?);
    Ok(())
}

/// Marks `urls` (with what each told) submitted in the ledger at `path`,
/// unless its entry has moved on since (a newer content stays due).
pub(crate) fn record<'a>(
    path: &Path,
    urls: impl IntoIterator<Item = (&'a str, Submitted)>,
) -> Result<(), SubmitError> {
    let mut ledger = Ledger::read(path)?.ok_or_else(|| SubmitError::NoLedger {
        path: path.to_owned(),
    })?;
    for (url, told) in urls {
        if let Some(entry) = ledger.entries.get_mut(url)
            && entry.state() == told
        {
            entry.submitted = Some(told);
        }
    }
    crate::ledger::write(path, &ledger)?;
    Ok(())
}
