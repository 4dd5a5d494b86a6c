//! A Zola or Hugo content tree: the site opened as its generator reads
//! it, its pages through the source layer, and the list-page rule
//! (the home page, sections, taxonomies, terms and pagers take the newest
//! lastmod of the pages their generator lists on them).

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use sitemap_content::{ContentPage, ContentScan, Flavor, PageKind, Site, SiteOptions, XDefault};
use sitemap_core::{Diagnostic, Loc};
use sitemap_hugo::HugoVersion;
use sitemap_pages::images::{ImageCounts, ImageRules, PageImages};
use sitemap_pages::pipeline::{Pipeline, SourceConfig};

use super::{LeftOut, Scan, ScanOptions};
use crate::error::Error;
use crate::ledger::{LedgerRun, source_fingerprint, with_deps};

mod roll_up;
mod site_info;

pub(super) fn scan(root: &Path, options: &ScanOptions<'_>) -> Result<Scan, Error> {
    (options.progress)("scanning content");
    let s = &options.resolved.settings;
    let hugo_version = hugo_version(options)?;
    // Checked here, where the settings know which file, line or flag set
    // it: the site reader would blame its own config file.
    super::base_url_setting(options.resolved)?;
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
    let site = open_site(root, &site_options, hugo_version)?;
    if let Some(XDefault::Language(code)) = s.x_default.as_deref().map(XDefault::parse)
        && !site.languages.contains(&code)
    {
        return Err(options.resolved.value_error(
            "x-default",
            format!(
                "the site has no language `{}`; its languages: {}",
                sitemap_core::diagnostic::Name::new(&code),
                site.languages.join(", ")
            ),
        ));
    }
    let rules = super::image_rules(options.resolved, &site.base_url)?;
    let mut scan: ContentScan = {
        let _t = crate::timings::phase("read content");
        site.scan()?
    };
    (options.progress)("reading lastmod");
    // With a ledger, every page with a file of its own is fingerprinted;
    // the ledger's dates go in before list pages roll up their members'.
    let bundles = s
        .lastmod_deps
        .as_ref()
        .is_some_and(|d| d.contains(&crate::settings::LastmodDep::Bundle));
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
    // What the job reports of the pages' sources is taken before the
    // pages move into the pipeline.
    let sources = if options.want_sources {
        scan.pages
            .iter()
            .filter_map(|cp| Some((cp.loc.clone(), cp.source.clone()?)))
            .collect()
    } else {
        Default::default()
    };
    let site_info = site_info::of(&site, &scan.pages, options.want_sources);
    let pattern_paths = pattern_paths(&site, &scan, &options.config);
    #[cfg(feature = "html")]
    let build = options.build_check.then(|| built_site(&site, &scan));
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
    let pipeline_timing = crate::timings::phase("pages to entries");
    let (output, images) = content_output(
        &site,
        std::mem::take(&mut scan.pages),
        site_config(&site, options),
        bundles,
        ledger,
        rules.as_ref(),
    )?;
    drop(pipeline_timing);

    let (left_out, mut warnings) = reported(&site, &scan, &output);
    if let Some(configured) = &site.configured_base_url {
        warnings.extend(crate::settings::base_url_check::override_warning(
            &site.base_url,
            configured,
            options.resolved,
            &base_url_place(&site),
        ));
    }
    warnings.extend(unmatched(&site, pattern_paths, &left_out, options));
    let files_read = scan.files_read;
    Ok(Scan {
        #[cfg(feature = "html")]
        build,
        html_dir: None,
        urls: output.urls,
        base_url: Some(site.base_url.clone()),
        base_url_from: s.base_url.is_none().then(|| base_url_place(&site)),
        default_out: Some(site.output_dir.clone()),
        files_read,
        generator: site.version_followed(),
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
        generator_sitemap: crate::publish::generator_sitemap::GeneratorSitemap::of(&site),
        site_layer: site_layer(&site),
        site: site_info,
        hosts: hosts_of(&site),
        built_pages_checked: None,
    })
}

/// Opens the site in `root` with its generator's crate: the one
/// `options.flavor` names, else the one its configuration files say.
/// Chosen here, the one place that knows every generator, so that the
/// shared content crate imports none of them.
pub(super) fn open_site(
    root: &Path,
    options: &SiteOptions,
    hugo_version: Option<HugoVersion>,
) -> Result<Site, sitemap_content::Error> {
    let (flavor, config) = sitemap_content::locate(root, options.flavor)?;
    match flavor {
        Flavor::Zola => sitemap_zola::open(root, config, options),
        Flavor::Hugo => sitemap_hugo::open(root, config, options, hugo_version),
        // `locate` finds no configuration for a built folder.
        _ => Err(sitemap_content::Error::NotASite {
            dir: root.to_path_buf(),
        }),
    }
}

/// What `include` and `exclude` are matched against: every page's source
/// from the site root (nothing when neither is set).
fn pattern_paths(site: &Site, scan: &ContentScan, config: &SourceConfig) -> Vec<String> {
    if config.include.is_empty() && config.exclude.is_empty() {
        return Vec::new();
    }
    scan.pages
        .iter()
        .filter_map(|p| p.source.as_deref())
        .map(|p| under(&site.root, p).to_string_lossy().replace('\\', "/"))
        .collect()
}

/// The warnings for `include` and `exclude` patterns that match no page.
fn unmatched(
    site: &Site,
    paths: Vec<String>,
    left_out: &[LeftOut],
    options: &ScanOptions<'_>,
) -> Vec<Diagnostic> {
    let against = "source paths relative to the site root";
    super::unmatched::source_patterns(options.resolved, &site.root, paths, left_out, against)
}

/// Where the base URL came from when no setting gave it, as the reader
/// says: the site's config file and its key (`hugo.toml`, `baseURL`), or
/// no file and the variable (`$HUGO_BASEURL`).
pub(super) fn base_url_place(site: &Site) -> (Option<PathBuf>, String) {
    let path = &site.base_url_from;
    if path.to_string_lossy().starts_with('$') {
        return (None, path.display().to_string());
    }
    let key = match site.flavor {
        sitemap_content::Flavor::Hugo => "baseURL",
        _ => "base_url",
    };
    (Some(path.clone()), key.to_owned())
}

/// A multihost site's hosts, in the languages' order: the default
/// language's first.
fn hosts_of(site: &Site) -> Vec<crate::publish::hosts::Host> {
    site.languages
        .iter()
        .filter_map(|lang| {
            let base = site.hosts.get(lang)?;
            Some(crate::publish::hosts::Host::new(base.clone(), lang))
        })
        .collect()
}

/// What the scan and the pipeline left out (paths from the site root)
/// and what they have to say.
fn reported(
    site: &Site,
    scan: &ContentScan,
    output: &sitemap_pages::pipeline::Output,
) -> (Vec<LeftOut>, Vec<Diagnostic>) {
    let rel = |p: &Path| under(&site.root, p).into_owned();
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
    let mut warnings: Vec<Diagnostic> = scan.warnings.iter().cloned().map(Into::into).collect();
    warnings.extend(output.warnings.iter().map(|w| w.diagnostic()));
    (left_out, warnings)
}

/// The site its generator built, with what the build check needs of the
/// scan: the newest of the files a build reflects (every page's source,
/// every file left out, as a draft turned published, the
/// configuration), the content adapters and the regular pages' URLs.
#[cfg(feature = "html")]
fn built_site(site: &Site, scan: &ContentScan) -> crate::scan::built::Build {
    use crate::scan::built::{Adapter, Build};
    // Nothing built: no source's time is ever asked.
    let built = std::fs::read_dir(&site.output_dir).is_ok_and(|mut d| d.next().is_some());
    let sources = if built {
        config_files(site)
            .into_iter()
            .chain(scan.pages.iter().filter_map(|p| p.source.clone()))
            .chain(scan.excluded.iter().map(|e| e.path.clone()))
            .collect()
    } else {
        Vec::new()
    };
    let adapters = scan
        .adapters
        .iter()
        .map(|a| Adapter {
            section: a.section.clone(),
            file: under(&site.root, &a.file).into_owned(),
            left_out: a.left_out.clone(),
        })
        .collect();
    let leaves = scan
        .pages
        .iter()
        .filter(|p| p.kind == PageKind::Page)
        .map(|p| p.loc.clone())
        .collect();
    let command = match site.flavor {
        sitemap_content::Flavor::Zola => "zola build",
        _ => "hugo",
    };
    Build {
        dir: site.output_dir.clone(),
        site_root: site.root.clone(),
        sources,
        adapters,
        leaves,
        leaf_heads: built && site.templates_may_say_noindex(),
        command,
        pager_path: site.pager_path().map(str::to_owned),
        static_dirs: site.static_dirs(),
    }
}

/// The generator's own settings that the job reads: Hugo's
/// `[sitemap] filename` (its `changefreq` and `priority` are applied per
/// page, above).
fn site_layer(site: &Site) -> Option<crate::settings::Layer> {
    let settings = crate::settings::Settings {
        filename: Some(site.sitemap.filename.clone()?),
        ..crate::settings::Settings::default()
    };
    Some(crate::settings::Layer::new(
        settings,
        crate::settings::Origin::Site {
            path: site.config_path.clone(),
        },
    ))
}

/// A content tree's pages through the source pipeline (overrides,
/// filters, lastmod precedence), with the list-page rule applied: the
/// home page, sections, taxonomies, terms and their pagers take the
/// newest `lastmod` of the pages listed on them ([`roll_up::lastmod`]).
/// With `bundles`, a page bundle's resources count towards its lastmod.
/// With `images` rules, each page's images (read by the walk) are
/// resolved against its URL, and counted.
///
/// The pages are taken, not borrowed: each one's URL, source, overrides
/// and alternates move into the pipeline's page, and that into its
/// entry, in the same buffer, so a large site's pages are never held
/// twice (they were the peak of a scan's memory), and what the roll-up
/// needs of a page after that is kept beside it ([`Listing`]).
pub(crate) fn content_output(
    site: &sitemap_content::Site,
    mut pages: Vec<ContentPage>,
    config: SourceConfig,
    bundles: bool,
    ledger: Option<(&LedgerRun, &HashMap<Loc, u64>)>,
    images: Option<&ImageRules>,
) -> Result<(sitemap_pages::pipeline::Output, ImageCounts), sitemap_pages::Error> {
    use sitemap_pages::pipeline::Page as SourcePage;

    let rel = |p: &Path| under(&site.root, p).into_owned();
    let config_rel = rel(&site.config_path);
    let (shown, counts) = match images {
        Some(rules) => page_images(site, &mut pages, rules),
        None => (Vec::new(), ImageCounts::default()),
    };
    let mut shown = shown.into_iter();
    // Hugo's `[sitemap]` (per language) lies under the user's own
    // `changefreq`/`priority`: it counts only where those are unset, and a
    // page's front matter wins over it key by key, as in Hugo.
    let (user_changefreq, user_priority) = (config.changefreq, config.priority);
    let mut listings = Vec::with_capacity(pages.len());
    // A pager has no file: it goes with its list's, so that `exclude`
    // leaving a section out leaves its pagers out too (`/blog/page/2/`
    // stayed listed when `content/blog/**` was excluded).
    let list_sources: HashMap<u32, PathBuf> = pages
        .iter()
        .filter_map(|cp| cp.pager_of)
        .filter_map(|list| Some((list, pages.get(list as usize)?.source.clone()?)))
        .collect();
    let pages: Vec<SourcePage> = pages
        .into_iter()
        .map(|cp| {
            let deps = if bundles {
                site.bundle_resources(&cp).iter().map(|p| rel(p)).collect()
            } else {
                Vec::new()
            };
            let site_table = site.sitemap_for(&cp.lang);
            let mut overrides = cp.overrides;
            if user_changefreq.is_none() {
                overrides.changefreq = overrides.changefreq.or(site_table.changefreq);
            }
            if user_priority.is_none() {
                overrides.priority = overrides.priority.or(site_table.priority);
            }
            listings.push(Listing {
                kind: cp.kind,
                own_file: cp.source.is_some(),
                member_of: cp.member_of,
                pager_of: cp.pager_of,
            });
            // Generated pages (pagination, taxonomies, a home page with
            // no _index.md) name the configuration they come from.
            let source = cp
                .source
                .as_deref()
                .or_else(|| list_sources.get(&cp.pager_of?).map(PathBuf::as_path))
                .map_or_else(|| config_rel.clone(), rel);
            let mut page = SourcePage::new(source, cp.loc)
                .with_alternates(cp.alternates)
                .with_deps(deps);
            if let Some(Some(list)) = shown.next() {
                page = page.with_images(list);
            }
            page.with_overrides(overrides)
        })
        .collect();
    let mut output = Pipeline::new(&site.root, config)?.run(pages)?;
    if let Some((ledger, fingerprints)) = ledger {
        ledger.apply(&mut output.urls, fingerprints);
    }
    let own_first = site.flavor == sitemap_content::Flavor::Hugo;
    roll_up::lastmod(&mut output.urls, &output.excluded, &listings, own_first);
    Ok((output, counts))
}

/// `path` relative to the site's `root`: below it, or out of it with
/// `..` (`path` itself when neither can be said). The walk joins every
/// path to the root, so the text after the root's and a separator is the
/// answer whenever it has no `.` or empty component for
/// `Path::strip_prefix` to drop; that function parses both paths into
/// components, and was half of turning a large site's pages into entries
/// (perf, 100,000 pages).
fn under<'p>(root: &Path, path: &'p Path) -> Cow<'p, Path> {
    use std::path::is_separator;
    if let (Some(root), Some(text)) = (root.to_str(), path.to_str())
        && !root.is_empty()
        && let Some(rest) = text.strip_prefix(root)
    {
        let rest = if root.ends_with(is_separator) {
            Some(rest)
        } else {
            rest.strip_prefix(is_separator)
        };
        if let Some(rest) = rest
            && rest.split(is_separator).all(|c| !c.is_empty() && c != ".")
        {
            return Cow::Borrowed(Path::new(rest));
        }
    }
    match path.strip_prefix(root) {
        Ok(rest) => Cow::Borrowed(rest),
        // Outside the root (a Hugo mount of `../docs`, whose source is
        // cleaned as Go cleans it): from the root with `..`, as git and
        // the pipeline take every source, so that its history is found.
        Err(_) => pathdiff::diff_paths(path, root).map_or(Cow::Borrowed(path), Cow::Owned),
    }
}

/// What the list-page rule needs of a page once its URL has gone to the
/// pipeline: what kind of page it is, whether it has a file of its own,
/// and the lists it counts towards (indices into the scan's pages, which
/// are in `loc` order, as the pipeline's entries are).
pub(crate) struct Listing {
    kind: PageKind,
    own_file: bool,
    member_of: Vec<u32>,
    pager_of: Option<u32>,
}

/// Each page's images resolved against its URL (`None` for a page
/// without a content file, or whose front matter turns images off),
/// and the counts, worked out on every core: on a large site with
/// images on this is a parse of each URL and a few allocations a page.
/// The references as written are taken from the pages and freed here,
/// on every core too: the bench site's 1.8 million took 0.12 s on one.
fn page_images(
    site: &sitemap_content::Site,
    pages: &mut [ContentPage],
    rules: &ImageRules,
) -> (Vec<Option<Vec<sitemap_core::Image>>>, ImageCounts) {
    let resolve = |chunk: &mut [ContentPage]| {
        let mut counts = ImageCounts::default();
        let lists = chunk
            .iter_mut()
            .map(|cp| {
                let found = cp.images.take()?;
                let mut shown = PageImages::default();
                for front in &found.front {
                    front.add_to(rules, &cp.loc, &site.base_url, &mut shown);
                }
                found.body.add_to(rules, &cp.loc, &mut shown);
                if cp.overrides.images == Some(false) {
                    // Nothing listed, nothing left out but the page.
                    if !shown.images().is_empty() {
                        counts.pages_off += 1;
                    }
                    return None;
                }
                let (list, page_counts) = shown.finish();
                counts.add(page_counts);
                Some(list)
            })
            .collect::<Vec<_>>();
        (lists, counts)
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = pages.len().div_ceil(threads).max(1);
    let mut lists = Vec::with_capacity(pages.len());
    let mut counts = ImageCounts::default();
    std::thread::scope(|s| {
        let handles: Vec<_> = pages
            .chunks_mut(chunk)
            .map(|c| s.spawn(move || resolve(c)))
            .collect();
        for handle in handles {
            let (chunk, chunk_counts) = handle.join().expect("image thread panicked");
            lists.extend(chunk);
            counts.add(chunk_counts);
        }
    });
    (lists, counts)
}

/// The source settings for this site: a lastmod order the site
/// configures (Hugo's `[frontmatter] lastmod`) is the default precedence,
/// under the `lastmod` key of every skin, with `:git` read as the
/// author's date as Hugo reads it (unless `git.date` says otherwise).
fn site_config(site: &sitemap_content::Site, options: &ScanOptions<'_>) -> SourceConfig {
    use sitemap_pages::lastmod::{GitDate, LastmodSource};
    let s = &options.resolved.settings;
    let mut config = options.config.clone();
    if let Some(order) = site.lastmod_precedence()
        && s.lastmod.is_none()
    {
        let git_allowed = options.config.lastmod.contains(&LastmodSource::Git);
        config.lastmod = order.to_vec();
        if !git_allowed {
            config.lastmod.retain(|l| *l != LastmodSource::Git);
        }
        if order.contains(&LastmodSource::Git) && s.git.date.is_none() {
            config.git.date = GitDate::Author;
        }
    }
    config
}

/// The configuration files a site's [`open_site`] reads: the root file, and for Hugo every TOML/YAML/JSON file of
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

/// The `hugo-version` setting, read as a Hugo version.
fn hugo_version(options: &ScanOptions<'_>) -> Result<Option<HugoVersion>, Error> {
    let s = &options.resolved.settings;
    Ok(match s.hugo_version.as_deref() {
        None => None,
        Some(text) => Some(HugoVersion::parse(text).ok_or_else(|| {
            options.resolved.value_error(
                "hugo-version",
                format!(
                    "`{}` is not a Hugo version: write it as `hugo version` prints it, such as 0.168.0",
                    sitemap_core::diagnostic::Name::new(text)
                ),
            )
        })?),
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The quick way answers as `Path::strip_prefix` does, on the walk's
    /// paths and on the ones it leaves to it.
    #[test]
    fn under_the_root_is_what_strip_prefix_says() {
        let cases = [
            ("/site", "/site/content/post.md"),
            ("/site/", "/site/content/post.md"),
            ("/site", "/site"),
            ("/site", "/site/"),
            ("/site", "/sitemap/content/post.md"),
            ("/site", "/site/./content/post.md"),
            ("/site", "/site//content/post.md"),
            ("/site", "/site/content/../post.md"),
            ("/site", "/other/post.md"),
            ("site", "site/content/post.md"),
            ("", "content/post.md"),
            ("/", "/content/post.md"),
        ];
        for (root, path) in cases {
            let (root, path) = (Path::new(root), Path::new(path));
            let expected = path.strip_prefix(root).unwrap_or(path);
            if path.starts_with(root) {
                assert_eq!(super::under(root, path), expected, "{root:?} {path:?}");
            }
        }
    }

    /// A source outside the root (a Hugo mount of `../docs`, cleaned as Go
    /// cleans it) is given from the root with `..`, so that git finds its
    /// history (its pages had no lastmod, or the checkout's time).
    #[test]
    fn outside_the_root_is_reached_with_dot_dot() {
        let cases = [
            (
                "/site",
                "/sitemap/content/post.md",
                "../sitemap/content/post.md",
            ),
            ("/site", "/other/post.md", "../other/post.md"),
            ("repo/website", "repo/docs/a/b.md", "../docs/a/b.md"),
            ("website", "docs/b.md", "../docs/b.md"),
        ];
        for (root, path, expected) in cases {
            assert_eq!(
                super::under(Path::new(root), Path::new(path)),
                Path::new(expected),
                "{root:?} {path:?}"
            );
        }
    }
}
