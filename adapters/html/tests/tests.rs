//! Integration tests of `sitemap-html`: one module per rule, each scanning
//! a fixture directory under `tests/fixtures/` (see the README there).

mod broken;
mod canonical;
mod common;
mod detect;
mod exclude;
mod generators;
mod hreflang;
mod hugo;
mod images;
mod lastmod;
mod mkdocs;
mod noindex;
mod not_found;
mod redirects;
mod source_mirror;
mod urls;
