//! The scan of a whole content tree, as phases run in order by [`scan`]:
//!
//! - `sections.rs`: section files first (a draft section hides
//!   everything below it), the errors that count, the default home
//!   sections;
//! - `pages.rs`: page files, Zola's refusals, and which section lists
//!   each page;
//! - `entries.rs`: the URLs Zola's sitemap lists for pages and sections,
//!   with each section's pagination;
//! - `taxonomies.rs`: taxonomies with their terms (and their pagination),
//!   and the terms each page is listed on.

use std::path::PathBuf;

use sitemap_content::walk::walk;
use sitemap_content::{ContentScan, Error, Site};

use super::config::ZolaConfig;

mod entries;
mod pages;
mod sections;
mod taxonomies;

pub(super) use super::section::{Section, Sections};

/// The scan's state between phases: the site and its settings, read by
/// every phase, and what the phases add to (pages, exclusions, warnings,
/// and every bad file's error, reported together at the end).
struct Scan<'s> {
    site: &'s Site,
    cfg: &'s ZolaConfig,
    scan: ContentScan,
    page_errors: Vec<(PathBuf, Error)>,
}

/// Scans a Zola site's content into its pages, in phases:
///
/// 1. the walk: every `.md` file, with its front matter;
/// 2. [`Scan::read_sections`]: section files (`_index.md`), and the
///    draft sections;
/// 3. [`sections::counted_errors`]: the errors Zola would meet (none
///    below a draft section), and sections below a draft dropped;
/// 4. [`Scan::read_pages`]: page files, and the terms they name;
/// 5. [`sections::default_index_sections`]: a home section per language
///    without an `_index.md`;
/// 6. [`Scan::refuse`]: an `index.md` beside a section, two files on one
///    path;
/// 7. [`pages::populate_sections`]: which sections list each page;
/// 8. [`Scan::page_entries`], [`Scan::section_entries`],
///    [`Scan::taxonomy_entries`]: the URLs, in that order;
/// 9. [`Scan::term_membership`]: the terms and taxonomies each page is
///    listed on.
///
/// The order matters: a draft section must be known before any page
/// below it is read (its pages are never read, their errors do not
/// count); the refusals need every page and section path; a section's
/// pagination counts the pages populated into it; and membership points
/// at pages by their index in `scan.pages`, known only once they are
/// pushed. Pages land in `scan.pages` in this order, which
/// `ContentScan::finish` relies on for its duplicate rule (the first in
/// file order wins).
pub(crate) fn scan(site: &Site, cfg: &ZolaConfig) -> Result<ContentScan, Error> {
    let ignored = cfg.ignored_content.clone();
    let walked = walk(
        site,
        &site.content_dir,
        &|name| {
            name.ends_with(".md")
                .then_some(sitemap_pages::yaml::Dialect::Zola)
        },
        &move |p| ignored.as_ref().is_some_and(|g| g.is_match(p)),
        // Boxed, as Hugo's files are: the walk's threads' lists are merged
        // into one, and a list of whole files held every file twice then.
        &|found| Box::new(found),
        |found| found.path(),
    )?;
    let mut scan = ContentScan::new(site);
    scan.warnings = cfg
        .unknown_keys
        .iter()
        .cloned()
        .chain(walked.warnings)
        .collect();
    scan.files_read = walked.files.len() + walked.errors.len();
    let mut s = Scan {
        site,
        cfg,
        scan,
        page_errors: Vec::new(),
    };
    let read = s.read_sections(&walked.files)?;
    let mut sections = read.sections;
    let draft_dirs = read.draft_dirs;
    let under_draft = |rel: &[String]| {
        draft_dirs
            .iter()
            .any(|d| rel.len() > d.len() && rel.starts_with(d))
    };
    s.page_errors =
        sections::counted_errors(walked.errors, read.errors, &draft_dirs, &under_draft, site);
    sections.retain(|(dir, _), _| !under_draft(dir));
    let (pages, terms) = s.read_pages(read.page_files, &under_draft);
    sections::default_index_sections(&mut sections, cfg);
    s.refuse(&pages, &sections, &read.section_paths);
    pages::populate_sections(&pages, &mut sections);
    let page_index = s.page_entries(&pages)?;
    s.section_entries(&sections, &pages, &page_index)?;
    let (term_index, taxonomy_index) = s.taxonomy_entries(&terms)?;
    s.term_membership(&pages, &page_index, &term_index, &taxonomy_index);
    match Error::of_pages(s.page_errors) {
        Some(e) => Err(e),
        None => Ok(s.scan),
    }
}
