//! Include and exclude patterns over source paths, relative to the site
//! root, with `/` as the separator on every platform.
//!
//! Patterns are globset globs (`**` crosses directories, `*` does not
//! cross `/`). With no include pattern every path is included; an exclude
//! pattern always wins.
//!
//! ```
//! use std::path::Path;
//! use sitemap_pages::filter::Filter;
//!
//! let filter = Filter::new(&["blog/**".into()], &["**/_*.md".into()])?;
//! assert!(filter.check(Path::new("blog/post.md")).is_none());
//! assert!(filter.check(Path::new("blog/_draft.md")).is_some());
//! assert!(filter.check(Path::new("about.md")).is_some());
//! assert!(Filter::new(&[], &["blog/[".into()]).is_err());
//! # Ok::<(), sitemap_pages::Error>(())
//! ```

use std::path::Path;

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};

use crate::error::Error;
use crate::left_out::Reason;

/// Compiled include and exclude patterns.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    include: Option<GlobSet>,
    exclude: GlobSet,
    exclude_patterns: Vec<String>,
}

impl Filter {
    /// Compiles the patterns; a bad one is an error naming it and whether
    /// it was an include or exclude pattern.
    pub fn new(include: &[String], exclude: &[String]) -> Result<Filter, Error> {
        let include = if include.is_empty() {
            None
        } else {
            Some(build("include", include)?)
        };
        Ok(Filter {
            include,
            exclude: build("exclude", exclude)?,
            exclude_patterns: exclude.to_vec(),
        })
    }

    /// `None` when the path is in; otherwise why it is out.
    pub fn check(&self, path: &Path) -> Option<Reason> {
        if self.exclude.is_empty() && self.include.is_none() {
            // Nothing to match (the usual case): no text to build per page.
            return None;
        }
        // Globs are written with `/`; compare the path the same way.
        let text = path.to_string_lossy().replace('\\', "/");
        if let Some(&first) = self.exclude.matches(&text).first() {
            return Some(Reason::Filtered {
                pattern: self.exclude_patterns[first].clone(),
                built: false,
            });
        }
        match &self.include {
            Some(include) if !include.is_match(&text) => Some(Reason::NotIncluded),
            _ => None,
        }
    }
}

fn build(option: &'static str, patterns: &[String]) -> Result<GlobSet, Error> {
    let mut set = GlobSetBuilder::new();
    for pattern in patterns {
        set.add(glob(option, pattern)?);
    }
    set.build().map_err(|source| Error::Glob {
        option,
        pattern: patterns.join(", "),
        source,
    })
}

fn glob(option: &'static str, pattern: &str) -> Result<Glob, Error> {
    GlobBuilder::new(pattern)
        .literal_separator(true)
        .build()
        .map_err(|source| Error::Glob {
            option,
            pattern: pattern.to_owned(),
            source,
        })
}
