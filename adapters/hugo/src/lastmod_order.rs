//! The lastmod order a Hugo site configures (`[frontmatter] lastmod`),
//! as Hugo 0.111.3 reads it (`pagemeta.newFrontmatterConfig`): names
//! lowercased, `:default` expanded to Hugo's own order
//! (`:git`, `lastmod`, `date`, `publishDate`), each date key followed by
//! its aliases (`lastmod` by `modified`, `publishdate` by `pubdate` and
//! `published`), repeats dropped.
//!
//! The scan's precedence has two front matter places (`front-matter` and
//! `date`) around `git` and `mtime`, so the order becomes: the keys
//! before the first `:git`/`:fileModTime` fill the first place, the keys
//! after it the second (a third run of keys joins the second), `:git` is
//! git's *author* date (Hugo's `GitInfo.AuthorDate`), `:fileModTime` the
//! file's mtime where it is true.
//!
//! A site that names `:filename` in any of its four date orders
//! ([`DateOrders`]) also changes URLs: where Hugo's handler runs and a
//! file name starts with a date, the rest of the name is the slug.

use serde_json::{Map, Value};
use sitemap_pages::lastmod::LastmodSource;

/// One configured lastmod order, mapped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastmodOrder {
    /// The precedence it gives the scan.
    pub precedence: Vec<LastmodSource>,
    /// The front matter keys read, in order, for the first place
    /// (`front-matter`); `:filename` is the date a file name starts with.
    pub(crate) first: Vec<String>,
    /// The same for the second place (`date`).
    pub(crate) second: Vec<String>,
}

impl LastmodOrder {
    /// Whether git is asked: its author date is then the one Hugo reads.
    pub fn uses_git(&self) -> bool {
        self.precedence.contains(&LastmodSource::Git)
    }
}

const DEFAULT: [&str; 4] = [":git", "lastmod", "date", "publishdate"];

/// Hugo's own orders of the other three dates: `date`, `publishDate`,
/// `expiryDate`.
const OTHER_DEFAULTS: [(&str, &[&str]); 3] = [
    ("date", &["date", "publishdate", "lastmod"]),
    ("publishdate", &["publishdate", "date"]),
    ("expirydate", &["expirydate"]),
];

/// A configured order as Hugo expands it: `cast.ToStringSlice` (a list's
/// items as text, one text split at white space), lowercased,
/// `:default` replaced by `default`, each key followed by its aliases,
/// repeats dropped.
fn expand(list: &Value, default: &[&str]) -> Vec<String> {
    let named: Vec<String> = match list {
        Value::Array(items) => items
            .iter()
            .filter_map(|v| match v {
                Value::String(s) => Some(s.to_lowercase()),
                Value::Number(n) => Some(n.to_string()),
                Value::Bool(b) => Some(b.to_string()),
                _ => None,
            })
            .collect(),
        Value::String(s) => s.split_whitespace().map(str::to_lowercase).collect(),
        _ => Vec::new(),
    };
    let mut expanded: Vec<String> = Vec::new();
    for name in named {
        let names: Vec<String> = if name == ":default" {
            default.iter().map(|s| (*s).to_owned()).collect()
        } else {
            vec![name]
        };
        for name in names {
            let more = aliases(&name);
            for n in std::iter::once(name.as_str()).chain(more.iter().copied()) {
                if !expanded.iter().any(|e| e == n) {
                    expanded.push(n.to_owned());
                }
            }
        }
    }
    expanded
}

/// The four date orders of a site that configures any of them. They
/// decide which pages are future or expired (`publishDate` may not read
/// `date` at all), and where one reaches `:filename` and finds a date at
/// the start of a file name, the rest of the name is the page's slug
/// (unless its front matter has one), and in the `date` order the date
/// is the page's date (`:year` of a permalink).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DateOrders {
    /// `date`, `lastmod`, `publishDate`, `expiryDate`, expanded.
    pub(crate) orders: [Vec<String>; 4],
    /// `enableGitInfo`: a `:git` before `:filename` then finds a date.
    pub(crate) git_info: bool,
}

/// The site's orders when its `[frontmatter]` sets any, else `None`.
pub(crate) fn date_orders(map: &Map<String, Value>) -> Option<DateOrders> {
    let table = map.get("frontmatter")?.as_object()?;
    let configured = |name: &str| {
        table
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    };
    let order = |name: &str, default: &[&str]| match configured(name) {
        Some(list) => expand(list, default),
        None => expand(
            &Value::Array(default.iter().map(|d| Value::from(*d)).collect()),
            default,
        ),
    };
    let [(_, date), (_, publish), (_, expiry)] = OTHER_DEFAULTS;
    let orders = [
        order("date", date),
        order("lastmod", &DEFAULT),
        order("publishdate", publish),
        order("expirydate", expiry),
    ];
    if !["date", "lastmod", "publishdate", "expirydate"]
        .iter()
        .any(|name| configured(name).is_some())
    {
        return None;
    }
    let git_info = map
        .get("enablegitinfo")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    Some(DateOrders { orders, git_info })
}

fn aliases(key: &str) -> &'static [&'static str] {
    match key {
        "lastmod" => &["modified"],
        "publishdate" => &["pubdate", "published"],
        "expirydate" => &["unpublishdate"],
        _ => &[],
    }
}

/// The order of a merged configuration (keys lowercased); `None` when it
/// sets no `frontmatter.lastmod`.
pub(crate) fn from_config(map: &Map<String, Value>) -> Option<LastmodOrder> {
    let table = map.get("frontmatter")?.as_object()?;
    let list = table
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("lastmod"))
        .map(|(_, v)| v)?;
    let expanded = expand(list, &DEFAULT);
    let mut order = LastmodOrder {
        precedence: Vec::new(),
        first: Vec::new(),
        second: Vec::new(),
    };
    // Runs of keys: the first fills the `front-matter` place, every
    // later one the `date` place.
    let mut runs = 0;
    let mut in_run = false;
    for name in expanded {
        let source = match name.as_str() {
            ":git" => Some(LastmodSource::Git),
            ":filemodtime" => Some(LastmodSource::Mtime),
            // Any other `:` name is no handler Hugo 0.111.3 has; it reads
            // it as a front matter key no page has.
            _ => None,
        };
        if let Some(source) = source {
            in_run = false;
            if !order.precedence.contains(&source) {
                order.precedence.push(source);
            }
            continue;
        }
        if !in_run {
            in_run = true;
            runs += 1;
        }
        let place = if runs == 1 {
            LastmodSource::FrontMatter
        } else {
            LastmodSource::Date
        };
        if !order.precedence.contains(&place) {
            order.precedence.push(place);
        }
        match place {
            LastmodSource::FrontMatter => order.first.push(name),
            _ => order.second.push(name),
        }
    }
    Some(order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use LastmodSource::{Date, FrontMatter, Git, Mtime};

    fn order(toml: &str) -> Option<LastmodOrder> {
        let value: Value = toml::from_str(toml).unwrap();
        from_config(value.as_object().unwrap())
    }

    /// The orders Hugo's own tests configure (`page_frontmatter_test.go`).
    #[test]
    fn orders_expand_as_hugo_expands_them() {
        assert_eq!(order("[frontmatter]\ndate = [\"date\"]\n"), None);
        let o = order("[frontmatter]\nlastmod = [\":default\"]\n").unwrap();
        assert_eq!(o.precedence, [Git, FrontMatter]);
        assert_eq!(
            o.first,
            [
                "lastmod",
                "modified",
                "date",
                "publishdate",
                "pubdate",
                "published"
            ]
        );
        let o =
            order("[frontmatter]\nlastMod = [\"lastmod\", \":fileModTime\", \"Date\", \":git\"]\n")
                .unwrap();
        assert_eq!(o.precedence, [FrontMatter, Mtime, Date, Git]);
        assert_eq!(o.first, ["lastmod", "modified"]);
        assert_eq!(o.second, ["date"]);
        let o = order("[frontmatter]\nlastmod = [\"updated\", \":git\", \"mydate\", \":filemodtime\", \"other\"]\n")
            .unwrap();
        assert_eq!(o.precedence, [FrontMatter, Git, Date, Mtime]);
        assert_eq!(o.second, ["mydate", "other"]);
        assert!(
            order("[frontmatter]\nlastmod = []\n")
                .unwrap()
                .precedence
                .is_empty()
        );
    }
}
