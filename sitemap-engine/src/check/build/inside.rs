//! The build check stays in the site: it lists an output folder only
//! when, links resolved, it lies inside the site's folder or is the
//! folder the set is written to (`out`, which the user named). Hugo's
//! `publishDir = "/"`, a `public` link to `/` or Zola's `output_dir =
//! "/"` would otherwise have the check list the whole file system and
//! name what it found there; such a folder is not checked, and one line
//! says why.

use std::path::Path;

use super::said::shown;
use crate::scan::built::Build;

/// `Ok` when the check may list `build`'s output folder; otherwise the
/// line that says why it does not. `out`: the `out` setting, when the
/// user gave one.
pub(super) fn walkable(build: &Build, out: Option<&Path>) -> Result<(), String> {
    // Not there: nothing built, which the check says in its own words.
    let Ok(dir) = std::fs::canonicalize(&build.dir) else {
        return Ok(());
    };
    let within = |folder: &Path| std::fs::canonicalize(folder).is_ok_and(|f| dir.starts_with(f));
    if within(&build.site_root) || out.is_some_and(within) {
        return Ok(());
    }
    Err(format!(
        "{}: outside the site's folder (it is {}), so the sitemap is not checked against the \
         site built there; build into a folder inside the site, or write the sitemap there with \
         `out` (`--out`) to check it",
        shown_dir(&build.dir),
        shown(&dir)
    ))
}

/// A folder as a place: `public/`.
pub(super) fn shown_dir(dir: &Path) -> String {
    format!("{}/", shown(dir).trim_end_matches('/'))
}
