//! `mdbook-sitemap submit`: the book's settings for change submission
//! (IndexNow, `sitemap_engine::submit`): `[output.sitemap]` (with its
//! `ledger` and `[output.sitemap.submit]`), the base URL and HTML folder
//! the book gives, as `mdbook build` would write the sitemap.

use sitemap_engine::submit::Submission;

use crate::{Error, SitemapBook};

impl SitemapBook {
    /// The submission of this book's ledger, with the book's layers (the
    /// subcommand's flags) over its table; the set is expected in the
    /// book's HTML folder.
    pub fn submission(&self) -> Result<Submission, Error> {
        let (resolved, outputs) = self.scanned()?;
        Ok(Submission::new(&resolved, outputs)?)
    }

    /// The settings and output folder of a submission, for `--init`.
    pub fn scanned(&self) -> Result<(sitemap_engine::Resolved, sitemap_engine::Outputs), Error> {
        let scanned = self.job().scan()?;
        Ok((scanned.resolved.clone(), scanned.outputs.clone()))
    }
}
