//! The scan: walk the directory in parallel, reading each page's head
//! ([`walk`]), then decide in one ordered pass what is listed
//! ([`resolve`], with [`canonical`] for pages whose canonical is
//! elsewhere and [`whole_site`] for the checks that need every page).
//! The parallel phase's records and the ordered pass that consumes them
//! are one protocol: [`walk::FileRecord`] is its message.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};
use sitemap_core::Loc;
use sitemap_pages::images::ImageCounts;

use crate::Error;
use crate::options::HtmlOptions;
use crate::report::{HtmlScan, Reason, WarningKind};

mod canonical;
mod resolve;
mod walk;
mod whole_site;

use self::resolve::Resolver;
use self::walk::walk;

pub(crate) fn scan(dir: &Path, options: &HtmlOptions) -> Result<HtmlScan, Error> {
    if !dir.is_dir() {
        return Err(Error::NotADirectory {
            path: dir.to_path_buf(),
        });
    }
    let base = folder_of(&options.base_url)?;
    let globs = compile_globs(&options.exclude)?;
    let robots_names: Vec<String> = options
        .robots_names
        .iter()
        .map(|n| n.trim().to_ascii_lowercase())
        .collect();

    let (mut records, walk_errors) = walk(dir, options, &base, &globs, &robots_names);
    // Byte order of the paths: deterministic, and several times cheaper
    // than `Path`'s component-wise order on 100,000 files. Everything
    // after this keeps this order.
    records.sort_unstable_by(|a, b| bytes(&a.path).cmp(bytes(&b.path)));

    let mut resolver = Resolver {
        root: dir.to_path_buf(),
        base,
        listed: BTreeMap::new(),
        file_locs: HashMap::new(),
        excluded: Vec::new(),
        warnings: walk_errors,
        files_read: Vec::new(),
        canonical_requests: Vec::new(),
        relisted: BTreeSet::new(),
        images: ImageCounts::default(),
    };
    for record in records {
        resolver.file(record);
    }
    let found = resolver.finish();
    // A folder or page that cannot be read is an error, not a warning: the
    // pages in it would vanish from the sitemap without a word. One the
    // exclude patterns leave out anyway is no loss.
    let excluded = |path: &Path| {
        let rel = path.strip_prefix(dir).unwrap_or(path).to_string_lossy();
        globs.is_match(rel.as_ref()) || globs.is_match(format!("{rel}/index.html"))
    };
    let mut unreadable: Vec<(PathBuf, String)> = found
        .warnings
        .iter()
        .filter_map(|w| match &w.kind {
            WarningKind::Walk { message } if !excluded(&w.path) => {
                // The walker's message names the path again.
                let prefix = format!("{}: ", w.path.display());
                let message = message.strip_prefix(&prefix).unwrap_or(message);
                Some((w.path.clone(), message.to_owned()))
            }
            _ => None,
        })
        .chain(found.excluded.iter().filter_map(|e| match &e.reason {
            Reason::Unreadable { error } => Some((e.path.clone(), error.clone())),
            _ => None,
        }))
        .collect();
    if unreadable.is_empty() {
        return Ok(found);
    }
    unreadable.sort();
    Err(Error::Unreadable { files: unreadable })
}

/// The base URL as a folder: `https://h/docs` names the folder `docs/`.
pub(crate) fn folder_of(base: &Loc) -> Result<Loc, Error> {
    if base.as_str().ends_with('/') || base.as_str().contains('?') {
        return Ok(base.clone());
    }
    Loc::parse(&format!("{}/", base.as_str())).map_err(|error| Error::BaseUrl { error })
}

fn compile_globs(patterns: &[String]) -> Result<GlobSet, Error> {
    let mut builder = GlobSetBuilder::new();
    for pattern in patterns {
        let glob = Glob::new(pattern).map_err(|source| Error::Glob {
            pattern: pattern.clone(),
            source,
        })?;
        builder.add(glob);
    }
    builder.build().map_err(|source| Error::Glob {
        pattern: patterns.join(", "),
        source,
    })
}

fn bytes(path: &Path) -> &[u8] {
    path.as_os_str().as_encoded_bytes()
}
