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
/// from the engine's one key table, as TOML that can be pasted as it is.
/// Each key is commented out (`# flavor = "zola"`, tables too: `# [git]`)
/// with an example value, not its default: pasted whole, the block
/// changes nothing (its live values once made a Hugo site a Zola one and
/// left out 43 pages by `include-urls`), and a key is turned on by
/// removing its `# `. clap wraps help text at the terminal's width (at
/// most 100 columns), so each key's doc is a comment of its own above it,
/// pre-wrapped to [`TOML_WIDTH`] with `# ` on every line: clap leaves such
/// lines alone, and a wrapped comment can never spill onto a line of TOML.
pub(crate) fn keys_help() -> String {
    use sitemap_engine::keys::KEYS;
    let mut out = String::from(
        "sitemap.toml (at the site root, or --config FILE) has the same keys as the flags; flags win\nover it, and every true/false key has a --no-… flag to turn it off from the command line.\nThe keys below are commented out, each with an example value (not its default): remove the\n`# ` of those you want, with your own values.\n",
    );
    // Sub-tables (`[git]`, `[submit]`) last: every key after a header
    // belongs to it.
    let (top, nested): (Vec<&sitemap_engine::keys::Key>, Vec<_>) =
        KEYS.iter().partition(|k| !k.name.contains('.'));
    let mut table = None;
    for key in top.into_iter().chain(nested) {
        let (sub, name) = key.name.rsplit_once('.').unwrap_or(("", key.name));
        if !sub.is_empty() && table != Some(sub) {
            out.push_str(&format!("\n# [{sub}]\n"));
            table = Some(sub);
        } else {
            out.push('\n');
        }
        let first = crate::flags::first_sentence(key.doc);
        for line in sitemap_engine::keys::wrap(first.trim_end_matches('.'), TOML_WIDTH - 2) {
            out.push_str(&format!("# {line}\n"));
        }
        out.push_str(&format!("# {name} = {}\n", key.example));
    }
    out
}

/// The width of the TOML block's comment lines: below clap's narrowest
/// usual terminal, so clap does not wrap them again.
const TOML_WIDTH: usize = 78;

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
