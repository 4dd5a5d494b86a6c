//! What `sitemap write` reads instead of a site: a list of URLs
//! ([`url_list`]), or another generator's sitemap read back
//! ([`sitemap_input`], which `--check` also reads a set on disk with).

pub mod sitemap_input;
pub mod url_list;
