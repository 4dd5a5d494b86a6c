//! The one way a subcommand publishes a sitemap set: open the writer
//! (waiting for another run on the same folder), stage the set with every
//! file that goes with it (stylesheet, HTML page, robots.txt), commit them
//! as one unit, and say what was written.
//!
//! `scan` and `write` both end here, so a set written from a site and one
//! written from a URL list get the same locking, robots.txt merge and
//! report.

use std::path::{Path, PathBuf};

use sitemap_core::output::LockPolicy;
use sitemap_core::{
    Format, Limits, Loc, SetErrorKind, SetOptions, SetReport, SetWriter, StagedSet,
};

use crate::settings::{FormatName, Hinted, LimitsName};
use crate::ui::Ui;

/// The file format named by `--format` / `format` (XML by default).
pub(crate) fn format(name: Option<FormatName>) -> Format {
    match name.unwrap_or(FormatName::Xml) {
        FormatName::Xml => Format::Xml,
        FormatName::Txt => Format::Text,
    }
}

/// The size limits named by `--limits` / `limits`, narrowed by
/// `--max-urls` / `max-urls`.
pub(crate) fn limits(name: Option<LimitsName>, max_urls: Option<u64>) -> anyhow::Result<Limits> {
    let limits = match name.unwrap_or(LimitsName::Legacy) {
        LimitsName::Legacy => Limits::LEGACY,
        LimitsName::SitemapsOrg => Limits::SITEMAPS_ORG,
    };
    match max_urls {
        Some(n) if n == 0 || n > limits.max_urls => Err(Hinted {
            message: format!(
                "max-urls {n}: expected 1 to {} (the limit of the chosen profile)",
                limits.max_urls
            ),
            hint: "leave max-urls out for the protocol's 50,000".to_owned(),
        }
        .into()),
        Some(n) => Ok(limits.with_max_urls(n)),
        None => Ok(limits),
    }
}

/// A writer holding the output folder's lock; when another run holds it,
/// says so once and waits for it.
pub(crate) fn open_writer(options: SetOptions, ui: &Ui) -> anyhow::Result<SetWriter> {
    match SetWriter::new(options.clone().with_lock(LockPolicy::Fail)) {
        Err(e) if matches!(e.kind(), SetErrorKind::Locked) => {
            ui.summary(&format!(
                "waiting for another run writing into {}",
                shown(&options.dir)
            ));
            Ok(SetWriter::new(options.with_lock(LockPolicy::Wait))?)
        }
        other => Ok(other?),
    }
}

/// What goes with the set.
pub(crate) struct Companions<'a> {
    /// Extra files written beside the set: (file name, bytes).
    pub(crate) files: Vec<(&'static str, Vec<u8>)>,
    /// Add or update the `Sitemap:` line in robots.txt: the set's stem.
    pub(crate) robots_stem: Option<&'a str>,
}

/// What [`publish`] wrote.
pub(crate) struct Published {
    pub(crate) report: SetReport,
    /// `Some(changed)` when robots.txt was asked for.
    robots_changed: Option<bool>,
    files: Vec<PathBuf>,
}

/// Stages `staged` with its companions and commits all of it.
pub(crate) fn publish(
    mut staged: StagedSet,
    base_url: &Loc,
    companions: Companions<'_>,
) -> anyhow::Result<Published> {
    let mut files = Vec::new();
    for (name, bytes) in &companions.files {
        files.push(staged.add_file(name, bytes)?);
    }
    let robots_changed = match companions.robots_stem {
        Some(stem) => {
            let folder = base_url.as_str();
            // The names this set had in other formats, so switching to gzip
            // replaces the old line instead of adding a second one.
            let previous: Vec<Loc> = ["xml", "txt", "xml.gz", "txt.gz"]
                .iter()
                .filter_map(|ext| format!("{folder}{stem}.{ext}").parse().ok())
                .collect();
            Some(staged.stage_robots(&previous)?.1)
        }
        None => None,
    };
    let report = staged.commit()?;
    Ok(Published {
        report,
        robots_changed,
        files,
    })
}

impl Published {
    /// Warns about what the user should act on, and returns the
    /// "wrote …" part of the summary line.
    pub(crate) fn written(&self, base_url: &Loc, ui: &Ui) -> String {
        let report = &self.report;
        if report.skipped_outside > 0 {
            ui.warning(&format!(
                "{} URL(s) lie outside {base_url} and were left out (a sitemap may list only URLs under its own folder)",
                report.skipped_outside
            ));
        }
        let (root_file, root_loc) = report.root();
        let mut written = format!("wrote {}", shown(root_file));
        if report.sitemaps.len() > 1 {
            written.push_str(&format!(" (index of {} sitemaps)", report.sitemaps.len()));
        }
        if let Some(changed) = self.robots_changed {
            if base_url.as_str().trim_end_matches('/').matches('/').count() > 2 {
                ui.warning(&format!(
                    "robots.txt is read only at the host's root; {base_url} is below it, so add the `Sitemap: {root_loc}` line to the root robots.txt too"
                ));
            }
            written.push_str(if changed {
                " and robots.txt"
            } else {
                "; robots.txt already up to date"
            });
        }
        for path in &self.files {
            written.push_str(&format!(", {}", shown(path)));
        }
        if !report.removed.is_empty() {
            let names: Vec<String> = report.removed.iter().map(|p| file_name(p)).collect();
            written.push_str(&format!("; removed {}", names.join(", ")));
        }
        if !report.swept.is_empty() {
            written.push_str(&format!(
                "; swept {} temporary file(s) of an interrupted run",
                report.swept.len()
            ));
        }
        written
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| shown(path), |n| n.to_string_lossy().into_owned())
}

/// A path as the user gave it (without a leading `./`).
pub(crate) fn shown(path: &Path) -> String {
    let s = path.display().to_string();
    s.strip_prefix("./").map(str::to_owned).unwrap_or(s)
}
