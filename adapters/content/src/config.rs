//! Finding and reading a site's configuration files.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use sitemap_pages::yaml::Dialect;

use crate::front_matter::toml_to_json;
use crate::{Error, Flavor};

const HUGO_NAMES: [&str; 4] = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json"];
const HUGO_CONFIG_NAMES: [&str; 3] = ["config.yaml", "config.yml", "config.json"];

/// The generator of the site in `root` and its configuration file:
/// `flavor` when given (its configuration found), else detected from the
/// configuration files there.
pub fn locate(root: &Path, flavor: Option<Flavor>) -> Result<(Flavor, PathBuf), Error> {
    match flavor {
        Some(flavor) => Ok((flavor, find_for(root, flavor)?)),
        None => detect(root),
    }
}

/// Finds the generator and its configuration file.
pub fn detect(root: &Path) -> Result<(Flavor, PathBuf), Error> {
    if !root.is_dir() {
        return Err(Error::io(
            root,
            std::io::Error::new(std::io::ErrorKind::NotFound, "no such folder"),
        ));
    }
    let zola_toml = root.join("zola.toml");
    if zola_toml.is_file() {
        return Ok((Flavor::Zola, zola_toml));
    }
    for name in HUGO_NAMES {
        let p = root.join(name);
        if p.is_file() {
            return Ok((Flavor::Hugo, p));
        }
    }
    let config_toml = root.join("config.toml");
    if config_toml.is_file() {
        // TOML: no YAML dialect is asked for.
        let value = read_file(&config_toml, &|| Dialect::Hugo)?;
        let map = value.as_object();
        let has = |key: &str| map.is_some_and(|m| m.keys().any(|k| k == key));
        let has_ci = |key: &str| map.is_some_and(|m| m.keys().any(|k| k.eq_ignore_ascii_case(key)));
        if has("base_url") {
            return Ok((Flavor::Zola, config_toml));
        }
        if has_ci("baseurl")
            || root.join("layouts").is_dir()
            || root.join("archetypes").is_dir()
            || hugo_config_dir(root).is_some()
        {
            return Ok((Flavor::Hugo, config_toml));
        }
        if root.join("templates").is_dir() {
            return Ok((Flavor::Zola, config_toml));
        }
    }
    for name in HUGO_CONFIG_NAMES {
        let p = root.join(name);
        if p.is_file() {
            return Ok((Flavor::Hugo, p));
        }
    }
    if let Some(dir) = hugo_config_dir(root) {
        return Ok((Flavor::Hugo, dir));
    }
    Err(Error::NotASite {
        dir: root.to_path_buf(),
    })
}

/// Hugo's config folder environment: `config/_default/`, else
/// `config/production/`, which Hugo reads alone too.
fn hugo_config_dir(root: &Path) -> Option<PathBuf> {
    ["_default", "production"]
        .iter()
        .map(|env| root.join("config").join(env))
        .find(|d| d.is_dir())
}

/// The configuration file of a site whose generator is known.
pub fn find_for(root: &Path, flavor: Flavor) -> Result<PathBuf, Error> {
    let candidates: Vec<PathBuf> = match flavor {
        Flavor::Zola => vec![root.join("zola.toml"), root.join("config.toml")],
        Flavor::Hugo => HUGO_NAMES
            .iter()
            .chain(["config.toml"].iter())
            .chain(HUGO_CONFIG_NAMES.iter())
            .map(|n| root.join(n))
            .chain(hugo_config_dir(root))
            .collect(),
        // A built folder has no generator's configuration to read.
        Flavor::Html => Vec::new(),
    };
    candidates
        .into_iter()
        .find(|p| p.exists())
        .ok_or_else(|| Error::NotASite {
            dir: root.to_path_buf(),
        })
}

/// The largest configuration file read. Hand-written configurations,
/// menus and language tables included, are kilobytes; 4 MiB is far past
/// any, and bounds what one hostile file makes a scan parse.
pub const MAX_CONFIG: u64 = 4 << 20;

/// A configuration file's text, through the one safe reader: refused
/// when it is not a regular file (a FIFO is never read, so it cannot hang
/// the scan) or larger than [`MAX_CONFIG`]; an I/O error when not UTF-8.
pub fn read_text(path: &Path) -> Result<String, Error> {
    sitemap_core::input::read_regular_text(path, MAX_CONFIG).map_err(|e| {
        if e.kind() == std::io::ErrorKind::InvalidInput {
            Error::Config {
                path: path.to_path_buf(),
                line: None,
                message: e.to_string(),
            }
        } else {
            Error::io(path, e)
        }
    })
}

/// Reads a TOML, YAML or JSON configuration file into JSON values, YAML
/// as `yaml()`'s library reads it (asked only for a YAML file: for Hugo
/// it waits for the version of the `hugo` that builds the site).
pub fn read_file(path: &Path, yaml: &dyn Fn() -> Dialect) -> Result<Value, Error> {
    let text = read_text(path)?;
    let err = |line: Option<usize>, message: String| Error::Config {
        path: path.to_path_buf(),
        line,
        message,
    };
    // Hugo reads `params.TOML` as TOML: the extension's case is not part
    // of the format's name.
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match ext.as_str() {
        "toml" => {
            let table: toml::Table = toml::from_str(&text).map_err(|e| {
                let line = e
                    .span()
                    .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
                err(line, format!("invalid TOML: {}", e.message()))
            })?;
            Ok(toml_to_json(toml::Value::Table(table)))
        }
        "yaml" | "yml" => {
            // Bounded like front matter, a repeated key's last value
            // kept, as Hugo reads its configuration.
            let value = sitemap_pages::yaml::load_as(&text, yaml())
                .map_err(|e| err(Some(e.line), format!("invalid YAML: {}", e.message)))?;
            match value {
                Value::Null => Ok(Value::Object(Map::new())),
                v @ Value::Object(_) => Ok(v),
                _ => Err(err(
                    Some(1),
                    "expected a mapping of keys to values".to_owned(),
                )),
            }
        }
        "json" => serde_json::from_str(&text)
            .map_err(|e| err(Some(e.line()), format!("invalid JSON: {e}"))),
        other => Err(err(
            None,
            format!(
                "unknown configuration format `.{other}`: expected .toml, .yaml, .yml or .json"
            ),
        )),
    }
}

/// Hugo reads keys case-insensitively: lowercase every key of a map (and
/// nested maps), so lookups can use lowercase names.
pub fn lowercase_keys(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (k.to_lowercase(), lowercase_keys(v)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.into_iter().map(lowercase_keys).collect()),
        other => other,
    }
}

/// Deep merge: values of `over` win; maps merge key by key.
pub fn merge(base: &mut Value, over: Value) {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(&k) {
                    Some(existing) => merge(existing, v),
                    None => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (slot, over) => *slot = over,
    }
}

/// An error in the site's configuration file, without a line (the
/// configuration is read as a whole, merged across files for Hugo).
pub fn config_err(path: &Path, message: String) -> Error {
    Error::Config {
        path: path.to_path_buf(),
        line: None,
        message,
    }
}

/// A string setting of the site's configuration; another type is an
/// error naming the key.
pub fn str_of<'a>(
    map: &'a Map<String, Value>,
    key: &str,
    path: &Path,
) -> Result<Option<&'a str>, Error> {
    match map.get(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(config_err(
            path,
            format!("`{key}` must be a string, found {other}"),
        )),
    }
}

/// A text setting the scan only shows (a site's title, description):
/// whitespace collapsed, empty or another type taken as unset rather
/// than refused, since no URL depends on it.
pub fn text_of(value: Option<&Value>) -> Option<String> {
    let text = value?.as_str()?.split_whitespace().collect::<Vec<_>>();
    (!text.is_empty()).then(|| text.join(" "))
}
