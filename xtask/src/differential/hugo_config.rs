//! A random Hugo site's configuration, laid out as real sites lay it out:
//! one root file (`config.toml`, `hugo.yaml`, …) or a config folder
//! (`config/_default/` with per-key files such as `taxonomies.yaml`, one
//! `languages.LANG.*` file a language, `params.LANG.toml` and
//! `menus.LANG.toml`, subfolders, a root file beside it, and
//! `config/production/` over it; `config/development/`, which `hugo`
//! does not read, set to something that would show), and `disableKinds`
//! combinations with the names before and after Hugo 0.73, per language
//! too. The settings are drawn by `hugo.rs`; this module only decides
//! where each one is written, so the merged configuration is the same
//! whatever the layout.

use std::path::Path;

use anyhow::Result;

use super::hugo_values::{Format, Val, config_text};

/// `disableKinds` values Hugo 0.111.3 builds (old and new names, names
/// that match nothing because of their case), and `["taxonomy"]`, which
/// it refuses unless `ignoreErrors` says otherwise. `sitemap` is left out:
/// Hugo then writes no sitemap, and the scan still lists the pages.
const KIND_SETS: &[&[&str]] = &[
    &["term"],
    &["section"],
    &["RSS"],
    &["home"],
    &["Taxonomy"],
    &["taxonomy", "term"],
    &["taxonomyTerm"],
    &["taxonomyTerm", "taxonomy"],
    &["taxonomyterm"],
    &["term", "section"],
    &["404", "robotsTXT"],
    &["page"],
    &["taxonomy"],
];

/// A random `disableKinds` value with, for a lone `taxonomy`, mostly the
/// `ignoreErrors` Hugo asks for (else both sides must refuse the site).
pub(super) fn disable_kinds(rng: &mut fastrand::Rng) -> Vec<(String, Val)> {
    let set = KIND_SETS[rng.usize(..KIND_SETS.len())];
    let value = if rng.u8(..6) == 0 {
        // spf13/cast splits a string at white space.
        Val::Str(set.join("  "))
    } else {
        Val::List(set.iter().map(|k| Val::Str((*k).to_owned())).collect())
    };
    let mut out = vec![("disableKinds".to_owned(), value)];
    if set == ["taxonomy"] && rng.u8(..4) != 0 {
        out.push((
            "ignoreErrors".to_owned(),
            Val::List(vec![Val::Str("error-disable-taxonomy".to_owned())]),
        ));
    }
    out
}

/// Everything the site's configuration says, before it is laid out.
pub(super) struct Config {
    /// Top-level settings (`baseURL`, `uglyURLs`, `disableKinds`, …).
    pub(super) top: Vec<(String, Val)>,
    /// Top-level tables (`permalinks`, `taxonomies`).
    pub(super) tables: Vec<(String, Vec<(String, Val)>)>,
    /// Each language's own settings, in the order defined.
    pub(super) languages: Vec<(String, Vec<(String, Val)>)>,
}

fn pick_format(rng: &mut fastrand::Rng) -> (Format, &'static str) {
    match rng.u8(..6) {
        0 => (Format::Yaml, "yaml"),
        1 => (Format::Yaml, "yml"),
        2 => (Format::Json, "json"),
        3 => (Format::Toml, "TOML"),
        _ => (Format::Toml, "toml"),
    }
}

fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, text)?;
    Ok(())
}

/// Writes `config` into the site folder `dir` in a random layout.
pub(super) fn write_config(rng: &mut fastrand::Rng, dir: &Path, config: Config) -> Result<()> {
    let Config {
        mut top,
        tables,
        languages,
    } = config;
    let languages_table = |languages: &[(String, Vec<(String, Val)>)]| {
        Val::Map(
            languages
                .iter()
                .map(|(l, s)| (l.clone(), Val::Map(s.clone())))
                .collect(),
        )
    };
    if rng.bool() {
        // One root file.
        let mut fields = top;
        fields.extend(tables.into_iter().map(|(k, v)| (k, Val::Map(v))));
        if !languages.is_empty() {
            fields.push(("languages".to_owned(), languages_table(&languages)));
        }
        let (format, ext) = pick_format(rng);
        let ext = ext.to_lowercase();
        let ext = if ext == "yml" { "yaml".to_owned() } else { ext };
        let name = if rng.bool() { "hugo" } else { "config" };
        return write(
            &dir.join(format!("{name}.{ext}")),
            &config_text(&fields, format),
        );
    }
    let default = dir.join("config/_default");
    // A root file beside the folder, which the folder's files override.
    if rng.u8(..3) == 0 {
        let moved: Vec<(String, Val)> = top
            .iter()
            .filter(|(k, _)| k == "title" || k == "baseURL")
            .cloned()
            .collect();
        top.retain(|(k, _)| k != "title" && k != "baseURL");
        let mut root_fields = moved;
        // Overridden below by `_default`'s own `uglyURLs`.
        root_fields.push(("uglyURLs".to_owned(), Val::Bool(true)));
        if !top.iter().any(|(k, _)| k == "uglyURLs") {
            top.push(("uglyURLs".to_owned(), Val::Bool(false)));
        }
        write(
            &dir.join("hugo.toml"),
            &config_text(&root_fields, Format::Toml),
        )?;
    }
    // A production override of `disableKinds` (production wins), and a
    // development one `hugo` must not read.
    if rng.u8(..4) == 0 {
        let kinds = disable_kinds(rng);
        write(
            &dir.join("config/production/hugo.toml"),
            &config_text(&kinds, Format::Toml),
        )?;
    }
    if rng.u8(..4) == 0 {
        let off = vec![(
            "disableKinds".to_owned(),
            Val::List(
                ["page", "section", "taxonomy", "term"]
                    .iter()
                    .map(|k| Val::Str((*k).to_owned()))
                    .collect(),
            ),
        )];
        write(
            &dir.join("config/development/hugo.toml"),
            &config_text(&off, Format::Toml),
        )?;
    }
    let mut main = top;
    for (name, entries) in tables {
        if rng.bool() {
            main.push((name, Val::Map(entries)));
        } else {
            let (format, ext) = pick_format(rng);
            write(
                &default.join(format!("{name}.{ext}")),
                &config_text(&entries, format),
            )?;
        }
    }
    if !languages.is_empty() {
        if rng.u8(..3) == 0 {
            let (format, ext) = pick_format(rng);
            write(
                &default.join(format!("languages.{ext}")),
                &config_text(
                    &languages
                        .iter()
                        .map(|(l, s)| (l.clone(), Val::Map(s.clone())))
                        .collect::<Vec<_>>(),
                    format,
                ),
            )?;
        } else {
            for (lang, settings) in &languages {
                let (format, ext) = pick_format(rng);
                let folder = if rng.u8(..4) == 0 {
                    default.join("languages")
                } else {
                    default.clone()
                };
                write(
                    &folder.join(format!("languages.{lang}.{ext}")),
                    &config_text(settings, format),
                )?;
            }
        }
        for (lang, _) in &languages {
            if rng.u8(..3) == 0 {
                write(
                    &default.join(format!("params.{lang}.toml")),
                    &format!("subtitle = \"{lang}\"\n"),
                )?;
            }
            if rng.u8(..3) == 0 {
                write(
                    &default.join(format!("menus.{lang}.toml")),
                    "[[main]]\nname = \"Home\"\nurl = \"/\"\nweight = 1\n",
                )?;
            }
        }
    }
    let (format, ext) = pick_format(rng);
    let name = if rng.bool() { "hugo" } else { "config" };
    write(
        &default.join(format!("{name}.{ext}")),
        &config_text(&main, format),
    )
}
