//! The shapes of a random Hugo site that only the current Hugo (0.123
//! and later) builds, drawn when the run's Hugo is one: `cascade` with
//! targets (`kind`, `path`, `sites.matrix.languages`) in the configuration and in sections'
//! `_index` front matter, carrying `sitemap.disable`, `build` options and
//! `draft`; a language's own `permalinks`; a host per language
//! (multihost); the permalink tokens and tables of the current Hugo
//! (`:contentbasename`, `:sections[1:]`, `:sectionslugs`,
//! `[permalinks.page]` and `[permalinks.section]`).
//!
//! Drawn after everything `hugo.rs` draws for 0.111.3, so a seed's site
//! for 0.111.3 is the same as before these shapes existed.

use super::hugo_values::Val;

/// The sitemap template the current Hugo builds each site with: its own
/// embedded one's choice of pages (`.Sitemap.Disable` skipped), and
/// the deliberate differences' marker (`hugo.rs`) honoured.
pub(super) const SITEMAP_TEMPLATE: &str = r#"{{ printf "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>" | safeHTML }}
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
{{- range where .Pages "Sitemap.Disable" "ne" true }}{{ if and .Permalink (not .Params.omitfromsitemap) }}
  <url><loc>{{ .Permalink }}</loc></url>
{{- end }}{{ end }}
</urlset>
"#;

/// Permalink patterns with the current Hugo's tokens.
pub(super) const PATTERNS: &[&str] = &[
    "/:section/:contentbasename/",
    "/x/:sections[1:]/:slug/",
    "/:sectionslugs/:slugorcontentbasename/",
    "/:sections[last]/:title/",
    "/:year/:contentbasename/",
];

fn text(s: &str) -> Val {
    Val::Str(s.to_owned())
}

/// A cascade's target: a kind, a path glob, a language, or some of
/// them.
fn target(rng: &mut fastrand::Rng, sections: &[&str], langs: &[String]) -> Val {
    let mut t = Vec::new();
    if rng.bool() {
        let kinds = ["page", "section", "{page,section}", "term", "*"];
        t.push(("kind".to_owned(), text(kinds[rng.usize(..kinds.len())])));
    }
    if rng.bool() || t.is_empty() {
        let s = sections[rng.usize(..sections.len())].to_lowercase();
        let paths = [
            format!("/{s}/**"),
            format!("/{s}"),
            format!("{{/{s},/{s}/**}}"),
        ];
        t.push(("path".to_owned(), text(&paths[rng.usize(..paths.len())])));
    }
    // A language, as the current Hugo targets it (`lang` is refused
    // from 0.165).
    if langs.len() > 1 && rng.u8(..3) == 0 {
        let lang = text(&langs[rng.usize(..langs.len())]);
        t.push((
            "sites".to_owned(),
            Val::Map(vec![(
                "matrix".to_owned(),
                Val::Map(vec![("languages".to_owned(), Val::List(vec![lang]))]),
            )]),
        ));
    }
    Val::Map(t)
}

/// What a cascade hands down.
fn values(rng: &mut fastrand::Rng) -> Vec<(String, Val)> {
    match rng.u8(..5) {
        0 => vec![(
            "sitemap".to_owned(),
            Val::Map(vec![("disable".to_owned(), Val::Bool(true))]),
        )],
        1 => vec![(
            "build".to_owned(),
            Val::Map(vec![("list".to_owned(), text("never"))]),
        )],
        2 => vec![(
            "build".to_owned(),
            Val::Map(vec![
                ("render".to_owned(), text("never")),
                ("list".to_owned(), text("never")),
            ]),
        )],
        3 => vec![("draft".to_owned(), Val::Bool(true))],
        _ => vec![(
            "sitemap".to_owned(),
            Val::Map(vec![(
                "priority".to_owned(),
                Val::Raw(["0.3".into(), "0.3".into(), "0.3".into()]),
            )]),
        )],
    }
}

/// A cascade entry for the site's configuration (`[[cascade]]`).
pub(super) fn config_cascade(
    rng: &mut fastrand::Rng,
    sections: &[&str],
    langs: &[String],
) -> Option<(String, Val)> {
    if rng.u8(..3) != 0 || sections.is_empty() {
        return None;
    }
    // One entry, as a table: the value writers put a list in flow style,
    // where YAML has no block mappings.
    let mut e = values(rng);
    e.push(("target".to_owned(), target(rng, sections, langs)));
    Some(("cascade".to_owned(), Val::Map(e)))
}

/// A section `_index`'s own cascade, with or without a target.
pub(super) fn section_cascade(rng: &mut fastrand::Rng, section: &str) -> Option<(String, Val)> {
    if rng.u8(..4) != 0 {
        return None;
    }
    let mut e = values(rng);
    if rng.bool() {
        let kinds = ["page", "section"];
        e.push((
            "target".to_owned(),
            Val::Map(vec![
                ("kind".to_owned(), text(kinds[rng.usize(..2)])),
                (
                    "path".to_owned(),
                    text(&format!("/{}/**", section.to_lowercase())),
                ),
            ]),
        ));
    }
    Some(("cascade".to_owned(), Val::Map(e)))
}

/// A language's own settings: its `permalinks`, and its host on a
/// multihost site.
pub(super) fn language_settings(
    rng: &mut fastrand::Rng,
    lang: &str,
    multihost: bool,
) -> Vec<(String, Val)> {
    let mut out = Vec::new();
    if rng.u8(..4) == 0 {
        let section = ["posts", "docs", "news"][rng.usize(..3)];
        out.push((
            "permalinks".to_owned(),
            Val::Map(vec![(
                section.to_owned(),
                text(PATTERNS[rng.usize(..PATTERNS.len())]),
            )]),
        ));
    }
    if multihost {
        out.push((
            "baseURL".to_owned(),
            text(&format!("https://{lang}.diff.example.org/")),
        ));
    }
    out
}

/// The current Hugo's `[permalinks.page]` / `[permalinks.section]`
/// tables, instead of the plain one.
pub(super) fn permalink_tables(rng: &mut fastrand::Rng) -> Option<(String, Vec<(String, Val)>)> {
    if rng.u8(..5) != 0 {
        return None;
    }
    let mut table = vec![(
        "page".to_owned(),
        Val::Map(vec![(
            "posts".to_owned(),
            text(PATTERNS[rng.usize(..PATTERNS.len())]),
        )]),
    )];
    if rng.bool() {
        table.push((
            "section".to_owned(),
            Val::Map(vec![("docs".to_owned(), text("/d/:sections[1:]/"))]),
        ));
    }
    Some(("permalinks".to_owned(), table))
}
