//! The images a page shows, as an image sitemap lists them.
//!
//! Every adapter finds references its own way (Markdown images, `<img>`
//! in built HTML, front matter keys); this module is what they share:
//! [`ImageRules::resolve`] turns a reference into an absolute URL the way
//! a browser resolves it on the page (against the page's URL, or the
//! `<base href>` the caller passes instead) and keeps it only on the
//! site's own host or a host of the `image-hosts` allow-list;
//! [`PageImages`] collects one page's images in document order, each once;
//! [`ImageCounts`] adds up, over a whole scan, what was listed and what
//! was left out and why, for the summary. [`img_reference`] reads an
//! `<img>`'s attributes (lazy loaders, `srcset`, tracking pixels) the same
//! way wherever an `<img>` is found.
//!
//! ```
//! use sitemap_core::Loc;
//! use sitemap_pages::images::{ImageRules, PageImages};
//!
//! let site = Loc::parse("https://example.org/")?;
//! let rules = ImageRules::new(&site, &["*.cdn.example.net".to_owned()]).unwrap();
//! let page = Loc::parse("https://example.org/blog/post/")?;
//! let mut images = PageImages::default();
//! for reference in ["cat.png", "/img/logo.svg", "https://a.cdn.example.net/x.jpg",
//!                   "https://elsewhere.org/y.jpg", "data:image/png;base64,AAAA", "cat.png"] {
//!     images.push(rules.resolve(&page, reference));
//! }
//! let listed: Vec<&str> = images.images().iter().map(|i| i.loc.as_str()).collect();
//! assert_eq!(listed, [
//!     "https://example.org/blog/post/cat.png",
//!     "https://example.org/img/logo.svg",
//!     "https://a.cdn.example.net/x.jpg",
//! ]);
//! let counts = images.counts();
//! assert_eq!((counts.other_host, counts.inline_data, counts.repeated), (1, 1, 1));
//! # Ok::<(), sitemap_core::ValueError>(())
//! ```

mod element;
mod front_keys;
pub mod markdown;

use std::collections::HashSet;

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use sitemap_core::{Image, Loc};

pub use self::element::{img_reference, srcset_largest};
pub use self::front_keys::{FrontImage, front_matter_images};

/// Which images a job lists: those on the site's own host and on the
/// hosts of the allow-list (a CDN's images are the site's too, but a
/// badge or an embed from another site is not).
#[derive(Clone, Debug)]
pub struct ImageRules {
    /// The site's host, always allowed.
    site_host: String,
    hosts: GlobSet,
}

/// Why a reference is not listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dropped {
    /// A `data:` URI: the image is inside the page, not at a URL.
    InlineData,
    /// On a host that is neither the site's nor in `image-hosts`.
    OtherHost,
    /// Not http(s) (`blob:`, `file:`), or not a URL at all.
    NotAUrl,
    /// A tracking pixel (declared 1×1).
    Pixel,
}

impl ImageRules {
    /// Rules for a site served at `site`, allowing the images of the hosts
    /// `hosts` names (exact names or globs such as `*.cloudfront.net`,
    /// matched without regard to case). An error names the bad pattern.
    pub fn new(site: &Loc, hosts: &[String]) -> Result<ImageRules, String> {
        let mut set = GlobSetBuilder::new();
        for host in hosts {
            let glob = GlobBuilder::new(host)
                .case_insensitive(true)
                .literal_separator(true)
                .build()
                .map_err(|e| format!("`{host}`: {e}"))?;
            set.add(glob);
        }
        let hosts = set.build().map_err(|e| e.to_string())?;
        Ok(ImageRules {
            site_host: host_of(site.as_str()).to_ascii_lowercase(),
            hosts,
        })
    }

    /// Resolves `reference`, found on the page at `base` (or under its
    /// `<base href>`), as a browser would, and says whether it is listed.
    pub fn resolve(&self, base: &Loc, reference: &str) -> Result<Loc, Dropped> {
        // HTML strips these from a URL attribute before resolving it.
        let reference = reference.trim_matches(|c: char| c.is_ascii_whitespace());
        let scheme_end = reference.find(':').filter(|&i| {
            !reference[..i].contains(['/', '?', '#'])
                && reference[..i]
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.')
        });
        if let Some(i) = scheme_end {
            let scheme = &reference[..i];
            if scheme.eq_ignore_ascii_case("data") {
                return Err(Dropped::InlineData);
            }
            if !(scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")) {
                return Err(Dropped::NotAUrl);
            }
        }
        // The image is the same whatever the fragment says.
        let reference = reference.split('#').next().unwrap_or_default();
        if reference.is_empty() {
            return Err(Dropped::NotAUrl);
        }
        let loc = base.join(reference).map_err(|_| Dropped::NotAUrl)?;
        let host = host_of(loc.as_str());
        if host.eq_ignore_ascii_case(&self.site_host) || self.hosts.is_match(host) {
            Ok(loc)
        } else {
            Err(Dropped::OtherHost)
        }
    }
}

/// The host of an absolute URL (no port, no credentials: a [`Loc`] has
/// none).
fn host_of(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(url, |i| &url[i + 3..]);
    let authority = after_scheme
        .split(['/', '?'])
        .next()
        .unwrap_or(after_scheme);
    if authority.starts_with('[') {
        // An IPv6 literal: `[::1]:8080`.
        return authority
            .split_once(']')
            .map_or(authority, |(h, _)| &authority[..=h.len()]);
    }
    authority.split(':').next().unwrap_or(authority)
}

/// One page's images, in the order the page shows them, each once.
#[derive(Clone, Debug, Default)]
pub struct PageImages {
    images: Vec<Image>,
    /// The images' URLs once there are [`PageImages::SCANNED`] of them;
    /// below that a repeat is found by comparing with each, which on the
    /// few images most pages have costs less than hashing and copying
    /// every URL (a fifth of resolving a large site's images).
    seen: HashSet<Loc>,
    counts: ImageCounts,
}

impl PageImages {
    /// Up to this many images, a repeat is looked for image by image.
    const SCANNED: usize = 16;

    /// Adds what [`ImageRules::resolve`] made of one reference.
    pub fn push(&mut self, resolved: Result<Loc, Dropped>) {
        match resolved {
            Ok(loc) => {
                let new = if self.images.len() < Self::SCANNED {
                    !self.images.iter().any(|image| image.loc == loc)
                } else {
                    if self.seen.is_empty() {
                        self.seen
                            .extend(self.images.iter().map(|image| image.loc.clone()));
                    }
                    self.seen.insert(loc.clone())
                };
                if new {
                    self.images.push(Image::new(loc));
                    self.counts.listed += 1;
                } else {
                    self.counts.repeated += 1;
                }
            }
            Err(dropped) => self.counts.count(dropped),
        }
    }

    /// Counts a shortcode (Hugo `{{< figure >}}`, Zola `{{ image() }}`)
    /// whose images are not listed, since only the generator expands it.
    pub fn shortcode(&mut self) {
        self.counts.shortcodes += 1;
    }

    /// The images found so far.
    pub fn images(&self) -> &[Image] {
        &self.images
    }

    /// What was found and left out on this page.
    pub fn counts(&self) -> ImageCounts {
        self.counts
    }

    /// The images and the counts.
    pub fn finish(self) -> (Vec<Image>, ImageCounts) {
        (self.images, self.counts)
    }
}

/// What a scan found: images listed and references left out, by reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ImageCounts {
    /// Images listed (before the writer's 1,000-per-page cut).
    pub listed: u64,
    /// The same image again on one page.
    pub repeated: u64,
    /// `data:` URIs.
    pub inline_data: u64,
    /// On hosts outside the site and `image-hosts`.
    pub other_host: u64,
    /// Not http(s) URLs.
    pub not_a_url: u64,
    /// Tracking pixels.
    pub pixels: u64,
    /// Shortcodes the generator expands, whose images are not known here.
    pub shortcodes: u64,
    /// Pages that turned images off (front matter `sitemap.images = false`,
    /// a built page's `<meta name="robots" content="noimageindex">`).
    pub pages_off: u64,
}

impl ImageCounts {
    /// Counts one reference left out.
    pub fn count(&mut self, dropped: Dropped) {
        match dropped {
            Dropped::InlineData => self.inline_data += 1,
            Dropped::OtherHost => self.other_host += 1,
            Dropped::NotAUrl => self.not_a_url += 1,
            Dropped::Pixel => self.pixels += 1,
        }
    }

    /// Adds another page's or thread's counts.
    pub fn add(&mut self, other: ImageCounts) {
        self.listed += other.listed;
        self.repeated += other.repeated;
        self.inline_data += other.inline_data;
        self.other_host += other.other_host;
        self.not_a_url += other.not_a_url;
        self.pixels += other.pixels;
        self.shortcodes += other.shortcodes;
        self.pages_off += other.pages_off;
    }

    /// What was left out, as `3 on other hosts (not in image-hosts), 1
    /// data: URI`: the reasons with a count, in a fixed order; empty when
    /// nothing was.
    pub fn left_out(&self) -> Vec<String> {
        let plural = |n: u64, one: &str, many: &str| {
            if n == 1 {
                format!("1 {one}")
            } else {
                format!("{n} {many}")
            }
        };
        let mut out = Vec::new();
        if self.other_host > 0 {
            out.push(format!(
                "{} on other hosts (not in image-hosts)",
                self.other_host
            ));
        }
        if self.shortcodes > 0 {
            out.push(plural(
                self.shortcodes,
                "shortcode the generator expands",
                "shortcodes the generator expands",
            ));
        }
        if self.inline_data > 0 {
            out.push(plural(self.inline_data, "data: URI", "data: URIs"));
        }
        if self.pixels > 0 {
            out.push(plural(self.pixels, "tracking pixel", "tracking pixels"));
        }
        if self.not_a_url > 0 {
            out.push(plural(
                self.not_a_url,
                "not an http(s) URL",
                "not http(s) URLs",
            ));
        }
        if self.repeated > 0 {
            out.push(plural(
                self.repeated,
                "repeat on its page",
                "repeats on their page",
            ));
        }
        if self.pages_off > 0 {
            out.push(plural(
                self.pages_off,
                "page with images turned off (`sitemap.images = false` or `noimageindex`)",
                "pages with images turned off (`sitemap.images = false` or `noimageindex`)",
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(hosts: &[&str]) -> ImageRules {
        let hosts: Vec<String> = hosts.iter().map(|h| (*h).to_owned()).collect();
        ImageRules::new(&Loc::parse("https://example.org/docs/").unwrap(), &hosts).unwrap()
    }

    #[test]
    fn references_resolve_as_a_browser_resolves_them() {
        let r = rules(&[]);
        let page = Loc::parse("https://example.org/docs/guide/intro.html").unwrap();
        let cases = [
            ("a.png", Ok("https://example.org/docs/guide/a.png")),
            ("../img/b.png", Ok("https://example.org/docs/img/b.png")),
            ("/c.png", Ok("https://example.org/c.png")),
            ("//example.org/d.png", Ok("https://example.org/d.png")),
            ("HTTPS://EXAMPLE.ORG/e.png", Ok("https://example.org/e.png")),
            (
                " f g.png#frag ",
                Ok("https://example.org/docs/guide/f%20g.png"),
            ),
            (
                "http://example.org:8080/h.png",
                Ok("http://example.org:8080/h.png"),
            ),
            ("data:image/gif;base64,R0lG", Err(Dropped::InlineData)),
            ("DATA:image/gif;base64,R0lG", Err(Dropped::InlineData)),
            ("blob:https://example.org/1", Err(Dropped::NotAUrl)),
            ("javascript:void(0)", Err(Dropped::NotAUrl)),
            ("", Err(Dropped::NotAUrl)),
            ("#only", Err(Dropped::NotAUrl)),
            ("https://other.org/i.png", Err(Dropped::OtherHost)),
        ];
        for (reference, expected) in cases {
            let got = r.resolve(&page, reference);
            let got = got.as_ref().map(Loc::as_str).map_err(|d| *d);
            assert_eq!(got, expected, "{reference:?}");
        }
    }

    #[test]
    fn the_allow_list_takes_exact_hosts_and_globs_ignoring_case() {
        let r = rules(&["cdn.example.net", "*.cloudfront.net"]);
        let page = Loc::parse("https://example.org/").unwrap();
        assert!(r.resolve(&page, "https://CDN.example.net/a.png").is_ok());
        assert!(r.resolve(&page, "https://d1.cloudfront.net/a.png").is_ok());
        assert_eq!(
            r.resolve(&page, "https://a.b.cloudfront.net.evil.org/a.png"),
            Err(Dropped::OtherHost)
        );
        assert_eq!(
            r.resolve(&page, "https://example.net/a.png"),
            Err(Dropped::OtherHost)
        );
    }

    #[test]
    fn a_bad_pattern_is_named() {
        let err = ImageRules::new(&Loc::parse("https://example.org/").unwrap(), &["a[".into()])
            .unwrap_err();
        assert!(err.starts_with("`a[`: "), "{err}");
    }

    #[test]
    fn the_host_is_found_without_port_or_path() {
        assert_eq!(host_of("https://example.org:8443/a?b"), "example.org");
        assert_eq!(host_of("https://example.org?b"), "example.org");
        assert_eq!(host_of("http://[::1]:8080/a"), "[::1]");
    }

    /// Each image once, in the order first shown, and every repeat
    /// counted, on either side of the count where repeats are found by a
    /// set rather than by comparing with each.
    #[test]
    fn a_page_lists_each_image_once_however_many_it_shows() {
        for shown in [3, PageImages::SCANNED, PageImages::SCANNED + 1, 100] {
            let mut images = PageImages::default();
            // Each step shows image k, then images k/2 and k/3 again.
            let refs: Vec<usize> = (0..shown).flat_map(|k| [k, k / 2, k / 3]).collect();
            for &k in &refs {
                let loc = Loc::parse(&format!("https://example.org/{k}.png")).unwrap();
                images.push(Ok(loc));
            }
            let (listed, counts) = images.finish();
            let mut expected: Vec<usize> = Vec::new();
            for &k in &refs {
                if !expected.contains(&k) {
                    expected.push(k);
                }
            }
            let listed: Vec<String> = listed.iter().map(|i| i.loc.to_string()).collect();
            let expected: Vec<String> = expected
                .iter()
                .map(|k| format!("https://example.org/{k}.png"))
                .collect();
            assert_eq!(listed, expected, "{shown} shown");
            assert_eq!(counts.listed, expected.len() as u64);
            assert_eq!(counts.repeated, (refs.len() - expected.len()) as u64);
        }
    }
}
