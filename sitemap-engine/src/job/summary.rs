//! A run's report as data, for CI: what `sitemap scan --output json`
//! prints ([`ScanSummary`]); what `--check` found is
//! [`CheckReport`](crate::CheckReport).
//! Field names are part of the CLI's interface (README, "JSON reports"):
//! add fields, never rename them. Paths are as the run was given them,
//! without a leading `./`.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use crate::publish::Report;
use crate::scan::Scan;

/// What a scan read and left out, and (after [`ScanSummary::wrote`])
/// what its write did.
#[derive(Debug, Default, Serialize)]
#[non_exhaustive]
pub struct ScanSummary {
    /// Source files read.
    pub files_read: usize,
    /// Entries written (or, before a write, found).
    pub urls: u64,
    /// `<image:image>` elements written.
    pub images: u64,
    /// Pages left out, by reason (`draft`, `noindex`, …, the words of the
    /// text summary).
    pub left_out: BTreeMap<&'static str, usize>,
    /// Entries left out as repeats of an earlier `loc`.
    pub duplicates: u64,
    /// Entries left out as outside the base URL's folder.
    pub outside: u64,
    /// The files written: the sitemaps, then the index, then the
    /// companions (`sitemap.xsl`, `sitemap.html`, `llms.txt`).
    pub written: Vec<String>,
    /// Files of an earlier set that were removed.
    pub removed: Vec<String>,
    /// robots.txt, when the run keeps its `Sitemap:` line.
    pub robots: Option<RobotsLine>,
    /// The lastmod ledger, when the job keeps one.
    pub ledger: Option<String>,
    /// What the user should act on: the scan's warnings, then the write's.
    pub warnings: Vec<String>,
    /// The built pages the build check compared the entries with; absent
    /// when it did not run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub built_pages_checked: Option<usize>,
}

/// robots.txt and whether the run changed it.
#[derive(Debug, Serialize)]
pub struct RobotsLine {
    /// Its path.
    pub path: String,
    /// Whether the run changed it (false: already up to date).
    pub changed: bool,
}

impl ScanSummary {
    /// What the scan found, before anything is written.
    pub fn new(scan: &Scan) -> ScanSummary {
        let mut left_out = BTreeMap::new();
        for page in &scan.left_out {
            *left_out.entry(page.reason.label()).or_default() += 1;
        }
        ScanSummary {
            files_read: scan.files_read,
            urls: scan.urls.len() as u64,
            left_out,
            warnings: scan.warnings.clone(),
            built_pages_checked: scan.built_pages_checked,
            ..ScanSummary::default()
        }
    }

    /// With what the write did.
    pub fn wrote(mut self, report: &Report) -> ScanSummary {
        let set = &report.set;
        self.urls = set.urls;
        self.images = set.images;
        self.duplicates = set.skipped_duplicates;
        self.outside = set.skipped_outside;
        self.written = set
            .sitemaps
            .iter()
            .map(|s| s.path.as_path())
            .chain(set.index.as_ref().map(|i| i.path.as_path()))
            .chain(report.files.iter().map(|p| p.as_path()))
            .map(shown)
            .collect();
        self.removed = set.removed.iter().map(|p| shown(p)).collect();
        self.robots = report.robots.as_ref().map(|(path, changed)| RobotsLine {
            path: shown(path),
            changed: *changed,
        });
        self.ledger = report.ledger.as_deref().map(shown);
        self.warnings.extend(report.warnings.iter().cloned());
        // A multihost site's other sets: their files and counts too.
        for host in &report.hosts {
            let set = &host.set;
            self.urls += set.urls;
            self.images += set.images;
            self.duplicates += set.skipped_duplicates;
            self.outside += set.skipped_outside;
            self.written.extend(
                set.sitemaps
                    .iter()
                    .map(|s| s.path.as_path())
                    .chain(set.index.as_ref().map(|i| i.path.as_path()))
                    .chain(host.files.iter().map(|p| p.as_path()))
                    .map(shown),
            );
            self.removed.extend(set.removed.iter().map(|p| shown(p)));
        }
        self
    }
}

fn shown(path: &Path) -> String {
    let s = path.display().to_string();
    s.strip_prefix("./").map(str::to_owned).unwrap_or(s)
}
