//! The builder: what to scan ([`Sitemap::content`], `Sitemap::html`,
//! [`Sitemap::pages`]) and a method per settings key, each setting a
//! field of the one [`Settings`] the engine reads. [`Sitemap::write`]
//! (`run.rs`) does the work.

use std::path::PathBuf;

use sitemap_core::{ChangeFreq, Priority};
use sitemap_engine::{
    FileFormat, Flavor, GitDate, LastmodDep, LastmodSource, Layer, LimitsName, Origin, Resolved,
    Settings, ShallowPolicy, TrailingSlash, Uncommitted,
};

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

/// A builder method per settings key.
macro_rules! setting {
    ($(#[$doc:meta])* $name:ident($($field:ident).+: $ty:ty)) => {
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

    /// Where to write the sitemap (and robots.txt): the `out` key.
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Sitemap {
        self.settings.out = Some(dir.into());
        self
    }

    /// Where lastmod comes from, first match wins.
    pub fn lastmod(mut self, precedence: impl IntoIterator<Item = LastmodSource>) -> Sitemap {
        self.settings.lastmod = Some(precedence.into_iter().collect());
        self
    }

    /// Only pages whose source matches one of these globs.
    pub fn include(mut self, globs: impl IntoIterator<Item = impl Into<String>>) -> Sitemap {
        self.settings.include = Some(globs.into_iter().map(Into::into).collect());
        self
    }

    /// Leave out pages whose source matches one of these globs.
    pub fn exclude(mut self, globs: impl IntoIterator<Item = impl Into<String>>) -> Sitemap {
        self.settings.exclude = Some(globs.into_iter().map(Into::into).collect());
        self
    }

    setting!(
        /// The site's base URL, instead of its configuration's.
        base_url(base_url: impl Into<String>)
    );
    setting!(
        /// The generator, instead of detecting it.
        flavor(flavor: Flavor)
    );
    setting!(
        /// With a built HTML folder: the sources its pages come from, for lastmod.
        html_source(html_source: impl Into<PathBuf>)
    );
    setting!(
        /// With a built HTML folder: list `page.html` as `page`.
        clean_urls(clean_urls: bool)
    );
    setting!(
        /// With a built HTML folder: how `dir/index.html` is listed.
        trailing_slash(trailing_slash: TrailingSlash)
    );
    setting!(
        /// List drafts too.
        include_drafts(include_drafts: bool)
    );
    setting!(
        /// The changefreq of pages that set none.
        changefreq(changefreq: ChangeFreq)
    );
    setting!(
        /// The priority of pages that set none.
        priority(priority: Priority)
    );
    setting!(
        /// Which date of a commit is the lastmod.
        git_date(git.date: GitDate)
    );
    setting!(
        /// What a shallow clone's cut-off history gives.
        git_shallow(git.shallow: ShallowPolicy)
    );
    setting!(
        /// What an edited or untracked file gives.
        git_uncommitted(git.uncommitted: Uncommitted)
    );
    setting!(
        /// Seconds any one `git` process may take before the run fails;
        /// 0 for no limit.
        git_timeout(git.timeout: u64)
    );
    setting!(
        /// Commits that do not count, listed as in `.git-blame-ignore-revs`
        /// (read by default when present at the repository root); an
        /// empty path for none.
        git_ignore_revs(git.ignore_revs: impl Into<PathBuf>)
    );
    setting!(
        /// The root file's name (`sitemap.xml`); split sets name their
        /// files after it.
        filename(filename: impl Into<String>)
    );
    setting!(
        /// `<urlset>` XML (the default) or plain text.
        format(format: FileFormat)
    );
    setting!(
        /// Size limits per file (default [`LimitsName::Legacy`]).
        limits(limits: LimitsName)
    );
    setting!(
        /// At most this many URLs a file; past it the set is split.
        max_urls(max_urls: u64)
    );
    setting!(
        /// Add or update the `Sitemap:` line in `robots.txt` in the
        /// output folder (merged, never replaced).
        robots(robots: bool)
    );
    setting!(
        /// Write `sitemap.xsl` beside the sitemap and reference it.
        stylesheet(stylesheet: bool)
    );
    setting!(
        /// Write `sitemap.html` for visitors.
        html_page(html_page: bool)
    );
    setting!(
        /// After writing, check the set against the output folder's
        /// built pages (needs the `html` feature). A build script's
        /// folder usually holds no page yet: the sitemaps are then
        /// checked alone, with a warning.
        check_site(check_site: bool)
    );
    setting!(
        /// Keep a lastmod ledger in this file (commit it, or keep it in
        /// the CI cache): a page whose content did not change keeps its
        /// lastmod.
        ledger(ledger: impl Into<PathBuf>)
    );

    /// Gzip the files (needs the `gzip` feature).
    pub fn gzip(mut self, gzip: bool) -> Sitemap {
        self.settings.gzip = Some(gzip);
        self
    }

    /// Files besides a page's own whose git dates count towards its
    /// lastmod ([`LastmodDep::Bundle`]: a page bundle's resources).
    pub fn lastmod_deps(mut self, deps: impl IntoIterator<Item = LastmodDep>) -> Sitemap {
        self.settings.lastmod_deps = Some(deps.into_iter().collect());
        self
    }

    setting!(
        /// List the images each page shows (Google's image extension).
        images(images: bool)
    );

    /// Hosts besides the site's own whose images are listed (a CDN):
    /// names or globs such as `*.cloudfront.net`.
    pub fn image_hosts<S: Into<String>>(mut self, hosts: impl IntoIterator<Item = S>) -> Sitemap {
        self.settings.image_hosts = Some(hosts.into_iter().map(Into::into).collect());
        self
    }

    /// Front matter keys holding a page's images (dotted for nested
    /// keys: `extra.cover`).
    pub fn image_keys<S: Into<String>>(mut self, keys: impl IntoIterator<Item = S>) -> Sitemap {
        self.settings.image_keys = Some(keys.into_iter().map(Into::into).collect());
        self
    }

    setting!(
        /// With [`images`](Self::images) on built HTML: also list each
        /// page's `og:image`.
        og_image(og_image: bool)
    );
}
