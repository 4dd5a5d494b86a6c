//! A Sitemaps 0.90 sitemap for an [mdBook](https://rust-lang.github.io/mdBook/) book.
//!
//! The `mdbook-sitemap` binary is an mdBook plugin with two roles, for
//! mdBook 0.4 and 0.5 alike ([`wire`] reads either version's JSON and
//! answers a preprocessor call in the shape it came in):
//!
//! - the **preprocessor** (`[preprocessor.sitemap]`) strips front matter
//!   from chapters, so a YAML or TOML block never renders as a rule and a
//!   heading ([`SitemapPreprocessor`]);
//! - the **renderer** (`[output.sitemap]`) writes `sitemap.xml` into the
//!   folder that holds the book's HTML ([`render`]).
//!
//! `mdbook-sitemap install` adds these tables to a book's `book.toml`
//! (with `toml_edit`, comments kept). `mdbook-sitemap submit` tells search engines what changed (IndexNow)
//! from the book's ledger ([`SitemapBook::submission`], module `submit`).
//!
//! # Setup
//!
//! ```toml
//! [preprocessor.sitemap]
//!
//! [output.html]
//!
//! [output.sitemap]
//! base-url = "https://example.org/book/"
//! ```
//!
//! `[output.html]` must be there: with any `[output]` table mdBook builds
//! only the outputs listed. With two outputs mdBook gives each its own
//! folder, so **the HTML moves from `book/` to `book/html/`**, and
//! `sitemap.xml` is written next to it (the renderer's own `book/sitemap/`
//! stays empty). To keep the HTML in `book/`, keep one output, put the
//! sitemap keys under `[preprocessor.sitemap]`, and write the sitemap
//! after `mdbook build` with [`SitemapBook::load`] and
//! [`SitemapBook::write`] (or the `sitemap mdbook` command). The keys are
//! described in [`config`].
//!
//! `mdbook serve` builds with every output and serves `book/html/`, so the
//! sitemap is served too; it sets `site-url` to `/`, which is why
//! `base-url` is required rather than taken from `site-url`. Nothing is
//! written under `src/`, so a build never triggers a rebuild.
//!
//! # Pages
//!
//! The rules of mdBook 0.5's HTML renderer are in [`chapters`]: every
//! non-draft chapter in `SUMMARY.md` order, its `path` with `.html`
//! (`README.md` → `index.html`), nothing else (`print.html`, `toc.html`,
//! the 404 page, redirect stubs). Front matter in a chapter sets its
//! entry with the shapes Hugo, Zola and Jekyll use
//! (the pages step's overrides); `lastmod` comes from front matter, then
//! git (one `git log` for the whole book), then the file's mtime. A
//! chapter's git date is the newest of its own file and the files it
//! includes (`{{#include}}`, `{{#rustdoc_include}}`, `{{#playground}}`,
//! found in the chapter text already read, as mdBook 0.5's `links`
//! preprocessor expands them: `sitemap-book`'s `includes` module); a link
//! mdBook cannot read is a warning naming the chapter file and line.
//!
//! # Where the work is done
//!
//! The book is read by `sitemap-book` (SUMMARY, mdBook's renderer rules,
//! includes, front matter), the sitemap keys of `book.toml` by the engine
//! ([`config`]), and the job run by the engine as
//! [`Source::LoadedBook`]: the same
//! job as `sitemap mdbook`'s `Source::Book`, with the same warnings
//! (front matter without the preprocessor, listed pages missing from the
//! HTML) and the same `robots` check. This crate depends on the engine
//! and the core only (the engine re-exports the book types,
//! `sitemap_engine::book`), and holds the roles mdBook calls (the
//! preprocessor, the renderer, `submit`) and [`SitemapBook`], which joins
//! them.
//!
//! The engine's `index` and `write` jobs are not offered here: a book
//! build has one set to write, its own, and mdBook hands the plugin the
//! book, not the other sets of the site it is served with. An index over
//! the book's set and the site's is the site's step, after both are
//! built (`sitemap index`, or `sitemap_build::Index`); a list of URLs or
//! another generator's sitemap is no book (`sitemap write`).
//!
//! The renderer gets the chapters already preprocessed in mdBook's JSON;
//! it takes their list from there (a chapter a preprocessor made up is
//! listed) but the job reads each chapter's file, because the sitemap
//! needs the front matter the preprocessor strips, and the file for its
//! git and mtime dates.
//!
//! # Library
//!
//! book → chapter pages ([`chapters`]) → entries ([`SitemapBook::entries`])
//! → files ([`SitemapBook::write`]); settings that change the book's
//! table are a [`Layer`] over it
//! ([`SitemapBook::with_layer`]):
//!
//! ```
//! use std::fs;
//! use mdbook_sitemap::SitemapBook;
//! use sitemap_engine::{Layer, Origin, Settings};
//!
//! let dir = tempfile::tempdir()?;
//! let root = dir.path();
//! fs::create_dir_all(root.join("src/guide"))?;
//! fs::write(root.join("book.toml"), "[preprocessor.sitemap]\nbase-url = \"https://example.org/book/\"\nlastmod = []\n")?;
//! fs::write(root.join("src/SUMMARY.md"), "- [Intro](README.md)\n- [Guide](guide/setup.md)\n- [Later]()\n")?;
//! fs::write(root.join("src/README.md"), "---\nsitemap:\n  priority: 0.9\n---\n# Intro\n")?;
//! fs::write(root.join("src/guide/setup.md"), "# Setup\n")?;
//!
//! let book = SitemapBook::load(root)?;
//! let entries = book.entries()?;
//! let locs: Vec<&str> = entries.urls.iter().map(|u| u.loc.as_str()).collect();
//! assert_eq!(locs, ["https://example.org/book/index.html", "https://example.org/book/guide/setup.html"]);
//! assert_eq!(entries.urls[0].priority.map(|p| p.to_string()).as_deref(), Some("0.9"));
//!
//! // After `mdbook build`, the HTML is in book/: write the sitemap there.
//! fs::create_dir_all(book.html_dir())?;
//! let report = book.write()?;
//! assert!(root.join("book/sitemap.xml").exists());
//! assert_eq!(report.set.urls, 2);
//!
//! // The same book under another base URL, book.toml untouched.
//! let mut other = Settings::default();
//! other.base_url = Some("https://example.net/".to_owned());
//! let entries = book.with_layer(Layer::new(other, Origin::Flag)).entries()?;
//! assert_eq!(entries.urls[0].loc.as_str(), "https://example.net/index.html");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

/// The sitemap keys of `book.toml`: read by the engine, which reads them
/// for `Source::Book` too.
pub use sitemap_engine::book_toml as config;
mod error;
mod preprocessor;
mod submit;
pub mod wire;

use std::fmt;
use std::path::{Path, PathBuf};

use mdbook_preprocessor::config::Config;
use mdbook_renderer::RenderContext;
use sitemap_core::{SetReport, Url};
use sitemap_engine::book::Book;
use sitemap_engine::{Job, Layer, LeftOut, Source};

/// The chapter rules live in the book reader (re-exported by the engine);
/// re-exported for the tests and callers that used them from here.
pub use sitemap_engine::book::chapters;

pub use crate::config::SitemapConfig;
pub use crate::error::Error;
pub use crate::preprocessor::{SUPPORTED_RENDERERS, SitemapPreprocessor, strip_front_matter};
pub use sitemap_engine::book::ChapterPage;

/// A book to list: its root, mdBook's configuration, its chapter pages and
/// the folder its HTML is built into.
#[derive(Debug, Clone)]
pub struct SitemapBook {
    book: Book,
    /// The caller's settings over the book's table, most pressing first.
    layers: Vec<Layer>,
}

/// The entries of a book's sitemap, before they are written.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Entries {
    /// One per listed chapter page, in `SUMMARY.md` order.
    pub urls: Vec<Url>,
    /// Chapters left out (front matter, `exclude` globs), and why.
    pub excluded: Vec<LeftOut>,
    /// What the source layer wants the user to know (no git repository, a
    /// shallow clone).
    pub warnings: Vec<String>,
    /// The chapter file of each of [`Entries::urls`] (`src/…`, in the same
    /// order), `None` for a chapter a preprocessor made up.
    pub sources: Vec<Option<PathBuf>>,
}

/// What [`SitemapBook::write`] did.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Report {
    /// The sitemap files written.
    pub set: SetReport,
    /// Chapters left out, and why.
    pub excluded: Vec<LeftOut>,
    /// Things to tell the user: source warnings, listed pages that are
    /// missing from the HTML folder.
    pub warnings: Vec<String>,
    /// The `robots.txt` written or merged, if `robots = true`.
    pub robots: Option<PathBuf>,
    /// The companions written (`sitemap.xsl`, `sitemap.html`).
    pub files: Vec<PathBuf>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&sitemap_engine::book_summary(
            &self.set,
            self.excluded.len(),
            &self.files,
            self.robots.as_deref(),
        ))
    }
}

impl SitemapBook {
    /// Loads the book at `root` as `mdbook build` would see it, without
    /// running mdBook: `book.toml` (with `MDBOOK_*` environment overrides)
    /// and `SUMMARY.md`. The HTML folder is where `mdbook build` puts it:
    /// `build-dir` (`book/`) for a book with one output, `build-dir/html`
    /// with several.
    pub fn load(root: impl AsRef<Path>) -> Result<SitemapBook, Error> {
        Ok(SitemapBook {
            book: Book::load(root)?,
            layers: Vec::new(),
        })
    }

    /// The book as mdBook hands it to the renderer (its chapter list, a
    /// chapter a preprocessor made up included). The HTML folder is
    /// `build-dir/html`: with `[output.sitemap]` next to `[output.html]`
    /// the book has two outputs, and mdBook gives each its own folder.
    ///
    /// The chapters' text in `ctx` is not used: the preprocessors have
    /// stripped what the sitemap reads (front matter), and git and mtime
    /// dates belong to the files, so the job reads the chapter files.
    pub fn from_render_context(ctx: &RenderContext) -> Result<SitemapBook, Error> {
        Ok(SitemapBook {
            book: Book::from_parts(ctx.root.clone(), ctx.config.clone(), &ctx.book)?,
            layers: Vec::new(),
        })
    }

    /// Adds settings over `book.toml`'s sitemap table, below those added
    /// before (add the most pressing first): what a caller changes (a
    /// subcommand's flags, a test's setting) without editing the book.
    pub fn with_layer(mut self, layer: Layer) -> SitemapBook {
        self.layers.push(layer);
        self
    }

    /// The book's root (where `book.toml` is).
    pub fn root(&self) -> &Path {
        self.book.root()
    }

    /// mdBook's configuration.
    pub fn config(&self) -> &Config {
        self.book.config()
    }

    /// The chapter pages, in `SUMMARY.md` order.
    pub fn chapters(&self) -> &[ChapterPage] {
        self.book.chapters()
    }

    /// The folder mdBook builds the HTML into.
    pub fn html_dir(&self) -> &Path {
        self.book.html_dir()
    }

    /// The chapters' folder (`src/`).
    pub fn src_dir(&self) -> PathBuf {
        self.book.src_dir()
    }

    /// The sitemap keys of `book.toml` as a job reads them:
    /// `[output.sitemap]`, else `[preprocessor.sitemap]`, else defaults.
    pub fn sitemap_config(&self) -> Result<SitemapConfig, Error> {
        Ok(config::for_book_dir(self.config(), self.root())?)
    }

    /// The engine's job for this book: [`Source::LoadedBook`] (which adds
    /// the book's own layers, its sitemap table and what the book says:
    /// the base URL and the HTML folder) under this book's layers.
    pub fn job(&self) -> Job {
        let source = Source::LoadedBook(Box::new(self.book.clone()));
        self.layers
            .iter()
            .cloned()
            .fold(Job::new(source), Job::with_layer)
    }

    /// The entries: each chapter page's `loc` (the base URL joined with its
    /// page), with `changefreq`, `priority` and `lastmod` from its front
    /// matter, git or mtime as the settings say, minus the chapters left
    /// out, in `SUMMARY.md` order.
    pub fn entries(&self) -> Result<Entries, Error> {
        let scanned = self.job().with_sources(true).scan()?;
        let src = Path::new(&self.config().book.src);
        let (listed, _) = scanned.scan.listed();
        let urls: Vec<Url> = listed.into_iter().cloned().collect();
        let sources = urls
            .iter()
            .map(|u| {
                let source = scanned.scan.sources.get(&u.loc)?;
                let rel = source.strip_prefix(self.src_dir()).unwrap_or(source);
                Some(src.join(rel))
            })
            .collect();
        Ok(Entries {
            urls,
            sources,
            excluded: scanned.scan.left_out,
            warnings: scanned.scan.warnings,
        })
    }

    /// Writes the sitemap (and `robots.txt`, the stylesheet, `sitemap.html`
    /// when asked) into the HTML folder, or the `out` a layer gives, which
    /// is served at the base URL, through the engine's one write path:
    /// every file staged under a temporary name and synced, then
    /// published with the set.
    pub fn write(&self) -> Result<Report, Error> {
        let mut scanned = self.job().scan()?;
        let mut warnings = std::mem::take(&mut scanned.scan.warnings);
        let excluded = scanned.scan.left_out.clone();
        let report = scanned.write(|_| {})?;
        warnings.extend(report.warnings);
        Ok(Report {
            set: report.set,
            excluded,
            warnings,
            robots: report.robots.map(|(path, _)| path),
            files: report.files,
        })
    }
}

/// The renderer role: writes the sitemap of the book mdBook hands over into
/// the HTML folder (`build-dir/html`), with the settings of
/// `[output.sitemap]`.
pub fn render(ctx: &RenderContext) -> Result<Report, Error> {
    let config = config::for_renderer(&ctx.config, &ctx.root)?;
    // A missing base URL is a configuration error: say so before anything
    // about the build.
    config.resolve_base_url(&ctx.config, &ctx.root)?;
    let book = SitemapBook::from_render_context(ctx)?;
    check_renders_after_html(ctx, &book)?;
    let report = book.write()?;
    // The folder mdBook made for this output stays empty (the sitemap
    // goes beside the HTML): removed, so `book/` holds no empty
    // `sitemap/`. `remove_dir` removes only an empty folder.
    if ctx.destination != book.html_dir() && ctx.destination != ctx.root {
        let _ = std::fs::remove_dir(&ctx.destination);
    }
    Ok(report)
}

/// mdBook runs outputs in the alphabetical order of their table names, and
/// the HTML renderer empties its folder first: a sitemap written before it
/// would be deleted.
fn check_renders_after_html(ctx: &RenderContext, book: &SitemapBook) -> Result<(), Error> {
    let name = ctx
        .destination
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let file = ctx.root.join("book.toml");
    if name.as_str() < "html" {
        return Err(Error::NoHtmlOutput {
            file,
            message: format!(
                "[output.{name}] runs before [output.html] (mdBook runs outputs in alphabetical order, and the HTML renderer empties its folder); name the table [output.sitemap]"
            ),
        });
    }
    if !book.html_dir().is_dir() {
        return Err(Error::NotBuilt {
            dir: book.html_dir().to_owned(),
        });
    }
    Ok(())
}
