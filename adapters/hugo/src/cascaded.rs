//! The cascades that reach one content file, as Hugo applies them: its
//! own `cascade`, each `_index` above it (and above a mount's target),
//! then the site's, matched by the file's kind and logical path.

use std::path::Path;

use sitemap_content::{FrontMatter, Site};

use super::files::Root;
use super::settings::HugoConfig;

/// Hugo's kind and logical path of a content file (`rel`: its path below
/// the content folder; `name`: its name less extension and language),
/// and its file path as 0.111.3's targets saw it.
pub(super) fn page_ref_paths(
    rel: &[String],
    name: &str,
    in_taxonomy: bool,
) -> (&'static str, String, String) {
    let folders = &rel[..rel.len().saturating_sub(1)];
    let mut logical: Vec<&str> = folders.iter().map(String::as_str).collect();
    let kind = match name {
        "_index" if folders.is_empty() => "home",
        "_index" if in_taxonomy && folders.len() == 1 => "taxonomy",
        "_index" if in_taxonomy => "term",
        "_index" => "section",
        "index" => "page",
        _ => {
            logical.push(name);
            "page"
        }
    };
    let normal = |parts: &[&str]| {
        format!("/{}", parts.join("/"))
            .to_lowercase()
            .replace(' ', "-")
    };
    let file_path = rel.iter().map(String::as_str).collect::<Vec<_>>();
    (kind, normal(&logical), normal(&file_path))
}

/// Fills `fm` from the cascades that reach a content file: its own
/// `cascade` (applied to the page itself as well), then the `_index` of
/// each folder above it, then the site's (see `cascade`). `Err`: why
/// Hugo refuses the file's own `cascade`.
#[allow(clippy::too_many_arguments)]
pub(super) fn cascaded(
    fm: &mut FrontMatter,
    rel: &[String],
    path: &Path,
    name: &str,
    lang: &str,
    root: &Root,
    site: &Site,
    cfg: &HugoConfig,
    slugged: &mut Option<Vec<String>>,
) -> Result<(), super::cascade_target::Refusal> {
    let own = fm.get("cascade").map(super::cascade::parse);
    let Some(folder) = path.parent() else {
        return Ok(());
    };
    // A branch's own folder is its own; the chain starts above it.
    let start = if name == "_index" {
        (folder != root.dir).then(|| folder.parent()).flatten()
    } else {
        Some(folder)
    };
    // `lang` is the page's site's key (see `sites`); its `_index` files
    // are its language's.
    let language = super::sites::language_of(lang);
    let own_lang = |named: Option<&str>| match named {
        Some(l) => l.eq_ignore_ascii_case(language),
        None => root.lang.as_deref().unwrap_or(&cfg.default_language) == language,
    };
    let chain = start.map(|s| cfg.cascades.inherited(&root.dir, s, language, &own_lang));
    // A mount under `content/…` has the content folder's sections above
    // it.
    let above = (!root.target.is_empty()).then(|| {
        let at = root
            .target
            .iter()
            .fold(site.content_dir.clone(), |p, t| p.join(t));
        cfg.cascades
            .inherited(&site.content_dir, &at, language, &own_lang)
    });
    let site_cascade = cfg.cascades.site(lang);
    let inherited = chain.iter().chain(&above).any(|c| !c.is_empty());
    if let Some(slugs) = chain.as_ref().and_then(|c| c.slugs.as_ref()) {
        *slugged = Some(slugs.clone());
    }
    if own.as_ref().is_none_or(Vec::is_empty) && !inherited && site_cascade.is_empty() {
        return Ok(());
    }
    let rules = cfg.rules();
    if let Some(why) = own
        .as_deref()
        .and_then(|o| super::cascade::refusal(o, rules))
    {
        return Err(why);
    }
    let in_taxonomy = cfg.is_taxonomy_dir(lang, &rel[..rel.len().saturating_sub(1)]);
    let (kind, logical, file_path) = page_ref_paths(rel, name, in_taxonomy);
    let page = super::cascade::PageRef {
        kind,
        path: &logical,
        file_path: &file_path,
        lang,
    };
    let entries = own
        .iter()
        .flatten()
        .chain(chain.iter().flat_map(|c| c.entries()))
        .chain(above.iter().flat_map(|c| c.entries()))
        .chain(site_cascade);
    super::cascade::apply(entries, &page, rules, fm);
    Ok(())
}
