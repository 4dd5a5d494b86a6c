//! The `index` job: one `<sitemapindex>` over sitemaps that already
//! exist, such as a Zola site at `/`, an mdBook book at `/book/` and API
//! docs at `/api/`, each written by its own tool.
//!
//! - Each sitemap must lie inside the output folder (`out`): its URL is
//!   the base URL plus its path there, which is where the server will
//!   answer for it.
//! - Each is checked as `sitemap validate` checks it, under the location
//!   rule for that URL; every bad one is told, and nothing is written.
//! - An index given as input is replaced by the sitemaps it lists (an
//!   index may not list another index), found in the output folder the
//!   same way.
//! - Each entry's `<lastmod>` is the newest `<lastmod>` of the sitemap's
//!   URLs: a crawler re-reads the sitemaps whose pages changed.
//! - The index and robots.txt are written as every file is (temporary
//!   file, sync, rename, under the folder's lock), by
//!   [`publish_index`](crate::publish_index).

use std::io::BufReader;
use std::path::{Path, PathBuf};

use sitemap_core::diagnostic::shown;
use sitemap_core::validate::{self, DocumentKind, Options, Severity};
use sitemap_core::{Diagnostic, Lastmod, Limits, Loc};

use super::notice::Notice;
use crate::error::Error;
use crate::publish::{IndexEntry, IndexReport, publish_index};
use crate::settings::{Layer, Resolved, base_url_check};

/// The index's file name when the settings give none.
pub const DEFAULT_INDEX_NAME: &str = "sitemap_index.xml";

/// The `index` job: the sitemaps to list, and the settings that say
/// where (`out`, `base-url`), under which name (`filename`) and whether
/// robots.txt names the index (`robots`).
#[derive(Debug)]
#[must_use = "a job does nothing until it is run"]
pub struct IndexJob {
    sitemaps: Vec<PathBuf>,
    layers: Vec<Layer>,
}

/// What the `index` job wrote.
#[derive(Debug)]
#[non_exhaustive]
pub struct Indexed {
    /// The index, and robots.txt when asked for.
    pub report: IndexReport,
    /// How many sitemaps the index lists.
    pub sitemaps: usize,
}

impl IndexJob {
    /// An index over `sitemaps` (sitemaps, or indexes replaced by what
    /// they list), with no settings yet.
    pub fn new(sitemaps: impl IntoIterator<Item = impl Into<PathBuf>>) -> IndexJob {
        IndexJob {
            sitemaps: sitemaps.into_iter().map(Into::into).collect(),
            layers: Vec::new(),
        }
    }

    /// Adds a layer below those added before.
    pub fn with_layer(mut self, layer: Layer) -> IndexJob {
        self.layers.push(layer);
        self
    }

    /// Checks every sitemap, telling `notice` of each one that cannot be
    /// listed ([`Notice::Error`]: `file:line:col: message`), and writes
    /// the index when none was refused; else fails, naming how many.
    pub fn run(self, notice: &mut dyn FnMut(Notice<'_>)) -> Result<Indexed, Error> {
        let resolved = Resolved::new(&self.layers);
        let settings = &resolved.settings;
        let base = base_url_check::setting(&resolved)?.ok_or_else(|| {
            Error::job(
                "an index needs the URL its folder is served at",
                "set `base-url`",
            )
        })?;
        let Some(out) = &settings.out else {
            return Err(Error::job(
                "an index needs the folder it is written into, which holds the sitemaps",
                "set `out`",
            ));
        };
        let out = out.canonicalize().map_err(|e| {
            Error::job(
                format!("{} {}: {e}", resolved.name("out"), out.display()),
                "give the folder that holds the sitemaps and is served at the base URL",
            )
        })?;
        let name = settings
            .filename
            .clone()
            .unwrap_or_else(|| DEFAULT_INDEX_NAME.to_owned());
        let lister = Lister {
            out: &out,
            base: &base,
            name: &name,
            resolved: &resolved,
        };
        let mut entries = Vec::new();
        let mut problems = 0;
        for file in &self.sitemaps {
            if let Err(problem) = lister.add(file, true, &mut entries) {
                problems += 1;
                notice(Notice::Error(*problem));
            }
        }
        if problems > 0 {
            return Err(Error::job(
                format!(
                    "{problems} of {} sitemap(s) cannot be listed; nothing written",
                    self.sitemaps.len()
                ),
                "`sitemap validate FILE` shows every finding of a sitemap",
            ));
        }
        let robots = settings.robots == Some(true);
        let report = publish_index(&out, &base, &name, &entries, robots)?;
        Ok(Indexed {
            report,
            sitemaps: entries.len(),
        })
    }
}

/// What each sitemap is checked against.
struct Lister<'a> {
    /// The output folder, canonical.
    out: &'a Path,
    base: &'a Loc,
    /// The index's file name.
    name: &'a str,
    resolved: &'a Resolved,
}

impl Lister<'_> {
    /// Checks `file` and adds it, or for an index the user `given`, what
    /// it lists; `Err` says why it cannot be listed.
    fn add(
        &self,
        file: &Path,
        given: bool,
        entries: &mut Vec<IndexEntry>,
    ) -> Result<(), Box<Diagnostic>> {
        let refused = |message: String| Box::new(Diagnostic::error(message).in_file(file));
        let real = file.canonicalize().map_err(|e| refused(e.to_string()))?;
        let rel = real.strip_prefix(self.out).map_err(|_| {
            refused(format!(
                "not inside {} {}, so it has no URL under {}",
                self.resolved.name("out"),
                shown::path(self.out),
                self.resolved.name("base-url"),
            ))
        })?;
        let rel = rel.to_string_lossy().replace('\\', "/");
        if rel == self.name {
            return Err(refused(
                "is the index this run writes; give the sitemaps it should list".to_owned(),
            ));
        }
        let loc = self.base.join(&rel).map_err(|e| refused(e.to_string()))?;
        let options = Options::default()
            .with_limits(Limits::SITEMAPS_ORG)
            .with_location(loc.clone());
        let mut newest: Option<Lastmod> = None;
        let handle =
            sitemap_core::input::open_regular(&real).map_err(|e| refused(e.to_string()))?;
        let report = validate::validate_with(BufReader::new(handle), &options, &mut |e| {
            if let Some(l) = e.lastmod
                && newest.as_ref().is_none_or(|n| l > *n)
            {
                newest = Some(l);
            }
        })
        .map_err(|e| refused(e.to_string()))?;
        if let Some(d) = report
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
        {
            let mut d = d.in_file(file);
            d.message = format!("{} ({} error(s) in all)", d.message, report.errors());
            return Err(Box::new(d));
        }
        match report.kind {
            DocumentKind::Sitemapindex if !given => Err(refused(
                "an index listed by an index (the protocol allows one level)".to_owned(),
            )),
            DocumentKind::Sitemapindex => {
                for child in &report.children {
                    let rel = child
                        .loc
                        .as_str()
                        .strip_prefix(self.base.as_str())
                        .ok_or_else(|| {
                            refused(format!(
                                "lists {}, which is not under {} {}",
                                child.loc,
                                self.resolved.name("base-url"),
                                self.base
                            ))
                            .with_line(Some(child.line))
                            .with_column(Some(child.column))
                        })?;
                    self.add(&self.out.join(rel), false, entries)?;
                }
                Ok(())
            }
            _ => {
                entries.push(IndexEntry::new(loc, newest));
                Ok(())
            }
        }
    }
}
