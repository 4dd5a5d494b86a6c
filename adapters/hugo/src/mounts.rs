//! Where a Hugo site's content comes from: module mounts
//! (`modules/collect.go`, `modules/config.go`).
//!
//! - The project's own `[[module.mounts]]` whose target is `content` or a
//!   folder under it. When it declares any, Hugo adds no default content
//!   mount; else the content folder (and each language's `contentDir`)
//!   is mounted, as [`super::scan`] has always walked it.
//! - Each theme (`theme`, a name or a list, in `themesDir`) and each
//!   `[[module.imports]]` entry, in order, depth first through their own
//!   configuration's `theme` and imports: its own mounts (or the
//!   import's), else its `content` folder when it has one. An import is
//!   found in `themesDir/<path>`, then `_vendor/<path>`, then through
//!   `module.replacements` / `HUGO_MODULE_REPLACEMENTS`; one that is in
//!   none of them (a Go module Hugo would download) is named in a
//!   warning, since its pages cannot be read here.
//! - A mount's `lang` (or `sites.matrix.languages`) makes its files that
//!   language's; `files` (globs, `! ` excluding) and the older
//!   `includeFiles`/`excludeFiles` filter them, matched against the
//!   file's path below the mount's source (`hugofs/hglob`).
//!
//! Of a theme's configuration Hugo merges only its `params`, menus,
//! output formats and media types (`config/defaultConfigProvider.go`:
//! the site's keys win, a theme adds the formats the site lacks); of
//! those, the formats decide a URL (`outputs`), and are kept.

use std::path::{Path, PathBuf};

use regex::Regex;
use serde_json::Value;
use sitemap_pages::yaml::Dialect;

use super::config_files;
use super::glob;
use sitemap_content::Warning;

/// One folder mounted as content.
#[derive(Debug, Clone)]
pub(crate) struct ContentMount {
    /// The folder whose files are mounted.
    pub(crate) source: PathBuf,
    /// Where under `content` they go (`["docs"]` for `content/docs`).
    pub(crate) target: Vec<String>,
    /// The language of every file in it, when the mount names one
    /// (`lang`, or one language in `sites.matrix.languages`).
    pub(crate) lang: Option<String>,
    /// Whether `lang` comes from `sites.matrix.languages`, which Hugo
    /// reads from 0.153 on (before, the mount has no language).
    pub(crate) lang_of_sites: bool,
    /// Its `sites.matrix` and `sites.complements` (Hugo 0.153 and later),
    /// as written.
    pub(crate) sites: super::matrix::Globs,
    pub(crate) complements: super::matrix::Globs,
    /// Its `files` filter, in order; empty: every file.
    filter: Vec<(bool, Regex)>,
}

impl ContentMount {
    /// Whether the filter keeps a file, by its path below the source
    /// (`hglob.FilenameFilter.Match`: the first pattern that matches
    /// decides; with an inclusion and no match, the file is out).
    pub(crate) fn keeps(&self, below: &Path) -> bool {
        if self.filter.is_empty() {
            return true;
        }
        let text = format!("/{}", below.to_string_lossy()).to_lowercase();
        let mut has_include = false;
        for (exclude, re) in &self.filter {
            if re.is_match(&text) {
                return !exclude;
            }
            has_include |= !exclude;
        }
        !has_include
    }
}

/// The content mounts of a site, and the warnings of what could not be
/// followed.
#[derive(Debug)]
pub(crate) struct Mounts {
    /// The project's own content mounts; `None`: the default ones.
    pub(crate) project: Option<Vec<ContentMount>>,
    /// The themes' and imports' content mounts, in Hugo's order.
    pub(crate) modules: Vec<ContentMount>,
    /// Each module's `outputformats` and `mediatypes`, in Hugo's order:
    /// the settings of a theme Hugo merges that decide a URL.
    pub(crate) module_formats: Vec<Value>,
    /// The themes' and imports' folders, in Hugo's order.
    pub(crate) module_dirs: Vec<PathBuf>,
    pub(crate) warnings: Vec<Warning>,
}

/// Reads the mounts of the merged configuration `config` of the site at
/// `root`; `config_path` is named in warnings about it.
pub(crate) fn read(
    root: &Path,
    config: &Value,
    config_path: &Path,
    yaml: &dyn Fn() -> Dialect,
) -> Mounts {
    let mut warnings = Vec::new();
    let project = module_mounts(root, config.get("module"), config_path, &mut warnings);
    let project = (!project.is_empty()).then_some(project);
    let themes_dir = root.join(
        config
            .get("themesdir")
            .and_then(Value::as_str)
            .unwrap_or("themes"),
    );
    let replacements = replacements(config);
    let mut modules = Vec::new();
    let mut module_formats = Vec::new();
    let mut seen = Vec::new();
    let resolver = Resolver {
        root,
        themes_dir: &themes_dir,
        replacements: &replacements,
        yaml,
    };
    let mut found = Found {
        mounts: &mut modules,
        formats: &mut module_formats,
        seen: &mut seen,
        warnings: &mut warnings,
    };
    resolver.imports(config, config_path, &mut found, 0);
    Mounts {
        project,
        modules,
        module_formats,
        module_dirs: seen,
        warnings,
    }
}

/// `module.replacements` (which `HUGO_MODULE_REPLACEMENTS` sets, as
/// `env_config` reads the environment): `path -> dir` pairs,
/// comma-separated.
fn replacements(config: &Value) -> Vec<(String, String)> {
    let mut text = Vec::new();
    match config.get("module").and_then(|m| m.get("replacements")) {
        Some(Value::String(s)) => text.push(s.clone()),
        Some(Value::Array(items)) => {
            text.extend(items.iter().filter_map(Value::as_str).map(str::to_owned));
        }
        _ => {}
    }
    text.iter()
        .flat_map(|t| t.split(','))
        .filter_map(|pair| pair.split_once("->"))
        .map(|(from, to)| (from.trim().to_owned(), to.trim().to_owned()))
        .collect()
}

/// What following the modules gathers.
struct Found<'a> {
    mounts: &'a mut Vec<ContentMount>,
    formats: &'a mut Vec<Value>,
    seen: &'a mut Vec<PathBuf>,
    warnings: &'a mut Vec<Warning>,
}

struct Resolver<'a> {
    root: &'a Path,
    themes_dir: &'a Path,
    replacements: &'a [(String, String)],
    /// The YAML a module's configuration is read as.
    yaml: &'a dyn Fn() -> Dialect,
}

impl Resolver<'_> {
    /// The themes and imports a configuration names, each with its own
    /// imports after it.
    fn imports(&self, config: &Value, config_path: &Path, found: &mut Found, depth: usize) {
        // A module importing itself (or a cycle) ends here, as Hugo's
        // collector stops at a module it has seen.
        if depth > 16 {
            return;
        }
        let mut imports: Vec<(String, Option<&Value>)> = Vec::new();
        if let Some(module) = config.get("module")
            && let Some(Value::Array(items)) = module.get("imports")
        {
            for item in items {
                match item {
                    Value::String(path) => imports.push((path.clone(), None)),
                    Value::Object(m) => {
                        let disabled = m.get("disable").and_then(Value::as_bool) == Some(true);
                        if let (Some(path), false) =
                            (m.get("path").and_then(Value::as_str), disabled)
                        {
                            imports.push((path.to_owned(), Some(item)));
                        }
                    }
                    _ => {}
                }
            }
        }
        // `theme` comes after the imports (`modules/config.go`
        // `DecodeConfig` appends the themes to the imports).
        match config.get("theme") {
            Some(Value::String(s)) => imports.extend(
                s.split(',')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map(|t| (t.to_owned(), None)),
            ),
            Some(Value::Array(items)) => imports.extend(
                items
                    .iter()
                    .filter_map(Value::as_str)
                    .map(|t| (t.to_owned(), None)),
            ),
            _ => {}
        }
        for (path, import) in imports {
            let Some(dir) = self.find(&path) else {
                found.warnings.push(Warning::new(
                    Some(config_path),
                    &format!(
                        "module `{path}` is not in {}/ or _vendor/ (a Go module Hugo \
                         downloads): content it mounts is not read, and its pages are \
                         missing from the sitemap; run `hugo mod vendor`, or point \
                         HUGO_MODULE_REPLACEMENTS at a local copy",
                        sitemap_content::paths::below(self.themes_dir, self.root)
                            .unwrap_or(self.themes_dir)
                            .display()
                    ),
                ));
                continue;
            };
            let canonical = dir.canonicalize().unwrap_or_else(|_| dir.clone());
            if found.seen.contains(&canonical) {
                continue;
            }
            found.seen.push(canonical);
            let (own, own_path) = module_config(&dir, self.yaml);
            let ignore_config = import
                .and_then(|i| i.get("ignoreconfig"))
                .and_then(Value::as_bool)
                == Some(true);
            let own = if ignore_config { Value::Null } else { own };
            let own_path = own_path.unwrap_or_else(|| dir.clone());
            // The import's own `mounts` win over the module's.
            let mut mounts = module_mounts(&dir, import, &own_path, found.warnings);
            if mounts.is_empty() {
                mounts = module_mounts(&dir, own.get("module"), &own_path, found.warnings);
            }
            if mounts.is_empty() && dir.join("content").is_dir() {
                mounts.push(ContentMount {
                    source: dir.join("content"),
                    target: Vec::new(),
                    lang: None,
                    lang_of_sites: false,
                    sites: super::matrix::Globs::default(),
                    complements: super::matrix::Globs::default(),
                    filter: Vec::new(),
                });
            }
            found.mounts.extend(mounts);
            let mut formats = serde_json::Map::new();
            for key in ["outputformats", "mediatypes"] {
                if let Some(v) = own.get(key) {
                    formats.insert(key.to_owned(), v.clone());
                }
            }
            found.formats.push(Value::Object(formats));
            if !ignore_config {
                self.imports(&own, &own_path, found, depth + 1);
            }
        }
    }

    /// Where a module's files are on disk, if they are.
    fn find(&self, path: &str) -> Option<PathBuf> {
        if let Some((_, to)) = self.replacements.iter().find(|(from, _)| from == path) {
            let to = Path::new(to);
            let dir = if to.is_absolute() {
                to.to_path_buf()
            } else {
                self.themes_dir.join(to)
            };
            return dir.is_dir().then_some(dir);
        }
        [
            self.themes_dir.join(path),
            self.root.join("_vendor").join(path),
        ]
        .into_iter()
        .find(|d| d.is_dir())
    }
}

/// A module's own configuration (its `hugo.*` or `config.*`, merged
/// with its `config/_default/`), and the file it came from.
fn module_config(dir: &Path, yaml: &dyn Fn() -> Dialect) -> (Value, Option<PathBuf>) {
    match config_files::load(dir, yaml) {
        Ok((value, sources)) => (value, sources.first().map(|(p, _)| p.clone())),
        Err(_) => (Value::Null, None),
    }
}

/// The content mounts of a `module` table (or an import's), sources
/// relative to `dir`.
fn module_mounts(
    dir: &Path,
    module: Option<&Value>,
    config_path: &Path,
    warnings: &mut Vec<Warning>,
) -> Vec<ContentMount> {
    let Some(Value::Array(items)) = module.and_then(|m| m.get("mounts")) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for item in items.iter().filter_map(Value::as_object) {
        let text = |key: &str| item.get(key).and_then(Value::as_str).unwrap_or_default();
        let target = text("target").trim_matches('/');
        let mut parts = target.split('/');
        if parts.next() != Some("content") {
            continue;
        }
        let target: Vec<String> = parts.filter(|p| !p.is_empty()).map(str::to_owned).collect();
        let source = dir.join(text("source"));
        let own_lang = item
            .get("lang")
            .and_then(Value::as_str)
            .filter(|l| !l.is_empty())
            .map(str::to_lowercase);
        let lang_of_sites = own_lang.is_none();
        let lang = own_lang.or_else(|| {
            let langs = item.get("sites")?.get("matrix")?.get("languages")?;
            let one = match langs {
                Value::String(s) => Some(s.to_lowercase()),
                Value::Array(a) if a.len() == 1 => a[0].as_str().map(str::to_lowercase),
                _ => None,
            };
            // A glob (`**`, `{en,fr}`) names no one language.
            one.filter(|l| !l.contains(['*', '?', '{', '[', '!', ' ']))
        });
        let sites = item.get("sites");
        let globs = |key: &str| super::matrix::Globs::from_value(sites.and_then(|s| s.get(key)));
        let mut filter = Vec::new();
        let mut add = |value: Option<&Value>, exclude: bool| {
            let patterns: Vec<&str> = match value {
                Some(Value::String(s)) => vec![s.as_str()],
                Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            for p in patterns {
                let (exclude, p) = match p.strip_prefix("! ") {
                    Some(rest) => (true, rest),
                    None => (exclude, p),
                };
                let p = if p.starts_with('/') {
                    p.to_owned()
                } else {
                    format!("/{p}")
                };
                match glob::compile(&p.to_lowercase()) {
                    Some(re) => filter.push((exclude, re)),
                    None => warnings.push(Warning::new(
                        Some(config_path),
                        &format!("mount filter `{p}` is not a glob Hugo reads: it is ignored"),
                    )),
                }
            }
        };
        add(item.get("files"), false);
        add(item.get("includefiles"), false);
        add(item.get("excludefiles"), true);
        if !source.is_dir() {
            warnings.push(Warning::new(
                Some(config_path),
                &format!(
                    "content mount `{}` is not a folder: nothing is read from it",
                    text("source")
                ),
            ));
            continue;
        }
        out.push(ContentMount {
            source,
            target,
            lang_of_sites: lang_of_sites && lang.is_some(),
            lang,
            sites: globs("matrix"),
            complements: globs("complements"),
            filter,
        });
    }
    out
}
