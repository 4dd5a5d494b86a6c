//! The site's content files as every rule reads them: which names are
//! content ([`accept`]), one file classified ([`File`], its bundle
//! [`Role`]), what the walk found ([`Classified`]), the folders walked
//! ([`Root`]) and a folder's `_index` file ([`index_file`]). Plain data:
//! the rules that fill them in (`classify`, `bundles`, the scan) import
//! this file, never the other way round.

use std::path::{Path, PathBuf};

use sitemap_content::{Error, FrontMatter, Reason};
use sitemap_pages::overrides::Overrides;
use sitemap_pages::yaml::Dialect;

use super::mounts::ContentMount;

/// The content files' extensions both Hugo versions read (Hugo's own
/// list, `hugofs/files/classifier.go` in 0.111.3, the content media
/// types' suffixes today): Markdown, HTML, AsciiDoc, Pandoc, reST and
/// Org. `.mkd` is no content file to either.
const CONTENT: [&str; 12] = [
    "md", "markdown", "mdown", "html", "htm", "adoc", "asciidoc", "ad", "pandoc", "pdc", "rst",
    "org",
];

/// Read as reStructuredText by 0.111.3 only.
pub(super) const REST_OLD: &str = "rest";

pub(super) const HTML: [&str; 2] = ["html", "htm"];

/// A content adapter's file (Hugo 0.126 and later): a template that
/// makes pages from data.
pub(super) const ADAPTER: &str = "_content.gotmpl";

/// The content files Hugo reads, by extension (every version's: a file
/// the followed version does not read is dropped in [`classify`](super::classify::classify)).
pub(super) fn accept(name: &str, yaml: Dialect) -> Option<Dialect> {
    if name == ADAPTER {
        // A template, not front matter: read with the dialect that
        // reads no JSON block.
        return Some(Dialect::Zola);
    }
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
    (CONTENT.contains(&ext.as_str()) || ext == REST_OLD).then_some(yaml)
}

/// One content file, classified.
#[derive(Debug)]
pub(crate) struct File {
    pub(super) path: PathBuf,
    /// Folders below the content folder.
    pub(super) dir: Vec<String>,
    /// File name without extension and language.
    pub(super) name: String,
    pub(super) lang: String,
    pub(super) role: Role,
    /// Below a taxonomy's folder (`content/tags/…`).
    pub(super) in_taxonomy_dir: bool,
    pub(super) fm: FrontMatter,
    /// Published (not draft, future or expired): counts for sections and
    /// terms even when its own page is not listed.
    pub(super) published: bool,
    /// Why its own URL is not listed, if it is not.
    pub(super) exclusion: Option<Reason>,
    /// A listed regular page's URL and overrides, worked out on the
    /// walker's threads (they need only the file and the configuration)
    /// so the main thread does not do it for every page in turn; its front
    /// matter is then dropped there, so the scan does not hold every
    /// page's map to the end. An error is kept (boxed: a `File` is moved
    /// more than once) and raised only if the page is listed, in file
    /// order. `None` for files that are not listed as regular pages.
    pub(super) listed: Option<Result<(sitemap_core::Loc, Overrides), Box<Error>>>,
    /// A published regular page's terms: (index into the configured
    /// taxonomies, the term's URL segment, its name as written where that
    /// differs: a term page's title), also worked out on the walker's
    /// threads so the main thread only gathers them.
    pub(super) terms: Vec<(usize, String, Option<Box<str>>)>,
    /// A listed regular page's `translationKey`.
    pub(super) translation_key: Option<String>,
    /// Values Hugo drops, dropped here too (see `front_matter::normalise`).
    pub(super) warnings: Vec<sitemap_content::Warning>,
    /// Why Hugo refuses the file whatever becomes of its page (a `url`
    /// with a protocol): reported with every other refused file.
    pub(super) refused: Option<Box<Error>>,
    /// With images on, its body's images (read by the walk).
    pub(super) images: Option<sitemap_pages::images::markdown::MarkdownImages>,
    /// A regular page's images, front matter's included, read before
    /// its front matter is freed.
    pub(super) page_images: Option<Box<sitemap_content::SourceImages>>,
    /// The date Hugo's `:filename` handler gives the page, when the
    /// site's `date` order reaches it (see `front_matter::filename_dates`).
    pub(super) filename_date: Option<jiff::civil::Date>,
    /// The folders above the page as its URL names them, where a
    /// section's `slug` renames one (Hugo 0.123 and later): for a branch
    /// the folders above its own.
    pub(super) url_dir: Option<Vec<String>>,
    /// A branch's `sites.complements`: the keys of the sites whose list
    /// page of its path it stands in for where they have no file of
    /// their own (see `file_sites`).
    pub(super) complements: Vec<String>,
}

impl File {
    pub(super) fn is_branch(&self) -> bool {
        self.role == Role::Branch
    }
    pub(super) fn is_leaf(&self) -> bool {
        self.role == Role::Leaf
    }
    /// A page of its own file (`p.md`), neither a section nor a bundle.
    pub(super) fn is_page(&self) -> bool {
        self.role == Role::Page
    }
}

/// A content file's bundle role, from its name, worked out once: the scan
/// asks it of every file in several passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Role {
    /// `_index.*`: a section, taxonomy or term list, or the home page.
    Branch,
    /// `index.*`: a leaf bundle's page.
    Leaf,
    /// Any other file.
    Page,
}

/// The content files of a scan, in path order, each boxed (see
/// [`Classified`]).
pub(crate) type Files = Vec<Box<File>>;

/// A file the walk found: content, or an HTML file without front matter
/// (which Hugo copies as it is).
///
/// Content is boxed: the walk's threads each sort their own list and
/// the lists are then merged into one, and with the whole `File` (about
/// 500 bytes) in each slot that merge held two copies of every file at
/// once, the peak of a large site's scan. An allocation per file is
/// nothing beside the file's parse.
pub(super) enum Classified {
    Content(Box<File>),
    /// A file built for several sites (Hugo's sites matrix): one `File`
    /// per site, each moved into [`Files`] as it is.
    #[allow(clippy::vec_box)]
    Sites(Vec<Box<File>>),
    Plain(PathBuf),
    /// Not a content file to the Hugo followed (`.rest` today).
    Ignored(PathBuf),
    /// A content adapter in each site it may make pages in, with its
    /// section there (`news/`, `fr/news/`) and what the section hands
    /// its pages down.
    Adapter(Vec<sitemap_content::ContentAdapter>),
}

impl Classified {
    pub(super) fn path(&self) -> &Path {
        match self {
            Classified::Content(file) => &file.path,
            Classified::Sites(files) => files.first().map_or(Path::new(""), |f| &f.path),
            Classified::Plain(path) | Classified::Ignored(path) => path,
            Classified::Adapter(adapters) => adapters.first().map_or(Path::new(""), |a| &a.file),
        }
    }
}

/// A folder walked as content.
pub(crate) struct Root {
    pub(crate) dir: PathBuf,
    /// The language of its files; `None`: their names say.
    pub(crate) lang: Option<String>,
    /// Where under `content` its files go.
    pub(crate) target: Vec<String>,
    /// The mount it comes from, for its file filter.
    pub(crate) mount: Option<ContentMount>,
}

impl Root {
    /// A folder of its own, whose files are `lang`'s (`None`: their
    /// names say).
    pub(crate) fn folder(dir: PathBuf, lang: Option<String>) -> Root {
        Root {
            dir,
            lang,
            target: Vec::new(),
            mount: None,
        }
    }

    /// A content mount's source folder.
    pub(crate) fn of_mount(m: &ContentMount) -> Root {
        Root {
            dir: m.source.clone(),
            lang: m.lang.clone(),
            target: m.target.clone(),
            mount: Some(m.clone()),
        }
    }
}

/// The `_index` content file of a folder for a language, if any.
pub(super) fn index_file(
    dir: &Path,
    is_own_lang: &dyn Fn(Option<&str>) -> bool,
) -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| {
            let name = e.file_name();
            let Some(name) = name.to_str() else {
                return false;
            };
            let Some(rest) = name.strip_prefix("_index.") else {
                return false;
            };
            let lang = rest.rsplit_once('.').map(|(l, _)| l);
            accept(name, Dialect::Hugo).is_some() && is_own_lang(lang)
        })
        .map(|e| e.path())
        .collect();
    // One per language is the rule; with several, the first by name.
    found.sort();
    found.into_iter().next()
}
