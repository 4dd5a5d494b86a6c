//! The preprocessor role: strip front matter from chapters.
//!
//! mdBook renders a YAML block (`---` … `---`) as a horizontal rule and a
//! heading, and a TOML block (`+++`) as a paragraph of text. Chapters that
//! carry sitemap settings in front matter must not show them, so this
//! preprocessor cuts the block off before the HTML renderer sees the
//! chapter. It reads nothing else and writes nothing: the renderer role
//! reads the settings from the chapter files themselves.

use std::path::PathBuf;

use mdbook_preprocessor::book::{Book, BookItem};
use mdbook_preprocessor::errors::Result as MdbookResult;
use mdbook_preprocessor::{Preprocessor, PreprocessorContext};

use crate::error::Error;

/// The renderers whose output shows chapter text, so front matter must go.
/// Any other renderer (the sitemap renderer itself included) gets the
/// chapters untouched.
pub const SUPPORTED_RENDERERS: &[&str] = &["html", "markdown"];

/// The `sitemap` preprocessor.
#[derive(Debug, Default, Clone, Copy)]
#[non_exhaustive]
pub struct SitemapPreprocessor;

impl SitemapPreprocessor {
    /// The preprocessor's name, and the table `[preprocessor.sitemap]`.
    pub const NAME: &'static str = "sitemap";

    /// A new preprocessor.
    pub fn new() -> SitemapPreprocessor {
        SitemapPreprocessor
    }
}

impl Preprocessor for SitemapPreprocessor {
    fn name(&self) -> &str {
        Self::NAME
    }

    fn run(&self, ctx: &PreprocessorContext, mut book: Book) -> MdbookResult<Book> {
        crate::config::check_preprocessor_table(&ctx.config, &ctx.root)?;
        strip_front_matter(&mut book, &ctx.config.book.src)?;
        Ok(book)
    }

    fn supports_renderer(&self, renderer: &str) -> MdbookResult<bool> {
        Ok(SUPPORTED_RENDERERS.contains(&renderer))
    }
}

/// Removes the front matter block from every chapter of `book`. `src` is
/// the book's source folder relative to its root (`src`), used to name the
/// chapter's file in errors.
///
/// Front matter that does not parse is an error naming the file and line:
/// a block that is wrong is more likely a mistake to fix than text to show.
pub fn strip_front_matter(book: &mut Book, src: &std::path::Path) -> Result<(), Error> {
    let mut result = Ok(());
    book.for_each_mut(|item| {
        if result.is_err() {
            return;
        }
        let BookItem::Chapter(ch) = item else {
            return;
        };
        if ch.path.is_none() {
            return;
        }
        let file: PathBuf = match &ch.source_path {
            Some(source) => src.join(source),
            None => PathBuf::from(&ch.name),
        };
        match sitemap_engine::book::chapters::front_matter_of(&file, &ch.content) {
            Ok(fm) if fm.format.is_some() => {
                ch.content = fm.body(&ch.content).to_owned();
            }
            Ok(_) => {}
            Err(e) => result = Err(Error::Source(e)),
        }
    });
    result
}
