//! `mdbook-sitemap submit`: the book's settings for change submission
//! (IndexNow, `sitemap_engine::submit`): `[output.sitemap]` (with its
//! `ledger` and `[output.sitemap.submit]`), the base URL and HTML folder
//! the book gives, as `mdbook build` would write the sitemap.

use sitemap_engine::submit::Submission;

use crate::config::SitemapConfig;
use crate::{Error, SitemapBook};

impl SitemapBook {
    /// The submission of this book's ledger, with `config`'s overrides
    /// (the subcommand's flags) over its table; the set is expected in
    /// the book's HTML folder.
    pub fn submission(&self, config: &SitemapConfig) -> Result<Submission, Error> {
        let scanned = self.scanned(config)?;
        Ok(Submission::new(&scanned.0, scanned.1)?)
    }

    /// The settings and output folder of a submission, for `--init`.
    pub fn scanned(
        &self,
        config: &SitemapConfig,
    ) -> Result<(sitemap_engine::Resolved, sitemap_engine::Outputs), Error> {
        let (job, _, _) = self.job(config, Some(self.html_dir()))?;
        let scanned = job.scan()?;
        Ok((scanned.resolved.clone(), scanned.outputs.clone()))
    }
}
