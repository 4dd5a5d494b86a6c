//! The one integration-test binary of `sitemap-pages`.

mod config;
mod deps;
mod filter;
mod front_matter;
mod hugo_dates;
mod pipeline;
mod regression;
mod support;
mod url_filter;
mod yaml;
