//! The sitemap keys of `book.toml`: a settings layer for a book, read for
//! [`Source::Book`](crate::Source::Book) and by the `mdbook-sitemap` plugin
//! (which re-exports this module as `mdbook_sitemap::config`).
//!
//! They live under `[output.sitemap]` (the renderer's table), in kebab-case
//! as mdBook's own keys are: the engine's one settings table
//! ([`crate::settings::keys`]), the same keys as `sitemap.toml` and the
//! build.rs builder, with paths (`include`, `exclude`) relative to `src/`.
//! [`keys`] renders them for `book.toml` (what `mdbook-sitemap --help`
//! prints and the plugin's README shows; a test compares them).
//!
//! The keys that choose what is scanned (`flavor`, `html`, `html-source`,
//! `clean-urls`, `trailing-slash`) are refused: for this plugin the book is
//! the source.
//!
//! A book with a single output (only the HTML) has no `[output.sitemap]`:
//! the same keys may then sit under `[preprocessor.sitemap]`, where the
//! `sitemap mdbook` command reads them. The keys that mdBook itself reads
//! (`command`, `optional`, and for a preprocessor `renderers`, `before`,
//! `after`) are accepted and left to mdBook. Any other key, or a value the
//! protocol refuses, is an error naming `book.toml` and the line.

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::settings::keys::Scope;
use crate::settings::{Layer, Origin, Settings};
use serde::Deserialize;
use sitemap_book::config::Config;
use sitemap_core::Loc;

/// Every key of the sitemap table, with an example, as a `book.toml`
/// fragment.
pub fn keys() -> String {
    crate::settings::keys::toml_fragment(Some(OUTPUT_TABLE), false)
}

/// The keys as `mdbook-sitemap --help` shows them, wrapped to `width`:
/// each doc above its key, every key but `base-url` commented out.
pub fn keys_help(width: usize) -> String {
    super::keys::help_block(Some(OUTPUT_TABLE), false, width, &["base-url"])
}

/// The renderer's table.
pub const OUTPUT_TABLE: &str = "output.sitemap";
/// The preprocessor's table.
pub const PREPROCESSOR_TABLE: &str = "preprocessor.sitemap";

/// How to write a book's sitemap: the settings of its table.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SitemapConfig {
    /// The table's settings.
    pub settings: Settings,
    /// Settings over the table's (the `sitemap mdbook` command's flags).
    pub overrides: Settings,
    /// The table they come from (`output.sitemap`).
    pub table: String,
    /// The base URL, checked: `base-url` as a folder URL.
    pub base_url: Option<Loc>,
}

impl Default for SitemapConfig {
    fn default() -> SitemapConfig {
        SitemapConfig {
            settings: Settings::default(),
            overrides: Settings::default(),
            table: OUTPUT_TABLE.to_owned(),
            base_url: None,
        }
    }
}

/// mdBook's own keys of a table, accepted and left to mdBook; the rest
/// are ours.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "kebab-case")]
struct RawTable {
    command: Option<String>,
    optional: Option<bool>,
    renderers: Option<Vec<String>>,
    before: Option<Vec<String>>,
    after: Option<Vec<String>>,
    #[serde(flatten)]
    rest: toml::Table,
}

impl RawTable {
    /// The first of our keys (not mdBook's) that is set.
    fn first_sitemap_key(&self) -> Option<&str> {
        self.rest.keys().next().map(String::as_str)
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
    /// The sitemap's file name (`sitemap.xml` unless `filename` says).
    pub fn filename(&self) -> String {
        self.overrides
            .filename
            .clone()
            .or_else(|| self.settings.filename.clone())
            .unwrap_or_else(|| "sitemap.xml".to_owned())
    }

    /// The table's settings as a layer of the job, over `overrides`.
    pub fn layers(&self, root: &Path) -> Vec<Layer> {
        vec![
            Layer::new(self.overrides.clone(), Origin::Flag),
            Layer::new(
                self.settings.clone().relative_to(root),
                Origin::File {
                    path: root.join("book.toml"),
                    table: Some(self.table.clone()),
                },
            ),
        ]
    }

    /// The base URL: `base-url`, or else `output.html.site-url` when that
    /// is an absolute URL. mdBook documents `site-url` as a path (`/book/`)
    /// and `mdbook serve` forces it to `/`, so it is only a fallback.
    pub fn resolve_base_url(&self, config: &Config, root: &Path) -> Result<Loc, Error> {
        if let Some(url) = &self.overrides.base_url
            && let Ok(base) = Loc::parse_folder(url)
        {
            return Ok(base);
        }
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

    fn error(&self, table: &str, line: Option<usize>, key: &str, message: String) -> Error {
        Error::BookConfig {
            file: self.file.clone(),
            line,
            table: table.to_owned(),
            key: (!key.is_empty()).then(|| key.to_owned()),
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
                key,
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
                Err(self.error(table, line, "", message))
            }
        }
    }

    /// Deserializes `table` from the file's text with positions; returns
    /// the line and message of the failure, if the file shows it.
    fn locate(&self, table: &str) -> Option<(Option<usize>, String)> {
        let text =
            sitemap_core::input::read_regular_text(&self.file, sitemap_book::MAX_BOOK_TOML_BYTES)
                .ok()?;
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
            self.error(table, line, key, message)
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
        let settings: Settings = match toml::Value::Table(raw.rest.clone()).try_into() {
            Ok(settings) => settings,
            Err(e) => {
                // Each key that fails alone, with its line: all at once.
                let mut errors: Vec<Error> = crate::settings::check::problems(&raw.rest)
                    .iter()
                    .map(|p| {
                        let (message, _) = crate::settings::check::plain(&p.key, &p.message);
                        err(&p.key, message)
                    })
                    .collect();
                // In the file's order (the table's is alphabetical).
                errors.sort_by_key(|e| match e {
                    Error::BookConfig { line, .. } => line.unwrap_or(usize::MAX),
                    _ => usize::MAX,
                });
                return Err(if errors.is_empty() {
                    err("", crate::settings::explain(e.message()))
                } else {
                    Error::of_settings(errors)
                });
            }
        };
        for key in crate::settings::keys::KEYS {
            if key.scope == Scope::Site && raw.rest.contains_key(key.name) {
                return Err(err(
                    key.name,
                    format!(
                        "`{}` chooses what `sitemap scan` reads; for mdBook the book is the source, so it has no meaning here",
                        key.name
                    ),
                ));
            }
        }
        let base_url = match &settings.base_url {
            None => None,
            Some(s) => {
                let loc = Loc::parse(s).map_err(|e| {
                    err(
                        "base-url",
                        format!(
                            "`base-url`: {}",
                            crate::settings::base_url_check::problem(s, &e)
                        ),
                    )
                })?;
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
        if let Some(name) = &settings.filename {
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
        }
        let include = settings.include.clone().unwrap_or_default();
        let exclude = settings.exclude.clone().unwrap_or_default();
        if let Err(e) = sitemap_pages::filter::Filter::new(&include, &[]) {
            return Err(err("include", format!("`include`: {e}")));
        }
        if let Err(e) = sitemap_pages::filter::Filter::new(&[], &exclude) {
            return Err(err("exclude", format!("`exclude`: {e}")));
        }
        let out = SitemapConfig {
            settings,
            overrides: Settings::default(),
            table: table.to_owned(),
            base_url,
        };
        if out.settings.robots == Some(true)
            && let Some(problem) = out
                .base_url
                .as_ref()
                .and_then(|b| robots_problem(b, &out.filename()))
        {
            return Err(err("robots", problem));
        }
        Ok(out)
    }

    /// The line of `key` inside `[table]` in the file, if it is written
    /// there.
    fn key_line(&self, table: &str, key: &str) -> Option<usize> {
        let text =
            sitemap_core::input::read_regular_text(&self.file, sitemap_book::MAX_BOOK_TOML_BYTES)
                .ok()?;
        let (outer, inner) = table.split_once('.')?;
        let doc = toml::de::DeTable::parse(&text).ok()?;
        let section = doc.get_ref().get(outer)?.get_ref().as_table()?.get(inner)?;
        // A dotted key (`git.timeout`) is found table by table.
        let mut table = section.get_ref().as_table()?;
        let mut parts = key.split('.').peekable();
        while let Some(part) = parts.next() {
            let (k, v) = table.get_key_value(part)?;
            if parts.peek().is_none() {
                return Some(line_of(&text, k.span().start));
            }
            table = v.get_ref().as_table()?;
        }
        None
    }
}

/// Why `robots = true` cannot work with this base URL: robots.txt is only
/// read at a host's root, so one written into a book served under a path
/// would be ignored by every crawler.
pub fn robots_problem(base: &Loc, filename: &str) -> Option<String> {
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
