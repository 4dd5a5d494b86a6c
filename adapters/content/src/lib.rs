//! What Zola- and Hugo-style content trees share, under the crates that
//! hold each generator's rules (`sitemap-zola`, `sitemap-hugo`).
//!
//! A site is found by its configuration: [`locate`] (or [`detect`])
//! names the generator from the files in the site's root (`zola.toml`,
//! `config.toml` with `base_url`; `hugo.*`, `config.*` or
//! `config/_default/` with `baseURL`). The generator's crate then opens
//! it into a [`Site`], holding what it read behind the [`Generator`]
//! trait; the caller (the engine) chooses which crate opens a site, so
//! nothing here imports a generator. [`Site::scan`] asks the generator
//! for every URL it publishes and finishes the list ([`ContentScan`]:
//! sorted by `loc`, duplicates dropped, hreflang alternates filled).
//!
//! What the generators' crates build on: `walk` (the parallel walk that
//! reads each file only up to the end of its front matter, on the
//! walker's threads), `front_matter` (the fences, the head-only read,
//! the body's images when asked), `config` (configuration files found,
//! read and merged), `paths` (slugs, URL paths, locs), the result types
//! ([`ContentPage`], [`PageKind`], [`Warning`], [`LeftOut`], [`Error`]),
//! a page bundle's resources (`resources`), each language's texts
//! (`site_languages`), and what the generator writes besides its pages
//! (`output`, for the build check).
//!
//! Lastmod, overrides and filters are not applied here: that is the shared
//! source layer's job, fed with each page's front matter. The site's own
//! sitemap defaults ([`SiteSitemap`]) and lastmod precedence
//! ([`Site::lastmod_precedence`]) are read, not applied: the caller layers
//! them under its own settings.
//!
//! ```
//! use sitemap_content::{Flavor, locate};
//!
//! let dir = tempfile::tempdir()?;
//! std::fs::write(dir.path().join("config.toml"), "baseURL = \"https://example.org/\"\n")?;
//! let (flavor, config) = locate(dir.path(), None)?;
//! assert_eq!((flavor, config), (Flavor::Hugo, dir.path().join("config.toml")));
//!
//! std::fs::write(dir.path().join("zola.toml"), "base_url = \"https://example.org\"\n")?;
//! assert_eq!(locate(dir.path(), None)?.0, Flavor::Zola);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod config;
mod content_scan;
mod error;
pub mod front_matter;
mod generator;
mod output;
pub mod paths;
mod resources;
mod site_languages;
mod site_sitemap;
pub mod walk;
mod warning;
mod x_default;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use sitemap_core::{Alternate, Loc};
use sitemap_pages::images::markdown::{Dialect, MarkdownImages};
use sitemap_pages::images::{FrontImage, front_matter_images};
use sitemap_pages::lastmod::LastmodSource;
use sitemap_pages::overrides::Overrides;

pub use crate::config::locate;
pub use crate::content_scan::{ContentAdapter, ContentScan};
pub use crate::error::Error;
pub use crate::generator::Generator;
pub use crate::site_languages::SiteLanguage;
pub use crate::site_sitemap::SiteSitemap;
pub use crate::warning::Warning;
pub use crate::x_default::XDefault;
pub use sitemap_pages::front_matter::FrontMatter;
/// A content file the generator would not publish, and why: the
/// vocabulary every reader shares.
pub use sitemap_pages::{LeftOut, Reason};

/// Which generator made the site: whose rules a content tree follows, or
/// a built HTML folder. The engine's `flavor` setting is this type; the
/// content reader reads `Zola` and `Hugo` sites, and a folder opened as
/// [`Flavor::Html`] is not one of them ([`Error::NotASite`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Flavor {
    /// Zola (`zola.toml` or `config.toml` with `base_url`).
    Zola,
    /// Hugo (`hugo.toml|yaml|json`, `config.*`, or `config/_default/`).
    Hugo,
    /// A built HTML folder, read by the built-HTML reader.
    Html,
}

impl Flavor {
    /// The name used on the command line and in `sitemap.toml`.
    pub fn as_str(self) -> &'static str {
        match self {
            Flavor::Zola => "zola",
            Flavor::Hugo => "hugo",
            Flavor::Html => "html",
        }
    }
}

impl fmt::Display for Flavor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Flavor {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "zola" => Ok(Flavor::Zola),
            "hugo" => Ok(Flavor::Hugo),
            "html" => Ok(Flavor::Html),
            other => Err(format!(
                "unknown flavor `{other}`: expected `zola`, `hugo` or `html`"
            )),
        }
    }
}

/// How to open a site; every field overrides what the site's own
/// configuration says.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct SiteOptions {
    /// The generator, instead of detecting it.
    pub flavor: Option<Flavor>,
    /// The base URL, instead of the configuration's `base_url`/`baseURL`.
    pub base_url: Option<String>,
    /// List drafts too (Zola `--drafts`, Hugo `buildDrafts`).
    pub include_drafts: bool,
    /// "Now" for Hugo's future (`publishDate`) and expired (`expiryDate`)
    /// rules; the current time when `None`. Tests fix it.
    pub now: Option<jiff::Timestamp>,
    /// The `exclude` globs (relative to the site root) of the source
    /// layer: a folder or file they leave out is not an error when it
    /// cannot be read.
    pub exclude: Vec<String>,
    /// With `images`: the front matter keys that name a page's images
    /// (`image-keys`; Hugo's `images` is always one). `None` reads no
    /// page body, as without images.
    pub images: Option<Vec<String>>,
    /// Which language's version is each translation group's `x-default`
    /// alternate (the `x-default` setting).
    pub x_default: XDefault,
    /// Counts each content file the walk reads (for a progress display).
    pub files: sitemap_core::progress::FileCount,
}

impl SiteOptions {
    /// Sets the flavor.
    #[must_use]
    pub fn with_flavor(mut self, flavor: Option<Flavor>) -> Self {
        self.flavor = flavor;
        self
    }
    /// Sets the base URL.
    #[must_use]
    pub fn with_base_url(mut self, base_url: Option<String>) -> Self {
        self.base_url = base_url;
        self
    }
    /// Lists drafts too.
    #[must_use]
    pub fn with_drafts(mut self, include: bool) -> Self {
        self.include_drafts = include;
        self
    }
    /// Sets the `exclude` globs.
    #[must_use]
    pub fn with_exclude(mut self, exclude: Vec<String>) -> Self {
        self.exclude = exclude;
        self
    }
    /// Reads each page's images, with these front matter keys
    /// ([`SiteOptions::images`]).
    #[must_use]
    pub fn with_images(mut self, image_keys: Option<Vec<String>>) -> Self {
        self.images = image_keys;
        self
    }
    /// Chooses each group's `x-default` alternate.
    #[must_use]
    pub fn with_x_default(mut self, x_default: XDefault) -> Self {
        self.x_default = x_default;
        self
    }
    /// Counts each content file read into `files` ([`SiteOptions::files`]).
    #[must_use]
    pub fn with_file_count(mut self, files: sitemap_core::progress::FileCount) -> Self {
        self.files = files;
        self
    }
    /// Fixes "now" for Hugo's date rules.
    #[must_use]
    pub fn with_now(mut self, now: jiff::Timestamp) -> Self {
        self.now = Some(now);
        self
    }
}

/// A site opened for scanning: its generator and what its configuration
/// says.
#[derive(Debug)]
#[non_exhaustive]
pub struct Site {
    /// The generator.
    pub flavor: Flavor,
    /// The site's root folder.
    pub root: PathBuf,
    /// The configuration file read (for a Hugo `config/_default/` folder,
    /// that folder).
    pub config_path: PathBuf,
    /// The base URL, always ending in `/`.
    pub base_url: Loc,
    /// Where the configuration's base URL was read: the configuration
    /// file (for Hugo the file, of `config/_default/` or a theme's, or the
    /// `$HUGO_BASEURL` variable whose value counts). [`SiteOptions::base_url`]
    /// wins over it.
    pub base_url_from: PathBuf,
    /// The configuration's own base URL when [`SiteOptions::base_url`]
    /// overrode it, so that a caller can say when the two differ (only
    /// by the scheme, or by a folder); `None` without an override, or
    /// when the configuration has none that parses.
    pub configured_base_url: Option<Loc>,
    /// The content folder.
    pub content_dir: PathBuf,
    /// Where the generator writes the built site (Zola `output_dir`, Hugo
    /// `publishDir`), where the sitemap belongs.
    pub output_dir: PathBuf,
    /// The default language code.
    pub default_language: String,
    /// Every language code, the default first.
    pub languages: Vec<String>,
    /// The site's title (Zola and Hugo `title`), for llms.txt.
    pub title: Option<String>,
    /// The site's description (Zola `description`, Hugo
    /// `params.description`), for llms.txt.
    pub description: Option<String>,
    /// The site's own sitemap defaults (Hugo's `[sitemap]`; always the
    /// default for Zola, which has none). A language may replace them:
    /// see [`Site::sitemap_for`].
    pub sitemap: SiteSitemap,
    /// Language code -> its own sitemap table (Hugo's
    /// `[languages.xx.sitemap]`), which replaces [`Site::sitemap`] for that
    /// language as a whole.
    pub language_sitemaps: BTreeMap<String, SiteSitemap>,
    /// A multihost site's hosts (Hugo: a language with a `baseURL` of its
    /// own): language code -> the base URL its pages are served at.
    /// Each language is published in [`Site::output_dir`]`/<lang>/` and
    /// needs a sitemap of its own there; [`Site::base_url`] is then the
    /// default language's. Empty for a site with one host.
    pub hosts: BTreeMap<String, Loc>,
    /// Language code -> hreflang tag where they differ (Hugo's
    /// `languageCode` or `locale`).
    pub hreflangs: BTreeMap<String, String>,
    /// What the generator's crate read of the site, which answers for
    /// the rest ([`Generator`]).
    generator: Box<dyn Generator>,
    options: SiteOptions,
    /// Each language's own name, title and description ([`Site::site_languages`]).
    language_texts: site_languages::LanguageTexts,
}

/// Detects the generator of the site in `root` from its configuration
/// files.
pub fn detect(root: &Path) -> Result<Flavor, Error> {
    config::detect(root).map(|(flavor, _)| flavor)
}

impl Site {
    /// A site as a generator's crate opened it: `generator` is what it
    /// read, and answers for the rest. The other fields start as a
    /// one-language site's with the generator's default folders
    /// (`content/`, `public/`), no title, and the base URL read from
    /// `config_path`; the generator sets what its configuration says.
    pub fn new(
        flavor: Flavor,
        root: &Path,
        config_path: PathBuf,
        base_url: Loc,
        generator: Box<dyn Generator>,
        options: &SiteOptions,
    ) -> Site {
        Site {
            flavor,
            root: root.to_path_buf(),
            base_url_from: config_path.clone(),
            configured_base_url: None,
            config_path,
            base_url,
            content_dir: root.join("content"),
            output_dir: root.join("public"),
            default_language: String::new(),
            languages: Vec::new(),
            title: None,
            description: None,
            sitemap: SiteSitemap::default(),
            language_sitemaps: BTreeMap::new(),
            hosts: BTreeMap::new(),
            hreflangs: BTreeMap::new(),
            generator,
            options: options.clone(),
            language_texts: site_languages::LanguageTexts::new(),
        }
    }

    /// How the site was asked to be opened.
    pub fn options(&self) -> &SiteOptions {
        &self.options
    }

    /// The language whose version is each group's `x-default`, as
    /// [`SiteOptions::x_default`] chooses; `None` for none.
    pub fn x_default_language(&self) -> Option<String> {
        match &self.options.x_default {
            XDefault::DefaultLanguage => Some(self.default_language.clone()),
            XDefault::None => None,
            XDefault::Language(code) => Some(code.clone()),
        }
    }

    /// The lastmod precedence the site configures (Hugo's
    /// `[frontmatter] lastmod`), which the scan takes as its default.
    pub fn lastmod_precedence(&self) -> Option<&[LastmodSource]> {
        self.generator.lastmod_precedence()
    }

    /// The sitemap defaults of a language's pages: its own table if it
    /// has one, else the site's (as Hugo 0.111.3 reads them: a
    /// language's table is not merged with the site's).
    pub fn sitemap_for(&self, lang: &str) -> &SiteSitemap {
        self.language_sitemaps.get(lang).unwrap_or(&self.sitemap)
    }

    /// The generator's version the scan follows and where that came from
    /// (`Hugo 0.168.0 (the hugo on PATH)`), for the report; `None` where
    /// the generator's versions make no difference to the scan.
    pub fn version_followed(&self) -> Option<String> {
        self.generator.version_followed()
    }

    /// How the generator renders Markdown, for reading a page's images.
    pub fn dialect(&self) -> Dialect {
        self.generator.dialect()
    }

    /// Walks the content folder and lists every URL the generator would
    /// publish in its sitemap.
    pub fn scan(&self) -> Result<ContentScan, Error> {
        let mut scan = self.generator.scan(self)?;
        if scan.hreflangs.is_empty() {
            scan.hreflangs = self.hreflangs.clone();
        }
        scan.finish();
        Ok(scan)
    }
}

/// What kind of page a URL is, in the generators' words.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[non_exhaustive]
pub enum PageKind {
    /// The site's (or a language's) home page.
    Home,
    /// A section (`_index.md`; in Hugo also a top-level folder).
    Section,
    /// A regular page (a file, or an `index.md` bundle).
    Page,
    /// One page of a paginated section or term (Zola `page/N/`).
    Pagination,
    /// A taxonomy's list of terms (`/tags/`).
    Taxonomy,
    /// One term's page (`/tags/rust/`).
    Term,
}

impl PageKind {
    /// Lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            PageKind::Home => "home",
            PageKind::Section => "section",
            PageKind::Page => "page",
            PageKind::Pagination => "pagination",
            PageKind::Taxonomy => "taxonomy",
            PageKind::Term => "term",
        }
    }
}

/// One URL the generator publishes.
#[derive(Clone, PartialEq, Debug)]
#[non_exhaustive]
pub struct ContentPage {
    /// The content file it comes from; `None` for pages the generator makes
    /// up (a home page without `_index.md`, pagination, taxonomies).
    pub source: Option<PathBuf>,
    /// What it is.
    pub kind: PageKind,
    /// Its absolute URL.
    pub loc: Loc,
    /// Its language code.
    pub lang: String,
    /// The title its generator gives a list page it makes without one in
    /// a file (a taxonomy's, a term's: Hugo's default titles, Zola's
    /// names), which the page's own front matter `title` overrides.
    pub title: Option<String>,
    /// What its front matter says for the sitemap (exclusion, changefreq,
    /// priority, lastmod, date), read by the shared source layer; empty for
    /// made-up pages. For Zola pages with a date in the file name and no
    /// `date` key, that date counts, as in Zola. Only these are kept, not
    /// the whole front matter: on a large site every page's map held to
    /// the end was most of a scan's memory.
    pub overrides: Overrides,
    /// Every language version of the page, this one included, plus
    /// `x-default` as [`SiteOptions::x_default`] chooses (by default the
    /// default language's version); empty when the page has no
    /// translation.
    pub alternates: Vec<Alternate>,
    /// Pages that are the same content in other languages share this key.
    pub translation_key: Option<String>,
    /// The list pages (home, sections, taxonomies, terms; indices into
    /// [`ContentScan::pages`]) whose lastmod this page's counts toward,
    /// as the generator assigns it, whatever its URL: Hugo, the sections
    /// of every folder above it and the home page, plus the terms it
    /// names and their taxonomies; Zola, its section and the sections a
    /// transparent one passes it up to, plus its terms and their
    /// taxonomies. A section is itself a member of the lists above it.
    /// Indices, not URLs: on a large site most pages hold two or three.
    pub member_of: Vec<u32>,
    /// For a pager (`section/page/2/`), the list page it is one page of
    /// (an index into [`ContentScan::pages`]): it changes when that one does.
    pub pager_of: Option<u32>,
    /// With [`SiteOptions::images`]: the images its source names; `None`
    /// for a page without a content file (a generated list page shows
    /// only what its template makes).
    pub images: Option<Box<SourceImages>>,
}

/// The images a content file names, before they are resolved against
/// the page's URL.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SourceImages {
    /// Front matter keys' images (Hugo's `images`, `image-keys`), first:
    /// a cover image is the page's main one.
    pub front: Vec<FrontImage>,
    /// The body's images, in document order.
    pub body: MarkdownImages,
}

impl ContentPage {
    /// A page the generator publishes at `loc`, with nothing else known yet.
    pub fn new(kind: PageKind, loc: Loc, lang: &str) -> ContentPage {
        ContentPage {
            source: None,
            kind,
            loc,
            lang: lang.to_owned(),
            title: None,
            overrides: Overrides::default(),
            alternates: Vec::new(),
            translation_key: None,
            member_of: Vec::new(),
            pager_of: None,
            images: None,
        }
    }
}

/// The sitemap overrides in a content file's front matter; errors name the
/// file relative to the site root, as the source layer's other errors do.
pub fn overrides_of(site: &Site, path: &Path, fm: &FrontMatter) -> Result<Overrides, Error> {
    let rel = paths::below(path, &site.root).unwrap_or(path);
    Ok(Overrides::from_front_matter(rel, fm)?)
}

/// With images on, the images of the content file `path`: its front
/// matter keys' (errors name the file relative to the site root) and the
/// body's the walk read.
pub fn images_of(
    site: &Site,
    path: &Path,
    fm: &FrontMatter,
    body: Option<&MarkdownImages>,
) -> Result<Option<Box<SourceImages>>, Error> {
    let Some(keys) = &site.options.images else {
        return Ok(None);
    };
    // Hugo's own Open Graph and Twitter templates list `images`, so it is
    // read first unless named. Unnamed, a value that is not image URLs is
    // passed over, not refused: a theme may keep something else there
    // (zzo's galleries keep `{image, caption}` tables), and Hugo builds
    // such a site.
    let implied =
        site.flavor == Flavor::Hugo && !keys.iter().any(|k| k.eq_ignore_ascii_case("images"));
    // `index.md`, `_index.md`, `index.fr.md`: a bundle, whose files are
    // published beside the page.
    let stem = path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.split('.').next())
        .unwrap_or_default();
    let bundle_dir = matches!(stem, "index" | "_index")
        .then(|| path.parent())
        .flatten();
    let rel = paths::below(path, &site.root).unwrap_or(path);
    let mut front = if implied {
        front_matter_images(rel, fm, &["images".to_owned()], bundle_dir).unwrap_or_default()
    } else {
        Vec::new()
    };
    front.extend(front_matter_images(rel, fm, keys, bundle_dir)?);
    Ok(Some(Box::new(SourceImages {
        front,
        body: body.cloned().unwrap_or_default(),
    })))
}
