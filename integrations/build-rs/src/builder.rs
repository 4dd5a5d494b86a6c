//! The builder: what to scan ([`Sitemap::content`], `Sitemap::html`,
//! [`Sitemap::pages`]) and a method per settings key, each setting a
//! field of the one [`Settings`] the engine reads. [`Sitemap::write`]
//! (`run.rs`) does the work.

use std::path::PathBuf;

use sitemap_core::{ChangeFreq, Priority};
use sitemap_engine::{
    FileFormat, Flavor, GitDate, LastmodDep, LastmodSource, Layer, LimitsName, Origin, Resolved,
    Settings, ShallowPolicy, SplitBy, TrailingSlash, Uncommitted,
};

use sitemap_engine::RobotsDisallowed;

use crate::Page;

#[derive(Clone, Debug)]
pub(crate) enum What {
    Content(PathBuf),
    #[cfg(feature = "html")]
    Html(PathBuf),
    Pages(Vec<Page>),
}

/// What to scan and how to write it; [`Sitemap::write`] does the work.
#[derive(Clone, Debug)]
#[must_use = "nothing is written until `write` is called"]
pub struct Sitemap {
    pub(crate) what: What,
    pub(crate) root: Option<PathBuf>,
    pub(crate) config: Option<PathBuf>,
    pub(crate) settings: Settings,
}

/// A builder method per settings key, named and documented as the key's
/// entry in [`sitemap_engine::keys`] (`$name` is the entry's Rust name);
/// doc lines given here follow the table's, for what only build.rs needs
/// to say (a feature to enable).
macro_rules! setting {
    ($(#[$doc:meta])* $name:ident($($field:ident).+: $ty:ty)) => {
        #[doc = sitemap_engine::key_doc!($name)]
        $(#[$doc])*
        pub fn $name(mut self, value: $ty) -> Sitemap {
            self.settings.$($field).+ = Some(value.into());
            self
        }
    };
}

impl Sitemap {
    fn new(what: What, root: Option<PathBuf>) -> Sitemap {
        Sitemap {
            what,
            root,
            config: None,
            settings: Settings::default(),
        }
    }

    /// A Zola or Hugo site at `root` (the folder with `zola.toml`,
    /// `config.toml`, `hugo.toml`, …). Output goes to the site's own output
    /// folder (`public/`) unless [`out_dir`](Self::out_dir) says otherwise.
    pub fn content(root: impl Into<PathBuf>) -> Sitemap {
        let root = root.into();
        Sitemap::new(What::Content(root.clone()), Some(root))
    }

    /// A built HTML folder (`public/`, `_site/`, `dist/`) published at
    /// [`base_url`](Self::base_url); written into that folder unless
    /// [`out_dir`](Self::out_dir) says otherwise. Its `sitemap.toml`, if
    /// any, is looked for in `dir`.
    #[cfg(feature = "html")]
    pub fn html(dir: impl Into<PathBuf>, base_url: impl Into<String>) -> Sitemap {
        let dir = dir.into();
        Sitemap::new(What::Html(dir.clone()), Some(dir)).base_url(base_url)
    }

    /// The pages a program lists itself, published under `base_url`.
    /// Needs an [`out_dir`](Self::out_dir). Page sources are relative to
    /// [`root`](Self::root) (default: the working directory, which in a
    /// build script is the package's folder); no `sitemap.toml` is read
    /// unless [`config`](Self::config) names one.
    pub fn pages(base_url: impl Into<String>, pages: impl IntoIterator<Item = Page>) -> Sitemap {
        Sitemap::new(What::Pages(pages.into_iter().collect()), None).base_url(base_url)
    }

    /// The folder page sources are relative to (for [`Sitemap::pages`]).
    pub fn root(mut self, root: impl Into<PathBuf>) -> Sitemap {
        self.root = Some(root.into());
        self
    }

    /// The settings file, instead of `sitemap.toml` in the root; it must
    /// exist.
    pub fn config(mut self, path: impl Into<PathBuf>) -> Sitemap {
        self.config = Some(path.into());
        self
    }

    /// Every key of `settings` that is set, over the builder's own.
    pub fn settings(mut self, settings: Settings) -> Sitemap {
        let layers = [
            Layer::new(settings, Origin::Builder),
            Layer::new(self.settings, Origin::Builder),
        ];
        self.settings = Resolved::new(&layers).settings;
        self
    }

    #[doc = sitemap_engine::key_doc!(out)]
    /// (The `out` key.)
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Sitemap {
        self.settings.out = Some(dir.into());
        self
    }

    #[doc = sitemap_engine::key_doc!(lastmod)]
    pub fn lastmod(mut self, precedence: impl IntoIterator<Item = LastmodSource>) -> Sitemap {
        self.settings.lastmod = Some(precedence.into_iter().collect());
        self
    }

    #[doc = sitemap_engine::key_doc!(include)]
    pub fn include(mut self, globs: impl IntoIterator<Item = impl Into<String>>) -> Sitemap {
        self.settings.include = Some(globs.into_iter().map(Into::into).collect());
        self
    }

    #[doc = sitemap_engine::key_doc!(exclude)]
    pub fn exclude(mut self, globs: impl IntoIterator<Item = impl Into<String>>) -> Sitemap {
        self.settings.exclude = Some(globs.into_iter().map(Into::into).collect());
        self
    }

    setting!(base_url(base_url: impl Into<String>));
    setting!(flavor(flavor: Flavor));
    setting!(html_source(html_source: impl Into<PathBuf>));
    setting!(clean_urls(clean_urls: bool));
    setting!(trailing_slash(trailing_slash: TrailingSlash));
    setting!(include_drafts(include_drafts: bool));
    setting!(changefreq(changefreq: ChangeFreq));
    setting!(priority(priority: Priority));
    setting!(git_date(git.date: GitDate));
    setting!(git_shallow(git.shallow: ShallowPolicy));
    setting!(git_uncommitted(git.uncommitted: Uncommitted));
    setting!(git_timeout(git.timeout: u64));
    setting!(git_ignore_revs(git.ignore_revs: impl Into<PathBuf>));
    setting!(filename(filename: impl Into<String>));
    setting!(format(format: FileFormat));
    setting!(limits(limits: LimitsName));
    setting!(max_urls(max_urls: u64));
    setting!(robots(robots: bool));
    setting!(stylesheet(stylesheet: bool));
    setting!(html_page(html_page: bool));
    setting!(
        /// Needs the `html` feature.
        check_site(check_site: bool)
    );
    setting!(ledger(ledger: impl Into<PathBuf>));

    #[doc = sitemap_engine::key_doc!(gzip)]
    /// Needs the `gzip` feature.
    pub fn gzip(mut self, gzip: bool) -> Sitemap {
        self.settings.gzip = Some(gzip);
        self
    }

    #[doc = sitemap_engine::key_doc!(lastmod_deps)]
    pub fn lastmod_deps(mut self, deps: impl IntoIterator<Item = LastmodDep>) -> Sitemap {
        self.settings.lastmod_deps = Some(deps.into_iter().collect());
        self
    }

    setting!(images(images: bool));

    #[doc = sitemap_engine::key_doc!(image_hosts)]
    pub fn image_hosts<S: Into<String>>(mut self, hosts: impl IntoIterator<Item = S>) -> Sitemap {
        self.settings.image_hosts = Some(hosts.into_iter().map(Into::into).collect());
        self
    }

    #[doc = sitemap_engine::key_doc!(image_keys)]
    pub fn image_keys<S: Into<String>>(mut self, keys: impl IntoIterator<Item = S>) -> Sitemap {
        self.settings.image_keys = Some(keys.into_iter().map(Into::into).collect());
        self
    }

    setting!(og_image(og_image: bool));

    #[doc = sitemap_engine::key_doc!(exclude_urls)]
    pub fn exclude_urls(mut self, globs: impl IntoIterator<Item = impl Into<String>>) -> Sitemap {
        self.settings.exclude_urls = Some(globs.into_iter().map(Into::into).collect());
        self
    }

    #[doc = sitemap_engine::key_doc!(include_urls)]
    pub fn include_urls(mut self, globs: impl IntoIterator<Item = impl Into<String>>) -> Sitemap {
        self.settings.include_urls = Some(globs.into_iter().map(Into::into).collect());
        self
    }
    setting!(robots_disallowed(robots_disallowed: RobotsDisallowed));
    setting!(
        /// `SplitBy::Section`, or `SplitBy::Globs(vec![("/blog/**".into(),
        /// "blog".into())])`.
        split_by(split_by: SplitBy)
    );
    setting!(llms_txt(llms_txt: bool));
    setting!(strict(strict: bool));
    setting!(
        /// `"default-language"`, `"none"` or a language code.
        x_default(x_default: &str)
    );
    setting!(
        /// `"0.168.0"`: the Hugo that builds the site.
        hugo_version(hugo_version: &str)
    );
}
