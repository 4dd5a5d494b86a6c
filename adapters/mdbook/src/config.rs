//! The sitemap keys of `book.toml`.
//!
//! They live under `[output.sitemap]` (the renderer's table), in kebab-case
//! as mdBook's own keys are; [`KEYS`] lists every one (it is what
//! `mdbook-sitemap --help` prints and the plugin's README shows, and a
//! test parses it, so the three cannot drift apart).
//!
//! `lastmod`, `include`, `exclude`, `changefreq`, `priority`,
//! `include-drafts` and `[git]` are the shared source layer's settings
//! ([`SourceConfig`](sitemap_source::pipeline::SourceConfig)): they mean
//! the same here as for the other adapters, with paths relative to `src/`.
//!
//! A book with a single output (only the HTML) has no `[output.sitemap]`:
//! the same keys may then sit under `[preprocessor.sitemap]`, where the
//! `sitemap mdbook` command reads them. The keys that mdBook itself reads
//! (`command`, `optional`, and for a preprocessor `renderers`, `before`,
//! `after`) are accepted and left to mdBook. Any other key, or a value the
//! protocol refuses, is an error naming `book.toml` and the line.

use std::path::{Path, PathBuf};

use mdbook_preprocessor::config::Config;
use serde::Deserialize;
use sitemap_core::{ChangeFreq, Loc, Priority};
use sitemap_source::lastmod::{DEFAULT_PRECEDENCE, GitOptions, LastmodSource};

use crate::error::Error;

/// Every key of the sitemap table, with its default or an example, as a
/// `book.toml` fragment.
pub const KEYS: &str = r#"[output.sitemap]
base-url = "https://example.org/book/"  # required (or an absolute output.html.site-url)
changefreq = "weekly"                   # default for every chapter without its own
priority = 0.5                          # default for every chapter without its own
exclude = ["drafts/**", "internal.md"]  # globs on chapter files under src/
include = []                            # globs; when given, only matching chapters
lastmod = ["front-matter", "git", "date", "mtime"]  # first source with a value wins
include-drafts = false                  # list chapters whose front matter says draft = true
robots = false                          # write or merge robots.txt (base-url at a host root only)
gzip = false                            # write sitemap.xml.gz instead
filename = "sitemap.xml"                # past 50,000 URLs: an index of that name

[output.sitemap.git]
date = "committer"                      # or "author"
shallow = "warn"                        # or "fail", "omit": history cut off by a shallow clone
uncommitted = "mtime"                   # or "last-commit"
"#;

/// The renderer's table.
pub const OUTPUT_TABLE: &str = "output.sitemap";
/// The preprocessor's table.
pub const PREPROCESSOR_TABLE: &str = "preprocessor.sitemap";

/// How to write a book's sitemap.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SitemapConfig {
    /// The absolute URL the book's HTML root is served at, ending in `/`
    /// (added when missing). `None` until set; [`SitemapConfig::base_url`]
    /// falls back on an absolute `output.html.site-url`.
    pub base_url: Option<Loc>,
    /// The `changefreq` of every chapter without its own.
    pub changefreq: Option<ChangeFreq>,
    /// The `priority` of every chapter without its own.
    pub priority: Option<Priority>,
    /// Globs on chapter files relative to `src/`: when any is given, only
    /// the chapters they match are listed.
    pub include: Vec<String>,
    /// Globs on chapter files relative to `src/` (`drafts/**`,
    /// `internal.md`): chapters they match are left out.
    pub exclude: Vec<String>,
    /// Where a chapter's `lastmod` comes from, first match wins.
    pub lastmod: Vec<LastmodSource>,
    /// How git is asked (committer or author date, shallow clones,
    /// uncommitted files).
    pub git: GitOptions,
    /// List chapters whose front matter says `draft = true` (mdBook renders
    /// them either way).
    pub include_drafts: bool,
    /// Write (or merge into) `robots.txt` a `Sitemap:` line.
    pub robots: bool,
    /// Write the sitemap gzipped (`sitemap.xml.gz`).
    pub gzip: bool,
    /// The sitemap's file name in the HTML root.
    pub filename: String,
}

impl Default for SitemapConfig {
    fn default() -> SitemapConfig {
        SitemapConfig {
            base_url: None,
            changefreq: None,
            priority: None,
            include: Vec::new(),
            exclude: Vec::new(),
            lastmod: DEFAULT_PRECEDENCE.to_vec(),
            git: GitOptions::default(),
            include_drafts: false,
            robots: false,
            gzip: false,
            filename: "sitemap.xml".to_owned(),
        }
    }
}

/// A sitemap table as written: mdBook's keys and ours.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
struct RawTable {
    // mdBook's own keys, accepted here so that `deny_unknown_fields`
    // catches only real typos.
    command: Option<String>,
    optional: Option<bool>,
    renderers: Option<Vec<String>>,
    before: Option<Vec<String>>,
    after: Option<Vec<String>>,

    base_url: Option<String>,
    changefreq: Option<ChangeFreq>,
    priority: Option<Priority>,
    include: Option<Vec<String>>,
    exclude: Option<Vec<String>>,
    lastmod: Option<Vec<LastmodSource>>,
    git: Option<GitOptions>,
    include_drafts: Option<bool>,
    robots: Option<bool>,
    gzip: Option<bool>,
    filename: Option<String>,
}

impl RawTable {
    /// The first of our keys (not mdBook's) that is set.
    fn first_sitemap_key(&self) -> Option<&'static str> {
        [
            ("base-url", self.base_url.is_some()),
            ("changefreq", self.changefreq.is_some()),
            ("priority", self.priority.is_some()),
            ("include", self.include.is_some()),
            ("exclude", self.exclude.is_some()),
            ("lastmod", self.lastmod.is_some()),
            ("git", self.git.is_some()),
            ("include-drafts", self.include_drafts.is_some()),
            ("robots", self.robots.is_some()),
            ("gzip", self.gzip.is_some()),
            ("filename", self.filename.is_some()),
        ]
        .into_iter()
        .find_map(|(key, set)| set.then_some(key))
    }
}

/// Reads the book's sitemap configuration for the renderer: the
/// `[output.sitemap]` table, after checking `[preprocessor.sitemap]`.
///
/// `root` is the book's root (where `book.toml` is), used in errors and to
/// find the line of an offending key.
pub fn for_renderer(config: &Config, root: &Path) -> Result<SitemapConfig, Error> {
    let book = BookToml::new(root);
    let (output, _) = book.tables(config)?;
    book.build(OUTPUT_TABLE, output.unwrap_or_default())
}

/// Reads the book's sitemap configuration for a sitemap written after
/// `mdbook build` (the `sitemap mdbook` command): `[output.sitemap]` when
/// the book has it, otherwise `[preprocessor.sitemap]`, otherwise the
/// defaults (and `base-url` must then come from elsewhere).
pub fn for_book_dir(config: &Config, root: &Path) -> Result<SitemapConfig, Error> {
    let book = BookToml::new(root);
    match book.tables(config)? {
        (Some(output), _) => book.build(OUTPUT_TABLE, output),
        (None, Some(preprocessor)) => book.build(PREPROCESSOR_TABLE, preprocessor),
        (None, None) => book.build(OUTPUT_TABLE, RawTable::default()),
    }
}

/// Checks the `[preprocessor.sitemap]` table alone, so that a typo there
/// fails `mdbook build` even when only the preprocessor runs.
pub fn check_preprocessor_table(config: &Config, root: &Path) -> Result<(), Error> {
    let book = BookToml::new(root);
    match book.tables(config)? {
        (_, Some(preprocessor)) => book.build(PREPROCESSOR_TABLE, preprocessor).map(drop),
        (_, None) => Ok(()),
    }
}

impl SitemapConfig {
    /// The file name without `.xml`: the sitemap writer's stem
    /// (`sitemap` → `sitemap.xml`, or `sitemap-1-<tag>.xml`, … under a
    /// `sitemap.xml` index past 50,000 URLs).
    pub fn stem(&self) -> &str {
        self.filename.strip_suffix(".xml").unwrap_or(&self.filename)
    }

    /// The base URL: `base-url`, or else `output.html.site-url` when that
    /// is an absolute URL. mdBook documents `site-url` as a path (`/book/`)
    /// and `mdbook serve` forces it to `/`, so it is only a fallback.
    pub fn resolve_base_url(&self, config: &Config, root: &Path) -> Result<Loc, Error> {
        if let Some(base) = &self.base_url {
            return Ok(base.clone());
        }
        let file = root.join("book.toml");
        let site_url = config.html_config().and_then(|h| h.site_url);
        let hint = match &site_url {
            Some(site_url) => match Loc::parse(site_url) {
                Ok(loc) => return Ok(with_trailing_slash(loc)),
                Err(_) => format!(
                    "; output.html.site-url = {site_url:?} is a path, not an absolute URL, so it cannot stand in"
                ),
            },
            None => String::new(),
        };
        Err(Error::MissingBaseUrl { file, hint })
    }
}

/// `book.toml`, for errors that point into it.
struct BookToml {
    file: PathBuf,
}

impl BookToml {
    fn new(root: &Path) -> BookToml {
        BookToml {
            file: root.join("book.toml"),
        }
    }

    fn error(&self, table: &str, line: Option<usize>, message: String) -> Error {
        Error::Config {
            file: self.file.clone(),
            line,
            table: table.to_owned(),
            message,
        }
    }

    /// Both tables; sitemap keys in both is an error, since only one of
    /// them would be read.
    fn tables(&self, config: &Config) -> Result<(Option<RawTable>, Option<RawTable>), Error> {
        let output = self.table(config, OUTPUT_TABLE)?;
        let preprocessor = self.table(config, PREPROCESSOR_TABLE)?;
        if output.is_some()
            && let Some(pre) = &preprocessor
            && let Some(key) = pre.first_sitemap_key()
        {
            return Err(self.error(
                PREPROCESSOR_TABLE,
                self.key_line(PREPROCESSOR_TABLE, key),
                format!("`{key}`: sitemap keys belong under [output.sitemap] when the book has that table; move them there"),
            ));
        }
        Ok((output, preprocessor))
    }

    /// The table as mdBook holds it (after `MDBOOK_*` environment
    /// overrides). When it does not deserialize, the file is read once more
    /// to find the line: mdBook's parsed value has no positions.
    fn table(&self, config: &Config, table: &str) -> Result<Option<RawTable>, Error> {
        match config.get::<RawTable>(table) {
            Ok(raw) => Ok(raw),
            Err(e) => {
                let from_file = self.locate(table);
                let (line, message) = match from_file {
                    Some((line, message)) => (line, message),
                    None => (None, format!("{}", e.root_cause())),
                };
                Err(self.error(table, line, message))
            }
        }
    }

    /// Deserializes `table` from the file's text with positions; returns
    /// the line and message of the failure, if the file shows it.
    fn locate(&self, table: &str) -> Option<(Option<usize>, String)> {
        let text = std::fs::read_to_string(&self.file).ok()?;
        let (outer, inner) = table.split_once('.')?;
        let section = toml::de::DeTable::parse(&text).ok()?;
        let section = section
            .get_ref()
            .get(outer)?
            .get_ref()
            .as_table()?
            .get(inner)?;
        let span = section.span();
        let value = toml::de::ValueDeserializer::from(section.clone());
        match RawTable::deserialize(value) {
            Ok(_) => None,
            Err(e) => {
                let at = e.span().unwrap_or(span).start;
                Some((Some(line_of(&text, at)), e.message().to_owned()))
            }
        }
    }

    fn build(&self, table: &str, raw: RawTable) -> Result<SitemapConfig, Error> {
        let err = |key: &str, message: String| {
            let line = self.key_line(table, key);
            self.error(table, line, message)
        };
        if table == OUTPUT_TABLE {
            for (key, set) in [
                ("renderers", raw.renderers.is_some()),
                ("before", raw.before.is_some()),
                ("after", raw.after.is_some()),
            ] {
                if set {
                    return Err(err(
                        key,
                        format!(
                            "`{key}` is a key of [preprocessor.sitemap], not of [output.sitemap]"
                        ),
                    ));
                }
            }
        }
        let _ = (&raw.command, &raw.optional);
        let defaults = SitemapConfig::default();
        let base_url = match raw.base_url {
            None => None,
            Some(s) => {
                let loc =
                    Loc::parse(&s).map_err(|e| err("base-url", format!("`base-url`: {e}")))?;
                if loc.as_str().contains('?') {
                    return Err(err(
                        "base-url",
                        format!(
                            "`base-url` = {s:?}: a base URL has no query; expected the folder the book is served at, such as \"https://example.org/book/\""
                        ),
                    ));
                }
                Some(with_trailing_slash(loc))
            }
        };
        let filename = match raw.filename {
            None => defaults.filename,
            Some(name) => {
                let stem_ok = name.strip_suffix(".xml").is_some_and(|stem| {
                    !stem.is_empty()
                        && stem
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                });
                if !stem_ok {
                    return Err(err(
                        "filename",
                        format!(
                            "`filename` = {name:?}: expected a file name such as \"sitemap.xml\": ASCII letters, digits, `-` or `_`, then .xml, no directory (the sitemap goes in the book's HTML root; `gzip = true` adds .gz)"
                        ),
                    ));
                }
                name
            }
        };
        let include = raw.include.unwrap_or_default();
        let exclude = raw.exclude.unwrap_or_default();
        if let Err(e) = sitemap_source::filter::Filter::new(&include, &[]) {
            return Err(err("include", format!("`include`: {e}")));
        }
        if let Err(e) = sitemap_source::filter::Filter::new(&[], &exclude) {
            return Err(err("exclude", format!("`exclude`: {e}")));
        }
        let lastmod = raw.lastmod.unwrap_or(defaults.lastmod);
        let robots = raw.robots.unwrap_or(false);
        let out = SitemapConfig {
            base_url,
            changefreq: raw.changefreq,
            priority: raw.priority,
            include,
            exclude,
            lastmod,
            git: raw.git.unwrap_or_default(),
            include_drafts: raw.include_drafts.unwrap_or(false),
            robots,
            gzip: raw.gzip.unwrap_or(false),
            filename,
        };
        if robots
            && let Some(problem) = out
                .base_url
                .as_ref()
                .and_then(|b| robots_problem(b, &out.filename))
        {
            return Err(err("robots", problem));
        }
        Ok(out)
    }

    /// The line of `key` inside `[table]` in the file, if it is written
    /// there.
    fn key_line(&self, table: &str, key: &str) -> Option<usize> {
        let text = std::fs::read_to_string(&self.file).ok()?;
        let (outer, inner) = table.split_once('.')?;
        let doc = toml::de::DeTable::parse(&text).ok()?;
        let section = doc.get_ref().get(outer)?.get_ref().as_table()?.get(inner)?;
        let section = section.get_ref().as_table()?;
        let (k, _) = section.get_key_value(key)?;
        Some(line_of(&text, k.span().start))
    }
}

/// Why `robots = true` cannot work with this base URL: robots.txt is only
/// read at a host's root, so one written into a book served under a path
/// would be ignored by every crawler.
pub(crate) fn robots_problem(base: &Loc, filename: &str) -> Option<String> {
    (base.folder().as_str() != format!("{}/", host_root(base))).then(|| {
        format!(
            "`robots = true` but base-url {base} is not a host root: crawlers read robots.txt only at the root (e.g. https://example.org/robots.txt); add the line `Sitemap: {base}{filename}` to that file instead"
        )
    })
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn host_root(loc: &Loc) -> String {
    let s = loc.as_str();
    let after_scheme = s.find("://").map_or(0, |i| i + 3);
    let end = s[after_scheme..]
        .find('/')
        .map_or(s.len(), |i| after_scheme + i);
    s[..end].to_owned()
}

/// `https://example.org/book` names a file `book`: joining `intro.html` to
/// it would give `https://example.org/intro.html`. A base URL is a folder.
fn with_trailing_slash(loc: Loc) -> Loc {
    if loc.as_str().ends_with('/') {
        return loc;
    }
    Loc::parse(&format!("{}/", loc.as_str())).unwrap_or(loc)
}
