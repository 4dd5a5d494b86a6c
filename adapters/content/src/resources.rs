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

use crate::{ContentPage, PageKind, Rules, Site};

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
        match &self.rules {
            Rules::Zola(cfg) => {
                found.retain(|f| f.extension().is_none_or(|e| e != "md") && !is_temp_file(f));
                if let Some(ignored) = &cfg.ignored_content {
                    found.retain(|f| !ignored.is_match(f));
                }
            }
            Rules::Hugo(_) => found.retain(|f| {
                f.parent() != Some(dir)
                    || f.file_name()
                        .and_then(|n| n.to_str())
                        .is_none_or(|n| n.split('.').next() != Some("index"))
            }),
        }
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

/// Zola's `utils::fs::is_temp_file`: editors' swap, backup and lock files.
fn is_temp_file(path: &Path) -> bool {
    match path.extension().and_then(|e| e.to_str()) {
        Some("swp" | "swx" | "tmp" | ".DS_STORE" | ".DS_Store" | "kate-swp") => true,
        Some(x)
            if x.ends_with("jb_old___")
                || x.ends_with("jb_tmp___")
                || x.ends_with("jb_bak___")
                || x.ends_with('~')
                || x.ends_with("bck") =>
        {
            true
        }
        Some(_) => path
            .file_stem()
            .and_then(|s| s.to_str())
            .is_some_and(|s| s.starts_with('#') || s.starts_with(".#")),
        // Zola counts a file with no extension as temporary too.
        None => true,
    }
}
