//! `--check`: the set written into a temporary folder and compared, file
//! by file, with what the output folder holds; nothing there changes.
//! When files differ, both sets are read back and compared URL by URL, so
//! the report ([`CheckReport`]) names what a write would add, remove or
//! change. Its field names are part of the CLI's interface (README, "JSON
//! reports"): add fields, never rename them.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;
use sitemap_core::{Diagnostic, Format, Loc, SetOptions, Url};

use crate::error::Error;
use crate::publish::Outputs;

/// What `--check` found: the files that differ, and the URLs behind the
/// difference (what the write would add, remove or change, read from the
/// sitemaps on disk and those that would be written; none for a text
/// sitemap's other values, which it does not hold).
#[derive(Debug, Default, Serialize)]
#[non_exhaustive]
pub struct CheckReport {
    /// Whether the output folder is up to date.
    pub up_to_date: bool,
    /// One line per file that differs, is missing or would be removed.
    pub files: Vec<String>,
    /// The same, each with its file as a field of its own.
    pub diagnostics: Vec<Diagnostic>,
    /// URLs the write would add.
    pub added: Vec<String>,
    /// URLs the write would remove.
    pub removed: Vec<String>,
    /// URLs whose lastmod, changefreq, priority, alternates or images the
    /// write would change.
    pub changed: Vec<String>,
}

pub(crate) fn report(urls: &[Url], outputs: &Outputs) -> Result<CheckReport, Error> {
    let tmp = tempfile::tempdir().map_err(|source| Error::Io {
        path: std::env::temp_dir(),
        source,
    })?;
    let found = differences(urls, outputs, tmp.path())?;
    let mut report = CheckReport {
        up_to_date: found.is_empty(),
        files: found.iter().map(|d| d.unlabelled().to_string()).collect(),
        diagnostics: found,
        ..CheckReport::default()
    };
    if report.up_to_date {
        return Ok(report);
    }
    let set = &outputs.set;
    // The root file (the index when the set is split) names the rest.
    let gz = if set.gzip { ".gz" } else { "" };
    let root = format!("{}.{}{gz}", set.stem, set.format.extension());
    let new = urls_in(&tmp.path().join(&root), set)?;
    let old = urls_in(&set.dir.join(&root), set)?;
    for (loc, url) in &new {
        match old.get(loc) {
            None => report.added.push(loc.clone()),
            Some(o) if o != url => report.changed.push(loc.clone()),
            Some(_) => {}
        }
    }
    report.removed = old
        .keys()
        .filter(|l| !new.contains_key(*l))
        .cloned()
        .collect();
    Ok(report)
}

/// The entries of the set whose root file is `path`, by loc; none when it
/// is missing or unreadable (the file list says so).
fn urls_in(path: &Path, set: &SetOptions) -> Result<BTreeMap<String, Url>, Error> {
    let mut urls = BTreeMap::new();
    if !path.is_file() {
        return Ok(urls);
    }
    if set.format == Format::Text {
        let text = std::fs::read(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let text = if set.gzip {
            gunzip(&text).map_err(|source| Error::Io {
                path: path.to_path_buf(),
                source,
            })?
        } else {
            String::from_utf8_lossy(&text).into_owned()
        };
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Ok(loc) = Loc::parse(line) {
                urls.insert(line.to_owned(), Url::new(loc));
            }
        }
        return Ok(urls);
    }
    let mut on = |found| {
        if let crate::input::sitemap_input::Found::Url { url, .. } = found {
            urls.insert(url.loc.to_string(), url);
        }
        Ok::<(), std::io::Error>(())
    };
    crate::input::sitemap_input::read_sitemaps(path, &set.base_url, &mut on).map_err(|source| {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    })?;
    Ok(urls)
}

fn differences(urls: &[Url], outputs: &Outputs, tmp: &Path) -> Result<Vec<Diagnostic>, Error> {
    let report = outputs.write_into(tmp, urls)?;
    let options: SetOptions = outputs.set.clone();
    let out = outputs.set.dir.as_path();
    let mut differences = Vec::new();
    let mut names = Vec::new();
    let files = report
        .sitemaps
        .iter()
        .map(|s| &s.path)
        .chain(report.index.as_ref().map(|i| &i.path));
    for path in files {
        let name = path.strip_prefix(tmp).unwrap_or(path).to_path_buf();
        let new = std::fs::read(path).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
        let on_disk = out.join(&name);
        // Bounded by the new file's size: anything longer differs anyway,
        // and a FIFO or device in its place is refused, never read.
        let said = |what: String| Diagnostic::warning(what).in_file(&on_disk);
        let differs = said("differs from what would be written".to_owned());
        match sitemap_core::input::read_regular(&on_disk, new.len() as u64) {
            Ok(old) if old == new => {}
            Ok(_) => differences.push(differs),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
                if std::fs::metadata(&on_disk).is_ok_and(|m| m.is_file()) {
                    differences.push(differs);
                } else {
                    differences.push(said(e.to_string()));
                }
            }
            Err(_) => differences.push(said("missing".to_owned())),
        }
        names.push(name.to_string_lossy().into_owned());
    }
    if out.is_dir() {
        for p in options.leftovers(&names, report.root().0)? {
            differences.push(Diagnostic::warning("would be removed").in_file(p));
        }
    }
    Ok(differences)
}

#[cfg(feature = "gzip")]
fn gunzip(bytes: &[u8]) -> std::io::Result<String> {
    let mut plain = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(bytes), &mut plain)?;
    Ok(plain)
}

/// Only reached for a set written gzipped, which needs the feature.
#[cfg(not(feature = "gzip"))]
fn gunzip(_: &[u8]) -> std::io::Result<String> {
    Err(std::io::Error::other(
        "a gzipped sitemap, and this build has no gzip support (feature `gzip`)",
    ))
}
