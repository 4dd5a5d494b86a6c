//! A multihost site: one set per host. A Hugo site whose languages have
//! a `baseURL` of their own serves each language at its own host and
//! publishes it in `publishDir/<lang>/`, with a sitemap of its own there
//! and no index over them; the scan lists every language's pages, and
//! the job writes each host's entries as a set of their own, with its
//! own companions (robots.txt, sitemap.html, llms.txt), in that folder.
//!
//! [`Scan::hosts`](crate::Scan::hosts) names the hosts (the default
//! language's first); [`outputs`] makes each one's [`Outputs`] from the
//! job's, and [`of`] says which host serves a URL: the one with the
//! longest base URL above it, so `https://example.com/` and
//! `https://example.com/fr/` can both be hosts.

use std::path::PathBuf;

use sitemap_core::diagnostic::shown;
use sitemap_core::{Diagnostic, Loc, Url};

use crate::publish::Outputs;

/// One host of a multihost site.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Host {
    /// The URL the host's pages are served at.
    pub base_url: Loc,
    /// Its folder in the output folder (the language's code).
    pub folder: PathBuf,
}

impl Host {
    /// A host served at `base_url`, published in `folder`.
    pub fn new(base_url: Loc, folder: impl Into<PathBuf>) -> Host {
        Host {
            base_url,
            folder: folder.into(),
        }
    }
}

/// Each host's outputs: the job's, written into the host's folder of the
/// output folder and served at the host's base URL. A folder that is not
/// one plain name (a language key `../x` or `a/b`) is refused: a set is
/// never written outside the output folder.
pub(crate) fn outputs(job: &Outputs, hosts: &[Host]) -> Result<Vec<Outputs>, crate::error::Error> {
    hosts
        .iter()
        .map(|host| {
            let mut parts = host.folder.components();
            let plain = matches!(
                (parts.next(), parts.next()),
                (Some(std::path::Component::Normal(_)), None)
            );
            if !plain {
                return Err(crate::error::Error::job(
                    format!(
                        "the language `{}` has a host of its own ({}), but its key is no folder \
                         name, and its sitemap would be written outside {}",
                        host.folder.display(),
                        host.base_url,
                        job.set.dir.display()
                    ),
                    "name the language with a plain code such as `fr` or `pt-br`",
                ));
            }
            let mut outputs = job.clone();
            outputs.set.dir = job.set.dir.join(&host.folder);
            outputs.set.base_url = host.base_url.clone();
            Ok(outputs)
        })
        .collect()
}

/// The index of the host serving `loc`: the one with the longest base URL
/// above it; `None` when none does.
pub(crate) fn of<'h>(bases: impl IntoIterator<Item = &'h Loc>, loc: &Loc) -> Option<usize> {
    bases
        .into_iter()
        .enumerate()
        .filter(|(_, base)| loc.is_under(base))
        .max_by_key(|(_, base)| base.as_str().len())
        .map(|(i, _)| i)
}

/// The warning for a host none of whose pages is listed: no set is
/// written in its folder, and what was there stays.
pub(crate) fn nothing_listed(host: &Outputs) -> Diagnostic {
    Diagnostic::warning(format!(
        "no page served at {} is listed (each is left out), so no sitemap is written \
         for that host, and the files already there are left as they were",
        host.set.base_url
    ))
    .in_file(format!("{}/", host.set.dir.display()))
}

/// The entries of the host at `index` among `sets`.
pub(crate) fn entries_of(sets: &[Outputs], index: usize, urls: &[Url]) -> Vec<Url> {
    let bases: Vec<&Loc> = sets.iter().map(|o| &o.set.base_url).collect();
    urls.iter()
        .filter(|u| of(bases.iter().copied(), &u.loc) == Some(index))
        .cloned()
        .collect()
}

/// Where a multihost site's sitemaps may list URLs, for a message:
/// `every host's folder (https://example.com/, https://example.de/de/)`.
pub(crate) fn folders(sets: &[Outputs]) -> String {
    let bases: Vec<&str> = sets.iter().map(|o| o.set.base_url.as_str()).collect();
    format!("every host's folder ({})", bases.join(", "))
}

/// The warning for entries no host serves: a `url` in a language's front
/// matter that lies outside its host's folder (a Hugo site built with one
/// host's paths, where each language's host is `<baseURL>/<lang>/`).
/// Each sitemap may list only URLs under its own folder, so they are left
/// out; the warning counts them and names the first, with its file when
/// the scan knows it. Returns the count and the warning.
pub(crate) fn unserved(
    sets: &[Outputs],
    urls: &[Url],
    sources: &std::collections::HashMap<Loc, PathBuf>,
) -> Option<(u64, Diagnostic)> {
    let bases: Vec<&Loc> = sets.iter().map(|o| &o.set.base_url).collect();
    let mut outside = urls
        .iter()
        .filter(|u| of(bases.iter().copied(), &u.loc).is_none());
    let first = outside.next()?;
    let count = 1 + outside.count();
    let from = match sources.get(&first.loc) {
        Some(file) => format!(", from {}", shown::path(file)),
        None => String::new(),
    };
    let warning = Diagnostic::warning(format!(
        "{count} URL(s) lie outside {} and were left out, such as {}{from} (a sitemap may list \
         only URLs under its own folder); give the page a `url` under its language's folder, or \
         serve each language from the root of its own host",
        folders(sets),
        first.loc
    ));
    Some((count as u64, warning))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_base_above_a_url_serves_it() {
        let loc = |s: &str| Loc::parse(s).unwrap();
        let bases = [
            loc("https://example.com/"),
            loc("https://example.com/fr/"),
            loc("https://example.de/"),
        ];
        assert_eq!(of(&bases, &loc("https://example.com/a/")), Some(0));
        assert_eq!(of(&bases, &loc("https://example.com/fr/a/")), Some(1));
        assert_eq!(of(&bases, &loc("https://example.de/")), Some(2));
        assert_eq!(of(&bases, &loc("https://example.org/")), None);
    }
}
