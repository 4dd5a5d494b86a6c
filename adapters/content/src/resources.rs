//! A page bundle's resources: the files beside a page's `index.md` that
//! it is built with (Hugo's leaf bundle resources, Zola's colocated
//! assets), which count towards its `lastmod` when asked
//! (`lastmod-deps = ["bundle"]`).
//!
//! - Zola (`Page::from_file`, `find_related_assets(dir, config, true)`):
//!   for a page whose file is `index.md` (any language), every file under
//!   its folder, recursively, except `.md` files, editors' temporary files
//!   and files with no extension (`is_temp_file`), and `ignored_content`
//!   matches.
//! - Hugo: for a leaf bundle's `index.*`, every file under its folder,
//!   recursively (other content files there are resources too), except
//!   the bundle's own `index.*` files (its translations are pages).

use std::path::{Path, PathBuf};

use crate::{ContentPage, PageKind, Site};

/// Deeper than any real bundle; stops a symbolic link loop.
const MAX_DEPTH: usize = 32;

impl Site {
    /// The resources of `page` when it is a page bundle's `index` file,
    /// as paths under the site's root, sorted; empty for any other page.
    pub fn bundle_resources(&self, page: &ContentPage) -> Vec<PathBuf> {
        let Some(source) = &page.source else {
            return Vec::new();
        };
        let is_index = source
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.split('.').next() == Some("index"));
        let Some(dir) = source
            .parent()
            .filter(|_| is_index && page.kind == PageKind::Page)
        else {
            return Vec::new();
        };
        let mut found = Vec::new();
        walk(dir, 0, &mut found);
        found.retain(|f| f != source);
        found.retain(|f| self.generator.is_resource(dir, f));
        found.sort();
        found
    }
}

/// Every file under `dir`, following symbolic links as Zola's walk does.
fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    if depth > MAX_DEPTH {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        match std::fs::metadata(&path) {
            Ok(m) if m.is_dir() => walk(&path, depth + 1, out),
            Ok(m) if m.is_file() => out.push(path),
            _ => {}
        }
    }
}
