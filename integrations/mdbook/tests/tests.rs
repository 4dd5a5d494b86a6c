//! The integration tests of `mdbook-sitemap`: fixture books built by
//! mdBook 0.5 itself (`mdbook-driver`) with the `mdbook-sitemap` binary
//! under test as preprocessor and renderer.

mod support;

mod build;
mod check_site;
mod config_errors;
mod files;
mod git_history;
mod includes;
mod install;
mod leftovers;
mod roles;
mod serve;
mod served;
mod single_output;
mod submit;
mod two_versions;
mod url_patterns;
