//! [`HugoConfig`]: what a Hugo site's configuration says, as every rule
//! reads it (languages, taxonomies, URL settings, build flags, kinds,
//! permalinks, cascades, mounts, output formats, the Hugo followed).
//! Plain data with the questions the rules ask of it: `config` fills it
//! in when the site is opened, and no rule imports that.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use sitemap_content::Site;
use sitemap_content::paths::PathRules;

/// A Hugo site's settings, merged from its configuration files and the
/// `HUGO_…` variables, as the scan's rules read them.
#[derive(Debug)]
pub(crate) struct HugoConfig {
    pub(super) default_language: String,
    pub(super) default_in_subdir: bool,
    /// Language key -> its own content folder, when it has one.
    pub(super) language_dirs: BTreeMap<String, PathBuf>,
    /// Languages defined but disabled, whose files Hugo skips.
    pub(super) disabled_languages: BTreeSet<String>,
    /// Taxonomy plural names (what front matter and URLs use).
    pub(super) taxonomies: Vec<String>,
    /// A language's own taxonomies (`languages.fr.taxonomies`), which
    /// replace the site's for it.
    pub(super) language_taxonomies: BTreeMap<String, Vec<String>>,
    pub(super) ugly_urls: bool,
    pub(super) ugly_sections: BTreeMap<String, bool>,
    /// `disablePathToLower` and `removePathAccents`: the site's, and a
    /// language's own where it sets either.
    pub(super) path_rules: PathRules,
    pub(super) language_path_rules: BTreeMap<String, PathRules>,
    /// Language key -> the kinds it disables (its own `disableKinds`,
    /// else the site's).
    pub(super) disabled_kinds: BTreeMap<String, BTreeSet<String>>,
    /// The first language in Hugo's order (by weight), whose site makes
    /// the taxonomy pages no file backs ([`HugoConfig::taxonomies_made`]).
    pub(super) first_language: String,
    pub(super) build_drafts: bool,
    pub(super) build_future: bool,
    pub(super) build_expired: bool,
    /// Section -> permalink pattern for its regular pages.
    pub(super) permalinks: BTreeMap<String, String>,
    /// `markup.goldmark.renderer.unsafe`: raw HTML in Markdown is
    /// rendered (else Goldmark drops it).
    pub(crate) raw_html: bool,
    /// `[frontmatter] lastmod`, when the site configures it.
    pub(crate) lastmod_order: Option<Box<super::lastmod_order::LastmodOrder>>,
    /// The date orders, when one names `:filename` (slugs and dates
    /// from file names).
    pub(super) date_orders: Option<Box<super::lastmod_order::DateOrders>>,
    /// The Hugo whose rules the scan follows.
    pub(super) version: super::followed::Version,
    /// The sites Hugo builds: its languages, versions and roles. A file's
    /// `lang` and a page's key are a site's key (`sites`), which is its
    /// language's for the default version and role.
    pub(super) sites: super::sites::Sites,
    /// The site's `cascade` settings and the `_index` files' cascades.
    pub(super) cascades: super::cascade::Cascades,
    /// The sections' slugs read for `:sectionslugs`.
    pub(super) section_slugs: super::page_tokens::SectionSlugs,
    /// `security.allowContent`.
    pub(super) allow_content: super::security::AllowContent,
    /// `ignoreFiles`: content files whose path matches one are not read.
    pub(super) ignore_files: Vec<regex::Regex>,
    /// The content folders modules mount.
    pub(crate) mounts: super::mounts::Mounts,
    /// `[permalinks]` as the current Hugo reads it (rules with targets).
    pub(super) permalink_rules: super::permalinks::Permalinks,
    /// A language's own `permalinks`, which replace the site's for it.
    pub(super) language_permalink_rules: BTreeMap<String, super::permalinks::Permalinks>,
    /// A multihost site's hosts (language -> base URL); empty for one
    /// host. With hosts, no URL has a language's folder, unless
    /// `hosts_share_paths`.
    pub(super) hosts: BTreeMap<String, sitemap_core::Loc>,
    /// Whether Hugo builds this multihost site's paths as one host's
    /// (`languages::hosts_share_paths`).
    pub(super) hosts_share_paths: bool,
    /// `enableGitInfo`: a page's git date comes first in its `lastmod`.
    pub(super) git_info: bool,
    /// The folder of a list's pagers (`pagination.path`; `page`).
    pub(crate) pager_path: String,
    /// The folders Hugo copies into the site as they are (`staticDir`,
    /// each theme's `static/`): their files are no pages of its.
    pub(crate) static_dirs: Vec<PathBuf>,
    /// The output formats, which decide the URL a page is listed at.
    pub(super) outputs: super::outputs::Outputs,
    /// A language's own: the site's with its `outputFormats` over them.
    pub(super) language_outputs: BTreeMap<String, super::outputs::Outputs>,
    /// `titleCaseStyle` and `capitalizeListTitles`: list pages' titles.
    pub(super) list_titles: super::list_titles::ListTitles,
    /// The settings that change URLs or pages and that the scan does not
    /// read, each named (`blind_spots`).
    pub(super) blind_spots: Vec<sitemap_content::Warning>,
}

impl HugoConfig {
    /// What the Hugo followed does where releases differ.
    pub(super) fn rules(&self) -> &super::rules::HugoRules {
        self.version.rules()
    }

    /// Every site's key (see `sites`): the languages' in the site's order
    /// (the default first), each followed by its other versions and roles.
    pub(super) fn site_keys(&self, site: &Site) -> Vec<String> {
        if !self.sites.is_matrix() {
            return site.languages.clone();
        }
        let keys = self.sites.keys();
        let mut out = Vec::with_capacity(keys.len());
        for lang in &site.languages {
            out.extend(
                keys.iter()
                    .filter(|k| super::sites::language_of(k) == lang)
                    .cloned(),
            );
        }
        out
    }

    /// The output formats of a language: its own, else the site's.
    pub(super) fn outputs_for(&self, lang: &str) -> &super::outputs::Outputs {
        self.language_outputs
            .get(&lang.to_lowercase())
            .unwrap_or(&self.outputs)
    }

    /// The permalink rules of a language: its own, else the site's.
    pub(super) fn permalink_rules_for(&self, lang: &str) -> &super::permalinks::Permalinks {
        self.language_permalink_rules
            .get(super::sites::language_of(lang))
            .unwrap_or(&self.permalink_rules)
    }

    /// How `lang` makes paths of names: its own `disablePathToLower` and
    /// `removePathAccents`, else the site's.
    pub(super) fn path_rules(&self, lang: &str) -> PathRules {
        self.language_path_rules
            .get(super::sites::language_of(lang))
            .copied()
            .unwrap_or(self.path_rules)
    }

    /// The base URL `lang`'s pages are served at: its host's on a
    /// multihost site, else the site's.
    pub(super) fn base_for<'a>(&'a self, site: &'a Site, lang: &str) -> &'a sitemap_core::Loc {
        self.hosts
            .get(super::sites::language_of(lang))
            .unwrap_or(&site.base_url)
    }

    /// The taxonomies of a language: its own, else the site's.
    pub(super) fn taxonomies(&self, lang: &str) -> &[String] {
        self.language_taxonomies
            .get(super::sites::language_of(lang))
            .unwrap_or(&self.taxonomies)
    }

    /// Whether Hugo writes its own sitemap files (`sitemap.xml`; with
    /// several languages an index there and one per language): unless
    /// every language's `disableKinds` holds `sitemap`.
    pub(crate) fn writes_sitemap(&self) -> bool {
        self.disabled_kinds.is_empty()
            || self
                .disabled_kinds
                .values()
                .any(|kinds| !kinds.contains("sitemap"))
    }

    /// Whether a language builds pages of this kind (`page`, `home`,
    /// `section`, `taxonomy`, `term`).
    pub(super) fn kind_on(&self, lang: &str, kind: &str) -> bool {
        !self
            .disabled_kinds
            .get(super::sites::language_of(lang))
            .is_some_and(|kinds| kinds.contains(kind))
    }

    /// Whether the current Hugo makes the taxonomy pages no file backs
    /// (`/tags/`). Since the sites matrix (0.153), the site of the first
    /// language (by weight) makes them for every language, and makes none
    /// when its language disables both `taxonomy` and `term`
    /// (`createMissingTaxonomies`; checked with 0.168.0: the other
    /// languages keep their term pages, not their taxonomy pages).
    pub(super) fn taxonomies_made(&self) -> bool {
        let first = &self.first_language;
        !self.rules().first_language_makes_taxonomies
            || self.kind_on(first, "taxonomy")
            || self.kind_on(first, "term")
    }

    /// Whether the site's `[sitemap] disable = true` leaves out a language's
    /// pages by default (Hugo 0.125 and later read it).
    pub(super) fn site_disables(&self, site: &Site, lang: &str) -> bool {
        let lang = super::sites::language_of(lang);
        site.sitemap_for(lang).disable == Some(true) && self.rules().site_sitemap_disable
    }

    /// Whether a folder is under a taxonomy's folder (`content/tags/…`).
    pub(super) fn is_taxonomy_dir(&self, lang: &str, dir: &[String]) -> bool {
        dir.first().is_some_and(|d| {
            self.taxonomies(lang)
                .iter()
                .any(|t| t.eq_ignore_ascii_case(d))
        })
    }
}
