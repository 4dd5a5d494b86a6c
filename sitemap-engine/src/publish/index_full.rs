//! A set that needs more sitemaps than one index lists, said in the
//! settings' words. The core writer names its own field
//! (`Limits::max_sitemaps`), which is right for a library caller and
//! means nothing on a command line or in `sitemap.toml`; here the same
//! refusal names `split-by`, when its groups are what made the sitemaps
//! many, and `limits`, whose `sitemaps-org` profile lets an index list
//! 50,000.
//!
//! The groups are not merged to fit (the smallest sections put together,
//! say): a group's sitemap would then depend on how many other sections
//! the site has, moving a section's pages between files as the site
//! grows, and the per-section reports `split-by` is for would no longer
//! be per section. The user chooses: the larger profile, or a table that
//! names fewer groups.

use sitemap_core::{Limits, SetErrorKind};

use crate::error::Error;
use crate::settings::{LimitsName, Resolved};

/// `e` said in the settings' words when it is the core writer's "too
/// many sitemaps"; `groups` is how many groups `split-by` made, if it
/// was set. Any other error is returned as it is.
pub(crate) fn explain(e: Error, resolved: &Resolved, groups: Option<usize>) -> Error {
    let Error::Write(set) = &e else {
        return e;
    };
    let SetErrorKind::TooManySitemaps { limit, max_urls } = set.kind() else {
        return e;
    };
    let profile = match resolved.settings.limits {
        Some(LimitsName::SitemapsOrg) => "`limits = \"sitemaps-org\"`".to_owned(),
        Some(LimitsName::Legacy) => {
            format!("`limits = \"legacy\"` ({})", resolved.describe("limits"))
        }
        None => "`limits = \"legacy\"` (the default)".to_owned(),
    };
    let larger = *limit < Limits::SITEMAPS_ORG.max_sitemaps;
    let raise = format!(
        "set `limits = \"sitemaps-org\"` (`--limits sitemaps-org`), whose index lists up to {} sitemaps",
        thousands(Limits::SITEMAPS_ORG.max_sitemaps)
    );
    match groups {
        Some(groups) => {
            let table = "name fewer groups with a `split-by` table of URL globs (`{ \"/blog/**\" = \"blog\" }`, the rest in `other`)";
            // A job error, not the setting's: the value is valid, the site
            // has more sections than it can take (exit 1, not a usage error).
            Error::job(
                format!(
                    "{}: the set's {groups} groups need more than {} sitemaps (one each, more for a group past {} URLs or a file's bytes), and one index lists at most {} under {profile}",
                    resolved.describe("split-by"),
                    thousands(*limit),
                    thousands(*max_urls),
                    thousands(*limit)
                ),
                if larger {
                    format!("{raise}, or {table}")
                } else {
                    table.to_owned()
                },
            )
        }
        // `max-urls` set low is what made the sitemaps many: it is named
        // first, and raising it is the first fix.
        None if resolved.settings.max_urls.is_some() => Error::job(
            format!(
                "{}: sitemaps of up to {} URLs each, and this set needs more than {} of them, but one index lists at most {} under {profile}",
                resolved.describe("max-urls"),
                thousands(*max_urls),
                thousands(*limit),
                thousands(*limit)
            ),
            format!(
                "raise `max-urls` (or remove it: the default is {} URLs a sitemap){}",
                thousands(Limits::LEGACY.max_urls),
                if larger {
                    format!(", or {raise}")
                } else {
                    String::new()
                }
            ),
        ),
        None => Error::in_file(
            set.path(),
            format!(
                "the set needs more than {} sitemaps of up to {} URLs each, and one index lists at most {} under {profile}",
                thousands(*limit),
                thousands(*max_urls),
                thousands(*limit)
            ),
            if larger {
                raise
            } else {
                "list fewer URLs (an index may not list another index)".to_owned()
            },
        ),
    }
}

/// `50000` as `50,000`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
