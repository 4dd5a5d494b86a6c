//! Zola's rules (0.22): `components/content/src/{file_info,page,section,
//! library,taxonomies}.rs`, `components/site/src/{lib,sitemap}.rs`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};
use serde_json::{Map, Value};

use crate::FrontMatter;
use crate::config::{config_err, read_file, str_of};
use crate::paths::{SlugifyStrategy, base_loc, escapes, make_loc, zola_slugify};
use crate::walk::{Found, walk};
use crate::{
    ContentPage, ContentScan, Error, Excluded, ExclusionReason, PageKind, Rules, Site, SiteOptions,
    Warning, overrides_of,
};

#[derive(Debug)]
pub(crate) struct ZolaConfig {
    default_language: String,
    other_languages: Vec<String>,
    /// Language -> its taxonomies (the default language's are the top-level
    /// `taxonomies`).
    taxonomies: BTreeMap<String, Vec<Taxonomy>>,
    slugify_paths: SlugifyStrategy,
    slugify_taxonomies: SlugifyStrategy,
    paths_keep_dates: bool,
    ignored_content: Option<GlobSet>,
    exclude_paginated: bool,
    /// `taxonomy_root`: a folder every taxonomy's path starts with.
    taxonomy_root: Option<String>,
}

#[derive(Debug, Clone)]
struct Taxonomy {
    name: String,
    slug: String,
    paginate_by: Option<usize>,
    paginate_path: String,
    render: bool,
}

fn get_bool(map: &Map<String, Value>, key: &str, path: &Path) -> Result<Option<bool>, Error> {
    match map.get(key) {
        None => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(config_err(
            path,
            format!("`{key}` must be true or false, found {other}"),
        )),
    }
}

fn slugify_setting(
    map: &Map<String, Value>,
    key: &str,
    path: &Path,
) -> Result<SlugifyStrategy, Error> {
    match str_of(map, key, path)? {
        None => Ok(SlugifyStrategy::On),
        Some(s) => SlugifyStrategy::parse(s).ok_or_else(|| {
            config_err(
                path,
                format!("`slugify.{key} = {s:?}`: expected \"on\", \"safe\" or \"off\""),
            )
        }),
    }
}

fn taxonomies(
    value: Option<&Value>,
    strategy: SlugifyStrategy,
    path: &Path,
) -> Result<Vec<Taxonomy>, Error> {
    let Some(value) = value else {
        return Ok(Vec::new());
    };
    let Value::Array(items) = value else {
        return Err(config_err(
            path,
            "`taxonomies` must be an array of tables like `{ name = \"tags\" }`".to_owned(),
        ));
    };
    let mut out = Vec::new();
    for item in items {
        let Value::Object(t) = item else {
            return Err(config_err(
                path,
                "each taxonomy must be a table like `{ name = \"tags\" }`".to_owned(),
            ));
        };
        let name = str_of(t, "name", path)?
            .ok_or_else(|| config_err(path, "a taxonomy has no `name`".to_owned()))?;
        let paginate_by = match t.get("paginate_by") {
            None => None,
            Some(v) => Some(v.as_u64().ok_or_else(|| {
                config_err(
                    path,
                    format!("taxonomy `{name}`: `paginate_by` must be a positive integer"),
                )
            })? as usize),
        };
        out.push(Taxonomy {
            name: name.to_owned(),
            slug: zola_slugify(name, strategy),
            paginate_by: paginate_by.filter(|&n| n > 0),
            paginate_path: str_of(t, "paginate_path", path)?
                .unwrap_or("page")
                .to_owned(),
            render: get_bool(t, "render", path)?.unwrap_or(true),
        });
    }
    Ok(out)
}

pub(crate) fn open(
    root: &Path,
    config_path: PathBuf,
    options: &SiteOptions,
) -> Result<Site, Error> {
    let value = read_file(&config_path)?;
    let empty = Map::new();
    let map = value.as_object().unwrap_or(&empty);
    let path = config_path.as_path();
    let base_url = match &options.base_url {
        Some(b) => b.clone(),
        None => str_of(map, "base_url", path)?
            .ok_or(Error::NoBaseUrl {
                path: config_path.clone(),
                key: "base_url",
            })?
            .to_owned(),
    };
    let base_url = base_loc(&base_url, path)?;
    let default_language = str_of(map, "default_language", path)?
        .unwrap_or("en")
        .to_owned();
    let slugify = match map.get("slugify") {
        Some(Value::Object(s)) => s.clone(),
        None => Map::new(),
        Some(_) => return Err(config_err(path, "`slugify` must be a table".to_owned())),
    };
    let slugify_paths = slugify_setting(&slugify, "paths", path)?;
    let slugify_taxonomies = slugify_setting(&slugify, "taxonomies", path)?;
    let paths_keep_dates = get_bool(&slugify, "paths_keep_dates", path)?.unwrap_or(false);
    let mut tax = BTreeMap::new();
    let top_level = taxonomies(map.get("taxonomies"), slugify_taxonomies, path)?;
    // Config::add_default_language: the default language's taxonomies are
    // the top-level ones, or those under `[languages.<default>]`; both
    // given is an error.
    let under_default = match map.get("languages") {
        Some(Value::Object(langs)) => match langs.get(&default_language) {
            Some(opts) => taxonomies(opts.get("taxonomies"), slugify_taxonomies, path)?,
            None => Vec::new(),
        },
        _ => Vec::new(),
    };
    let default_taxonomies = match (top_level.is_empty(), under_default.is_empty()) {
        (_, true) => top_level,
        (true, false) => under_default,
        (false, false) => {
            return Err(config_err(
                path,
                format!(
                    "`taxonomies` for the default language is given twice, at the top level and under `[languages.{default_language}]`: keep one (Zola refuses this too)"
                ),
            ));
        }
    };
    tax.insert(default_language.clone(), default_taxonomies);
    let taxonomy_root = str_of(map, "taxonomy_root", path)?.map(str::to_owned);
    let mut other_languages = Vec::new();
    match map.get("languages") {
        None => {}
        Some(Value::Object(langs)) => {
            for (code, opts) in langs {
                if *code == default_language {
                    continue;
                }
                other_languages.push(code.clone());
                tax.insert(
                    code.clone(),
                    taxonomies(opts.get("taxonomies"), slugify_taxonomies, path)?,
                );
            }
        }
        Some(_) => {
            return Err(config_err(
                path,
                "`languages` must be a table of `[languages.CODE]` tables".to_owned(),
            ));
        }
    }
    let ignored_content = match map.get("ignored_content") {
        None => None,
        Some(Value::Array(globs)) => {
            let mut b = GlobSetBuilder::new();
            for g in globs {
                let s = g.as_str().ok_or_else(|| {
                    config_err(
                        path,
                        "`ignored_content` must be an array of glob strings".to_owned(),
                    )
                })?;
                b.add(
                    Glob::new(s)
                        .map_err(|e| config_err(path, format!("`ignored_content`: {e}")))?,
                );
            }
            Some(
                b.build()
                    .map_err(|e| config_err(path, format!("`ignored_content`: {e}")))?,
            )
        }
        Some(_) => {
            return Err(config_err(
                path,
                "`ignored_content` must be an array of glob strings".to_owned(),
            ));
        }
    };
    let exclude_paginated = match str_of(map, "exclude_paginated_pages_in_sitemap", path)? {
        None | Some("none") => false,
        Some("all") => true,
        Some(other) => {
            return Err(config_err(
                path,
                format!(
                    "`exclude_paginated_pages_in_sitemap = {other:?}`: expected \"none\" or \"all\""
                ),
            ));
        }
    };
    let output_dir = root.join(str_of(map, "output_dir", path)?.unwrap_or("public"));
    let mut languages = vec![default_language.clone()];
    languages.extend(other_languages.iter().cloned());
    Ok(Site {
        flavor: crate::Flavor::Zola,
        root: root.to_path_buf(),
        config_path,
        base_url,
        content_dir: root.join("content"),
        output_dir,
        default_language: default_language.clone(),
        languages,
        rules: Rules::Zola(ZolaConfig {
            default_language,
            other_languages,
            taxonomies: tax,
            slugify_paths,
            slugify_taxonomies,
            paths_keep_dates,
            ignored_content,
            exclude_paginated,
            taxonomy_root,
        }),
        options: options.clone(),
        hreflangs: BTreeMap::new(),
        // Zola has no site-wide sitemap settings.
        sitemap: crate::SiteSitemap::default(),
        language_sitemaps: BTreeMap::new(),
    })
}

#[derive(Debug)]
struct Section {
    dir: Vec<String>,
    lang: String,
    path: String,
    source: PathBuf,
    fm: FrontMatter,
    render: bool,
    transparent: bool,
    paginate_by: Option<usize>,
    paginate_path: String,
    sort_by: String,
    /// Pages listed in this section (after transparent sections pass
    /// theirs up).
    pages: Vec<usize>,
}

#[derive(Debug)]
struct Page {
    source: PathBuf,
    lang: String,
    path: String,
    /// The folder whose `_index.md` is this page's section.
    section_dir: Vec<String>,
    canonical: String,
    fm: FrontMatter,
    render: bool,
    /// For sorting-based pagination counts: which sort keys it has.
    has_date: bool,
    has_updated: bool,
    has_title: bool,
    has_weight: bool,
    /// Named exactly `index.md` (checked against sections in its folder).
    index_md: bool,
    /// `index*.md` in a folder of its own (a bundle).
    colocated: bool,
}

/// Every key of Zola's `SectionFrontMatter` (0.22), which denies others.
const SECTION_KEYS: &[&str] = &[
    "title",
    "description",
    "sort_by",
    "weight",
    "draft",
    "template",
    "paginate_by",
    "paginate_reversed",
    "paginate_path",
    "insert_anchor_links",
    "render",
    "redirect_to",
    "in_search_index",
    "transparent",
    "page_template",
    "aliases",
    "generate_feeds",
    "extra",
];

fn fm_err(path: &Path, line: usize, message: String) -> Error {
    Error::FrontMatter {
        path: path.to_path_buf(),
        line,
        message,
    }
}

fn fm_bool(fm: &FrontMatter, key: &str, default: bool, path: &Path) -> Result<bool, Error> {
    match fm.data().get(key) {
        None => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(fm_err(
            path,
            fm.line_of(key),
            format!("`{key}` must be true or false, found {other}"),
        )),
    }
}

fn fm_str<'a>(fm: &'a FrontMatter, key: &str, path: &Path) -> Result<Option<&'a str>, Error> {
    match fm.data().get(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(fm_err(
            path,
            fm.line_of(key),
            format!("`{key}` must be a string, found {other}"),
        )),
    }
}

/// Zola's `RFC3339_DATE` file-name rule: `YYYY-MM-DD` (optionally with a
/// time and offset) then an optional `_`/`-` (after an optional space) and
/// the slug. Returns (datetime, slug).
fn dated_filename(name: &str) -> Option<(&str, Option<&str>)> {
    let b = name.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b.get(r.clone())
            .is_some_and(|s| s.iter().all(u8::is_ascii_digit))
    };
    if !(digits(0..4)
        && b.get(4) == Some(&b'-')
        && digits(5..7)
        && b.get(7) == Some(&b'-')
        && digits(8..10))
    {
        return None;
    }
    let month: u32 = name[5..7].parse().ok()?;
    let day: u32 = name[8..10].parse().ok()?;
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    let mut end = 10;
    // Optional `Thh:mm:ss[.frac](Z|±hh:mm)`: all of it or none.
    if b.get(10) == Some(&b'T') {
        let time_ok = digits(11..13)
            && b.get(13) == Some(&b':')
            && digits(14..16)
            && b.get(16) == Some(&b':')
            && digits(17..19);
        if time_ok {
            let mut i = 19;
            if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                i += 1;
                while b.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
            let zone = match b.get(i) {
                Some(b'Z') => Some(i + 1),
                Some(b'+' | b'-')
                    if digits(i + 1..i + 3)
                        && b.get(i + 3) == Some(&b':')
                        && digits(i + 4..i + 6) =>
                {
                    Some(i + 6)
                }
                _ => None,
            };
            if let Some(z) = zone {
                end = z;
            }
        }
    }
    let datetime = &name[..end];
    let mut rest = &name[end..];
    if let Some(r) = rest.strip_prefix(|c: char| c.is_whitespace()) {
        rest = r;
    }
    let slug = rest.strip_prefix(['_', '-']).filter(|s| !s.is_empty());
    Some((datetime, slug))
}

pub(crate) fn scan(site: &Site, cfg: &ZolaConfig) -> Result<ContentScan, Error> {
    let ignored = cfg.ignored_content.clone();
    let walked = walk(
        site,
        &site.content_dir,
        &|name| name.ends_with(".md").then_some(false),
        &move |p| ignored.as_ref().is_some_and(|g| g.is_match(p)),
        &|found| found,
        Found::path,
    )?;
    let mut scan = ContentScan {
        warnings: walked.warnings,
        files_read: walked.files.len() + walked.errors.len(),
        default_language: cfg.default_language.clone(),
        ..ContentScan::default()
    };
    let multilingual = !cfg.other_languages.is_empty();

    let mut section_errors: Vec<(PathBuf, Error)> = Vec::new();
    // The path (below the language) of every section file read, drafts
    // included: an `index.md` page on one of them is refused.
    let mut section_paths: BTreeSet<String> = BTreeSet::new();
    // Sections first: a draft section hides everything below it.
    let mut sections: BTreeMap<(Vec<String>, String), Section> = BTreeMap::new();
    let mut draft_dirs: BTreeSet<Vec<String>> = BTreeSet::new();
    let mut page_files: Vec<&Found> = Vec::new();
    for found in &walked.files {
        let (dir, name) = found.rel.split_at(found.rel.len() - 1);
        let name = &name[0];
        if !name.starts_with("_index.") {
            page_files.push(found);
            continue;
        }
        let lang = if name == "_index.md" {
            cfg.default_language.clone()
        } else {
            let code = &name["_index.".len()..name.len() - ".md".len()];
            if !cfg.other_languages.iter().any(|l| l == code) {
                scan.warnings.push(Warning::new(
                    Some(&found.path),
                    "not a section file: expected `_index.md` or `_index.LANG.md` for a language in `languages`; ignored, as Zola does",
                ));
                continue;
            }
            code.to_owned()
        };
        let Some(fm) = &found.front_matter else {
            return Err(missing_front_matter(&found.path));
        };
        let p = &found.path;
        section_paths.insert(if lang == cfg.default_language || dir.is_empty() {
            let joined = dir.join("/");
            if lang == cfg.default_language {
                joined
            } else {
                lang.clone()
            }
        } else {
            format!("{lang}/{}", dir.join("/"))
        });
        // SectionFrontMatter denies unknown fields: Zola refuses the site.
        if let Some(key) = fm
            .data()
            .keys()
            .find(|k| !SECTION_KEYS.contains(&k.as_str()))
        {
            section_errors.push((
                p.clone(),
                fm_err(
                    p,
                    fm.line_of(key),
                    format!(
                        "`{key}` is not a section setting (Zola refuses unknown keys in `_index.md`; put your own values under `[extra]`)"
                    ),
                ),
            ));
            continue;
        }
        if fm_bool(fm, "draft", false, p)? && !site.options.include_drafts {
            draft_dirs.insert(dir.to_vec());
            scan.excluded.push(Excluded {
                source: p.clone(),
                reason: ExclusionReason::Draft,
            });
            continue;
        }
        let joined = dir.join("/");
        let lang_path = if lang != cfg.default_language {
            format!("/{lang}")
        } else {
            String::new()
        };
        let path = if joined.is_empty() {
            format!("{lang_path}/")
        } else {
            format!("{lang_path}/{joined}/")
        };
        let paginate_by = match fm.data().get("paginate_by") {
            None => None,
            Some(v) => Some(v.as_u64().ok_or_else(|| {
                fm_err(
                    p,
                    fm.line_of("paginate_by"),
                    "`paginate_by` must be a positive integer".to_owned(),
                )
            })? as usize),
        };
        sections.insert(
            (dir.to_vec(), lang.clone()),
            Section {
                dir: dir.to_vec(),
                lang,
                path,
                source: p.clone(),
                fm: fm.clone(),
                render: fm_bool(fm, "render", true, p)?,
                transparent: fm_bool(fm, "transparent", false, p)?,
                paginate_by: paginate_by.filter(|&n| n > 0),
                paginate_path: fm_str(fm, "paginate_path", p)?.unwrap_or("page").to_owned(),
                sort_by: fm_str(fm, "sort_by", p)?.unwrap_or("none").to_owned(),
                pages: Vec::new(),
            },
        );
    }
    let under_draft = |rel: &[String]| {
        draft_dirs
            .iter()
            .any(|d| rel.len() > d.len() && rel.starts_with(d))
    };
    // Errors in files Zola never reads (below a draft section) do not
    // count; every other one is reported, not only the first.
    let mut page_errors: Vec<(PathBuf, Error)> = walked
        .errors
        .into_iter()
        .chain(section_errors)
        .filter(|(p, _)| {
            let rel: Vec<String> = p
                .strip_prefix(&site.content_dir)
                .unwrap_or(p)
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            // Every `_index*.md` of a draft section's own folder is read
            // (Site::load parses them all before the draft skips the
            // folder), so their errors count.
            let (dir, name) = rel.split_at(rel.len().saturating_sub(1));
            let index_of_draft = name.first().is_some_and(|n| n.starts_with("_index."))
                && draft_dirs.contains(dir)
                && !under_draft(dir);
            !under_draft(&rel) || index_of_draft
        })
        .collect();
    sections.retain(|(dir, _), _| {
        !draft_dirs
            .iter()
            .any(|d| dir.len() > d.len() && dir.starts_with(d))
    });

    let mut pages: Vec<Page> = Vec::new();
    // (lang, taxonomy slug) -> term name -> page count
    let mut terms: BTreeMap<(String, String), BTreeMap<String, usize>> = BTreeMap::new();
    for (lang, taxos) in &cfg.taxonomies {
        for t in taxos {
            terms.entry((lang.clone(), t.slug.clone())).or_default();
        }
    }
    for found in page_files {
        // Every refused page is reported, not only the first.
        let mut read = || -> Result<(), Error> {
            if under_draft(&found.rel) {
                scan.excluded.push(Excluded {
                    source: found.path.clone(),
                    reason: ExclusionReason::Draft,
                });
                return Ok(());
            }
            let Some(fm) = &found.front_matter else {
                return Err(missing_front_matter(&found.path));
            };
            let p = &found.path;
            let line = fm.fence_line().unwrap_or(1);
            let file_name = found.rel.last().map_or("", String::as_str);
            let mut name = file_name
                .strip_suffix(".md")
                .unwrap_or(file_name)
                .to_owned();
            let mut components: Vec<String> = found.rel[..found.rel.len() - 1].to_vec();
            let colocated = !components.is_empty() && name.split('.').next() == Some("index");
            let file_parent = components.clone();
            if colocated {
                components.pop();
            }
            // FileInfo::find_language
            let mut lang = cfg.default_language.clone();
            if multilingual && name.contains('.') {
                let (stem, code) = name
                    .split_once('.')
                    .map(|(a, b)| (a.to_owned(), b.to_owned()))
                    .unwrap_or_default();
                if code != cfg.default_language {
                    if !cfg.other_languages.contains(&code) {
                        return Err(Error::UnknownLanguage {
                            path: p.clone(),
                            lang: code,
                        });
                    }
                    name = stem;
                    lang = code;
                }
            }
            // PageFrontMatter::parse refuses these, drafts included.
            for key in ["slug", "path"] {
                if fm_str(fm, key, p)? == Some("") {
                    return Err(fm_err(
                        p,
                        fm.line_of(key),
                        format!(
                            "`{key}` is empty: remove it or give it a value (Zola refuses an empty `{key}`)"
                        ),
                    ));
                }
            }
            if let Some(Value::Object(taxos)) = fm.data().get("taxonomies") {
                for (taxo, terms) in taxos {
                    let empty = terms.as_array().is_some_and(|terms| {
                        terms
                            .iter()
                            .any(|t| t.as_str().is_some_and(|t| t.trim().is_empty()))
                    });
                    if empty {
                        return Err(fm_err(
                            p,
                            line,
                            format!("`taxonomies.{taxo}` holds an empty term (Zola refuses these)"),
                        ));
                    }
                }
            }
            // Zola parses `date` and `updated` of every page, drafts and
            // pages not rendered included, and refuses what it cannot.
            let mut dates = fm.clone();
            dates
                .data_mut()
                .retain(|k, _| k == "date" || k == "updated");
            overrides_of(site, p, &dates)?;
            let mut fm = fm.clone();
            if fm_bool(&fm, "draft", false, p)? && !site.options.include_drafts {
                scan.excluded.push(Excluded {
                    source: p.clone(),
                    reason: ExclusionReason::Draft,
                });
                return Ok(());
            }
            let file_path_for_slug = if name == "index" {
                file_parent
                    .last()
                    .cloned()
                    .unwrap_or_else(|| "content".to_owned())
            } else {
                name.clone()
            };
            let mut slug_from_dated = None;
            if let Some((datetime, slug)) = dated_filename(&file_path_for_slug) {
                if let Some(s) = slug
                    && !cfg.paths_keep_dates
                {
                    slug_from_dated = Some(s.to_owned());
                }
                if !fm.data().contains_key("date") {
                    fm.data_mut()
                        .insert("date".to_owned(), Value::String(datetime.to_owned()));
                }
            }
            let fm_slug = fm_str(&fm, "slug", p)?;
            if let Some(s) = fm_slug
                && escapes(s)
            {
                return Err(Error::PathEscapes {
                    path: p.clone(),
                    line: fm.line_of("slug"),
                    key: "slug",
                    value: s.to_owned(),
                });
            }
            let slug = match (fm_slug, &slug_from_dated) {
                (Some(s), _) => zola_slugify(s, cfg.slugify_paths),
                (None, Some(s)) => zola_slugify(s, cfg.slugify_paths),
                (None, None) => zola_slugify(&file_path_for_slug, cfg.slugify_paths),
            };
            let mut path = if let Some(fm_path) = fm_str(&fm, "path", p)? {
                if escapes(fm_path) {
                    return Err(Error::PathEscapes {
                        path: p.clone(),
                        line: fm.line_of("path"),
                        key: "path",
                        value: fm_path.to_owned(),
                    });
                }
                let t = fm_path.trim();
                if t.starts_with('/') {
                    t.to_owned()
                } else {
                    format!("/{t}")
                }
            } else {
                let mut path = if components.is_empty() {
                    if name == "index" && !colocated {
                        String::new()
                    } else {
                        slug.clone()
                    }
                } else {
                    format!("{}/{}", components.join("/"), slug)
                };
                if lang != cfg.default_language {
                    path = format!("{lang}/{path}");
                }
                format!("/{path}")
            };
            if !path.ends_with('/') {
                path.push('/');
            }
            // Taxonomies: every non-draft page counts, rendered or not.
            match fm.data().get("taxonomies") {
                None => {}
                Some(Value::Object(map)) => {
                    for (taxo_name, values) in map {
                        let Some(t) = cfg
                            .taxonomies
                            .get(&lang)
                            .and_then(|ts| ts.iter().find(|t| t.name == *taxo_name))
                        else {
                            return Err(Error::UnknownTaxonomy {
                                path: p.clone(),
                                line,
                                taxonomy: taxo_name.clone(),
                                lang: lang.clone(),
                            });
                        };
                        let Value::Array(values) = values else {
                            return Err(fm_err(
                                p,
                                line,
                                format!("`taxonomies.{taxo_name}` must be an array of strings"),
                            ));
                        };
                        let entry = terms.entry((lang.clone(), t.slug.clone())).or_default();
                        for v in values {
                            let term = v.as_str().ok_or_else(|| {
                                fm_err(
                                    p,
                                    line,
                                    format!("`taxonomies.{taxo_name}` must be an array of strings"),
                                )
                            })?;
                            *entry.entry(term.to_owned()).or_default() += 1;
                        }
                    }
                }
                Some(_) => {
                    return Err(fm_err(
                        p,
                        line,
                        "`taxonomies` must be a table of arrays".to_owned(),
                    ));
                }
            }
            let render = fm_bool(&fm, "render", true, p)?;
            let canonical = format!("{}/{}", file_parent.join("/"), name);
            pages.push(Page {
                source: p.clone(),
                lang,
                path,
                section_dir: components,
                canonical,
                has_date: fm.data().contains_key("date"),
                has_updated: fm.data().contains_key("updated") || fm.data().contains_key("date"),
                has_title: fm.data().contains_key("title"),
                has_weight: fm.data().contains_key("weight"),
                index_md: file_name == "index.md",
                colocated,
                fm,
                render,
            });
            Ok(())
        };
        if let Err(e) = read() {
            page_errors.push((found.path.clone(), e));
        }
    }

    // Default index sections, one per language (Site::create_default_index_sections).
    for lang in std::iter::once(&cfg.default_language).chain(&cfg.other_languages) {
        let path = if *lang == cfg.default_language {
            "/".to_owned()
        } else {
            format!("/{lang}/")
        };
        sections
            .entry((Vec::new(), lang.clone()))
            .or_insert_with(|| Section {
                dir: Vec::new(),
                lang: lang.clone(),
                path,
                source: PathBuf::new(),
                fm: FrontMatter::default(),
                render: true,
                transparent: false,
                paginate_by: None,
                paginate_path: "page".to_owned(),
                sort_by: "none".to_owned(),
                pages: Vec::new(),
            });
    }

    let before = page_errors.len();
    refuse_index_beside_section(&pages, &section_paths, &mut page_errors);
    // Zola stops at the `index.md` it refuses; its path, the section's,
    // is no second error.
    let refused: BTreeSet<PathBuf> = page_errors[before..]
        .iter()
        .map(|(p, _)| p.clone())
        .collect();
    refuse_path_collisions(&pages, &sections, site, &refused, &mut page_errors);

    // Library::populate_sections: a page joins the section of its folder,
    // and of each parent while the section is transparent.
    // Pages that are not rendered join no section, so they count in no
    // pager.
    for (i, page) in pages.iter().enumerate().filter(|(_, p)| p.render) {
        let mut dir = page.section_dir.clone();
        while let Some(section) = sections.get_mut(&(dir.clone(), page.lang.clone())) {
            section.pages.push(i);
            if !section.transparent || dir.is_empty() {
                break;
            }
            dir.pop();
        }
    }

    let base = &site.base_url;
    for page in &mut pages {
        if !page.render {
            scan.excluded.push(Excluded {
                source: page.source.clone(),
                reason: ExclusionReason::RenderFalse,
            });
            continue;
        }
        let mut cp = ContentPage::new(
            PageKind::Page,
            make_loc(base, &page.path, &page.source)?,
            &page.lang,
        );
        cp.source = Some(page.source.clone());
        cp.overrides = match overrides_of(site, &page.source, &page.fm) {
            Ok(overrides) => overrides,
            Err(e) => {
                page_errors.push((page.source.clone(), e));
                continue;
            }
        };
        if multilingual {
            cp.translation_key = Some(format!("page:{}", page.canonical));
        }
        scan.pages.push(cp);
    }
    for section in sections.values() {
        let source = if section.source.as_os_str().is_empty() {
            &site.config_path
        } else {
            &section.source
        };
        let loc = make_loc(base, &section.path, source)?;
        if section.render {
            let kind = if section.dir.is_empty() {
                PageKind::Home
            } else {
                PageKind::Section
            };
            let mut cp = ContentPage::new(kind, loc.clone(), &section.lang);
            if !section.source.as_os_str().is_empty() {
                cp.source = Some(section.source.clone());
                match overrides_of(site, &section.source, &section.fm) {
                    Ok(overrides) => cp.overrides = overrides,
                    Err(e) => page_errors.push((section.source.clone(), e)),
                }
            }
            if multilingual {
                cp.translation_key = Some(format!("section:{}", section.dir.join("/")));
            }
            scan.pages.push(cp);
        } else if !section.source.as_os_str().is_empty() {
            scan.excluded.push(Excluded {
                source: section.source.clone(),
                reason: ExclusionReason::RenderFalse,
            });
        }
        if let Some(by) = section.paginate_by
            && !cfg.exclude_paginated
        {
            // Pages a sort cannot place are left out of the pagers
            // (`ignored_pages`), as Zola does.
            let count = section
                .pages
                .iter()
                .filter(|&&i| {
                    let p = &pages[i];
                    match section.sort_by.as_str() {
                        "date" => p.has_date,
                        "update_date" => p.has_updated,
                        "title" | "title_bytes" => p.has_title,
                        "weight" => p.has_weight,
                        _ => true,
                    }
                })
                .count();
            for n in 1..=count.div_ceil(by) {
                let path = format!("{}{}/{}/", section.path, section.paginate_path, n);
                let cp = ContentPage::new(
                    PageKind::Pagination,
                    make_loc(base, &path, source)?,
                    &section.lang,
                );
                scan.pages.push(cp);
            }
        }
    }
    for ((lang, slug), found_terms) in &terms {
        let Some(t) = cfg
            .taxonomies
            .get(lang)
            .and_then(|ts| ts.iter().find(|t| &t.slug == slug))
        else {
            continue;
        };
        if !t.render {
            continue;
        }
        let lang_prefix = if *lang != cfg.default_language {
            format!("/{lang}")
        } else {
            String::new()
        };
        let taxo_path = match &cfg.taxonomy_root {
            Some(root) => format!("{lang_prefix}/{root}/{slug}/"),
            None => format!("{lang_prefix}/{slug}/"),
        };
        let src = &site.config_path;
        let mut cp = ContentPage::new(PageKind::Taxonomy, make_loc(base, &taxo_path, src)?, lang);
        if multilingual {
            cp.translation_key = Some(format!("taxonomy:{}", t.name));
        }
        scan.pages.push(cp);
        // Terms whose slugs collide merge, as Taxonomy::new does.
        let mut by_slug: BTreeMap<String, usize> = BTreeMap::new();
        for (term, count) in found_terms {
            *by_slug
                .entry(zola_slugify(term, cfg.slugify_taxonomies))
                .or_default() += count;
        }
        for (term_slug, count) in by_slug {
            let term_path = format!("{taxo_path}{term_slug}/");
            scan.pages.push(ContentPage::new(
                PageKind::Term,
                make_loc(base, &term_path, src)?,
                lang,
            ));
            if let Some(by) = t.paginate_by
                && !cfg.exclude_paginated
            {
                for n in 1..=count.div_ceil(by) {
                    let path = format!("{term_path}{}/{n}/", t.paginate_path);
                    scan.pages.push(ContentPage::new(
                        PageKind::Pagination,
                        make_loc(base, &path, src)?,
                        lang,
                    ));
                }
            }
        }
    }
    match Error::of_pages(page_errors) {
        Some(e) => Err(e),
        None => Ok(scan),
    }
}

/// Site::load: a page file `index.md` whose URL is a section's (or, at the
/// top of `content/`, any `index.md` that is no bundle) is refused.
fn refuse_index_beside_section(
    pages: &[Page],
    section_paths: &BTreeSet<String>,
    errors: &mut Vec<(PathBuf, Error)>,
) {
    for page in pages.iter().filter(|p| p.index_md) {
        let components = page.path.trim_matches('/');
        let refused = if components.is_empty() {
            !page.colocated
        } else {
            section_paths.contains(components)
        };
        if refused {
            errors.push((
                page.source.clone(),
                Error::IndexBesideSection {
                    path: page.source.clone(),
                },
            ));
        }
    }
}

/// Library::find_path_collisions: the path of every rendered page and
/// section, and each of their `aliases`, must be claimed by one file only.
fn refuse_path_collisions(
    pages: &[Page],
    sections: &BTreeMap<(Vec<String>, String), Section>,
    site: &Site,
    refused: &BTreeSet<PathBuf>,
    errors: &mut Vec<(PathBuf, Error)>,
) {
    let mut claims: BTreeMap<String, BTreeSet<PathBuf>> = BTreeMap::new();
    let aliases = |fm: &FrontMatter| -> Vec<String> {
        match fm.data().get("aliases") {
            Some(Value::Array(a)) => a
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect(),
            _ => Vec::new(),
        }
    };
    for page in pages
        .iter()
        .filter(|p| p.render && !refused.contains(&p.source))
    {
        for path in std::iter::once(page.path.clone()).chain(aliases(&page.fm)) {
            claims.entry(path).or_default().insert(page.source.clone());
        }
    }
    for section in sections.values().filter(|s| s.render) {
        let (source, path) = if section.source.as_os_str().is_empty() {
            // A default index section: Zola gives another language's the
            // path `xx/`, without the leading slash.
            let path = match section.path.strip_prefix('/') {
                Some(p) if !p.is_empty() => p.to_owned(),
                _ => section.path.clone(),
            };
            (site.content_dir.join("_index.md"), path)
        } else {
            (section.source.clone(), section.path.clone())
        };
        for path in std::iter::once(path).chain(aliases(&section.fm)) {
            claims.entry(path).or_default().insert(source.clone());
        }
    }
    for (url_path, files) in claims {
        if files.len() > 1 {
            let files: Vec<PathBuf> = files.into_iter().collect();
            errors.push((
                files[0].clone(),
                Error::PathCollision {
                    path: files[0].clone(),
                    others: files[1..].to_vec(),
                    url_path,
                },
            ));
        }
    }
}

fn missing_front_matter(path: &Path) -> Error {
    Error::FrontMatter {
        path: path.to_path_buf(),
        line: 1,
        message: "no front matter: Zola requires `+++` (TOML) or `---` (YAML) front matter at the top of every content file".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::dated_filename;

    /// The cases of Zola's date-in-filename tests (`page.rs`).
    #[test]
    fn dated_filenames_as_zola_reads_them() {
        assert_eq!(
            dated_filename("2018-10-08_hello"),
            Some(("2018-10-08", Some("hello")))
        );
        assert_eq!(
            dated_filename("2018-10-08 - hello"),
            Some(("2018-10-08", Some(" hello")))
        );
        assert_eq!(
            dated_filename("2018-10-02T15:00:00Z-hello"),
            Some(("2018-10-02T15:00:00Z", Some("hello")))
        );
        assert_eq!(dated_filename("2018-10-08"), Some(("2018-10-08", None)));
        assert_eq!(dated_filename("2018-13-08_hello"), None);
        assert_eq!(dated_filename("hello"), None);
    }
}
