//! One content file as Hugo sees it, worked out on the walker's threads:
//! its language, bundle role, whether it is published, and for a listed
//! regular page its URL, overrides and terms.

use serde_json::Value;

use sitemap_content::paths::{hugo_make_path, make_loc};
use sitemap_content::walk::Found;
use sitemap_content::{Error, FrontMatter, Reason, Site, Warning, overrides_of};

use super::cascade_target::Refusal;
use super::files::{ADAPTER, Classified, File, HTML, REST_OLD, Role, Root};
use super::front_matter::{
    apply_lastmod_order, build_excludes, date_of, filename_dates, get_str, hugo_bool, hugo_draft,
    hugo_terms, never_rendered, normalise, order_instant, sitemap_disabled,
};
use super::settings::HugoConfig;
use super::urls::{lang_prefix, page_path, ugly_for};

/// What Hugo makes of one content file: its language, bundle role and
/// whether it is published. Runs on the walker's threads. `root`: the
/// content folder it was found in; `force_lang`: the language of a
/// bundle's copy of another language's `index`.
pub(super) fn classify(
    mut found: Found,
    root: &Root,
    force_lang: Option<&str>,
    site: &Site,
    cfg: &HugoConfig,
    now: jiff::Timestamp,
) -> Classified {
    let dir_lang = root.lang.as_deref();
    let file_name = found.rel.last().map_or("", String::as_str);
    if file_name == ADAPTER {
        return adapter(found, root, site, cfg, now);
    }
    let (stem, ext) = file_name.rsplit_once('.').unwrap_or((file_name, ""));
    let ext = ext.to_owned();
    let ext = ext.as_str();
    let read = super::file_sites::read_name(stem, site, cfg);
    // Without its own folder, the main folder's files are the default
    // language's.
    let lang = read
        .lang
        .clone()
        .unwrap_or_else(|| dir_lang.unwrap_or(&cfg.default_language).to_owned());
    // A bundle's copy of another language's `index` (see `scan`).
    let lang = force_lang.map_or(lang, str::to_owned);
    if ext.eq_ignore_ascii_case(REST_OLD) && cfg.rules().content_formats {
        return Classified::Ignored(found.path);
    }
    let is_html = HTML.iter().any(|h| h.eq_ignore_ascii_case(ext));
    let (mut org_warning, mut org_error) = (None, None);
    let fm = match found.front_matter.take() {
        Some(fm) => fm,
        // 0.111.3 copies such a file as it is; the current Hugo makes it
        // a page.
        None if is_html && !cfg.rules().content_formats => {
            return Classified::Plain(found.path);
        }
        None if ext.eq_ignore_ascii_case("org") => {
            let fm;
            (fm, org_warning, org_error) = org(&found.path, cfg);
            fm
        }
        None => FrontMatter::default(),
    };
    let sites = force_lang.is_none().then(|| {
        super::file_sites::sites_of(&fm, &found.rel, &found.path, &read, &lang, root, site, cfg)
    });
    let org = (org_warning, org_error);
    // An Org file refused is refused once.
    let Some(Some(sites)) = sites.filter(|_| org.1.is_none()) else {
        return Classified::Content(in_site(
            found, fm, org, read.name, lang, ext, root, site, cfg, now,
        ));
    };
    // One file per site it is built for, each classified as that site's.
    let files = sites
        .keys
        .into_iter()
        .map(|key| {
            let copy = Found {
                path: found.path.clone(),
                rel: found.rel.clone(),
                front_matter: None,
                images: found.images.clone(),
            };
            let mut file = in_site(
                copy,
                fm.clone(),
                (org.0.clone(), None),
                read.name.clone(),
                key,
                ext,
                root,
                site,
                cfg,
                now,
            );
            if file.is_branch() {
                file.complements.clone_from(&sites.complements);
            }
            file
        })
        .collect();
    Classified::Sites(files)
}

/// The rest of [`classify`], for one site the file is built for (`lang`:
/// its key, see `sites`): whether it is published there, its kind, and
/// for a listed regular page its URL.
#[allow(clippy::too_many_arguments)]
fn in_site(
    found: Found,
    mut fm: FrontMatter,
    (org_warning, org_error): (Option<Warning>, Option<Error>),
    name: String,
    lang: String,
    ext: &str,
    root: &Root,
    site: &Site,
    cfg: &HugoConfig,
    now: jiff::Timestamp,
) -> Box<File> {
    let refused_content =
        super::security::refused_content(ext, &cfg.allow_content, cfg.version.hugo(), cfg.rules());
    let mut slugged = None;
    let own_cascade = super::cascaded::cascaded(
        &mut fm,
        &found.rel,
        &found.path,
        &name,
        &lang,
        root,
        site,
        cfg,
        &mut slugged,
    );
    // Hugo's `ContentBaseName`, for `:filename`: a leaf bundle's folder.
    let base = match found.rel.len() {
        n if name == "index" && n > 1 => found.rel[n - 2].as_str(),
        _ => name.as_str(),
    };
    let site_disable = cfg.site_disables(site, &lang);
    if cfg.rules().cast_numbers_as_booleans {
        super::front_matter::numbers_as_booleans(&mut fm);
    }
    if cfg.rules().headless_as_build {
        super::front_matter::headless_as_build(&mut fm);
    }
    // The current Hugo's `content/index.md` is the home page's own file
    // (`bundles::root_bundle_is_home`): a disabled `page` kind leaves it
    // (checked with 0.168.0 on `hugolib/alias_test.go:692`'s site).
    let kind_name = match found.rel.len() {
        1 if name == "index" && cfg.rules().root_bundle_home => "_index",
        _ => name.as_str(),
    };
    let (published, exclusion) = publication(&fm, kind_name, &lang, base, cfg, now, site_disable);
    // Read before `normalise` drops the build options.
    let never = never_rendered(&fm);
    let mut warnings: Vec<_> = org_warning.into_iter().collect();
    // Read before `normalise` drops what 0.111.3 dropped.
    let removed = super::removed::refused(
        &fm,
        base,
        cfg.version.hugo(),
        cfg.rules(),
        cfg.date_orders.as_deref(),
        cfg.git_info,
    );
    normalise(&mut fm, &found.path, &mut warnings);
    let mut rel = found.rel;
    rel.pop();
    let role = match name.as_str() {
        "_index" => Role::Branch,
        "index" => Role::Leaf,
        _ => Role::Page,
    };
    let in_taxonomy_dir = cfg.is_taxonomy_dir(&lang, &rel);
    let mut file = Box::new(File {
        path: found.path,
        dir: rel,
        name,
        lang,
        role,
        in_taxonomy_dir,
        fm,
        published,
        exclusion,
        listed: None,
        terms: Vec::new(),
        translation_key: None,
        warnings,
        refused: None,
        images: found.images,
        page_images: None,
        filename_date: None,
        url_dir: None,
        complements: Vec::new(),
    });
    if let Some(mut slugs) = slugged
        && cfg.rules().section_slug_paths
    {
        slugs.splice(0..0, root.target.iter().cloned());
        file.url_dir = Some(slugs);
    }
    if let Some(dates) = &cfg.date_orders {
        // The current Hugo reads a section's `_index` by its folder's
        // name, as the section's slug (`cascade::Cascades::filename_slug`).
        let name = match file.dir.last() {
            Some(folder) if file.is_branch() && cfg.rules().filename_slug_sections => folder,
            _ => base_name(&file),
        };
        let (slug, date) = filename_dates(&file.fm, name, dates);
        if let Some(slug) = slug.filter(|s| !s.is_empty()) {
            file.fm
                .data_mut()
                .insert("slug".to_owned(), Value::String(slug));
        }
        file.filename_date = date;
    }
    // Hugo refuses the page when it reads its front matter, drafts,
    // bundle resources and `_build: never` pages included.
    file.refused = org_error
        .or_else(|| refusal(&file, own_cascade, refused_content, removed, cfg))
        .map(Box::new);
    own_terms(&mut file, never, cfg);
    let listed_page = !file.is_branch() && !file.in_taxonomy_dir && file.exclusion.is_none();
    if listed_page {
        list(&mut file, site, cfg);
    }
    file
}

/// The terms a file makes (`File::terms`), when the Hugo followed makes
/// them for it. `never`: its build options say `render: never`.
fn own_terms(file: &mut File, never: bool, cfg: &HugoConfig) {
    // A headless bundle is not rendered, but its terms are (Hugo 0.111.3
    // lists a term only a headless page uses).
    // The current Hugo makes no term of a page its build options keep
    // out of the site (`render: never`); one only kept out of lists
    // (`list: never`) still makes its terms (checked with 0.168.0).
    let unbuilt = never
        && matches!(file.exclusion, Some(Reason::NotRendered { .. }))
        && cfg.rules().unbuilt_pages_make_no_terms;
    // Nor of a list page whose kind the language disables (a `section`
    // off: its `_index`'s terms are not made; 0.111.3 made them).
    let branch_kind = match (file.dir.len(), file.in_taxonomy_dir) {
        (0, _) => "home",
        (1, true) => "taxonomy",
        (_, true) => "term",
        _ => "section",
    };
    let kind_off =
        file.is_branch() && cfg.rules().list_page_terms && !cfg.kind_on(&file.lang, branch_kind);
    let counts_terms =
        ((file.published && !unbuilt) || file.exclusion == Some(Reason::Headless)) && !kind_off;
    // A section's or home page's own terms count too, and in the
    // current Hugo a taxonomy's or term's page's (checked with 0.168.0).
    if counts_terms && (!file.in_taxonomy_dir || cfg.rules().list_page_terms) {
        for (t, taxonomy) in cfg.taxonomies(&file.lang).iter().enumerate() {
            if let Some(value) = file.fm.get(taxonomy) {
                let rules = cfg.path_rules(&file.lang);
                let ugly = super::urls::ugly_for(cfg, &hugo_make_path(taxonomy, rules));
                file.terms.extend(hugo_terms(value).into_iter().map(|v| {
                    let key = super::urls::term_path(&v, cfg, rules, ugly);
                    let written = (v != key).then(|| v.into_boxed_str());
                    (t, key, written)
                }));
            }
        }
    }
}

/// An Org file's keywords as its front matter, with a warning about
/// what is not emulated, or why it is refused.
fn org(path: &std::path::Path, cfg: &HugoConfig) -> (FrontMatter, Option<Warning>, Option<Error>) {
    match super::org::front_matter(path, cfg.rules()) {
        Ok((fm, warning)) => (fm, warning, None),
        Err(e) => (FrontMatter::default(), None, Some(e)),
    }
}

/// Why Hugo refuses the file whatever becomes of its page: its own
/// `cascade`, its content format, front matter the Hugo followed
/// removed, or a `url` with a protocol or a control character.
fn refusal(
    file: &File,
    own_cascade: Result<(), Refusal>,
    refused_content: Option<String>,
    removed: Option<(String, String)>,
    cfg: &HugoConfig,
) -> Option<Error> {
    if let Some((key, message)) = removed {
        return Some(Error::Config {
            path: file.path.clone(),
            line: Some(file.fm.line_of(&key)),
            message,
        });
    }
    if let Err(refused) = own_cascade {
        let message = match refused {
            Refusal::Hugo(why) => {
                format!(
                    "`cascade`: {why}, which Hugo {} refuses",
                    cfg.version.hugo()
                )
            }
            Refusal::Unread(why) => format!("`cascade`: {why}"),
        };
        return Some(Error::Config {
            path: file.path.clone(),
            line: Some(file.fm.line_of("cascade")),
            message,
        });
    }
    if let Some(message) = refused_content {
        return Some(Error::Config {
            path: file.path.clone(),
            line: None,
            message,
        });
    }
    let url = get_str(&file.fm, "url")?;
    // Go's `net/url` refuses a control character, and Hugo's build stops
    // with a panic (random differential against 0.167.0, seed 555259628),
    // when it builds the page: a draft or future one is never parsed
    // (seed 865614428).
    if file.published && url.chars().any(char::is_control) {
        return Some(Error::Config {
            path: file.path.clone(),
            line: Some(file.fm.line_of("url")),
            message: format!(
                "`url` {url:?} holds a control character, which Hugo refuses (its build stops \
                 with a panic): remove it"
            ),
        });
    }
    (url.starts_with("http://") || url.starts_with("https://")).then(|| Error::UrlWithProtocol {
        path: file.path.clone(),
        line: file.fm.line_of("url"),
        value: url.to_owned(),
    })
}

/// A content adapter in each site it may make pages in, with the URL
/// path of its section there (`news/`, under the site's prefix), and why
/// its pages are left out when their section's cascade says so: Hugo
/// hands a section's cascade to the pages an adapter makes, as to a page
/// of the folder with no front matter of its own (checked with 0.168.0:
/// a cascaded `sitemap.disable` leaves them out of its sitemap). Read
/// here as for such a page, named after the adapter (a cascade target
/// naming one of its pages by path is not told apart). With the sites
/// matrix (0.153 and later), an adapter outside a language's folder may
/// make pages in every site, since its pages name their own sites
/// (`EnableAllLanguages`, a page's `sites`).
fn adapter(
    found: Found,
    root: &Root,
    site: &Site,
    cfg: &HugoConfig,
    now: jiff::Timestamp,
) -> Classified {
    let dir_lang = root.lang.as_deref();
    let keys = if cfg.rules().sites_matrix && dir_lang.is_none() {
        cfg.site_keys(site)
    } else {
        vec![dir_lang.unwrap_or(&cfg.default_language).to_owned()]
    };
    let adapters = keys
        .iter()
        .map(|key| adapter_in(&found, key, root, site, cfg, now))
        .collect();
    Classified::Adapter(adapters)
}

/// A content adapter in the site of `lang` (its key, see `sites`).
fn adapter_in(
    found: &Found,
    lang: &str,
    root: &Root,
    site: &Site,
    cfg: &HugoConfig,
    now: jiff::Timestamp,
) -> sitemap_content::ContentAdapter {
    let folders = &found.rel[..found.rel.len() - 1];
    let mut section = super::urls::lang_prefix(cfg, lang)
        .trim_start_matches('/')
        .to_owned();
    for f in folders {
        if !section.is_empty() {
            section.push('/');
        }
        let rules = cfg.path_rules(lang);
        let name =
            sitemap_content::paths::hugo_content_name(f, cfg.rules().page_paths, rules.lower);
        section.push_str(&hugo_make_path(&name, rules));
    }
    if !section.is_empty() {
        section.push('/');
    }
    let name = "_content";
    let mut fm = FrontMatter::default();
    // No cascade of its own, so nothing to refuse.
    let _ = super::cascaded::cascaded(
        &mut fm,
        &found.rel,
        &found.path,
        name,
        lang,
        root,
        site,
        cfg,
        &mut None,
    );
    if cfg.rules().cast_numbers_as_booleans {
        super::front_matter::numbers_as_booleans(&mut fm);
    }
    if cfg.rules().headless_as_build {
        super::front_matter::headless_as_build(&mut fm);
    }
    let site_disable = cfg.site_disables(site, lang);
    let (_, left_out) = publication(&fm, name, lang, name, cfg, now, site_disable);
    sitemap_content::ContentAdapter {
        file: found.path.clone(),
        section,
        left_out,
    }
}

/// A listed regular page's URL (at its main output format, its folders
/// named as their sections' slugs say), overrides, images and
/// translation key, worked out on the walker's thread; its front matter
/// is freed after.
fn list(file: &mut File, site: &Site, cfg: &HugoConfig) {
    let lang_prefix = |lang: &str| lang_prefix(cfg, lang);
    let ugly_for = |section: &str| ugly_for(cfg, section);
    let path = page_path(site, cfg, file, &lang_prefix, &ugly_for);
    file.listed = Some(
        path.map(|path| {
            match cfg
                .outputs_for(&file.lang)
                .first("page", file.fm.get("outputs"))
            {
                Some(format) => {
                    let name = (!file.is_leaf()).then_some(file.name.as_str());
                    cfg.outputs_for(&file.lang).path_in(
                        &path,
                        &lang_prefix(&file.lang),
                        format,
                        name,
                    )
                }
                None => path,
            }
        })
        .and_then(|path| make_loc(cfg.base_for(site, &file.lang), &path, &file.path))
        .and_then(|loc| {
            let mut overrides = overrides_of(site, &file.path, &file.fm)?;
            if let Some(order) = &cfg.lastmod_order {
                apply_lastmod_order(&mut overrides, &file.fm, base_name(file), order);
            }
            Ok((loc, overrides))
        })
        .map_err(Box::new),
    );
    match sitemap_content::images_of(site, &file.path, &file.fm, file.images.take().as_ref()) {
        Ok(images) => file.page_images = images,
        Err(e) => {
            if matches!(file.listed, Some(Ok(_))) {
                file.listed = Some(Err(Box::new(e)));
            }
        }
    }
    file.translation_key = get_str(&file.fm, "translationkey").map(str::to_owned);
    // All the page's front matter is needed for: freed here, on this
    // walker thread, whose allocator reuses the memory for the next
    // file, instead of 100,000 maps held and freed at the end.
    file.fm = FrontMatter::default();
}

/// Whether Hugo publishes a file, and if it leaves the file out of the
/// sitemap, why: draft, future, expired, headless, `_build`,
/// `sitemap.disable`, then a disabled language or page kind, which win.
/// `published` says whether Hugo renders it (a `_build` or
/// `sitemap.disable` file is rendered, only not listed).
fn publication(
    fm: &FrontMatter,
    name: &str,
    lang: &str,
    base: &str,
    cfg: &HugoConfig,
    now: jiff::Timestamp,
    site_disable: bool,
) -> (bool, Option<Reason>) {
    // From 0.123 a `date` in the publishDate order reads the date Hugo
    // has already given the page when it has no `date` of its own, which
    // may be its `lastmod`.
    let resolved = cfg.rules().publish_date_reads_resolved_date;
    let publish_date = match &cfg.date_orders {
        Some(o) => o.orders[2].iter().find_map(|id| match id.as_str() {
            // Its own `date` if it has one Hugo reads: the date handler
            // only fills an empty one (random differential against
            // 0.168.0, seed 810144281).
            "date" if resolved => order_instant(fm, base, std::slice::from_ref(id), o.git_info)
                .or_else(|| order_instant(fm, base, &o.orders[0], o.git_info)),
            _ => order_instant(fm, base, std::slice::from_ref(id), o.git_info),
        }),
        None if resolved => date_of(
            fm,
            &[
                "publishdate",
                "pubdate",
                "published",
                "date",
                "lastmod",
                "modified",
            ],
        ),
        None => date_of(fm, &["publishdate", "pubdate", "published", "date"]),
    };
    let expiry_date = match &cfg.date_orders {
        Some(o) => order_instant(fm, base, &o.orders[3], o.git_info),
        None => date_of(fm, &["expirydate", "unpublishdate"]),
    };
    let mut published = true;
    let mut exclusion = None;
    if hugo_draft(fm) && !cfg.build_drafts {
        published = false;
        exclusion = Some(Reason::Draft);
    } else if !cfg.build_future && publish_date.is_some_and(|d| d > now) {
        published = false;
        exclusion = Some(Reason::Future);
    } else if !cfg.build_expired && expiry_date.is_some_and(|d| d <= now) {
        published = false;
        exclusion = Some(Reason::Expired);
    } else if name == "index" && !cfg.rules().headless_as_build && hugo_bool(fm, "headless") {
        published = false;
        exclusion = Some(Reason::Headless);
    } else if build_excludes(fm) {
        exclusion = Some(Reason::NotRendered { key: None });
    } else if sitemap_disabled(fm, site_disable) {
        exclusion = Some(Reason::SitemapDisabled { key: None });
    }
    if cfg
        .disabled_languages
        .contains(super::sites::language_of(lang))
    {
        // Hugo 0.111.3 builds nothing of a disabled language.
        published = false;
        exclusion = Some(Reason::LanguageDisabled);
    } else if name != "_index" && !cfg.kind_on(lang, "page") {
        // Hugo 0.111.3 makes no page of a disabled kind, so it makes no
        // section or term either (a headless one's included).
        published = false;
        exclusion = Some(Reason::KindDisabled);
    }
    (published, exclusion)
}

/// The name Hugo's `:filename` reads a date from (`ContentBaseName`): a
/// leaf bundle's folder, else the file's name without extension.
pub(super) fn base_name(file: &File) -> &str {
    match (file.is_leaf(), file.dir.last()) {
        (true, Some(folder)) => folder,
        _ => &file.name,
    }
}
