//! The settings Zola 0.22 knows. Its configuration is read with serde's
//! `deny_unknown_fields` at the top level, in `[languages.CODE]` and in
//! `[markdown]` (`components/config/src/config/{mod,languages,markup}.rs`),
//! so any other key there makes `zola build` refuse the site. An older
//! Zola built it (the settings `rules` retired: `feed_filename` was
//! renamed in 0.19, `[markdown]`'s highlighting keys moved in 0.22), so
//! the scan does not refuse it: it names each such key, with the file
//! and the release that retired it, and reads the rest.

use std::path::Path;

use serde_json::{Map, Value};

use sitemap_content::Warning;
use sitemap_core::diagnostic::{Kind, Name};
use sitemap_pages::front_matter::{Format, KeyLines};

use super::rules::{CURRENT, ZolaRules, retired};

/// `Config`'s fields.
const TOP: [&str; 30] = [
    "base_url",
    "theme",
    "title",
    "description",
    "default_language",
    "languages",
    "translations",
    "generate_feeds",
    "feed_limit",
    "feed_filenames",
    "hard_link_static",
    "taxonomies",
    "taxonomy_root",
    "author",
    "compile_sass",
    "minify_html",
    "build_search_index",
    "ignored_content",
    "ignored_static",
    "mode",
    "output_dir",
    "preserve_dotfiles_in_output",
    "link_checker",
    "slugify",
    "search",
    "markdown",
    "extra",
    "generate_sitemap",
    "generate_robots_txt",
    "exclude_paginated_pages_in_sitemap",
];

/// `LanguageOptions`' fields.
const LANGUAGE: [&str; 8] = [
    "title",
    "description",
    "generate_feeds",
    "feed_filenames",
    "taxonomies",
    "build_search_index",
    "search",
    "translations",
];

/// `Markdown`'s fields.
const MARKDOWN: [&str; 13] = [
    "highlighting",
    "render_emoji",
    "external_links_class",
    "external_links_target_blank",
    "external_links_no_follow",
    "external_links_no_referrer",
    "external_links_external",
    "smart_punctuation",
    "definition_list",
    "bottom_footnotes",
    "lazy_async_image",
    "insert_anchor_links",
    "github_alerts",
];

/// One warning per unknown key: a file of thousands is named twenty
/// times, then counted (`sitemap_core::diagnostic::bound_kinds`).
const UNKNOWN_KEY: Kind = Kind::new(
    "zola-unknown-key",
    "keys Zola does not know, which it refuses too",
);

/// One warning per key Zola 0.22 does not know, in the order of the
/// tables and keys (sorted: the configuration is a map).
pub(super) fn unknown_keys(map: &Map<String, Value>, path: &Path) -> Vec<Warning> {
    let mut out = Vec::new();
    let rules = ZolaRules::of(CURRENT);
    let zola = format!("Zola 0.{}", CURRENT.minor);
    // Read again only when a key is unknown, for the lines, through the
    // one safe reader (a regular file within the size read the first
    // time); a file that changed since is named without lines.
    let lines = std::cell::OnceCell::new();
    let line = |dotted: &str| {
        lines
            .get_or_init(|| {
                let text = sitemap_content::config::read_text(path).unwrap_or_default();
                KeyLines::of(Format::Toml, &text, 1)
            })
            .line(dotted)
    };
    // `table`: where the key is (`languages.fr`), `kind` which table
    // that is, as the rules name it (`languages`).
    let mut name = |table: &str, kind: &str, key: &str| {
        let dotted = if table.is_empty() {
            key.to_owned()
        } else {
            format!("{table}.{key}")
        };
        let (older, fix) = match retired(&rules, kind, key) {
            Some((rule, fix)) => (format!("Zola before 0.{} builds it", rule.since.minor), fix),
            None => (
                "an older Zola builds it".to_owned(),
                "remove it, or move it under `[extra]`",
            ),
        };
        let message = format!(
            "`{}` is no setting of {zola}, which refuses the site (\"unknown \
             field\"); {older}, and the scan reads the rest of the site: {fix}",
            Name::new(&dotted)
        );
        let warning = match line(&dotted) {
            Some(line) => Warning::at(path, line, &message),
            None => Warning::new(Some(path), &message),
        };
        out.push(warning.with_key(&dotted).with_kind(UNKNOWN_KEY));
    };
    for key in map.keys().filter(|k| !TOP.contains(&k.as_str())) {
        name("", "", key);
    }
    if let Some(Value::Object(langs)) = map.get("languages") {
        for (code, opts) in langs {
            if let Value::Object(opts) = opts {
                for key in opts.keys().filter(|k| !LANGUAGE.contains(&k.as_str())) {
                    name(&format!("languages.{code}"), "languages", key);
                }
            }
        }
    }
    if let Some(Value::Object(markdown)) = map.get("markdown") {
        for key in markdown.keys().filter(|k| !MARKDOWN.contains(&k.as_str())) {
            name("markdown", "markdown", key);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(toml: &str) -> Vec<String> {
        let map: Map<String, Value> = toml::from_str(toml).unwrap();
        unknown_keys(&map, Path::new("zola.toml"))
            .into_iter()
            .map(|w| w.message)
            .collect()
    }

    #[test]
    fn the_keys_zola_reads_are_quiet() {
        assert!(
            keys(
                "base_url = \"https://e.org\"\ngenerate_feeds = true\n[markdown]\nsmart_punctuation = true\n\
                 [markdown.highlighting]\ntheme = \"x\"\n[languages.fr]\ntitle = \"t\"\n[extra]\nanything = 1\n"
            )
            .is_empty()
        );
    }

    /// Every key is named with its kind; the skins' report names twenty
    /// and counts the rest.
    #[test]
    fn thousands_of_unknown_keys_are_named_twenty_then_counted() {
        let text: String = (0..5000).map(|i| format!("k{i} = 1\n")).collect();
        let map: Map<String, Value> = toml::from_str(&text).unwrap();
        let found = unknown_keys(&map, Path::new("zola.toml"));
        assert_eq!(found.len(), 5000);
        let shown =
            sitemap_core::diagnostic::bound_kinds(found.into_iter().map(Into::into).collect());
        assert_eq!(shown.len(), 21);
        assert_eq!(
            shown[20].to_string(),
            "zola.toml: warning: and 4980 more keys Zola does not know, which it refuses too"
        );
    }

    /// A key is a TOML string: shown escaped and cut, kept whole as the
    /// warning's key.
    #[test]
    fn a_hostile_key_is_shown_escaped_and_cut() {
        let key = format!("bad\n\u{1b}[2J{}", "k".repeat(300));
        let mut map = Map::new();
        map.insert(key.clone(), Value::Bool(true));
        let found = unknown_keys(&map, Path::new("zola.toml"));
        assert_eq!(found[0].key.as_deref(), Some(key.as_str()));
        assert_eq!(
            found[0].message,
            format!(
                "`bad\\n\\x1b[2J{}… (112 more characters)` is no setting of Zola 0.22, which \
                 refuses the site (\"unknown field\"); an older Zola builds it, and the scan \
                 reads the rest of the site: remove it, or move it under `[extra]`",
                "k".repeat(188)
            )
        );
    }

    #[test]
    fn each_unknown_key_is_named_with_its_fix() {
        assert_eq!(
            keys(
                "base_url = \"https://e.org\"\nfeed_filename = \"atom.xml\"\nmy_param = 1\n\
                 [markdown]\nhighlight_code = true\n[languages.fr]\ngenerate_feed = true\n"
            ),
            [
                "`feed_filename` is no setting of Zola 0.22, which refuses the site (\"unknown \
                 field\"); Zola before 0.19 builds it, and the scan reads the rest of the site: \
                 rename it `feed_filenames` (a list)",
                "`my_param` is no setting of Zola 0.22, which refuses the site (\"unknown field\"); \
                 an older Zola builds it, and the scan reads the rest of the site: remove it, \
                 or move it under `[extra]`",
                "`languages.fr.generate_feed` is no setting of Zola 0.22, which refuses the site \
                 (\"unknown field\"); Zola before 0.19 builds it, and the scan reads the rest \
                 of the site: rename it `generate_feeds`",
                "`markdown.highlight_code` is no setting of Zola 0.22, which refuses the site \
                 (\"unknown field\"); Zola before 0.22 builds it, and the scan reads the rest \
                 of the site: move it to `[markdown.highlighting]` (Zola 0.22's code \
                 highlighting)",
            ]
        );
    }
}
