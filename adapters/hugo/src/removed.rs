//! Front matter the current Hugo refuses and Hugo 0.111.3 built: the
//! page is refused, as Hugo refuses to build the site, with what to
//! write instead.
//!
//! - `_build`: deprecated in 0.145 for `build`; Hugo turns a deprecation
//!   into an error 15 minor versions on (`common/hugo.Deprecate`), so
//!   from 0.160 the page is refused.
//! - A date key Hugo reads that holds no date it can read: since 0.136
//!   (`pagemeta`'s front matter date validation) an error, where 0.111.3
//!   dropped the value. Only the first key of each of Hugo's default date
//!   orders present on the page is read (the rest are never asked), so
//!   only that one is checked. A site that sets its own orders
//!   (`[frontmatter]`) is checked by them: a `:filename` (when the file's
//!   name starts with a date) or `:fileModTime` before that key may give
//!   the date first, and so may
//!   `:git` on a site with `enableGitInfo` (the default `lastmod` order
//!   starts with it), so an order is not checked past one. Neither is a
//!   `published: false`, which Hugo reads as the page's draft state.

use super::front_matter::date_value;
use super::rules::HugoRules;
use super::version::HugoVersion;
use sitemap_content::FrontMatter;

/// Hugo's default order for a page's `date` (`pagemeta.defaultDateConfig`).
pub(super) const DATE_ORDER: [&str; 6] = [
    "date",
    "publishdate",
    "pubdate",
    "published",
    "lastmod",
    "modified",
];

/// Hugo's default date orders, `:git` aside: `date`, `publishDate`,
/// `expiryDate`, `lastmod`.
const ORDERS: [&[&str]; 4] = [
    &DATE_ORDER,
    &["publishdate", "pubdate", "published", "date"],
    &["expirydate", "unpublishdate"],
    &[
        "lastmod",
        "modified",
        "date",
        "publishdate",
        "pubdate",
        "published",
    ],
];

/// What the Hugo followed refuses in `fm`, as (key, message). `base`:
/// the page's `ContentBaseName`, whose date `:filename` reads.
pub(super) fn refused(
    fm: &FrontMatter,
    base: &str,
    version: HugoVersion,
    rules: &HugoRules,
    own_orders: Option<&super::lastmod_order::DateOrders>,
    git_info: bool,
) -> Option<(String, String)> {
    if rules.underscore_build_refused && fm.get("_build").is_some() {
        return Some((
            "_build".to_owned(),
            format!(
                "`_build` was deprecated in Hugo 0.145 and Hugo {version} refuses it: write \
                 `build` (the same table)"
            ),
        ));
    }
    if !rules.bad_dates_refused {
        return None;
    }
    let name_dated = base
        .get(..10)
        .and_then(|head| super::dates::parse_civil(&serde_json::Value::String(head.to_owned())))
        .is_some();
    let default_lastmod: Vec<String> = [":git"]
        .iter()
        .chain(ORDERS[3])
        .map(|k| k.to_string())
        .collect();
    let orders: Vec<Vec<String>> = match own_orders {
        // In the order of `ORDERS`: date, publishDate, expiryDate, lastmod.
        Some(own) => [0, 2, 3, 1]
            .iter()
            .map(|&i| own.orders[i].clone())
            .collect(),
        None => ORDERS[..3]
            .iter()
            .map(|o| o.iter().map(|k| k.to_string()).collect())
            .chain([default_lastmod])
            .collect(),
    };
    for order in &orders {
        // The first key present with a value, unless a token before it
        // may give the date first.
        let present = order
            .iter()
            .take_while(|k| match k.as_str() {
                ":git" => !git_info,
                // Gives a date only when the name starts with one.
                ":filename" => !name_dated,
                k => !k.starts_with(':'),
            })
            .find(|k| date_value(fm, k).is_some_and(|v| !v.is_null() && v.as_str() != Some("")));
        let Some(key) = present else { continue };
        let value = date_value(fm, key)?;
        if value.is_boolean() || super::dates::parse(value).is_some() {
            continue;
        }
        return Some((
            key.clone(),
            format!(
                "the `{key}` front matter field is not a parsable date, and Hugo {version} \
                 refuses the page: write it as 2024-05-01 or 2024-05-01T10:00:00+02:00"
            ),
        ));
    }
    None
}
