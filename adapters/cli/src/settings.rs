//! `sitemap.toml`: the same settings as the flags, kept with the site.
//! Flags given on the command line win.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// Every key of `sitemap.toml`; shown by `sitemap scan --help`.
pub(crate) const KEYS_HELP: &str = r#"sitemap.toml (at the site root, or --config FILE); flags win over it, and
every true/false key has a --no-… flag to turn it off from the command line:

  flavor = "zola"            # "zola", "hugo" or "html"; detected when absent
  base-url = "https://example.org/"   # instead of the site's base_url / baseURL
  html = "public"            # scan this built HTML folder instead of content
  clean-urls = false         # with html: list page.html as page (VitePress cleanUrls, Vercel)
  out = "public"             # output folder (default: Zola output_dir, Hugo publishDir)
  format = "xml"             # "xml" or "txt"
  gzip = false               # write .xml.gz / .txt.gz
  limits = "legacy"          # "legacy" (50,000 URLs, 10 MB) or "sitemaps-org" (50,000, 50 MB)
  max-urls = 50000           # at most this many URLs per file (split into an index past it)
  stem = "sitemap"           # file names: sitemap.xml, or sitemap-1-<tag>.xml, ... and the index sitemap.xml
  robots = false             # add/update `Sitemap:` in robots.txt
  stylesheet = false         # write sitemap.xsl and reference it (browsers show a table)
  html-page = false          # write sitemap.html for visitors

  [source]                   # the shared source layer
  lastmod = ["front-matter", "git", "date", "mtime"]   # precedence, first match wins
  include = ["content/**"]   # globs over source paths, relative to the site root
  exclude = ["content/drafts/**"]
  changefreq = "weekly"      # default for pages whose front matter sets none
  priority = 0.5             # default for pages whose front matter sets none
  include-drafts = false

  [source.git]
  date = "committer"         # or "author"
  shallow = "warn"           # shallow clone: "warn", "fail" or "omit"
  uncommitted = "mtime"      # or "last-commit"
"#;

/// `format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum FormatName {
    /// `<urlset>` XML.
    Xml,
    /// One URL a line.
    Txt,
}

/// `limits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum LimitsName {
    /// 50,000 URLs and 10 MB a file, 1,000 sitemaps an index.
    Legacy,
    /// 50,000 URLs and 50 MB a file, 50,000 sitemaps an index.
    SitemapsOrg,
}

/// `flavor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum FlavorName {
    /// A Zola site.
    Zola,
    /// A Hugo site.
    Hugo,
    /// A built HTML folder.
    Html,
}

/// The contents of `sitemap.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
pub(crate) struct Settings {
    pub(crate) flavor: Option<FlavorName>,
    pub(crate) base_url: Option<String>,
    pub(crate) html: Option<PathBuf>,
    pub(crate) clean_urls: Option<bool>,
    pub(crate) out: Option<PathBuf>,
    pub(crate) format: Option<FormatName>,
    pub(crate) gzip: Option<bool>,
    pub(crate) limits: Option<LimitsName>,
    pub(crate) max_urls: Option<u64>,
    pub(crate) stem: Option<String>,
    pub(crate) robots: Option<bool>,
    pub(crate) stylesheet: Option<bool>,
    pub(crate) html_page: Option<bool>,
    pub(crate) source: Option<toml::Table>,
}

/// An error with a hint for the user.
#[derive(Debug)]
pub(crate) struct Hinted {
    pub(crate) message: String,
    pub(crate) hint: String,
}

impl fmt::Display for Hinted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Hinted {}

/// The 1-based line of `path` that sets `key` (`key = …`), for messages
/// about its value.
pub(crate) fn line_of(path: &Path, key: &str) -> Option<usize> {
    if key.is_empty() {
        return None;
    }
    let text = std::fs::read_to_string(path).ok()?;
    text.lines()
        .position(|l| {
            l.trim_start()
                .strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map(|i| i + 1)
}

/// Reads `path` when it exists (or must: `required`).
pub(crate) fn load(path: &Path, required: bool) -> Result<Option<Settings>, Hinted> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => return Ok(None),
        Err(e) => {
            return Err(Hinted {
                message: format!("{}: {e}", path.display()),
                hint: "pass the path of an existing sitemap.toml to --config".to_owned(),
            });
        }
    };
    toml::from_str(&text).map(Some).map_err(|e| {
        let line = e.span().map_or(1, |s| {
            text[..s.start.min(text.len())].matches('\n').count() + 1
        });
        Hinted {
            message: format!("{}:{line}: {}", path.display(), e.message()),
            hint: "see `sitemap scan --help` for every key of sitemap.toml".to_owned(),
        }
    })
}
