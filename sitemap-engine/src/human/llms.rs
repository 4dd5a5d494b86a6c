//! llms.txt, the engine side: what the site is called and what it is
//! about ([`SiteInfo`], from the generator's configuration), each page's
//! description, and the pages exactly as the sitemap lists them. The
//! Markdown itself is [`sitemap_core::human::write_llms_txt`]'s.
//!
//! A page's title is its own (front matter, first heading, HTML
//! `<title>`); a page without one (a pager) is named by its path and
//! listed under "Optional", the convention's section for links a reader
//! may skip, and so is a list the generator makes of other pages (a
//! taxonomy, a term), under the title the generator gives it
//! ([`SiteInfo::titles`]): its pages are listed already. Which file lists
//! a page (one per language root) is `llms_files.rs`'s.
//!
//! A page's description is its front matter's `description`, else its
//! `summary` (Hugo's key) when it has a source; a page without one (built
//! HTML, a URL list) gives its built file's `<meta name="description">`
//! (with the `html` feature). A page with a source never takes the built
//! page's meta: themes fill it with the site's description on every page
//! that has none, which says nothing about the page.

use std::collections::HashMap;
use std::path::Path;

use sitemap_core::Loc;
use sitemap_core::human::{self, LlmsOwner};

use super::{HumanPage, collapse};

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
    /// The title the generator gives a page it makes without one in a
    /// file (a taxonomy's list, a term: Hugo's and Zola's), which a
    /// page's front matter `title` still overrides.
    pub titles: HashMap<Loc, String>,
    /// A multilingual site's languages, the default first: each has an
    /// llms.txt of its own at its root, listing its pages. Empty for a
    /// site in one language.
    pub languages: Vec<Language>,
    /// Each page's language (an index into `languages`), where the
    /// generator says; a page it does not name is its language's by URL
    /// (the longest language root above it).
    pub page_languages: HashMap<Loc, usize>,
    /// The list page each page is grouped under in `sitemap.html` (Zola
    /// and Hugo: its top-level section, a term's taxonomy), whatever its
    /// URL says; a page not here is grouped by its URL's first folder.
    pub section_of: HashMap<Loc, Loc>,
}

/// One language of a multilingual site, for its llms.txt.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Language {
    /// Its code (`fr`).
    pub code: String,
    /// Where its home page is (`https://example.org/fr/`): its llms.txt
    /// is there.
    pub root: Loc,
    /// Its name for people (Hugo `label`, formerly `languageName`).
    pub name: Option<String>,
    /// The site's name in it (its own `title`), for its llms.txt's H1.
    pub title: Option<String>,
    /// What the site is about in it (its own `description`).
    pub description: Option<String>,
    /// Served as a host of its own (a multihost Hugo site): its llms.txt
    /// is written with that host's set, never by another's.
    pub host: bool,
}

impl Language {
    /// The language `code` with its home page at `root`.
    pub fn new(code: impl Into<String>, root: Loc) -> Language {
        Language {
            code: code.into(),
            root,
            name: None,
            title: None,
            description: None,
            host: false,
        }
    }

    /// How its llms.txt is named in the others: `Français (fr)`, or the
    /// code alone.
    pub(super) fn label(&self) -> String {
        match &self.name {
            Some(name) if !name.trim().is_empty() && name.trim() != self.code => {
                format!("{} ({})", collapse(name), self.code)
            }
            _ => self.code.clone(),
        }
    }
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
