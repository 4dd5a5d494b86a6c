//! From a `loc` to the file of DIR it names, in the URL forms a static
//! site uses (`/x/` for `x/index.html`, `/x` for `x.html` or
//! `x/index.html`), and the site's base URL inferred from the set when
//! none is given.

use std::io::BufReader;
use std::path::{Path, PathBuf};

use percent_encoding::percent_decode_str;
use sitemap_core::Loc;
use sitemap_core::validate::{self as core_validate, Entry, Options};

use super::{BaseFrom, Mapped, SiteCheck};

impl SiteCheck {
    /// The path a URL under the base names, percent-decoded and without
    /// query or fragment; `None` when it is not under the base or climbs
    /// out of it.
    pub(super) fn rel_path(&self, loc: &Loc) -> Option<String> {
        sitemap_html::files::url_path(&self.base, loc)
    }

    /// The file a page's loc names, by sitemap-html's rule (the one the
    /// scan checks canonical URLs with): `x/` is `x/index.html`; `x.html`
    /// is itself; `x` is the file `x`, else `x.html`, else `x/index.html`.
    pub(super) fn map(&self, loc: &Loc) -> Mapped {
        let Some(rel) = self.rel_path(loc) else {
            return Mapped::Outside;
        };
        self.first_file(sitemap_html::files::files_for(&rel))
    }

    /// The file a sitemap's loc names: exactly its path.
    pub(super) fn map_exact(&self, loc: &Loc) -> Mapped {
        match self.rel_path(loc) {
            Some(rel) => self.first_file(vec![rel]),
            None => Mapped::Outside,
        }
    }

    fn first_file(&self, candidates: Vec<String>) -> Mapped {
        match candidates.iter().find(|c| self.dir.join(c).is_file()) {
            Some(found) => Mapped::File(found.clone()),
            None => Mapped::Missing(candidates),
        }
    }
}

pub(super) use sitemap_html::files::is_html;

/// The base URL of the site in `dir`: from a robots.txt `Sitemap:` line
/// that names one of the set's files by its path under `dir`, else the
/// folder (among those of the first loc's path) under which the most of
/// the first locs name files of `dir`, the shortest on a tie.
pub(super) fn infer_base(dir: &Path, sitemaps: &[PathBuf]) -> Option<(Loc, BaseFrom)> {
    let rels: Vec<String> = sitemaps
        .iter()
        .filter_map(|p| p.strip_prefix(dir).ok())
        .map(super::show)
        .filter(|r| r != "robots.txt")
        .collect();
    if let Ok(file) = sitemap_core::input::open_regular(&dir.join("robots.txt"))
        && let Ok(report) = core_validate::validate_robots(BufReader::new(file))
    {
        // A `//` path (a finding of its own) would make the base URL
        // `https://h//`, and every page "outside" it.
        let children = report.children.iter().filter(|c| {
            let loc = c.loc.as_str();
            !loc[c.loc.origin().len()..].contains("//")
        });
        for child in children {
            for rel in &rels {
                if let Some(base) = child.loc.as_str().strip_suffix(rel.as_str())
                    && base.ends_with('/')
                    && let Ok(base) = Loc::parse(base)
                {
                    return Some((base, BaseFrom::Robots));
                }
            }
        }
    }
    const SAMPLE: usize = 200;
    let mut sample: Vec<Loc> = Vec::new();
    for path in sitemaps {
        if sample.len() >= SAMPLE {
            break;
        }
        let Ok(file) = sitemap_core::input::open_regular(path) else {
            continue;
        };
        let _ = core_validate::validate_with(
            BufReader::new(file),
            &Options::default(),
            &mut |e: Entry| {
                if sample.len() < SAMPLE {
                    sample.push(e.loc);
                }
            },
        );
    }
    let first = sample.first()?;
    let origin = first.origin().to_owned();
    let path = first.as_str()[origin.len()..]
        .split(['?', '#'])
        .next()
        .unwrap_or("");
    let mut best: Option<(usize, Loc)> = None;
    // Every folder of the first loc's path, the root first.
    for (i, _) in path.match_indices('/') {
        let Ok(base) = Loc::parse(&format!("{origin}{}", &path[..=i])) else {
            continue;
        };
        let probe = SiteProbe { dir, base: &base };
        let score = sample.iter().filter(|l| probe.names_a_file(l)).count();
        if score > 0 && best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, base));
        }
    }
    best.map(|(_, b)| (b, BaseFrom::Locs))
}

/// The loc-to-file rule without a page reader, for inferring the base.
struct SiteProbe<'a> {
    dir: &'a Path,
    base: &'a Loc,
}

impl SiteProbe<'_> {
    fn names_a_file(&self, loc: &Loc) -> bool {
        let Some(rest) = loc.as_str().strip_prefix(self.base.as_str()) else {
            return false;
        };
        let path = rest.split(['?', '#']).next().unwrap_or("");
        let rel = percent_decode_str(path).decode_utf8_lossy();
        let file = |r: &str| self.dir.join(r).is_file();
        if rel.is_empty() || rel.ends_with('/') {
            file(&format!("{rel}index.html"))
        } else {
            file(&rel) || file(&format!("{rel}.html")) || file(&format!("{rel}/index.html"))
        }
    }
}
