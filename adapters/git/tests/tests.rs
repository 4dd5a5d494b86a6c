//! The one integration-test binary of `sitemap-git`.

mod git;
mod support;
mod watched;
