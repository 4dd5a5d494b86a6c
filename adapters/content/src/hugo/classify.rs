//! One content file as Hugo sees it, worked out on the walker's threads:
//! its language, bundle role, whether it is published, and for a listed
//! regular page its URL, overrides and terms.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::paths::{hugo_make_path, make_loc};
use crate::walk::Found;
use crate::{Error, FrontMatter, Reason, Site, overrides_of};
use sitemap_pages::overrides::Overrides;
use sitemap_pages::yaml::Dialect;

use super::config::HugoConfig;
use super::front_matter::{
    apply_lastmod_order, build_excludes, date_of, filename_dates, get_str, hugo_bool, hugo_draft,
    hugo_terms, never_rendered, normalise, order_instant, site_disables, sitemap_disabled,
};
use super::scan::Root;
use super::urls::{lang_prefix, page_path, ugly_for};

/// The content files' extensions both Hugo versions read (Hugo's own
/// list, `hugofs/files/classifier.go` in 0.111.3, the content media
/// types' suffixes today): Markdown, HTML, AsciiDoc, Pandoc, reST and
/// Org. `.mkd` is no content file to either.
const CONTENT: [&str; 12] = [
    "md", "markdown", "mdown", "html", "htm", "adoc", "asciidoc", "ad", "pandoc", "pdc", "rst",
    "org",
];

/// Read as reStructuredText by 0.111.3 only.
const REST_OLD: &str = "rest";

pub(super) const HTML: [&str; 2] = ["html", "htm"];

/// A content adapter's file (Hugo 0.126 and later): a template that
/// makes pages from data.
pub(super) const ADAPTER: &str = "_content.gotmpl";

/// The content files Hugo reads, by extension (every version's: a file
/// the followed version does not read is dropped in [`classify`]).
pub(super) fn accept(name: &str, yaml: Dialect) -> Option<Dialect> {
    if name == ADAPTER {
        // A template, not front matter: read with the dialect that
        // reads no JSON block.
        return Some(Dialect::Zola);
    }
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
    (CONTENT.contains(&ext.as_str()) || ext == REST_OLD).then_some(yaml)
}

/// One content file, classified.
#[derive(Debug)]
pub(crate) struct File {
    pub(super) path: PathBuf,
    /// Folders below the content folder.
    pub(super) dir: Vec<String>,
    /// File name without extension and language.
    pub(super) name: String,
    pub(super) lang: String,
    pub(super) role: Role,
    /// Below a taxonomy's folder (`content/tags/…`).
    pub(super) in_taxonomy_dir: bool,
    pub(super) fm: FrontMatter,
    /// Published (not draft, future or expired): counts for sections and
    /// terms even when its own page is not listed.
    pub(super) published: bool,
    /// Why its own URL is not listed, if it is not.
    pub(super) exclusion: Option<Reason>,
    /// A listed regular page's URL and overrides, worked out on the
    /// walker's threads (they need only the file and the configuration)
    /// so the main thread does not do it for every page in turn; its front
    /// matter is then dropped there, so the scan does not hold every
    /// page's map to the end. An error is kept (boxed: a `File` is moved
    /// more than once) and raised only if the page is listed, in file
    /// order. `None` for files that are not listed as regular pages.
    pub(super) listed: Option<Result<(sitemap_core::Loc, Overrides), Box<Error>>>,
    /// A published regular page's terms: (index into the configured
    /// taxonomies, the term's URL segment, its name as written where that
    /// differs: a term page's title), also worked out on the walker's
    /// threads so the main thread only gathers them.
    pub(super) terms: Vec<(usize, String, Option<Box<str>>)>,
    /// A listed regular page's `translationKey`.
    pub(super) translation_key: Option<String>,
    /// Values Hugo drops, dropped here too (see [`normalise`]).
    pub(super) warnings: Vec<crate::Warning>,
    /// Why Hugo refuses the file whatever becomes of its page (a `url`
    /// with a protocol): reported with every other refused file.
    pub(super) refused: Option<Box<Error>>,
    /// With images on, its body's images (read by the walk).
    pub(super) images: Option<sitemap_pages::images::markdown::MarkdownImages>,
    /// A regular page's images, front matter's included, read before
    /// its front matter is freed.
    pub(super) page_images: Option<Box<crate::SourceImages>>,
    /// The date Hugo's `:filename` handler gives the page, when the
    /// site's `date` order reaches it (see [`filename_dates`]).
    pub(super) filename_date: Option<jiff::civil::Date>,
    /// The folders above the page as its URL names them, where a
    /// section's `slug` renames one (Hugo 0.123 and later): for a branch
    /// the folders above its own.
    pub(super) url_dir: Option<Vec<String>>,
}

impl File {
    pub(super) fn is_branch(&self) -> bool {
        self.role == Role::Branch
    }
    pub(super) fn is_leaf(&self) -> bool {
        self.role == Role::Leaf
    }
}

/// A content file's bundle role, from its name, worked out once: the scan
/// asks it of every file in several passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// `_index.*`: a section, taxonomy or term list, or the home page.
    Branch,
    /// `index.*`: a leaf bundle's page.
    Leaf,
    /// Any other file.
    Page,
}

/// The content files of a scan, in path order, each boxed (see
/// [`Classified`]).
pub(crate) type Files = Vec<Box<File>>;

/// A file the walk found: content, or an HTML file without front matter
/// (which Hugo copies as it is).
///
/// Content is boxed: the walk's threads each sort their own list and
/// the lists are then merged into one, and with the whole `File` (about
/// 500 bytes) in each slot that merge held two copies of every file at
/// once, the peak of a large site's scan. An allocation per file is
/// nothing beside the file's parse.
pub(super) enum Classified {
    Content(Box<File>),
    Plain(PathBuf),
    /// Not a content file to the Hugo followed (`.rest` today).
    Ignored(PathBuf),
    /// A content adapter, with its section and what the section hands
    /// its pages down.
    Adapter(crate::ContentAdapter),
}

impl Classified {
    pub(super) fn path(&self) -> &Path {
        match self {
            Classified::Content(file) => &file.path,
            Classified::Plain(path) | Classified::Ignored(path) => path,
            Classified::Adapter(adapter) => &adapter.file,
        }
    }
}

/// What Hugo makes of one content file: its language, bundle role and
/// whether it is published. Runs on the walker's threads. `root`: the
/// content folder it was found in; `force_lang`: the language of a
/// bundle's copy of another language's `index`.
pub(super) fn classify(
    found: Found,
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
    let (name, lang) = match stem.rsplit_once('.') {
        Some((n, l))
            if site.languages.iter().any(|k| k.eq_ignore_ascii_case(l))
                || cfg.disabled_languages.contains(&l.to_lowercase()) =>
        {
            (n.to_owned(), l.to_lowercase())
        }
        // Without its own folder, the main folder's files are the default
        // language's.
        _ => (
            stem.to_owned(),
            dir_lang.unwrap_or(&cfg.default_language).to_owned(),
        ),
    };
    // A bundle's copy of another language's `index` (see `scan`).
    let lang = force_lang.map_or(lang, str::to_owned);
    if ext.eq_ignore_ascii_case(REST_OLD) && cfg.version.hugo().at_least(123) {
        return Classified::Ignored(found.path);
    }
    let is_html = HTML.iter().any(|h| h.eq_ignore_ascii_case(ext));
    let mut fm = match found.front_matter {
        Some(fm) => fm,
        // 0.111.3 copies such a file as it is; the current Hugo makes it
        // a page.
        None if is_html && !cfg.version.hugo().at_least(123) => {
            return Classified::Plain(found.path);
        }
        None if ext.eq_ignore_ascii_case("org") => super::org::front_matter(&found.path),
        None => FrontMatter::default(),
    };
    let refused_content = super::security::refused_content(ext, cfg);
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
    let site_disable = site_disables(site, cfg, &lang);
    if cfg.version.hugo().at_least(112) {
        super::front_matter::numbers_as_booleans(&mut fm);
    }
    if cfg.version.hugo().at_least(123) {
        super::front_matter::headless_as_build(&mut fm);
    }
    let (published, exclusion) = publication(&fm, &name, &lang, base, cfg, now, site_disable);
    // Read before `normalise` drops the build options.
    let never = never_rendered(&fm);
    let mut warnings = Vec::new();
    // Read before `normalise` drops what 0.111.3 dropped.
    let removed = super::removed::refused(
        &fm,
        cfg.version.hugo(),
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
    let in_taxonomy_dir = is_taxonomy_dir(cfg, &lang, &rel);
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
    });
    if let Some(mut slugs) = slugged
        && cfg.version.hugo().at_least(123)
    {
        slugs.splice(0..0, root.target.iter().cloned());
        file.url_dir = Some(slugs);
    }
    if let Some(dates) = &cfg.date_orders {
        // The current Hugo reads a section's `_index` by its folder's
        // name, as the section's slug (`cascade::Cascades::filename_slug`).
        let name = match file.dir.last() {
            Some(folder) if file.is_branch() && cfg.version.hugo().at_least(123) => folder,
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
    file.refused = refusal(&file, own_cascade, refused_content, removed, cfg).map(Box::new);
    own_terms(&mut file, never, cfg);
    let listed_page = !file.is_branch() && !file.in_taxonomy_dir && file.exclusion.is_none();
    if listed_page {
        list(&mut file, site, cfg);
    }
    Classified::Content(file)
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
        && cfg.version.hugo().at_least(123);
    // Nor of a list page whose kind the language disables (a `section`
    // off: its `_index`'s terms are not made; 0.111.3 made them).
    let branch_kind = match (file.dir.len(), file.in_taxonomy_dir) {
        (0, _) => "home",
        (1, true) => "taxonomy",
        (_, true) => "term",
        _ => "section",
    };
    let kind_off = file.is_branch()
        && cfg.version.hugo().at_least(123)
        && !cfg.kind_on(&file.lang, branch_kind);
    let counts_terms =
        ((file.published && !unbuilt) || file.exclusion == Some(Reason::Headless)) && !kind_off;
    // A section's or home page's own terms count too, and in the
    // current Hugo a taxonomy's or term's page's (checked with 0.168.0).
    if counts_terms && (!file.in_taxonomy_dir || cfg.version.hugo().at_least(123)) {
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

/// Why Hugo refuses the file whatever becomes of its page: its own
/// `cascade`, its content format, front matter the Hugo followed
/// removed, or a `url` with a protocol.
fn refusal(
    file: &File,
    own_cascade: Result<(), String>,
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
    if let Err(message) = own_cascade {
        return Some(Error::Config {
            path: file.path.clone(),
            line: Some(file.fm.line_of("cascade")),
            message: format!(
                "`cascade`: {message}, which Hugo {} refuses",
                cfg.version.hugo()
            ),
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
    (url.starts_with("http://") || url.starts_with("https://")).then(|| Error::UrlWithProtocol {
        path: file.path.clone(),
        line: file.fm.line_of("url"),
        value: url.to_owned(),
    })
}

/// A content adapter, with the URL path of the section it makes pages in
/// (`news/`, under its language's prefix), and why its pages are left
/// out when their section's cascade says so: Hugo hands a section's
/// cascade to the pages an adapter makes, as to a page of the folder
/// with no front matter of its own (checked with 0.168.0: a cascaded
/// `sitemap.disable` leaves them out of its sitemap). Read here as for
/// such a page, named after the adapter (a cascade target naming one of
/// its pages by path is not told apart).
fn adapter(
    found: Found,
    root: &Root,
    site: &Site,
    cfg: &HugoConfig,
    now: jiff::Timestamp,
) -> Classified {
    let lang = root.lang.as_deref().unwrap_or(&cfg.default_language);
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
            crate::paths::hugo_content_name(f, cfg.version.hugo().at_least(123), rules.lower);
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
    if cfg.version.hugo().at_least(112) {
        super::front_matter::numbers_as_booleans(&mut fm);
    }
    if cfg.version.hugo().at_least(123) {
        super::front_matter::headless_as_build(&mut fm);
    }
    let site_disable = site_disables(site, cfg, lang);
    let (_, left_out) = publication(&fm, name, lang, name, cfg, now, site_disable);
    Classified::Adapter(crate::ContentAdapter {
        file: found.path,
        section,
        left_out,
    })
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
        path.map(
            |path| match cfg.outputs.first("page", file.fm.get("outputs")) {
                Some(format) => {
                    let name = (!file.is_leaf()).then_some(file.name.as_str());
                    cfg.outputs
                        .path_in(&path, &lang_prefix(&file.lang), format, name)
                }
                None => path,
            },
        )
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
    match crate::images_of(site, &file.path, &file.fm, file.images.take().as_ref()) {
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
    let publish_date = match &cfg.date_orders {
        Some(o) => order_instant(fm, base, &o.orders[2], o.git_info),
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
    } else if name == "index" && !cfg.version.hugo().at_least(123) && hugo_bool(fm, "headless") {
        published = false;
        exclusion = Some(Reason::Headless);
    } else if build_excludes(fm) {
        exclusion = Some(Reason::NotRendered { key: None });
    } else if sitemap_disabled(fm, site_disable) {
        exclusion = Some(Reason::SitemapDisabled { key: None });
    }
    if cfg.disabled_languages.contains(lang) {
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

/// Whether a folder is under a taxonomy's folder (`content/tags/…`).
pub(super) fn is_taxonomy_dir(cfg: &HugoConfig, lang: &str, dir: &[String]) -> bool {
    dir.first().is_some_and(|d| {
        cfg.taxonomies(lang)
            .iter()
            .any(|t| t.eq_ignore_ascii_case(d))
    })
}

/// The name Hugo's `:filename` reads a date from (`ContentBaseName`): a
/// leaf bundle's folder, else the file's name without extension.
pub(super) fn base_name(file: &File) -> &str {
    match (file.is_leaf(), file.dir.last()) {
        (true, Some(folder)) => folder,
        _ => &file.name,
    }
}
