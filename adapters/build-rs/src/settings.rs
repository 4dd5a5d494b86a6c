//! `sitemap.toml`: the keys `sitemap scan` reads, so one file serves the
//! CLI and a build script.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use sitemap_core::{Format, Limits};

use crate::error::Error;

/// The contents of `sitemap.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "kebab-case", deny_unknown_fields)]
pub(crate) struct Settings {
    /// Only "zola", "hugo" and "html" mean anything; the content flavour is
    /// detected, so the key is accepted for the CLI's sake.
    #[allow(dead_code)]
    pub(crate) flavor: Option<String>,
    pub(crate) base_url: Option<String>,
    pub(crate) html: Option<PathBuf>,
    pub(crate) out: Option<PathBuf>,
    #[serde(deserialize_with = "format")]
    pub(crate) format: Option<Format>,
    pub(crate) gzip: Option<bool>,
    #[serde(deserialize_with = "limits")]
    pub(crate) limits: Option<Limits>,
    pub(crate) stem: Option<String>,
    pub(crate) robots: Option<bool>,
    pub(crate) source: Option<toml::Table>,
}

fn format<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Format>, D::Error> {
    match String::deserialize(d)?.as_str() {
        "xml" => Ok(Some(Format::Xml)),
        "txt" => Ok(Some(Format::Text)),
        other => Err(serde::de::Error::custom(format!(
            "format `{other}`: expected \"xml\" or \"txt\""
        ))),
    }
}

fn limits<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Limits>, D::Error> {
    match String::deserialize(d)?.as_str() {
        "legacy" => Ok(Some(Limits::LEGACY)),
        "sitemaps-org" => Ok(Some(Limits::SITEMAPS_ORG)),
        other => Err(serde::de::Error::custom(format!(
            "limits `{other}`: expected \"legacy\" or \"sitemaps-org\""
        ))),
    }
}

/// Reads `path`; `Ok(None)` when it is absent and not `required`.
pub(crate) fn load(path: &Path, required: bool) -> Result<Option<Settings>, Error> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => return Ok(None),
        Err(e) => return Err(Error::config(path, None, format!("cannot read: {e}"))),
    };
    toml::from_str(&text).map(Some).map_err(|e| {
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
        Error::config(path, line, e.message().to_owned())
    })
}

/// The line of `path` where `key` is set, for messages about its value.
pub(crate) fn line_of(path: &Path, key: &str) -> Option<usize> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            // A table header (`[source]`), or `key = ...`.
            l.starts_with(key) && key.starts_with('[')
                || l.strip_prefix(key)
                    .is_some_and(|r| r.trim_start().starts_with('='))
        })
        .map(|i| i + 1)
}
