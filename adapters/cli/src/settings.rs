//! `sitemap.toml`: the same settings as the flags, kept with the site
//! (read by [`sitemap_engine::Layer::read_file`]); flags win over it.

use std::fmt;

/// Every key of `sitemap.toml`, shown by `sitemap scan --help`: rendered
/// from the engine's one key table.
pub(crate) fn keys_help() -> String {
    format!(
        "sitemap.toml (at the site root, or --config FILE) has the same keys as the flags; flags win\nover it, and every true/false key has a --no-… flag to turn it off from the command line:\n\n{}",
        sitemap_engine::keys::toml_fragment(None, true)
    )
}

/// An error with a hint for the user.
#[derive(Debug)]
pub(crate) struct Hinted {
    pub(crate) message: String,
    pub(crate) hint: String,
}

impl fmt::Display for Hinted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Hinted {}
