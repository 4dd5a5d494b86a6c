//! The one sitemap job behind every skin: the `sitemap` CLI, the
//! `mdbook-sitemap` plugin and `sitemap-build` for build.rs only gather
//! settings and present the [`Report`]; everything between happens here.
//!
//! A job goes one way, as mdBook's `MDBook::load` → `build` does:
//!
//! 1. **Settings** ([`settings`]): [`Layer`]s of one [`Settings`] type,
//!    the same keys everywhere (documented in [`keys`]), each value
//!    remembering where it came from for messages; a book's
//!    `[output.sitemap]` table is read by module `book_toml` (feature `mdbook`); a file's keys
//!    are checked one by one (module `settings_check`), so every wrong
//!    key is reported at once, in plain words.
//! 2. **Scan** ([`Job::scan`], module `scan`): a [`Source`] (a site
//!    folder, an mdBook book by folder or already loaded (its types
//!    re-exported for the plugin in module `book`, feature `mdbook`), or pages the caller
//!    lists) → pages → entries, through the source layer (overrides,
//!    filters, lastmod). With a `ledger`
//!    ([`ledger`]), entries whose content did not change keep their
//!    recorded lastmod (for a content tree before list pages roll up
//!    their members' dates). Then the site's robots.txt (module
//!    `robots_rules`): an entry it disallows for Googlebot is left out
//!    and counted, or kept with a warning (`robots-disallowed`). A Zola
//!    or Hugo scan is then checked against the site its generator built
//!    (module `build_check`, feature `html`): built pages the scan does
//!    not list and listed URLs with nothing built are warnings (errors
//!    with `strict`), a Hugo content adapter's pages come from the build.
//! 3. **Outputs** ([`Scanned::write`], [`publish`]): the sitemap set
//!    (one sitemap per group under the index with `split-by`: [`split`]),
//!    robots.txt, the stylesheet, `sitemap.html` and `llms.txt` (module
//!    `human`), staged and published as one unit, never under a name the
//!    site or the tool owns (module `owned`), Hugo's own sitemap there
//!    named with what to do (module `generator_sitemap`); or a comparison with what
//!    is on disk ([`Scanned::check`], module `check`), or the entries as
//!    the write would list them ([`Scan::listed`]). A scan that leaves every
//!    page out is refused with its causes counted, each at the place to
//!    change it (module `nothing_listed`). The ledger is written last,
//!    only after the set is published. With `check-site`, the set just
//!    published is then checked against the built pages beside it
//!    (`site_check`, feature `html`: the same `SiteCheck` as
//!    `sitemap validate --site`); an error fails the job.
//! 4. **Submission** (`submit`, feature `submit`): the ledger's
//!    changes not yet submitted, posted to IndexNow after checking the
//!    live site, and recorded in the ledger once accepted.
//!
//! Every warning and error reaches a skin as a string naming its place
//! first; [`diagnostic`] splits the place off, so each skin prints
//! `file:line: warning: message` (and `error:`) the same way.
//!
//! Sitemaps on disk, ours or not, are checked as a set by `validate`
//! (feature `html`: `sitemap validate`, indexes followed, the site check
//! with a site folder).
//!
//! A list of URLs made elsewhere (`sitemap write`), read by
//! [`url_list`], goes straight to a [`Publisher`], and so does another
//! generator's sitemap read back by [`sitemap_input`]; an index over other
//! tools' sitemaps (`sitemap index`) to [`publish_index`].
//! [`git_watched_files`] (the git reader's, `sitemap-git`) names the
//! `.git` files whose change means git's dates may have changed, for a
//! build script to watch.
//!
//! ```
//! use sitemap_engine::{Job, Layer, Origin, Settings, Source};
//!
//! let dir = tempfile::tempdir()?;
//! let site = dir.path();
//! std::fs::write(site.join("zola.toml"), "base_url = \"https://example.org\"\n")?;
//! std::fs::create_dir_all(site.join("content"))?;
//! std::fs::write(site.join("content/hello.md"), "+++\ndate = 2024-05-01\n+++\nHi\n")?;
//!
//! let mut settings = Settings::default();
//! settings.lastmod = Some(vec![sitemap_engine::LastmodSource::Date]);
//! let job = Job::new(Source::Site(site.to_owned()))
//!     .with_layer(Layer::new(settings, Origin::Flag));
//! let report = job.scan()?.write(|_| {})?;
//! assert_eq!(report.set.urls, 2);
//! let xml = std::fs::read_to_string(site.join("public/sitemap.xml"))?;
//! assert!(xml.contains("<loc>https://example.org/hello/</loc>\n    <lastmod>2024-05-01</lastmod>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod base_url_check;
#[cfg(feature = "mdbook")]
pub mod book;
#[cfg(feature = "mdbook")]
pub mod book_toml;
#[cfg(feature = "html")]
mod build_check;
mod check;
pub mod diagnostic;
mod error;
mod generator_sitemap;
mod hosts;
pub mod human;
#[macro_use]
pub mod keys;
pub mod ledger;
mod nothing_listed;
mod owned;
pub mod publish;
mod robots_rules;
mod scan;
pub mod settings;
mod settings_check;
#[cfg(feature = "html")]
pub mod site_check;
pub mod sitemap_input;
pub mod split;
#[cfg(feature = "submit")]
pub mod submit;
mod summary;
mod timings;
pub mod url_list;
#[cfg(feature = "html")]
pub mod validate;

/// How the "nothing listed" report names what left entries out
/// (`sitemap.toml:6 \`exclude\``, `` `--exclude-urls` ``).
pub use crate::nothing_listed::left_out_label;
/// A content tree's error, as a skin finds it in a cause chain (its bad
/// pages one at a time, its hint).
pub use sitemap_content::Error as ContentError;
/// The history pass's error, as a skin finds it inside [`PagesError::History`].
pub use sitemap_git::Error as GitError;
pub use sitemap_git::watched_files as git_watched_files;
pub use sitemap_git::{GitDate, ShallowPolicy, Uncommitted};
/// The source layer's error (front matter, overrides, git), as a skin
/// finds it in a cause chain.
pub use sitemap_pages::Error as PagesError;
pub use sitemap_pages::lastmod::LastmodSource;

pub use crate::error::Error;
pub use crate::hosts::Host;
pub use crate::human::HumanPage;
pub use crate::human::SiteInfo;
pub use crate::publish::{IndexEntry, Outputs, Publisher, Report, book_summary, publish_index};
pub use crate::scan::{
    LeftOut, ListedPage, NoindexBy, PageList, Reason, Scan, Source, build_summary, images_summary,
};
pub use crate::settings::RobotsDisallowed;
pub use crate::settings::{
    FileFormat, Flavor, GitSettings, LastmodDep, Layer, LimitsName, Origin, Resolved, Settings,
    SubmitSettings, TrailingSlash,
};
pub use crate::split::SplitBy;

#[cfg(feature = "html")]
pub use crate::site_check::{BaseFrom, SiteCheck, SiteSummary};
pub use crate::summary::{CheckReport, RobotsLine, ScanSummary};
#[cfg(feature = "html")]
pub use crate::validate::{Validated, Validation};

use crate::scan::ScanOptions;

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

    /// Keeps each entry's source file ([`Scan::sources`]), for a dry
    /// run's `source=` field; `html-page` and `llms-txt` keep them anyway.
    pub fn with_sources(mut self, want: bool) -> Job {
        self.want_sources = want;
        self
    }

    /// Records every file read ([`Scan::read`]), for a build script's
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
            scan.base_url_from.as_deref(),
        ));
        if let Some(ledger) = &ledger {
            scan.warnings.extend(base_url_check::ledger_host_warning(
                ledger.path(),
                &ledger.hosts(),
                &base_url,
            ));
        }
        let outputs = Outputs::resolve(&resolved, base_url.clone(), scan.default_out.as_deref())?;
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
        // What the site's robots.txt disallows for Googlebot.
        let robots_timing = timings::phase("robots.txt rules");
        let disallowed = robots_rules::apply(
            &self.source,
            &resolved,
            &mut scan,
            &outputs.set.dir,
            &base_url,
        )?;
        drop(robots_timing);
        // The same test as `Scan::listed`: what the set leaves out
        // outside its base URL's folder, or for robots.txt, is not
        // recorded either; nor what the URL patterns left out.
        let url_left_out = scan::url_patterns::left_out_locs(&scan);
        let bases: Vec<&sitemap_core::Loc> = hosts.iter().map(|o| &o.set.base_url).collect();
        let ledger = ledger.and_then(|l| {
            l.finish(|loc| {
                !url_left_out.contains(loc)
                    && sitemap_core::Loc::parse(loc).is_ok_and(|loc| {
                        let served = if bases.is_empty() {
                            loc.is_under(&base_url)
                        } else {
                            hosts::of(bases.iter().copied(), &loc).is_some()
                        };
                        served && !disallowed.contains(&loc)
                    })
            })
        });
        if outputs.set.gzip && !self.gzip_allowed {
            return Err(resolved.value_error(
                "gzip",
                "gzip output needs the `gzip` feature of sitemap-build",
            ));
        }
        Ok(Scanned {
            resolved,
            scan,
            outputs,
            hosts,
            ledger,
        })
    }
}

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
                return Err(Error::job(
                    skipped.join("\n"),
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
        let mut publisher = Publisher::open(outputs.clone(), waiting)?.with_site(site);
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
            report.warnings.push(format!(
                "a text sitemap cannot list images: {text_images} image(s) not written; use `format = \"xml\"` to list them"
            ));
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
            return check::report(&self.scan.urls, &self.outputs);
        }
        // A multihost site: each host's set, the findings together.
        let mut all: Option<CheckReport> = None;
        for (i, outputs) in self.hosts.iter().enumerate() {
            let urls = hosts::entries_of(&self.hosts, i, &self.scan.urls);
            let one = check::report(&urls, outputs)?;
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
    site_check::after_write(outputs, report, left_out)
}

/// `check-site` without the HTML reader: refused, not skipped.
#[cfg(not(feature = "html"))]
fn check_site(_: &Outputs, _: &mut Report, _: Vec<sitemap_core::Loc>) -> Result<(), Error> {
    Err(Error::job(
        "`check-site` needs the `html` feature",
        "turn on the `html` feature of sitemap-build",
    ))
}
