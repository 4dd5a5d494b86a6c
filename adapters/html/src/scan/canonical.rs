//! Pages whose canonical URL is elsewhere: each asks for that URL to be
//! listed in its place. Resolved after every file is placed, since the
//! target may be any file of the site: listed there, listed under the
//! page's own URL after all (a missing target, a cycle, a base-URL
//! mismatch), or not at all (a target left out).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use sitemap_core::{Loc, Url};

use super::resolve::{Listed, Resolver};
use crate::report::{Reason, Warning, WarningKind};

/// A page whose canonical URL is elsewhere: that URL is listed in its
/// place, once, unless a file of the site already answers for it.
pub(super) struct CanonicalRequest {
    pub(super) excluded_index: usize,
    pub(super) url: Url,
    /// The page's entry at its own URL, for a base-URL mismatch.
    pub(super) own: Url,
    pub(super) path: PathBuf,
}

impl Resolver {
    /// Lists each request's canonical URL, or the page's own, or
    /// neither, and records which in its exclusion.
    pub(super) fn resolve_canonicals(&mut self) {
        let requests = std::mem::take(&mut self.canonical_requests);
        let requests = self.base_url_mismatch(requests);
        let by_own: HashMap<Loc, usize> = requests
            .iter()
            .enumerate()
            .map(|(i, r)| (r.own.loc.clone(), i))
            .collect();
        // Requests whose page is listed under its own URL after all.
        let mut own_listed = vec![false; requests.len()];
        for (i, request) in requests.iter().enumerate() {
            if own_listed[i] {
                continue;
            }
            let canonical = request.url.loc.clone();
            let listed = if self.listed.contains_key(&canonical) {
                true
            } else if let Some(&target) = self.file_locs.get(&canonical) {
                let target = self.files_read[target as usize].clone();
                match cycle_back(&requests, &by_own, &own_listed, i) {
                    // Requests come in path order: this is the first page
                    // of the cycle, and its canonical is the one listed.
                    Some(j) => {
                        let there = &requests[j];
                        self.warn(
                            &there.path,
                            WarningKind::CanonicalCycle {
                                canonical: there.url.loc.clone(),
                                own: there.own.loc.clone(),
                            },
                        );
                        own_listed[j] = true;
                        self.list_own(there)
                    }
                    None => {
                        self.warn(
                            &request.path,
                            WarningKind::CanonicalTargetExcluded { canonical, target },
                        );
                        false
                    }
                }
            } else if !canonical.is_under(&self.base) {
                false
            } else if let Some(looked) = self.no_file_for(&canonical) {
                // A stale canonical (its page renamed away) must not take
                // the page out of the sitemap with it.
                self.warn(
                    &request.path,
                    WarningKind::CanonicalTargetMissing {
                        canonical,
                        looked,
                        own: request.own.loc.clone(),
                    },
                );
                own_listed[i] = true;
                self.list_own(request);
                continue;
            } else {
                self.listed.insert(
                    canonical,
                    Listed {
                        url: request.url.clone(),
                        path: request.path.clone(),
                    },
                );
                true
            };
            if let Reason::CanonicalElsewhere {
                canonical_listed, ..
            } = &mut self.excluded[request.excluded_index].reason
            {
                *canonical_listed = listed;
            }
        }
    }

    /// Lists a page whose canonical is elsewhere under its own URL after
    /// all; whether it is (another page may hold that URL already).
    fn list_own(&mut self, request: &CanonicalRequest) -> bool {
        if let Some(first) = self.listed.get(&request.own.loc) {
            self.excluded[request.excluded_index].reason = Reason::DuplicateLoc {
                loc: request.own.loc.clone(),
                first: first.path.clone(),
            };
            return false;
        }
        self.relisted.insert(request.excluded_index);
        self.listed.insert(
            request.own.loc.clone(),
            Listed {
                url: request.own.clone(),
                path: request.path.clone(),
            },
        );
        true
    }

    /// The files looked for when none of the site answers for `loc` (by
    /// the rule `validate --site` maps locs with); `None` when one does.
    fn no_file_for(&self, loc: &Loc) -> Option<Vec<String>> {
        let rel = crate::files::url_path(&self.base, loc)?;
        let looked = crate::files::files_for(&rel);
        let found = looked.iter().any(|f| self.root.join(f).is_file());
        (!found).then_some(looked)
    }

    /// A base URL with a folder (`https://shop.example.org/shop/`) under
    /// which none of the pages' canonicals lies, all of them on its host
    /// (`https://shop.example.org/about/`): the folder is most likely not
    /// where the site is served. Too few canonicals for
    /// [`Resolver::base_url_mismatch`], but enough to say so once.
    fn base_folder_unused(&mut self, requests: &[CanonicalRequest]) {
        let origin = self.base.origin();
        if &self.base.as_str()[origin.len()..] == "/" || requests.is_empty() {
            return;
        }
        let same_host = |loc: &Loc| loc.origin() == origin;
        if requests
            .iter()
            .any(|r| r.url.loc.is_under(&self.base) || !same_host(&r.url.loc))
        {
            return;
        }
        let example = &requests[0];
        self.warnings.push(Warning {
            path: example.path.clone(),
            kind: WarningKind::BaseUrlFolderUnused {
                pages: requests.len(),
                base: self.base.clone(),
                canonical: example.url.loc.clone(),
                origin: self.base.origin().to_owned(),
            },
        });
    }

    /// Canonicals outside the base URL on most pages say the base URL is
    /// wrong (a Sphinx `html_baseurl`, a MkDocs `site_url` of the real
    /// host, scanned with a staging base), not that every page is a
    /// duplicate of another site's: those pages are listed under their
    /// own URLs and one warning names the count, an example and the base
    /// URL the canonicals imply. Returns the requests left to resolve.
    fn base_url_mismatch(&mut self, requests: Vec<CanonicalRequest>) -> Vec<CanonicalRequest> {
        let outside = |r: &CanonicalRequest| {
            !r.url.loc.is_under(&self.base)
                && !self.listed.contains_key(&r.url.loc)
                && !self.file_locs.contains_key(&r.url.loc)
        };
        let count = requests.iter().filter(|r| outside(r)).count();
        // Pages that would be listed but for their canonical, and pages
        // that are: "most" is more than half of them.
        let indexable = self.listed.len() + requests.len();
        if count == 0 || count * 2 <= indexable {
            self.base_folder_unused(&requests);
            return requests;
        }
        let (mismatched, rest): (Vec<_>, Vec<_>) = requests.into_iter().partition(|r| outside(r));
        let rel = |path: &Path| {
            path.strip_prefix(&self.root)
                .unwrap_or(path)
                .to_string_lossy()
                .replace(std::path::MAIN_SEPARATOR, "/")
        };
        let example = &mismatched[0];
        let warning = Warning {
            path: example.path.clone(),
            kind: WarningKind::BaseUrlMismatch {
                pages: count,
                of: indexable,
                base: self.base.clone(),
                canonical: example.url.loc.clone(),
                likely_base: crate::page::declared_form(&rel(&example.path), &example.url.loc)
                    .map(|(base, _)| base),
            },
        };
        for mut request in mismatched {
            // The form the canonical uses (Sphinx's `index.html`), under
            // the base URL given.
            if let Some((_, form)) =
                crate::page::declared_form(&rel(&request.path), &request.url.loc)
                && let Ok(loc) = crate::page::form_under(&self.base, &form)
            {
                request.own.loc = loc;
            }
            if let Some(first) = self.listed.get(&request.own.loc) {
                self.excluded[request.excluded_index].reason = Reason::DuplicateLoc {
                    loc: request.own.loc,
                    first: first.path.clone(),
                };
                continue;
            }
            self.relisted.insert(request.excluded_index);
            self.listed.insert(
                request.own.loc.clone(),
                Listed {
                    url: request.own,
                    path: request.path,
                },
            );
        }
        self.warnings.push(warning);
        rest
    }
}

/// When the canonical of `requests[i]` names a page whose canonical chain
/// (through pages left out for their canonical, none listed yet) leads
/// back to `requests[i]`'s page: the index of that first target.
fn cycle_back(
    requests: &[CanonicalRequest],
    by_own: &HashMap<Loc, usize>,
    own_listed: &[bool],
    i: usize,
) -> Option<usize> {
    let start = &requests[i].own.loc;
    let first = *by_own.get(&requests[i].url.loc)?;
    let mut seen = BTreeSet::new();
    let mut at = first;
    loop {
        if own_listed[at] || !seen.insert(at) {
            return None;
        }
        let next = &requests[at].url.loc;
        if next == start {
            return Some(first);
        }
        at = *by_own.get(next)?;
    }
}
