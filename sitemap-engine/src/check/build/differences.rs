//! The check's verdict: the differences between the build and the scan
//! (built pages the scan neither lists nor leaves out, listed URLs no
//! built file answers) and what it could not read, as warnings, or with
//! `strict` as one error. What could not be read is no difference: its
//! fix is the folder's permissions, never a new build.

use sitemap_core::Loc;
use sitemap_core::diagnostic::{Diagnostic, Name};

use super::inside::dir_place;
use super::inside::shown_dir;
use super::said::{SHOWN, more};
use crate::error::Error;
use crate::scan::Scan;
use crate::scan::built::Build;

/// Built pages the scan neither lists nor leaves out on purpose (each
/// URL with its file below the output folder), in one line.
pub(super) fn unlisted(build: &Build, pages: &[(Loc, String)]) -> Diagnostic {
    let dir = shown_dir(&build.dir);
    let named: Vec<String> = pages
        .iter()
        .take(SHOWN)
        .map(|(loc, rel)| format!("{loc} ({dir}{})", Name::new(rel)))
        .collect();
    Diagnostic::warning(format!(
        "{} built page(s) not in the sitemap and not left out on purpose: {}{}",
        pages.len(),
        named.join(", "),
        more(pages.len())
    ))
    .in_file(dir_place(&build.dir))
}

/// Listed URLs no built file answers, in one line.
pub(super) fn missing(build: &Build, locs: &[Loc]) -> Diagnostic {
    let named: Vec<String> = locs.iter().take(SHOWN).map(Loc::to_string).collect();
    Diagnostic::warning(format!(
        "{} listed URL(s) with no built page: {}{}",
        locs.len(),
        named.join(", "),
        more(locs.len())
    ))
    .in_file(dir_place(&build.dir))
}

/// Says what the check found: the differences (`lines`) and what it
/// could not read (`unread`) as warnings; with `strict`, as one error
/// whose hint fits what was found.
pub(super) fn report(
    scan: &mut Scan,
    build: &Build,
    lines: Vec<Diagnostic>,
    unread: Vec<Diagnostic>,
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
    let all: Vec<Diagnostic> = lines.into_iter().chain(unread).collect();
    Err(Error::found(
        vec![
            Diagnostic::error(format!("the sitemap {what} the site built in {dir}:"))
                .with_notes(all),
        ],
        hint,
    ))
}
