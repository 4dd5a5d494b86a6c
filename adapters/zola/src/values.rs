//! The front matter values the Zola scan uses, for one content file of a
//! Zola site, as JSON: what `cargo xtask differential zola-front-matter`
//! compares with what Zola 0.22.1 prints for the same block. The values
//! come from a scan of the file's own site (the same walk, readers and
//! refusals as `sitemap scan`), so a difference found here is one the
//! scan has.

use std::path::Path;

use serde_json::{Value, json};

use sitemap_content::{PageKind, Reason, SiteOptions};

/// Scans the Zola site holding `file` (the nearest folder above it with a
/// `zola.toml` or `config.toml`) and returns what the scan made of that
/// file: `kind` (`page` or `section`), its URL `path` (`""` when it is
/// not rendered), `rendered`, `draft`, `date` and `lastmod` (`updated`,
/// as written), the URL paths of its taxonomy terms, the sitemap
/// overrides of `[extra.sitemap]`, and for a section `transparent` and
/// `paginate_by`; or the message of the error that makes the scan refuse
/// the site.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::fs::write(dir.path().join("zola.toml"), "base_url = \"https://example.org\"\n")?;
/// std::fs::create_dir_all(dir.path().join("content/p"))?;
/// let page = dir.path().join("content/p/index.md");
/// std::fs::write(&page, "+++\ntitle = \"Hi\"\ndate = 2024-05-01\n+++\n")?;
/// let values = sitemap_zola::zola_front_matter_values(&page).unwrap();
/// assert_eq!(values["path"], "/p/");
/// assert_eq!(values["date"], "2024-05-01");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn zola_front_matter_values(file: &Path) -> Result<Value, String> {
    let root = file
        .ancestors()
        .skip(1)
        .find(|d| d.join("zola.toml").is_file() || d.join("config.toml").is_file())
        .ok_or_else(|| format!("{}: no zola.toml above it", file.display()))?;
    let scan_with = |include_drafts: bool| {
        let options = SiteOptions::default().with_drafts(include_drafts);
        sitemap_content::locate(root, Some(sitemap_content::Flavor::Zola))
            .and_then(|(_, config)| super::open(root, config, &options))
            .and_then(|site| site.scan())
            .map_err(|e| e.to_string())
    };
    // Zola refuses a draft's front matter as it refuses any other, so
    // the scan that leaves drafts out says whether it is one.
    let without_drafts = scan_with(false)?;
    let draft = without_drafts
        .excluded
        .iter()
        .any(|e| e.path == file && e.reason == Reason::Draft);
    let scan = scan_with(true)?;
    let section = file
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("_index."));
    let base = scan
        .pages
        .iter()
        .find(|p| p.kind == PageKind::Home)
        .map_or(String::new(), |p| p.loc.as_str().to_owned());
    let path_of = |loc: &str| format!("/{}", loc.strip_prefix(base.as_str()).unwrap_or(loc));
    let own = scan
        .pages
        .iter()
        .find(|p| p.source.as_deref() == Some(file));
    let text = |v: Option<String>| v.unwrap_or_default();
    let mut terms: Vec<String> = scan
        .pages
        .iter()
        .filter(|p| p.kind == PageKind::Term)
        .map(|p| path_of(p.loc.as_str()))
        .collect();
    terms.sort();
    let mut out = json!({
        "kind": if section { "section" } else { "page" },
        "path": own.map_or(String::new(), |p| path_of(p.loc.as_str())),
        "rendered": own.is_some(),
        "draft": draft,
        "date": text(own.and_then(|p| p.overrides.date.as_ref()).map(ToString::to_string)),
        "lastmod": text(own.and_then(|p| p.overrides.lastmod.as_ref()).map(ToString::to_string)),
        "changefreq": text(own.and_then(|p| p.overrides.changefreq).map(|c| c.to_string())),
        "priority": own.and_then(|p| p.overrides.priority).map_or(json!(-1), |p| json!(p.to_string().parse::<f64>().unwrap_or(-1.0))),
        "terms": terms,
    });
    if section {
        let excluded_render = scan
            .excluded
            .iter()
            .any(|e| e.path == file && e.reason == Reason::RenderFalse);
        let mut dirs = sitemap_content::front_matter::DirCache::default();
        let fm = sitemap_content::front_matter::read(
            file,
            sitemap_pages::yaml::Dialect::Zola,
            &mut dirs,
        )
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
        let object = out.as_object_mut().expect("built as an object");
        object.insert(
            "transparent".to_owned(),
            json!(fm.data().get("transparent") == Some(&Value::Bool(true))),
        );
        object.insert(
            "paginate_by".to_owned(),
            fm.data().get("paginate_by").cloned().unwrap_or(Value::Null),
        );
        if excluded_render {
            object.insert("rendered".to_owned(), json!(false));
        }
    }
    Ok(out)
}
