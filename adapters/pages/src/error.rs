//! The one error type of this crate: every variant names the file (and the
//! line where there is one) and what was expected.

use std::fmt;
use std::path::PathBuf;

use sitemap_core::diagnostic::{Diagnostic, Name, shown};
use sitemap_core::{Loc, ValueError};
use thiserror::Error;

use crate::front_matter::Format;

/// Something in a site's sources that this crate refuses, or a tool it
/// runs (git) that failed; its text is [`Error::diagnostic`]'s.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// Front matter that its format's parser refuses.
    FrontMatterSyntax {
        /// The file.
        path: PathBuf,
        /// 1-based line in the file (not in the block).
        line: usize,
        /// 1-based column (in characters) in the file.
        column: usize,
        /// TOML, YAML or JSON.
        format: Format,
        /// The parser's message, saying what it expected.
        message: String,
    },
    /// An opening fence with no closing fence (Hugo and Zola refuse the
    /// file too).
    UnclosedFrontMatter {
        /// The file.
        path: PathBuf,
        /// 1-based line of the opening fence.
        line: usize,
        /// TOML, YAML or JSON.
        format: Format,
        /// The fence: `+++`, `---` or `}`.
        fence: &'static str,
    },
    /// A front matter block longer than
    /// [`MAX_BLOCK`](crate::front_matter::MAX_BLOCK).
    FrontMatterTooLarge {
        /// The file.
        path: PathBuf,
        /// 1-based line of the opening fence.
        line: usize,
        /// TOML, YAML or JSON.
        format: Format,
        /// The limit in bytes.
        limit: usize,
    },
    /// Front matter that parses but is not a table of keys.
    FrontMatterNotATable {
        /// The file.
        path: PathBuf,
        /// 1-based line of the opening fence.
        line: usize,
        /// TOML, YAML or JSON.
        format: Format,
        /// What was found instead (`a string`, `a list`, ...).
        found: &'static str,
    },
    /// A front matter key whose value the protocol refuses (priority 1.5,
    /// changefreq `sometimes`, a lastmod that is no date).
    InvalidValue {
        /// The file.
        path: PathBuf,
        /// 1-based line of the key in the file.
        line: usize,
        /// The key, dotted (`sitemap.priority`, `extra.sitemap.priority`).
        key: String,
        /// What the protocol expects.
        source: ValueError,
    },
    /// A front matter key with a value of the wrong type.
    WrongType {
        /// The file.
        path: PathBuf,
        /// 1-based line of the key in the file.
        line: usize,
        /// The key, dotted.
        key: String,
        /// What the key takes.
        expected: &'static str,
        /// What was found (`a string "yes"`, `a list`, ...).
        found: String,
    },
    /// A glob pattern globset refuses.
    Glob {
        /// `include` or `exclude`.
        option: &'static str,
        /// The pattern as given.
        pattern: String,
        /// globset's reason.
        source: globset::Error,
    },
    /// A URL pattern that does not start with `/`.
    UrlPattern {
        /// `include-urls` or `exclude-urls`.
        option: &'static str,
        /// The pattern as given.
        pattern: String,
    },
    /// Two pages with the same `loc`.
    DuplicateLoc {
        /// The loc.
        loc: Loc,
        /// The source of the first page.
        first: PathBuf,
        /// The source of the second page.
        second: PathBuf,
    },
    /// A file that cannot be read.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The history pass failed: git could not be run, failed, was refused
    /// (`safe.directory`) or timed out, or an ignore-revs line is no
    /// commit id ([`sitemap_git::Error`], shown as it is).
    History(#[from] sitemap_git::Error),
    /// The repository is a shallow clone, the git policy is `fail`, and
    /// some files' history is cut off at the shallow boundary.
    ShallowHistory {
        /// The repository.
        dir: PathBuf,
        /// How many requested files are affected.
        count: usize,
        /// The first affected file (relative to the site root).
        first: PathBuf,
        /// The CI host the build runs on, whose fix the message names.
        host: Option<crate::ci::CiHost>,
    },
}

impl Error {
    /// The error as data: the file, line and key it is about as fields.
    pub fn diagnostic(&self) -> Diagnostic {
        let at = |path: &PathBuf, line: &usize| Diagnostic::error("").at(path, *line as u64);
        let said = |mut d: Diagnostic, message: String| {
            d.message = message;
            d
        };
        match self {
            Error::FrontMatterSyntax {
                path,
                line,
                column,
                format,
                message,
            } => said(
                at(path, line).with_column(Some(*column as u64)),
                format!("invalid {format} front matter: {message}"),
            ),
            Error::UnclosedFrontMatter {
                path,
                line,
                format,
                fence,
            } => said(
                at(path, line),
                format!(
                    "{format} front matter opened with `{}` is never closed; {}",
                    if *fence == "}" { "{" } else { fence },
                    expected_close(fence)
                ),
            ),
            Error::FrontMatterTooLarge {
                path,
                line,
                format,
                limit,
            } => said(
                at(path, line),
                format!(
                    "{format} front matter longer than {} MiB; no real page has a block that large (is its closing fence missing?)",
                    limit >> 20
                ),
            ),
            Error::FrontMatterNotATable {
                path,
                line,
                format,
                found,
            } => said(
                at(path, line),
                format!("{format} front matter must be a table of keys, found {found}"),
            ),
            Error::InvalidValue {
                path,
                line,
                key,
                source,
            } => said(
                at(path, line).with_key(key),
                format!("`{}`: {source}", Name::new(key)),
            ),
            Error::WrongType {
                path,
                line,
                key,
                expected,
                found,
            } => said(
                at(path, line).with_key(key),
                format!("`{}`: expected {expected}, found {found}", Name::new(key)),
            ),
            Error::Glob {
                option,
                pattern,
                source,
            } => Diagnostic::error(format!(
                "{option} pattern `{}`: {source}",
                Name::new(pattern)
            ))
            .with_key(*option),
            Error::UrlPattern { option, pattern } => {
                let pattern = Name::new(pattern);
                Diagnostic::error(format!(
                    "{option} pattern `{pattern}`: a URL pattern starts with `/`, the base URL's folder (`/{pattern}`?)"
                ))
                .with_key(*option)
            }
            Error::DuplicateLoc { loc, first, second } => Diagnostic::error(format!(
                "{loc}: two pages have this loc: {} and {}",
                shown::path(first),
                shown::path(second)
            )),
            Error::Io { path, source } => Diagnostic::error(source.to_string()).in_file(path),
            Error::History(e) => e.diagnostic(),
            Error::ShallowHistory {
                dir,
                count,
                first,
                host,
            } => Diagnostic::error(format!(
                "the git history of {count} file(s) (first: {}) is cut off by a shallow clone, so their last commit date is unknown; to fetch the full history, {}; or set git shallow = \"warn\" or \"omit\"",
                shown::path(first),
                crate::ci::full_history_fix(*host)
            ))
            .in_file(dir),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diagnostic().unlabelled().fmt(f)
    }
}

fn expected_close(fence: &str) -> String {
    if fence == "}" {
        "expected the `}` that closes its object".to_owned()
    } else {
        format!("expected a line `{fence}` after it")
    }
}
