//! What a difference or a refusal is most likely about: the first rule
//! of [`RULES`] that fits the site.
//!
//! A rule looks at the site's configuration (its own and its themes'),
//! its content, its file names, the URLs only one side lists and the
//! refusing side's message; rules that name rarer, more specific
//! features come first, so that a site using cascade and a content
//! adapter is put under the adapter, which decides more of its URLs.
//! A guess, not a diagnosis: the label says where to look first, and a
//! site no rule fits is "not yet classified".

use super::compare::Outcome;
use super::extract::Site;
use super::site::is_config;

/// What the rules read, lowercased where case does not matter.
struct Facts<'a> {
    /// Every configuration file, the themes' too, lowercased.
    config: String,
    /// Every other file that is no template, lowercased.
    content: String,
    names: Vec<&'a str>,
    only_hugo: &'a [String],
    only_ours: &'a [String],
    /// The refusing side's message, when one refused.
    message: &'a str,
    /// Which side refused: `differs`, `ours` or `hugo`.
    side: &'static str,
}

impl Facts<'_> {
    fn config_has(&self, words: &[&str]) -> bool {
        words.iter().any(|w| self.config.contains(w))
    }

    fn any_url(&self, f: impl Fn(&str) -> bool) -> bool {
        self.only_hugo.iter().chain(self.only_ours).any(|u| f(u))
    }

    /// A `baseURL` inside the languages' settings: a multihost site.
    fn multihost(&self) -> bool {
        let c = &self.config;
        match (c.find("languages"), c.rfind("baseurl")) {
            (Some(l), Some(b)) => {
                let line_start = c[..b].rfind('\n').map_or(0, |i| i + 1);
                l < b && !c[line_start..b].contains('#')
            }
            _ => false,
        }
    }

    /// A content file whose opening fence has text on its line
    /// (`---title: x`).
    fn fence_with_text(&self) -> bool {
        self.content
            .split("\n---")
            .skip(1)
            .any(|rest| rest.starts_with(|c: char| c.is_alphabetic()))
            || self.content.starts_with("---t")
    }
}

type Rule = (&'static str, fn(&Facts<'_>) -> bool);

/// The rules, first fit wins: refusals by their message, then the
/// features of the site, rarer first.
const RULES: &[Rule] = &[
    // Our refusals.
    ("multihost (`baseURL` per language)", |f| {
        f.side != "hugo" && f.multihost()
    }),
    (
        "permalinks: tokens we do not read (`:sections[…]`, `:sectionslug(s)`, `:contentbasename`, `:slugorcontentbasename`)",
        |f| f.side == "ours" && f.message.contains("permalink pattern"),
    ),
    (
        "`defaultContentLanguage` none of the languages: Hugo 0.111.3 refused it, 0.168.0 builds",
        |f| f.side == "ours" && f.message.contains("defaultContentLanguage"),
    ),
    // Hugo's refusals.
    (
        "settings newer Hugo removed (`module.mounts.lang`, `segments` lang, `includeFiles`)",
        |f| f.side == "hugo" && f.message.contains("deprecated") && f.message.contains("removed"),
    ),
    (
        "security policy (`security.exec`, `security.allowContent`)",
        |f| f.side == "hugo" && f.message.contains("whitelisted"),
    ),
    (
        "configuration Hugo refuses (languages, versions, roles, time zone, output formats, modules)",
        |f| {
            // A page's own front matter (`failed to decode build config
            // in front matter`) is content, below.
            f.side == "hugo"
                && !f.message.contains("pageMetaSource")
                && ["config", "module", "markup:"]
                    .iter()
                    .any(|w| f.message.contains(w))
        },
    ),
    (
        "content or data Hugo refuses (front matter, Markdown attributes, i18n, adapters)",
        |f| f.side == "hugo",
    ),
    // Differences, by feature.
    (
        "deliberate: a `render: link` page, which Hugo lists with no file behind it (README, deliberate differences)",
        |f| {
            f.side == "differs"
                && f.only_ours.is_empty()
                && ["render: link", "render = 'link'", "render = \"link\""]
                    .iter()
                    .any(|w| f.content.contains(w))
        },
    ),
    ("sites matrix: `versions` and `roles` (Hugo 0.153+)", |f| {
        f.config_has(&[
            "[versions",
            "versions:",
            "[roles",
            "roles:",
            "defaultcontentversion",
            "defaultcontentrole",
        ])
    }),
    (
        "`sites.matrix` on mounts or cascade (per-language content folders, Hugo 0.153+)",
        |f| f.config_has(&["sites.matrix", "sites:"]),
    ),
    ("content adapter (`_content.gotmpl`)", |f| {
        f.names.iter().any(|n| n.ends_with("_content.gotmpl"))
    }),
    (
        "module mounts (content from other folders, `files` filters)",
        |f| f.config_has(&["mounts"]),
    ),
    (
        "content formats other than Markdown and HTML (`.rst`, `.adoc`, `.org`, `.pdc`)",
        |f| {
            f.names.iter().any(|n| {
                [
                    ".rst",
                    ".adoc",
                    ".ad",
                    ".asciidoc",
                    ".org",
                    ".pdc",
                    ".pandoc",
                ]
                .iter()
                .any(|e| n.ends_with(e))
            })
        },
    ),
    (
        "output formats: a page whose first format is not HTML, a format's `path` or `baseName`",
        |f| {
            f.config_has(&["outputs", "outputformats"])
                || f.content.contains("outputs:")
                || f.content.contains("outputs =")
        },
    ),
    (
        "permalinks (`:slug` of sections and terms, `:contentbasename`, target lists)",
        |f| f.config_has(&["permalinks"]),
    ),
    ("cascade (front matter or configuration)", |f| {
        f.config_has(&["cascade"]) || f.content.contains("cascade")
    }),
    (
        "path case and accents per language (`disablePathToLower`, `removePathAccents`)",
        |f| f.config_has(&["disablepathtolower", "removepathaccents"]),
    ),
    ("`uglyURLs`", |f| f.config_has(&["uglyurls"])),
    (
        "YAML 1.1 words as keys (`no:` a language): a boolean to us, a string to Hugo",
        |f| f.any_url(|u| u.contains("/false/") || u.contains("/true/")),
    ),
    (
        "a dimension in the file name (`p1._language_fr_.md`, Hugo 0.153+)",
        |f| f.names.iter().any(|n| n.contains("._")),
    ),
    (
        "front matter fence with text on its line (`---title: x`)",
        |f| f.fence_with_text(),
    ),
    (
        "taxonomies (nested names, a draft taxonomy page, themes' taxonomies)",
        |f| {
            f.config_has(&["taxonomies"])
                || f.any_url(|u| u.contains("/tags/") || u.contains("/categories/"))
        },
    ),
    ("drafts (a draft section's pages)", |f| {
        f.content.contains("draft: true") || f.content.contains("draft = true")
    }),
    (
        "multilingual bundles (a bundle's pages translated, its index not)",
        |f| f.config_has(&["languages"]),
    ),
];

/// The cause of a site's difference or refusal, when a rule fits.
pub(super) fn cause(site: &Site, outcome: &Outcome) -> Option<String> {
    let (side, message, only_hugo, only_ours): (_, &str, &[String], &[String]) = match outcome {
        Outcome::Differs {
            only_hugo,
            only_ours,
        } => ("differs", "", only_hugo, only_ours),
        Outcome::RefusedByOurs(m) => ("ours", m, &[], &[]),
        Outcome::RefusedByHugo(m) => ("hugo", m, &[], &[]),
        _ => return None,
    };
    let text = |keep: &dyn Fn(&str) -> bool| {
        site.files
            .iter()
            .filter(|(name, _)| keep(name) && !name.contains("layouts/"))
            .map(|(_, data)| String::from_utf8_lossy(data).to_lowercase())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let theme_config = |name: &str| {
        name.strip_prefix("themes/")
            .and_then(|rest| rest.split_once('/'))
            .is_some_and(|(_, rest)| is_config(rest))
    };
    let facts = Facts {
        config: text(&|n| is_config(n) || theme_config(n)),
        content: text(&|n| !is_config(n) && !theme_config(n)),
        names: site.files.iter().map(|(n, _)| n.as_str()).collect(),
        only_hugo,
        only_ours,
        message,
        side,
    };
    RULES
        .iter()
        .find(|(_, fits)| fits(&facts))
        .map(|(label, _)| (*label).to_owned())
}
