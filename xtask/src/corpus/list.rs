//! The pin list, `tests/corpus/sites.toml`: one `[[site]]` table per
//! public site, pinned to a commit.
//!
//! ```toml
//! [[site]]
//! name = "zola-docs"                 # unique; folder names under target/corpus
//! repo = "getzola/zola"              # GitHub owner/name
//! commit = "0123…"                   # the full commit id
//! generator = "zola"                 # hugo | zola | mdbook | html
//! hugo = "current"                   # hugo only: the current Hugo, not Debian's
//! mdbook = "0.4"                     # mdbook only: mdBook 0.4.52, not 0.5
//! root = "docs"                      # the site inside the repository (default ".")
//! base-url = "https://example.org/"  # default https://corpus.example.org/
//! exercises = ["i18n", "taxonomies"] # what it tests, for the guide's table
//! build = ["mkdocs", "build", "-d", "{out}"]  # html only: run in {root}
//! sitemap = "sitemap.xml"            # where the generator's sitemap lands in its output
//! env = { HUGO_MODULE_REPLACEMENTS = "github.com/o/t -> ../.." }  # for the build
//! scan = ["--clean-urls"]            # extra flags for our scan
//! lastmod-from-generator = true      # compare <lastmod> with the generator's
//! git-lastmod = true                 # compare git-derived lastmod with `git log`
//! deliberate = [{ url = "*/tags/*", why = "…" }]   # differences we mean
//! checkouts = [{ path = "themes/t", repo = "o/t", commit = "…" }]  # submodules
//! expected-warnings = [{ text = "listed URL(s) with no built page: …", why = "…" }]
//! ```
//!
//! `expected-warnings` marks the warnings our scan prints after the real
//! build (Hugo and Zola sites: the build check's and the others) that
//! are true: a warning line holding `text` is counted as expected, not
//! as a failure, and an entry no warning matches is reported, so a
//! pinned site's list stays exact.

use std::path::Path;

use anyhow::{Context, Result, bail};
use serde::Deserialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Generator {
    Hugo,
    Zola,
    Mdbook,
    /// Any other generator: its built HTML is scanned with `--html`.
    Html,
}

impl Generator {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Generator::Hugo => "hugo",
            Generator::Zola => "zola",
            Generator::Mdbook => "mdbook",
            Generator::Html => "html",
        }
    }

    /// The program that builds such a site (for `html`, the first word of
    /// the site's `build`).
    pub(crate) fn tool_name(self) -> &'static str {
        match self {
            Generator::Html => "the site's build command",
            other => other.as_str(),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub(crate) struct Site {
    pub(crate) name: String,
    pub(crate) repo: String,
    pub(crate) commit: String,
    pub(crate) generator: Generator,
    /// Which Hugo builds a `hugo` site: `"current"`, the current Hugo
    /// ([`crate::setup::HUGO_CURRENT`], `SITEMAP_CORPUS_HUGO_CURRENT` or
    /// `cargo xtask setup`'s); else Debian's.
    #[serde(default)]
    pub(crate) hugo: Option<HugoChoice>,
    /// Which mdBook builds an `mdbook` site: `"0.4"`, mdBook 0.4.52
    /// (a book whose `book.toml` 0.5 refuses); else 0.5.
    #[serde(default)]
    pub(crate) mdbook: Option<MdbookChoice>,
    #[serde(default = "here")]
    pub(crate) root: String,
    #[serde(default = "default_base")]
    pub(crate) base_url: String,
    #[serde(default)]
    pub(crate) exercises: Vec<String>,
    #[serde(default)]
    pub(crate) build: Vec<String>,
    #[serde(default = "default_sitemap")]
    pub(crate) sitemap: String,
    /// Environment for the generator's build (`HUGO_MODULE_REPLACEMENTS`
    /// to use a checked-out theme instead of fetching a module).
    #[serde(default)]
    pub(crate) env: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    pub(crate) scan: Vec<String>,
    #[serde(default)]
    pub(crate) lastmod_from_generator: bool,
    #[serde(default)]
    pub(crate) git_lastmod: bool,
    #[serde(default)]
    pub(crate) deliberate: Vec<Deliberate>,
    /// Other repositories checked out inside this one (a theme that is a
    /// git submodule: mirrors carry no submodules).
    #[serde(default)]
    pub(crate) checkouts: Vec<Checkout>,
    /// Warnings of our scan after the real build that are true, with
    /// the reason.
    #[serde(default)]
    pub(crate) expected_warnings: Vec<ExpectedWarning>,
}

/// A warning of our scan that is true (`categories/` listed by Hugo with
/// no page built, for a theme without a taxonomy template; a date Hugo
/// does not read): any warning line holding `text`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExpectedWarning {
    pub(crate) text: String,
    pub(crate) why: String,
}

/// The Hugo a site asks for, besides Debian's (the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum HugoChoice {
    Current,
}

/// The mdBook a book asks for, besides 0.5 (the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub(crate) enum MdbookChoice {
    /// mdBook 0.4.52, the last 0.4.
    #[serde(rename = "0.4")]
    V04,
}

/// A repository at a commit, checked out at `path` inside the site's.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Checkout {
    pub(crate) path: String,
    pub(crate) repo: String,
    pub(crate) commit: String,
}

/// A difference we mean, with the reason the guide gives.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Deliberate {
    /// A URL, or a pattern where `*` matches any run of characters.
    pub(crate) url: String,
    pub(crate) why: String,
}

impl Site {
    /// Why a differing URL is deliberate, when it is.
    pub(crate) fn deliberate_reason(&self, url: &str) -> Option<&str> {
        self.deliberate
            .iter()
            .find(|d| wildcard(&d.url, url))
            .map(|d| d.why.as_str())
    }

    /// Splits build-check warnings into the unexplained ones and the
    /// count of expected ones, and names the expected entries no warning
    /// matched.
    pub(crate) fn sort_warnings<'w>(&self, warnings: &'w [String]) -> SortedWarnings<'w> {
        let expected = |w: &str| self.expected_warnings.iter().any(|e| w.contains(&e.text));
        let unexplained: Vec<&str> = warnings
            .iter()
            .map(String::as_str)
            .filter(|w| !expected(w))
            .collect();
        let unseen = self
            .expected_warnings
            .iter()
            .filter(|e| !warnings.iter().any(|w| w.contains(&e.text)))
            .map(|e| e.text.clone())
            .collect();
        SortedWarnings {
            expected: warnings.len() - unexplained.len(),
            unexplained,
            unseen,
        }
    }
}

/// Build-check warnings against a site's `expected-warnings`.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct SortedWarnings<'w> {
    pub(crate) unexplained: Vec<&'w str>,
    pub(crate) expected: usize,
    /// Expected texts no warning held.
    pub(crate) unseen: Vec<String>,
}

/// `*` matches any run of characters; everything else itself.
fn wildcard(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i == parts.len() - 1 {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

fn here() -> String {
    ".".to_owned()
}

fn default_base() -> String {
    "https://corpus.example.org/".to_owned()
}

fn default_sitemap() -> String {
    "sitemap.xml".to_owned()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct List {
    site: Vec<Site>,
}

pub(crate) fn load(path: &Path) -> Result<Vec<Site>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let list: List = toml::from_str(&text).with_context(|| format!("{}", path.display()))?;
    let mut seen = std::collections::BTreeSet::new();
    for site in &list.site {
        if !seen.insert(&site.name) {
            bail!("{}: site `{}` listed twice", path.display(), site.name);
        }
        let commits = std::iter::once(&site.commit).chain(site.checkouts.iter().map(|c| &c.commit));
        if commits
            .into_iter()
            .any(|c| c.len() != 40 || !c.bytes().all(|b| b.is_ascii_hexdigit()))
        {
            bail!(
                "{}: site `{}`: commit must be a full 40-hex-digit id",
                path.display(),
                site.name
            );
        }
        if site.hugo.is_some() && site.generator != Generator::Hugo {
            bail!(
                "{}: site `{}`: `hugo` is for hugo sites",
                path.display(),
                site.name
            );
        }
        if site.mdbook.is_some() && site.generator != Generator::Mdbook {
            bail!(
                "{}: site `{}`: `mdbook` is for mdbook sites",
                path.display(),
                site.name
            );
        }
        if site
            .expected_warnings
            .iter()
            .any(|e| e.why.trim().is_empty())
        {
            bail!(
                "{}: site `{}`: an expected warning needs its `why`",
                path.display(),
                site.name
            );
        }
        if site.generator == Generator::Html && site.build.is_empty() {
            bail!(
                "{}: site `{}`: an html site needs `build`",
                path.display(),
                site.name
            );
        }
    }
    Ok(list.site)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards() {
        assert!(wildcard("https://e.org/tags/*", "https://e.org/tags/a/"));
        assert!(wildcard("*/page/*/", "https://e.org/page/2/"));
        assert!(!wildcard("*/page/*/", "https://e.org/page/2"));
        assert!(wildcard("https://e.org/", "https://e.org/"));
        assert!(!wildcard("https://e.org/", "https://e.org/a"));
    }

    #[test]
    fn expected_warnings_are_counted_apart() {
        let site: Site = toml::from_str(
            r#"
            name = "s"
            repo = "o/s"
            commit = "0000000000000000000000000000000000000000"
            generator = "hugo"
            expected-warnings = [
                { text = "with no built page: https://e.org/tags/", why = "no taxonomy template" },
                { text = "never seen", why = "stale" },
            ]
            "#,
        )
        .unwrap();
        let warnings = vec![
            "public/: warning: 1 listed URL(s) with no built page: https://e.org/tags/".to_owned(),
            "public/: warning: 1 built page(s) not in the sitemap: https://e.org/a.html".to_owned(),
        ];
        let sorted = site.sort_warnings(&warnings);
        assert_eq!(sorted.expected, 1);
        assert_eq!(sorted.unexplained, vec![warnings[1].as_str()]);
        assert_eq!(sorted.unseen, vec!["never seen".to_owned()]);
    }

    #[test]
    fn the_committed_list_loads() {
        let sites = load(&crate::root().join("tests/corpus/sites.toml")).unwrap();
        assert!(!sites.is_empty());
    }
}
