//! Which files a run checks, and how they are opened: only regular
//! files ([`open_regular`]), sitemaps found in a folder
//! ([`find_sitemaps`]), a listed URL mapped to a file beside its index
//! ([`local_child`]) or refused when it belongs to another site, and
//! index cycles named with their chain ([`cycle`]).

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};

use sitemap_core::Loc;
use sitemap_core::validate::{self as core_validate, DocumentKind, Report};

use super::{FileResult, Pending, chain};

/// Opens `path` for reading only when it is a regular file. A FIFO would
/// block the open (and every read) until a writer comes, a device may
/// never end: they are refused by what they are, checked on the opened
/// handle so nothing can swap the file in between.
pub(super) fn open_regular(path: &Path) -> Result<File, String> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Non-blocking, so opening a FIFO with no writer returns at once;
        // reads of a regular file ignore the flag.
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let refuse = |what| {
        format!(
            "{what}, not a regular file: not read, since reading it could block or never end; skipped"
        )
    };
    let file = match options.open(path) {
        Ok(file) => file,
        // A socket cannot be opened at all; say what it is.
        Err(e) => {
            return Err(
                match std::fs::metadata(path)
                    .ok()
                    .and_then(|m| sitemap_core::input::special_kind(&m.file_type()))
                {
                    Some(what) => refuse(what),
                    // A path that is not there: where the set usually is.
                    None if e.kind() == std::io::ErrorKind::NotFound => format!(
                        "cannot open {}: {}; check the path (`sitemap scan` writes the set into the site's output folder, such as public/sitemap.xml)",
                        path.display(),
                        chain(&e)
                    ),
                    None => format!("cannot open {}: {}", path.display(), chain(&e)),
                },
            );
        }
    };
    let kind = file
        .metadata()
        .map_err(|e| format!("cannot read {}: {}", path.display(), chain(&e)))?
        .file_type();
    match sitemap_core::input::special_kind(&kind) {
        None => Ok(file),
        Some(what) => Err(refuse(what)),
    }
}

/// The message for an index that lists `key` when `key` is `parent` or
/// one of the indexes that led to it, naming the chain.
pub(super) fn cycle(results: &[FileResult], parent: usize, key: &Path) -> Option<String> {
    let mut chain = vec![parent];
    let mut at = parent;
    while results[at].key != key {
        at = results[at].parent?;
        chain.push(at);
    }
    const RULE: &str =
        "an index lists only sitemaps (<urlset> or text), never an index, least of all itself";
    if chain.len() == 1 {
        return Some(format!(
            "index cycle: {} lists itself; {RULE}",
            results[parent].path
        ));
    }
    let names: Vec<&str> = chain
        .iter()
        .rev()
        .map(|&i| results[i].path.as_str())
        .chain([results[at].path.as_str()])
        .collect();
    Some(format!("index cycle: {}; {RULE}", names.join(" → ")))
}

/// For a robots.txt whose own URL is known: the site's origin when
/// `child` is on another one (a `Sitemap:` line may name any host; what
/// it names there is not on this disk). Indexes are left to the
/// validator, which reports a child on another host as an error.
pub(super) fn foreign_origin(job: &Pending, report: &Report, child: &Loc) -> Option<String> {
    let own = job.location.as_ref()?;
    (report.kind == DocumentKind::Robots && child.origin() != own.origin())
        .then(|| own.origin().to_owned())
}

/// When the listing file's URL is unknown and a child is found by file
/// name: the origin the file on disk lists, when it is not the child's
/// (another host's `sitemap.xml` is not ours, even with our file's name).
pub(super) fn other_site_on_disk(path: &Path, child: &Loc) -> Option<String> {
    let file = open_regular(path).ok()?;
    let first = core_validate::peek_first_loc(BufReader::new(file)).ok()??;
    (first.origin() != child.origin()).then(|| first.origin().to_owned())
}

/// Sitemap-looking files under `dir`, robots.txt and indexes first, so
/// children are checked with the location their index gives.
pub(super) fn find_sitemaps(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d)? {
            let entry = entry?;
            let path = entry.path();
            let kind = entry.file_type()?;
            if kind.is_dir() {
                stack.push(path);
                continue;
            }
            let name = entry.file_name().to_string_lossy().to_ascii_lowercase();
            let sitemap = name.starts_with("sitemap")
                && [".xml", ".xml.gz", ".txt"]
                    .iter()
                    .any(|e| name.ends_with(e));
            if sitemap || name == "robots.txt" {
                found.push(path);
            }
        }
    }
    // robots.txt, then indexes (told by their content, not their name),
    // then the rest; an unreadable file sorts last and fails when checked.
    let rank = |p: &PathBuf| {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        if name == "robots.txt" {
            return 0;
        }
        let kind = open_regular(p)
            .ok()
            .and_then(|f| core_validate::peek_kind(BufReader::new(f)).ok());
        if kind == Some(DocumentKind::Sitemapindex) {
            1
        } else {
            2
        }
    };
    let mut found: Vec<(u8, PathBuf)> = found.into_iter().map(|p| (rank(&p), p)).collect();
    found.sort();
    Ok(found.into_iter().map(|(_, p)| p).collect())
}

/// `base_url` + the file's path under `root`.
pub(super) fn infer_location(base_url: Option<&Loc>, root: &Path, file: &Path) -> Option<Loc> {
    let base = base_url?;
    let rel = file.strip_prefix(root).ok()?;
    let rel: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    base.join(&rel.join("/")).ok()
}

/// Where a listed sitemap would be on disk: under the listing file's own
/// folder when its URL is known, else beside it by file name.
pub(super) fn local_child(
    job: &Pending,
    base_url: Option<&Loc>,
    roots: &[PathBuf],
    child: &Loc,
) -> Option<PathBuf> {
    let dir = job.path.parent().unwrap_or(Path::new(""));
    let path_part = |s: &str| s.split(['?', '#']).next().unwrap_or("").to_owned();
    if let Some(location) = &job.location {
        let folder = location.folder();
        if let Some(rel) = child.as_str().strip_prefix(folder.as_str()) {
            return Some(dir.join(path_part(rel)));
        }
        // Same site, another folder: resolve from the site root when it is known.
        if let Some(base) = base_url
            && let Some(rel) = child.as_str().strip_prefix(base.as_str())
        {
            let root = roots
                .iter()
                .find(|r| r.is_dir() && job.path.starts_with(r))
                .cloned()
                .or_else(|| {
                    // The listing file's own URL tells how deep it sits.
                    let depth = location
                        .as_str()
                        .strip_prefix(base.as_str())?
                        .matches('/')
                        .count();
                    let mut root = dir.to_path_buf();
                    for _ in 0..depth {
                        root.pop();
                    }
                    Some(root)
                })?;
            return Some(root.join(path_part(rel)));
        }
        return None;
    }
    let name = path_part(child.as_str())
        .rsplit('/')
        .next()
        .unwrap_or("")
        .to_owned();
    (!name.is_empty()).then(|| dir.join(name))
}
