//! `include-urls` and `exclude-urls`: globs over a page's URL, where
//! `include`/`exclude` ([`crate::filter`]) match its source file.
//!
//! A pattern is matched against the URL's path under the base URL's
//! folder, with a leading `/`: for the base URL
//! `https://example.org/docs/`, the page `https://example.org/docs/tags/rust/`
//! is `/tags/rust/` and the home page is `/`. A leading `/` is the base
//! URL's folder, not the host root, so that one set of patterns holds
//! wherever the site is served (a GitHub Pages project site under
//! `/repo/`, a staging host, an mdBook under `/book/`), as `include` and
//! `exclude` hold for the site root wherever it is checked out. Every
//! pattern starts with `/`, which keeps the two kinds apart at a glance.
//!
//! Patterns are globset globs as in [`crate::filter`] (`*` stays inside one
//! segment, `**` crosses them); `/tags/**` also matches `/tags/` itself,
//! since a section's list page belongs with its pages. The query (rare in
//! a static site) is not part of the path. A percent-encoded path is
//! matched as written and decoded, so `/café/**` and `/caf%C3%A9/**` both
//! match `https://example.org/caf%C3%A9/x/`. An exclude pattern wins over
//! an include pattern; with no include pattern every URL is in.
//!
//! ```
//! use sitemap_core::Loc;
//! use sitemap_pages::{Reason, url_filter::UrlFilter};
//!
//! let base = Loc::parse_folder("https://example.org/docs/")?;
//! let filter = UrlFilter::new(&[], &["/tags/**".into(), "/page/*".into()])?;
//! let check = |url: &str| filter.check(&base, &Loc::parse(url).unwrap());
//! assert_eq!(check("https://example.org/docs/guide/"), None);
//! assert_eq!(
//!     check("https://example.org/docs/tags/"),
//!     Some(Reason::UrlExcluded { pattern: "/tags/**".into() })
//! );
//! assert!(check("https://example.org/docs/tags/rust/").is_some());
//! assert!(check("https://example.org/docs/page/2").is_some());
//! assert!(check("https://example.org/docs/page/2/").is_none());
//! assert!(UrlFilter::new(&[], &["tags/**".into()]).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use sitemap_core::Loc;

use crate::error::Error;
use crate::left_out::Reason;

/// Compiled `include-urls` and `exclude-urls` patterns.
#[derive(Clone, Debug, Default)]
pub struct UrlFilter {
    include: Option<GlobSet>,
    exclude: GlobSet,
    /// The pattern each glob of `exclude` came from (a pattern ending in
    /// `/**` is two globs).
    exclude_patterns: Vec<String>,
}

impl UrlFilter {
    /// Compiles the patterns; a bad one (or one not starting with `/`)
    /// is an error naming it and its key.
    pub fn new(include: &[String], exclude: &[String]) -> Result<UrlFilter, Error> {
        let include = if include.is_empty() {
            None
        } else {
            Some(build("include-urls", include)?.0)
        };
        let (exclude, exclude_patterns) = build("exclude-urls", exclude)?;
        Ok(UrlFilter {
            include,
            exclude,
            exclude_patterns,
        })
    }

    /// Whether there is no pattern at all (every URL is in).
    pub fn is_empty(&self) -> bool {
        self.include.is_none() && self.exclude.is_empty()
    }

    /// `None` when `loc` is in; otherwise why it is out. A URL outside
    /// `base`'s folder is in: the writer leaves it out on its own rule.
    pub fn check(&self, base: &Loc, loc: &Loc) -> Option<Reason> {
        if self.is_empty() {
            return None;
        }
        let base = base.folder();
        let rest = loc.as_str().strip_prefix(base.as_str())?;
        self.check_path(&format!("/{rest}"))
    }

    /// [`UrlFilter::check`] for a URL's path under the base URL's folder,
    /// with its leading `/` (`/tags/rust/`): what the patterns are matched
    /// against.
    pub fn check_path(&self, path: &str) -> Option<Reason> {
        if self.is_empty() {
            return None;
        }
        let raw = path.split(['?', '#']).next().unwrap_or_default();
        let decoded = percent_encoding::percent_decode_str(raw).decode_utf8_lossy();
        let forms = [raw, decoded.as_ref()];
        let mut hits: Vec<usize> = forms
            .iter()
            .flat_map(|text| self.exclude.matches(text))
            .collect();
        hits.sort_unstable();
        if let Some(&first) = hits.first() {
            return Some(Reason::UrlExcluded {
                pattern: self.exclude_patterns[first].clone(),
            });
        }
        match &self.include {
            Some(include) if !forms.iter().any(|text| include.is_match(text)) => {
                Some(Reason::UrlNotIncluded)
            }
            _ => None,
        }
    }
}

/// The set, and the pattern each of its globs came from.
fn build(option: &'static str, patterns: &[String]) -> Result<(GlobSet, Vec<String>), Error> {
    let mut set = GlobSetBuilder::new();
    let mut sources = Vec::new();
    for pattern in patterns {
        if !pattern.starts_with('/') {
            return Err(Error::UrlPattern {
                option,
                pattern: pattern.clone(),
            });
        }
        set.add(glob(option, pattern)?);
        sources.push(pattern.clone());
        // `/tags/**` means the section with its list page: globset's
        // `/tags/**` wants at least one character after the slash.
        if let Some(folder) = pattern.strip_suffix("**")
            && folder.ends_with('/')
        {
            set.add(glob(option, folder)?);
            sources.push(pattern.clone());
        }
    }
    let set = set.build().map_err(|source| Error::Glob {
        option,
        pattern: patterns.join(", "),
        source,
    })?;
    Ok((set, sources))
}

fn glob(option: &'static str, pattern: &str) -> Result<globset::Glob, Error> {
    GlobBuilder::new(pattern)
        .literal_separator(true)
        .build()
        .map_err(|source| Error::Glob {
            option,
            pattern: pattern.to_owned(),
            source,
        })
}
