//! Pages a caller lists (a build script's list, an mdBook's chapters)
//! through the source layer: overrides, filters and the lastmod
//! precedence, as for a content tree.
//!
//! With `images`, a page whose source is Markdown (`.md`, `.markdown`)
//! and that carries no images of its own is read whole and its images
//! resolved against its URL: an mdBook chapter `src/guide/x.md` is
//! `guide/x.html`, so `img/a.png` there is `guide/img/a.png`, where mdBook
//! copies it. mdBook's `{{#include}}` is not expanded: an image in an
//! included file is not listed.

use std::collections::HashMap;
use std::path::PathBuf;

use sitemap_core::Image;
use sitemap_pages::images::markdown::{Dialect, MAX_PAGE_BYTES, markdown_images};
use sitemap_pages::images::{ImageCounts, ImageRules, PageImages};
use sitemap_pages::pipeline::{Page, Pipeline};

use super::{PageList, Scan, ScanOptions, base_url_setting};
use crate::error::Error;
use crate::ledger::{source_fingerprint, with_deps};

/// `against` names what `include` and `exclude` are matched against (the
/// pages' source paths, relative to what).
pub(super) fn scan(
    list: &PageList,
    options: &ScanOptions<'_>,
    against: &str,
) -> Result<Scan, Error> {
    let base = base_url_setting(options.resolved)?;
    let root = &list.root;
    let mut read = std::collections::BTreeSet::new();
    let mut sources = HashMap::new();
    let mut files_read = 0;
    for page in &list.pages {
        let path = root.join(&page.source);
        // A page without a file has a made-up name (`<page 3>`).
        if path.is_file() {
            files_read += 1;
            if options.track_reads {
                read.insert(path.clone());
            }
            if options.want_sources {
                sources.insert(page.loc.clone(), path);
            }
        }
    }
    let order: HashMap<_, _> = if list.keep_order {
        list.pages
            .iter()
            .enumerate()
            .map(|(i, p)| (p.loc.clone(), i))
            .rev()
            .collect()
    } else {
        HashMap::new()
    };
    let mut pages = list.pages.clone();
    let mut warnings = Vec::new();
    let site = base
        .clone()
        .or_else(|| pages.first().map(|p| p.loc.clone()));
    let rules = match &site {
        Some(site) => super::image_rules(options.resolved, site)?,
        None => None,
    };
    let mut image_counts = ImageCounts::default();
    if let Some(rules) = &rules {
        for page in &mut pages {
            // Its images would be dropped by the pipeline: not read, and
            // counted as a page that turned them off, as content trees do.
            if page.overrides.images == Some(false) {
                image_counts.pages_off += 1;
                continue;
            }
            if let Some((images, counts)) = markdown_page_images(root, page, rules, &mut warnings) {
                image_counts.add(counts);
                page.images = images;
            }
        }
    }
    let output = Pipeline::new(root, options.config.clone())?.run(pages)?;
    warnings.extend(super::unmatched::source_patterns(
        options.resolved,
        root,
        list.pages
            .iter()
            .map(|p| p.source.to_string_lossy().replace('\\', "/")),
        &output.excluded,
        against,
    ));
    let mut urls = output.urls;
    if let Some(ledger) = options.ledger {
        let fingerprints: HashMap<_, _> = list
            .pages
            .iter()
            .filter_map(|p| {
                let own = source_fingerprint(&root.join(&p.source)).ok()?;
                let deps: Vec<PathBuf> = p.deps.iter().map(|d| root.join(d)).collect();
                Some((
                    p.loc.clone(),
                    with_deps(own, deps.iter().map(PathBuf::as_path)),
                ))
            })
            .collect();
        ledger.apply(&mut urls, &fingerprints);
    }
    for url in &mut urls {
        if let Some(l) = list.fixed_lastmod.get(&url.loc) {
            url.lastmod = Some(l.clone());
        }
    }
    if list.keep_order {
        // The source layer sorts by loc; this order is just as
        // deterministic and is the one the caller chose.
        urls.sort_by_key(|u| order.get(&u.loc).copied().unwrap_or(usize::MAX));
    }
    Ok(Scan {
        #[cfg(feature = "html")]
        build: None,
        html_dir: None,
        files_read,
        generator: None,
        read,
        watch_dirs: Vec::new(),
        warnings: warnings
            .into_iter()
            .chain(output.warnings.iter().map(ToString::to_string))
            .collect(),
        left_out: output.excluded.clone(),
        urls,
        base_url: base,
        base_url_from: None,
        default_out: None,
        sources,
        used_git: true,
        images: image_counts,
        before_write: Vec::new(),
        write_refused: None,
        generator_sitemap: None,
        site_layer: None,
        site: Default::default(),
        hosts: Vec::new(),
        built_pages_checked: None,
    })
}

/// The images of a Markdown page without images of its own, or `None`
/// (not Markdown, no file, images given, or a file too large or not
/// UTF-8, which is a warning naming it).
fn markdown_page_images(
    root: &std::path::Path,
    page: &Page,
    rules: &ImageRules,
    warnings: &mut Vec<String>,
) -> Option<(Vec<Image>, ImageCounts)> {
    let ext = page.source.extension().and_then(|e| e.to_str())?;
    if !page.images.is_empty() || !matches!(ext, "md" | "markdown") {
        return None;
    }
    let path = root.join(&page.source);
    if !path.is_file() {
        return None;
    }
    let text = match sitemap_core::input::read_regular_text(&path, MAX_PAGE_BYTES) {
        Ok(text) => text,
        Err(e) => {
            warnings.push(format!(
                "{}: {e}: its images are not listed",
                page.source.display()
            ));
            return None;
        }
    };
    // A bad front matter block is the source layer's error to report.
    let body = sitemap_pages::front_matter::parse(&page.source, &text)
        .map_or(text.as_str(), |fm| fm.body(&text));
    let mut shown = PageImages::default();
    markdown_images(body, Dialect::MdBook).add_to(rules, &page.loc, &mut shown);
    Some(shown.finish())
}
