//! Listed URLs a robots.txt disallows: each an error naming the URL and
//! the rule (`public/robots.txt:2: Disallow: /private/`), since Search
//! Console reports a listed URL Googlebot may not crawl as an error
//! ("Submitted URL blocked by robots.txt"). The rules are matched for
//! Googlebot (`sitemap_core::robots::Rules`, which says why that agent).

use std::path::{Path, PathBuf};

use sitemap_core::robots::{self, Rules};
use sitemap_core::validate::{Diagnostic, Entry, Severity};

use crate::check::site_check::show;
use crate::error::Error;

/// A robots.txt to hold every listed URL to.
#[derive(Debug)]
pub(super) struct RobotsCheck {
    /// The file, as printed.
    shown: String,
    rules: Rules,
}

impl RobotsCheck {
    /// The rules of `given` (`--robots FILE`, which must exist), else of
    /// the site folder's robots.txt when it has one; `None` for neither.
    pub(super) fn open(given: Option<&Path>, site: Option<&Path>) -> Result<Option<Self>, Error> {
        let (path, must_exist): (PathBuf, bool) = match (given, site) {
            (Some(file), _) if file.is_dir() => {
                return Err(Error::folder_for_file(
                    file,
                    "the robots.txt the URLs are held to",
                ));
            }
            (Some(file), _) => (file.to_owned(), true),
            (None, Some(dir)) => (dir.join(robots::ROBOTS_FILE_NAME), false),
            (None, None) => return Ok(None),
        };
        match robots::read(&path)? {
            Some(bytes) => Ok(Some(RobotsCheck {
                shown: show(&path),
                rules: Rules::from_bytes(&bytes),
            })),
            None if must_exist => Err(Error::in_file(
                &path,
                "no such robots.txt",
                "give the robots.txt the site serves at its host root",
            )),
            None => Ok(None),
        }
    }

    /// The error for `entry`, when robots.txt disallows its URL.
    pub(super) fn check(&self, entry: &Entry) -> Option<Diagnostic> {
        let blocked = self.rules.blocks(&entry.loc)?;
        Some(Diagnostic::new(
            entry.line,
            entry.column,
            Severity::Error,
            format!(
                "{} is disallowed for Googlebot by {}:{}: {} (a listed URL must be crawlable)",
                entry.loc, self.shown, blocked.line, blocked.rule
            ),
        ))
    }
}
