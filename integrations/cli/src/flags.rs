//! The flags of the settings table: each key of
//! [`sitemap_engine::keys::KEYS`] is a flag of the same name (`--max-urls`,
//! `--git-date` for `[git] date`), each true/false key also a `--no-…`
//! flag, so a flag overrides `sitemap.toml` both ways. The flags make the
//! top [`Layer`] of the job's settings.

use std::path::PathBuf;

use clap::Args;
use sitemap_core::{ChangeFreq, Priority};
use sitemap_engine::settings::parse_value;
use sitemap_engine::{
    FileFormat, Flavor, GitDate, LastmodDep, LastmodSource, Layer, LimitsName, Origin, Settings,
    ShallowPolicy, TrailingSlash, Uncommitted,
};

/// A flag's word, read as the settings file reads it.
fn word<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, String> {
    parse_value(s)
}

/// What is written, and where.
#[derive(Args, Debug, Default)]
pub(crate) struct OutputArgs {
    /// Where to write (default: Zola `output_dir`, Hugo `publishDir`, the HTML folder).
    #[arg(long, short, value_name = "DIR")]
    pub(crate) out: Option<PathBuf>,
    /// The root file's name (default `sitemap.xml`); split sets name their files after it; never a file the site or the tool owns (robots.txt, llms.txt, a page, a feed, the stylesheet, the ledger, the key file).
    #[arg(long, value_name = "NAME")]
    filename: Option<String>,
    /// File format.
    #[arg(long, value_name = "xml|txt", value_parser = word::<FileFormat>)]
    format: Option<FileFormat>,
    /// Gzip the files (`sitemap.xml.gz`).
    #[arg(long, overrides_with = "no_gzip")]
    gzip: bool,
    /// Write plain files (overrides `gzip = true`).
    #[arg(long, overrides_with = "gzip")]
    no_gzip: bool,
    /// Size limits per file: legacy (10 MB) or sitemaps-org (50 MB).
    #[arg(long, value_name = "legacy|sitemaps-org", value_parser = word::<LimitsName>)]
    limits: Option<LimitsName>,
    /// At most N URLs per sitemap file (below the limits' 50,000), for consumers that prefer
    /// smaller files; past it the set is split into an index.
    #[arg(long, value_name = "N", value_parser = crate::values::max_urls)]
    max_urls: Option<u64>,
    /// Add or update the `Sitemap:` line in robots.txt in the output folder.
    #[arg(long, overrides_with = "no_robots")]
    robots: bool,
    /// Leave robots.txt alone (overrides `robots = true`).
    #[arg(long, overrides_with = "robots")]
    no_robots: bool,
    /// Write sitemap.xsl beside the sitemap and reference it, so a browser shows the sitemap as a sortable table.
    #[arg(long, overrides_with = "no_stylesheet")]
    stylesheet: bool,
    /// Write no stylesheet (overrides `stylesheet = true`).
    #[arg(long, overrides_with = "stylesheet")]
    no_stylesheet: bool,
    /// Write sitemap.html: every page by section, with its title, for the site's visitors.
    #[arg(long, overrides_with = "no_html_page")]
    html_page: bool,
    /// Write no sitemap.html (overrides `html-page = true`).
    #[arg(long, overrides_with = "html_page")]
    no_html_page: bool,
    /// After writing, check the set against the built pages of the output folder, as `validate --site` does; an error fails the run.
    #[arg(long, overrides_with = "no_check_site")]
    check_site: bool,
    /// Do not check the set against the site (overrides `check-site = true`).
    #[arg(long, overrides_with = "check_site")]
    no_check_site: bool,
}

impl OutputArgs {
    fn fill(&self, s: &mut Settings) {
        s.out.clone_from(&self.out);
        s.filename.clone_from(&self.filename);
        s.format = self.format;
        s.gzip = either(self.gzip, self.no_gzip);
        s.limits = self.limits;
        s.max_urls = self.max_urls;
        s.robots = either(self.robots, self.no_robots);
        s.stylesheet = either(self.stylesheet, self.no_stylesheet);
        s.html_page = either(self.html_page, self.no_html_page);
        s.check_site = either(self.check_site, self.no_check_site);
    }

    /// The flags' layer.
    pub(crate) fn layer(&self, base_url: Option<&str>) -> Layer {
        let mut s = Settings::default();
        self.fill(&mut s);
        s.base_url = base_url.map(str::to_owned);
        Layer::new(s, Origin::Flag)
    }
}

/// Which pages are listed, and their values.
#[derive(Args, Debug, Default)]
pub(crate) struct SourceArgs {
    /// The generator, instead of detecting it.
    #[arg(long, value_name = "zola|hugo|html", value_parser = word::<Flavor>)]
    flavor: Option<Flavor>,
    /// Scan this built HTML folder (pages as published) instead of content.
    #[arg(long, value_name = "DIR")]
    html: Option<PathBuf>,
    /// With --html: the source folder the built pages come from (same paths, `.md` or `.html`),
    /// for lastmod from its front matter and git history instead of none.
    #[arg(long, value_name = "DIR")]
    html_source: Option<PathBuf>,
    /// With --html: list `page.html` as `page` (clean URLs, as VitePress `cleanUrls`, Cloudflare
    /// Pages and Vercel serve them).
    #[arg(long, overrides_with = "no_clean_urls")]
    clean_urls: bool,
    /// Do not list `page.html` as `page` (overrides `clean-urls = true`).
    #[arg(long, overrides_with = "clean_urls")]
    no_clean_urls: bool,
    /// With --html: `dir/index.html` as `dir/` (always), `dir` (never), or `dir/index.html` (keep).
    #[arg(long, value_name = "always|never|keep", value_parser = word::<TrailingSlash>)]
    trailing_slash: Option<TrailingSlash>,
    /// Only list sources matching this glob (relative to the site root; repeatable).
    #[arg(long, value_name = "GLOB")]
    include: Vec<String>,
    /// Leave out sources matching this glob (repeatable).
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,
    /// List drafts too.
    #[arg(long, visible_alias = "drafts", overrides_with = "no_include_drafts")]
    include_drafts: bool,
    /// Leave drafts out (overrides `include-drafts = true`).
    #[arg(long, visible_alias = "no-drafts", overrides_with = "include_drafts")]
    no_include_drafts: bool,
    /// Where lastmod comes from, first match wins: front-matter, git, date, mtime.
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = word::<LastmodSource>)]
    lastmod: Vec<LastmodSource>,
    /// Default changefreq for pages that set none.
    #[arg(long, value_name = "FREQ", value_parser = crate::values::changefreq)]
    changefreq: Option<ChangeFreq>,
    /// Default priority for pages that set none.
    #[arg(long, value_name = "0.0-1.0", value_parser = crate::values::priority)]
    priority: Option<Priority>,
    /// Which date of a commit is the lastmod: committer or author.
    #[arg(long, value_name = "committer|author", value_parser = word::<GitDate>)]
    git_date: Option<GitDate>,
    /// What to do in a shallow git clone: warn, fail or omit.
    #[arg(long, visible_alias = "shallow", value_name = "warn|fail|omit", value_parser = word::<ShallowPolicy>)]
    git_shallow: Option<ShallowPolicy>,
    /// An edited or untracked file's lastmod: mtime or last-commit.
    #[arg(long, value_name = "mtime|last-commit", value_parser = word::<Uncommitted>)]
    git_uncommitted: Option<Uncommitted>,
    /// Seconds any one git process may take before the run fails; 0 for no limit (default 600).
    #[arg(long, value_name = "SECONDS")]
    git_timeout: Option<u64>,
    /// Keep a lastmod ledger in FILE (commit it or cache it in CI): unchanged pages keep their
    /// lastmod whatever git or the files say.
    #[arg(long, value_name = "FILE")]
    ledger: Option<PathBuf>,
    /// Files besides a page's own that count towards its lastmod: bundle (a page bundle's
    /// resources, the files beside its index.md).
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = word::<LastmodDep>)]
    lastmod_deps: Vec<LastmodDep>,
    /// Commits that do not count, listed as in .git-blame-ignore-revs (read by default when present); "" for none.
    // Not clap's PathBuf parser: it refuses the empty value that means none.
    #[arg(long, visible_alias = "ignore-revs-file", value_name = "FILE", value_parser = path_or_empty)]
    git_ignore_revs: Option<std::path::PathBuf>,
    /// List the images each page shows (Google's image extension).
    #[arg(long, overrides_with = "no_images")]
    images: bool,
    /// List no images (overrides `images = true`).
    #[arg(long, overrides_with = "images")]
    no_images: bool,
    /// Hosts besides the site's whose images are listed (a CDN): names or globs such as
    /// *.cloudfront.net (repeatable, or comma-separated).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    image_hosts: Vec<String>,
    /// Front matter keys holding a page's images, dotted for nested keys: extra.cover
    /// (repeatable, or comma-separated).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    image_keys: Vec<String>,
    /// With --images on built HTML: also list each page's og:image.
    #[arg(long, overrides_with = "no_og_image")]
    og_image: bool,
    /// Do not list og:image (overrides `og-image = true`).
    #[arg(long, overrides_with = "og_image")]
    no_og_image: bool,
}

impl SourceArgs {
    /// The flags' layer, with the output flags.
    pub(crate) fn layer(&self, output: &OutputArgs, base_url: Option<&str>) -> Layer {
        let mut s = Settings::default();
        output.fill(&mut s);
        s.base_url = base_url.map(str::to_owned);
        s.flavor = self.flavor;
        s.html.clone_from(&self.html);
        s.html_source.clone_from(&self.html_source);
        s.clean_urls = either(self.clean_urls, self.no_clean_urls);
        s.trailing_slash = self.trailing_slash;
        s.include = non_empty(&self.include);
        s.exclude = non_empty(&self.exclude);
        s.include_drafts = either(self.include_drafts, self.no_include_drafts);
        s.lastmod = non_empty(&self.lastmod);
        s.changefreq = self.changefreq;
        s.priority = self.priority;
        s.git.date = self.git_date;
        s.git.shallow = self.git_shallow;
        s.git.uncommitted = self.git_uncommitted;
        s.git.timeout = self.git_timeout;
        s.ledger.clone_from(&self.ledger);
        s.lastmod_deps = non_empty(&self.lastmod_deps);
        s.git.ignore_revs.clone_from(&self.git_ignore_revs);
        s.images = either(self.images, self.no_images);
        s.image_hosts = non_empty(&self.image_hosts);
        s.image_keys = non_empty(&self.image_keys);
        s.og_image = either(self.og_image, self.no_og_image);
        Layer::new(s, Origin::Flag)
    }
}

fn non_empty<T: Clone>(v: &[T]) -> Option<Vec<T>> {
    (!v.is_empty()).then(|| v.to_vec())
}

/// A boolean setting from `--X` / `--no-X` (the later one wins, clap
/// clears the other): `None` when neither was given, so sitemap.toml
/// decides.
fn either(yes: bool, no: bool) -> Option<bool> {
    match (yes, no) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    }
}

/// A path as given, the empty one included (`--git-ignore-revs ""` turns
/// the default `.git-blame-ignore-revs` off); clap's own path parser
/// refuses it.
fn path_or_empty(value: &str) -> Result<std::path::PathBuf, std::convert::Infallible> {
    Ok(std::path::PathBuf::from(value))
}
