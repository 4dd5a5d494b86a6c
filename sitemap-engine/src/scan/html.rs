//! A built HTML folder of any generator: its pages as published (robots
//! meta, canonical, redirect stubs), dates from their markup, or from a
//! source folder the user names (`html-source`): built files' mtimes are
//! the build's time, never a page's. With `images`, each page's images
//! come from its main content (`sitemap_html`'s rules), `og:image` with
//! `og-image`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use sitemap_core::Loc;

use super::{Scan, ScanOptions, base_url_setting};
use crate::error::Error;
use crate::ledger::html_fingerprint;

pub(super) fn scan(dir: &Path, options: &ScanOptions<'_>) -> Result<Scan, Error> {
    (options.progress)("scanning HTML");
    let s = &options.resolved.settings;
    let Some(base) = base_url_setting(options.resolved)? else {
        return Err(Error::job(
            format!(
                "{}: a built HTML folder has no configuration to take the base URL from",
                dir.display()
            ),
            "pass --base-url https://example.org/ (or set `base-url` in sitemap.toml, `.base_url(..)` in build.rs)",
        ));
    };
    let mut html_options = sitemap_html::HtmlOptions::new(base.clone())
        .with_exclude(options.config.exclude.iter().cloned())
        .with_clean_urls(s.clean_urls.unwrap_or(false))
        .with_file_count(options.files.clone());
    if let Some(style) = s.trailing_slash {
        html_options = html_options.with_trailing_slash(style);
    }
    if let Some(rules) = super::image_rules(options.resolved, &base)? {
        html_options = html_options
            .with_images(rules)
            .with_og_image(s.og_image.unwrap_or(false));
    }
    let mut warnings = Vec::new();
    let mut used_git = false;
    if let Some(source_dir) = &s.html_source {
        let mirror = sitemap_html::SourceMirror::read(source_dir, options.config.clone())?;
        warnings.extend(mirror.warnings().iter().cloned());
        html_options = html_options.with_source_lastmod(mirror);
        used_git = true;
    }
    let mut found = sitemap_html::scan(dir, &html_options)?;
    if let Some(ledger) = options.ledger {
        let fingerprints: HashMap<Loc, u64> = found
            .urls
            .iter()
            .filter_map(|u| {
                let file = built_file(dir, &base, &u.loc)?;
                Some((u.loc.clone(), html_fingerprint(&file).ok()?))
            })
            .collect();
        ledger.apply(&mut found.urls, &fingerprints);
    }
    warnings.extend(
        found
            .warnings
            .iter()
            .map(|w| format!("{}: {}", w.path.display(), w.kind)),
    );
    // A page left out for its URL is named, not only counted: the user
    // would otherwise never find which file it was.
    warnings.extend(
        found
            .excluded
            .iter()
            .filter(|e| matches!(e.reason, sitemap_html::Reason::BadLoc { .. }))
            .map(|e| {
                format!(
                    "{}: {}; left out",
                    e.path.display().to_string().escape_debug(),
                    e.reason
                )
            }),
    );
    let left_out: Vec<_> = found
        .excluded
        .iter()
        .map(|e| {
            let mut e = e.clone();
            e.path = e.path.strip_prefix(dir).unwrap_or(&e.path).to_path_buf();
            e
        })
        .collect();
    if !options.config.exclude.is_empty() {
        let listed = found.urls.iter().filter_map(|u| {
            let file = built_file(dir, &base, &u.loc)?;
            Some(
                file.strip_prefix(dir)
                    .ok()?
                    .to_string_lossy()
                    .replace('\\', "/"),
            )
        });
        warnings.extend(super::unmatched::source_patterns(
            options.resolved,
            dir,
            listed.collect::<Vec<_>>(),
            &left_out,
            &format!("file paths relative to the HTML folder {}", dir.display()),
        ));
    }
    Ok(Scan {
        #[cfg(feature = "html")]
        build: None,
        html_dir: None,
        files_read: found.files_read.len(),
        generator: None,
        read: if options.track_reads {
            found.files_read.iter().cloned().collect()
        } else {
            Default::default()
        },
        watch_dirs: vec![dir.to_path_buf()],
        warnings,
        urls: found.urls,
        base_url: Some(base),
        base_url_from: None,
        default_out: Some(dir.to_path_buf()),
        left_out,
        // Titles come from the built pages themselves.
        sources: Default::default(),
        used_git,
        images: found.images,
        before_write: Vec::new(),
        write_refused: None,
        generator_sitemap: None,
        site_layer: None,
        site: crate::human::SiteInfo {
            built: Some(dir.to_path_buf()),
            ..Default::default()
        },
        hosts: Vec::new(),
        built_pages_checked: None,
    })
}

/// The built file a listed URL was made from: the path under the base URL
/// (percent escapes decoded) as a file, a folder's `index.html`, or with
/// `.html` added back (clean URLs).
pub(super) fn built_file(dir: &Path, base: &Loc, loc: &Loc) -> Option<PathBuf> {
    let rel = loc.as_str().strip_prefix(base.as_str())?;
    let rel = crate::human::percent_decode(rel);
    let candidates = if rel.is_empty() || rel.ends_with('/') {
        vec![format!("{rel}index.html")]
    } else {
        vec![
            rel.clone(),
            format!("{rel}.html"),
            format!("{rel}/index.html"),
        ]
    };
    candidates
        .into_iter()
        .map(|c| dir.join(c))
        .find(|p| p.is_file())
}
