//! The one settings type: every key the job reads, with the same name and
//! meaning in `sitemap.toml`, `[output.sitemap]` of `book.toml`, the CLI's
//! flags (`--key`, `--git-key` for the `[git]` table) and the build.rs
//! builder (`.key(..)`).
//!
//! Every field is optional, so settings come in [`Layer`]s (a flag over a
//! file over the generator's own configuration) and [`Resolved`] keeps,
//! for each key, the layer it came from: a message about a value names
//! that place (`sitemap.toml:7: max-urls …`, `--max-urls …`) and gives a
//! hint that fits it. [`crate::settings::keys`] declares every key, and each field's
//! doc is its entry's; a test checks that the two list the same keys.

#[macro_use]
pub mod keys;
use keys::builder_method;
pub use keys::flag_name;
pub mod base_url_check;
#[cfg(feature = "mdbook")]
pub mod book_toml;
mod check;
mod setting_error;
mod syntax;
pub use check::explain;
pub(crate) mod split_by;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sitemap_core::{ChangeFreq, Priority};
use sitemap_pages::lastmod::{GitDate, LastmodSource, ShallowPolicy, Uncommitted};

use self::setting_error::setting_error;
use self::syntax::{moved_hint, syntax_error};
use crate::error::Error;
pub use split_by::SplitBy;

/// The most a settings file (`sitemap.toml`, `--config`) may hold: far
/// more than any real one, and `--config /dev/zero` cannot exhaust memory.
pub(crate) const MAX_SETTINGS_BYTES: u64 = 4 << 20;

/// Every setting of a sitemap job. `None` means "not set here": a lower
/// [`Layer`] or the default decides.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
#[non_exhaustive]
pub struct Settings {
    #[doc = key_doc!(flavor)]
    pub flavor: Option<Flavor>,
    #[doc = key_doc!(base_url)]
    pub base_url: Option<String>,
    #[doc = key_doc!(html)]
    pub html: Option<PathBuf>,
    #[doc = key_doc!(html_source)]
    pub html_source: Option<PathBuf>,
    #[doc = key_doc!(clean_urls)]
    pub clean_urls: Option<bool>,
    #[doc = key_doc!(trailing_slash)]
    pub trailing_slash: Option<TrailingSlash>,
    #[doc = key_doc!(include)]
    pub include: Option<Vec<String>>,
    #[doc = key_doc!(exclude)]
    pub exclude: Option<Vec<String>>,
    #[doc = key_doc!(include_drafts)]
    pub include_drafts: Option<bool>,
    #[doc = key_doc!(lastmod)]
    pub lastmod: Option<Vec<LastmodSource>>,
    #[doc = key_doc!(changefreq)]
    pub changefreq: Option<ChangeFreq>,
    #[doc = key_doc!(priority)]
    pub priority: Option<Priority>,
    /// How git is asked for lastmod.
    pub git: GitSettings,
    #[doc = key_doc!(out)]
    pub out: Option<PathBuf>,
    #[doc = key_doc!(filename)]
    pub filename: Option<String>,
    #[doc = key_doc!(format)]
    pub format: Option<FileFormat>,
    #[doc = key_doc!(gzip)]
    pub gzip: Option<bool>,
    #[doc = key_doc!(limits)]
    pub limits: Option<LimitsName>,
    #[doc = key_doc!(max_urls)]
    pub max_urls: Option<u64>,
    #[doc = key_doc!(robots)]
    pub robots: Option<bool>,
    #[doc = key_doc!(stylesheet)]
    pub stylesheet: Option<bool>,
    #[doc = key_doc!(html_page)]
    pub html_page: Option<bool>,
    #[doc = key_doc!(check_site)]
    pub check_site: Option<bool>,
    #[doc = key_doc!(ledger)]
    pub ledger: Option<PathBuf>,
    #[doc = key_doc!(lastmod_deps)]
    pub lastmod_deps: Option<Vec<LastmodDep>>,
    #[doc = key_doc!(images)]
    pub images: Option<bool>,
    #[doc = key_doc!(image_hosts)]
    pub image_hosts: Option<Vec<String>>,
    #[doc = key_doc!(image_keys)]
    pub image_keys: Option<Vec<String>>,
    #[doc = key_doc!(og_image)]
    pub og_image: Option<bool>,
    #[doc = key_doc!(exclude_urls)]
    pub exclude_urls: Option<Vec<String>>,
    #[doc = key_doc!(include_urls)]
    pub include_urls: Option<Vec<String>>,
    #[doc = key_doc!(robots_disallowed)]
    pub robots_disallowed: Option<RobotsDisallowed>,
    #[doc = key_doc!(split_by)]
    pub split_by: Option<SplitBy>,
    #[doc = key_doc!(llms_txt)]
    pub llms_txt: Option<bool>,
    #[doc = key_doc!(x_default)]
    pub x_default: Option<String>,
    #[doc = key_doc!(strict)]
    pub strict: Option<bool>,
    #[doc = key_doc!(hugo_version)]
    pub hugo_version: Option<String>,
    /// How changes are submitted to search engines (IndexNow).
    pub submit: SubmitSettings,
}

/// The `[submit]` table: IndexNow submission of the ledger's changes
/// (`sitemap submit`); a scan ignores it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
#[non_exhaustive]
pub struct SubmitSettings {
    #[doc = key_doc!(submit_key)]
    pub key: Option<String>,
    #[doc = key_doc!(submit_key_location)]
    pub key_location: Option<String>,
    #[doc = key_doc!(submit_endpoint)]
    pub endpoint: Option<String>,
}

/// The `[git]` table.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
#[non_exhaustive]
pub struct GitSettings {
    #[doc = key_doc!(git_date)]
    pub date: Option<GitDate>,
    #[doc = key_doc!(git_shallow)]
    pub shallow: Option<ShallowPolicy>,
    #[doc = key_doc!(git_uncommitted)]
    pub uncommitted: Option<Uncommitted>,
    #[doc = key_doc!(git_ignore_revs)]
    pub ignore_revs: Option<PathBuf>,
    #[doc = key_doc!(git_timeout)]
    pub timeout: Option<u64>,
}

/// One entry of `lastmod-deps`: which files a page is built from besides
/// its own count towards its lastmod.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum LastmodDep {
    /// A page bundle's resources: the files beside its `index.md` (Hugo
    /// leaf bundles, Zola colocated assets).
    Bundle,
}

/// `flavor`: the content reader's own type.
pub use sitemap_content::Flavor;

/// `format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum FileFormat {
    /// `<urlset>` XML.
    Xml,
    /// One URL a line.
    Txt,
}

/// `limits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum LimitsName {
    /// 50,000 URLs and 10 MB a file, 1,000 sitemaps an index.
    Legacy,
    /// 50,000 URLs and 50 MB a file, 50,000 sitemaps an index.
    SitemapsOrg,
}

/// `robots-disallowed`: what becomes of a page robots.txt disallows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum RobotsDisallowed {
    /// Not listed, and counted (the default).
    #[default]
    LeaveOut,
    /// Listed, with a warning.
    Keep,
}

/// `trailing-slash`: the built-HTML reader's own type.
pub use sitemap_pages::TrailingSlash;

/// Parses a value of a setting as its TOML string would be read, so a
/// flag and a file accept exactly the same words.
pub fn parse_value<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, String> {
    T::deserialize(serde::de::value::StrDeserializer::<serde::de::value::Error>::new(s))
        .map_err(|e| e.to_string())
}

/// Where a layer of settings came from.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Origin {
    /// The command line (`--key`).
    Flag,
    /// A settings file: `sitemap.toml`, or a table of `book.toml`.
    File {
        /// The file.
        path: PathBuf,
        /// The table the keys sit in (`output.sitemap`), `None` at the top.
        table: Option<String>,
    },
    /// A build.rs builder method (`.key(..)`).
    Builder,
    /// The generator's own configuration (Hugo's `[sitemap]`).
    Site {
        /// The configuration file.
        path: PathBuf,
    },
}

/// Settings and where they came from.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Layer {
    /// The values set.
    pub settings: Settings,
    /// Where.
    pub origin: Origin,
}

impl Layer {
    /// A layer of `settings` from `origin`.
    pub fn new(settings: Settings, origin: Origin) -> Layer {
        Layer { settings, origin }
    }

    /// Reads a settings file (`sitemap.toml`): `Ok(None)` when it does not
    /// exist and is not `required`. Relative paths in it are taken
    /// relative to `base_dir`.
    pub fn read_file(path: &Path, required: bool, base_dir: &Path) -> Result<Option<Layer>, Error> {
        let text = match sitemap_core::input::read_regular_text(path, MAX_SETTINGS_BYTES) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => return Ok(None),
            // `sitemap scan FILE`: the site's folder named by one of its
            // files, not a settings file that cannot be read.
            Err(_) if path.parent().is_some_and(Path::is_file) => {
                let folder = path.parent().unwrap_or(path);
                return Err(Error::job(
                    format!(
                        "`{}` is a file; the site's folder is wanted here",
                        shown(folder)
                    ),
                    "name the site's root folder (the one holding its configuration), not a file in it",
                ));
            }
            Err(e) => {
                return Err(Error::SettingsFile {
                    file: path.to_owned(),
                    line: None,
                    key: None,
                    message: format!("cannot read: {e}"),
                    hint: if e.kind() == std::io::ErrorKind::InvalidInput {
                        "a settings file must be a regular file"
                    } else {
                        "name an existing settings file"
                    }
                    .to_owned(),
                });
            }
        };
        let table: toml::Table =
            toml::from_str(&text).map_err(|e| syntax_error(path, &text, &e))?;
        let problems = crate::settings::check::problems(&table);
        if !problems.is_empty() {
            let errors = problems
                .iter()
                .map(|p| {
                    let line = line_of(path, None, &p.key).or_else(|| line_of_table(&text, &p.key));
                    let (message, hint) = crate::settings::check::plain(&p.key, &p.message);
                    Error::SettingsFile {
                        file: path.to_owned(),
                        line: line.map(|l| l as u64),
                        key: Some(p.key.clone()),
                        message,
                        hint: hint.unwrap_or_else(|| moved_hint(&p.message)),
                    }
                })
                .collect();
            return Err(Error::of_settings(errors));
        }
        let settings: Settings = toml::Value::Table(table)
            .try_into()
            .map_err(|e| syntax_error(path, &text, &e))?;
        Ok(Some(Layer::new(
            settings.relative_to(base_dir),
            Origin::File {
                path: path.to_owned(),
                table: None,
            },
        )))
    }

    /// A table of another file (`[output.sitemap]` of `book.toml`), already
    /// parsed; `base_dir` as for [`Layer::read_file`].
    pub fn from_table(
        table: toml::Table,
        path: &Path,
        table_name: &str,
        base_dir: &Path,
    ) -> Result<Layer, Error> {
        let origin = Origin::File {
            path: path.to_owned(),
            table: Some(table_name.to_owned()),
        };
        let settings: Settings = toml::Value::Table(table).try_into().map_err(|e| {
            let message = e.message().to_owned();
            // The key the message is about, for its line.
            let key = message
                .split('`')
                .nth(1)
                .filter(|k| !k.contains(' '))
                .unwrap_or("");
            // Named with its key when there is one (`[output.sitemap]
            // \`priority\`: …`), else with the table.
            let explained = match key {
                "" => format!("[{table_name}]: {}", explain(&message)),
                _ => explain(&message),
            };
            setting_error(&origin, key, explained, moved_hint(&message))
        })?;
        Ok(Layer::new(settings.relative_to(base_dir), origin))
    }
}

/// The line of a table's header (`[source]`) for an unknown table.
fn line_of_table(text: &str, key: &str) -> Option<usize> {
    let header = format!("[{key}]");
    text.lines().position(|l| l.trim() == header).map(|i| i + 1)
}

impl Settings {
    /// Relative paths (`html`, `html-source`, `out`, `ledger`,
    /// `git.ignore-revs`) taken as relative to `base_dir`, as a settings
    /// file's are to its site.
    pub fn relative_to(mut self, base_dir: &Path) -> Settings {
        for path in [
            &mut self.html,
            &mut self.html_source,
            &mut self.out,
            &mut self.ledger,
            &mut self.git.ignore_revs,
        ]
        .into_iter()
        .flatten()
        {
            // An empty `git.ignore-revs` means none, not the folder.
            if path.is_relative() && !path.as_os_str().is_empty() {
                *path = base_dir.join(&*path);
            }
        }
        self
    }
}

/// Settings after layering, with each key's origin.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Resolved {
    /// The winning value of every key.
    pub settings: Settings,
    /// Key (`max-urls`, `git.date`) → the origin of its value.
    origins: BTreeMap<String, Origin>,
}

impl Resolved {
    /// Layers `layers`, the first winning: flags, then a file, then the
    /// generator's configuration.
    pub fn new(layers: &[Layer]) -> Resolved {
        let mut merged = serde_json::Map::new();
        let mut origins = BTreeMap::new();
        for layer in layers {
            // Settings always serialise to an object of their keys.
            if let Ok(serde_json::Value::Object(map)) = serde_json::to_value(&layer.settings) {
                merge(&mut merged, map, "", &layer.origin, &mut origins);
            }
        }
        let settings = serde_json::from_value(serde_json::Value::Object(merged))
            .expect("settings read back from their own serialisation");
        Resolved { settings, origins }
    }

    /// Where the value of `key` came from; `None` for a default.
    pub fn origin(&self, key: &str) -> Option<&Origin> {
        self.origins.get(key)
    }

    /// The place to name in a message about `key`'s value: `--max-urls`,
    /// `sitemap.toml:7: max-urls`, `the default`.
    pub fn describe(&self, key: &str) -> String {
        match self.origin(key) {
            Some(origin) => describe(origin, key),
            None => format!("`{key}` (the default)"),
        }
    }

    /// `key` where the caller set it, for a sentence ([`place`]):
    /// `--out` on the command line, `.out_dir(..)` in a builder; the key
    /// itself for a default.
    pub(crate) fn name(&self, key: &str) -> String {
        self.origin(key)
            .map_or_else(|| format!("`{key}`"), |origin| place(key, origin))
    }

    /// An error about `key`'s value, naming where it came from, with a
    /// hint that fits that place.
    pub fn value_error(&self, key: &str, message: impl Into<String>) -> Error {
        let hint = match self.origin(key) {
            Some(Origin::Flag) => format!("change {} on the command line", flag_name(key)),
            Some(Origin::File { path, .. }) => {
                format!("change `{key}` in {}", shown(path))
            }
            Some(Origin::Builder) => {
                format!("change the value passed to `.{}(..)`", builder_method(key))
            }
            Some(Origin::Site { path }) => format!(
                "change `{key}` in {}, or set it in sitemap.toml (which wins)",
                shown(path)
            ),
            None => "set it in sitemap.toml or with its flag".to_owned(),
        };
        match self.origin(key) {
            Some(origin) => setting_error(origin, key, message.into(), hint),
            None => Error::Setting {
                at: self.describe(key),
                message: message.into(),
                hint,
            },
        }
    }
}

/// Where `key`'s value was set, as a message starts with it:
/// `sitemap.toml:3: base-url`, `book.toml:7: [output.sitemap] base-url`,
/// `--base-url`, `.base_url(..)`.
pub(crate) fn place(key: &str, origin: &Origin) -> String {
    match place_of(key, origin) {
        (Some(file), line, words) => {
            let line = line.map_or(String::new(), |l| format!(":{l}"));
            format!("{}{line}: {words}", shown(&file))
        }
        (None, _, words) => words,
    }
}

/// [`place`] as a diagnostic's place: the file and line (for a file's
/// key), and the words that name the key there (`[output.sitemap]
/// base-url`, `--base-url`).
pub(crate) fn place_of(key: &str, origin: &Origin) -> (Option<PathBuf>, Option<u64>, String) {
    match origin {
        Origin::File { path, table } => {
            let line = line_of(path, table.as_deref(), key).map(|l| l as u64);
            let table = table.as_ref().map_or(String::new(), |t| format!("[{t}] "));
            (Some(path.clone()), line, format!("{table}{key}"))
        }
        Origin::Site { path } => (Some(path.clone()), None, format!("[sitemap] {key}")),
        Origin::Flag => (None, None, flag_name(key)),
        Origin::Builder => (None, None, format!(".{}(..)", builder_method(key))),
    }
}

fn describe(origin: &Origin, key: &str) -> String {
    match origin {
        Origin::Flag => format!("`{}`", flag_name(key)),
        Origin::File { path, table } => {
            let line =
                line_of(path, table.as_deref(), key).map_or(String::new(), |l| format!(":{l}"));
            let table = table.as_ref().map_or(String::new(), |t| format!(" [{t}]"));
            format!("{}{line}{table} `{key}`", shown(path))
        }
        Origin::Builder => format!("`.{}(..)`", builder_method(key)),
        Origin::Site { path } => format!("{} [sitemap] `{key}`", shown(path)),
    }
}

/// A path as the user gave it (without a leading `./`).
pub(crate) fn shown(path: &Path) -> String {
    let s = path.display().to_string();
    s.strip_prefix("./").map(str::to_owned).unwrap_or(s)
}

/// Upper values win: a key already in `into` stays.
fn merge(
    into: &mut serde_json::Map<String, serde_json::Value>,
    from: serde_json::Map<String, serde_json::Value>,
    prefix: &str,
    origin: &Origin,
    origins: &mut BTreeMap<String, Origin>,
) {
    for (key, value) in from {
        let path = format!("{prefix}{key}");
        match value {
            serde_json::Value::Null => {}
            serde_json::Value::Object(inner) => {
                let entry = into
                    .entry(key)
                    .or_insert_with(|| serde_json::Value::Object(serde_json::Map::new()));
                if let serde_json::Value::Object(entry) = entry {
                    merge(entry, inner, &format!("{path}."), origin, origins);
                }
            }
            value => {
                if !into.contains_key(&key) {
                    into.insert(key, value);
                    origins.insert(path, origin.clone());
                }
            }
        }
    }
}

/// The 1-based line of `path` that sets `key` (`git.date` is `date`
/// under a `[git]` header), inside `table` when given.
pub(crate) fn line_of(path: &Path, table: Option<&str>, key: &str) -> Option<usize> {
    let text = sitemap_core::input::read_regular_text(path, MAX_SETTINGS_BYTES).ok()?;
    let (section, name) = match key.rsplit_once('.') {
        Some((section, name)) => (Some(section), name),
        None => (None, key),
    };
    let wanted: Option<String> = match (table, section) {
        (Some(t), Some(s)) => Some(format!("{t}.{s}")),
        (Some(t), None) => Some(t.to_owned()),
        (None, Some(s)) => Some(s.to_owned()),
        (None, None) => None,
    };
    let mut current: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(header) = line.strip_prefix('[') {
            current = Some(header.trim_end_matches(']').trim().to_owned());
            continue;
        }
        if current != wanted {
            continue;
        }
        // `key = …`, or a dotted `git.date = …` at the table's top.
        let bare = line.strip_prefix(name).or_else(|| line.strip_prefix(key));
        if bare.is_some_and(|r| r.trim_start().starts_with('=')) {
            return Some(i + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upper_layer_wins_and_keeps_its_origin() {
        let flag = Settings {
            max_urls: Some(10),
            ..Settings::default()
        };
        let mut file = Settings {
            max_urls: Some(20),
            gzip: Some(true),
            ..Settings::default()
        };
        file.git.date = Some(GitDate::Author);
        let path = PathBuf::from("site/sitemap.toml");
        let resolved = Resolved::new(&[
            Layer::new(flag, Origin::Flag),
            Layer::new(
                file,
                Origin::File {
                    path: path.clone(),
                    table: None,
                },
            ),
        ]);
        assert_eq!(resolved.settings.max_urls, Some(10));
        assert_eq!(resolved.settings.gzip, Some(true));
        assert_eq!(resolved.settings.git.date, Some(GitDate::Author));
        assert_eq!(resolved.origin("max-urls"), Some(&Origin::Flag));
        assert_eq!(
            resolved.origin("git.date"),
            Some(&Origin::File { path, table: None })
        );
        assert_eq!(resolved.describe("max-urls"), "`--max-urls`");
        assert_eq!(
            resolved.describe("stylesheet"),
            "`stylesheet` (the default)"
        );
    }

    #[test]
    fn a_flag_word_is_read_as_the_file_reads_it() {
        assert_eq!(
            parse_value::<LimitsName>("sitemaps-org"),
            Ok(LimitsName::SitemapsOrg)
        );
        assert_eq!(parse_value::<GitDate>("author"), Ok(GitDate::Author));
        assert!(
            parse_value::<FileFormat>("html")
                .unwrap_err()
                .contains("xml")
        );
    }
}
