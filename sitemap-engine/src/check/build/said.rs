//! What the build check says, in its words: nothing built, a folder it
//! cannot read, the content adapters it could not give pages for, and
//! the lists of differences, each with a count and the first [`SHOWN`].
//! Every name taken from the disk is shown escaped and cut
//! ([`Name`], [`shown::path`]), so a folder named with a line break
//! cannot forge a line of the report.

use std::path::Path;

use sitemap_core::diagnostic::{Diagnostic, Name};

use super::inside::{dir_place, shown_dir};
use crate::scan::Scan;
use crate::scan::built::Build;

/// How many items each list names before it counts the rest.
pub(super) const SHOWN: usize = 10;

/// What a check with no built page says: that nothing is built, or, when
/// the build wrote other files, that it wrote no page (every one of the
/// `listed` URLs is then a 404).
pub(super) fn nothing_built(build: &Build, listed: usize) -> Diagnostic {
    let message = match other_output(&build.dir) {
        Some(file) => format!(
            "the build wrote no HTML page, only other files such as {}, so \
             none of the {listed} listed URL(s) is served, and the sitemap is not checked \
             against the site: its templates are missing (a theme folder left empty? `git \
             submodule update --init`); once `{}` builds the pages, run the scan again",
            Name::new(&file),
            build.command
        ),
        None => format!(
            "no built page, so the sitemap is not checked against the site; run \
             `{}` first, then the scan",
            build.command
        ),
    };
    Diagnostic::warning(message).in_file(dir_place(&build.dir))
}

/// A file at the top of the output folder that this tool does not write
/// (a feed, an image copied from `static/`), first by name: a build
/// happened there. `None` for a folder holding only what a scan wrote
/// (its sitemaps, robots.txt, llms.txt), or none.
fn other_output(dir: &Path) -> Option<String> {
    let ours = |name: &str| {
        name.starts_with("sitemap") || name.starts_with("llms") || name == "robots.txt"
    };
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .take(10_000)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| !name.starts_with('.') && !ours(name))
        .min()
}

/// The folders of the build the walk could not read (`unreadable`: each
/// one's path below the output folder and why), in one line: their
/// pages are not checked, which is not a difference between the build
/// and the scan.
pub(super) fn unreadable_folders(build: &Build, unreadable: &[(String, String)]) -> Diagnostic {
    let dir = shown_dir(&build.dir);
    let named: Vec<String> = unreadable
        .iter()
        .take(SHOWN)
        .map(|(rel, why)| {
            let folder = if rel.is_empty() {
                dir.clone()
            } else {
                format!("{dir}{}/", Name::new(rel))
            };
            format!("{folder} ({})", Name::new(why))
        })
        .collect();
    Diagnostic::warning(format!(
        "{} built folder(s) cannot be read, so the pages in them are not checked: {}{}; \
         let the user running the scan read them",
        unreadable.len(),
        named.join(", "),
        more(unreadable.len())
    ))
    .in_file(dir_place(&build.dir))
}

/// Listed URLs whose built page is there but cannot be read (`pages`:
/// the URL, its file below the output folder, why).
pub(super) fn unreadable_pages(build: &Build, pages: &[(String, String, String)]) -> Diagnostic {
    let dir = shown_dir(&build.dir);
    let named: Vec<String> = pages
        .iter()
        .take(SHOWN)
        .map(|(loc, file, why)| format!("{loc} ({dir}{}: {})", Name::new(file), Name::new(why)))
        .collect();
    Diagnostic::warning(format!(
        "{} built page(s) cannot be read, so whether they say `noindex` is not known: \
         {}{}; let the user running the scan read them",
        pages.len(),
        named.join(", "),
        more(pages.len())
    ))
    .in_file(dir_place(&build.dir))
}

/// Each content adapter named, when the build cannot give its pages
/// (once: an adapter of a site of several languages, versions or roles
/// has a section in each).
pub(super) fn adapters_unread(scan: &mut Scan, build: &Build) {
    let files: std::collections::BTreeSet<&Path> =
        build.adapters.iter().map(|a| a.file.as_path()).collect();
    for file in files {
        scan.warnings.push(
            Diagnostic::warning(format!(
                "a content adapter, whose template makes pages from data: this scan cannot run \
                 it, so its pages are missing; run `{}` first, and the scan lists them from the \
                 build",
                build.command
            ))
            .in_file(file),
        );
    }
}

/// ", and N more" past the ones shown.
pub(super) fn more(count: usize) -> String {
    if count > SHOWN {
        format!(", and {} more", count - SHOWN)
    } else {
        String::new()
    }
}
