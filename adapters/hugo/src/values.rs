//! The front matter values the Hugo scan uses, for one file, as JSON:
//! what `cargo xtask differential front-matter` compares with what
//! Hugo 0.111.3 prints for the same block. Every value comes from the
//! helpers the scan itself calls ([`super::classify`]), so a difference
//! found here is one the scan has.

use std::path::Path;

use serde_json::{Value, json};
use sitemap_pages::overrides::Overrides;

use super::front_matter::{build_excludes, date_of, get_str, hugo_bool, normalise};
use sitemap_content::paths::hugo_make_path;

/// The taxonomies of the differential's generated sites (Hugo's defaults).
const TAXONOMIES: [&str; 2] = ["tags", "categories"];

/// Reads the content file at `path` as the Hugo scan reads it, and returns
/// the values it uses (`slug`, `url`, `title`, `draft`, whether headless
/// or build options hide it, the dates, the sitemap overrides, taxonomy
/// terms as URL segments, `translationKey`), or the message of the error
/// that would make the scan refuse the site.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let page = dir.path().join("index.md");
/// std::fs::write(&page, "---\ntitle: Hi\ntags: [Foo Bar]\n---\n")?;
/// let values = sitemap_hugo::hugo_front_matter_values(&page).unwrap();
/// assert_eq!(values["title"], "Hi");
/// assert_eq!(values["tags"][0], "foo-bar");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn hugo_front_matter_values(path: &Path) -> Result<Value, String> {
    let mut dirs = sitemap_content::front_matter::DirCache::default();
    let fm =
        sitemap_content::front_matter::read(path, sitemap_pages::yaml::Dialect::Hugo, &mut dirs)
            .map_err(|e| e.to_string())?;
    let mut fm = fm.unwrap_or_default();
    let leaf = path.file_stem().is_some_and(|s| s == "index");
    let draft = hugo_bool(&fm, "draft");
    let headless = leaf && hugo_bool(&fm, "headless");
    let hidden = headless || build_excludes(&fm);
    let instant = |keys: &[&str]| date_of(&fm, keys).map_or(String::new(), |t| t.to_string());
    let date = instant(&super::removed::DATE_ORDER);
    let publish_date = instant(&["publishdate", "pubdate", "published", "date"]);
    let expiry_date = instant(&["expirydate", "unpublishdate"]);
    let text = |key: &str| get_str(&fm, key).unwrap_or_default().to_owned();
    let (slug, url, title) = (text("slug"), text("url"), text("title"));
    if url.starts_with("http://") || url.starts_with("https://") {
        return Err(format!(
            "{}:{}: `url` {url:?} has a protocol, which Hugo refuses",
            path.display(),
            fm.line_of("url")
        ));
    }
    let translation_key = text("translationkey");
    let mut terms = serde_json::Map::new();
    for taxonomy in TAXONOMIES {
        // The scan's own reading of a term list (`classify`).
        let values: Vec<String> = fm
            .get(taxonomy)
            .map(super::front_matter::hugo_terms)
            .unwrap_or_default()
            .iter()
            .map(|v| hugo_make_path(v, sitemap_content::paths::PathRules::DEFAULT))
            .collect();
        terms.insert(taxonomy.to_owned(), json!(values));
    }
    let mut warnings = Vec::new();
    normalise(&mut fm, path, &mut warnings);
    let overrides = Overrides::from_front_matter(path, &fm).map_err(|e| e.to_string())?;
    let lastmod = overrides
        .lastmod
        .as_ref()
        .or(overrides.date.as_ref())
        .map_or(String::new(), ToString::to_string);
    let mut out = json!({
        "slug": slug,
        "url": url,
        "title": title,
        "draft": draft,
        "hidden": hidden,
        "date": date,
        "publishDate": publish_date,
        "expiryDate": expiry_date,
        "lastmod": lastmod,
        "changefreq": overrides.changefreq.map_or(String::new(), |c| c.to_string()),
        "priority": overrides.priority.map_or(json!(-1), |p| json!(p.to_string().parse::<f64>().unwrap_or(-1.0))),
        "translationKey": translation_key,
    });
    let object = out.as_object_mut().expect("built as an object");
    object.extend(terms);
    Ok(out)
}
