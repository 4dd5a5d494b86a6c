//! `split-by`: the set written as one sitemap per group of URLs, all under
//! the one index, for Search Console's per-sitemap reports.
//!
//! - [`SplitBy`] is the setting as written: `"section"`, or a table of
//!   URL globs to group names, in the order written (the settings'
//!   `split_by.rs`);
//! - [`Split`] is it checked and compiled (group names safe in a file
//!   name, globs parsed), and puts a set's entries in the order the core
//!   writer takes them: each group's entries together
//!   ([`SetWriter::push_in`](sitemap_core::SetWriter::push_in)).
//!
//! Grouping needs the whole set (a section is known by the pages under
//! it), so it applies to a scan, whose entries are in memory; `sitemap
//! write`, which streams its list, refuses it.

use std::collections::BTreeSet;

use globset::{GlobBuilder, GlobMatcher};
use sitemap_core::{Loc, Url};

use crate::error::Error;
use crate::settings::Resolved;
pub use crate::settings::split_by::{HOME_GROUP, OTHER_GROUP, SplitBy};

/// `split-by`, checked and compiled.
#[derive(Clone, Debug)]
pub struct Split {
    globs: Option<Vec<(GlobMatcher, String)>>,
}

/// The message for a glob and a group name given the wrong way round
/// (`--split-by 'blog=/blog/**'`): the glob comes first, as written.
fn swapped(resolved: &Resolved, name: &str, glob: &str) -> String {
    match resolved.origin("split-by") {
        Some(crate::settings::Origin::Flag) => format!(
            "`{name}={glob}` has its two sides swapped: the order is `GLOB=NAME`, so write `--split-by '{glob}={name}'`"
        ),
        _ => format!(
            "`{name} = \"{glob}\"` has its two sides swapped: the glob is the key and the group its value, so write `\"{glob}\" = \"{name}\"`"
        ),
    }
}

/// Whether `name` can be a group's part of a file name.
fn safe(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Split {
    /// The settings' `split-by`, if any; a group name that is not a safe
    /// file-name part, or a glob that does not parse, is an error naming
    /// where the key was set.
    pub(crate) fn from_settings(resolved: &Resolved) -> Result<Option<Split>, Error> {
        let globs = match &resolved.settings.split_by {
            None => return Ok(None),
            Some(SplitBy::Section) => None,
            Some(SplitBy::Globs(globs)) => {
                let mut compiled = Vec::with_capacity(globs.len());
                for (glob, group) in globs {
                    if !safe(group) && safe(glob) {
                        return Err(
                            resolved.value_error("split-by", swapped(resolved, glob, group))
                        );
                    }
                    if !safe(group) {
                        return Err(resolved.value_error(
                            "split-by",
                            format!("group `{group}` (for `{glob}`): expected ASCII letters, digits, `-` or `_`: it becomes part of the sitemap's file name"),
                        ));
                    }
                    let matcher = GlobBuilder::new(glob)
                        .literal_separator(true)
                        .build()
                        .map_err(|e| resolved.value_error("split-by", format!("`{glob}`: {e}")))?
                        .compile_matcher();
                    compiled.push((matcher, group.clone()));
                }
                Some(compiled)
            }
        };
        Ok(Some(Split { globs }))
    }

    /// The entries in the order they are pushed, each with its group: the
    /// groups in order (`home` then the sections by name; or the table's
    /// groups as written, then `other`), each keeping its entries' order.
    pub(crate) fn order<'a>(&self, base_url: &Loc, urls: &'a [Url]) -> Grouped<'a> {
        let folder = base_url.as_str().trim_end_matches('/');
        // The path under the base URL, from its `/`, without query or
        // fragment; a URL outside it (the writer leaves it out) has none.
        let paths: Vec<Option<&str>> = urls
            .iter()
            .map(|u| {
                let rest = u.loc.as_str().strip_prefix(folder)?;
                let end = rest.find(['?', '#']).unwrap_or(rest.len());
                rest[..end].starts_with('/').then(|| &rest[..end])
            })
            .collect();
        let (names, of_url): (Vec<String>, Vec<usize>) = match &self.globs {
            Some(globs) => {
                let mut names: Vec<String> = Vec::new();
                for (_, group) in globs {
                    if !names.contains(group) {
                        names.push(group.clone());
                    }
                }
                let other = match names.iter().position(|n| n == OTHER_GROUP) {
                    Some(i) => i,
                    None => {
                        names.push(OTHER_GROUP.to_owned());
                        names.len() - 1
                    }
                };
                let of_url = paths
                    .iter()
                    .map(|path| {
                        path.and_then(|p| globs.iter().find(|(m, _)| m.is_match(p)))
                            .and_then(|(_, g)| names.iter().position(|n| n == g))
                            .unwrap_or(other)
                    })
                    .collect();
                (names, of_url)
            }
            None => {
                // A section is a first segment with a page under it.
                let section_of = |path: &str| -> Option<String> {
                    let (first, under) = path[1..].split_once('/')?;
                    (!first.is_empty() && !under.is_empty()).then(|| section_name(first))
                };
                let sections: BTreeSet<String> = paths
                    .iter()
                    .flatten()
                    .filter_map(|p| section_of(p))
                    .collect();
                let mut names = vec![HOME_GROUP.to_owned()];
                names.extend(sections.into_iter().filter(|s| s != HOME_GROUP));
                let of_url = paths
                    .iter()
                    .map(|path| {
                        let first = path.and_then(|p| p[1..].split_once('/')).map(|(f, _)| f);
                        first
                            .map(section_name)
                            .and_then(|s| names.iter().position(|n| *n == s))
                            .unwrap_or(0)
                    })
                    .collect();
                (names, of_url)
            }
        };
        let mut order: Vec<(usize, &Url)> = of_url.into_iter().zip(urls).collect();
        // Stable: each group keeps its entries' order.
        order.sort_by_key(|&(group, _)| group);
        Grouped { names, order }
    }
}

/// A set's entries put in groups: [`Split::order`].
pub(crate) struct Grouped<'a> {
    /// The groups' names, in order.
    pub(crate) names: Vec<String>,
    /// Each entry with its group's index in `names`, each group's
    /// entries together.
    pub(crate) order: Vec<(usize, &'a Url)>,
}

/// A section's group name: its path segment with every byte that is not
/// safe in a file name (`.`, a `%` escape's `%`) made `_`.
fn section_name(segment: &str) -> String {
    segment
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'-' || b == b'_' {
                char::from(b)
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grouped(split: &Split, base: &str, paths: &[&str]) -> Vec<(String, String)> {
        let urls: Vec<Url> = paths
            .iter()
            .map(|p| Url::new(Loc::parse(p).unwrap()))
            .collect();
        let g = split.order(&Loc::parse(base).unwrap(), &urls);
        g.order
            .iter()
            .map(|(i, u)| (g.names[*i].clone(), u.loc.as_str().to_owned()))
            .collect()
    }

    /// Sections under a base URL with a path, a segment that is no safe
    /// file name (`v1.2`, `%C3%A9t%C3%A9`), a query, and a URL outside the
    /// base (the writer leaves it out; here it goes with `home`).
    #[test]
    fn sections() {
        let split = Split { globs: None };
        let got = grouped(
            &split,
            "https://example.org/docs/",
            &[
                "https://example.org/docs/v1.2/a",
                "https://example.org/docs/",
                "https://example.org/docs/%C3%A9t%C3%A9/x/",
                "https://example.org/docs/about/",
                "https://example.org/docs/v1.2/?page=2",
                "https://example.org/other/x/y",
            ],
        );
        let want = [
            ("home", "https://example.org/docs/"),
            ("home", "https://example.org/docs/about/"),
            ("home", "https://example.org/other/x/y"),
            ("_C3_A9t_C3_A9", "https://example.org/docs/%C3%A9t%C3%A9/x/"),
            ("v1_2", "https://example.org/docs/v1.2/a"),
            ("v1_2", "https://example.org/docs/v1.2/?page=2"),
        ];
        let want: Vec<(String, String)> = want
            .iter()
            .map(|(g, u)| ((*g).to_owned(), (*u).to_owned()))
            .collect();
        assert_eq!(got, want);
    }
}
