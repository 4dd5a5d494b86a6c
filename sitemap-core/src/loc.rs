//! `loc`: an absolute http(s) URL, percent-encoded, without a fragment.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::{LocRule, ValueError, clip};

/// The protocol's limit on a `loc`, in characters as written.
pub const MAX_LOC_LEN: usize = 2048;
/// The sitemaps.org XSD's `tLoc` `minLength`.
pub const MIN_LOC_LEN: usize = 12;

/// A `loc`: an absolute `http` or `https` URL with a host, at most 2,048
/// characters once percent-encoded, and no fragment.
///
/// Parsing follows the WHATWG URL standard (the `url` crate), so an IRI
/// becomes a URI on the way in: non-ASCII and spaces in the path and query
/// are percent-encoded and an internationalised host becomes punycode. The
/// host is lowercased and a default port dropped, which is what every
/// crawler does before comparing URLs anyway.
///
/// ```
/// use sitemap_core::Loc;
///
/// let loc: Loc = "https://Example.org/café/a b?q=1&r=2".parse()?;
/// assert_eq!(loc.as_str(), "https://example.org/caf%C3%A9/a%20b?q=1&r=2");
/// assert!("https://example.org/#top".parse::<Loc>().is_err());
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Loc(String);

impl Loc {
    /// Parses and checks an absolute URL.
    pub fn parse(input: &str) -> Result<Loc, ValueError> {
        let err = |rule| loc_error(input, rule);
        if already_normal(input) {
            // The parser would give back the input unchanged; skip it (it
            // is most of the cost of building a `Url` from a site's pages).
            return Self::check_len(input.to_owned()).map_err(err);
        }
        if input.trim() != input || has_control(input) {
            return Err(err(LocRule::Whitespace));
        }
        let url = url::Url::parse(input).map_err(|e| err(LocRule::Syntax(e.to_string())))?;
        Self::check(url).map_err(err)
    }

    /// Parses a site's base URL, which is always a folder: a path that
    /// does not end in `/` gets one (`https://example.org/docs` names the
    /// folder `docs/`, as Zola, Hugo and mdBook treat it), so that
    /// [`Loc::join`] resolves pages inside it.
    ///
    /// ```
    /// use sitemap_core::Loc;
    ///
    /// let base = Loc::parse_folder("https://example.org/docs")?;
    /// assert_eq!(base.join("guide/")?.as_str(), "https://example.org/docs/guide/");
    /// # Ok::<(), sitemap_core::ValueError>(())
    /// ```
    pub fn parse_folder(input: &str) -> Result<Loc, ValueError> {
        if input.ends_with('/') {
            Loc::parse(input)
        } else {
            Loc::parse(&format!("{input}/"))
        }
    }

    /// Resolves `reference` (a path such as `blog/post/` or `/about/`)
    /// against this URL, as a browser would resolve a link on this page.
    ///
    /// ```
    /// use sitemap_core::Loc;
    ///
    /// let base = Loc::parse("https://example.org/docs/")?;
    /// assert_eq!(base.join("guide/intro.html")?.as_str(), "https://example.org/docs/guide/intro.html");
    /// # Ok::<(), sitemap_core::ValueError>(())
    /// ```
    pub fn join(&self, reference: &str) -> Result<Loc, ValueError> {
        let err = |rule| loc_error(reference, rule);
        if let Some(joined) = self.appended(reference) {
            return Self::check_len(joined).map_err(err);
        }
        if reference.chars().any(|c| c.is_control()) {
            return Err(err(LocRule::Whitespace));
        }
        let base = url::Url::parse(&self.0).map_err(|e| err(LocRule::Syntax(e.to_string())))?;
        let url = base
            .join(reference)
            .map_err(|_| err(LocRule::Join(clip(reference))))?;
        Self::check(url).map_err(err)
    }

    /// The join without the parser, when it is only appending: a relative
    /// path (no scheme, no leading `/`, no query or fragment) onto a
    /// folder URL without a query, or a path from the root (one leading
    /// `/`, no query or fragment) onto the base's scheme and host, giving
    /// a URL already in the parser's normal form, which the parser would
    /// hand back unchanged. That is every page of an ordinary site and
    /// most of its images (`fig.png`, `/img/logo.png`), and parsing was
    /// most of the cost of making their URLs.
    fn appended(&self, reference: &str) -> Option<String> {
        if reference.contains(['?', '#']) {
            return None;
        }
        let joined = if let Some(path) = reference.strip_prefix('/') {
            if path.starts_with(['/', '\\']) {
                // `//host/…` names another host.
                return None;
            }
            let after_scheme = self.0.find("://")? + 3;
            let path_start = after_scheme + self.0[after_scheme..].find('/')?;
            [&self.0[..path_start], reference].concat()
        } else {
            let first_segment = reference.split('/').next().unwrap_or("");
            if !self.0.ends_with('/') || self.0.contains('?') || first_segment.contains(':') {
                return None;
            }
            [self.0.as_str(), reference].concat()
        };
        already_normal(&joined).then_some(joined)
    }

    fn check(url: url::Url) -> Result<Loc, LocRule> {
        match url.scheme() {
            "http" | "https" => {}
            other => return Err(LocRule::Scheme(other.to_owned())),
        }
        if url.host_str().is_none_or(str::is_empty) {
            return Err(LocRule::NoHost);
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(LocRule::Credentials(redacted_url(&url)));
        }
        if url.fragment().is_some() {
            return Err(LocRule::Fragment);
        }
        Self::check_len(to_rfc3986(String::from(url)))
    }

    fn check_len(s: String) -> Result<Loc, LocRule> {
        if s.len() > MAX_LOC_LEN {
            return Err(LocRule::TooLong(s.len()));
        }
        if s.len() < MIN_LOC_LEN {
            return Err(LocRule::TooShort(s.len()));
        }
        Ok(Loc(s))
    }

    /// The URL as written into a sitemap (before XML escaping).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The folder this URL sits in: everything up to and including the last
    /// `/` of the path, without query. For a sitemap's own URL this is the
    /// folder whose URLs it may list (the protocol's location rule).
    ///
    /// ```
    /// use sitemap_core::Loc;
    ///
    /// let sitemap = Loc::parse("https://example.org/docs/sitemap.xml")?;
    /// assert_eq!(sitemap.folder().as_str(), "https://example.org/docs/");
    /// # Ok::<(), sitemap_core::ValueError>(())
    /// ```
    pub fn folder(&self) -> Loc {
        let end = self.0.find(['?']).unwrap_or(self.0.len());
        let path_start = self.path_start();
        let slash = self.0[..end].rfind('/').filter(|&i| i >= path_start);
        match slash {
            Some(i) => Loc(self.0[..=i].to_owned()),
            None => Loc(format!("{}/", &self.0[..end])),
        }
    }

    /// Whether this URL lies inside `folder` (same scheme, host and port,
    /// and a path that starts with the folder's path), the test the
    /// protocol's location rule asks for.
    pub fn is_under(&self, folder: &Loc) -> bool {
        let folder = folder.folder();
        self.0.starts_with(folder.as_str())
    }

    /// The scheme, host and port: `https://example.org` for
    /// `https://example.org/docs/`. Two URLs of one origin are on one
    /// site as crawlers count it; `http` and `https` are two origins.
    ///
    /// ```
    /// use sitemap_core::Loc;
    ///
    /// let loc = Loc::parse("https://example.org:8443/docs/?q=1")?;
    /// assert_eq!(loc.origin(), "https://example.org:8443");
    /// # Ok::<(), sitemap_core::ValueError>(())
    /// ```
    pub fn origin(&self) -> &str {
        &self.0[..self.path_start()]
    }

    /// Byte offset of the path (after `scheme://authority`).
    fn path_start(&self) -> usize {
        let after_scheme = self.0.find("://").map_or(0, |i| i + 3);
        self.0[after_scheme..]
            .find('/')
            .map_or(self.0.len(), |i| after_scheme + i)
    }
}

/// The error for `input` breaking `rule`: credentials get their own
/// message, and no message ever repeats a password.
fn loc_error(input: &str, rule: LocRule) -> ValueError {
    match rule {
        LocRule::Credentials(url) => ValueError::Credentials { url },
        rule => ValueError::Loc {
            input: clip(&redact_credentials(input)),
            rule,
        },
    }
}

/// A parsed URL as shown in a message: `user:…@` for `user:password@`,
/// `…@` for a lone user name (often a token, as in `https://TOKEN@host/`).
fn redacted_url(url: &url::Url) -> String {
    let mut bare = url.clone();
    // Only fails for URLs that cannot have credentials, which this has.
    let _ = bare.set_password(None);
    let _ = bare.set_username("");
    let userinfo = if url.password().is_some() {
        format!("{}:…@", url.username())
    } else {
        "…@".to_owned()
    };
    let s = String::from(bare);
    let after_scheme = s.find("://").map_or(0, |i| i + 3);
    format!("{}{userinfo}{}", &s[..after_scheme], &s[after_scheme..])
}

/// `input` with the password of its authority redacted (`https://user:…@host/`,
/// `https://…@host/` for a user alone), for messages that quote a URL as
/// it was written, parsed or not; text without `scheme://…@` comes back
/// as it is.
///
/// ```
/// assert_eq!(
///     sitemap_core::redact_credentials("https://user:secret@example.org"),
///     "https://user:…@example.org"
/// );
/// ```
pub fn redact_credentials(input: &str) -> std::borrow::Cow<'_, str> {
    use std::borrow::Cow;
    let Some(scheme_end) = input.find("://") else {
        return Cow::Borrowed(input);
    };
    let start = scheme_end + 3;
    let authority_end = input[start..]
        .find(['/', '\\', '?', '#'])
        .map_or(input.len(), |i| start + i);
    let Some(at) = input[start..authority_end].rfind('@').map(|i| start + i) else {
        return Cow::Borrowed(input);
    };
    let userinfo = &input[start..at];
    let shown = match userinfo.split_once(':') {
        Some((user, _)) => format!("{user}:…"),
        None => "…".to_owned(),
    };
    Cow::Owned(format!("{}{shown}{}", &input[..start], &input[at..]))
}

/// Whether `input` is an http(s) URL already in the exact form the WHATWG
/// parser followed by [`to_rfc3986`] would give: a lowercase ASCII host
/// name without port or user, a path, and a query, made only of characters
/// that neither step changes, and no dot segments. Anything else (IDNA,
/// IP addresses, escapes, ports, …) goes through the parser. The unit
/// tests check this against the parser on random inputs.
fn has_control(input: &str) -> bool {
    if input.is_ascii() {
        input.bytes().any(|b| b < 0x20 || b == 0x7f)
    } else {
        input.chars().any(char::is_control)
    }
}

/// Bytes the WHATWG parser and [`to_rfc3986`] leave as they are in the
/// path of an http(s) URL: unreserved, sub-delimiters, `:`, `@`, `/`.
const PATH_PLAIN: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b':'
                    | b'@'
                    | b'/'
            );
        c += 1;
    }
    table
};

fn already_normal(input: &str) -> bool {
    let b = input.as_bytes();
    let start = if b.starts_with(b"https://") {
        8
    } else if b.starts_with(b"http://") {
        7
    } else {
        return false;
    };
    // The host: dot-separated labels of `[a-z0-9-]`, up to the first `/`.
    let mut i = start;
    let mut label_start = i;
    loop {
        let Some(&c) = b.get(i) else {
            // No path: the parser would add `/`.
            return false;
        };
        if c == b'.' || c == b'/' {
            let label = &b[label_start..i];
            if label.is_empty()
                || label.len() > 63
                || label[0] == b'-'
                || label[label.len() - 1] == b'-'
                || label.windows(4).any(|w| w == b"xn--")
            {
                return false;
            }
            if c == b'/' {
                // A numeric last label would make the host an IPv4 address.
                if !label[0].is_ascii_lowercase() || i - start > 253 {
                    return false;
                }
                break;
            }
            label_start = i + 1;
        } else if !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-') {
            return false;
        }
        i += 1;
    }
    // The path, then the query. `'` is kept in a path but percent-encoded
    // in the query of an http(s) URL; `?` is plain in a query.
    let mut in_query = false;
    while i < b.len() {
        let c = b[i];
        if in_query {
            if !((PATH_PLAIN[usize::from(c)] && c != b'\'') || c == b'?') {
                return false;
            }
        } else if c == b'?' {
            in_query = true;
        } else if !PATH_PLAIN[usize::from(c)] {
            return false;
        } else if c == b'.' && b[i - 1] == b'/' {
            // A `.` or `..` segment, which the parser would resolve.
            let mut j = i + 1;
            if b.get(j) == Some(&b'.') {
                j += 1;
            }
            if matches!(b.get(j), None | Some(b'/' | b'?')) {
                return false;
            }
        }
        i += 1;
    }
    true
}

/// Percent-encodes what the WHATWG parser leaves in a path or query but
/// RFC 3986 (and so `xsd:anyURI`, which validating consumers check) does
/// not allow: a `%` that does not start an escape, and `|`, `^`, `[`,
/// `]`, `{`, `}`, `` ` ``, `\`. The authority is left alone: the parser
/// has already normalised the host.
fn to_rfc3986(s: String) -> String {
    let after_scheme = s.find("://").map_or(0, |i| i + 3);
    let path_start = s[after_scheme..]
        .find(['/', '?'])
        .map_or(s.len(), |i| after_scheme + i);
    let b = s.as_bytes();
    let allowed = |i: usize| -> bool {
        match b[i] {
            b'%' => b
                .get(i + 1..i + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)),
            // The path's bytes, plus `?` (this check also covers the query).
            c => PATH_PLAIN[usize::from(c)] || c == b'?',
        }
    };
    if (path_start..b.len()).all(allowed) {
        return s;
    }
    let mut out = String::with_capacity(s.len() + 16);
    out.push_str(&s[..path_start]);
    for (i, &c) in b.iter().enumerate().skip(path_start) {
        if allowed(i) {
            out.push(char::from(c));
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
    }
    out
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Loc({:?})", self.0)
    }
}

impl FromStr for Loc {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Loc::parse(s)
    }
}

impl AsRef<str> for Loc {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Serialize for Loc {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Loc {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Loc::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn slow(input: &str) -> Option<String> {
        let url = url::Url::parse(input).ok()?;
        Loc::check(url).ok().map(|l| l.0)
    }

    const PIECES: [&str; 30] = [
        "https://", "http://", "a", "Z", "0", "-", ".", "/", "?", "&", "'", "=", "%", "%41", ":",
        "@", "..", "xn--", "example", "com", "8080", "~", "_", "!", "é", " ", "\\", "[", "#", ";",
    ];

    const LABELS: [&str; 12] = [
        "example", "com", "a", "b-c", "x0", "0a", "Z", "-a", "xn--a", "é", "", "1",
    ];

    static TAKEN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

        /// Whenever the fast path takes an input, the result is the
        /// parser's.
        #[test]
        fn fast_path_agrees_with_the_parser(
            scheme in prop::sample::select(&["https://", "http://"][..]),
            host in prop::collection::vec(prop::sample::select(&LABELS[..]), 1..4),
            tail in prop::collection::vec(prop::sample::select(&PIECES[..]), 0..8),
        ) {
            let input = format!("{scheme}{}/{}", host.join("."), tail.concat());
            if already_normal(&input) {
                TAKEN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let fast = Loc::parse(&input).ok().map(|l| l.0);
                prop_assert_eq!(fast, slow(&input));
            }
        }
    }

    fn slow_join(base: &str, reference: &str) -> Option<String> {
        if reference.chars().any(char::is_control) {
            return None;
        }
        let url = url::Url::parse(base).ok()?.join(reference).ok()?;
        Loc::check(url).ok().map(|l| l.0)
    }

    static JOINS_APPENDED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

        /// `join` gives what the parser's join gives, whether or not it
        /// took the appending shortcut.
        #[test]
        fn join_agrees_with_the_parser(
            base in prop::sample::select(&[
                "https://example.org/",
                "http://example.org/docs/",
                "https://a.example.com/x/y/",
                "https://example.org/page",
                "https://example.org/docs/?q=1",
            ][..]),
            rooted in any::<bool>(),
            tail in prop::collection::vec(prop::sample::select(&PIECES[..]), 0..8),
        ) {
            let base = Loc::parse(base).unwrap();
            let reference = format!("{}{}", if rooted { "/" } else { "" }, tail.concat());
            if base.appended(&reference).is_some() {
                JOINS_APPENDED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            prop_assert_eq!(
                base.join(&reference).ok().map(|l| l.0),
                slow_join(base.as_str(), &reference)
            );
        }
    }

    #[test]
    fn join_shortcut_is_taken_for_site_pages() {
        join_agrees_with_the_parser();
        assert!(JOINS_APPENDED.load(std::sync::atomic::Ordering::Relaxed) > 200);
        let base = Loc::parse("https://example.org/docs/").unwrap();
        for page in [
            "",
            "blog/",
            "blog/post-1/",
            "a/b.html",
            "it's~_!;=&@",
            "/abs/",
            "/img/logo.png",
            "/",
        ] {
            assert!(base.appended(page).is_some(), "{page}");
        }
        assert_eq!(
            base.join("/img/logo.png").unwrap().as_str(),
            "https://example.org/img/logo.png"
        );
        for other in [
            "./a",
            "a/../b",
            "..",
            "mailto:x",
            "a?q",
            "a#f",
            "é",
            "a b",
            "%41",
            "//cdn.org/a",
            "/\\cdn.org/a",
            "/a/../b",
            "/./a",
            "/a?q",
        ] {
            assert!(base.appended(other).is_none(), "{other}");
        }
    }

    #[test]
    fn fast_path_takes_ordinary_urls_and_leaves_the_rest() {
        // The property test above must have exercised the fast path.
        fast_path_agrees_with_the_parser();
        assert!(TAKEN.load(std::sync::atomic::Ordering::Relaxed) > 200);
        for fast in [
            "https://example.org/",
            "http://www.example.com/a/b-c_d.html?x=1&y=2",
            "https://a.b/it's",
        ] {
            assert!(already_normal(fast), "{fast}");
            assert_eq!(slow(fast).as_deref(), Some(fast));
        }
        for slow_one in [
            "https://Example.org/",
            "https://example.org",
            "https://example.org:443/",
            "https://1.2.3.4/",
            "https://example.org/a/../b",
            "https://example.org/a/./b",
            "https://example.org/a/.",
            "https://example.org/..?x",
            "https://example.org/%2e/",
            "https://example.org/?q='",
            "https://example.org/%41",
            "https://xn--caf-dma.example/",
            "https://user@example.org/",
        ] {
            assert!(!already_normal(slow_one), "{slow_one}");
        }
    }
}
