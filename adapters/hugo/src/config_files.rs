//! The files Hugo 0.111.3 reads its configuration from, merged as it
//! merges them (`hugolib/config.go` `LoadConfig`, `config/configLoader.go`
//! `LoadConfigFromDir`):
//!
//! 1. one root file, the first of `hugo.{toml,yaml,yml,json}` then
//!    `config.{toml,yaml,yml,json}` (a second one is not read);
//! 2. over it, every file under `config/_default/`, then every file under
//!    `config/production/` (a plain `hugo` build's environment), each
//!    folder walked in name order, subfolders included, each file merged
//!    deeply over what came before;
//! 3. a file's name says where its content goes: `hugo.*` and `config.*`
//!    at the top, `params.toml` under `params`, and a name with a second
//!    dot names a language: `languages.fr.toml` is `languages.fr`,
//!    `params.fr.toml` is `languages.fr.params`, `menus.fr.toml` (or
//!    `menu.fr.toml`) `languages.fr.menus`, and any other `x.fr.toml`
//!    is `languages.fr` too;
//! 4. from Hugo 0.162 (`config_dir_root_key`), a file whose only key is
//!    its own name holds that key's value: `cascade.yaml` holding
//!    `cascade: [...]` is the list, as TOML and YAML cannot write a
//!    list at the top.
//!
//! Keys are lowercased, as Hugo reads them case-insensitively.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::followed::Version;

use sitemap_content::Error;
use sitemap_content::config::{lowercase_keys, merge, read_file};

/// The root file names in the order Hugo tries them.
const ROOT_NAMES: [&str; 2] = ["hugo", "config"];
/// The extensions Hugo reads, in the order it tries them.
const EXTENSIONS: [&str; 4] = ["toml", "yaml", "yml", "json"];
/// The environment Hugo builds in: `HUGO_ENVIRONMENT` (or `HUGO_ENV`),
/// as `hugo` reads it, else `production`, a plain `hugo` build's. Read
/// once: a scan follows the build its process was started beside
/// (`HUGO_ENVIRONMENT=staging hugo && HUGO_ENVIRONMENT=staging sitemap scan`).
pub(super) fn environment() -> &'static str {
    static ENVIRONMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    ENVIRONMENT.get_or_init(|| {
        ["HUGO_ENVIRONMENT", "HUGO_ENV"]
            .iter()
            .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
            .unwrap_or_else(|| "production".to_owned())
    })
}

/// Each configuration file read, with what it sets (placed under the keys
/// its name gives, for a `config/_default/params.fr.toml`), in the order
/// merged.
pub(super) type Sources = Vec<(PathBuf, Value)>;

/// The site's root configuration file as Hugo picks it, if any.
fn root_file(root: &Path) -> Option<PathBuf> {
    ROOT_NAMES
        .iter()
        .flat_map(|name| {
            EXTENSIONS
                .iter()
                .map(move |ext| root.join(format!("{name}.{ext}")))
        })
        .find(|p| p.exists())
}

/// Hugo's configuration merged from every file it reads, and the files
/// themselves, so an error about one key can name the file that set it.
pub(super) fn load(root: &Path, version: &Version) -> Result<(Value, Sources), Error> {
    let yaml = &|| version.yaml();
    let mut value = Value::Object(Map::new());
    let mut sources = Sources::new();
    let mut add = |file: PathBuf, v: Value| {
        merge(&mut value, v.clone());
        sources.push((file, v));
    };
    if let Some(file) = root_file(root) {
        // Not only regular files: a FIFO named `hugo.toml` is refused by
        // `read_file`, naming it, rather than skipped.
        let v = lowercase_keys(read_file(&file, yaml)?);
        add(file, v);
    }
    // The config folder's environments merged, least specific first.
    for env in ["_default", environment()] {
        for file in config_dir_files(&root.join("config").join(env)) {
            // Placed before its keys are lowercased: Hugo unwraps a
            // file's key only as its name spells it.
            let v = placed(&file, read_file(&file, yaml)?, &|| {
                version.rules().config_dir_root_key
            });
            add(file, lowercase_keys(v));
        }
    }
    Ok((value, sources))
}

/// The configuration files under `dir`, in the order Hugo's walk meets
/// them (afero's: names sorted bytewise, a folder's files where its name
/// sorts, links to folders not followed).
fn config_dir_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    for path in entries {
        let is_dir = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
        if is_dir {
            out.extend(config_dir_files(&path));
        } else if extension(&path).is_some_and(|e| EXTENSIONS.contains(&e.as_str())) {
            out.push(path);
        }
    }
    out
}

/// A file name's last extension, lowercased (`.TOML` is read as TOML).
fn extension(path: &Path) -> Option<String> {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
}

/// A config folder file's content placed under the keys its name gives;
/// `unwraps` says whether the Hugo followed takes a file whose only key
/// is its name (less a language) for that key's value.
fn placed(file: &Path, v: Value, unwraps: &dyn Fn() -> bool) -> Value {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    // The name less its last extension, compared as written: Hugo's root
    // names are lowercase only (`Hugo.toml` is a `hugo` key).
    let name = name.rsplit_once('.').map_or(name, |(n, _)| n);
    if ROOT_NAMES.contains(&name) {
        return v;
    }
    // Hugo's `paths.FileAndExtNoDelimiter`: the name before its last dot.
    let own_key = name.rsplit_once('.').map_or(name, |(key, _)| key);
    let v = match v {
        Value::Object(mut m) if m.len() == 1 && m.contains_key(own_key) && unwraps() => {
            m.remove(own_key).unwrap_or_default()
        }
        v => v,
    };
    let keys: Vec<String> = match name.rsplit_once('.') {
        Some((key, lang)) if !lang.is_empty() => {
            let mut keys = vec!["languages".to_owned(), lang.to_lowercase()];
            match key.to_lowercase().as_str() {
                "menu" | "menus" => keys.push("menus".to_owned()),
                "params" => keys.push("params".to_owned()),
                _ => {}
            }
            keys
        }
        Some((key, _)) => vec![key.to_lowercase()],
        None => vec![name.to_lowercase()],
    };
    keys.into_iter().rev().fold(v, |inner, key| {
        let mut m = Map::new();
        m.insert(key, inner);
        Value::Object(m)
    })
}

/// The last configuration file that sets `keys` (a path of lowercase
/// keys), which is the one whose value counts; `fallback` when none does.
pub(super) fn origin<'a>(sources: &'a Sources, keys: &[&str], fallback: &'a Path) -> &'a Path {
    sources
        .iter()
        .rev()
        .find(|(_, v)| {
            keys.iter()
                .try_fold(v, |v, k| v.as_object().and_then(|m| m.get(*k)))
                .is_some()
        })
        .map_or(fallback, |(p, _)| p.as_path())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn placed_as(name: &str) -> Value {
        placed(Path::new(name), json!({"k": 1}), &|| true)
    }

    #[test]
    fn a_file_name_places_its_content_as_hugo_0_111_3_does() {
        assert_eq!(placed_as("hugo.toml"), json!({"k": 1}));
        assert_eq!(placed_as("config.yaml"), json!({"k": 1}));
        assert_eq!(placed_as("params.toml"), json!({"params": {"k": 1}}));
        assert_eq!(
            placed_as("languages.fr.toml"),
            json!({"languages": {"fr": {"k": 1}}})
        );
        assert_eq!(
            placed_as("params.FR.yaml"),
            json!({"languages": {"fr": {"params": {"k": 1}}}})
        );
        assert_eq!(
            placed_as("menu.en.toml"),
            json!({"languages": {"en": {"menus": {"k": 1}}}})
        );
        // Any other name with a language is the language's own settings.
        assert_eq!(
            placed_as("markup.de.toml"),
            json!({"languages": {"de": {"k": 1}}})
        );
        // Only the last dot names the language.
        assert_eq!(
            placed_as("a.b.pt-br.toml"),
            json!({"languages": {"pt-br": {"k": 1}}})
        );
        assert_eq!(placed_as("Hugo.toml"), json!({"hugo": {"k": 1}}));
    }

    /// From 0.162 a file whose only key is its name holds that key's
    /// value (`hugolib/configdir_test.go:55`); the key as written.
    #[test]
    fn a_file_repeating_its_name_is_unwrapped_from_0_162() {
        let list = json!({"cascade": [{"draft": true}]});
        let at =
            |name: &str, unwraps: bool| placed(Path::new(name), list.clone(), &move || unwraps);
        assert_eq!(
            at("cascade.yaml", true),
            json!({"cascade": [{"draft": true}]})
        );
        assert_eq!(
            at("cascade.yaml", false),
            json!({"cascade": {"cascade": [{"draft": true}]}})
        );
        assert_eq!(
            at("cascade.fr.yaml", true),
            json!({"languages": {"fr": [{"draft": true}]}})
        );
        assert_eq!(
            at("Cascade.yaml", true),
            json!({"cascade": {"cascade": [{"draft": true}]}})
        );
        let two = json!({"cascade": [], "k": 1});
        assert_eq!(
            placed(Path::new("cascade.yaml"), two.clone(), &|| true),
            json!({"cascade": two})
        );
    }
}
