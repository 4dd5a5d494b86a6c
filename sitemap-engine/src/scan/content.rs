//! A Zola or Hugo content tree: the site opened as its generator reads
//! it, its pages through the source layer, and the list-page rule
//! (sections, the home page and pagers take the newest lastmod of the
//! pages under them).

use std::path::{Path, PathBuf};

use sitemap_content::{ContentScan, Site, SiteOptions};
use sitemap_core::{Lastmod, Url};
use sitemap_source::pipeline::{Pipeline, SourceConfig};

use super::{LeftOut, Scan, ScanOptions};
use crate::error::Error;

pub(super) fn scan(root: &Path, options: &ScanOptions<'_>) -> Result<Scan, Error> {
    let s = &options.resolved.settings;
    let flavor = match s.flavor {
        Some(crate::Flavor::Zola) => Some(sitemap_content::Flavor::Zola),
        Some(crate::Flavor::Hugo) => Some(sitemap_content::Flavor::Hugo),
        _ => None,
    };
    let site_options = SiteOptions::default()
        .with_flavor(flavor)
        .with_base_url(s.base_url.clone())
        .with_drafts(options.config.include_drafts)
        // A folder the scan cannot read is an error unless these leave
        // it out.
        .with_exclude(options.config.exclude.clone());
    let site = Site::open(root, &site_options)?;
    let scan: ContentScan = site.scan()?;
    (options.progress)("reading lastmod");
    let bundles = s
        .lastmod_deps
        .as_ref()
        .is_some_and(|d| d.contains(&crate::LastmodDep::Bundle));
    let output = content_output(&site, &scan, options.config.clone(), bundles)?;

    let rel = |p: &Path| p.strip_prefix(&site.root).unwrap_or(p).to_path_buf();
    let mut left_out: Vec<LeftOut> = scan
        .excluded
        .iter()
        .map(|e| LeftOut {
            path: rel(&e.source),
            label: e.reason.as_str().to_owned(),
            detail: e.reason.as_str().to_owned(),
        })
        .collect();
    left_out.extend(output.excluded.iter().map(|e| LeftOut {
        path: e.source.clone(),
        label: exclusion_label(&e.reason).to_owned(),
        detail: format!("{} ({})", e.reason, e.loc),
    }));
    left_out.sort_by(|a, b| a.path.cmp(&b.path));
    let mut warnings: Vec<String> = scan
        .warnings
        .iter()
        .map(|w| {
            let w = w.to_string();
            w.strip_prefix("./").map(str::to_owned).unwrap_or(w)
        })
        .collect();
    warnings.extend(output.warnings.iter().map(|w| w.to_string()));
    let sources = if options.want_sources {
        scan.pages
            .iter()
            .filter_map(|cp| Some((cp.loc.clone(), cp.source.clone()?)))
            .collect()
    } else {
        Default::default()
    };
    let mut read = std::collections::BTreeSet::new();
    if options.track_reads {
        read.extend(config_files(&site));
        for source in scan
            .pages
            .iter()
            .filter_map(|p| p.source.as_ref())
            .chain(scan.excluded.iter().map(|e| &e.source))
        {
            read.insert(source.clone());
        }
    }
    let files_read = scan.files_read;
    // The process ends soon after the sitemap is written: freeing every
    // page (path, URL, language) one by one would cost the main thread
    // time on a large site for nothing.
    std::mem::forget(scan);
    Ok(Scan {
        urls: output.urls,
        base_url: Some(site.base_url.clone()),
        default_out: Some(site.output_dir.clone()),
        files_read,
        read,
        // A new page is a new file no list names yet: a build script
        // watches the whole content folder for it.
        watch_dirs: vec![site.content_dir.clone()],
        left_out,
        warnings,
        sources,
        used_git: true,
        site_layer: site_layer(&site),
    })
}

/// The generator's own settings that the job reads: Hugo's
/// `[sitemap] filename` (its `changefreq` and `priority` are applied per
/// page, above).
fn site_layer(site: &Site) -> Option<crate::Layer> {
    let settings = crate::Settings {
        filename: Some(site.sitemap.filename.clone()?),
        ..crate::Settings::default()
    };
    Some(crate::Layer::new(
        settings,
        crate::Origin::Site {
            path: site.config_path.clone(),
        },
    ))
}

fn exclusion_label(reason: &sitemap_source::overrides::Exclusion) -> &'static str {
    use sitemap_source::overrides::Exclusion;
    match reason {
        Exclusion::Draft => "draft",
        Exclusion::SitemapDisabled { .. } => "sitemap disabled",
        Exclusion::Noindex { .. } => "noindex",
        Exclusion::NotRendered { .. } => "build options",
        Exclusion::Filtered { .. } => "--exclude",
        Exclusion::NotIncluded => "not in --include",
        _ => "other",
    }
}

/// A content tree's pages through the source pipeline (overrides,
/// filters, lastmod precedence), with the list-page rule applied: the
/// home page, sections and their pagers take the newest `lastmod` of the
/// pages under them; generated taxonomy and term pages get none. With
/// `bundles`, a page bundle's resources count towards its lastmod.
pub(crate) fn content_output(
    site: &sitemap_content::Site,
    scan: &sitemap_content::ContentScan,
    config: SourceConfig,
    bundles: bool,
) -> Result<sitemap_source::pipeline::Output, sitemap_source::Error> {
    use sitemap_source::pipeline::Page as SourcePage;

    let rel = |p: &Path| p.strip_prefix(&site.root).unwrap_or(p).to_path_buf();
    let config_rel = rel(&site.config_path);
    // The content scan has already read each page's overrides (on its
    // walker threads): what is left is copying, spread over the cores
    // since on a large site it is a few allocations per page.
    // Hugo's `[sitemap]` (per language) lies under the user's own
    // `changefreq`/`priority`: it counts only where those are unset, and a
    // page's front matter wins over it key by key, as in Hugo.
    let (user_changefreq, user_priority) = (config.changefreq, config.priority);
    let convert = |chunk: &[sitemap_content::ContentPage]| -> Vec<SourcePage> {
        chunk
            .iter()
            .map(|cp| {
                let mut overrides = cp.overrides.clone();
                let site_table = site.sitemap_for(&cp.lang);
                if user_changefreq.is_none() {
                    overrides.changefreq = overrides.changefreq.or(site_table.changefreq);
                }
                if user_priority.is_none() {
                    overrides.priority = overrides.priority.or(site_table.priority);
                }
                let page = match &cp.source {
                    Some(source) => SourcePage::new(rel(source), cp.loc.clone()),
                    // Generated pages (pagination, taxonomies, a home page
                    // with no _index.md) name the configuration they come
                    // from.
                    None => SourcePage::new(config_rel.clone(), cp.loc.clone()),
                };
                let deps = if bundles {
                    site.bundle_resources(cp).iter().map(|p| rel(p)).collect()
                } else {
                    Vec::new()
                };
                page.with_overrides(overrides)
                    .with_alternates(cp.alternates.clone())
                    .with_deps(deps)
            })
            .collect()
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = scan.pages.len().div_ceil(threads).max(1);
    let mut pages = Vec::with_capacity(scan.pages.len());
    std::thread::scope(|s| {
        let handles: Vec<_> = scan
            .pages
            .chunks(chunk)
            .map(|c| s.spawn(move || convert(c)))
            .collect();
        for handle in handles {
            pages.extend(handle.join().expect("conversion thread panicked"));
        }
    });
    let mut output = Pipeline::new(&site.root, config)?.run(pages)?;
    roll_up_lastmod(&mut output.urls, &scan.pages);
    Ok(output)
}

/// The configuration files a site's [`Site::open`](sitemap_content::Site::open)
/// reads: the root file, and for Hugo every TOML/YAML/JSON file of
/// `config/_default/` and `config/production/`.
fn config_files(site: &sitemap_content::Site) -> Vec<PathBuf> {
    let mut files = Vec::new();
    if site.config_path.is_file() {
        files.push(site.config_path.clone());
    }
    if site.flavor == sitemap_content::Flavor::Hugo {
        for env in ["_default", "production"] {
            let dir = site.root.join("config").join(env);
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
                if matches!(ext, "toml" | "yaml" | "yml" | "json") {
                    files.push(path);
                }
            }
        }
    }
    files
}

/// List pages change when what they list changes: the home page, a
/// section and its pagers take the newest `lastmod` of the pages under
/// their URL (or their own `_index` file's, if newer); a taxonomy or term
/// page without a content file of its own gets none rather than the
/// configuration file's date. The same rule as `sitemap scan`. `urls` is
/// sorted by `loc`.
fn roll_up_lastmod(urls: &mut [Url], pages: &[sitemap_content::ContentPage]) {
    use sitemap_content::PageKind;
    // Each URL's page kind (and whether it has a content file of its own),
    // by merging the pages sorted by loc with the sorted URLs: no URL text
    // is hashed or copied, which on a site of 100,000 pages was a tenth of
    // the work left after the parallel walk. Among pages sharing a loc the
    // last one counts.
    let mut by_loc: Vec<(&str, PageKind, bool)> = pages
        .iter()
        .map(|p| (p.loc.as_str(), p.kind, p.source.is_some()))
        .collect();
    by_loc.sort_by(|a, b| a.0.cmp(b.0));
    let mut info: Vec<Option<(PageKind, bool)>> = Vec::with_capacity(urls.len());
    let mut next = 0;
    for url in urls.iter() {
        let loc = url.loc.as_str();
        while next < by_loc.len() && by_loc[next].0 < loc {
            next += 1;
        }
        let mut found = None;
        while next < by_loc.len() && by_loc[next].0 == loc {
            found = Some((by_loc[next].1, by_loc[next].2));
            next += 1;
        }
        info.push(found);
    }
    let newest = |a: Option<Lastmod>, b: Option<&Lastmod>| -> Option<Lastmod> {
        match (a, b) {
            (Some(a), Some(b)) => Some(if b.start() > a.start() { b.clone() } else { a }),
            (a, b) => a.or_else(|| b.cloned()),
        }
    };
    // The rolled-up lastmod of each list page, by URL index.
    let mut rolled: Vec<Option<Option<Lastmod>>> = vec![None; urls.len()];
    for i in 0..urls.len() {
        let Some((kind, has_source)) = info[i] else {
            continue;
        };
        match kind {
            PageKind::Home | PageKind::Section => {
                let mut best = if has_source {
                    urls[i].lastmod.clone()
                } else {
                    None
                };
                // Sorted by loc, so the pages under this URL follow it.
                let loc = urls[i].loc.as_str();
                for (u, k) in urls[i..]
                    .iter()
                    .zip(&info[i..])
                    .take_while(|(u, _)| u.loc.as_str().starts_with(loc))
                {
                    if matches!(k, Some((PageKind::Page, _))) {
                        best = newest(best, u.lastmod.as_ref());
                    }
                }
                rolled[i] = Some(best);
            }
            PageKind::Taxonomy | PageKind::Term if !has_source => rolled[i] = Some(None),
            _ => {}
        }
    }
    for i in 0..urls.len() {
        if let Some((PageKind::Pagination, _)) = info[i] {
            // `…/section/page/3/`: the section is two segments up.
            let trimmed = urls[i].loc.as_str().trim_end_matches('/');
            let parent = trimmed.rsplitn(3, '/').nth(2).map(|p| format!("{p}/"));
            let lastmod = parent
                .and_then(|p| urls.binary_search_by(|u| u.loc.as_str().cmp(&p)).ok())
                .and_then(|k| rolled[k].clone())
                .flatten();
            urls[i].lastmod = lastmod;
        } else if let Some(lastmod) = &rolled[i] {
            urls[i].lastmod = lastmod.clone();
        }
    }
}
