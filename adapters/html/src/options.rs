//! What a scan is told: the site's base URL and how its paths become URLs.

use std::fmt;
use std::sync::Arc;

use sitemap_core::{Lastmod, Loc};
use sitemap_pages::images::ImageRules;

pub use sitemap_pages::TrailingSlash;

/// A page found in the built output, as handed to a [`SourceLastmod`].
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct BuiltPage<'a> {
    /// The file's path under the scanned directory, `/`-separated
    /// (`blog/hello/index.html`).
    pub path: &'a str,
    /// The URL the page is listed under.
    pub loc: &'a Loc,
}

/// Maps a built page back to the source it was built from and says when
/// that source last changed (from git history, front matter, a file's
/// mtime: whatever the source layer trusts).
///
/// A page's own markup (`article:modified_time`, JSON-LD `dateModified`, …)
/// wins over this; this wins over nothing. Any
/// `Fn(&BuiltPage) -> Option<Lastmod> + Send + Sync` is one.
pub trait SourceLastmod: Send + Sync {
    /// The lastmod of the source of `page`, if it is known.
    fn lastmod(&self, page: &BuiltPage<'_>) -> Option<Lastmod>;

    /// Why the source of `page` leaves it out of the sitemap, when its
    /// front matter does (`sitemap.disable`, `build.list: never`, a
    /// draft built anyway, `sitemap = false`): the generator's own
    /// sitemap would not list it either. `None` by default.
    fn left_out(&self, _page: &BuiltPage<'_>) -> Option<crate::Reason> {
        None
    }
}

impl<F> SourceLastmod for F
where
    F: Fn(&BuiltPage<'_>) -> Option<Lastmod> + Send + Sync,
{
    fn lastmod(&self, page: &BuiltPage<'_>) -> Option<Lastmod> {
        self(page)
    }
}

/// Options for [`scan`](crate::scan).
///
/// ```
/// use sitemap_html::{HtmlOptions, TrailingSlash};
///
/// let options = HtmlOptions::new("https://example.org/docs/".parse()?)
///     .with_trailing_slash(TrailingSlash::Always)
///     .with_exclude(["drafts/**", "**/print.html"]);
/// assert_eq!(options.exclude.len(), 2);
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
#[derive(Clone)]
#[non_exhaustive]
pub struct HtmlOptions {
    /// The URL the directory is published at (`site-url`, `base_url`). A
    /// missing trailing `/` is added: a base URL names a folder.
    pub base_url: Loc,
    /// How `dir/index.html` becomes a URL.
    pub trailing_slash: TrailingSlash,
    /// Drop `.html` from other files' URLs (`about.html` → `about`), for
    /// hosts that serve "clean URLs" (Cloudflare Pages, Vercel
    /// `cleanUrls`). Off by default: a plain host serves `about.html` only
    /// as `about.html`.
    pub clean_urls: bool,
    /// Glob patterns (globset syntax, matched against the path under the
    /// directory with `/` separators; `*` also crosses `/`) of files to
    /// leave out.
    pub exclude: Vec<String>,
    /// The `<meta name>`s whose `noindex`/`none` leaves a page out, compared
    /// without case. Default: `robots`, `googlebot`, `bingbot`: one
    /// sitemap is submitted to every engine, and a page its author keeps
    /// out of any engine's index is not one to advertise (leaving a page
    /// out of a sitemap never removes it from an index; listing a noindex
    /// page is reported as an error by Search Console).
    pub robots_names: Vec<String>,
    /// Also scan hidden files and directories (names starting with `.`).
    /// Off by default: `.git`, `.well-known` and editor files are not pages.
    pub hidden: bool,
    /// Follow symbolic links. Off by default, as in the hosts' own upload
    /// tools; loops are detected when on.
    pub follow_links: bool,
    /// Worker threads for reading files; 0 (the default) picks four per
    /// CPU, from 4 to 32, since reading is mostly waiting for the disk when
    /// the site is not in the page cache.
    pub threads: usize,
    /// Where lastmod comes from when a page's markup has none (see
    /// [`SourceLastmod`]). Never the built file's mtime: that is the build
    /// time, not when the page changed.
    pub source_lastmod: Option<Arc<dyn SourceLastmod>>,
    /// List each page's images (`images = true`) by these rules: then the
    /// body is read too, for the images of the main content (see the crate
    /// doc). `None` (the default): only heads are read.
    pub images: Option<ImageRules>,
    /// With [`HtmlOptions::images`], also list the head's
    /// `<meta property="og:image">` (`og-image = true`): the picture
    /// shown when the page is shared, often not in its content.
    pub og_image: bool,
    /// Counts each HTML file the walk reads (for a progress display).
    pub files: sitemap_core::progress::FileCount,
}

impl HtmlOptions {
    /// How the body is read for images, when they are listed.
    pub(crate) fn body_images(&self) -> Option<crate::head::BodyImages> {
        self.images.as_ref().map(|_| crate::head::BodyImages {
            og_image: self.og_image,
        })
    }

    /// Defaults for a site published at `base_url`.
    pub fn new(base_url: Loc) -> HtmlOptions {
        HtmlOptions {
            base_url,
            trailing_slash: TrailingSlash::default(),
            clean_urls: false,
            exclude: Vec::new(),
            robots_names: ["robots", "googlebot", "bingbot"]
                .map(String::from)
                .to_vec(),
            hidden: false,
            follow_links: false,
            threads: 0,
            source_lastmod: None,
            images: None,
            og_image: false,
            files: sitemap_core::progress::FileCount::default(),
        }
    }

    /// Sets [`HtmlOptions::files`].
    #[must_use]
    pub fn with_file_count(mut self, files: sitemap_core::progress::FileCount) -> HtmlOptions {
        self.files = files;
        self
    }

    /// Sets [`HtmlOptions::trailing_slash`].
    #[must_use]
    pub fn with_trailing_slash(mut self, trailing_slash: TrailingSlash) -> HtmlOptions {
        self.trailing_slash = trailing_slash;
        self
    }

    /// Sets [`HtmlOptions::clean_urls`].
    #[must_use]
    pub fn with_clean_urls(mut self, clean_urls: bool) -> HtmlOptions {
        self.clean_urls = clean_urls;
        self
    }

    /// Adds exclude globs.
    #[must_use]
    pub fn with_exclude<I, S>(mut self, patterns: I) -> HtmlOptions
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.exclude.extend(patterns.into_iter().map(Into::into));
        self
    }

    /// Sets [`HtmlOptions::robots_names`].
    #[must_use]
    pub fn with_robots_names<I, S>(mut self, names: I) -> HtmlOptions
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.robots_names = names.into_iter().map(Into::into).collect();
        self
    }

    /// Sets [`HtmlOptions::hidden`].
    #[must_use]
    pub fn with_hidden(mut self, hidden: bool) -> HtmlOptions {
        self.hidden = hidden;
        self
    }

    /// Sets [`HtmlOptions::follow_links`].
    #[must_use]
    pub fn with_follow_links(mut self, follow_links: bool) -> HtmlOptions {
        self.follow_links = follow_links;
        self
    }

    /// Sets [`HtmlOptions::threads`].
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> HtmlOptions {
        self.threads = threads;
        self
    }

    /// Sets [`HtmlOptions::images`].
    #[must_use]
    pub fn with_images(mut self, rules: ImageRules) -> HtmlOptions {
        self.images = Some(rules);
        self
    }

    /// Sets [`HtmlOptions::og_image`].
    #[must_use]
    pub fn with_og_image(mut self, og_image: bool) -> HtmlOptions {
        self.og_image = og_image;
        self
    }

    /// Sets [`HtmlOptions::source_lastmod`].
    #[must_use]
    pub fn with_source_lastmod(mut self, source: impl SourceLastmod + 'static) -> HtmlOptions {
        self.source_lastmod = Some(Arc::new(source));
        self
    }
}

impl fmt::Debug for HtmlOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HtmlOptions")
            .field("base_url", &self.base_url)
            .field("trailing_slash", &self.trailing_slash)
            .field("clean_urls", &self.clean_urls)
            .field("exclude", &self.exclude)
            .field("robots_names", &self.robots_names)
            .field("hidden", &self.hidden)
            .field("follow_links", &self.follow_links)
            .field("threads", &self.threads)
            .field("source_lastmod", &self.source_lastmod.as_ref().map(|_| "…"))
            .field("images", &self.images)
            .field("og_image", &self.og_image)
            .finish()
    }
}
