//! Errors for values the protocol refuses.

use thiserror::Error;

/// A value that the Sitemaps protocol (or its XSD) does not allow.
///
/// Every variant says which rule was broken, so a caller can show the
/// message as it is: "loc `ftp://x/`: the scheme must be http or https".
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ValueError {
    /// A `loc` that breaks a rule.
    #[error("loc `{input}`: {rule}")]
    Loc {
        /// What was given (cut to 120 characters).
        input: String,
        /// Which rule it breaks.
        rule: LocRule,
    },
    /// A URL with a user name or password (`https://user:secret@host/`).
    /// A sitemap is public and every consumer would see them; the message
    /// shows the user name but never the password.
    #[error("URL `{url}` has credentials (user:password@); a sitemap URL is public: remove them")]
    Credentials {
        /// The URL with its password (or a lone user name, which may
        /// be a token) replaced by `…`.
        url: String,
    },
    /// A `lastmod` that is not a W3C Datetime.
    #[error(
        "lastmod `{input}`: {reason}; expected a W3C Datetime: YYYY, YYYY-MM, YYYY-MM-DD, or YYYY-MM-DDThh:mm[:ss[.s]] followed by Z or ±hh:mm"
    )]
    Lastmod {
        /// What was given (cut to 120 characters).
        input: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A `changefreq` outside the seven allowed values.
    #[error(
        "changefreq `{input}`: expected one of always, hourly, daily, weekly, monthly, yearly, never"
    )]
    ChangeFreq {
        /// What was given (cut to 120 characters).
        input: String,
    },
    /// A `priority` outside 0.0–1.0 or not a number.
    #[error("priority `{input}`: expected a number from 0.0 to 1.0")]
    Priority {
        /// What was given.
        input: String,
    },
    /// An `hreflang` that is neither a language tag nor `x-default`.
    #[error(
        "hreflang `{input}`: expected a BCP 47 language tag such as `en`, `pt-BR`, `zh-Hant`, or `x-default`"
    )]
    Hreflang {
        /// What was given (cut to 120 characters).
        input: String,
    },
}

/// The rule a `loc` breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LocRule {
    /// Not a URL at all.
    #[error("not an absolute URL ({0})")]
    Syntax(String),
    /// Scheme other than http or https.
    #[error("the scheme must be http or https, not `{0}`")]
    Scheme(String),
    /// No host.
    #[error("the URL has no host")]
    NoHost,
    /// A `#fragment`: crawlers drop it, so two entries would be one page.
    #[error("a fragment (`#...`) is not allowed: a fragment names a part of a page, not a page")]
    Fragment,
    /// Whitespace at either end, or control characters anywhere.
    #[error("leading or trailing whitespace, or control characters, are not allowed")]
    Whitespace,
    /// Longer than the protocol allows, counted as written (percent-encoded).
    #[error("{0} characters once percent-encoded; the protocol allows at most 2048")]
    TooLong(usize),
    /// Shorter than the sitemaps.org XSD's `tLoc` minimum.
    #[error("{0} characters; the sitemaps.org XSD requires at least 12")]
    TooShort(usize),
    /// A user name or password in the URL (shown redacted); [`Loc`]'s
    /// constructors report it as [`ValueError::Credentials`].
    ///
    /// [`Loc`]: crate::Loc
    #[error("the URL `{0}` has credentials (user:password@); a sitemap URL is public: remove them")]
    Credentials(String),
    /// A relative reference that cannot be resolved against its base.
    #[error("cannot resolve `{0}` against the base URL")]
    Join(String),
}

/// A value as an error quotes it: escaped and cut as every name in a
/// message is ([`crate::diagnostic::Name`], at 120 characters), so a
/// value from a file can neither drive the terminal nor forge a line of
/// the report.
pub(crate) fn clip(input: &str) -> String {
    crate::diagnostic::shown::shown(input, 120).into_owned()
}
