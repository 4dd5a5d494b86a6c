//! `sitemap.toml`: the same settings as the flags, kept with the site
//! (read by [`sitemap_engine::Layer::read_file`]); flags win over it
//! ([`site_job`]).

use std::fmt;
use std::path::{Path, PathBuf};

use sitemap_engine::{Job, Layer, Source};

/// The job on the site at `root`: the flags' layer over the settings file
/// (`config`, which must exist, else `root/sitemap.toml` when it does);
/// with that file's path, where `--init` writes.
pub(crate) fn site_job(
    root: &Path,
    config: Option<&Path>,
    flags: Layer,
) -> anyhow::Result<(Job, PathBuf)> {
    let path = config.map_or_else(|| root.join("sitemap.toml"), Path::to_path_buf);
    let mut job = Job::new(Source::Site(root.to_path_buf())).with_layer(flags);
    if let Some(file) = Layer::read_file(&path, config.is_some(), root)? {
        job = job.with_layer(file);
    }
    Ok((job, path))
}

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
