//! `sitemap index`: a `<sitemapindex>` over sitemaps other tools wrote,
//! staged and published under the folder's lock with the same robots.txt
//! merge as a set.

use super::*;

/// One `<sitemap>` of an index over existing sitemaps.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct IndexEntry {
    /// The sitemap's URL.
    pub loc: Loc,
    /// The newest lastmod of its URLs.
    pub lastmod: Option<Lastmod>,
}

impl IndexEntry {
    /// An entry for the sitemap at `loc`.
    pub fn new(loc: Loc, lastmod: Option<Lastmod>) -> IndexEntry {
        IndexEntry { loc, lastmod }
    }
}

/// What [`publish_index`] wrote.
#[derive(Debug)]
#[non_exhaustive]
pub struct IndexReport {
    /// The index.
    pub path: PathBuf,
    /// `Some(changed)` when robots.txt was asked for.
    pub robots_changed: Option<bool>,
    /// What the user should act on.
    pub warnings: Vec<sitemap_core::Diagnostic>,
}

/// Writes `name` in `dir` (served at `base_url`): a `<sitemapindex>` of
/// `entries`, and with `robots`, the `Sitemap:` line pointing at it, both
/// staged and published under the folder's lock, the index first so that
/// robots.txt never names a missing file.
pub fn publish_index(
    dir: &Path,
    base_url: &Loc,
    name: &str,
    entries: &[IndexEntry],
    robots: bool,
) -> Result<IndexReport, Error> {
    let limits = Limits::LEGACY;
    if entries.len() as u64 > limits.max_sitemaps {
        return Err(Error::job(
            format!(
                "{} sitemaps: an index may list at most {}",
                entries.len(),
                limits.max_sitemaps
            ),
            "split the sitemaps over several indexes",
        ));
    }
    let io = |source| Error::Io {
        path: dir.join(name),
        source,
    };
    let mut index = IndexWriter::new(Vec::new(), XmlOptions::default());
    for entry in entries {
        index
            .write(&entry.loc, entry.lastmod.as_ref())
            .map_err(io)?;
    }
    let bytes = index.finish().map_err(io)?;
    let index_loc = base_url
        .join(name)
        .map_err(|e| Error::job(format!("{name}: {e}"), "name the index `sitemap_index.xml`"))?;
    let output = OutputDir::open(dir, LockPolicy::Wait)?;
    let staged = output.stage(name, &bytes)?;
    let stem = name.strip_suffix(".xml").unwrap_or(name);
    let staged_robots = if robots {
        let (_, new) =
            sitemap_core::robots::prepare(dir, &index_loc, &previous_names(base_url, stem))?;
        Some(
            new.map(|bytes| output.stage(sitemap_core::robots::ROBOTS_FILE_NAME, &bytes))
                .transpose()?,
        )
    } else {
        None
    };
    let path = staged.publish()?;
    let robots_changed = match staged_robots {
        Some(Some(staged)) => {
            staged.publish()?;
            Some(true)
        }
        Some(None) => Some(false),
        None => None,
    };
    output.sync()?;
    let warnings = if robots {
        robots_below_root(base_url, &index_loc)
            .into_iter()
            .collect()
    } else {
        Vec::new()
    };
    Ok(IndexReport {
        path,
        robots_changed,
        warnings,
    })
}
