//! A scanned job: the set and its companions written ([`Scanned::write`],
//! a multihost site's sets one per host, the ledger last, then the site
//! check with `check-site`), or compared with what is on disk
//! ([`Scanned::check_report`]).

use sitemap_core::Diagnostic;

use crate::check::up_to_date;
use crate::check::up_to_date::CheckReport;
use crate::error::Error;
use crate::human::{HumanPage, SiteInfo};
use crate::ledger;
use crate::publish::{self, Outputs, Publisher, Report, hosts};
use crate::scan::{Scan, nothing_listed};
use crate::settings::Resolved;
use crate::timings;

/// A scanned job, ready to write, check or list.
#[derive(Debug)]
#[non_exhaustive]
pub struct Scanned {
    /// The settings, with where each came from.
    pub resolved: Resolved,
    /// What the scan found.
    pub scan: Scan,
    /// Where and how the set is written.
    pub outputs: Outputs,
    /// A multihost site's sets, one per host ([`Scan::hosts`]), the
    /// default language's first (which [`Scanned::outputs`] is); empty
    /// for one host.
    pub hosts: Vec<Outputs>,
    /// The ledger file and what it will hold once the set is written.
    pub ledger: Option<(std::path::PathBuf, ledger::Ledger)>,
}

impl Scanned {
    /// Writes the set and its companions; `waiting` hears when another
    /// run holds the output folder (the write then waits for it).
    ///
    /// The scan is kept (it is `&mut self`): dropping a large site's pages
    /// is the caller's to time, or to skip in a binary about to exit.
    pub fn write(&mut self, waiting: impl FnOnce(&std::path::Path)) -> Result<Report, Error> {
        if let Some(refused) = self.scan.write_refused.take() {
            return Err(refused);
        }
        let root = self.outputs.set.root_file();
        if let Some(empty) = nothing_listed::explain(&self.scan, &self.resolved, &root) {
            return Err(empty);
        }
        let _write_timing = timings::phase("write the set");
        let site = std::mem::take(&mut self.scan.site);
        let mut report = if self.hosts.is_empty() {
            let outputs = self.outputs.clone();
            self.publish(&outputs, &self.scan.urls, site, waiting)?
        } else {
            // Each host's set in its own folder, the first reported on.
            // A host with no page listed gets no set (the XSD wants a
            // `<url>`), and a warning; the others are written.
            let mut reports = Vec::with_capacity(self.hosts.len());
            let mut waiting = Some(waiting);
            let mut skipped = Vec::new();
            for (i, outputs) in self.hosts.iter().enumerate() {
                let urls = hosts::entries_of(&self.hosts, i, &self.scan.urls);
                if urls.is_empty() {
                    skipped.push(hosts::nothing_listed(outputs));
                    continue;
                }
                let wait = |dir: &std::path::Path| {
                    if let Some(w) = waiting.take() {
                        w(dir);
                    }
                };
                reports.push(self.publish(outputs, &urls, site.clone(), wait)?);
            }
            let unserved = hosts::unserved(&self.hosts, &self.scan.urls, &self.scan.sources);
            let unserved_count = unserved.as_ref().map_or(0, |(count, _)| *count);
            skipped.extend(unserved.map(|(_, warning)| warning));
            if reports.is_empty() {
                // Every entry lies outside every host's folder.
                let refused = skipped.into_iter().map(|mut d| {
                    d.severity = sitemap_core::Severity::Error;
                    d
                });
                return Err(Error::found(
                    refused.collect(),
                    "list at least one page under a host's folder",
                ));
            }
            let mut first = reports.remove(0);
            first.set.skipped_outside += unserved_count;
            first.warnings.append(&mut skipped);
            for other in &mut reports {
                first.warnings.append(&mut other.warnings);
            }
            first.hosts = reports;
            first
        };
        let mut warnings = std::mem::take(&mut self.scan.before_write);
        warnings.append(&mut report.warnings);
        report.warnings = warnings;
        // Only once the set is published: a failed (or killed) run leaves
        // the ledger as it was, describing the previous set, and the next
        // run sees the same changes again. The other order would let a
        // kill leave a ledger describing a set that is not on disk, and
        // the next run would see no change to record or submit
        // (cli tests/ledger_kill.rs).
        if let Some((path, next)) = &self.ledger {
            ledger::write(path, next)?;
            report.ledger = Some(path.clone());
        }
        if self.resolved.settings.check_site == Some(true) {
            let left_out = self
                .scan
                .left_out
                .iter()
                .filter_map(|l| l.loc.clone())
                .collect();
            if self.hosts.is_empty() {
                check_site(&self.outputs, &mut report, left_out)?;
            } else {
                for (i, outputs) in self.hosts.iter().enumerate() {
                    // A host whose set was not written has none to check.
                    if hosts::entries_of(&self.hosts, i, &self.scan.urls).is_empty() {
                        continue;
                    }
                    check_site(outputs, &mut report, left_out.clone())?;
                }
            }
        }
        // A run names twenty warnings of a kind, then counts the rest.
        report.warnings = sitemap_core::diagnostic::bound_kinds(report.warnings);
        Ok(report)
    }

    /// Publishes `urls` as the set `outputs` describes, with its
    /// companions.
    fn publish(
        &self,
        outputs: &Outputs,
        urls: &[sitemap_core::Url],
        site: SiteInfo,
        waiting: impl FnOnce(&std::path::Path),
    ) -> Result<Report, Error> {
        let own = self.scan.generator_sitemap.as_ref();
        let mut publisher = Publisher::open(outputs.clone(), waiting)?
            .with_site(site)
            .with_generator_sitemap(own.map(|g| g.path(outputs)));
        let text_images = match outputs.set.format {
            sitemap_core::Format::Text => urls.iter().map(|u| u.images.len()).sum(),
            _ => 0,
        };
        outputs
            .push_all(urls, |group, url| match group {
                Some(group) => publisher.push_in(group, url),
                None => publisher.push(url),
            })
            .map_err(|e| publish::index_full::explain(e.error, &self.resolved, e.groups))?;
        let pages: Vec<HumanPage> = if outputs.html_page || outputs.llms_txt {
            urls.iter()
                .map(|u| HumanPage {
                    loc: u.loc.clone(),
                    source: self.scan.sources.get(&u.loc).cloned(),
                    lastmod: u.lastmod.clone(),
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut report = publisher.finish(&pages)?;
        if text_images > 0 {
            report.warnings.push(Diagnostic::warning(format!(
                "a text sitemap cannot list images: {text_images} image(s) not written; use `format = \"xml\"` to list them"
            )));
        }
        Ok(report)
    }

    /// Where the set may list URLs, for a message: the base URL, or on a
    /// multihost site every host's folder.
    pub fn served_folders(&self) -> String {
        if self.hosts.is_empty() {
            self.outputs.set.base_url.to_string()
        } else {
            hosts::folders(&self.hosts)
        }
    }

    /// What a write would change in the output folder, one line each
    /// (a file that differs, is missing, or would be removed); empty when
    /// the folder is up to date. Nothing is written there.
    pub fn check(&self) -> Result<Vec<String>, Error> {
        Ok(self.check_report()?.files)
    }

    /// What a write would change, as [`check`](Self::check) says it,
    /// with the URLs it would add, remove and change.
    pub fn check_report(&self) -> Result<CheckReport, Error> {
        if self.hosts.is_empty() {
            return up_to_date::report(&self.scan.urls, &self.outputs);
        }
        // A multihost site: each host's set, the findings together.
        let mut all: Option<CheckReport> = None;
        for (i, outputs) in self.hosts.iter().enumerate() {
            let urls = hosts::entries_of(&self.hosts, i, &self.scan.urls);
            let one = up_to_date::report(&urls, outputs)?;
            match &mut all {
                None => all = Some(one),
                Some(all) => {
                    all.up_to_date &= one.up_to_date;
                    all.files.extend(one.files);
                    all.added.extend(one.added);
                    all.removed.extend(one.removed);
                    all.changed.extend(one.changed);
                }
            }
        }
        Ok(all.unwrap_or_default())
    }
}

/// `check-site`: the site check over what was just written.
#[cfg(feature = "html")]
fn check_site(
    outputs: &Outputs,
    report: &mut Report,
    left_out: Vec<sitemap_core::Loc>,
) -> Result<(), Error> {
    crate::check::site_check::after_write(outputs, report, left_out)
}

/// `check-site` without the HTML reader: refused, not skipped.
#[cfg(not(feature = "html"))]
fn check_site(_: &Outputs, _: &mut Report, _: Vec<sitemap_core::Loc>) -> Result<(), Error> {
    Err(Error::job(
        "`check-site` needs the `html` feature",
        "turn on the `html` feature of sitemap-build",
    ))
}
