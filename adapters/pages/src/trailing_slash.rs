//! How a built page's path becomes its URL: [`TrailingSlash`], the one
//! type the built-HTML reader follows and the engine's `trailing-slash`
//! setting names (defined here, below both, so neither maps it by hand).

use serde::{Deserialize, Serialize};

/// How `dir/index.html` becomes a URL.
///
/// The default, [`TrailingSlash::Always`], is what every common static host
/// serves and what generators link to: GitHub Pages, Netlify, Cloudflare
/// Pages, S3 website hosting and nginx/Apache `index` directives all answer
/// `dir/` with `dir/index.html`, and Hugo, Jekyll, Eleventy, Zola, Astro
/// and mdBook write their links and canonical URLs as `dir/`. Listing
/// `dir/index.html` instead would list a second address for the same page.
///
/// Not `#[non_exhaustive]`: the built-HTML reader matches every form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrailingSlash {
    /// `dir/index.html` → `dir/` (and the root `index.html` → the base URL).
    #[default]
    Always,
    /// `dir/index.html` → `dir`, for hosts set to drop trailing slashes
    /// (Vercel `trailingSlash: false`, Netlify "pretty URLs" off with
    /// redirects). The root stays the base URL.
    Never,
    /// `dir/index.html` → `dir/index.html`, every file as written.
    Keep,
}

impl std::str::FromStr for TrailingSlash {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "always" => Ok(TrailingSlash::Always),
            "never" => Ok(TrailingSlash::Never),
            "keep" => Ok(TrailingSlash::Keep),
            other => Err(format!(
                "trailing-slash `{other}`: expected always, never or keep"
            )),
        }
    }
}
