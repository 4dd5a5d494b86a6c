//! The ledger's side of a submission: which entries are due (their last
//! event not yet submitted, removed URLs included), and recording what
//! one accepted request sent, merged into the ledger as it is on disk
//! then, so that a request that fails later, or a scan that ran
//! meanwhile, loses nothing.

use std::path::Path;

use super::SubmitError;
use super::protocol::Due;
use crate::error::Error;
use crate::ledger::Ledger;

/// The ledger's entries due for submission, in URL order.
pub(crate) fn due(path: &Path) -> Result<Vec<Due>, Error> {
    let ledger = Ledger::read(path)?.ok_or_else(|| SubmitError::NoLedger {
        path: path.to_owned(),
    })?;
    let mut out = Vec::new();
    for (loc, entry) in &ledger.entries {
        if !entry.unsubmitted() {
            continue;
        }
        let url = loc.parse().map_err(|e| {
            Error::job(
                format!("{}: `{loc}`: {e}", path.display()),
                "the ledger is written by `sitemap`; restore it from git",
            )
        })?;
        out.push(Due {
            loc: loc.clone(),
            url,
            at: entry.at.clone(),
        });
    }
    Ok(out)
}

/// Marks `urls` (with the `when` each reported) submitted in the ledger
/// at `path`, unless its entry has moved on since (a newer event stays
/// due).
pub(crate) fn record<'a>(
    path: &Path,
    urls: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<(), Error> {
    let mut ledger = Ledger::read(path)?.ok_or_else(|| SubmitError::NoLedger {
        path: path.to_owned(),
    })?;
    for (url, at) in urls {
        if let Some(entry) = ledger.entries.get_mut(url)
            && entry.at == at
        {
            entry.submitted = Some(at.to_owned());
        }
    }
    crate::ledger::write(path, &ledger)?;
    Ok(())
}
