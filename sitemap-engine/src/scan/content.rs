//! A Zola or Hugo content tree: the site opened as its generator reads
//! it, its pages through the source layer, and the list-page rule
//! (the home page, sections, taxonomies, terms and pagers take the newest
//! lastmod of the pages their generator lists on them).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use sitemap_content::{ContentScan, Site, SiteOptions, XDefault};
use sitemap_core::{Lastmod, Loc, Url};
use sitemap_pages::images::{ImageCounts, ImageRules, PageImages};
use sitemap_pages::pipeline::{Pipeline, SourceConfig};

use super::{LeftOut, Scan, ScanOptions};
use crate::error::Error;
use crate::ledger::{LedgerRun, source_fingerprint, with_deps};

pub(super) fn scan(root: &Path, options: &ScanOptions<'_>) -> Result<Scan, Error> {
    (options.progress)("scanning content");
    let s = &options.resolved.settings;
    let site_options = SiteOptions::default()
        .with_flavor(s.flavor)
        .with_base_url(s.base_url.clone())
        .with_drafts(options.config.include_drafts)
        // A folder the scan cannot read is an error unless these leave
        // it out.
        .with_exclude(options.config.exclude.clone())
        // Page bodies are read only when images are listed.
        .with_images((s.images == Some(true)).then(|| s.image_keys.clone().unwrap_or_default()))
        .with_x_default(
            s.x_default
                .as_deref()
                .map_or(XDefault::DefaultLanguage, XDefault::parse),
        )
        .with_file_count(options.files.clone());
    let site = Site::open(root, &site_options)?;
    if let Some(XDefault::Language(code)) = s.x_default.as_deref().map(XDefault::parse)
        && !site.languages.contains(&code)
    {
        return Err(options.resolved.value_error(
            "x-default",
            format!(
                "the site has no language `{code}`; its languages: {}",
                site.languages.join(", ")
            ),
        ));
    }
    let rules = super::image_rules(options.resolved, &site.base_url)?;
    let scan: ContentScan = {
        let _t = crate::timings::phase("read content");
        site.scan()?
    };
    (options.progress)("reading lastmod");
    // With a ledger, every page with a file of its own is fingerprinted;
    // the ledger's dates go in before list pages roll up their members'.
    let bundles = s
        .lastmod_deps
        .as_ref()
        .is_some_and(|d| d.contains(&crate::LastmodDep::Bundle));
    let fingerprints_timing = crate::timings::phase("ledger fingerprints");
    let fingerprints: HashMap<Loc, u64> = match options.ledger {
        Some(_) => scan
            .pages
            .iter()
            .filter_map(|cp| {
                let own = source_fingerprint(cp.source.as_ref()?).ok()?;
                // What counts towards a page's lastmod counts as its content.
                let deps = if bundles {
                    site.bundle_resources(cp)
                } else {
                    Vec::new()
                };
                let deps = deps.iter().map(|d| d.as_path());
                Some((cp.loc.clone(), with_deps(own, deps)))
            })
            .collect(),
        None => HashMap::new(),
    };
    drop(fingerprints_timing);
    let ledger = options.ledger.map(|l| (l, &fingerprints));
    let pipeline_timing = crate::timings::phase("pages to entries");

    let bundles = s
        .lastmod_deps
        .as_ref()
        .is_some_and(|d| d.contains(&crate::LastmodDep::Bundle));
    let (output, images) = content_output(
        &site,
        &scan,
        site_config(&site, options),
        bundles,
        ledger,
        rules.as_ref(),
    )?;
    drop(pipeline_timing);

    let rel = |p: &Path| p.strip_prefix(&site.root).unwrap_or(p).to_path_buf();
    let mut left_out: Vec<LeftOut> = scan
        .excluded
        .iter()
        .map(|e| {
            let mut e = e.clone();
            e.path = rel(&e.path);
            e
        })
        .collect();
    left_out.extend(output.excluded.iter().cloned());
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
            .chain(scan.excluded.iter().map(|e| &e.path))
        {
            read.insert(source.clone());
        }
    }
    let files_read = scan.files_read;
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
        images,
        before_write: Vec::new(),
        write_refused: None,
        generator_sitemap: crate::generator_sitemap::GeneratorSitemap::of(&site),
        site_layer: site_layer(&site),
        site: crate::SiteInfo {
            title: site.title.clone(),
            description: site.description.clone(),
            sections: Default::default(),
            built: None,
        },
        retained: super::Retained::new(scan),
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

/// A content tree's pages through the source pipeline (overrides,
/// filters, lastmod precedence), with the list-page rule applied: the
/// home page, sections, taxonomies, terms and their pagers take the
/// newest `lastmod` of the pages listed on them (`roll_up_lastmod`). With
/// `bundles`, a page bundle's resources count towards its lastmod. With
/// `images` rules, each page's images (read by the walk) are resolved
/// against its URL, and counted.
pub(crate) fn content_output(
    site: &sitemap_content::Site,
    scan: &sitemap_content::ContentScan,
    config: SourceConfig,
    bundles: bool,
    ledger: Option<(&LedgerRun, &HashMap<Loc, u64>)>,
    images: Option<&ImageRules>,
) -> Result<(sitemap_pages::pipeline::Output, ImageCounts), sitemap_pages::Error> {
    use sitemap_pages::pipeline::Page as SourcePage;

    let rel = |p: &Path| p.strip_prefix(&site.root).unwrap_or(p).to_path_buf();
    let config_rel = rel(&site.config_path);
    // The content scan has already read each page's overrides (on its
    // walker threads): what is left is copying, spread over the cores
    // since on a large site it is a few allocations per page.
    // Hugo's `[sitemap]` (per language) lies under the user's own
    // `changefreq`/`priority`: it counts only where those are unset, and a
    // page's front matter wins over it key by key, as in Hugo.
    let (user_changefreq, user_priority) = (config.changefreq, config.priority);
    let convert = |chunk: &[sitemap_content::ContentPage]| -> (Vec<SourcePage>, ImageCounts) {
        let mut counts = ImageCounts::default();
        let pages = chunk
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
                let mut page = page.with_alternates(cp.alternates.clone()).with_deps(deps);
                if let (Some(rules), Some(found)) = (images, &cp.images) {
                    let mut shown = PageImages::default();
                    for front in &found.front {
                        front.add_to(rules, &cp.loc, &site.base_url, &mut shown);
                    }
                    found.body.add_to(rules, &cp.loc, &mut shown);
                    if overrides.images == Some(false) {
                        // Nothing listed, nothing left out but the page.
                        if !shown.images().is_empty() {
                            counts.pages_off += 1;
                        }
                    } else {
                        let (list, page_counts) = shown.finish();
                        counts.add(page_counts);
                        page = page.with_images(list);
                    }
                }
                page.with_overrides(overrides)
            })
            .collect();
        (pages, counts)
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = scan.pages.len().div_ceil(threads).max(1);
    let mut pages = Vec::with_capacity(scan.pages.len());
    let mut counts = ImageCounts::default();
    std::thread::scope(|s| {
        let handles: Vec<_> = scan
            .pages
            .chunks(chunk)
            .map(|c| s.spawn(move || convert(c)))
            .collect();
        for handle in handles {
            let (chunk, chunk_counts) = handle.join().expect("conversion thread panicked");
            pages.extend(chunk);
            counts.add(chunk_counts);
        }
    });
    let mut output = Pipeline::new(&site.root, config)?.run(pages)?;
    if let Some((ledger, fingerprints)) = ledger {
        ledger.apply(&mut output.urls, fingerprints);
    }
    let own_first = site.flavor == sitemap_content::Flavor::Hugo;
    roll_up_lastmod(&mut output.urls, &scan.pages, own_first);
    Ok((output, counts))
}

/// The source settings for this site: a lastmod order the site
/// configures (Hugo's `[frontmatter] lastmod`) is the default precedence,
/// under the `lastmod` key of every skin, with `:git` read as the
/// author's date as Hugo reads it (unless `git.date` says otherwise).
fn site_config(site: &sitemap_content::Site, options: &ScanOptions<'_>) -> SourceConfig {
    use sitemap_pages::lastmod::{GitDate, LastmodSource};
    let s = &options.resolved.settings;
    let mut config = options.config.clone();
    if let Some(order) = site.lastmod_order()
        && s.lastmod.is_none()
    {
        let git_allowed = options.config.lastmod.contains(&LastmodSource::Git);
        config.lastmod = order.precedence.clone();
        if !git_allowed {
            config.lastmod.retain(|l| *l != LastmodSource::Git);
        }
        if order.uses_git() && s.git.date.is_none() {
            config.git.date = GitDate::Author;
        }
    }
    config
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
/// section, a taxonomy or a term takes the newest `lastmod` of the pages
/// the generator lists on it (`member_of`, whatever their URLs: Hugo
/// `permalinks` put `/posts/` pages under `/2024/05/`) and of its own
/// `_index` file; a pager takes its list's. A list page without a
/// content file of its own counts only its members, never the
/// configuration file's date. Only members in the sitemap count: a page
/// left out has no lastmod here. The same rule as `sitemap scan`.
/// With `own_first` (Hugo), a list page whose own file gives it a
/// lastmod keeps that one, as Hugo 0.111.3 does (its sections take their
/// pages' dates only when their own are all zero; with `enableGitInfo`
/// every `_index` file has its own): only list pages without one take
/// their members'. `urls` is sorted by `loc`.
fn roll_up_lastmod(urls: &mut [Url], pages: &[sitemap_content::ContentPage], own_first: bool) {
    use sitemap_content::PageKind;
    // Each page's URL index, by merging the pages sorted by loc with the
    // sorted URLs: no URL text is hashed or copied, which on a site of
    // 100,000 pages was a tenth of the work left after the parallel walk.
    let mut by_loc: Vec<(&str, u32)> = pages
        .iter()
        .enumerate()
        .map(|(i, p)| (p.loc.as_str(), i as u32))
        .collect();
    if !by_loc.is_sorted_by(|a, b| a.0 <= b.0) {
        by_loc.sort_by(|a, b| a.0.cmp(b.0));
    }
    const NONE: u32 = u32::MAX;
    let mut url_of = vec![NONE; pages.len()];
    let mut next = 0;
    for (loc, page) in by_loc {
        while next < urls.len() && urls[next].loc.as_str() < loc {
            next += 1;
        }
        if next < urls.len() && urls[next].loc.as_str() == loc {
            url_of[page as usize] = next as u32;
        }
    }
    // The newest so far, with its start instant kept beside it: a page
    // is a member of several lists, and working out an instant from a
    // civil date-time and offset each time it was compared was 7% of the
    // work after the walk.
    type Newest = Option<(jiff::Timestamp, Lastmod)>;
    let newest = |a: &mut Newest, b: Option<&(jiff::Timestamp, &Lastmod)>| {
        if let Some(&(start, b)) = b
            && a.as_ref().is_none_or(|(best, _)| start > *best)
        {
            *a = Some((start, b.clone()));
        }
    };
    let is_list = |kind: PageKind| {
        matches!(
            kind,
            PageKind::Home | PageKind::Section | PageKind::Taxonomy | PageKind::Term
        )
    };
    // The rolled-up lastmod of each list page, by URL index: its own
    // file's to start with.
    let mut rolled: Vec<Option<Newest>> = vec![None; urls.len()];
    for (page, &u) in pages.iter().zip(&url_of) {
        if u != NONE && is_list(page.kind) {
            let own = page.source.as_ref().and(urls[u as usize].lastmod.as_ref());
            rolled[u as usize] = Some(own.map(|l| (l.start(), l.clone())));
        }
    }
    let dated_by_own: Vec<bool> = rolled.iter().map(|r| matches!(r, Some(Some(_)))).collect();
    // Members count with their own lastmod, not their rolled one: each
    // names every list above it, so nothing is counted twice over.
    for (page, &u) in pages.iter().zip(&url_of) {
        if u == NONE || page.member_of.is_empty() {
            continue;
        }
        let own = if is_list(page.kind) && page.source.is_none() {
            None
        } else {
            urls[u as usize].lastmod.as_ref().map(|l| (l.start(), l))
        };
        for &list in &page.member_of {
            let l = url_of[list as usize];
            if l != NONE
                && l != u
                && !(own_first && dated_by_own[l as usize])
                && let Some(best) = &mut rolled[l as usize]
            {
                newest(best, own.as_ref());
            }
        }
    }
    for (page, &u) in pages.iter().zip(&url_of) {
        if u == NONE || page.kind != PageKind::Pagination {
            continue;
        }
        let list = page.pager_of.map_or(NONE, |p| url_of[p as usize]);
        urls[u as usize].lastmod = if list == NONE {
            None
        } else {
            rolled[list as usize].clone().flatten().map(|(_, l)| l)
        };
    }
    for (url, lastmod) in urls.iter_mut().zip(rolled) {
        if let Some(lastmod) = lastmod {
            url.lastmod = lastmod.map(|(_, l)| l);
        }
    }
}
