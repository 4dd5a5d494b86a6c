//! sitemap-build's integration tests: one binary, a module per feature.

mod support;

mod content;
mod errors;
mod files;
mod files_read;
#[cfg(feature = "git")]
mod git;
#[cfg(feature = "html")]
mod html;
mod index;
mod messages;
mod pages;
mod url_patterns;
