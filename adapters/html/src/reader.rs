//! One page at a time, at the URL the caller says it is served at: for a
//! caller that starts from URLs (a sitemap to check against the site)
//! rather than from the folder.

use std::io;
use std::path::Path;

use sitemap_core::{Alternate, Image, Lastmod, Loc};

use crate::Error;
use crate::head::{self, Read, Selectors};
use crate::options::HtmlOptions;
use crate::page::{Judge, Verdict};
use crate::report::WarningKind;

/// Reads pages' heads with the same reader and the same rules as
/// [`scan`](crate::scan), judging each at the URL it is given rather than
/// at the URL its path would have: a sitemap lists a page at one URL, and
/// whether that URL is the page's canonical one is the question.
///
/// ```
/// use sitemap_html::{HtmlOptions, Indexing, PageRead, PageReader};
///
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("old.html");
/// std::fs::write(&path, r#"<html><head><link rel="canonical" href="/new/"></head></html>"#)?;
///
/// let mut reader = PageReader::new(HtmlOptions::new("https://example.org/".parse()?))?;
/// let PageRead::Page(page) = reader.read(&path, "old.html", &"https://example.org/old.html".parse()?) else {
///     panic!("a page");
/// };
/// assert_eq!(page.indexing, Indexing::CanonicalElsewhere { canonical: "https://example.org/new/".parse()? });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PageReader {
    options: HtmlOptions,
    base: Loc,
    robots_names: Vec<String>,
    selectors: Selectors,
    buf: Vec<u8>,
}

/// What reading one file gave.
#[derive(Debug)]
#[non_exhaustive]
pub enum PageRead {
    /// A text page and what its head says.
    Page(PageHead),
    /// A NUL byte at this offset: not an HTML page whatever its name.
    Binary {
        /// Byte offset of the NUL.
        at: u64,
    },
    /// Template source copied raw into the output (it starts with this
    /// template opening, `{%`, `{{` or `{#`): no page.
    Template {
        /// The opening it starts with.
        opening: &'static str,
    },
    /// The file could not be opened or read.
    Unreadable(io::Error),
}

/// What a page's head says about the page at the URL it was read for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PageHead {
    /// Whether a search engine would index the page at that URL.
    pub indexing: Indexing,
    /// Its `<link rel="alternate" hreflang>` alternates, resolved and
    /// sorted, itself included (from `<html lang>` when it does not list
    /// itself); empty for a noindex page or a redirect stub.
    pub alternates: Vec<Alternate>,
    /// The lastmod its markup gives (`article:modified_time`, …, JSON-LD
    /// `dateModified`), or [`HtmlOptions::source_lastmod`]'s.
    pub lastmod: Option<Lastmod>,
    /// Its images, resolved (see [`HtmlOptions::images`]; empty unless
    /// the reader's options list images, since only then is the body
    /// read), `og:image` first with [`HtmlOptions::og_image`]; empty for a
    /// noindex page, a redirect stub, or a page whose robots meta says
    /// `noimageindex`.
    pub images: Vec<Image>,
    /// What looked wrong in the head.
    pub warnings: Vec<WarningKind>,
}

/// Whether a page is indexed at the URL it was read for, by the same
/// rules that leave pages out of a [`scan`](crate::scan).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Indexing {
    /// No noindex, no redirect, and its canonical URL (if any) is this one.
    Indexable,
    /// A robots meta of this name (lowercased) says `noindex` or `none`.
    Noindex {
        /// `robots`, `googlebot`, …
        meta_name: String,
    },
    /// A `<meta http-equiv="refresh">` stub redirecting here.
    RedirectStub {
        /// The target, resolved against the page.
        target: Loc,
    },
    /// `<link rel="canonical">` names another URL.
    CanonicalElsewhere {
        /// The canonical URL, resolved against the page.
        canonical: Loc,
    },
    /// `404.html`, the page hosts serve for missing URLs (not read).
    NotFoundPage,
    /// A generator's search page (MkDocs' `search.html` of theme
    /// `readthedocs`), a form whose results a script fills: no content.
    SearchPage,
    /// This toolkit's own `sitemap.html`.
    OwnOutput,
}

impl Indexing {
    /// Why a page judged so is left out of a sitemap, `None` for an
    /// indexable one; `listed` says whether a canonical URL elsewhere is
    /// listed.
    pub fn left_out(&self, listed: &dyn Fn(&Loc) -> bool) -> Option<crate::Reason> {
        use crate::Reason;
        Some(match self {
            Indexing::Indexable => return None,
            Indexing::Noindex { meta_name } => Reason::Noindex {
                by: sitemap_pages::NoindexBy::Meta(meta_name.clone()),
            },
            Indexing::RedirectStub { target } => Reason::RedirectStub {
                target: target.clone(),
            },
            Indexing::CanonicalElsewhere { canonical } => Reason::CanonicalElsewhere {
                canonical: canonical.clone(),
                canonical_listed: listed(canonical),
            },
            Indexing::NotFoundPage => Reason::NotFoundPage,
            Indexing::SearchPage => Reason::SearchPage,
            Indexing::OwnOutput => Reason::OwnOutput,
        })
    }
}

impl PageReader {
    /// A reader for pages of the site published at `options.base_url`.
    ///
    /// # Errors
    ///
    /// When the base URL cannot be made a folder URL.
    pub fn new(options: HtmlOptions) -> Result<PageReader, Error> {
        let base = crate::scan::folder_of(&options.base_url)?;
        let robots_names = options
            .robots_names
            .iter()
            .map(|n| n.trim().to_ascii_lowercase())
            .collect();
        Ok(PageReader {
            options,
            base,
            robots_names,
            selectors: Selectors::new(),
            buf: Vec::with_capacity(head::CHUNK),
        })
    }

    /// Reads the head of the file at `path` (whose path under the site's
    /// folder is `rel`, `/`-separated) and judges it as served at `loc`.
    pub fn read(&mut self, path: &Path, rel: &str, loc: &Loc) -> PageRead {
        let name = rel.rsplit('/').next().unwrap_or(rel);
        let judged_by_file = if crate::page::is_not_found_page(name) {
            Some(Indexing::NotFoundPage)
        } else if crate::search_page::is_search_page(name, path) {
            Some(Indexing::SearchPage)
        } else {
            None
        };
        if let Some(indexing) = judged_by_file {
            return PageRead::Page(PageHead {
                indexing,
                alternates: Vec::new(),
                lastmod: None,
                images: Vec::new(),
                warnings: Vec::new(),
            });
        }
        let images = self.options.body_images();
        match head::read(
            path,
            &self.selectors,
            &self.robots_names,
            images,
            &mut self.buf,
        ) {
            Read::Page(head) => {
                let judge = Judge {
                    options: &self.options,
                    base: &self.base,
                };
                let assessed = judge.assess_at(rel, loc, &head);
                let (indexing, url) = match assessed.verdict {
                    Verdict::Listed(url) => (Indexing::Indexable, Some(url)),
                    Verdict::Noindex(meta_name) => (Indexing::Noindex { meta_name }, None),
                    Verdict::Redirect(target) => (Indexing::RedirectStub { target }, None),
                    Verdict::OwnOutput => (Indexing::OwnOutput, None),
                    Verdict::Canonical { there, .. } => (
                        Indexing::CanonicalElsewhere {
                            canonical: there.loc.clone(),
                        },
                        Some(there),
                    ),
                    // The reader is given no source tree: by its markup
                    // the page is one.
                    Verdict::SourceLeftOut(_) | Verdict::None => (Indexing::Indexable, None),
                };
                let (alternates, lastmod, images) = url
                    .map_or((Vec::new(), None, Vec::new()), |u| {
                        (u.alternates, u.lastmod, u.images)
                    });
                PageRead::Page(PageHead {
                    indexing,
                    alternates,
                    lastmod,
                    images,
                    warnings: assessed.warnings,
                })
            }
            Read::Binary { at } => PageRead::Binary { at },
            Read::Template { opening } => PageRead::Template { opening },
            Read::Unreadable(e) => PageRead::Unreadable(e),
        }
    }
}
