//! How much one sitemap file and one index may hold.

/// Limits per sitemap file and per index. The byte limit counts the
/// uncompressed bytes, closing tag included.
///
/// Two profiles: [`Limits::LEGACY`] (the default: 50,000 URLs, 10 MiB,
/// 1,000 sitemaps per index, what older consumers still hold) and
/// [`Limits::SITEMAPS_ORG`] (50,000 URLs, 50 MiB, 50,000 sitemaps per
/// index, the figures sitemaps.org has given since 2016). Each field can
/// be lowered; values above the sitemaps.org figures are refused by the
/// [`SetWriter`](crate::SetWriter), since consumers would refuse the files.
///
/// ```
/// use sitemap_core::Limits;
///
/// assert_eq!(Limits::default(), Limits::LEGACY);
/// let small = Limits::SITEMAPS_ORG.with_max_urls(1_000);
/// assert_eq!((small.max_urls, small.max_bytes), (1_000, 52_428_800));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Limits {
    /// `<url>` entries per sitemap file.
    pub max_urls: u64,
    /// Uncompressed bytes per file (sitemaps and the index).
    pub max_bytes: u64,
    /// `<sitemap>` entries per `<sitemapindex>`.
    pub max_sitemaps: u64,
}

impl Limits {
    /// 50,000 URLs, 10,485,760 bytes, 1,000 sitemaps per index.
    pub const LEGACY: Limits = Limits {
        max_urls: 50_000,
        max_bytes: 10_485_760,
        max_sitemaps: 1_000,
    };

    /// 50,000 URLs, 52,428,800 bytes, 50,000 sitemaps per index.
    pub const SITEMAPS_ORG: Limits = Limits {
        max_urls: 50_000,
        max_bytes: 52_428_800,
        max_sitemaps: 50_000,
    };

    /// Limits with the given figures.
    pub const fn new(max_urls: u64, max_bytes: u64, max_sitemaps: u64) -> Limits {
        Limits {
            max_urls,
            max_bytes,
            max_sitemaps,
        }
    }

    /// Sets [`Limits::max_urls`].
    #[must_use]
    pub const fn with_max_urls(mut self, max_urls: u64) -> Limits {
        self.max_urls = max_urls;
        self
    }

    /// Sets [`Limits::max_bytes`].
    #[must_use]
    pub const fn with_max_bytes(mut self, max_bytes: u64) -> Limits {
        self.max_bytes = max_bytes;
        self
    }

    /// Sets [`Limits::max_sitemaps`].
    #[must_use]
    pub const fn with_max_sitemaps(mut self, max_sitemaps: u64) -> Limits {
        self.max_sitemaps = max_sitemaps;
        self
    }

    /// Why these limits cannot be used, if they cannot: a zero, or a
    /// figure above sitemaps.org's.
    pub(crate) fn problem(&self) -> Option<String> {
        let max = Limits::SITEMAPS_ORG;
        let checks = [
            ("max_urls", self.max_urls, max.max_urls),
            ("max_bytes", self.max_bytes, max.max_bytes),
            ("max_sitemaps", self.max_sitemaps, max.max_sitemaps),
        ];
        checks.into_iter().find_map(|(name, value, top)| {
            if value == 0 {
                Some(format!("{name} is 0; expected at least 1"))
            } else if value > top {
                Some(format!(
                    "{name} {value} is above the protocol's {top}; consumers would refuse the files"
                ))
            } else {
                None
            }
        })
    }
}

impl Default for Limits {
    /// [`Limits::LEGACY`].
    fn default() -> Self {
        Limits::LEGACY
    }
}
