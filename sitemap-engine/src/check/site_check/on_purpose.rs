//! What a site's sources leave out on purpose, for a check of its built
//! folder made without a job (`validate --site`): the site beside the
//! built folder, or one folder above it (`public/` of a Hugo or Zola
//! site, `book/` or `book/html/` of an mdBook book), is scanned as a job
//! scans it (its `sitemap.toml` and its generator's configuration), its
//! pages pass the gate's URL patterns and the built folder's robots.txt,
//! and the build check gives what only the build has (a content
//! adapter's pages, each under its section's cascade). The URL of each
//! page left out (a draft, a cascaded `sitemap.disable`, a chapter's
//! `sitemap.exclude`, a URL pattern) is one the site check must not
//! report as missing from the sitemap: a page left out on purpose is no
//! difference.

use std::path::Path;

use sitemap_core::Loc;

use crate::error::Error;
use crate::scan::gate::Gate;
use crate::scan::robots_rules::Robots;
use crate::scan::{self, ScanOptions, Source, url_patterns};
use crate::settings::{Layer, Resolved};

/// The URLs the sources of the built folder `built` leave out; empty
/// when no site is there, or its scan fails (the check then says what it
/// says of any folder).
pub(crate) fn left_out(built: &Path) -> Vec<Loc> {
    let Ok(built) = std::path::absolute(built) else {
        return Vec::new();
    };
    built
        .ancestors()
        .skip(1)
        .take(2)
        .find_map(|root| of_site(root, &built).ok().flatten())
        .unwrap_or_default()
}

/// What the site at `root` leaves out, `None` when `root` holds no site.
fn of_site(root: &Path, built: &Path) -> Result<Option<Vec<Loc>>, Error> {
    #[cfg_attr(not(feature = "mdbook"), allow(unused_mut))]
    let mut layers: Vec<Layer> = Layer::read_file(&root.join("sitemap.toml"), false, root)?
        .into_iter()
        .collect();
    let is_book = root.join("book.toml").is_file();
    #[cfg(feature = "mdbook")]
    let book = match is_book {
        true => Some(scan::book::open(
            sitemap_book::Book::load(root)?,
            &mut layers,
        )?),
        false => None,
    };
    let source = match is_book {
        #[cfg(feature = "mdbook")]
        true => Source::Book(root.to_path_buf()),
        #[cfg(not(feature = "mdbook"))]
        true => return Ok(None),
        false if sitemap_content::locate(root, None).is_ok() => Source::Site(root.to_path_buf()),
        false => return Ok(None),
    };
    let resolved = Resolved::new(&layers);
    let options = ScanOptions {
        resolved: &resolved,
        ledger: None,
        config: scan::source_config(&resolved, true)?,
        want_sources: false,
        track_reads: false,
        build_check: true,
        progress: &|_| {},
        files: Default::default(),
        #[cfg(feature = "mdbook")]
        book: std::cell::Cell::new(book),
    };
    let mut scan = scan::scan(&source, &options)?;
    let Some(base) = scan.base_url.clone() else {
        return Ok(None);
    };
    let robots = Robots::find(&source, &resolved, built, &base, &mut Vec::new())?;
    let gate = Gate::new(base, url_patterns::filter(&resolved)?, robots);
    gate.apply(&mut scan, scan::source_root(&source));
    // Its differences are not this check's to tell (and fail it only
    // with `strict`, once what it found is in the scan).
    let _ = crate::check::build::check_scan(&mut scan, &resolved, &gate);
    Ok(Some(
        scan.left_out
            .into_iter()
            .filter_map(|page| page.loc)
            .collect(),
    ))
}
