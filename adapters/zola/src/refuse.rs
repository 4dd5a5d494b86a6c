//! Sites Zola refuses as a whole: an `index.md` page on a section's
//! path, and two files (or aliases) on one path.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde_json::Value;

use sitemap_content::FrontMatter;
use sitemap_content::{Error, Site};

use super::page::Page;
use super::section::Section;

/// Site::load: a page file `index.md` whose URL is a section's (or, at the
/// top of `content/`, any `index.md` that is no bundle) is refused.
pub(super) fn refuse_index_beside_section(
    pages: &[Page],
    section_paths: &BTreeSet<String>,
    errors: &mut Vec<(PathBuf, Error)>,
) {
    for page in pages.iter().filter(|p| p.index_md) {
        let components = page.path.trim_matches('/');
        let refused = if components.is_empty() {
            !page.colocated
        } else {
            section_paths.contains(components)
        };
        if refused {
            errors.push((
                page.source.clone(),
                Error::IndexBesideSection {
                    path: page.source.clone(),
                },
            ));
        }
    }
}

/// Library::find_path_collisions: the path of every rendered page and
/// section, and each of their `aliases`, must be claimed by one file only.
pub(super) fn refuse_path_collisions(
    pages: &[Page],
    sections: &BTreeMap<(Vec<String>, String), Section>,
    site: &Site,
    refused: &BTreeSet<PathBuf>,
    errors: &mut Vec<(PathBuf, Error)>,
) {
    let mut claims: BTreeMap<String, BTreeSet<PathBuf>> = BTreeMap::new();
    let aliases = |fm: &FrontMatter| -> Vec<String> {
        match fm.data().get("aliases") {
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect(),
            _ => Vec::new(),
        }
    };
    for page in pages
        .iter()
        .filter(|p| p.render && !refused.contains(&p.source))
    {
        for path in std::iter::once(page.path.clone()).chain(aliases(&page.fm)) {
            claims.entry(path).or_default().insert(page.source.clone());
        }
    }
    for section in sections.values().filter(|s| s.render) {
        let (source, path) = if section.source.as_os_str().is_empty() {
            // A default index section: Zola gives another language's the
            // path `xx/`, without the leading slash.
            let path = match section.path.strip_prefix('/') {
                Some(p) if !p.is_empty() => p.to_owned(),
                _ => section.path.clone(),
            };
            (site.content_dir.join("_index.md"), path)
        } else {
            (section.source.clone(), section.path.clone())
        };
        for path in std::iter::once(path).chain(aliases(&section.fm)) {
            claims.entry(path).or_default().insert(source.clone());
        }
    }
    for (url_path, files) in claims {
        if files.len() > 1 {
            let files: Vec<PathBuf> = files.into_iter().collect();
            errors.push((
                files[0].clone(),
                Error::PathCollision {
                    path: files[0].clone(),
                    others: files[1..].to_vec(),
                    url_path,
                },
            ));
        }
    }
}
