//! `include-urls` / `exclude-urls`, the gate's rule 4 (`gate.rs`),
//! whatever the page came from (a content tree, built HTML, a page list,
//! a book, the build): compiled here from the settings, each key checked
//! on its own so a bad pattern's message names its key. The patterns
//! themselves are [`sitemap_pages::url_filter`]'s.

use sitemap_pages::url_filter::UrlFilter;

use crate::error::Error;
use crate::settings::Resolved;

/// The compiled patterns, or an error naming the key and where it was
/// set; `None` when neither key is set.
pub(crate) fn filter(resolved: &Resolved) -> Result<Option<UrlFilter>, Error> {
    let s = &resolved.settings;
    let include = s.include_urls.clone().unwrap_or_default();
    let exclude = s.exclude_urls.clone().unwrap_or_default();
    if include.is_empty() && exclude.is_empty() {
        return Ok(None);
    }
    // Checked one key at a time, so the message names the right one.
    UrlFilter::new(&include, &[])
        .map_err(|e| resolved.value_error("include-urls", e.to_string()))?;
    UrlFilter::new(&[], &exclude)
        .map_err(|e| resolved.value_error("exclude-urls", e.to_string()))?;
    UrlFilter::new(&include, &exclude)
        .map(Some)
        .map_err(|e| resolved.value_error("exclude-urls", e.to_string()))
}
