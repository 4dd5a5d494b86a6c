//! One error type for build scripts: its `Debug` is its `Display`, so
//! `fn main() -> Result<(), Error>` prints `file:line: message`.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why [`Sitemap::write`](crate::Sitemap::write) failed. `Display` and
/// `Debug` both print the file (and line, where there is one) first:
/// `content/blog/post.md:3: ...`.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A settings file (`sitemap.toml`) is wrong.
    #[error("{}{}: {message}", path.display(), line.map(|l| format!(":{l}")).unwrap_or_default())]
    Config {
        /// The file.
        path: PathBuf,
        /// The line, where known.
        line: Option<usize>,
        /// What was expected.
        message: String,
    },
    /// A page list or builder setting is wrong (no file to name).
    #[error("{0}")]
    Message(String),
    /// A Zola or Hugo site could not be read.
    #[error(transparent)]
    Content(#[from] sitemap_content::Error),
    /// A page's front matter or the source layer's settings are wrong.
    #[error(transparent)]
    Source(#[from] sitemap_source::Error),
    /// A built HTML folder could not be read.
    #[cfg(feature = "html")]
    #[error(transparent)]
    Html(#[from] sitemap_html::Error),
    /// The sitemap set could not be written.
    #[error(transparent)]
    Write(#[from] sitemap_core::SetError),
    /// robots.txt could not be merged.
    #[error(transparent)]
    Robots(#[from] sitemap_core::robots::RobotsError),
}

impl Error {
    pub(crate) fn config(path: &Path, line: Option<usize>, message: String) -> Error {
        Error::Config {
            path: path.to_path_buf(),
            line,
            message,
        }
    }

    pub(crate) fn message(message: impl Into<String>) -> Error {
        Error::Message(message.into())
    }
}

impl fmt::Debug for Error {
    /// The same text as `Display`: a build script returning this error
    /// shows the reader a sentence, not a struct.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
