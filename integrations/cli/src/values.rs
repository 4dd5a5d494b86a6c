//! Checks of flag values, run by clap as it parses: a bad value is a
//! usage error (exit 2) that names the flag, as the exit code table says,
//! instead of an error blamed on a settings file later.
//!
//! Each returns the value as the flag's field holds it; the meaning is
//! checked again, with the settings file's values, where they are merged.

use sitemap_core::{ChangeFreq, Loc, Priority};

/// `--base-url`: an absolute http(s) URL (a folder: `/` is added).
///
/// Checked by the subcommand, not by clap: clap's message repeats the
/// value, and a URL may carry a password, which the model's own message
/// redacts.
pub(crate) fn base_url(s: &str) -> Result<Loc, Usage> {
    sitemap_engine::base_url_check::parse(s)
        .map_err(|message| Usage(format!("--base-url: {message}")))
}

/// A bad flag value found by a subcommand rather than by clap: a usage
/// error all the same (exit 2).
#[derive(Debug)]
pub(crate) struct Usage(pub(crate) String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// `--priority`: 0.0 to 1.0.
pub(crate) fn priority(s: &str) -> Result<Priority, String> {
    s.parse().map_err(|e| format!("{e}"))
}

/// `--changefreq`: one of the protocol's words.
pub(crate) fn changefreq(s: &str) -> Result<ChangeFreq, String> {
    s.parse::<ChangeFreq>().map_err(|e| format!("{e}"))
}

/// `--max-urls`: 1 to the protocol's 50,000.
pub(crate) fn max_urls(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n @ 1..=50_000) => Ok(n),
        _ => Err("expected a whole number from 1 to 50000".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_as_the_model_checks_them() {
        assert_eq!(priority("0.5").map(|p| p.value()), Ok(0.5));
        assert!(priority("2").unwrap_err().contains("0.0 to 1.0"));
        assert_eq!(changefreq("weekly").map(|c| c.as_str()), Ok("weekly"));
        assert!(changefreq("sometimes").is_err());
        assert_eq!(max_urls("50000"), Ok(50_000));
        assert!(max_urls("0").is_err() && max_urls("50001").is_err());
        assert_eq!(
            base_url("https://example.org").unwrap().as_str(),
            "https://example.org/"
        );
        assert_eq!(
            base_url("https://u:secret@example.org/")
                .unwrap_err()
                .to_string(),
            "--base-url: URL `https://u:…@example.org/` has credentials (user:password@); a sitemap URL is public: remove them"
        );
        assert_eq!(
            base_url("example.org").unwrap_err().to_string(),
            "--base-url: `example.org` is not an absolute URL; sitemaps need absolute locs: did you mean https://example.org/?"
        );
    }
}
