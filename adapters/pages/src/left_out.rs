//! A page left out, and why: the one vocabulary every reader returns
//! (the pages step, content trees, built HTML, mdBook books) and the engine
//! passes on as it is.
//!
//! [`Reason::label`] is the word a summary counts (`3 excluded (2 draft,
//! 1 noindex)`); [`LeftOut::detail`] is the reason in full, the page's URL
//! after it where the reader knew it (`--verbose`). A detail only one reader
//! knows is a field of its variant, not a second enum.

use std::fmt;
use std::path::PathBuf;

use sitemap_core::Loc;
use sitemap_core::robots::Blocked;

/// A page, or a file that looked like one, that is not listed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LeftOut {
    /// Its file: a source file, or a built file for the built-HTML reader.
    pub path: PathBuf,
    /// Its URL, when the reader had worked it out before leaving it out.
    pub loc: Option<Loc>,
    /// Why it is not listed.
    pub reason: Reason,
}

impl LeftOut {
    /// `path`, left out for `reason`, its URL unknown.
    pub fn new(path: impl Into<PathBuf>, reason: Reason) -> LeftOut {
        LeftOut {
            path: path.into(),
            loc: None,
            reason,
        }
    }

    /// The same, with the URL the page would have had.
    pub fn at(mut self, loc: Loc) -> LeftOut {
        self.loc = Some(loc);
        self
    }

    /// The reason in full, with the URL after it when known:
    /// `noindex (`extra.noindex`) (https://example.org/a/)`.
    pub fn detail(&self) -> String {
        match &self.loc {
            Some(loc) => format!("{} ({loc})", self.reason),
            None => self.reason.to_string(),
        }
    }
}

impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: left out: {}", self.path.display(), self.detail())
    }
}

/// Who said `noindex`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NoindexBy {
    /// A front matter key (`noindex`, `robots`, `extra.noindex`), dotted.
    Key(String),
    /// A robots meta in a built page; the meta name (`robots`,
    /// `googlebot`, …), lowercased.
    Meta(String),
}

/// Why a page is not listed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    // What the page says about itself (front matter, any reader).
    /// `draft = true` (or inside a draft section).
    Draft,
    /// The sitemap was turned off for the page. `key` is the front matter
    /// key that said so (`sitemap.disable`, `extra.sitemap.exclude`,
    /// `sitemap: false`); `None` when a content reader applied Hugo's own
    /// `sitemap.disable` as Hugo does.
    SitemapDisabled {
        /// The dotted key, when the pages step read it.
        key: Option<String>,
    },
    /// The page asks not to be indexed.
    Noindex {
        /// A front matter key or a robots meta.
        by: NoindexBy,
    },
    /// The page is not rendered as a page of its own (Hugo `build.render
    /// = "never"` / `"link"`, `build.list = "never"`). `key` is the front
    /// matter key; `None` when the content reader applied Hugo's build
    /// options itself.
    NotRendered {
        /// The dotted key, when the pages step read it.
        key: Option<String>,
    },

    // The settings' filters (any reader).
    /// The path matches an exclude glob.
    Filtered {
        /// The first pattern that matched.
        pattern: String,
        /// Whether the glob matched a built file's path (the built-HTML
        /// reader) rather than a source path: the two count under the
        /// words each reader has always used.
        built: bool,
    },
    /// `include` patterns are set and the source path matches none.
    NotIncluded,
    /// The URL matches an `exclude-urls` glob.
    UrlExcluded {
        /// The first pattern that matched.
        pattern: String,
    },
    /// `include-urls` patterns are set and the URL matches none.
    UrlNotIncluded,

    // A content tree's generator rules (Zola, Hugo).
    /// Zola `render = false`.
    RenderFalse,
    /// Hugo `headless = true` bundle.
    Headless,
    /// Hugo `publishDate` in the future (`buildFuture` off).
    Future,
    /// Hugo `expiryDate` in the past (`buildExpired` off).
    Expired,
    /// The page's kind is in Hugo's `disableKinds`.
    KindDisabled,
    /// A Hugo content file of a disabled language (`disabled = true`,
    /// `disableLanguages`).
    LanguageDisabled,
    /// A file inside a Hugo leaf bundle: a resource of that page, not a page.
    BundleResource,
    /// A Hugo HTML file without front matter: copied as it is, not a page.
    NoFrontMatter,
    /// Hugo 0.123+: another file is the same page path (`p.md` beside
    /// `p/_index.md` or `p/index.md`) and is a draft, future or expired.
    /// Hugo keeps one file per path, a different one from build to build,
    /// and so mostly publishes neither.
    TwinUnpublished {
        /// The unpublished file of the same path.
        twin: PathBuf,
    },
    /// Hugo 0.123+ builds no sitemap for the page's site: a cascade
    /// leaves out the site's sitemap page (`/_sitemap`, of kind
    /// `sitemap`), as it leaves out any page (`draft`, a date, build
    /// options).
    SiteSitemapUnbuilt {
        /// The site (Hugo's language, or its site key).
        site: String,
        /// Why its sitemap page is left out.
        why: Box<Reason>,
    },

    // A built HTML file (the built-HTML reader).
    /// A `<meta http-equiv="refresh">` redirect stub (Hugo aliases,
    /// jekyll-redirect-from, Eleventy/Astro redirects).
    RedirectStub {
        /// Where it redirects, resolved against the page.
        target: Loc,
    },
    /// `404.html`: the page hosts serve for missing URLs.
    NotFoundPage,
    /// A generator's search page: the static template MkDocs renders as
    /// `search.html` (theme `readthedocs`), a form and an empty
    /// `#mkdocs-search-results` box its search script fills; no content,
    /// and not in MkDocs' own sitemap.
    SearchPage,
    /// mdBook's root `index.html` is a byte-for-byte copy of another page,
    /// which is listed instead: mdBook writes its first chapter again as
    /// `index.html`, with no canonical, and the book's own pages (and
    /// this toolkit's mdBook plugin) are the chapters.
    CopyOf {
        /// The page it copies.
        of: PathBuf,
    },
    /// The `sitemap.html` this toolkit writes for visitors (known by its
    /// `<meta name="generator">`): an output of the sitemap run, not a
    /// page of the site.
    OwnOutput,
    /// `<link rel="canonical">` names another URL.
    CanonicalElsewhere {
        /// The canonical URL, resolved against the page.
        canonical: Loc,
        /// Whether the canonical URL is in the scan's entries: it is when
        /// it is a page of the site or lies under the base URL; it is not
        /// when it is another site's, or the page there is itself left out.
        canonical_listed: bool,
    },
    /// A NUL byte in what was read of it: not a text page.
    Binary {
        /// Byte offset of the NUL byte.
        at: u64,
    },
    /// Template source the generator copied raw into its output (MkDocs
    /// copies a theme's `custom_dir` inside `docs_dir` as static files):
    /// served, but no page, and not in the generator's own sitemap.
    Template {
        /// The template opening it starts with: `{%`, `{{` or `{#`.
        opening: &'static str,
    },
    /// The file could not be read.
    Unreadable {
        /// The I/O error.
        error: String,
    },
    /// Its path gives no valid `loc` (too long, not UTF-8, …).
    BadLoc {
        /// Why.
        error: String,
    },
    /// Another file already gives the same `loc` (`a.html` and
    /// `a/index.html` with clean URLs and no trailing slash).
    DuplicateLoc {
        /// The shared URL.
        loc: Loc,
        /// The file listed under it (first in path order).
        first: PathBuf,
    },

    // The site's robots.txt (the engine, after any reader).
    /// The site's robots.txt disallows its URL for Googlebot, the crawler
    /// whose Search Console reports a listed URL it may not crawl as an
    /// error (`sitemap_core::robots::Rules`).
    RobotsDisallowed {
        /// The robots.txt read.
        file: PathBuf,
        /// The rule that disallows it, and its line.
        rule: Blocked,
    },
}

impl Reason {
    /// The reason in a word or two, for the counts of a summary.
    pub fn label(&self) -> &'static str {
        match self {
            Reason::Draft => "draft",
            Reason::SitemapDisabled { key: Some(_) } => "sitemap disabled",
            Reason::SitemapDisabled { key: None } => "sitemap.disable",
            Reason::Noindex { .. } => "noindex",
            Reason::NotRendered { .. } => "build options",
            Reason::Filtered { built: false, .. } => "--exclude",
            Reason::Filtered { built: true, .. } => "excluded by pattern",
            Reason::NotIncluded => "not in --include",
            Reason::UrlExcluded { .. } => "--exclude-urls",
            Reason::UrlNotIncluded => "not in --include-urls",
            Reason::RenderFalse => "render=false",
            Reason::Headless => "headless",
            Reason::Future => "future",
            Reason::Expired => "expired",
            Reason::KindDisabled => "disableKinds",
            Reason::LanguageDisabled => "disabled language",
            Reason::BundleResource => "bundle resource",
            Reason::NoFrontMatter => "no front matter",
            Reason::TwinUnpublished { .. } => "unpublished twin",
            Reason::SiteSitemapUnbuilt { .. } => "no sitemap for its site",
            Reason::RedirectStub { .. } => "redirect stub",
            Reason::NotFoundPage => "404 page",
            Reason::SearchPage => "search page",
            Reason::CopyOf { .. } => "copy",
            Reason::OwnOutput => "own output",
            Reason::CanonicalElsewhere { .. } => "canonical elsewhere",
            Reason::Binary { .. } => "binary",
            Reason::Template { .. } => "template source",
            Reason::Unreadable { .. } => "unreadable",
            Reason::BadLoc { .. } => "no valid URL",
            Reason::DuplicateLoc { .. } => "duplicate URL",
            Reason::RobotsDisallowed { .. } => "robots.txt",
        }
    }
}

/// The reason in full, for `--verbose`; where a reader knows no more
/// than the word, the word.
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::SitemapDisabled { key: Some(key) } => {
                write!(f, "sitemap disabled by `{key}`")
            }
            Reason::Noindex {
                by: NoindexBy::Key(key),
            } => write!(f, "noindex (`{key}`)"),
            Reason::Noindex {
                by: NoindexBy::Meta(name),
            } => write!(f, "<meta name=\"{name}\"> says noindex"),
            Reason::NotRendered { key: Some(key) } => write!(f, "not rendered (`{key}`)"),
            Reason::Filtered { pattern, .. } => write!(f, "matches exclude pattern `{pattern}`"),
            Reason::NotIncluded => f.write_str("matches no include pattern"),
            Reason::UrlExcluded { pattern } => {
                write!(f, "URL matches exclude-urls pattern `{pattern}`")
            }
            Reason::UrlNotIncluded => f.write_str("URL matches no include-urls pattern"),
            Reason::RedirectStub { target } => write!(f, "redirect stub to {target}"),
            Reason::SiteSitemapUnbuilt { site, why } => write!(
                f,
                "Hugo builds no sitemap for `{site}`: a cascade leaves its sitemap page out ({})",
                why.label()
            ),
            Reason::SearchPage => f.write_str(
                "search page (`#mkdocs-search-results` filled by MkDocs' search script), not a page of content",
            ),
            Reason::CopyOf { of } => write!(f, "a copy of {}, which is listed", of.display()),
            Reason::OwnOutput => {
                f.write_str("this toolkit's own sitemap.html, not a page of the site")
            }
            Reason::CanonicalElsewhere {
                canonical,
                canonical_listed,
            } => write!(
                f,
                "canonical is {canonical}{}",
                if *canonical_listed {
                    " (listed)"
                } else {
                    " (not listed)"
                }
            ),
            Reason::Binary { at } => {
                write!(f, "binary content (NUL byte at offset {at}), not an HTML page")
            }
            Reason::Template { opening } => write!(
                f,
                "unrendered template source (starts with `{opening}`), not a page"
            ),
            Reason::Unreadable { error } => write!(f, "cannot read: {error}"),
            Reason::BadLoc { error } => write!(f, "no valid URL: {error}"),
            Reason::TwinUnpublished { twin } => write!(
                f,
                "the same page path as {}, which is not published",
                twin.display()
            ),
            Reason::DuplicateLoc { loc, first } => {
                write!(f, "same URL {loc} as {}", first.display())
            }
            Reason::RobotsDisallowed { file, rule } => write!(
                f,
                "disallowed by {}:{}: {}",
                file.display(),
                rule.line,
                rule.rule
            ),
            // Draft, Hugo's and Zola's own rules, 404 page: the word says it all.
            other => f.write_str(other.label()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_detail_names_the_url_when_known() {
        let loc = Loc::parse("https://example.org/a/").unwrap();
        let page = LeftOut::new("a.md", Reason::Draft).at(loc);
        assert_eq!(page.detail(), "draft (https://example.org/a/)");
        assert_eq!(
            LeftOut::new("a.md", Reason::SitemapDisabled { key: None }).detail(),
            "sitemap.disable"
        );
    }
}
