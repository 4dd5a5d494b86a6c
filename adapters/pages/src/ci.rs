//! The CI host a build runs on, told from its environment variables, and
//! what it takes there to get a git history that is not cut off.
//!
//! A shallow clone leaves pages without a `lastmod`; the warning (and the
//! `shallow = "fail"` error) says how to fix it where the user is, so
//! they need not look it up:
//!
//! | Host | Variable | Clone | Fix |
//! |---|---|---|---|
//! | GitHub Actions | `GITHUB_ACTIONS=true` | depth 1 | `fetch-depth: 0` in actions/checkout |
//! | GitLab CI | `GITLAB_CI` | depth 20 or 50 | `GIT_DEPTH: 0` (or the project's shallow-clone setting at 0) |
//! | Netlify | `NETLIFY=true` | full as a rule | unshallow first in the build command |
//! | Vercel | `VERCEL=1` | shallow, no setting, no remote | unshallow from the repository's URL, or build elsewhere and `vercel deploy --prebuilt` |
//! | Cloudflare Pages | `CF_PAGES=1` | shallow, no setting | unshallow first in the build command |
//!
//! Everywhere, `git fetch --unshallow --filter=blob:none` before the
//! build is the cheap way: it fetches the missing commits and trees
//! (what the history pass reads) but no old file contents.

use std::fmt;

/// A CI host with a known way to a full history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CiHost {
    /// GitHub Actions (`GITHUB_ACTIONS=true`).
    GitHubActions,
    /// GitLab CI/CD (`GITLAB_CI` set).
    GitLab,
    /// Netlify (`NETLIFY=true`).
    Netlify,
    /// Vercel (`VERCEL=1`).
    Vercel,
    /// Cloudflare Pages (`CF_PAGES=1`).
    CloudflarePages,
}

/// The command that fetches the missing history without old file
/// contents; it works wherever the clone has its remote.
pub const UNSHALLOW: &str = "git fetch --unshallow --filter=blob:none";

impl CiHost {
    /// The host this process runs on, from its environment.
    pub fn detect() -> Option<CiHost> {
        CiHost::from_env(|name| std::env::var(name).ok())
    }

    /// The host the variables `var` returns describe (tests pass their
    /// own).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Option<CiHost> {
        let is = |name: &str, value: &str| var(name).is_some_and(|v| v == value);
        if is("GITHUB_ACTIONS", "true") {
            Some(CiHost::GitHubActions)
        } else if var("GITLAB_CI").is_some_and(|v| !v.is_empty()) {
            Some(CiHost::GitLab)
        } else if is("NETLIFY", "true") {
            Some(CiHost::Netlify)
        } else if is("VERCEL", "1") {
            Some(CiHost::Vercel)
        } else if is("CF_PAGES", "1") {
            Some(CiHost::CloudflarePages)
        } else {
            None
        }
    }

    /// How to get the full history on this host.
    pub fn fix(self) -> String {
        match self {
            CiHost::GitHubActions => format!(
                "on GitHub Actions, set `fetch-depth: 0` under `with:` of the actions/checkout step (or run `{UNSHALLOW}` before the build)"
            ),
            CiHost::GitLab => format!(
                "on GitLab CI, set `GIT_DEPTH: 0` under `variables:` in .gitlab-ci.yml (or Git shallow clone = 0 in Settings > CI/CD > General pipelines), or run `{UNSHALLOW}` before the build"
            ),
            CiHost::Netlify => {
                format!("on Netlify, start the build command with `{UNSHALLOW} && `")
            }
            CiHost::Vercel => format!(
                "on Vercel (shallow clones, no setting for the depth, no remote), start the build command with `{UNSHALLOW} https://github.com/$VERCEL_GIT_REPO_OWNER/$VERCEL_GIT_REPO_SLUG.git && ` (a private repository needs a token in that URL), or build where the full history is and deploy with `vercel deploy --prebuilt`"
            ),
            CiHost::CloudflarePages => format!(
                "on Cloudflare Pages (shallow clones, no setting for the depth), start the build command with `{UNSHALLOW} && `"
            ),
        }
    }
}

impl fmt::Display for CiHost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CiHost::GitHubActions => "GitHub Actions",
            CiHost::GitLab => "GitLab CI",
            CiHost::Netlify => "Netlify",
            CiHost::Vercel => "Vercel",
            CiHost::CloudflarePages => "Cloudflare Pages",
        })
    }
}

/// The fix to name for `host`: its own, or, on no known host, the
/// generic one (with the GitHub Actions setting, the commonest case).
pub fn full_history_fix(host: Option<CiHost>) -> String {
    match host {
        Some(host) => host.fix(),
        None => format!(
            "run `{UNSHALLOW}` before the build (in GitHub Actions: `fetch-depth: 0` in actions/checkout)"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::CiHost;

    fn host(vars: &[(&str, &str)]) -> Option<CiHost> {
        CiHost::from_env(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        })
    }

    /// Each host by the value its docs give; other values (a variable
    /// set to `false`, an empty one) are no host.
    #[test]
    fn hosts_by_their_variables() {
        assert_eq!(host(&[]), None);
        assert_eq!(
            host(&[("GITHUB_ACTIONS", "true")]),
            Some(CiHost::GitHubActions)
        );
        assert_eq!(host(&[("GITHUB_ACTIONS", "false")]), None);
        assert_eq!(host(&[("GITLAB_CI", "true")]), Some(CiHost::GitLab));
        assert_eq!(host(&[("GITLAB_CI", "")]), None);
        assert_eq!(host(&[("NETLIFY", "true")]), Some(CiHost::Netlify));
        assert_eq!(host(&[("VERCEL", "1")]), Some(CiHost::Vercel));
        assert_eq!(host(&[("VERCEL", "0")]), None);
        assert_eq!(host(&[("CF_PAGES", "1")]), Some(CiHost::CloudflarePages));
    }
}
