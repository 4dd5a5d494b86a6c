//! The build check: after a source scan (Zola, Hugo), the site the
//! generator built checks the URLs the scan lists. The usual way to run
//! the tool is after the build (`hugo && sitemap scan`), so the truth is
//! on disk beside the sources, and a page the scan misses (made by a
//! template, in a format or a setting the scan does not read) is a
//! built page no URL names.
//!
//! - The output folder is listed only inside the site (`inside.rs`);
//!   nothing built there is said once, and nothing is checked.
//! - Each listed URL's built page is read (`heads.rs`): one whose head
//!   says `noindex` or names another canonical URL is left out, the
//!   gate's rule 6 (`scan/gate.rs`); one with no built file is a
//!   difference.
//! - A built page the scan does not know is read too: a content
//!   adapter's page passes the gate like any other and is listed from
//!   the build (`adapters.rs`); any other is a difference, unless the
//!   scan leaves it out on purpose (a draft, `sitemap.disable`, URL
//!   patterns, robots.txt: the scan's left-out URLs; a Hugo pager or a
//!   file copied from `static/`: `roots.rs`; `noindex`, a redirect
//!   stub, a canonical URL elsewhere: the HTML reader's rules).
//! - The two lists of differences, each with a count and the first few
//!   (`said.rs`), are warnings by default, errors with `strict`; a
//!   folder or page that cannot be read is named as such, never taken
//!   for a missing page.
//! - When they disagree and a source is newer than every built page (a
//!   page edited or added since the build), the build is named as stale
//!   instead, and not used.
//!
//! What the walk says is there is `there.rs`'s. It costs a walk of the
//! output folder's list folders (a regular
//! page's folder is taken from its parent's entries, never opened:
//! `sitemap_html::built_files`) and a read of the head of each listed
//! page and of each built page the scan does not know; the times of the
//! sources and the built pages are read only when the two disagree.

mod adapters;
mod another_base;
mod differences;
mod heads;
mod inside;
mod not_production;
mod roots;
mod said;
mod there;

use foldhash::{HashSet, HashSetExt as _};
use std::path::Path;
use std::sync::Arc;

use sitemap_core::Loc;
use sitemap_core::diagnostic::{Diagnostic, shown};

use self::adapters::Judged;
use self::heads::{Ask, Head};
use self::roots::Roots;
use self::there::{LeafIs, Rel, There, paths_of};
use crate::error::Error;
use crate::scan::built::Build;
use crate::scan::gate::{Gate, by_head};
use crate::scan::{LeftOut, Scan};
use crate::settings::Resolved;

/// The build check of a finished scan, when its source left a build to
/// check against ([`Scan::build`]), after the gate's rules 4 and 5:
/// differences are warnings, errors with `strict`; with `check-site`,
/// which reads the whole built site after the write, built pages the
/// scan does not list are left to it.
pub(crate) fn check_scan(scan: &mut Scan, resolved: &Resolved, gate: &Gate) -> Result<(), Error> {
    let Some(build) = scan.build.take() else {
        return Ok(());
    };
    let settings = &resolved.settings;
    if let Some(line) = inside::not_walkable(&build, settings.out.as_deref()) {
        scan.warnings.push(line);
        said::adapters_unread(scan, &build);
        return Ok(());
    }
    let Some(base) = scan.base_url.clone() else {
        return Ok(());
    };
    // No output folder (the walk would list nothing): nothing built,
    // said before any listed URL's path is worked out. A scan before
    // the first build is common, and working out 100,000 paths (and
    // looking for each regular page's folder) to find nothing cost a
    // fifth of the scan.
    if !build.dir.is_dir() {
        scan.warnings
            .push(said::nothing_built(&build, scan.urls.len()));
        said::adapters_unread(scan, &build);
        return Ok(());
    }
    let strict = settings.strict == Some(true);
    let site_check = settings.check_site == Some(true);
    let found = {
        let _t = crate::timings::phase("build check");
        Found::of(scan, &build, &base, gate)?
    };
    let base_from = crate::settings::base_url_check::place(resolved, scan.base_url_from.as_ref());
    found.apply(scan, &build, (&base, &base_from), strict, site_check)
}

/// What the check found, before the scan is changed.
struct Found {
    /// The output folder's listing.
    files: sitemap_html::BuiltFiles,
    /// Each listed URL's built page, in the scan's order (`None`: not
    /// asked, as a URL outside every host's folder).
    listed: Vec<Option<Head>>,
    /// Listed URLs whose files lie in a folder that cannot be read.
    in_unreadable: usize,
    /// What the build adds: its adapters' pages, listed or left out.
    adapters: adapters::FromAdapters,
    /// Built pages the scan neither lists nor leaves out: URL and file.
    unlisted: Vec<(Loc, String)>,
    /// Built pages the scan leaves out on purpose (found, not asked).
    left_out_built: usize,
    /// Built pages the scan does not know that cannot be read: URL, file
    /// and why.
    unreadable: Vec<(String, String, String)>,
}

impl Found {
    fn of(scan: &Scan, build: &Build, base: &Loc, gate: &Gate) -> Result<Found, Error> {
        let roots = Roots::of(base, &scan.hosts);
        let (rels, leaves) = paths_of(scan, build, &roots);
        let leaves = Arc::new(leaves);
        let files = {
            let leaves = Arc::clone(&leaves);
            let _t = crate::timings::phase("build check: list the built site");
            sitemap_html::built_files(&build.dir, Arc::new(move |rel| leaves.contains(rel)))
        };
        let there = There::of(&files, &leaves, build);
        // Each listed URL's files that may be there, asked in one batch
        // with the built pages the scan does not know.
        let mut in_unreadable = 0;
        let mut listed_files: HashSet<&str> = HashSet::new();
        let mut asks: Vec<Ask<'_>> = Vec::with_capacity(scan.urls.len());
        let mut asked: Vec<Pending> = Vec::with_capacity(scan.urls.len());
        for (url, rel) in scan.urls.iter().zip(rels) {
            let rel = match rel {
                Rel::Outside => {
                    asked.push(Pending::Known(None));
                    continue;
                }
                // A regular page whose head need not be read (no template
                // can write `noindex`): its folder in its parent's
                // entries says it is built.
                Rel::Leaf => {
                    let folder = || Some(roots.rel_of(&url.loc)?.trim_end_matches('/').to_owned());
                    let pending = match there.leaf(&folder) {
                        Some(LeafIs::Unreadable) => {
                            in_unreadable += 1;
                            None
                        }
                        Some(LeafIs::There) => Some(Head::Folder),
                        Some(LeafIs::Missing) => Some(Head::Missing),
                        None => None,
                    };
                    asked.push(Pending::Known(pending));
                    continue;
                }
                Rel::Path(rel) => rel,
            };
            let candidates = sitemap_html::files::files_for(&rel);
            if candidates.iter().any(|f| there.in_unreadable(f)) {
                in_unreadable += 1;
                asked.push(Pending::Known(None));
                continue;
            }
            let files: Vec<String> = candidates.into_iter().filter(|f| there.may_be(f)).collect();
            for file in &files {
                if let Some(walked) = there.walked(file) {
                    listed_files.insert(walked);
                }
            }
            asked.push(Pending::Asked);
            asks.push(Ask {
                loc: &url.loc,
                files,
            });
        }
        let listed_count = asks.len();
        let left_out: HashSet<String> = scan
            .left_out
            .iter()
            .filter_map(|l| roots.rel_of(l.loc.as_ref()?))
            .flat_map(|rel| sitemap_html::files::files_for(&rel))
            .collect();
        let known = |f: &str| listed_files.contains(f) || left_out.contains(f);
        let left_out_built = files
            .pages
            .iter()
            .filter(|f| !listed_files.contains(f.as_str()) && left_out.contains(f.as_str()))
            .count();
        let mut sorted = adapters::Sorter::new(build, gate);
        let mut unknown: Vec<(Loc, &str)> = Vec::new();
        for rel in &files.pages {
            if known(rel) || roots::not_a_listed_kind(build, rel, &known) {
                continue;
            }
            let Some(loc) = roots.loc_of(rel) else {
                continue;
            };
            if let Some(loc) = sorted.sort(loc, rel) {
                unknown.push((loc, rel));
            }
        }
        let unknown_asks: Vec<Ask<'_>> = unknown
            .iter()
            .map(|(loc, rel)| Ask {
                loc,
                files: vec![(*rel).to_owned()],
            })
            .collect();
        asks.extend(unknown_asks);
        let mut heads = {
            let _t = crate::timings::phase("build check: read the built heads");
            heads::read(&build.dir, base, &asks)?
        };
        let unknown_heads = heads.split_off(listed_count);
        let mut heads = heads.into_iter();
        let listed = asked
            .into_iter()
            .map(|pending| match pending {
                Pending::Asked => heads.next(),
                Pending::Known(head) => head,
            })
            .collect();
        let mut unlisted = Vec::new();
        let mut unreadable = Vec::new();
        for ((loc, rel), head) in unknown.into_iter().zip(unknown_heads) {
            match sorted.judge(loc, rel, head) {
                Judged::Sorted => {}
                Judged::Unlisted(loc) => unlisted.push((loc, rel.to_owned())),
                Judged::Unreadable(loc, why) => {
                    unreadable.push((loc.to_string(), rel.to_owned(), why))
                }
            }
        }
        let adapters = sorted.finish();
        Ok(Found {
            files,
            listed,
            in_unreadable,
            adapters,
            unlisted,
            left_out_built,
            unreadable,
        })
    }

    /// Changes the scan by what was found, and says what differs;
    /// `Err` with `strict` when the build and the scan disagree.
    fn apply(
        self,
        scan: &mut Scan,
        build: &Build,
        (base, base_from): (&Loc, &str),
        strict: bool,
        site_check: bool,
    ) -> Result<(), Error> {
        let Found {
            files,
            listed,
            in_unreadable,
            adapters,
            unlisted,
            left_out_built,
            unreadable: mut unreadable_pages,
        } = self;
        let built_any = !files.pages.is_empty()
            || files.skipped > 0
            || listed.iter().flatten().any(|h| !matches!(h, Head::Missing));
        if !built_any && files.unreadable.is_empty() {
            scan.warnings
                .push(said::nothing_built(build, scan.urls.len()));
            said::adapters_unread(scan, build);
            return Ok(());
        }
        let mut missing: Vec<&Loc> = Vec::new();
        let mut noindex: Vec<(usize, LeftOut)> = Vec::new();
        let listed_locs = std::cell::OnceCell::new();
        let is_listed = |loc: &Loc| {
            listed_locs
                .get_or_init(|| scan.urls.iter().map(|u| &u.loc).collect::<HashSet<_>>())
                .contains(loc)
        };
        for (i, (url, head)) in scan.urls.iter().zip(&listed).enumerate() {
            match head {
                None | Some(Head::Folder) => {}
                Some(Head::Missing) => missing.push(&url.loc),
                Some(Head::Unreadable { file, error }) => {
                    unreadable_pages.push((url.loc.to_string(), file.clone(), error.clone()))
                }
                Some(Head::Page { file, indexing, .. }) => {
                    if let Some(reason) = by_head(indexing, &is_listed) {
                        let path = under_site(build, file);
                        noindex.push((i, LeftOut::new(path, reason).at(url.loc.clone())));
                    }
                }
            }
        }
        // A difference a stale build explains is no difference: named
        // once, and the build not used (its adapters' pages included).
        if (!unlisted.is_empty() || !missing.is_empty() || adapters.adds())
            && let Some(source) = build.stale_by(built_files(&files, &listed))
        {
            scan.warnings.push(
                Diagnostic::warning(format!(
                    "built before {} changed, so the sitemap is not checked against it; \
                     run `{}` again, then the scan",
                    shown::path(source),
                    build.command
                ))
                .in_file(inside::dir_place(&build.dir)),
            );
            said::adapters_unread(scan, build);
            return Ok(());
        }
        let missing: Vec<Loc> = missing.into_iter().cloned().collect();
        // The built pages compared with the scan, for the summary line:
        // the listed entries', those left out on purpose, the unlisted
        // ones, an adapter's.
        let found = listed
            .iter()
            .flatten()
            .filter(|h| matches!(h, Head::Page { .. } | Head::Folder))
            .count();
        let read = listed
            .iter()
            .flatten()
            .filter(|h| matches!(h, Head::Page { .. }))
            .count();
        scan.warnings.extend(another_base::built_for_another_base(
            scan,
            build,
            base,
            base_from,
            read,
            &mut noindex,
        ));
        scan.warnings
            .extend(not_production::built_for_another_environment(
                scan,
                build,
                read,
                &mut noindex,
            ));
        drop(listed);
        leave_out(scan, noindex);
        let before = scan.urls.len();
        adapters.add_to(scan, build);
        let added = scan.urls.len().saturating_sub(before);
        scan.built_pages_checked = Some(found + left_out_built + unlisted.len() + added);
        let mut lines = Vec::new();
        if !unlisted.is_empty() && !site_check {
            lines.push(differences::unlisted(build, &unlisted));
        }
        if !missing.is_empty() {
            lines.push(differences::missing(build, &missing));
        }
        let mut unread = Vec::new();
        if !files.unreadable.is_empty() || in_unreadable > 0 {
            unread.push(said::unreadable_folders(build, &files.unreadable));
        }
        if !unreadable_pages.is_empty() {
            unread.push(said::unreadable_pages(build, &unreadable_pages));
        }
        differences::report(scan, build, lines, unread, strict)
    }
}

/// The files the build check found built (listed, or opened by name),
/// for the time of the newest.
fn built_files<'a>(
    files: &'a sitemap_html::BuiltFiles,
    listed: &'a [Option<Head>],
) -> impl Iterator<Item = &'a str> {
    files
        .pages
        .iter()
        .map(String::as_str)
        .chain(listed.iter().flatten().filter_map(|h| match h {
            Head::Page { file, .. } => Some(file.as_str()),
            _ => None,
        }))
}

/// Moves the listed entries whose built page the gate's rule 6 leaves
/// out (`out`: each one's index in `scan.urls`, in order, and its
/// record) to `scan.left_out`.
fn leave_out(scan: &mut Scan, out: Vec<(usize, LeftOut)>) {
    if out.is_empty() {
        return;
    }
    let gone: HashSet<usize> = out.iter().map(|(i, _)| *i).collect();
    let mut i = 0;
    scan.urls.retain(|_| {
        i += 1;
        !gone.contains(&(i - 1))
    });
    scan.left_out.extend(out.into_iter().map(|(_, l)| l));
}

/// A built file as a left-out record names it: its path from the site's
/// folder (`public/a/index.html`), as every reader names a page's file.
fn under_site(build: &Build, file: &str) -> std::path::PathBuf {
    let path = build.dir.join(file);
    path.strip_prefix(&build.site_root)
        .map(Path::to_path_buf)
        .unwrap_or(path)
}

/// A listed URL's built page: read in the batch, or known without it
/// (`None`: not checked).
enum Pending {
    Asked,
    Known(Option<Head>),
}
