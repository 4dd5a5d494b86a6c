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

/// The most keys named one by one.
const MOST_NAMED: usize = 20;

/// One warning per key Zola 0.22 does not know, in the order of the
/// tables and keys (sorted: the configuration is a map).
pub(super) fn unknown_keys(map: &Map<String, Value>, path: &Path) -> Vec<Warning> {
    let mut out = Vec::new();
    let rules = ZolaRules::of(CURRENT);
    let zola = format!("Zola 0.{}", CURRENT.minor);
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
        out.push(Warning::new(
            Some(path),
            &format!(
                "`{dotted}` is no setting of {zola}, which refuses the site (\"unknown \
                 field\"); {older}, and the scan reads the rest of the site: {fix}"
            ),
        ));
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
    // A real site has a stale key or two; a file of thousands is named
    // once, not line by line.
    if out.len() > MOST_NAMED {
        let more = out.len() - MOST_NAMED;
        out.truncate(MOST_NAMED);
        out.push(Warning::new(
            Some(path),
            &format!("and {more} more keys {zola} does not know, which it refuses too"),
        ));
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

    #[test]
    fn thousands_of_unknown_keys_are_named_twenty_then_counted() {
        let text: String = (0..5000).map(|i| format!("k{i} = 1\n")).collect();
        let named = keys(&text);
        assert_eq!(named.len(), 21);
        assert_eq!(
            named[20],
            "and 4980 more keys Zola 0.22 does not know, which it refuses too"
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
