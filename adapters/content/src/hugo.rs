//! Hugo's rules: content organisation (sections, leaf and branch bundles),
//! URL management (`url`, `slug`, `uglyURLs`, `permalinks`, languages),
//! front matter (`draft`, `headless`, `build`/`_build`, `sitemap.disable`,
//! `publishDate`, `expiryDate`) and taxonomies, as documented on
//! gohugo.io and checked against a real `hugo` build in this crate's tests.
//!
//! Where Hugo 0.111.3 does something the documentation does not say, the
//! scan follows the build (found by `cargo xtask differential hugo` and
//! `cargo xtask corpus`, each pinned by a case in
//! `tests/data/differential/hugo/`): a draft, future or expired `_index`
//! takes everything below it (the home page: the whole language);
//! booleans, `_build` values and dates take the forms Hugo's decoders
//! take ([`crate::hugo_dates`]); a list page's `url` is sanitised, a
//! relative one gets the language prefix; a top-level section without
//! `_index` is lowercase; folders `#…` and `…~` are skipped; a language
//! may have its own taxonomies; a leaf bundle with a content file in a
//! language it has no `index` of gets a page in that language (a copy of
//! the default language's `index`); a headless bundle makes its section;
//! an unpublished term `_index` drops the term; `:sections` is the
//! nearest section of the page's language; a page's `url` is joined as
//! Go's `path.Join` does. What Hugo refuses is refused: a `url` with
//! `http://`/`https://` (every such file reported) and
//! `disableKinds = ["taxonomy"]` without `ignoreErrors`.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::config::{config_err, lowercase_keys, merge, read_file, str_of};
use crate::paths::{base_loc, escapes, hugo_make_path, make_loc};
use crate::site_sitemap::{SiteSitemap, from_hugo};
use crate::walk::{Found, walk};
use crate::{
    ContentPage, ContentScan, Error, Excluded, ExclusionReason, FrontMatter, PageKind, Rules, Site,
    SiteOptions, overrides_of,
};
use sitemap_source::overrides::Overrides;

#[derive(Debug)]
pub(crate) struct HugoConfig {
    default_language: String,
    default_in_subdir: bool,
    /// Language key -> its own content folder, when it has one.
    language_dirs: BTreeMap<String, PathBuf>,
    /// Taxonomy plural names (what front matter and URLs use).
    taxonomies: Vec<String>,
    /// A language's own taxonomies (`languages.fr.taxonomies`), which
    /// replace the site's for it.
    language_taxonomies: BTreeMap<String, Vec<String>>,
    ugly_urls: bool,
    ugly_sections: BTreeMap<String, bool>,
    lower: bool,
    disabled_kinds: BTreeSet<String>,
    build_drafts: bool,
    build_future: bool,
    build_expired: bool,
    /// Section -> permalink pattern for its regular pages.
    permalinks: BTreeMap<String, String>,
}

/// Each configuration file read, with what it sets (under its top-level
/// key for a `config/_default/languages.toml`), in the order merged.
type Sources = Vec<(PathBuf, Value)>;

/// Hugo's configuration: the root file, merged with `config/_default/`
/// and `config/production/` (a plain `hugo` build runs in production), each
/// file named after its top-level key (`languages.toml` -> `languages`).
/// The files are returned too, so an error about one key can name the
/// file that set it.
fn load(root: &Path, config_path: &Path) -> Result<(Value, Sources), Error> {
    let mut value = Value::Object(Map::new());
    let mut sources = Sources::new();
    // Not `is_file`: a FIFO given as the configuration is refused by
    // `read_file`, naming it, rather than skipped.
    if config_path.exists() && !config_path.is_dir() {
        let v = lowercase_keys(read_file(config_path)?);
        sources.push((config_path.to_path_buf(), v.clone()));
        merge(&mut value, v);
    }
    for env in ["_default", "production"] {
        let dir = root.join("config").join(env);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for file in files {
            let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !matches!(ext, "toml" | "yaml" | "yml" | "json") {
                continue;
            }
            let stem = file
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("")
                .to_lowercase();
            let v = lowercase_keys(read_file(&file)?);
            let v = if stem == "hugo" || stem == "config" {
                v
            } else if !stem.contains('.') {
                let mut wrapped = Map::new();
                wrapped.insert(stem, v);
                Value::Object(wrapped)
            } else {
                continue;
            };
            sources.push((file, v.clone()));
            merge(&mut value, v);
        }
    }
    Ok((value, sources))
}

/// The last configuration file that sets `keys` (a path of lowercase
/// keys), which is the one whose value counts; `fallback` when none does.
fn origin<'a>(sources: &'a Sources, keys: &[&str], fallback: &'a Path) -> &'a Path {
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

/// The plural names of a `taxonomies` table, sorted; `None` without one.
fn taxonomies_in(map: &Map<String, Value>, path: &Path) -> Result<Option<Vec<String>>, Error> {
    match map.get("taxonomies") {
        None => Ok(None),
        Some(Value::Object(t)) => {
            let mut v: Vec<String> = t
                .values()
                .filter_map(|p| p.as_str().map(str::to_owned))
                .collect();
            v.sort();
            Ok(Some(v))
        }
        Some(_) => Err(config_err(
            path,
            "`taxonomies` must be a table of `singular = \"plural\"`".to_owned(),
        )),
    }
}

impl HugoConfig {
    /// The taxonomies of a language: its own, else the site's.
    fn taxonomies(&self, lang: &str) -> &[String] {
        self.language_taxonomies
            .get(lang)
            .unwrap_or(&self.taxonomies)
    }
}

fn bool_of(map: &Map<String, Value>, key: &str, path: &Path) -> Result<bool, Error> {
    match map.get(key) {
        None => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(config_err(
            path,
            format!("`{key}` must be true or false, found {other}"),
        )),
    }
}

pub(crate) fn open(
    root: &Path,
    config_path: PathBuf,
    options: &SiteOptions,
) -> Result<Site, Error> {
    let (value, sources) = load(root, &config_path)?;
    let empty = Map::new();
    let map = value.as_object().unwrap_or(&empty);
    let path = config_path.as_path();
    let base_url = match &options.base_url {
        Some(b) => b.clone(),
        None => str_of(map, "baseurl", path)?
            .filter(|s| !s.is_empty())
            .ok_or(Error::NoBaseUrl {
                path: config_path.clone(),
                key: "baseURL",
            })?
            .to_owned(),
    };
    let base_url = base_loc(&base_url, path)?;
    let default_language = str_of(map, "defaultcontentlanguage", path)?
        .unwrap_or("en")
        .to_lowercase();
    let content_dir = root.join(str_of(map, "contentdir", path)?.unwrap_or("content"));
    let output_dir = root.join(str_of(map, "publishdir", path)?.unwrap_or("public"));
    let mut languages: Vec<(i64, String)> = Vec::new();
    let mut language_dirs = BTreeMap::new();
    let mut hreflangs = BTreeMap::new();
    let mut language_taxonomies = BTreeMap::new();
    let mut language_sitemaps = BTreeMap::new();
    let disabled_languages: Vec<String> = match map.get("disablelanguages") {
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(|v| v.as_str().map(str::to_lowercase))
            .collect(),
        _ => Vec::new(),
    };
    match map.get("languages") {
        None => {}
        Some(Value::Object(langs)) => {
            for (key, opts) in langs {
                let Value::Object(opts) = opts else {
                    return Err(config_err(
                        path,
                        format!("`languages.{key}` must be a table"),
                    ));
                };
                if bool_of(opts, "disabled", path)? || disabled_languages.contains(key) {
                    continue;
                }
                let weight = opts.get("weight").and_then(Value::as_i64).unwrap_or(0);
                languages.push((weight, key.clone()));
                if let Some(dir) = str_of(opts, "contentdir", path)? {
                    language_dirs.insert(key.clone(), root.join(dir));
                }
                if let Some(t) = taxonomies_in(opts, path)? {
                    language_taxonomies.insert(key.to_lowercase(), t);
                }
                if let Some(table) = opts.get("sitemap") {
                    let keys = ["languages", key.as_str(), "sitemap"];
                    let from = origin(&sources, &keys, path);
                    let own = from_hugo(table, &keys.join("."), from)?;
                    language_sitemaps.insert(key.to_lowercase(), own);
                }
                if let Some(code) =
                    str_of(opts, "languagecode", path)?.or(str_of(opts, "locale", path)?)
                {
                    hreflangs.insert(key.clone(), code.to_owned());
                }
            }
        }
        Some(_) => {
            return Err(config_err(
                path,
                "`languages` must be a table of language tables".to_owned(),
            ));
        }
    }
    if !languages.iter().any(|(_, k)| *k == default_language) {
        languages.push((i64::MIN, default_language.clone()));
    }
    // Hugo orders languages by weight, then key; the default comes first here.
    languages.sort();
    let mut language_keys = vec![default_language.clone()];
    language_keys.extend(
        languages
            .into_iter()
            .map(|(_, k)| k)
            .filter(|k| *k != default_language),
    );
    let taxonomies = taxonomies_in(map, path)?
        .unwrap_or_else(|| vec!["categories".to_owned(), "tags".to_owned()]);
    let (ugly_urls, ugly_sections) = match map.get("uglyurls") {
        None => (false, BTreeMap::new()),
        Some(Value::Bool(b)) => (*b, BTreeMap::new()),
        Some(Value::Object(m)) => (
            false,
            m.iter()
                .filter_map(|(k, v)| v.as_bool().map(|b| (k.clone(), b)))
                .collect(),
        ),
        Some(_) => {
            return Err(config_err(
                path,
                "`uglyURLs` must be true, false or a table of sections".to_owned(),
            ));
        }
    };
    // Kind names match exactly, as in Hugo 0.111.3 (`Taxonomy` disables
    // nothing; `RSS` is a kind's name).
    let disabled_kinds: BTreeSet<String> = match map.get("disablekinds") {
        Some(Value::Array(a)) => a
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect(),
        _ => BTreeSet::new(),
    };
    // Hugo 0.111.3 stops on `taxonomy` here, whose meaning changed in 0.73,
    // unless the site says it means the new one.
    let ignored_errors = match map.get("ignoreerrors") {
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if disabled_kinds.contains("taxonomy")
        && !ignored_errors
            .iter()
            .any(|e| e.eq_ignore_ascii_case("error-disable-taxonomy"))
    {
        return Err(config_err(
            path,
            "`disableKinds` holds \"taxonomy\", which Hugo 0.111.3 refuses (its meaning changed in \
             Hugo 0.73: `taxonomy` is now the list of a taxonomy's terms, `term` one term's pages); \
             add `ignoreErrors = [\"error-disable-taxonomy\"]` to mean the new kind, as Hugo asks"
                .to_owned(),
        ));
    }
    let sitemap = match map.get("sitemap") {
        Some(table) => from_hugo(table, "sitemap", origin(&sources, &["sitemap"], path))?,
        None => SiteSitemap::default(),
    };
    let mut permalinks = BTreeMap::new();
    if let Some(Value::Object(p)) = map.get("permalinks") {
        // Both shapes: `posts = "/:year/:slug/"` and `[permalinks.page] posts = …`.
        let page_table = match p.get("page") {
            Some(Value::Object(t)) => t.clone(),
            _ => p.clone(),
        };
        for (section, pattern) in page_table {
            if let Value::String(pattern) = pattern {
                permalinks.insert(section.to_lowercase(), pattern);
            }
        }
    }
    let cfg = HugoConfig {
        default_in_subdir: bool_of(map, "defaultcontentlanguageinsubdir", path)?,
        default_language: default_language.clone(),
        language_dirs,
        taxonomies,
        language_taxonomies,
        ugly_urls,
        ugly_sections,
        lower: !bool_of(map, "disablepathtolower", path)?,
        disabled_kinds,
        build_drafts: bool_of(map, "builddrafts", path)? || options.include_drafts,
        build_future: bool_of(map, "buildfuture", path)?,
        build_expired: bool_of(map, "buildexpired", path)?,
        permalinks,
    };
    Ok(Site {
        flavor: crate::Flavor::Hugo,
        root: root.to_path_buf(),
        config_path,
        base_url,
        content_dir,
        output_dir,
        default_language,
        languages: language_keys,
        rules: Rules::Hugo(cfg),
        options: options.clone(),
        hreflangs,
        sitemap,
        language_sitemaps,
    })
}

const MARKDOWN: [&str; 4] = ["md", "markdown", "mdown", "mkd"];
const HTML: [&str; 2] = ["html", "htm"];

/// One content file, classified.
#[derive(Debug)]
struct File {
    path: PathBuf,
    /// Folders below the content folder.
    dir: Vec<String>,
    /// File name without extension and language.
    name: String,
    lang: String,
    role: Role,
    /// Below a taxonomy's folder (`content/tags/…`).
    in_taxonomy_dir: bool,
    fm: FrontMatter,
    /// Published (not draft, future or expired): counts for sections and
    /// terms even when its own page is not listed.
    published: bool,
    /// Why its own URL is not listed, if it is not.
    exclusion: Option<ExclusionReason>,
    /// A listed regular page's URL and overrides, worked out on the
    /// walker's threads (they need only the file and the configuration)
    /// so the main thread does not do it for every page in turn; its front
    /// matter is then dropped there, so the scan does not hold every
    /// page's map to the end. An error is kept (boxed: a `File` is moved
    /// more than once) and raised only if the page is listed, in file
    /// order. `None` for files that are not listed as regular pages.
    listed: Option<Result<(sitemap_core::Loc, Overrides), Box<Error>>>,
    /// A published regular page's terms: (index into the configured
    /// taxonomies, the term's URL segment), also worked out on the
    /// walker's threads so the main thread only gathers them.
    terms: Vec<(usize, String)>,
    /// A listed regular page's `translationKey`.
    translation_key: Option<String>,
    /// Values Hugo drops, dropped here too (see [`normalise`]).
    warnings: Vec<crate::Warning>,
    /// Why Hugo refuses the file whatever becomes of its page (a `url`
    /// with a protocol): reported with every other refused file.
    refused: Option<Box<Error>>,
}

impl File {
    fn is_branch(&self) -> bool {
        self.role == Role::Branch
    }
    fn is_leaf(&self) -> bool {
        self.role == Role::Leaf
    }
}

/// A content file's bundle role, from its name, worked out once: the scan
/// asks it of every file in several passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// `_index.*`: a section, taxonomy or term list, or the home page.
    Branch,
    /// `index.*`: a leaf bundle's page.
    Leaf,
    /// Any other file.
    Page,
}

fn get_str<'a>(fm: &'a FrontMatter, key: &str) -> Option<&'a str> {
    fm.get(key).and_then(Value::as_str)
}

/// A boolean as Hugo 0.111.3 reads `draft` and `headless` (`cast.ToBool`):
/// a boolean (YAML's `yes`/`on` included), a string Go's `ParseBool`
/// takes (`"true"`, `"1"`, `"t"`), or a YAML integer other than 0 (a
/// TOML integer or any JSON number is no boolean to it: false). Anything
/// else is false, not an error: Hugo builds the page.
fn hugo_bool(fm: &FrontMatter, key: &str) -> bool {
    match fm.get(key) {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => matches!(s.as_str(), "1" | "t" | "T" | "true" | "TRUE" | "True"),
        Some(Value::Number(n)) => {
            fm.format == Some(sitemap_source::front_matter::Format::Yaml)
                && n.as_i64().is_some_and(|i| i != 0)
        }
        _ => false,
    }
}

/// How a page is rendered and listed: Hugo's `_build` options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Build {
    Always,
    Never,
    /// `render: link` (a URL, no file), or `list: local`.
    Partly,
}

/// One `_build` option as Hugo 0.111.3 decodes it (`pagemeta.DecodeBuildConfig`):
/// `false`, `0` and `"0"` are `never`; `never`, `link` and `local` count
/// only in lowercase; any other value is `always`.
fn build_option(value: Option<&Value>, partly: &str) -> Build {
    match value {
        Some(Value::Bool(false)) => Build::Never,
        Some(Value::Number(n)) if n.as_f64() == Some(0.0) => Build::Never,
        Some(Value::String(s)) if s == "0" || s == "never" => Build::Never,
        Some(Value::String(s)) if s == partly => Build::Partly,
        _ => Build::Always,
    }
}

/// Whether `_build` keeps the page out of the sitemap: `render: never` or
/// `link` (Hugo lists a `link` page in its sitemap though it writes no
/// file for it; a sitemap must not list a URL with nothing behind it),
/// `list: never` or `local` (out of site-wide lists, Hugo's sitemap
/// included). `build`, the key newer Hugo documents, is read the same
/// way; 0.111.3 reads only `_build` (README: deliberate differences).
fn build_excludes(fm: &FrontMatter) -> bool {
    ["build", "_build"].iter().any(|table| {
        if fm.get(table).is_none() {
            return false;
        }
        build_option(fm.get(&format!("{table}.render")), "link") != Build::Always
            || build_option(fm.get(&format!("{table}.list")), "local") != Build::Always
    })
}

/// The first of `keys` whose value Hugo reads as a date (a value it
/// cannot read is skipped, as Hugo skips it).
fn date_of(fm: &FrontMatter, keys: &[&str]) -> Option<jiff::Timestamp> {
    keys.iter()
        .filter_map(|k| fm.get(k))
        .find_map(crate::hugo_dates::parse)
}

/// The date keys Hugo reads, and which the shared overrides reader reads.
const DATE_KEYS: [&str; 9] = [
    "date",
    "lastmod",
    "modified",
    "publishdate",
    "pubdate",
    "published",
    "expirydate",
    "unpublishdate",
    "updated",
];

/// Rewrites what Hugo reads its own way, so the shared overrides reader
/// (strict, as Zola is) sees values it takes: `draft` as the boolean Hugo
/// made of it, `_build`/`build` removed (decided here), a date Hugo drops
/// removed with a warning, and a date in a form only Hugo reads
/// rewritten as RFC 3339. Touches the map only when a value needs it.
fn normalise(fm: &mut FrontMatter, path: &Path, warnings: &mut Vec<crate::Warning>) {
    let draft_odd = fm.get("draft").is_some_and(|v| !v.is_boolean());
    let build = ["build", "_build"].iter().any(|k| fm.get(k).is_some());
    let mut dates: Vec<(&str, Option<String>)> = Vec::new();
    for key in DATE_KEYS {
        let Some(value) = fm.get(key) else { continue };
        let ours = value
            .as_str()
            .is_some_and(|s| sitemap_source::overrides::parse_date(s).is_ok());
        match crate::hugo_dates::parse(value) {
            // Hugo's instant and ours are the same where both read it,
            // except a date without a zone, which Hugo puts in UTC and
            // the shared parser keeps as a local date: kept as written.
            Some(_) if ours => {}
            Some(t) => dates.push((key, Some(t.to_string()))),
            None => {
                warnings.push(crate::Warning::new(
                    Some(path),
                    &format!(
                        "line {}: `{key}` {value} is not a date Hugo reads; Hugo builds the page \
                         without it, and so does this scan (write it as 2024-05-01 or \
                         2024-05-01T10:00:00+02:00)",
                        fm.line_of(key)
                    ),
                ));
                dates.push((key, None));
            }
        }
    }
    if !draft_odd && !build && dates.is_empty() {
        return;
    }
    let draft = hugo_bool(fm, "draft");
    let data = fm.data_mut();
    let keys: Vec<String> = data.keys().cloned().collect();
    for k in keys {
        let lower = k.to_lowercase();
        if lower == "draft" && draft_odd {
            data.insert(k, Value::Bool(draft));
        } else if lower == "build" || lower == "_build" {
            data.remove(&k);
        } else if let Some((_, new)) = dates.iter().find(|(d, _)| *d == lower) {
            match new {
                Some(v) => data.insert(k, Value::String(v.clone())),
                None => data.remove(&k),
            };
        }
    }
}

pub(crate) fn scan(site: &Site, cfg: &HugoConfig) -> Result<ContentScan, Error> {
    let now = site.options.now.unwrap_or_else(jiff::Timestamp::now);
    let mut scan = ContentScan {
        default_language: cfg.default_language.clone(),
        hreflangs: site.hreflangs.clone(),
        ..ContentScan::default()
    };
    let accept = |name: &str| {
        let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
        (MARKDOWN.contains(&ext.as_str()) || HTML.contains(&ext.as_str())).then_some(true)
    };
    // The main content folder (only when some language has no folder of
    // its own: Hugo mounts it for those), then each language's own.
    let mut roots: Vec<(PathBuf, Option<String>)> = Vec::new();
    if site
        .languages
        .iter()
        .any(|l| !cfg.language_dirs.contains_key(l))
    {
        roots.push((site.content_dir.clone(), None));
    }
    for (lang, dir) in &cfg.language_dirs {
        if *dir != site.content_dir {
            roots.push((dir.clone(), Some(lang.clone())));
        }
    }
    let all_roots: Vec<PathBuf> = roots.iter().map(|(d, _)| d.clone()).collect();
    let mut files: Vec<File> = Vec::new();
    let mut page_errors: Vec<(PathBuf, Error)> = Vec::new();
    for (content_dir, dir_lang) in &roots {
        // A language's folder inside another content folder is walked on
        // its own, as that language's.
        let nested: Vec<&PathBuf> = all_roots
            .iter()
            .filter(|r| *r != content_dir && r.starts_with(content_dir))
            .collect();
        let skip_nested = |p: &Path| nested.iter().any(|r| p.starts_with(r));
        let classify = |found: Found| classify(found, dir_lang.as_deref(), None, site, cfg, now);
        let walked = walk(
            site,
            content_dir,
            &accept,
            &skip_nested,
            &classify,
            Classified::path,
        )?;
        scan.warnings.extend(walked.warnings);
        // Every bad file is reported, not only the first: gathered here
        // and with the pages' own errors below.
        page_errors.extend(walked.errors);
        scan.files_read += walked.files.len();
        // Filtered in place: the walk's list is reused, not copied.
        let classified = walked.files.into_iter().filter_map(|c| match c {
            Classified::Content(mut file) => {
                scan.warnings.append(&mut file.warnings);
                if let Some(e) = file.refused.take() {
                    page_errors.push((file.path.clone(), *e));
                }
                Some(file)
            }
            Classified::Plain(path) => {
                scan.excluded.push(Excluded {
                    source: path,
                    reason: ExclusionReason::NoFrontMatter,
                });
                None
            }
        });
        if files.is_empty() {
            files = classified.collect();
        } else {
            files.extend(classified);
        }
    }

    // Leaf bundles: everything below a folder holding `index.*` belongs to
    // that page.
    let leaf_dirs: BTreeSet<Vec<String>> = files
        .iter()
        .filter(|f| f.is_leaf())
        .map(|f| f.dir.clone())
        .collect();
    // Each folder above the file (and, for a file other than `index.*`, its
    // own folder) that is a bundle makes the file a resource.
    let in_leaf = |f: &File| {
        let own = if f.is_leaf() {
            f.dir.len()
        } else {
            f.dir.len() + 1
        };
        (1..own).any(|n| leaf_dirs.contains(&f.dir[..n]))
    };
    if !leaf_dirs.is_empty() {
        // A content file in a bundle (at any depth) in a language the
        // bundle has no `index` of makes Hugo give the bundle a page in
        // that language anyway: a copy of the default language's `index`
        // (else of another language's), with its front matter, in the
        // file's language (Hugo 0.111.3 `pagesCollector.addToBundle`).
        let headers: BTreeMap<(&[String], &str), &File> = files
            .iter()
            .filter(|f| f.is_leaf())
            .map(|f| ((&f.dir[..], f.lang.as_str()), f))
            .collect();
        let mut clones: BTreeMap<(Vec<String>, String), PathBuf> = BTreeMap::new();
        for f in files.iter().filter(|f| in_leaf(f)) {
            let own = if f.is_leaf() {
                f.dir.len()
            } else {
                f.dir.len() + 1
            };
            let Some(bundle) = (1..own)
                .map(|n| &f.dir[..n])
                .find(|d| leaf_dirs.contains(*d))
            else {
                continue;
            };
            if headers.contains_key(&(bundle, f.lang.as_str())) {
                continue;
            }
            // With no default-language `index`, Hugo takes whichever
            // header its map yields first (not deterministic); the first
            // language in order is taken here.
            let source = headers
                .get(&(bundle, cfg.default_language.as_str()))
                .or_else(|| {
                    headers
                        .range((bundle, "")..)
                        .find(|((d, _), _)| *d == bundle)
                        .map(|(_, h)| h)
                });
            if let Some(source) = source {
                clones
                    .entry((bundle.to_vec(), f.lang.clone()))
                    .or_insert_with(|| source.path.clone());
            }
        }
        let mut kept = Vec::with_capacity(files.len() + clones.len());
        for f in files {
            if in_leaf(&f) {
                scan.excluded.push(Excluded {
                    source: f.path,
                    reason: ExclusionReason::BundleResource,
                });
            } else {
                kept.push(f);
            }
        }
        for ((bundle, lang), source) in clones {
            let name = source
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let Some(allow_json) = accept(&name) else {
                continue;
            };
            let front_matter = crate::front_matter::read(
                &source,
                allow_json,
                &mut crate::front_matter::DirCache::default(),
            )
            .map_err(|e| page_errors.push((source.clone(), e)))
            .ok();
            let Some(front_matter) = front_matter else {
                continue;
            };
            let mut rel = bundle;
            rel.push(name);
            let found = Found {
                path: source,
                rel,
                front_matter,
            };
            if let Classified::Content(mut file) =
                classify(found, None, Some(&lang), site, cfg, now)
            {
                // Its warnings were reported with the `index` it copies.
                file.warnings.clear();
                kept.push(file);
            }
        }
        files = kept;
    }

    // A branch Hugo does not publish (a draft, future or expired
    // `_index`) takes everything below it with it, in its language: a
    // draft section's pages and their terms, and for the home page the
    // whole language, taxonomies included (checked with Hugo 0.111.3). A
    // branch left out only by `_build` or `headless` keeps its pages.
    let dead: BTreeMap<(String, Vec<String>), ExclusionReason> = files
        .iter()
        .filter(|f| f.is_branch() && !f.published)
        .filter_map(|f| Some(((f.lang.clone(), f.dir.clone()), f.exclusion?)))
        .collect();
    let dead_language = |lang: &str| dead.contains_key(&(lang.to_owned(), Vec::new()));
    if !dead.is_empty() {
        for f in &mut files {
            let own = if f.is_branch() {
                f.dir.len()
            } else {
                f.dir.len() + 1
            };
            let reason = (0..own).find_map(|n| dead.get(&(f.lang.clone(), f.dir[..n].to_vec())));
            if let Some(reason) = reason {
                f.published = false;
                f.terms.clear();
                f.exclusion = Some(*reason);
            }
        }
    }

    let lang_prefix = |lang: &str| lang_prefix(cfg, lang);
    let ugly_for = |section: &str| ugly_for(cfg, section);
    let kind_on = |kind: &str| !cfg.disabled_kinds.contains(kind);

    // Sections per language: top-level folders holding published content of
    // that language, and folders with an `_index` of that language.
    let mut sections: BTreeMap<(Vec<String>, String), Option<usize>> = BTreeMap::new();
    {
        // Sections implied by pages, as (top folder, language) borrowed
        // from the files: a key is built only once per section, not once
        // per page.
        let mut implied: HashSet<(&str, &str)> = HashSet::new();
        let mut last_implied: Option<(&str, &str)> = None;
        for (i, f) in files.iter().enumerate() {
            if f.in_taxonomy_dir {
                continue;
            }
            if f.is_branch() {
                sections.insert((f.dir.clone(), f.lang.clone()), Some(i));
                // A published nested section makes its top-level one
                // exist, `_index` or not.
                if f.published && f.dir.len() > 1 {
                    let pair = (f.dir[0].as_str(), f.lang.as_str());
                    implied.insert(pair);
                }
            } else if f.published || f.exclusion == Some(ExclusionReason::Headless) {
                // A headless bundle is not rendered, but makes its section
                // exist (Hugo 0.111.3).
                // The folder holding the page: for a leaf bundle, the one
                // above the bundle's own folder (`content/about/index.md`
                // is a page, not a section).
                let holder = if f.is_leaf() {
                    &f.dir[..f.dir.len().saturating_sub(1)]
                } else {
                    &f.dir[..]
                };
                if let Some(top) = holder.first() {
                    // Sorted files: most pages repeat the last pair.
                    let pair = (top.as_str(), f.lang.as_str());
                    if last_implied != Some(pair) {
                        implied.insert(pair);
                        last_implied = Some(pair);
                    }
                }
            }
        }
        for (top, lang) in implied {
            sections
                .entry((vec![top.to_owned()], lang.to_owned()))
                .or_insert(None);
        }
    }
    // A leaf bundle directly in the content folder is a page, not a section.
    let mut terms: Terms = BTreeMap::new();
    for lang in &site.languages {
        for t in cfg.taxonomies(lang) {
            terms.entry((lang.clone(), t.clone())).or_default();
        }
    }

    // Regular pages.
    let multilingual = site.languages.len() > 1;
    scan.pages.reserve(files.len());
    for f in &mut files {
        if f.in_taxonomy_dir {
            continue;
        }
        for (t, term) in std::mem::take(&mut f.terms) {
            terms_of(&mut terms, &f.lang, &cfg.taxonomies(&f.lang)[t])
                .entry(term)
                .or_insert(None);
        }
        if f.is_branch() {
            continue;
        }
        if let Some(reason) = f.exclusion {
            scan.excluded.push(Excluded {
                source: f.path.clone(),
                reason,
            });
            continue;
        }
        if !kind_on("page") {
            scan.excluded.push(Excluded {
                source: f.path.clone(),
                reason: ExclusionReason::KindDisabled,
            });
            continue;
        }
        // classify works out the URL and overrides of every page listed
        // here (not a branch or taxonomy file, not excluded, kind on).
        let Some(listed) = f.listed.take() else {
            unreachable!(
                "{}: a listed page classified without its URL",
                f.path.display()
            );
        };
        let (loc, overrides) = match listed {
            Ok(listed) => listed,
            Err(e) => {
                page_errors.push((std::mem::take(&mut f.path), *e));
                continue;
            }
        };
        let mut cp = ContentPage::new(PageKind::Page, loc, "");
        // Moved, like the path: a regular page's language is not asked
        // for again.
        cp.lang = std::mem::take(&mut f.lang);
        cp.overrides = overrides;
        // Moved: only branch files (`_index`) are looked at again below.
        cp.source = Some(std::mem::take(&mut f.path));
        // Only a site with more than one language has translations to link.
        if multilingual {
            cp.translation_key = Some(match &f.translation_key {
                Some(k) => format!("page:key:{k}"),
                None => format!(
                    "page:{}/{}",
                    f.dir.join("/"),
                    if f.is_leaf() { "" } else { &f.name }
                ),
            });
        }
        scan.pages.push(cp);
    }

    // Term content (`content/tags/rust/_index.md`) makes the term exist and
    // gives it front matter; `content/tags/_index.md` the taxonomy page.
    let mut taxonomy_fm: BTreeMap<(String, String), usize> = BTreeMap::new();
    for (i, f) in files.iter().enumerate() {
        if !f.in_taxonomy_dir || !f.is_branch() {
            continue;
        }
        let taxo = cfg
            .taxonomies(&f.lang)
            .iter()
            .find(|t| t.eq_ignore_ascii_case(&f.dir[0]))
            .cloned()
            .unwrap_or_default();
        if f.dir.len() == 1 {
            taxonomy_fm.insert((f.lang.clone(), taxo), i);
        } else {
            // An unpublished term `_index` (draft, future, expired) takes
            // the term's page with it, though pages use the term (Hugo
            // 0.111.3); `push_node` leaves it out for its reason. Only
            // when its folder is the term's own key, in lowercase: Hugo
            // keys `tags/Go & Rust/` apart from the term `go-rust` pages
            // use (same URL, another page), so leaving that folder out
            // leaves the term listed.
            let folder = f.dir[1..].join("/");
            let term = hugo_make_path(&folder, cfg.lower);
            let own_key = hugo_make_path(&folder, true) == folder.to_lowercase();
            if own_key || (f.published && f.exclusion.is_none()) {
                terms
                    .entry((f.lang.clone(), taxo))
                    .or_default()
                    .insert(term, Some(i));
            }
        }
    }

    // Home pages, one per language.
    for lang in &site.languages {
        let src = files
            .iter()
            .position(|f| f.is_branch() && f.dir.is_empty() && f.lang == *lang);
        sections.remove(&(Vec::new(), lang.clone()));
        let path = format!("{}/", lang_prefix(lang));
        push_node(
            &mut scan,
            site,
            &files,
            src,
            PageKind::Home,
            &path,
            lang,
            "home".to_owned(),
            kind_on("home"),
        )
        .or_else(|e| keep(&mut page_errors, e))?;
    }
    for ((dir, lang), src) in &sections {
        let section_name = dir[0].to_lowercase();
        // A top-level section Hugo makes itself (no `_index` file) has a
        // lowercase URL even under `disablePathToLower` (Hugo 0.111.3 keys
        // it in lowercase); one with an `_index` keeps the folder's case.
        let rel = hugo_make_path(
            &dir.join("/"),
            cfg.lower || (dir.len() == 1 && src.is_none()),
        );
        let mut path = if ugly_for(&section_name) {
            format!("{}/{rel}.html", lang_prefix(lang))
        } else {
            format!("{}/{rel}/", lang_prefix(lang))
        };
        if let Some(url) = src.and_then(|i| get_str(&files[i].fm, "url")) {
            let f = &files[src.unwrap_or_default()];
            path = checked_url(url, &lang_prefix(&f.lang), Some(cfg.lower));
        }
        push_node(
            &mut scan,
            site,
            &files,
            *src,
            PageKind::Section,
            &path,
            lang,
            format!("section:{}", dir.join("/")),
            kind_on("section"),
        )
        .or_else(|e| keep(&mut page_errors, e))?;
    }
    for ((lang, taxo), found_terms) in &terms {
        let taxo_slug = hugo_make_path(taxo, cfg.lower);
        let ugly = ugly_for(&taxo_slug);
        let path = if ugly {
            format!("{}/{taxo_slug}.html", lang_prefix(lang))
        } else {
            format!("{}/{taxo_slug}/", lang_prefix(lang))
        };
        let src = taxonomy_fm.get(&(lang.clone(), taxo.clone())).copied();
        // An unpublished home page or taxonomy `_index` takes the
        // taxonomy's pages with it (see `dead` above).
        if dead_language(lang) || src.is_some_and(|i| !files[i].published) {
            continue;
        }
        // The taxonomy's own `_index` may set its URL, as a term's may.
        let path = match src.map(|i| &files[i]) {
            Some(f) => match get_str(&f.fm, "url") {
                Some(url) => checked_url(url, &lang_prefix(&f.lang), Some(cfg.lower)),
                None => path,
            },
            None => path,
        };
        push_node(
            &mut scan,
            site,
            &files,
            src,
            PageKind::Taxonomy,
            &path,
            lang,
            format!("taxonomy:{taxo}"),
            kind_on("taxonomy"),
        )
        .or_else(|e| keep(&mut page_errors, e))?;
        for (term, src) in found_terms {
            let mut path = if ugly {
                format!("{}/{taxo_slug}/{term}.html", lang_prefix(lang))
            } else {
                format!("{}/{taxo_slug}/{term}/", lang_prefix(lang))
            };
            // Term content may set the term page's URL (`url =
            // "categoria/sintaxe"` in `content/categories/syntax/_index.pt-br.md`).
            if let Some(f) = src.map(|i| &files[i])
                && let Some(url) = get_str(&f.fm, "url")
            {
                path = checked_url(url, &lang_prefix(&f.lang), Some(cfg.lower));
            }
            push_node(
                &mut scan,
                site,
                &files,
                *src,
                PageKind::Term,
                &path,
                lang,
                format!("term:{taxo}/{term}"),
                kind_on("term"),
            )
            .or_else(|e| keep(&mut page_errors, e))?;
        }
    }
    // Freeing a large site's files (a few strings each) is left to another
    // core: this thread's next work does not wait for it.
    drop_elsewhere(files);
    match Error::of_pages(page_errors) {
        Some(e) => Err(e),
        None => Ok(scan),
    }
}

/// Keeps a page's error to report with the others.
fn keep(errors: &mut Vec<(PathBuf, Error)>, e: Error) -> Result<(), Error> {
    // Every such error starts with its file's path: sorted by it.
    errors.push((PathBuf::from(e.to_string()), e));
    Ok(())
}

/// Terms found so far, keyed by (language, taxonomy).
type Terms = BTreeMap<(String, String), BTreeMap<String, Option<usize>>>;

/// The terms of one (language, taxonomy), found without building the key
/// for every page: there are only a few such pairs.
fn terms_of<'t>(
    terms: &'t mut Terms,
    lang: &str,
    taxonomy: &str,
) -> &'t mut BTreeMap<String, Option<usize>> {
    if !terms.keys().any(|(l, x)| l == lang && x == taxonomy) {
        terms.insert((lang.to_owned(), taxonomy.to_owned()), BTreeMap::new());
    }
    terms
        .iter_mut()
        .find(|((l, x), _)| l == lang && x == taxonomy)
        .map(|(_, found)| found)
        .expect("inserted above")
}

/// Drops `value` on a thread of its own (or here, if none can start).
fn drop_elsewhere<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new()
        .name("sitemap-drop".to_owned())
        .spawn(move || drop(value));
}

/// A file the walk found: content, or an HTML file without front matter
/// (which Hugo copies as it is).
#[expect(
    clippy::large_enum_variant,
    reason = "nearly every file is content: boxing it would cost an allocation per page"
)]
enum Classified {
    Content(File),
    Plain(PathBuf),
}

impl Classified {
    fn path(&self) -> &Path {
        match self {
            Classified::Content(file) => &file.path,
            Classified::Plain(path) => path,
        }
    }
}

/// What Hugo makes of one content file: its language, bundle role and
/// whether it is published. Runs on the walker's threads. `force_lang`:
/// the language of a bundle's copy of another language's `index`.
fn classify(
    found: Found,
    dir_lang: Option<&str>,
    force_lang: Option<&str>,
    site: &Site,
    cfg: &HugoConfig,
    now: jiff::Timestamp,
) -> Classified {
    let file_name = found.rel.last().map_or("", String::as_str);
    let (stem, ext) = file_name.rsplit_once('.').unwrap_or((file_name, ""));
    let (name, lang) = match stem.rsplit_once('.') {
        Some((n, l)) if site.languages.iter().any(|k| k.eq_ignore_ascii_case(l)) => {
            (n.to_owned(), l.to_lowercase())
        }
        // Without its own folder, the main folder's files are the default
        // language's.
        _ => (
            stem.to_owned(),
            dir_lang.unwrap_or(&cfg.default_language).to_owned(),
        ),
    };
    // A bundle's copy of another language's `index` (see `scan`).
    let lang = force_lang.map_or(lang, str::to_owned);
    let mut fm = match found.front_matter {
        Some(fm) => fm,
        None if HTML.iter().any(|h| h.eq_ignore_ascii_case(ext)) => {
            return Classified::Plain(found.path);
        }
        None => FrontMatter::default(),
    };
    let mut published = true;
    let mut exclusion = None;
    if hugo_bool(&fm, "draft") && !cfg.build_drafts {
        published = false;
        exclusion = Some(ExclusionReason::Draft);
    } else if !cfg.build_future
        && date_of(&fm, &["publishdate", "pubdate", "published", "date"]).is_some_and(|d| d > now)
    {
        published = false;
        exclusion = Some(ExclusionReason::Future);
    } else if !cfg.build_expired
        && date_of(&fm, &["expirydate", "unpublishdate"]).is_some_and(|d| d <= now)
    {
        published = false;
        exclusion = Some(ExclusionReason::Expired);
    } else if name == "index" && hugo_bool(&fm, "headless") {
        published = false;
        exclusion = Some(ExclusionReason::Headless);
    } else if build_excludes(&fm) {
        exclusion = Some(ExclusionReason::BuildOptions);
    } else if matches!(fm.get("sitemap.disable"), Some(Value::Bool(true))) {
        exclusion = Some(ExclusionReason::SitemapDisabled);
    }
    let mut warnings = Vec::new();
    normalise(&mut fm, &found.path, &mut warnings);
    let mut rel = found.rel;
    rel.pop();
    let role = match name.as_str() {
        "_index" => Role::Branch,
        "index" => Role::Leaf,
        _ => Role::Page,
    };
    let in_taxonomy_dir = is_taxonomy_dir(cfg, &lang, &rel);
    let mut file = File {
        path: found.path,
        dir: rel,
        name,
        lang,
        role,
        in_taxonomy_dir,
        fm,
        published,
        exclusion,
        listed: None,
        terms: Vec::new(),
        translation_key: None,
        warnings,
        refused: None,
    };
    // Hugo 0.111.3 refuses the page when it reads its front matter, drafts,
    // bundle resources and `_build: never` pages included.
    if let Some(url) = get_str(&file.fm, "url")
        && (url.starts_with("http://") || url.starts_with("https://"))
    {
        file.refused = Some(Box::new(Error::UrlWithProtocol {
            path: file.path.clone(),
            line: file.fm.line_of("url"),
            value: url.to_owned(),
        }));
    }
    // A headless bundle is not rendered, but its terms are (Hugo 0.111.3
    // lists a term only a headless page uses).
    let counts_terms = file.published || file.exclusion == Some(ExclusionReason::Headless);
    // A section's or home page's own terms count too.
    if counts_terms && !file.in_taxonomy_dir {
        for (t, taxonomy) in cfg.taxonomies(&file.lang).iter().enumerate() {
            match file.fm.get(taxonomy) {
                Some(Value::Array(values)) => file.terms.extend(
                    values
                        .iter()
                        .filter_map(Value::as_str)
                        .map(|v| (t, hugo_make_path(v, cfg.lower))),
                ),
                Some(Value::String(v)) => file.terms.push((t, hugo_make_path(v, cfg.lower))),
                _ => {}
            }
        }
    }
    let listed_page = !file.is_branch()
        && !file.in_taxonomy_dir
        && file.exclusion.is_none()
        && !cfg.disabled_kinds.contains("page");
    if listed_page {
        let lang_prefix = |lang: &str| lang_prefix(cfg, lang);
        let ugly_for = |section: &str| ugly_for(cfg, section);
        file.listed = Some(
            page_path(site, cfg, &file, &lang_prefix, &ugly_for)
                .and_then(|path| make_loc(&site.base_url, &path, &file.path))
                .and_then(|loc| Ok((loc, overrides_of(site, &file.path, &file.fm)?)))
                .map_err(Box::new),
        );
        file.translation_key = get_str(&file.fm, "translationkey").map(str::to_owned);
        // All the page's front matter is needed for: freed here, on this
        // walker thread, whose allocator reuses the memory for the next
        // file, instead of 100,000 maps held and freed at the end.
        file.fm = FrontMatter::default();
    }
    Classified::Content(file)
}

/// The URL prefix of a language: none for the default language unless
/// `defaultContentLanguageInSubdir`.
fn lang_prefix(cfg: &HugoConfig, lang: &str) -> String {
    if lang == cfg.default_language && !cfg.default_in_subdir {
        String::new()
    } else {
        format!("/{lang}")
    }
}

/// Whether a section uses ugly URLs (`uglyURLs`, per section or site-wide).
fn ugly_for(cfg: &HugoConfig, section: &str) -> bool {
    cfg.ugly_sections
        .get(section)
        .copied()
        .unwrap_or(cfg.ugly_urls)
}

/// Whether a folder is under a taxonomy's folder (`content/tags/…`).
fn is_taxonomy_dir(cfg: &HugoConfig, lang: &str, dir: &[String]) -> bool {
    dir.first().is_some_and(|d| {
        cfg.taxonomies(lang)
            .iter()
            .any(|t| t.eq_ignore_ascii_case(d))
    })
}

/// Adds a list page (home, section, taxonomy, term) unless its kind is
/// disabled or its `_index` file excludes it.
#[allow(clippy::too_many_arguments)]
fn push_node(
    scan: &mut ContentScan,
    site: &Site,
    files: &[File],
    src: Option<usize>,
    kind: PageKind,
    path: &str,
    lang: &str,
    key: String,
    enabled: bool,
) -> Result<(), Error> {
    let file = src.map(|i| &files[i]);
    if let Some(f) = file {
        let reason = if !enabled {
            Some(ExclusionReason::KindDisabled)
        } else {
            f.exclusion
        };
        if let Some(reason) = reason {
            scan.excluded.push(Excluded {
                source: f.path.clone(),
                reason,
            });
            return Ok(());
        }
    } else if !enabled {
        return Ok(());
    }
    let source = file.map_or(site.config_path.as_path(), |f| f.path.as_path());
    let mut cp = ContentPage::new(kind, make_loc(&site.base_url, path, source)?, lang);
    if let Some(f) = file {
        cp.source = Some(f.path.clone());
        cp.overrides = overrides_of(site, &f.path, &f.fm)?;
    }
    if site.languages.len() > 1 {
        cp.translation_key = Some(match file.and_then(|f| get_str(&f.fm, "translationkey")) {
            Some(k) => format!("key:{k}"),
            None => key,
        });
    }
    scan.pages.push(cp);
    Ok(())
}

/// A front matter `url` as a site path with a leading `/` (never outside
/// the site: `..` is cleaned against the root, as Hugo does). Hugo adds the language's
/// prefix to a relative one (`url: about/` of a German page is
/// `/de/about/`), not to one that starts with `/`. A regular page's is
/// used as written; a list page's (`_index`) is sanitised as a path
/// (`/Up Per/` is `/up-per/`, or `/Up-Per/` under `disablePathToLower`):
/// `sanitise` is then `Some(lowercase)`.
fn checked_url(url: &str, lang_prefix: &str, sanitise: Option<bool>) -> String {
    let t = url.trim();
    let t = match sanitise {
        Some(lower) => {
            // A list page is a folder: `url = "categoria/sintaxe"` is
            // `/categoria/sintaxe/`.
            let mut t = hugo_make_path(t, lower);
            // `..` never leaves the site: Hugo cleans it against the root.
            if escapes(&t) {
                let rooted = go_join(&t);
                t = if t.starts_with('/') {
                    rooted
                } else {
                    rooted[1..].to_owned()
                };
            }
            if !t.ends_with('/') && !t.rsplit('/').next().unwrap_or("").contains('.') {
                t.push('/');
            }
            t
        }
        // A regular page's, as Hugo 0.111.3 joins it (Go's `path.Join`:
        // `//` and `.` segments go): a folder when it ends in `/` or holds
        // no `.` at all (`/a//b` is `/a/b/`, `/a.b/c` a file).
        // `..` is cleaned against the root (`/x/../../y/` is `/y/`).
        None => {
            let folder = t.ends_with('/') || !t.contains('.');
            let mut joined = go_join(t);
            if folder && joined != "/" {
                joined.push('/');
            }
            if t.starts_with('/') {
                joined
            } else {
                joined.split_off(1)
            }
        }
    };
    if t.starts_with('/') {
        t
    } else {
        format!("{lang_prefix}/{t}")
    }
}

fn page_path(
    site: &Site,
    cfg: &HugoConfig,
    f: &File,
    lang_prefix: &dyn Fn(&str) -> String,
    ugly_for: &dyn Fn(&str) -> bool,
) -> Result<String, Error> {
    if let Some(url) = get_str(&f.fm, "url") {
        return Ok(checked_url(url, &lang_prefix(&f.lang), None));
    }
    // An empty slug is no slug (`slug: ""`, or `slug:` with no value).
    let slug = get_str(&f.fm, "slug").filter(|s| !s.is_empty());
    // A leaf bundle's page is its folder; a file's is its name.
    let (dir, file_name): (&[String], &str) = if f.is_leaf() {
        match f.dir.split_last() {
            Some((last, rest)) => (rest, last.as_str()),
            None => (&[][..], ""),
        }
    } else {
        (&f.dir[..], f.name.as_str())
    };
    let section = f.dir.first().map(|s| s.to_lowercase()).unwrap_or_default();
    if let Some(pattern) = cfg.permalinks.get(&section) {
        let mut expanded = expand_permalink(pattern, f, dir, file_name, slug, cfg)?;
        // Under `uglyURLs` a pattern's page is a file: `/2024/05/a/` is
        // written as `/2024/05/a.html` (an empty last token leaves the
        // folder above: `/2024/05.html`).
        // A pattern without a trailing slash (`posts = ":filename"`) is a
        // folder all the same under pretty URLs.
        if ugly_for(&section) && expanded.len() > 1 {
            if expanded.ends_with('/') {
                expanded.pop();
            }
            expanded.push_str(".html");
        } else if !expanded.ends_with('/') {
            expanded.push('/');
        }
        return Ok(format!("{}{}", lang_prefix(&f.lang), expanded));
    }
    let last = slug.unwrap_or(file_name);
    let mut rel: Vec<&str> = dir.iter().map(String::as_str).collect();
    if !last.is_empty() {
        rel.push(last);
    }
    let _ = site;
    // Hugo sanitises the whole target path, its slashes and `.html`
    // included, so a space before them becomes a hyphen
    // (`slug: " padded "` is `/posts/-padded-/`).
    let mut rel = rel.join("/");
    // A slug's `..` climbs out of the section, never out of the site
    // (`slug: ../../s` is `/s/`), as Hugo joins the path.
    if escapes(&rel) {
        rel = go_join(&rel)[1..].to_owned();
    }
    Ok(if rel.is_empty() {
        format!("{}/", lang_prefix(&f.lang))
    } else if ugly_for(&section) {
        let path = hugo_make_path(&format!("/{rel}.html"), cfg.lower);
        format!("{}{path}", lang_prefix(&f.lang))
    } else {
        let path = hugo_make_path(&format!("/{rel}/"), cfg.lower);
        format!("{}{path}", lang_prefix(&f.lang))
    })
}

/// `t` as Go's `path.Join("/", t)` makes it: empty and `.` segments
/// dropped, `..` takes the one before it and stops at the root; no
/// trailing `/` (only the root itself is `/`).
fn go_join(t: &str) -> String {
    let mut segs: Vec<&str> = Vec::new();
    for seg in t.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                segs.pop();
            }
            _ => segs.push(seg),
        }
    }
    if segs.is_empty() {
        return "/".to_owned();
    }
    let mut out = String::with_capacity(t.len() + 1);
    for seg in segs {
        out.push('/');
        out.push_str(seg);
    }
    out
}

/// How many of `dir`'s folders are the page's section path (`:sections`):
/// up to the nearest folder holding an `_index` of the page's language (a
/// folder without one is no section in that language; a top-level folder
/// always is). Looked up on disk: only pages under a `:sections` pattern
/// ask, on the walker's threads, before the other files are known.
fn sections_depth(f: &File, dir: &[String], cfg: &HugoConfig) -> usize {
    // The file's own folder is `f.dir`; `dir` may be shorter (a bundle).
    let folder_of = |n: usize| f.path.ancestors().nth(f.dir.len() - n + 1);
    (2..=dir.len())
        .rev()
        .find(|&n| {
            let Some(folder) = folder_of(n) else {
                return false;
            };
            let Ok(entries) = std::fs::read_dir(folder) else {
                return false;
            };
            entries.filter_map(Result::ok).any(|e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                let Some(rest) = name.strip_prefix("_index.") else {
                    return false;
                };
                match rest.split_once('.') {
                    Some((lang, _)) => lang.eq_ignore_ascii_case(&f.lang),
                    None => {
                        let own = cfg
                            .language_dirs
                            .iter()
                            .find(|(_, d)| folder.starts_with(d))
                            .map_or(cfg.default_language.as_str(), |(l, _)| l.as_str());
                        own == f.lang
                    }
                }
            })
        })
        .unwrap_or(dir.len().min(1))
}

/// `:year` as Go's `strconv.Itoa` writes it: not padded (`1` for a page
/// without a date).
fn d_year(date: jiff::civil::Date) -> String {
    date.year().to_string()
}

/// Hugo's permalink tokens for regular pages.
fn expand_permalink(
    pattern: &str,
    f: &File,
    dir: &[String],
    file_name: &str,
    slug: Option<&str>,
    cfg: &HugoConfig,
) -> Result<String, Error> {
    // Hugo's page date, in the offset it was written in; a page without
    // one has Go's zero time (year 1, January 1), as Hugo writes it.
    let date = [
        "date",
        "publishdate",
        "pubdate",
        "published",
        "lastmod",
        "modified",
    ]
    .iter()
    .filter_map(|k| f.fm.get(k))
    .find_map(crate::hugo_dates::parse_civil)
    .map_or(jiff::civil::date(1, 1, 1), |(civil, _)| civil.date());
    let title = get_str(&f.fm, "title").unwrap_or("");
    let mut out = String::new();
    let mut rest = pattern;
    while let Some(i) = rest.find(':') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let len = after
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(after.len());
        let token = &after[..len];
        let value = match token {
            "year" => Some(d_year(date)),
            "month" => Some(format!("{:02}", date.month())),
            "day" => Some(format!("{:02}", date.day())),
            "section" => Some(dir.first().cloned().unwrap_or_default()),
            // Urlized, as the names below (`a+b/` is `a-b`).
            "sections" => Some(hugo_make_path(
                &dir[..sections_depth(f, dir, cfg)]
                    .join("/")
                    .replace('+', " "),
                cfg.lower,
            )),
            // Hugo's `urlize` reads a `+` here as a space (`C++ & Rust`
            // is `c-rust`), unlike in a plain slug.
            "title" => Some(hugo_make_path(&title.replace('+', " "), cfg.lower)),
            "slug" => Some(hugo_make_path(
                &slug.unwrap_or(title).replace('+', " "),
                cfg.lower,
            )),
            // Urlized too (`a+b.md` is `a-b`), as Hugo's permalink
            // expander does with every token it makes of a name.
            "filename" | "contentbasename" => {
                Some(hugo_make_path(&file_name.replace('+', " "), cfg.lower))
            }
            "slugorfilename" | "slugorcontentbasename" => Some(hugo_make_path(
                &slug.unwrap_or(file_name).replace('+', " "),
                cfg.lower,
            )),
            _ => {
                return Err(Error::Config {
                    path: f.path.clone(),
                    line: None,
                    message: format!(
                        "permalink pattern `{pattern}`: token `:{token}` is not supported by sitemap scan"
                    ),
                });
            }
        };
        out.push_str(&value.unwrap_or_default());
        rest = &after[len..];
    }
    out.push_str(rest);
    let mut path = hugo_make_path(&out, cfg.lower);
    if !path.starts_with('/') {
        path.insert(0, '/');
    }
    // An empty token leaves two slashes, which Hugo's URL makes one.
    while let Some(at) = path.find("//") {
        path.remove(at);
    }
    Ok(path)
}
