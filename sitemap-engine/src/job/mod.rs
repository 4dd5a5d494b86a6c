//! The jobs every skin calls.
//!
//! - this file: [`Job`], the sitemap job over a [`Source`]: its settings
//!   layered, the source scanned, the outputs resolved;
//! - `scanned.rs`: [`Scanned`], a scanned job written, checked or listed;
//! - `index.rs`: [`IndexJob`], one index over sitemaps other tools wrote;
//! - `write.rs`: [`WriteJob`], a set from a list of URLs or from another
//!   generator's sitemap;
//! - `summary.rs`: what a run did as data (`--output json`);
//! - `notice.rs`: [`Notice`], what a job tells while it runs.

mod index;
mod notice;
mod scanned;
pub(crate) mod summary;
mod write;

pub use index::{DEFAULT_INDEX_NAME, IndexJob, Indexed};
pub use notice::Notice;
pub use scanned::Scanned;
pub use write::{WriteJob, WriteRead, Written};

use crate::error::Error;
use crate::publish::{Outputs, hosts};
use crate::scan::gate::Gate;
use crate::scan::robots_rules::Robots;
use crate::scan::{ScanOptions, Source, url_patterns};
use crate::settings::{Layer, Resolved, base_url_check};
use crate::{ledger, scan, timings};

/// A sitemap job: where the pages come from and the settings layers.
#[derive(Debug)]
#[must_use = "a job does nothing until it is scanned"]
pub struct Job {
    source: Source,
    layers: Vec<Layer>,
    want_sources: bool,
    track_reads: bool,
    git_allowed: bool,
    gzip_allowed: bool,
    build_check: bool,
    files: sitemap_core::progress::FileCount,
}

impl Job {
    /// A job over `source` with no settings yet (every default).
    pub fn new(source: Source) -> Job {
        Job {
            source,
            layers: Vec::new(),
            want_sources: false,
            track_reads: false,
            git_allowed: true,
            gzip_allowed: cfg!(feature = "gzip"),
            build_check: true,
            files: sitemap_core::progress::FileCount::default(),
        }
    }

    /// Whether a source scan is checked against the site its generator
    /// built (the build check; on by default). A build script says no:
    /// it runs before the site is built.
    pub fn with_build_check(mut self, check: bool) -> Job {
        self.build_check = check;
        self
    }

    /// Adds a layer below those added before (add the flags first).
    pub fn with_layer(mut self, layer: Layer) -> Job {
        self.layers.push(layer);
        self
    }

    /// Counts each file the scan's readers read (content files, built
    /// HTML pages, a book's chapters) into `files`, which a progress
    /// display reads while the scan runs.
    pub fn with_file_count(mut self, files: sitemap_core::progress::FileCount) -> Job {
        self.files = files;
        self
    }

    /// Keeps each entry's source file ([`Scan::sources`](crate::Scan::sources)), for a dry
    /// run's `source=` field; `html-page` and `llms-txt` keep them anyway.
    pub fn with_sources(mut self, want: bool) -> Job {
        self.want_sources = want;
        self
    }

    /// Records every file read ([`Scan::read`](crate::Scan::read)), for a build script's
    /// `rerun-if-changed`.
    pub fn with_read_tracking(mut self, track: bool) -> Job {
        self.track_reads = track;
        self
    }

    /// Whether `git` may be in the lastmod precedence (a build script
    /// without the `git` feature says no: the default precedence then
    /// skips it, and a precedence naming it is an error).
    pub fn with_git(mut self, allowed: bool) -> Job {
        self.git_allowed = allowed;
        self
    }

    /// Whether gzip output may be asked for (a build script without the
    /// `gzip` feature says no, whatever features other crates turn on).
    pub fn with_gzip(mut self, allowed: bool) -> Job {
        self.gzip_allowed = allowed && cfg!(feature = "gzip");
        self
    }

    /// The settings as layered so far.
    pub fn resolved(&self) -> Resolved {
        Resolved::new(&self.layers)
    }

    /// Sources → pages → entries, and the outputs resolved.
    pub fn scan(self) -> Result<Scanned, Error> {
        self.scan_with_progress(&|_| {})
    }

    /// [`Job::scan`], telling `progress` about each long step.
    pub fn scan_with_progress(mut self, progress: &dyn Fn(&str)) -> Result<Scanned, Error> {
        // A book brings its own layers (book.toml), read before anything
        // is resolved.
        #[cfg(feature = "mdbook")]
        let book = match &self.source {
            Source::Book(dir) => Some(scan::book::open(
                {
                    scan::book::check_book_dir(dir)?;
                    sitemap_book::Book::load(dir)?
                },
                &mut self.layers,
            )?),
            Source::LoadedBook(book) => Some(scan::book::open((**book).clone(), &mut self.layers)?),
            _ => None,
        };
        let resolved = Resolved::new(&self.layers);
        let config = scan::source_config(&resolved, self.git_allowed)?;
        let ledger = match &resolved.settings.ledger {
            Some(path) => Some(ledger::LedgerRun::open(path)?),
            None => None,
        };
        let options = ScanOptions {
            resolved: &resolved,
            ledger: ledger.as_ref(),
            config,
            // URL patterns name the file of each page they leave out.
            want_sources: self.want_sources
                || resolved.settings.html_page == Some(true)
                || resolved.settings.llms_txt == Some(true)
                || resolved.settings.exclude_urls.is_some()
                || resolved.settings.include_urls.is_some(),
            track_reads: self.track_reads,
            build_check: self.build_check,
            progress,
            files: self.files.clone(),
            #[cfg(feature = "mdbook")]
            book: std::cell::Cell::new(book),
        };
        let mut scan = scan::scan(&self.source, &options)?;
        // The generator's own settings (Hugo's `[sitemap]`) lie under
        // every layer the user wrote.
        let resolved = match scan.site_layer.take() {
            Some(layer) => {
                self.layers.push(layer);
                Resolved::new(&self.layers)
            }
            None => resolved,
        };
        let base_url = match &scan.base_url {
            Some(base) => base.clone(),
            None => {
                return Err(Error::job(
                    "no base URL",
                    "set `base-url` (`--base-url`, sitemap.toml, book.toml or `.base_url(..)`)",
                ));
            }
        };
        scan.warnings.extend(base_url_check::warning(
            &base_url,
            &resolved,
            scan.base_url_from.as_ref(),
        ));
        if let Some(ledger) = &ledger {
            scan.warnings.extend(base_url_check::ledger_host_warning(
                ledger.path(),
                &ledger.hosts(),
                &base_url,
            ));
        }
        let outputs = Outputs::resolve(&resolved, base_url.clone(), scan.default_out.as_deref())?;
        let said = outputs_said(&resolved, &outputs, scan.default_out.as_deref());
        scan.warnings.extend(said);
        // A multihost site: the default language's host is the set the
        // job reports on, the others written beside it.
        let hosts = hosts::outputs(&outputs, &scan.hosts)?;
        let outputs = hosts.first().cloned().unwrap_or(outputs);
        // Hugo's own sitemap, which the next `hugo` writes again: said
        // once, when the set is written over it.
        if let Some(warning) = scan
            .generator_sitemap
            .as_ref()
            .and_then(|g| g.warning(&outputs))
        {
            scan.before_write.push(warning);
        }
        // One gate for every page (`scan/gate.rs`): URL patterns and the
        // site's robots.txt over the scan's entries; then the site the
        // generator built checks the scan, reads what each listed page's
        // head says, and gives a content adapter's pages through the
        // same rules.
        let gate_timing = timings::phase("the gate: URL patterns, robots.txt");
        let robots = Robots::find(
            &self.source,
            &resolved,
            &outputs.set.dir,
            &base_url,
            &mut scan.warnings,
        )?;
        let gate = Gate::new(base_url.clone(), url_patterns::filter(&resolved)?, robots);
        gate.apply(&mut scan, scan::source_root(&self.source));
        drop(gate_timing);
        let check_said = scan.warnings.len();
        #[cfg(feature = "html")]
        crate::check::build::check_scan(&mut scan, &resolved, &gate)?;
        // A URL pattern that left out nothing, asked once every page
        // (an adapter's too) has passed the gate; said beside the other
        // patterns' warnings, before the build check's.
        let unmatched = scan::unmatched::url_patterns(&resolved, &scan);
        scan.warnings.splice(check_said..check_said, unmatched);
        // The ledger records what the set lists: not what the gate or
        // the check left out, nor what lies outside the base URL's folder
        // (the same test as `Scan::listed`).
        let bases: Vec<&sitemap_core::Loc> = hosts.iter().map(|o| &o.set.base_url).collect();
        let ledger = ledger.and_then(|l| {
            let listed: std::collections::HashSet<&str> =
                scan.urls.iter().map(|u| u.loc.as_str()).collect();
            l.finish(|loc| {
                listed.contains(loc)
                    && sitemap_core::Loc::parse(loc).is_ok_and(|loc| {
                        if bases.is_empty() {
                            loc.is_under(&base_url)
                        } else {
                            hosts::of(bases.iter().copied(), &loc).is_some()
                        }
                    })
            })
        });
        if outputs.set.gzip && !self.gzip_allowed {
            return Err(resolved.value_error(
                "gzip",
                "gzip output needs the `gzip` feature of sitemap-build",
            ));
        }
        // A run names twenty warnings of a kind, then counts the rest.
        scan.warnings = sitemap_core::diagnostic::bound_kinds(std::mem::take(&mut scan.warnings));
        Ok(Scanned {
            resolved,
            scan,
            outputs,
            hosts,
            ledger,
        })
    }
}

/// What the outputs a job resolved say before anything is written: an
/// `out` folder created away from the site's build, a stylesheet asked
/// of a text sitemap.
fn outputs_said(
    resolved: &Resolved,
    outputs: &Outputs,
    built: Option<&std::path::Path>,
) -> Vec<sitemap_core::Diagnostic> {
    crate::publish::out_dir::created_away_from_build(resolved, &outputs.set.dir, built)
        .into_iter()
        .chain(crate::publish::unused_stylesheet(resolved, outputs))
        .map(sitemap_core::Diagnostic::warning)
        .collect()
}
