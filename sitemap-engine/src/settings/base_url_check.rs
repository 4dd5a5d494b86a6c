//! Base URLs that cannot be where a site is served.
//!
//! A sitemap of `http://localhost:1313/` URLs (Hugo's `server` default
//! left in `hugo.toml`) is valid XML and useless: no search engine reaches
//! it. Hosts that only this computer, a local network or nobody reaches
//! (loopback, `.localhost`, `.invalid`, `.test`, `.local`: RFC 2606, 6761,
//! 6762) get a warning on every run, naming where the base URL came from.
//!
//! `example.com`, `.org` and `.net` (RFC 2606's documentation names) are
//! not warned of by a scan: they are what the guide, the examples and
//! most tests write, and a warning there would be noise on every first
//! run a user copies from the guide. Telling search engines about such
//! URLs is what does harm, so `submit` refuses them with the rest
//! ([`refused_for_submit`]).

use std::collections::BTreeSet;

use std::path::PathBuf;

use sitemap_core::Loc;
use sitemap_core::diagnostic::{Diagnostic, Name};

use crate::error::Error;
use crate::settings::{Resolved, place_of};

/// A base URL as a folder ([`Loc::parse_folder`]), or what is wrong with
/// it, in the words every front end puts after its own name for the
/// setting (`--base-url: …`, `sitemap.toml:3 \`base-url\`: …`).
pub fn parse(url: &str) -> Result<Loc, String> {
    Loc::parse_folder(url).map_err(|e| problem(url, &e))
}

/// The `base-url` setting as a folder URL, or an error naming where it
/// was set; `None` when no layer sets it.
pub(crate) fn setting(resolved: &Resolved) -> Result<Option<Loc>, Error> {
    match &resolved.settings.base_url {
        None => Ok(None),
        Some(url) => parse(url)
            .map(Some)
            .map_err(|message| resolved.value_error("base-url", message)),
    }
}

/// What is wrong with `url`, which the model refused with `error`: a host
/// written without its scheme (`example.org/docs`), the usual slip, gets
/// the https URL it most likely means.
pub fn problem(url: &str, error: &sitemap_core::ValueError) -> String {
    let looks_like_host = url.split('/').next().is_some_and(|h| h.contains('.'));
    let guess = (looks_like_host && !url.contains("://"))
        .then(|| Loc::parse_folder(&format!("https://{url}")).ok())
        .flatten();
    match guess {
        Some(guess) => format!(
            "`{url}` is not an absolute URL; sitemaps need absolute locs: did you mean {guess}?"
        ),
        None => error.to_string(),
    }
}

/// `site-url = "/book/"` says mdBook serves the book under `/book/`; a
/// base URL whose path does not end with that folder lists every chapter
/// at a URL that answers 404, and nothing would say so. `base_words` is
/// how the message names the base URL (`base-url https://h/`, or with
/// where `validate --site` found it). The one rule of the scan and of
/// `validate --site`; each puts `book.toml` before the message its own way.
#[cfg(any(feature = "html", feature = "mdbook"))]
pub(crate) fn site_url_missing(site_url: &str, base: &Loc, base_words: &str) -> Option<String> {
    // `site_url` is the book's: quoted as Rust quotes a string, escaped
    // and cut as every name is.
    let quoted = format!("{site_url:?}");
    // An absolute `site-url` on another host than the base URL: the
    // book's links (its 404 page's) go to the one, the sitemap to the
    // other.
    if site_url.contains("://") {
        let site = Loc::parse_folder(site_url).ok()?;
        return (site.origin() != base.origin()).then(|| {
            format!(
                "{base_words} is on another host than output.html.site-url {quoted}, which mdBook builds the book's links for; if the book is served at {site}, give that as the base URL, else correct site-url"
            )
        });
    }
    let path = format!("/{}/", site_url.trim_matches('/'));
    if !site_url.starts_with('/') || path == "//" {
        return None;
    }
    let base_path = &base.as_str()[base.origin().len()..];
    (!base_path.ends_with(&path)).then(|| {
        format!(
            "{base_words} leaves out output.html.site-url {}: mdBook serves the book under {}, so these URLs miss it; did you mean {}{}?",
            Name::new(&quoted),
            Name::new(&path),
            base.origin(),
            Name::new(&path)
        )
    })
}

/// Why `host` is never where a site is served to search engines, when it
/// is one of the names a scan warns of.
pub(crate) fn unreachable(host: &url::Host<&str>) -> Option<&'static str> {
    match host {
        url::Host::Ipv4(ip) if ip.is_loopback() => {
            Some("a loopback address: only this computer reaches it")
        }
        url::Host::Ipv6(ip) if ip.is_loopback() => {
            Some("a loopback address: only this computer reaches it")
        }
        url::Host::Domain(name) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            let tld = name.rsplit('.').next().unwrap_or_default();
            match tld {
                "localhost" => Some("a loopback address: only this computer reaches it"),
                "invalid" => Some("a name reserved never to resolve (RFC 2606)"),
                "test" => Some("a name reserved for testing (RFC 2606)"),
                "local" => Some("a local network name (mDNS): the internet does not reach it"),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Why `submit` refuses to send URLs of `loc`'s host: an unreachable host,
/// or a documentation name (`example.com`, `.org`, `.net`).
pub fn refused_for_submit(loc: &url::Url) -> Option<&'static str> {
    let host = loc.host()?;
    if let Some(why) = unreachable(&host) {
        return Some(why);
    }
    let url::Host::Domain(name) = host else {
        return None;
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    ["example.com", "example.org", "example.net"]
        .iter()
        .any(|doc| name == *doc || name.ends_with(&format!(".{doc}")))
        .then_some("a name reserved for documentation (RFC 2606)")
}

/// Where the base URL was set, for a message: the setting's place
/// (`--base-url`, `sitemap.toml:3: base-url`), else the site
/// configuration's file and key (`hugo.toml: baseURL`) in `from_site`.
#[cfg(feature = "html")]
pub(crate) fn place(resolved: &Resolved, from_site: Option<&(Option<PathBuf>, String)>) -> String {
    match (resolved.origin("base-url"), from_site) {
        (Some(origin), _) => crate::settings::place("base-url", origin),
        (None, Some((Some(file), key))) => {
            format!("{}: {key}", sitemap_core::diagnostic::shown::path(file))
        }
        (None, Some((None, variable))) => variable.clone(),
        (None, None) => "the base URL".to_owned(),
    }
}

/// The warning for a base URL setting that differs from the site
/// configuration's (`site_from`: `hugo.toml: baseURL`) only in its
/// scheme or its folder: `--base-url http://…` on an https site writes
/// every URL as http, `base-url = "…/blog"` on a site built for `/`
/// puts every URL under a folder where nothing is served. Another host
/// is an override for a staging or mirror host, and not warned of.
pub(crate) fn override_warning(
    base: &Loc,
    configured: &Loc,
    resolved: &Resolved,
    site_from: &(Option<PathBuf>, String),
) -> Option<Diagnostic> {
    let (b, c) = (
        url::Url::parse(base.as_str()).ok()?,
        url::Url::parse(configured.as_str()).ok()?,
    );
    if b.host_str() != c.host_str() || b.port() != c.port() || base == configured {
        return None;
    }
    let how = if b.path() == c.path() {
        format!(
            "only in its scheme: every URL is written as {}://, the site's are {}://",
            b.scheme(),
            c.scheme()
        )
    } else {
        format!(
            "in its folder ({} instead of {}): every URL is written under {}, where the site builds none",
            b.path(),
            c.path(),
            b.path()
        )
    };
    let (site_file, site_key) = site_from;
    let site_named = match site_file {
        Some(file) => format!(
            "{}: {site_key}",
            sitemap_core::diagnostic::shown::path(file)
        ),
        None => site_key.clone(),
    };
    let said = |at: &str| {
        Diagnostic::warning(format!(
            "{at} {base} differs from {site_named} {configured} {how}; if the site is served at {configured}, remove the override; if at {base}, set that in {} too and build the site again",
            site_file
                .as_deref()
                .map_or_else(|| site_key.clone(), sitemap_core::diagnostic::shown::path)
        ))
    };
    Some(match resolved.origin("base-url") {
        Some(origin) => {
            let (file, line, at) = place_of("base-url", origin);
            let d = said(&at).with_key("base-url");
            match file {
                Some(file) => d.in_file(file).with_line(line),
                None => d,
            }
        }
        None => said("the base URL"),
    })
}

/// The warning for a base URL no search engine reaches, naming where it
/// was set: `from_site` is the site configuration's file and key
/// (`hugo.toml: baseURL`) when no setting gave it.
pub(crate) fn warning(
    base: &Loc,
    resolved: &Resolved,
    from_site: Option<&(Option<PathBuf>, String)>,
) -> Option<Diagnostic> {
    let url = url::Url::parse(base.as_str()).ok()?;
    let why = unreachable(&url.host()?)?;
    let said = |at: &str| {
        Diagnostic::warning(format!(
            "{at} {base} is {why}; search engines cannot fetch these URLs: set the URL the site is served at"
        ))
    };
    Some(match (resolved.origin("base-url"), from_site) {
        (Some(origin), _) => {
            let (file, line, at) = place_of("base-url", origin);
            let d = said(&at).with_key("base-url");
            match file {
                Some(file) => d.in_file(file).with_line(line),
                None => d,
            }
        }
        (None, Some((Some(file), key))) => said(key).in_file(file).with_key(key),
        (None, Some((None, variable))) => said(variable),
        (None, None) => said("the base URL"),
    })
}

/// The warning for a run whose base URL shares no host with any URL of
/// the ledger it reads: a staging or preview URL in the wrong place, or
/// a move that makes every page new.
pub(crate) fn ledger_host_warning(
    ledger: &std::path::Path,
    hosts: &BTreeSet<String>,
    base: &Loc,
) -> Option<Diagnostic> {
    let url = url::Url::parse(base.as_str()).ok()?;
    let host = url.host_str()?;
    if hosts.is_empty() || hosts.contains(host) {
        return None;
    }
    let was: Vec<&str> = hosts.iter().map(String::as_str).collect();
    Some(
        Diagnostic::warning(format!(
            "every URL it holds is on {}, and this run's base URL {base} is on {host}: every page counts as new (and `submit` sends them all); if the site did not move, fix `base-url`",
            Name::new(&was.join(", "))
        ))
        .in_file(ledger),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(url: &str) -> (Option<&'static str>, Option<&'static str>) {
        let url = url::Url::parse(url).unwrap();
        (unreachable(&url.host().unwrap()), refused_for_submit(&url))
    }

    #[test]
    fn names_nobody_reaches_are_caught_and_documentation_names_only_by_submit() {
        for url in [
            "http://localhost:1313/",
            "http://127.0.0.2/",
            "http://[::1]/",
            "http://blog.localhost/",
            "https://x.invalid/",
            "https://site.test/",
            "https://mac.local./",
        ] {
            let (scan, submit) = why(url);
            assert!(scan.is_some() && submit == scan, "{url}");
        }
        for url in [
            "https://example.org/",
            "https://docs.example.com/",
            "https://example.net/",
        ] {
            assert_eq!(
                why(url),
                (None, Some("a name reserved for documentation (RFC 2606)")),
                "{url}"
            );
        }
        for url in [
            "https://example.io/",
            "https://myexample.org/",
            "https://10.0.0.1/",
            "https://testing.dev/",
        ] {
            assert_eq!(why(url), (None, None), "{url}");
        }
    }
}
