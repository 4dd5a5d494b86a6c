//! The check's verdict: the differences between the build and the scan
//! (built pages the scan neither lists nor leaves out, listed URLs no
//! built file answers) and what it could not read, as warnings, or with
//! `strict` as one error. What could not be read is no difference: its
//! fix is the folder's permissions, never a new build.

use sitemap_core::Loc;

use super::said::{SHOWN, escaped, more};
use super::shown_dir;
use crate::error::Error;
use crate::scan::Scan;
use crate::scan::built::Build;

/// Built pages the scan neither lists nor leaves out on purpose (each
/// URL with its file below the output folder), in one line.
pub(super) fn unlisted(build: &Build, pages: &[(Loc, String)]) -> String {
    let dir = shown_dir(&build.dir);
    let named: Vec<String> = pages
        .iter()
        .take(SHOWN)
        .map(|(loc, rel)| format!("{loc} ({dir}{})", escaped(rel)))
        .collect();
    format!(
        "{dir}: {} built page(s) not in the sitemap and not left out on purpose: {}{}",
        pages.len(),
        named.join(", "),
        more(pages.len())
    )
}

/// Listed URLs no built file answers, in one line.
pub(super) fn missing(build: &Build, locs: &[Loc]) -> String {
    let named: Vec<String> = locs.iter().take(SHOWN).map(Loc::to_string).collect();
    format!(
        "{}: {} listed URL(s) with no built page: {}{}",
        shown_dir(&build.dir),
        locs.len(),
        named.join(", "),
        more(locs.len())
    )
}

/// Says what the check found: the differences (`lines`) and what it
/// could not read (`unread`) as warnings; with `strict`, as one error
/// whose hint fits what was found.
pub(super) fn report(
    scan: &mut Scan,
    build: &Build,
    lines: Vec<String>,
    unread: Vec<String>,
    strict: bool,
) -> Result<(), Error> {
    if !strict || (lines.is_empty() && unread.is_empty()) {
        scan.warnings.extend(lines);
        scan.warnings.extend(unread);
        return Ok(());
    }
    let dir = shown_dir(&build.dir);
    let hint = if lines.is_empty() {
        "let the user running the scan read the build (its folders' permissions), or drop \
         `strict` to let the run pass with warnings"
    } else {
        "build the site again if it is stale; else see which setting or file the scan does not \
         read, or drop `strict` to let the run pass with warnings"
    };
    let what = if lines.is_empty() {
        "could not be checked against"
    } else {
        "does not match"
    };
    let all: Vec<String> = lines.into_iter().chain(unread).collect();
    Err(Error::job(
        format!(
            "the sitemap {what} the site built in {dir}:\n{}",
            all.join("\n")
        ),
        hint,
    ))
}
