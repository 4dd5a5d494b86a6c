//! The one way anything is published: the output settings resolved
//! ([`Outputs`]), a writer holding the output folder's lock
//! ([`Publisher`]), the set staged with every file that goes with it
//! (stylesheet, HTML page, robots.txt) and committed as one unit, and a
//! [`Report`] of what was written. A sitemap index over other tools'
//! sitemaps ([`publish_index`], `index.rs`) takes the same robots.txt merge;
//! `robots_mend.rs` keeps robots.txt from naming a file a run removed;
//! `index_full.rs` says what to change when a set needs more sitemaps than
//! an index lists; `llms.rs` stages llms.txt, or removes the toolkit's own;
//! `kept.rs` names the files under the set's other names it kept;
//! `switched_off.rs` removes the stylesheet and HTML page a run no longer
//! writes; `report.rs` says what was written.
//!
//! This is the only place outside `sitemap-core` that opens a
//! `SetWriter` or merges robots.txt; the CLI, the mdBook plugin and
//! build.rs all come here.

use std::path::{Path, PathBuf};

use sitemap_core::diagnostic::{Diagnostic, Name, shown};
use sitemap_core::output::{LockPolicy, OutputDir};
use sitemap_core::{
    DuplicatePolicy, Format, IndexWriter, Lastmod, Limits, Loc, OutsidePolicy, Pushed,
    SetErrorKind, SetOptions, SetReport, SetWriter, StagedSet, Url, XmlOptions,
};

use crate::error::Error;
use crate::human::{self, HumanPage, SiteInfo};
use crate::publish::split::Split;
use crate::settings::{FileFormat, LimitsName, Resolved};

pub(crate) mod generator_sitemap;
pub(crate) mod hosts;
mod index;
pub(crate) mod index_full;
mod kept;
mod llms;
pub(crate) mod out_dir;
mod owned;
mod report;
mod robots_mend;
pub mod split;
mod switched_off;

pub use index::{IndexEntry, IndexReport, publish_index};
pub use report::{Report, book_summary};

/// Where and how the set is written, resolved from the settings: the
/// core writer's own [`SetOptions`], and what goes with the set.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Outputs {
    /// The set as the core writes it: the folder (`set.dir`), the URL it
    /// is served at (`set.base_url`), the root file's name without its
    /// extension (`set.stem`), format, gzip, per-file limits; entries
    /// outside the base URL and repeated ones skipped and counted; the
    /// stylesheet referenced with `stylesheet`.
    pub set: SetOptions,
    /// Merge the `Sitemap:` line into robots.txt.
    pub robots: bool,
    /// Write `sitemap.xsl` beside the set (which references it).
    pub stylesheet: bool,
    /// Write `sitemap.html`.
    pub html_page: bool,
    /// Write `llms.txt`; without it, remove an llms.txt this toolkit wrote.
    pub llms_txt: bool,
    /// How long to wait for another run holding `dir` before failing;
    /// None waits as long as it takes.
    pub lock_wait: Option<std::time::Duration>,
    /// `split-by`: one sitemap per group of the entries.
    pub split_by: Option<Split>,
}

impl Outputs {
    /// The outputs the settings ask for, the set served at `base_url`
    /// from `default_dir` unless `out` says otherwise.
    pub fn resolve(
        resolved: &Resolved,
        base_url: Loc,
        default_dir: Option<&Path>,
    ) -> Result<Outputs, Error> {
        let s = &resolved.settings;
        let dir = match (&s.out, default_dir) {
            (Some(out), _) => out.clone(),
            (None, Some(dir)) => dir.to_owned(),
            (None, None) => {
                return Err(Error::job(
                    "no output folder",
                    "set `out` (`--out`, `.out_dir(..)`)",
                ));
            }
        };
        if s.out.is_some() {
            out_dir::check(resolved, &dir)?;
        }
        let (stem, format, name) = stem_and_format(resolved)?;
        if let Some(owner) = crate::publish::owned::owner_of(&name, &dir, resolved) {
            return Err(resolved.value_error(
                "filename",
                format!("`{name}` is {owner}, never a sitemap's name"),
            ));
        }
        let limits = match s.limits.unwrap_or(LimitsName::Legacy) {
            LimitsName::Legacy => Limits::LEGACY,
            LimitsName::SitemapsOrg => Limits::SITEMAPS_ORG,
        };
        let limits = match s.max_urls {
            Some(n) if n == 0 || n > limits.max_urls => {
                return Err(resolved.value_error(
                    "max-urls",
                    format!(
                        "{n}: expected 1 to {} (the limit of the chosen `limits`)",
                        limits.max_urls
                    ),
                ));
            }
            Some(n) => limits.with_max_urls(n),
            None => limits,
        };
        let gzip = s.gzip.unwrap_or(false);
        if gzip && !cfg!(feature = "gzip") {
            return Err(resolved.value_error(
                "gzip",
                "gzip output needs the `gzip` feature of sitemap-build",
            ));
        }
        let set = SetOptions::new(dir, base_url)
            .with_stem(stem)
            .with_format(format)
            .with_gzip(gzip)
            .with_limits(limits)
            .with_outside(OutsidePolicy::Skip)
            .with_duplicates(DuplicatePolicy::Skip);
        // A text sitemap has no place for a stylesheet: none is written
        // (`unused_stylesheet` says so).
        let stylesheet =
            s.stylesheet.unwrap_or(false) && !matches!(format, sitemap_core::Format::Text);
        let set = if stylesheet {
            // Relative: browsers apply a stylesheet only from the
            // sitemap's own origin.
            let href = sitemap_core::human::XSL_FILE_NAME;
            set.with_stylesheet(href).with_index_stylesheet(href)
        } else {
            set
        };
        Ok(Outputs {
            set,
            robots: s.robots.unwrap_or(false),
            stylesheet,
            html_page: s.html_page.unwrap_or(false),
            llms_txt: s.llms_txt.unwrap_or(false),
            lock_wait: None,
            split_by: Split::from_settings(resolved)?,
        })
    }

    /// The set written into `dir` (a temporary folder: no lock, no
    /// companions), for comparing with what the output folder holds.
    pub(crate) fn write_into(&self, dir: &Path, urls: &[Url]) -> Result<SetReport, Error> {
        let mut options = self.set.clone();
        options.dir = dir.to_owned();
        let mut writer = SetWriter::new(options)?;
        self.push_all(urls, |group, url| match group {
            Some(group) => writer.push_in(group, url),
            None => writer.push(url),
        })
        .map_err(|e| e.error)?;
        Ok(writer.finish()?)
    }

    /// Gives `push` every entry of a set held whole, in groups when
    /// `split-by` asks for them (each group's entries together).
    pub(crate) fn push_all<E>(
        &self,
        urls: &[Url],
        mut push: impl FnMut(Option<&str>, &Url) -> Result<Pushed, E>,
    ) -> Result<(), GroupedError<E>> {
        match &self.split_by {
            Some(split) => {
                let grouped = split.order(&self.set.base_url, urls);
                // The groups with entries: a table's `other` may have none.
                let mut groups = 0;
                let mut last = None;
                for &(group, _) in &grouped.order {
                    groups += usize::from(last != Some(group));
                    last = Some(group);
                }
                for (group, url) in grouped.order {
                    push(Some(&grouped.names[group]), url).map_err(|error| GroupedError {
                        error,
                        groups: Some(groups),
                    })?;
                }
            }
            None => {
                for url in urls {
                    push(None, url).map_err(|error| GroupedError {
                        error,
                        groups: None,
                    })?;
                }
            }
        }
        Ok(())
    }
}

/// An error of [`Outputs::push_all`]'s `push`, with how many groups
/// `split-by` made (`None` without it), for the message about a set that
/// needs more sitemaps than an index lists (`index_full.rs`).
pub(crate) struct GroupedError<E> {
    pub(crate) error: E,
    pub(crate) groups: Option<usize>,
}

/// `filename` and `format` together: `sitemap.txt` means text unless
/// `format` says otherwise, and a name must end as its format does. The
/// root file's name comes third.
fn stem_and_format(resolved: &Resolved) -> Result<(String, Format, String), Error> {
    let s = &resolved.settings;
    let from_name = s.filename.as_deref().and_then(|f| {
        if f.ends_with(".txt") {
            Some(FileFormat::Txt)
        } else if f.ends_with(".xml") {
            Some(FileFormat::Xml)
        } else {
            None
        }
    });
    let format = s.format.or(from_name).unwrap_or(FileFormat::Xml);
    let ext = match format {
        FileFormat::Xml => ".xml",
        FileFormat::Txt => ".txt",
    };
    let stem = match &s.filename {
        None => "sitemap".to_owned(),
        Some(name) => match name.strip_suffix(ext) {
            Some(stem) if !stem.is_empty() && !stem.contains(['/', '\\']) => stem.to_owned(),
            _ => {
                let gz = if name.ends_with(".gz") {
                    "; for gzip set `gzip = true` and name the file without `.gz`"
                } else {
                    ""
                };
                return Err(resolved.value_error(
                    "filename",
                    format!("`{name}`: expected a file name ending in `{ext}` (the format){gz}"),
                ));
            }
        },
    };
    let name = format!("{stem}{ext}");
    let format = match format {
        FileFormat::Xml => Format::Xml,
        FileFormat::Txt => Format::Text,
    };
    Ok((stem, format, name))
}

/// A sitemap set being written: entries go in one by one (streamed, so a
/// million-URL list is never held), then [`Publisher::finish`] publishes
/// the set with its companions.
pub struct Publisher {
    writer: SetWriter,
    outputs: Outputs,
    duplicates: u64,
    site: SiteInfo,
    /// The generator's own sitemap, named by its own warning (`kept.rs`).
    named_elsewhere: Option<PathBuf>,
}

impl Publisher {
    /// Opens the output folder, holding its lock; when another run holds
    /// it, calls `waiting` once and waits for it.
    pub fn open(outputs: Outputs, waiting: impl FnOnce(&Path)) -> Result<Publisher, Error> {
        let options = outputs.set.clone();
        let writer = match SetWriter::new(options.clone().with_lock(LockPolicy::Fail)) {
            Err(e) if matches!(e.kind(), SetErrorKind::Locked) => {
                waiting(&outputs.set.dir);
                let lock = outputs
                    .lock_wait
                    .map_or(LockPolicy::Wait, LockPolicy::WaitUpTo);
                match SetWriter::new(options.with_lock(lock)) {
                    Err(e) if matches!(e.kind(), SetErrorKind::LockTimeout { .. }) => {
                        return Err(Error::job(
                            e.to_string(),
                            "check that process (a stopped job, a stuck deploy), or wait longer with `--wait SECONDS`",
                        ));
                    }
                    other => other?,
                }
            }
            other => other?,
        };
        Ok(Publisher {
            writer,
            outputs,
            duplicates: 0,
            site: SiteInfo::default(),
            named_elsewhere: None,
        })
    }

    /// The generator's own sitemap in the folder, which the scan's
    /// warning names already: a run that keeps it does not name it again.
    pub(crate) fn with_generator_sitemap(mut self, path: Option<PathBuf>) -> Publisher {
        self.named_elsewhere = path;
        self
    }

    /// What llms.txt and sitemap.html say about the site (its title,
    /// description, an mdBook's parts); without it, both are titled with
    /// the host.
    pub fn with_site(mut self, site: SiteInfo) -> Publisher {
        self.site = site;
        self
    }

    /// Adds an entry (one outside the base URL's folder, or a repeated
    /// `loc`, is left out and counted).
    pub fn push(&mut self, url: &Url) -> Result<Pushed, Error> {
        let pushed = self.writer.push(url)?;
        if pushed == Pushed::SkippedDuplicate {
            self.duplicates += 1;
        }
        Ok(pushed)
    }

    /// Adds an entry to the group `group` (see
    /// [`SetWriter::push_in`]: each group's entries together).
    pub fn push_in(&mut self, group: &str, url: &Url) -> Result<Pushed, Error> {
        let pushed = self.writer.push_in(group, url)?;
        if pushed == Pushed::SkippedDuplicate {
            self.duplicates += 1;
        }
        Ok(pushed)
    }

    /// Stages the set with its companions and commits them together.
    /// `pages` feed `sitemap.html` (titles from their sources) when the
    /// settings ask for it.
    pub fn finish(self, pages: &[HumanPage]) -> Result<Report, Error> {
        let outputs = self.outputs;
        let mut staged: StagedSet = self.writer.stage()?;
        let mut files = Vec::new();
        let mut warnings = Vec::new();
        if outputs.stylesheet {
            let path = outputs.set.dir.join(sitemap_core::human::XSL_FILE_NAME);
            if foreign_stylesheet(&path) {
                warnings.push(Diagnostic::warning(format!(
                    "{} was not written by this tool, so it was left alone (the sitemap references it); remove it to get the toolkit's stylesheet",
                    shown::path(&path)
                )));
            } else {
                // Its notice links to sitemap.html when that is written.
                let xsl = if outputs.html_page {
                    sitemap_core::human::xsl_linking(sitemap_core::human::HTML_FILE_NAME)
                } else {
                    sitemap_core::human::XSL.to_owned()
                };
                files.push(staged.add_file(sitemap_core::human::XSL_FILE_NAME, xsl.as_bytes())?);
            }
        }
        if outputs.html_page {
            let html =
                human::html_page(&outputs.set.dir, &outputs.set.base_url, &self.site, pages)?;
            files.push(staged.add_file(sitemap_core::human::HTML_FILE_NAME, &html)?);
        }
        switched_off::retire(&outputs, &mut staged)?;
        llms::stage(
            &outputs,
            &self.site,
            pages,
            &mut staged,
            &mut files,
            &mut warnings,
        )?;
        // Staged with the set: a robots.txt that cannot be merged stops
        // the job before the sitemap is replaced.
        let robots = if outputs.robots {
            let previous = previous_names(&outputs.set.base_url, &outputs.set.stem);
            Some(staged.stage_robots(&previous)?)
        } else {
            // Without `robots`, still never a line naming a removed file.
            robots_mend::mend(&outputs, &mut staged, &mut warnings)?
        };
        let set = staged.commit()?;
        if set.skipped_outside > 0 {
            warnings.push(Diagnostic::warning(format!(
                "{} URL(s) lie outside {} and were left out (a sitemap may list only URLs under its own folder)",
                set.skipped_outside, outputs.set.base_url
            )));
        }
        if outputs.robots {
            warnings.extend(robots_below_root(&outputs.set.base_url, set.root().1));
        }
        warnings.extend(other_sitemaps_in_robots(&outputs.set.dir, set.root().1));
        warnings.extend(kept::warnings(&set, self.named_elsewhere.as_deref()));
        if let Some(first) = set.cut.first() {
            warnings.push(Diagnostic::warning(format!(
                "{} image(s) left out past {} on one page (Google reads at most {} a page); {} has {}{}",
                set.images_cut,
                sitemap_core::MAX_IMAGES_PER_URL,
                sitemap_core::MAX_IMAGES_PER_URL,
                first.loc,
                first.found,
                match set.cut.len() {
                    1 => String::new(),
                    n => format!(", and {} more page(s) too", n - 1),
                }
            )));
        }
        Ok(Report {
            set,
            robots,
            files,
            duplicates: self.duplicates,
            warnings,
            ledger: None,
            hosts: Vec::new(),
        })
    }
}

/// The warning for `stylesheet` asked of a text sitemap, naming where
/// each of the two settings was set.
pub(crate) fn unused_stylesheet(resolved: &Resolved, outputs: &Outputs) -> Option<String> {
    (resolved.settings.stylesheet == Some(true)
        && matches!(outputs.set.format, sitemap_core::Format::Text))
    .then(|| {
        format!(
            "{} applies to XML sitemaps only, and {} makes this one text: no {} written; drop one of the two",
            resolved.name("stylesheet"),
            resolved.name("format"),
            sitemap_core::human::XSL_FILE_NAME
        )
    })
}

/// Whether `path` holds a stylesheet someone else made: a run replaces
/// only the regular file carrying [`sitemap_core::human::XSL_MARKER`]; a
/// link, a folder or a file it cannot read is not its own either.
fn foreign_stylesheet(path: &Path) -> bool {
    // Every version of the stylesheet is far below this.
    const MAX_XSL_BYTES: u64 = 1 << 20;
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Ok(meta) if meta.is_file() => sitemap_core::input::read_regular(path, MAX_XSL_BYTES)
            .map_or(true, |bytes| !sitemap_core::human::is_own_xsl(&bytes)),
        _ => true,
    }
}

/// The sitemaps robots.txt names in this folder besides this run's root
/// `root` that lie on disk: after a change of `filename` the earlier set
/// stays published and listed. Nothing marks that set as ours (a
/// hand-made second sitemap looks the same), so it is named, not removed;
/// an index that lists `root` (`sitemap index`) is not a stale copy.
fn other_sitemaps_in_robots(dir: &Path, root: &Loc) -> Vec<Diagnostic> {
    let robots = dir.join(sitemap_core::robots::ROBOTS_FILE_NAME);
    let Ok(Some(text)) = sitemap_core::robots::read(&robots) else {
        return Vec::new();
    };
    let Some((folder, _)) = root.as_str().rsplit_once('/') else {
        return Vec::new();
    };
    let root_loc = format!("<loc>{}</loc>", quick_xml::escape::escape(root.as_str()));
    let mut warnings = Vec::new();
    for url in sitemap_core::robots::sitemap_urls(&text) {
        let Some(name) = url.strip_prefix(folder).and_then(|n| n.strip_prefix('/')) else {
            continue;
        };
        if url == root.as_str() || name.is_empty() || name.contains(['/', '?', '#', '%']) {
            continue;
        }
        let path = dir.join(name);
        if !std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            continue;
        }
        let lists_root = sitemap_core::input::read_regular(&path, MAX_INDEX_BYTES)
            .is_ok_and(|bytes| String::from_utf8_lossy(&bytes).contains(&root_loc));
        if !lists_root {
            warnings.push(Diagnostic::warning(format!(
                "robots.txt also names {}, which this run did not write ({}); if it is this sitemap under an earlier `filename`, delete it, its parts and that `Sitemap:` line",
                Name::new(&url),
                shown::path(&path)
            )));
        }
    }
    warnings
}

/// An index over other sitemaps is read up to this size to see whether
/// it lists this run's root (an index of 50,000 sitemaps is under 10 MB).
const MAX_INDEX_BYTES: u64 = 16 << 20;

/// The names this set had in other formats, so switching to gzip replaces
/// robots.txt's old line instead of adding a second one.
fn previous_names(base_url: &Loc, stem: &str) -> Vec<Loc> {
    ["xml", "txt", "xml.gz", "txt.gz"]
        .iter()
        .filter_map(|ext| base_url.join(&format!("{stem}.{ext}")).ok())
        .collect()
}

/// robots.txt is read only at a host's root.
fn robots_below_root(base_url: &Loc, root_loc: &Loc) -> Option<Diagnostic> {
    (base_url.as_str().trim_end_matches('/').matches('/').count() > 2).then(|| {
        Diagnostic::warning(format!(
            "robots.txt is read only at the host's root; {base_url} is below it, so add the `Sitemap: {root_loc}` line to the root robots.txt too"
        ))
    })
}
