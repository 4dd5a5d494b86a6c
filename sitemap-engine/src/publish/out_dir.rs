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

/// The warning for an `out` folder (`dir`) that is not there, named
/// near the site's build folder (`built`), which is: `--out publc` made a new folder holding a
/// sitemap, a robots.txt and llms.txt beside no page, and said only that
/// it wrote them. Created all the same (a sitemap kept apart from the
/// site, copied later, is a real use), but said.
pub(crate) fn created_away_from_build(
    resolved: &Resolved,
    dir: &Path,
    built: Option<&Path>,
) -> Option<String> {
    let built = built?;
    if resolved.settings.out.is_none() || dir.exists() || !built.is_dir() {
        return None;
    }
    // A name near the build folder's is a typo (`publc`); another name
    // (`out`, `deploy`) is a folder chosen on purpose.
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    let (Some(asked), Some(site)) = (name(dir), name(built)) else {
        return None;
    };
    if strsim::damerau_levenshtein(&asked, &site) > 2 {
        return None;
    }
    Some(format!(
        "{} `{}`: no such folder, so it is created, and the site is built in `{}`: a sitemap is found only where the site is served from; if you meant `{}`, correct `out` or drop it",
        resolved.name("out"),
        dir.display(),
        built.display(),
        built.display()
    ))
}
