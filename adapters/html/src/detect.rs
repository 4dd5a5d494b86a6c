//! Telling a built site from a generator's source tree.

use std::path::Path;

/// Files that mark a directory as a generator's project rather than its
/// output. None of them is ever copied into a built site.
const GENERATOR_FILES: &[&str] = &[
    // Hugo
    "hugo.toml",
    "hugo.yaml",
    "hugo.json",
    // Hugo (before 0.110) and Zola
    "config.toml",
    "config.yaml",
    "config.json",
    // mdBook
    "book.toml",
    // Jekyll
    "_config.yml",
    "_config.yaml",
    "_config.toml",
    // Eleventy
    ".eleventy.js",
    "eleventy.config.js",
    "eleventy.config.mjs",
    "eleventy.config.cjs",
    // Astro
    "astro.config.mjs",
    "astro.config.js",
    "astro.config.ts",
    // MkDocs
    "mkdocs.yml",
    // Any Node-based generator (Gatsby, Next, VitePress, Docusaurus)
    "package.json",
];

/// Whether `dir` looks like a built site: `.html` files at its top or one
/// level down, and none of the files that mark a generator's project
/// (`hugo.toml`, `config.toml`, `book.toml`, `_config.yml`,
/// `package.json`, …) at its top. Only those two levels are looked at, so
/// this is cheap on any tree.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::fs::write(dir.path().join("index.html"), "<p>hi</p>")?;
/// assert!(sitemap_html::looks_like_built_html(dir.path()));
/// std::fs::write(dir.path().join("book.toml"), "[book]")?;
/// assert!(!sitemap_html::looks_like_built_html(dir.path()));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn looks_like_built_html(dir: &Path) -> bool {
    if GENERATOR_FILES.iter().any(|name| dir.join(name).is_file()) {
        return false;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    let mut subdirs = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            subdirs.push(path);
        } else if is_html_name(&path) {
            return true;
        }
    }
    subdirs.sort();
    subdirs.iter().any(|sub| {
        std::fs::read_dir(sub).is_ok_and(|entries| {
            entries
                .flatten()
                .any(|e| is_html_name(&e.path()) && e.path().is_file())
        })
    })
}

fn is_html_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}
