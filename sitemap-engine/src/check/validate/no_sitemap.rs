//! `validate --site DIR` with no sitemap in `DIR`: said first, with the
//! command that writes one. The site check used to run anyway and asked
//! for `--base-url` (it takes the base URL from the set), as if that were
//! what was missing.
//!
//! A folder has no sitemap when its search finds no `sitemap*` file and no
//! robots.txt with a `Sitemap:` line (which may name a sitemap by another
//! name).

use std::path::{Path, PathBuf};

use crate::check::site_check::show;
use crate::error::Error;

/// A robots.txt is read up to this many bytes for a `Sitemap:` line (as
/// Google reads 500 KiB of one).
const ROBOTS_READ: u64 = 512 << 10;

/// The error for the site folder `dir` whose search found `found`, when
/// none of it is or names a sitemap.
pub(super) fn check(dir: &Path, found: &[PathBuf]) -> Result<(), Error> {
    let names_a_sitemap = |path: &PathBuf| {
        let robots = path
            .file_name()
            .is_some_and(|n| n.eq_ignore_ascii_case("robots.txt"));
        !robots
            || sitemap_core::input::read_regular_text(path, ROBOTS_READ).is_ok_and(|text| {
                text.lines()
                    .any(|l| l.trim_start().to_ascii_lowercase().starts_with("sitemap:"))
            })
    };
    if found.iter().any(names_a_sitemap) {
        return Ok(());
    }
    Err(Error::Job {
        message: format!(
            "no sitemap found in {} (no sitemap*.xml, sitemap*.xml.gz or sitemap*.txt, and no robots.txt `Sitemap:` line): there is no set to check the site against",
            show(dir)
        ),
        hint: hint(dir),
    })
}

/// The command that writes the set: the scan of the project the folder is
/// built from, else of the folder itself.
fn hint(dir: &Path) -> String {
    let shown = show(dir);
    let project = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let has = |name: &str| project.join(name).exists();
    if has("book.toml") {
        return format!(
            "run `sitemap mdbook {}` first (or build the book with the mdbook-sitemap plugin)",
            show(project)
        );
    }
    let generator = [
        "zola.toml",
        "hugo.toml",
        "hugo.yaml",
        "hugo.json",
        "config.toml",
        "config.yaml",
        "config.json",
        "config/_default",
    ];
    if generator.iter().any(|name| has(name)) {
        let command = match show(project).as_str() {
            "." => "sitemap scan".to_owned(),
            other => format!("sitemap scan {other}"),
        };
        return format!("run `{command}` first, then validate");
    }
    format!(
        "run `sitemap scan --html {shown} --base-url https://example.org/` first (your site's address), then validate"
    )
}
