//! Change submission (IndexNow) from a Rust program, behind the `submit`
//! feature so build scripts do not compile an HTTP client by default:
//! the same builder and settings as [`Sitemap::write`], then
//! [`Sitemap::submit`] (run it after the deploy is live, such as from a
//! deploy program, not while building the site) or
//! [`Sitemap::submit_plan`] for a dry run.

use std::path::PathBuf;
use std::time::Duration;

#[cfg(feature = "html")]
use sitemap_engine::Flavor;
use sitemap_engine::submit::{Client, Plan, Submission, SubmitError};
use sitemap_engine::{Job, Layer, Origin, Source};

use crate::Sitemap;
use crate::builder::What;

/// What [`Sitemap::submit`] sent: each accepted request's host, URL count
/// and status.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Submitted {
    /// Host, URLs, status (200 or 202), per request.
    pub requests: Vec<(String, usize, u16)>,
}

impl Sitemap {
    setting!(submit_key(submit.key: impl Into<String>));
    setting!(submit_key_location(submit.key_location: impl Into<String>));
    setting!(submit_endpoint(submit.endpoint: impl Into<String>));

    /// The submission of the ledger (the `ledger` setting) as the settings
    /// give it; the set is expected where [`Sitemap::write`] writes it.
    fn submission(&self) -> Result<Submission, SubmitError> {
        let root = self.root.clone().unwrap_or_else(|| PathBuf::from("."));
        #[cfg_attr(not(feature = "html"), allow(unused_mut))]
        let mut settings = self.settings.clone();
        let source = match &self.what {
            What::Content(root) => Source::Site(root.clone()),
            #[cfg(feature = "html")]
            What::Html(dir) => {
                settings.flavor = Some(Flavor::Html);
                Source::Site(dir.clone())
            }
            What::Pages(pages) => Source::Pages(sitemap_engine::PageList::listed(
                &root,
                &self.base_loc()?,
                pages,
            )?),
        };
        let mut job = Job::new(source)
            .with_layer(Layer::new(settings, Origin::Builder))
            .with_git(cfg!(feature = "git"))
            .with_gzip(cfg!(feature = "gzip"));
        let settings_path = match (&self.config, &self.what) {
            (Some(path), _) => Some((path.clone(), true)),
            (None, What::Pages(_)) => None,
            (None, _) => Some((root.join("sitemap.toml"), false)),
        };
        if let Some((path, required)) = &settings_path
            && let Some(layer) = Layer::read_file(path, *required, &root)?
        {
            job = job.with_layer(layer);
        }
        let scanned = job.scan()?;
        Submission::new(&scanned.resolved, scanned.outputs.clone())
    }

    /// The requests a submission would send now; nothing is sent or
    /// fetched.
    pub fn submit_plan(self) -> Result<Plan, SubmitError> {
        self.submission()?.plan()
    }

    /// Submits the ledger's changes not submitted yet: checks the set,
    /// the live key file and the live home page, then posts each request
    /// (each with `timeout`), recording each accepted one in the ledger.
    pub fn submit(self, timeout: Duration) -> Result<Submitted, SubmitError> {
        let submission = self.submission()?;
        let plan = submission.plan()?;
        let mut requests = Vec::new();
        submission.send(&plan, &Client::new(timeout), &mut |r, status| {
            requests.push((r.body.host.clone(), r.body.url_list.len(), status));
        })?;
        Ok(Submitted { requests })
    }
}
