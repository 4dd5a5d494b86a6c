//! [`Section`]: a section as every phase of the scan and the refusals
//! read it, its `_index.md` and the pages listed in it.

use std::collections::BTreeMap;
use std::path::PathBuf;

use sitemap_content::FrontMatter;

/// One section: its folder, language, URL path and `_index.md`.
#[derive(Debug)]
pub(crate) struct Section {
    pub(crate) dir: Vec<String>,
    pub(crate) lang: String,
    pub(crate) path: String,
    pub(crate) source: PathBuf,
    pub(crate) fm: FrontMatter,
    pub(crate) render: bool,
    /// `redirect_to`: Zola writes a redirect stub at the section's URL,
    /// and no pagers.
    pub(crate) redirect_to: Option<String>,
    pub(crate) transparent: bool,
    pub(crate) paginate_by: Option<usize>,
    pub(crate) paginate_path: String,
    pub(crate) sort_by: String,
    /// Pages listed in this section (after transparent sections pass
    /// theirs up).
    pub(crate) pages: Vec<usize>,
    /// With images on, its body's images (read by the walk).
    pub(crate) images: Option<sitemap_pages::images::markdown::MarkdownImages>,
}

/// Sections by (folder, language).
pub(crate) type Sections = BTreeMap<(Vec<String>, String), Section>;
