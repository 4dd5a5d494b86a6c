//! `url`: one entry of a `<urlset>`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{ValueError, clip};
use crate::{ChangeFreq, Lastmod, Loc, Priority};

/// One `<url>` entry: a `loc` and what the protocol lets a site say about
/// it, plus hreflang alternates (`<xhtml:link rel="alternate">`) and the
/// images the page shows (`<image:image>`, Google's image extension).
///
/// ```
/// use sitemap_core::{ChangeFreq, Url};
///
/// let url = Url::new("https://example.org/blog/".parse()?)
///     .with_lastmod("2024-05-01".parse()?)
///     .with_changefreq(ChangeFreq::Weekly);
/// assert_eq!(url.loc.as_str(), "https://example.org/blog/");
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Url {
    /// The page's absolute URL.
    pub loc: Loc,
    /// When the page last changed in a way that matters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lastmod: Option<Lastmod>,
    /// How often it is likely to change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changefreq: Option<ChangeFreq>,
    /// Its priority relative to the site's other pages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<Priority>,
    /// The same page in other languages, this one's own language included
    /// (search engines want every version to list every version).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternates: Vec<Alternate>,
    /// The images the page shows. Writers write at most
    /// [`MAX_IMAGES_PER_URL`] of them, the extension's limit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<Image>,
}

impl Url {
    /// An entry with only a `loc`.
    pub fn new(loc: Loc) -> Url {
        Url {
            loc,
            lastmod: None,
            changefreq: None,
            priority: None,
            alternates: Vec::new(),
            images: Vec::new(),
        }
    }

    /// Sets `lastmod`.
    #[must_use]
    pub fn with_lastmod(mut self, lastmod: Lastmod) -> Url {
        self.lastmod = Some(lastmod);
        self
    }

    /// Sets `changefreq`.
    #[must_use]
    pub fn with_changefreq(mut self, changefreq: ChangeFreq) -> Url {
        self.changefreq = Some(changefreq);
        self
    }

    /// Sets `priority`.
    #[must_use]
    pub fn with_priority(mut self, priority: Priority) -> Url {
        self.priority = Some(priority);
        self
    }

    /// Adds an hreflang alternate.
    #[must_use]
    pub fn with_alternate(mut self, alternate: Alternate) -> Url {
        self.alternates.push(alternate);
        self
    }

    /// Adds an image.
    #[must_use]
    pub fn with_image(mut self, image: Image) -> Url {
        self.images.push(image);
        self
    }
}

/// The most `<image:image>` elements one `<url>` may hold (Google's image
/// sitemap extension).
pub const MAX_IMAGES_PER_URL: usize = 1_000;

/// `<image:image><image:loc>…</image:loc></image:image>`: an image the
/// page shows. Since 2022 search engines read only `image:loc`; the
/// extension's other children (`caption`, `title`, `geo_location`,
/// `license`) are deprecated and never written.
///
/// In JSON an image is its URL as a string, or `{"loc": "…"}`.
///
/// ```
/// use sitemap_core::{Image, Url};
///
/// let url = Url::new("https://example.org/a/".parse()?)
///     .with_image(Image::new("https://cdn.example.org/a.png".parse()?));
/// assert_eq!(url.images[0].loc.as_str(), "https://cdn.example.org/a.png");
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize)]
#[non_exhaustive]
pub struct Image {
    /// The image's absolute URL.
    pub loc: Loc,
}

impl Image {
    /// An image at `loc`.
    pub fn new(loc: Loc) -> Image {
        Image { loc }
    }
}

impl<'de> Deserialize<'de> for Image {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Strings first, parsed after, so that a bad URL's error is the
        // loc's own rather than untagged's "did not match any variant".
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Shape {
            Url(String),
            Table { loc: String },
        }
        let (Shape::Url(s) | Shape::Table { loc: s }) = Shape::deserialize(d)?;
        let loc = s.parse().map_err(serde::de::Error::custom)?;
        Ok(Image { loc })
    }
}

/// `<xhtml:link rel="alternate" hreflang="…" href="…"/>`: a version of the
/// page for another language or region.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Alternate {
    /// The language of that version.
    pub hreflang: Hreflang,
    /// Its absolute URL.
    pub href: Loc,
}

impl Alternate {
    /// An alternate version of a page.
    pub fn new(hreflang: Hreflang, href: Loc) -> Alternate {
        Alternate { hreflang, href }
    }
}

/// An `hreflang` value: a BCP 47 language tag (`en`, `pt-BR`, `zh-Hant`,
/// `es-419`) or `x-default`. Checked for shape (a 2–3 letter language
/// subtag, then subtags of 1–8 letters or digits), not against the IANA
/// registry; case is kept as given.
///
/// ```
/// use sitemap_core::Hreflang;
///
/// assert!("pt-BR".parse::<Hreflang>().is_ok());
/// assert!("x-default".parse::<Hreflang>().is_ok());
/// assert!("english".parse::<Hreflang>().is_err());
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hreflang(String);

impl Hreflang {
    /// `x-default`: the version for users whose language matches no other.
    pub fn x_default() -> Hreflang {
        Hreflang("x-default".to_owned())
    }

    /// The tag as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for Hreflang {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("x-default") {
            return Ok(Hreflang(s.to_owned()));
        }
        let mut parts = s.split('-');
        let lang_ok = parts.next().is_some_and(|l| {
            (2..=3).contains(&l.len()) && l.bytes().all(|b| b.is_ascii_alphabetic())
        });
        let rest_ok = parts
            .all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()));
        if lang_ok && rest_ok {
            Ok(Hreflang(s.to_owned()))
        } else {
            Err(ValueError::Hreflang { input: clip(s) })
        }
    }
}

impl fmt::Display for Hreflang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Hreflang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hreflang({:?})", self.0)
    }
}

impl Serialize for Hreflang {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Hreflang {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
