//! [`SiteSitemap`]: the sitemap defaults a site's own configuration
//! sets (Hugo's `[sitemap]` table, read by `sitemap-hugo`; Zola has
//! none).

use sitemap_core::{ChangeFreq, Priority};

/// A site's sitemap defaults, from its generator's configuration; every
/// field is `None` when the configuration does not set it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SiteSitemap {
    /// The `changefreq` of every page that sets none.
    pub changefreq: Option<ChangeFreq>,
    /// The `priority` of every page that sets none (`None` for Hugo's
    /// negative "not set").
    pub priority: Option<Priority>,
    /// The sitemap's file name (Hugo's default is `sitemap.xml`).
    pub filename: Option<String>,
    /// `disable` (Hugo 0.125 and later): every page's default for its
    /// own `sitemap.disable`; `true` leaves out each page that does not
    /// set `disable = false` itself.
    pub disable: Option<bool>,
}
