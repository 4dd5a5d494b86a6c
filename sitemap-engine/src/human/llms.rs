//! llms.txt, the engine side: what the site is called and what it is
//! about ([`SiteInfo`], from the generator's configuration), each page's
//! description, and the pages exactly as the sitemap lists them. The
//! Markdown itself is [`sitemap_core::human::write_llms_txt`]'s.
//!
//! A page's title is its own (front matter, first heading, HTML
//! `<title>`); a page without one (a pager, a taxonomy's list) is named
//! by its path and listed under "Optional", the convention's section for
//! links a reader may skip.
//!
//! A page's description is its front matter's `description`, else its
//! `summary` (Hugo's key) when it has a source; a page without one (built
//! HTML, a URL list) gives its built file's `<meta name="description">`
//! (with the `html` feature). A page with a source never takes the built
//! page's meta: themes fill it with the site's description on every page
//! that has none, which says nothing about the page.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use sitemap_core::Loc;
use sitemap_core::human::{self, LlmsOwner, LlmsTxt, PageEntry};

use super::{HumanPage, collapse, fallback_title, found_title};

/// What llms.txt says about the site as a whole, from its generator's
/// configuration.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct SiteInfo {
    /// The site's name (Zola and Hugo `title`, mdBook `book.title`); the
    /// host when none is known.
    pub title: Option<String>,
    /// What it is about (Zola `description`, Hugo `params.description`,
    /// mdBook `book.description`).
    pub description: Option<String>,
    /// The section each page is listed under when it is not its first
    /// path segment: an mdBook chapter's part, in `SUMMARY.md` order.
    pub sections: HashMap<Loc, String>,
    /// Where the built pages are when it is not the output folder (a
    /// built HTML folder scanned with `out` elsewhere).
    pub built: Option<std::path::PathBuf>,
}

/// llms.txt for the pages the set lists: `pages` as pushed, of which
/// those outside `base_url`'s folder and repeats are left out, as the
/// sitemap leaves them out. `out_dir` holds the built pages (titles and
/// descriptions of pages without a source).
pub fn llms_txt(
    out_dir: &Path,
    base_url: &Loc,
    site: &SiteInfo,
    pages: &[HumanPage],
) -> Result<Vec<u8>, crate::Error> {
    let out_dir = site.built.as_deref().unwrap_or(out_dir);
    let mut seen = HashSet::new();
    let entries: Vec<PageEntry> = pages
        .iter()
        .filter(|p| p.loc.is_under(base_url) && seen.insert(&p.loc))
        .map(|p| {
            // A page with no title of its own (a pager, a taxonomy) is
            // named by its path and may be skipped.
            let found = found_title(p, out_dir, base_url);
            let optional = found.is_none();
            let title = found.unwrap_or_else(|| {
                let folder = base_url.folder();
                let rel = p.loc.as_str().strip_prefix(folder.as_str()).unwrap_or("");
                format!("/{}", super::percent_decode(rel))
            });
            let mut entry = PageEntry::new(p.loc.clone(), title).with_optional(optional);
            if let Some(d) = description_of(p, out_dir, base_url) {
                entry = entry.with_description(d);
            }
            match site.sections.get(&p.loc) {
                Some(section) => entry.with_section(section.clone()),
                None => entry,
            }
        })
        .collect();
    let title = site
        .title
        .clone()
        .unwrap_or_else(|| fallback_title(base_url));
    let mut head = LlmsTxt::new(base_url.clone(), title);
    if let Some(d) = &site.description {
        head = head.with_description(d.clone());
    }
    let mut text = Vec::new();
    human::write_llms_txt(&mut text, &head, &entries).map_err(|source| crate::Error::Io {
        path: out_dir.join(human::LLMS_FILE_NAME),
        source,
    })?;
    Ok(text)
}

/// What `page` is about, as the module doc says.
pub fn description_of(page: &HumanPage, out_dir: &Path, base_url: &Loc) -> Option<String> {
    match &page.source {
        Some(source) => front_matter_description(source),
        None => built_description(page, out_dir, base_url),
    }
}

/// The front matter's `description`, else its `summary`.
fn front_matter_description(source: &Path) -> Option<String> {
    let text = sitemap_core::input::read_regular_text(
        source,
        sitemap_pages::images::markdown::MAX_PAGE_BYTES,
    )
    .ok()?;
    let fm = sitemap_pages::front_matter::parse(source, &text).ok()?;
    ["description", "summary"].iter().find_map(|key| {
        let d = collapse(fm.data().get(*key)?.as_str()?);
        (!d.is_empty()).then_some(d)
    })
}

#[cfg(feature = "html")]
fn built_description(page: &HumanPage, out_dir: &Path, base_url: &Loc) -> Option<String> {
    use std::io::Read;
    let file = super::built_file(&page.loc, out_dir, base_url)?;
    let mut bytes = Vec::new();
    sitemap_core::input::open_regular(&file)
        .ok()?
        .take(super::HEAD_BYTES as u64)
        .read_to_end(&mut bytes)
        .ok()?;
    sitemap_html::meta_description(&bytes)
}

/// Without the HTML reader a built page gives no description.
#[cfg(not(feature = "html"))]
fn built_description(_: &HumanPage, _: &Path, _: &Loc) -> Option<String> {
    None
}

/// Who the llms.txt at `path` belongs to (`sitemap_core::human::llms_txt_owner`):
/// a link, a folder or a file that cannot be read is never the toolkit's
/// to replace. `None` when there is no file.
pub(crate) fn owner(path: &Path) -> Option<(LlmsOwner, Vec<u8>)> {
    // A site's llms.txt is an index, far below this.
    const MAX_LLMS_BYTES: u64 = 64 << 20;
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Ok(meta) if meta.is_file() => Some(
            match sitemap_core::input::read_regular(path, MAX_LLMS_BYTES) {
                Ok(bytes) => (human::llms_txt_owner(&bytes), bytes),
                Err(_) => (LlmsOwner::Foreign, Vec::new()),
            },
        ),
        _ => Some((LlmsOwner::Foreign, Vec::new())),
    }
}
