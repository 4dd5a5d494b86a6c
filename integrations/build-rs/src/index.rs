//! One sitemap index over sitemaps that already exist (the engine's
//! [`IndexJob`]): a site's set, a book's, API docs', each written by its
//! own tool into one served folder, listed under one `<sitemapindex>`
//! that robots.txt can name.

use std::path::PathBuf;

use sitemap_core::Diagnostic;
use sitemap_engine::{Error, IndexJob, Indexed, Layer, Notice, Origin, Settings};

/// The builder of an index: where it goes, what it lists.
#[derive(Clone, Debug)]
#[must_use = "the builder writes nothing until `.write()`"]
pub struct Index {
    sitemaps: Vec<PathBuf>,
    settings: Settings,
}

impl Index {
    /// An index written into `out_dir`, the folder served at `base_url`,
    /// which holds every sitemap it lists.
    pub fn new(base_url: impl Into<String>, out_dir: impl Into<PathBuf>) -> Index {
        let mut settings = Settings::default();
        settings.base_url = Some(base_url.into());
        settings.out = Some(out_dir.into());
        Index {
            sitemaps: Vec::new(),
            settings,
        }
    }

    /// Lists the sitemap at `path`, inside the output folder; an index
    /// there is replaced by the sitemaps it lists.
    pub fn sitemap(mut self, path: impl Into<PathBuf>) -> Index {
        self.sitemaps.push(path.into());
        self
    }

    /// The index's file name (default `sitemap_index.xml`).
    pub fn filename(mut self, name: impl Into<String>) -> Index {
        self.settings.filename = Some(name.into());
        self
    }

    /// Adds (or updates) the `Sitemap:` line naming the index in the
    /// output folder's robots.txt.
    pub fn robots(mut self, robots: bool) -> Index {
        self.settings.robots = Some(robots);
        self
    }

    /// Checks each sitemap as `sitemap validate` does and writes the
    /// index, each entry's lastmod the newest of its sitemap's URLs; when
    /// a sitemap cannot be listed, nothing is written and the error names
    /// every one.
    pub fn write(self) -> Result<Indexed, Error> {
        let mut refused = Vec::new();
        IndexJob::new(self.sitemaps)
            .with_layer(Layer::new(self.settings, Origin::Builder))
            .run(&mut |notice| {
                if let Notice::Error(why) = notice {
                    refused.push(why);
                }
            })
            .map_err(|e| match e {
                Error::Job { message, hint } if !refused.is_empty() => Error::Found(
                    refused
                        .into_iter()
                        .chain([Diagnostic::error(message).with_hint(hint)])
                        .collect(),
                ),
                e => e,
            })
    }
}
