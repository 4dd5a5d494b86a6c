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
//! - A mount's source is joined to its owner's folder as text, as Go's
//!   `filepath.Join` does (`themes/../..` is the site's parent, whether
//!   or not `themes/` exists), and so is a replacement to `themesDir`.
//!   An absolute source is the project's alone (`normalizeMounts`): a
//!   theme's or module's source must be a path inside it, which Hugo
//!   0.152 and later refuse otherwise ([`HugoRules`]
//!   `module_mounts_local`); before, Hugo reads nothing from an
//!   absolute one and reads a `..` one wherever it leads. The scan never
//!   reads outside the site and its modules because a module says so:
//!   such a mount is named in a warning.
//!
//! Of a theme's configuration Hugo merges only its `params`, menus,
//! output formats and media types (`config/defaultConfigProvider.go`:
//! the site's keys win, a theme adds the formats the site lacks); of
//! those, the formats decide a URL (`outputs`), and are kept.

use std::path::{Path, PathBuf};

use super::glob::Glob;
use serde_json::Value;

use super::config_files;
use super::followed::Version;
use super::glob;
use sitemap_content::{Error, Warning};

/// One folder mounted as content.
#[derive(Debug, Clone)]
pub(crate) struct ContentMount {
    /// The folder whose files are mounted.
    pub(crate) source: PathBuf,
    /// The source as the configuration writes it.
    written: String,
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
    filter: Vec<(bool, Glob)>,
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
    /// Whether a theme or import is not on disk (warned of): its
    /// templates are unknown.
    pub(crate) missing: bool,
    pub(crate) warnings: Vec<Warning>,
}

/// Reads the mounts of the merged configuration `config` of the site at
/// `root`, as the Hugo `version` reads them; `config_path` is named in
/// warnings about it. `Err`: a module's mount that Hugo refuses.
pub(crate) fn read(
    root: &Path,
    config: &Value,
    config_path: &Path,
    version: &Version,
) -> Result<Mounts, Error> {
    let mut warnings = Vec::new();
    let project = Owner {
        dir: root,
        module: None,
        config_path,
    };
    let project = module_mounts(&project, config.get("module"), &mut warnings)?;
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
        version,
    };
    let mut found = Found {
        mounts: &mut modules,
        formats: &mut module_formats,
        seen: &mut seen,
        missing: false,
        warnings: &mut warnings,
    };
    resolver.imports(config, config_path, &mut found, 0)?;
    let missing = found.missing;
    Ok(Mounts {
        project,
        modules,
        module_formats,
        module_dirs: seen,
        missing,
        warnings,
    })
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
    missing: bool,
    warnings: &'a mut Vec<Warning>,
}

struct Resolver<'a> {
    root: &'a Path,
    themes_dir: &'a Path,
    replacements: &'a [(String, String)],
    /// The Hugo followed: the YAML a module's configuration is read as,
    /// and the rules of its mounts.
    version: &'a Version,
}

/// Whose mounts are read: the project's (`module` is `None`) or a
/// theme's or module's, by the path it is imported as.
struct Owner<'a> {
    dir: &'a Path,
    module: Option<&'a str>,
    /// The configuration file named in messages about its mounts.
    config_path: &'a Path,
}

impl Resolver<'_> {
    /// The themes and imports a configuration names, each with its own
    /// imports after it.
    fn imports(
        &self,
        config: &Value,
        config_path: &Path,
        found: &mut Found,
        depth: usize,
    ) -> Result<(), Error> {
        // A module importing itself (or a cycle) ends here, as Hugo's
        // collector stops at a module it has seen.
        if depth > 16 {
            return Ok(());
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
            let dir = match self.find(&path) {
                Ok(dir) => dir,
                Err(why) => {
                    found.missing = true;
                    found.warnings.push(Warning::new(Some(config_path), &why));
                    continue;
                }
            };
            let canonical = dir.canonicalize().unwrap_or_else(|_| dir.clone());
            if found.seen.contains(&canonical) {
                continue;
            }
            found.seen.push(canonical);
            let (own, own_path) = module_config(&dir, self.version);
            let ignore_config = import
                .and_then(|i| i.get("ignoreconfig"))
                .and_then(Value::as_bool)
                == Some(true);
            let own = if ignore_config { Value::Null } else { own };
            let own_path = own_path.unwrap_or_else(|| dir.clone());
            let owner = Owner {
                dir: &dir,
                module: Some(&path),
                config_path: &own_path,
            };
            // The import's own `mounts` win over the module's; Hugo
            // checks them as the module's, but the project's file says
            // them.
            let said_here = Owner {
                config_path,
                ..owner
            };
            let mut mounts = self.checked(&said_here, import, found.warnings)?;
            if mounts.is_empty() {
                mounts = self.checked(&owner, own.get("module"), found.warnings)?;
            }
            if mounts.is_empty() && dir.join("content").is_dir() {
                mounts.push(ContentMount {
                    source: dir.join("content"),
                    written: "content".to_owned(),
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
                self.imports(&own, &own_path, found, depth + 1)?;
            }
        }
        Ok(())
    }

    /// A module's own mounts, each source checked as `normalizeMounts`
    /// checks it, the Hugo followed deciding.
    fn checked(
        &self,
        owner: &Owner,
        module: Option<&Value>,
        warnings: &mut Vec<Warning>,
    ) -> Result<Vec<ContentMount>, Error> {
        let name = owner.module.unwrap_or_default();
        let mut kept = Vec::new();
        for mount in module_mounts(owner, module, warnings)? {
            let source = &mount.source;
            if is_local(&mount.written) {
                kept.push(mount);
                continue;
            }
            let hugo = self.version.hugo();
            if self.version.rules().module_mounts_local {
                return Err(Error::Config {
                    path: owner.config_path.to_owned(),
                    line: None,
                    message: format!(
                        "module `{name}` mounts `{}`, not a path inside it, which Hugo {hugo} \
                         refuses (\"mount source must be a local path for modules/themes\"): \
                         fix the module's mount, or set `hugo-version` to the Hugo that builds \
                         the site",
                        mount.written
                    ),
                });
            }
            let why = if Path::new(&mount.written).is_absolute() {
                format!(
                    "module `{name}` mounts the absolute `{}`: not read (Hugo {hugo} reads \
                     it only where the module holds a folder at that path too, and Hugo \
                     0.152 and later refuse such a mount)",
                    mount.written
                )
            } else if within(source, self.root) || within(source, owner.dir) {
                kept.push(mount);
                continue;
            } else {
                format!(
                    "module `{name}` mounts `{}`, outside the site and the module: not read, \
                     so its pages (which Hugo {hugo} lists) are missing from the sitemap; \
                     Hugo 0.152 and later refuse such a mount",
                    mount.written
                )
            };
            warnings.push(Warning::new(Some(owner.config_path), &why));
        }
        Ok(kept)
    }

    /// Where a module's files are on disk; `Err`: why they are not
    /// read, for a warning.
    fn find(&self, path: &str) -> Result<PathBuf, String> {
        if let Some((_, to)) = self.replacements.iter().find(|(from, _)| from == path) {
            // Joined as text (`filepath.Join`): `themes/../..` needs no
            // `themes/` on disk.
            let dir = clean(&self.themes_dir.join(to));
            return match dir.is_dir() {
                true => Ok(dir),
                false => Err(format!(
                    "module `{path}` is replaced by `{to}`, which is no folder (a relative \
                     replacement is read from {}/): content it mounts is not read, and its \
                     pages are missing from the sitemap; point the replacement at the \
                     module's folder",
                    self.themes_shown().display()
                )),
            };
        }
        [
            self.themes_dir.join(path),
            self.root.join("_vendor").join(path),
        ]
        .into_iter()
        .find(|d| d.is_dir())
        .ok_or_else(|| {
            format!(
                "module `{path}` is not in {}/ or _vendor/ (a Go module Hugo downloads): \
                 content it mounts is not read, and its pages are missing from the sitemap; \
                 run `hugo mod vendor`, or point HUGO_MODULE_REPLACEMENTS at a local copy",
                self.themes_shown().display()
            )
        })
    }

    /// `themesDir` as the site's configuration names it.
    fn themes_shown(&self) -> &Path {
        sitemap_content::paths::below(self.themes_dir, self.root).unwrap_or(self.themes_dir)
    }
}

/// `path` cleaned as text, as Go's `filepath.Clean` does: `.` dropped,
/// `a/..` gone, `..` above the root kept at the root.
fn clean(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out: Vec<Component> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match out.last() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(c),
            },
            _ => out.push(c),
        }
    }
    if out.is_empty() {
        return PathBuf::from(".");
    }
    out.iter().collect()
}

/// Whether the cleaned `path` lies in `dir`, also where `dir` is the
/// current folder (`.`, a scan run inside the site), which no path
/// `starts_with` once cleaned.
fn within(path: &Path, dir: &Path) -> bool {
    let dir = clean(dir);
    if dir == Path::new(".") {
        path.is_relative() && !path.starts_with("..")
    } else {
        path.starts_with(dir)
    }
}

/// Go's `filepath.IsLocal`: relative, not empty, and inside the folder
/// it is read from once cleaned.
fn is_local(source: &str) -> bool {
    let path = Path::new(source);
    !source.is_empty()
        && !path.is_absolute()
        && !matches!(
            clean(path).components().next(),
            Some(std::path::Component::ParentDir)
        )
}

/// A module's own configuration (its `hugo.*` or `config.*`, merged
/// with its `config/_default/`), and the file it came from.
fn module_config(dir: &Path, version: &Version) -> (Value, Option<PathBuf>) {
    match config_files::load(dir, version) {
        Ok((value, sources)) => (value, sources.first().map(|(p, _)| p.clone())),
        Err(_) => (Value::Null, None),
    }
}

/// The content mounts of a `module` table (or an import's), sources
/// joined to the owner's folder (the project's may be absolute).
fn module_mounts(
    owner: &Owner,
    module: Option<&Value>,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<ContentMount>, Error> {
    let (dir, config_path) = (owner.dir, owner.config_path);
    let Some(Value::Array(items)) = module.and_then(|m| m.get("mounts")) else {
        return Ok(Vec::new());
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
        let written = text("source").to_owned();
        // A module's absolute source is checked by the caller; it is
        // never read as it is.
        let source = match Path::new(&written).is_absolute() && owner.module.is_some() {
            true => clean(&dir.join(written.trim_start_matches('/'))),
            false => clean(&dir.join(&written)),
        };
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
        // A module's source that is not its own is named by the caller,
        // whatever is there.
        if !source.is_dir() && (owner.module.is_none() || is_local(&written)) {
            warnings.push(Warning::new(
                Some(config_path),
                &format!("content mount `{written}` is not a folder: nothing is read from it"),
            ));
            continue;
        }
        out.push(ContentMount {
            source,
            written,
            target,
            lang_of_sites: lang_of_sites && lang.is_some(),
            lang,
            sites: globs("matrix"),
            complements: globs("complements"),
            filter,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{clean, is_local};
    use std::path::Path;

    #[test]
    fn paths_are_cleaned_as_go_cleans_them() {
        let cleaned = |p: &str| clean(Path::new(p)).to_string_lossy().into_owned();
        assert_eq!(cleaned("demo/themes/../.."), ".");
        assert_eq!(cleaned("/site/themes/../../x"), "/x");
        assert_eq!(cleaned("/../x"), "/x");
        assert_eq!(cleaned("a/./b/"), "a/b");
        assert_eq!(cleaned("../a/../../b"), "../../b");
    }

    #[test]
    fn a_local_source_stays_inside_its_folder() {
        for local in ["content", "a/../b", ".", "a/b/.."] {
            assert!(is_local(local), "{local}");
        }
        for not_local in ["", "/abs", "..", "../x", "a/../../x"] {
            assert!(!is_local(not_local), "{not_local}");
        }
    }
}
