//! The built heads the check judges, read on every core: each listed
//! URL's built page (does it say `noindex`, or name another canonical
//! URL: the gate's rule 6) and each page the scan does not know (an
//! adapter's page, or a difference). A page is opened by the name its
//! URL gives, so a listed page is found without listing its folder; its
//! head only is read, by the HTML reader's rules (the same as `scan
//! --html` and `validate --site`).

use std::io::ErrorKind;
use std::path::Path;

use sitemap_core::{Lastmod, Loc};
use sitemap_html::{HtmlOptions, Indexing, PageRead, PageReader};

use crate::error::Error;

/// What one URL's built page is.
#[derive(Debug)]
pub(super) enum Head {
    /// A page, and what its head says.
    Page {
        /// The file that answers, below the output folder.
        file: String,
        /// Whether its head lets it be indexed at the URL.
        indexing: Indexing,
        /// The lastmod its markup gives.
        lastmod: Option<Lastmod>,
    },
    /// A regular page's folder is there, its head not read (no template
    /// of the site can write `noindex`).
    Folder,
    /// No built file answers.
    Missing,
    /// A file answers but cannot be read.
    Unreadable {
        /// The file, below the output folder.
        file: String,
        /// Why.
        error: String,
    },
}

/// A URL to read, with the files that may answer for it in the order
/// hosts try them (below the output folder).
pub(super) struct Ask<'a> {
    pub(super) loc: &'a Loc,
    pub(super) files: Vec<String>,
}

/// Reads every ask's page under `dir`, the answers in the asks' order,
/// split between the cores; `base` is the URL the folder is served at.
pub(super) fn read(dir: &Path, base: &Loc, asks: &[Ask<'_>]) -> Result<Vec<Head>, Error> {
    let reader = || {
        PageReader::new(HtmlOptions::new(base.clone()))
            .map_err(|e| Error::job(e.to_string(), "report this as a bug"))
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = asks.len().div_ceil(threads).max(1);
    let mut heads = Vec::with_capacity(asks.len());
    std::thread::scope(|s| {
        let handles: Vec<_> = asks
            .chunks(chunk)
            .map(|asks| {
                s.spawn(move || {
                    let mut reader = reader()?;
                    Ok::<_, Error>(
                        asks.iter()
                            .map(|ask| one(&mut reader, dir, ask))
                            .collect::<Vec<_>>(),
                    )
                })
            })
            .collect();
        for handle in handles {
            // A reading thread that panicked is a bug to report.
            let part = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
            heads.extend(part);
        }
        Ok::<_, Error>(())
    })?;
    Ok(heads)
}

/// The first of the ask's files that is there, read.
fn one(reader: &mut PageReader, dir: &Path, ask: &Ask<'_>) -> Head {
    for file in &ask.files {
        match reader.read(&dir.join(file), file, ask.loc) {
            PageRead::Page(head) => {
                return Head::Page {
                    file: file.clone(),
                    indexing: head.indexing,
                    lastmod: head.lastmod,
                };
            }
            PageRead::Unreadable(e)
                if matches!(
                    e.kind(),
                    ErrorKind::NotFound | ErrorKind::IsADirectory | ErrorKind::NotADirectory
                ) => {}
            PageRead::Unreadable(e) => {
                return Head::Unreadable {
                    file: file.clone(),
                    error: e.to_string(),
                };
            }
            // Not a page by its bytes (binary, template source), but a
            // file that answers: no head to judge it by, so it stands.
            _ => {
                return Head::Page {
                    file: file.clone(),
                    indexing: Indexing::Indexable,
                    lastmod: None,
                };
            }
        }
    }
    Head::Missing
}
