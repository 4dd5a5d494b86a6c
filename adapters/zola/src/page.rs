//! One page file as Zola's `Page::parse` reads it: language from the
//! file name, slug and path (front matter, dated file name, bundle
//! folder), taxonomies.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use sitemap_content::FrontMatter;
use sitemap_content::paths::{escapes, zola_slugify};
use sitemap_content::walk::Found;
use sitemap_content::{Error, LeftOut, Reason, Site, overrides_of};

use super::config::ZolaConfig;
use super::front_matter::{dated_filename, fm_bool, fm_err, fm_str, missing_front_matter};
use super::types::check_page;

#[derive(Debug)]
pub(super) struct Page {
    pub(super) source: PathBuf,
    pub(super) lang: String,
    pub(super) path: String,
    /// The folder whose `_index.md` is this page's section.
    pub(super) section_dir: Vec<String>,
    pub(super) canonical: String,
    pub(super) fm: FrontMatter,
    pub(super) render: bool,
    /// For sorting-based pagination counts: which sort keys it has.
    pub(super) has_date: bool,
    pub(super) has_updated: bool,
    pub(super) has_title: bool,
    pub(super) has_weight: bool,
    /// Named exactly `index.md` (checked against sections in its folder).
    pub(super) index_md: bool,
    /// `index*.md` in a folder of its own (a bundle).
    pub(super) colocated: bool,
    /// With images on, its body's images (read by the walk).
    pub(super) images: Option<sitemap_pages::images::markdown::MarkdownImages>,
}

/// (lang, taxonomy slug) -> term name -> page count.
pub(super) type Terms = BTreeMap<(String, String), BTreeMap<String, usize>>;

/// Reads one page file as Zola's `Page::parse` does: its language, slug
/// and path, the terms it adds to `terms`, or `None` when it is a draft
/// (reported in `excluded`). Zola's refusals are errors, drafts included.
pub(super) fn read_page(
    found: &Found,
    site: &Site,
    cfg: &ZolaConfig,
    under_draft: &dyn Fn(&[String]) -> bool,
    excluded: &mut Vec<LeftOut>,
    terms: &mut Terms,
) -> Result<Option<Page>, Error> {
    if under_draft(&found.rel) {
        excluded.push(LeftOut::new(found.path.clone(), Reason::Draft));
        return Ok(None);
    }
    let Some(fm) = &found.front_matter else {
        return Err(missing_front_matter(&found.path));
    };
    let p = &found.path;
    let mut typed = fm.clone();
    check_page(&mut typed, p)?;
    let fm = &typed;
    let line = fm.fence_line().unwrap_or(1);
    let file_name = found.rel.last().map_or("", String::as_str);
    let name = file_name
        .strip_suffix(".md")
        .unwrap_or(file_name)
        .to_owned();
    let mut components: Vec<String> = found.rel[..found.rel.len() - 1].to_vec();
    let colocated = !components.is_empty() && name.split('.').next() == Some("index");
    let file_parent = components.clone();
    if colocated {
        components.pop();
    }
    let (name, lang) = find_language(name, cfg, p)?;
    refuse_empty(fm, p, line)?;
    // Zola parses `date` and `updated` of every page, drafts and
    // pages not rendered included, and refuses what it cannot.
    let mut dates = fm.clone();
    dates
        .data_mut()
        .retain(|k, _| k == "date" || k == "updated");
    overrides_of(site, p, &dates)?;
    let mut fm = fm.clone();
    if fm_bool(&fm, "draft", false, p)? && !site.options().include_drafts {
        excluded.push(LeftOut::new(p.clone(), Reason::Draft));
        return Ok(None);
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
    count_terms(&fm, p, line, &lang, cfg, terms)?;
    let render = fm_bool(&fm, "render", true, p)?;
    let canonical = format!("{}/{}", file_parent.join("/"), name);
    Ok(Some(Page {
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
        images: found.images.clone(),
    }))
}

/// FileInfo::find_language: a file `NAME.CODE.md` of a multilingual site
/// is in language CODE, which must be one the site configures. Returns
/// the name without the code, and the language.
fn find_language(name: String, cfg: &ZolaConfig, p: &Path) -> Result<(String, String), Error> {
    if !cfg.other_languages.is_empty() && name.contains('.') {
        let (stem, code) = name
            .split_once('.')
            .map(|(a, b)| (a.to_owned(), b.to_owned()))
            .unwrap_or_default();
        if code != cfg.default_language {
            if !cfg.other_languages.contains(&code) {
                return Err(Error::UnknownLanguage {
                    path: p.to_path_buf(),
                    lang: code,
                });
            }
            return Ok((stem, code));
        }
    }
    Ok((name, cfg.default_language.clone()))
}

/// PageFrontMatter::parse refuses an empty `slug` or `path` and an empty
/// term, drafts included.
fn refuse_empty(fm: &FrontMatter, p: &Path, line: usize) -> Result<(), Error> {
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
    Ok(())
}

/// Adds the page's terms to `terms` (one count per page naming a term);
/// a taxonomy the page's language does not configure, or terms that are
/// not an array of strings, are refused as Zola does.
fn count_terms(
    fm: &FrontMatter,
    p: &Path,
    line: usize,
    lang: &str,
    cfg: &ZolaConfig,
    terms: &mut Terms,
) -> Result<(), Error> {
    match fm.data().get("taxonomies") {
        None => {}
        Some(Value::Object(map)) => {
            for (taxo_name, values) in map {
                let Some(t) = cfg
                    .taxonomies
                    .get(lang)
                    .and_then(|ts| ts.iter().find(|t| t.name == *taxo_name))
                else {
                    return Err(Error::UnknownTaxonomy {
                        path: p.to_path_buf(),
                        line,
                        taxonomy: taxo_name.clone(),
                        lang: lang.to_owned(),
                    });
                };
                let Value::Array(values) = values else {
                    return Err(fm_err(
                        p,
                        line,
                        format!("`taxonomies.{taxo_name}` must be an array of strings"),
                    ));
                };
                let entry = terms.entry((lang.to_owned(), t.slug.clone())).or_default();
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
    Ok(())
}
