//! The mdBook book as the `sitemap-book` reader sees it, re-exported for
//! the `mdbook-sitemap` plugin, which depends on the engine and the core
//! only: the book ([`Book`], loaded from its folder or from what mdBook
//! hands a renderer, then given to a job as
//! [`Source::LoadedBook`](crate::Source::LoadedBook)), mdBook's renderer
//! rules ([`chapters`]), and the front matter a chapter opens with, which
//! the plugin's preprocessor strips ([`chapters::front_matter_of`], whose
//! errors are [`FrontMatterError`]).

pub use sitemap_book::{Book, BookPages, ChapterPage, Error, book, chapters, config, page_loc};
/// A chapter's front matter that does not parse (the pages step's error,
/// naming the file and line).
pub use sitemap_pages::Error as FrontMatterError;
