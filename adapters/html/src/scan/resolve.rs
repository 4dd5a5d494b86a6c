//! The ordered pass: file records, in path order, become listed entries,
//! exclusions and warnings; then the canonical requests are resolved
//! ([`canonical`](super::canonical)) and the whole-site checks run
//! ([`whole_site`](super::whole_site)).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use sitemap_core::{Loc, Url};
use sitemap_pages::images::ImageCounts;

use super::bytes;
use super::canonical::CanonicalRequest;
use super::walk::{FileRecord, Outcome};
use crate::page::Verdict;
use crate::report::{HtmlScan, LeftOut, Reason, Warning, WarningKind};
use sitemap_pages::NoindexBy;

/// A listed entry and the file it came from (for warnings).
pub(super) struct Listed {
    pub(super) url: Url,
    pub(super) path: PathBuf,
}

/// The ordered, single-threaded pass that turns file records into
/// entries. Records arrive in path order, so "first" always means first
/// by path and the result does not depend on thread timing.
pub(super) struct Resolver {
    /// The scanned directory.
    pub(super) root: PathBuf,
    pub(super) base: Loc,
    pub(super) listed: BTreeMap<Loc, Listed>,
    /// The loc of every page that was read, listed or not, and its file
    /// (an index into `files_read`, which holds every path read: a second
    /// copy of each page's path here was a tenth of a large scan's heap).
    pub(super) file_locs: HashMap<Loc, u32>,
    pub(super) excluded: Vec<LeftOut>,
    pub(super) warnings: Vec<Warning>,
    pub(super) files_read: Vec<PathBuf>,
    pub(super) canonical_requests: Vec<CanonicalRequest>,
    /// Indexes in `excluded` of pages listed after all (a base-URL
    /// mismatch), removed at the end so the indexes hold until then.
    pub(super) relisted: BTreeSet<usize>,
    pub(super) images: ImageCounts,
}

impl Resolver {
    pub(super) fn exclude(&mut self, path: PathBuf, reason: Reason) -> usize {
        self.excluded.push(LeftOut::new(path, reason));
        self.excluded.len() - 1
    }

    pub(super) fn warn(&mut self, path: &Path, kind: WarningKind) {
        self.warnings.push(Warning {
            path: path.to_path_buf(),
            kind,
        });
    }

    pub(super) fn file(&mut self, record: FileRecord) {
        let FileRecord { path, outcome } = record;
        let assessed = match outcome {
            Outcome::Glob(pattern) => {
                self.exclude(
                    path,
                    Reason::Filtered {
                        pattern,
                        built: true,
                    },
                );
                return;
            }
            Outcome::NotFound => {
                self.exclude(path, Reason::NotFoundPage);
                return;
            }
            Outcome::SearchPage => {
                self.files_read.push(path.clone());
                self.exclude(path, Reason::SearchPage);
                return;
            }
            Outcome::Binary { at } => {
                self.files_read.push(path.clone());
                self.exclude(path, Reason::Binary { at });
                return;
            }
            Outcome::Template { opening } => {
                self.files_read.push(path.clone());
                self.exclude(path, Reason::Template { opening });
                return;
            }
            Outcome::Unreadable(e) => {
                self.files_read.push(path.clone());
                self.exclude(
                    path,
                    Reason::Unreadable {
                        error: e.to_string(),
                    },
                );
                return;
            }
            Outcome::Page(assessed) => *assessed,
        };
        self.files_read.push(path.clone());
        for kind in assessed.warnings {
            self.warn(&path, kind);
        }
        let loc = match assessed.loc {
            Ok(loc) => loc,
            Err(error) => {
                self.exclude(path, Reason::BadLoc { error });
                return;
            }
        };
        if let Some(&first) = self.file_locs.get(&loc) {
            let first = self.files_read[first as usize].clone();
            self.exclude(path, Reason::DuplicateLoc { loc, first });
            return;
        }
        // The path was pushed onto `files_read` above.
        let read_at = (self.files_read.len() - 1) as u32;
        self.file_locs.insert(loc.clone(), read_at);
        match assessed.verdict {
            Verdict::Listed(url) => {
                // The URL the page declares for itself may be another
                // file's (`a.html` declaring `a`, beside `a/index.html`
                // listed as `a`): the first by path keeps it.
                if let Some(first) = self.listed.get(&url.loc) {
                    let first = first.path.clone();
                    self.exclude(
                        path,
                        Reason::DuplicateLoc {
                            loc: url.loc,
                            first,
                        },
                    );
                    return;
                }
                self.images.add(assessed.images);
                self.listed.insert(url.loc.clone(), Listed { url, path });
            }
            Verdict::Noindex(meta_name) => {
                self.exclude(
                    path,
                    Reason::Noindex {
                        by: NoindexBy::Meta(meta_name),
                    },
                );
            }
            Verdict::Redirect(target) => {
                self.exclude(path, Reason::RedirectStub { target });
            }
            Verdict::OwnOutput => {
                self.exclude(path, Reason::OwnOutput);
            }
            Verdict::SourceLeftOut(reason) => {
                self.exclude(path, reason);
            }
            Verdict::Canonical { there, here } => {
                // Listed at the canonical URL or its own: counted once.
                self.images.add(assessed.images);
                let excluded_index = self.exclude(
                    path.clone(),
                    Reason::CanonicalElsewhere {
                        canonical: there.loc.clone(),
                        canonical_listed: false,
                    },
                );
                self.canonical_requests.push(CanonicalRequest {
                    excluded_index,
                    url: there,
                    own: here,
                    path,
                });
            }
            // A page without a loc returned above.
            Verdict::None => {}
        }
    }

    /// The scan's result, once every record is placed.
    pub(super) fn finish(mut self) -> HtmlScan {
        self.resolve_canonicals();
        self.drop_root_copy();
        self.check_hreflang();
        // Needed only while files were placed and canonicals resolved:
        // freed before the entries are gathered into their list, the
        // peak of a large scan's heap.
        drop(std::mem::take(&mut self.file_locs));
        // `excluded` and `files_read` are in record order already.
        if !self.relisted.is_empty() {
            let mut index = 0;
            self.excluded.retain(|_| {
                index += 1;
                !self.relisted.contains(&(index - 1))
            });
        }
        // Stable: a file's warnings stay in the order they were found.
        self.warnings
            .sort_by(|a, b| bytes(&a.path).cmp(bytes(&b.path)));
        HtmlScan {
            urls: self.listed.into_values().map(|l| l.url).collect(),
            excluded: self.excluded,
            warnings: self.warnings,
            files_read: self.files_read,
            images: self.images,
        }
    }
}
