//! `out` given a sitemap's file name (`--out public/sitemap.xml`): the
//! set went into a new folder of that name,
//! `public/sitemap.xml/sitemap.xml`, and the run said it wrote it. Such a
//! name is refused, with the folder it meant; a folder of that name that
//! exists is taken as the folder it is.

use std::path::Path;

use crate::error::Error;
use crate::settings::Resolved;

/// The error for an `out` (`dir`) that names a file.
pub(super) fn check(resolved: &Resolved, dir: &Path) -> Result<(), Error> {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let file_like = [".xml", ".xml.gz", ".txt", ".txt.gz"]
        .iter()
        .any(|ext| name.ends_with(ext));
    if !file_like || dir.is_dir() {
        return Ok(());
    }
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty());
    Err(resolved.value_error(
        "out",
        format!(
            "`{}` names a file; `out` is the folder the set is written into, its file named by `filename`: set it to `{}`",
            dir.display(),
            parent.map_or_else(|| ".".to_owned(), |p| p.display().to_string())
        ),
    ))
}
