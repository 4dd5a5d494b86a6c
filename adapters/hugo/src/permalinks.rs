//! `[permalinks]` as the current Hugo reads it (0.123 and later,
//! `resources/page/permalinks.go`): a list of rules, each a pattern with
//! a target (a kind and a path glob), the first that matches a page
//! deciding its URL:
//!
//! - `posts = "/:year/:slug/"`: pages and terms under `posts` (the
//!   section and every section below it, `/{posts,posts/**}`; `"/"` is
//!   the pages at the root);
//! - `[permalinks.page]`, `[permalinks.section]`, `[permalinks.term]`,
//!   `[permalinks.taxonomy]`, `[permalinks.home]`: the same keys for one
//!   kind;
//! - `[[permalinks]]` with `pattern` and `target = {kind, path}` globs,
//!   and since 0.161 `target.sites.matrix` (the sites whose pages it
//!   reaches, see `matrix`).
//!
//! The map forms are read in key order, which is the order the real
//! Hugo was seen to apply two keys that both match. Hugo 0.111.3 reads
//! only its top-level section's key for a page (`urls::page_pattern`).
//! A list page's tokens are expanded here ([`expand_list`]); a regular
//! page's by `urls::expand_permalink`.

use super::glob::Glob;
use serde_json::{Map, Value};

use super::glob;
use sitemap_content::paths::{PathRules, hugo_make_path};

/// One rule: which pages, and their pattern.
#[derive(Debug)]
struct Rule {
    kind: Option<Glob>,
    path: Option<Glob>,
    /// `target.sites.matrix`, as written; empty: every site.
    sites: super::matrix::Globs,
    /// The build environments it applies in (`target.environment`).
    environment: Option<Glob>,
    pattern: String,
}

/// The site's rules, in the order they are tried.
#[derive(Debug, Default)]
pub(crate) struct Permalinks {
    rules: Vec<Rule>,
}

/// The kinds a `[permalinks.<kind>]` table may name.
const KINDS: [&str; 5] = ["page", "section", "term", "taxonomy", "home"];

/// Hugo's `sectionToPathGlob`: a key covers its section and everything
/// below it; the empty key (or `/`) the pages at the root.
fn section_glob(key: &str) -> Option<Glob> {
    let key = key.trim_matches([' ', '/']).to_lowercase();
    if key.is_empty() {
        glob::compile("/*")
    } else {
        glob::compile(&format!("/{{{key},{key}/**}}"))
    }
}

fn exact(kind: &str) -> Option<Glob> {
    glob::compile(kind)
}

impl Permalinks {
    /// The rules of the site's `permalinks` setting; `lists`: whether the
    /// Hugo followed reads a list of rules (0.161 and later; before, a
    /// list sets no pattern).
    pub(crate) fn from_config(map: &Map<String, Value>, lists: bool) -> Permalinks {
        let mut rules = Vec::new();
        match map.get("permalinks") {
            Some(Value::Object(table)) => {
                let mut keys: Vec<&String> = table.keys().collect();
                keys.sort();
                for key in keys {
                    match &table[key] {
                        Value::String(pattern) => {
                            for kind in ["page", "term"] {
                                rules.push(Rule {
                                    kind: exact(kind),
                                    path: section_glob(key),
                                    sites: super::matrix::Globs::default(),
                                    environment: None,
                                    pattern: pattern.clone(),
                                });
                            }
                        }
                        Value::Object(inner) if KINDS.contains(&key.as_str()) => {
                            let mut sections: Vec<&String> = inner.keys().collect();
                            sections.sort();
                            for section in sections {
                                if let Value::String(pattern) = &inner[section] {
                                    rules.push(Rule {
                                        kind: exact(key),
                                        path: section_glob(section),
                                        sites: super::matrix::Globs::default(),
                                        environment: None,
                                        pattern: pattern.clone(),
                                    });
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            Some(Value::Array(items)) if lists => {
                for item in items.iter().filter_map(Value::as_object) {
                    let Some(pattern) = item.get("pattern").and_then(Value::as_str) else {
                        continue;
                    };
                    let target = item.get("target");
                    let text = |k: &str| {
                        target
                            .and_then(|t| t.get(k))
                            .and_then(Value::as_str)
                            .filter(|s| !s.is_empty())
                            .map(str::to_lowercase)
                    };
                    let sites = target
                        .and_then(|t| t.get("sites"))
                        .and_then(|s| s.get("matrix"));
                    rules.push(Rule {
                        kind: text("kind").and_then(|k| glob::compile(&k)),
                        path: text("path").and_then(|p| glob::compile(&p)),
                        sites: super::matrix::Globs::from_value(sites),
                        environment: text("environment").and_then(|e| glob::compile(&e)),
                        pattern: pattern.to_owned(),
                    });
                }
            }
            _ => {}
        }
        Permalinks { rules }
    }

    /// The pattern of the first rule matching a page of `kind` at the
    /// logical path `path` (`/posts/2024/a`, `/tags/go`, `/`).
    #[cfg(test)]
    pub(crate) fn for_page(&self, kind: &str, path: &str) -> Option<&str> {
        self.for_page_in(kind, path, &|_| true)
    }

    /// [`Permalinks::for_page`] for a page of one site: `in_sites` says
    /// whether a rule's `target.sites.matrix` takes it.
    pub(crate) fn for_page_in(
        &self,
        kind: &str,
        path: &str,
        in_sites: &dyn Fn(&super::matrix::Globs) -> bool,
    ) -> Option<&str> {
        self.matching(kind, path, in_sites, super::config_files::environment())
    }

    /// [`Permalinks::for_page_in`] in the build environment `environment`
    /// (`production`), which a rule's `target.environment` matches.
    fn matching(
        &self,
        kind: &str,
        path: &str,
        in_sites: &dyn Fn(&super::matrix::Globs) -> bool,
        environment: &str,
    ) -> Option<&str> {
        let path = path.to_lowercase();
        self.rules
            .iter()
            .find(|r| {
                r.kind.as_ref().is_none_or(|k| k.is_match(kind))
                    && r.path.as_ref().is_none_or(|p| p.is_match(&path))
                    && (r.sites.is_empty() || in_sites(&r.sites))
                    && r.environment
                        .as_ref()
                        .is_none_or(|e| e.is_match(environment))
            })
            .map(|r| r.pattern.as_str())
    }
}

/// What `\:` in a pattern is. Hugo 0.136 and later read it as a colon
/// (`permalinks.go`'s escape sequence): a `url` keeps it, a path Hugo
/// makes of a `[permalinks]` pattern drops it, as it drops any colon
/// (checked with 0.168.0 on `permalinks_integration_test.go:305`'s
/// site); before, `\` is text and the colon starts a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Colons {
    Tokens,
    Kept,
    Dropped,
}

impl Colons {
    /// For a `url` (`kept`) or a `[permalinks]` pattern, as the Hugo
    /// of `escapes` (rule `escaped_colons`) reads it.
    pub(crate) fn of(escapes: bool, kept: bool) -> Colons {
        match (escapes, kept) {
            (false, _) => Colons::Tokens,
            (true, true) => Colons::Kept,
            (true, false) => Colons::Dropped,
        }
    }
}

/// An escaped colon while tokens are expanded and the path made: text
/// `hugo_make_path` keeps as it is.
const ESCAPED_COLON: &str = "@hugo-escaped-colon@";

/// What a list page's tokens read.
pub(crate) struct ListValues<'a> {
    /// Its sections' folders, from the top (a section's own included; a
    /// term's and a taxonomy's: the taxonomy).
    pub(crate) sections: &'a [String],
    /// Its own name: a section's folder, a term's or taxonomy's name.
    pub(crate) name: &'a str,
    pub(crate) slug: Option<&'a str>,
    pub(crate) title: &'a str,
    /// Each section's slug (its `_index`'s `slug`, else title, else
    /// folder name), urlized, for `:sectionslugs`; `None`: the folders.
    pub(crate) section_slugs: Option<&'a [String]>,
}

/// Hugo's permalink expansion (`permalinks.go`): each `:token`, with an
/// optional `[…]` slice, replaced by what `value` gives it (a `:` that
/// starts no token is kept); the result urlized as a site path with a
/// leading `/`, an empty token's `//` made one.
pub(super) fn expand_tokens<E>(
    pattern: &str,
    rules: PathRules,
    colons: Colons,
    mut value: impl FnMut(&str, Option<&str>) -> Result<String, E>,
) -> Result<String, E> {
    let escaped;
    let pattern = if colons != Colons::Tokens && pattern.contains("\\:") {
        escaped = pattern.replace("\\:", ESCAPED_COLON);
        escaped.as_str()
    } else {
        pattern
    };
    let mut out = String::new();
    let mut rest = pattern;
    while let Some(i) = rest.find(':') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        // Hugo's attribute: `:\w+`, then an optional `[…]` slice.
        let len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let token = &after[..len];
        if token.is_empty() {
            out.push(':');
            rest = after;
            continue;
        }
        let (cut, used) = match after[len..].strip_prefix('[') {
            Some(inner) => match inner.find(']') {
                Some(end) => (Some(&inner[..end]), len + end + 2),
                None => (None, len),
            },
            None => (None, len),
        };
        out.push_str(&value(token, cut)?);
        rest = &after[used..];
    }
    out.push_str(rest);
    let mut path = hugo_make_path(&out, rules);
    if path.contains(ESCAPED_COLON) {
        let colon = if colons == Colons::Kept { ":" } else { "" };
        path = path.replace(ESCAPED_COLON, colon);
    }
    if !path.starts_with('/') {
        path.insert(0, '/');
    }
    while let Some(at) = path.find("//") {
        path.remove(at);
    }
    Ok(path)
}

/// A list page's pattern with its tokens replaced, as a site path
/// (`/libros/fiction/`); a token a list page has no value for is empty.
pub(crate) fn expand_list(
    pattern: &str,
    v: &ListValues,
    rules: PathRules,
    colons: Colons,
) -> String {
    let urlize = |text: &str| hugo_make_path(&text.replace('+', " "), rules);
    let expanded = expand_tokens(pattern, rules, colons, |token, cut| {
        Ok::<_, std::convert::Infallible>(match token {
            "sectionslugs" if v.section_slugs.is_some() => {
                slice(v.section_slugs.unwrap_or_default(), cut)
                    .iter()
                    .filter(|s| !s.is_empty())
                    .map(String::as_str)
                    .collect::<Vec<_>>()
                    .join("/")
            }
            "sectionslug" if v.section_slugs.is_some() => v
                .section_slugs
                .and_then(<[String]>::first)
                .cloned()
                .unwrap_or_default(),
            // The sections' content path, each space a hyphen in a
            // lowercased path (`many   spaces/` is `many---spaces`).
            "sections" | "sectionslugs" => urlize(
                &slice(v.sections, cut)
                    .iter()
                    .map(|s| sitemap_content::paths::hugo_content_name(s, true, rules.lower))
                    .collect::<Vec<_>>()
                    .join("/"),
            ),
            "section" | "sectionslug" => urlize(v.sections.first().map_or("", String::as_str)),
            "slug" => urlize(v.slug.unwrap_or(v.title)),
            "title" => urlize(v.title),
            "filename" | "contentbasename" => urlize(v.name),
            "slugorfilename" | "slugorcontentbasename" => urlize(v.slug.unwrap_or(v.name)),
            _ => String::new(),
        })
    });
    let Ok(mut path) = expanded;
    if !path.ends_with('/') {
        path.push('/');
    }
    path
}

/// A `[…]` slice of a token's parts as Hugo cuts it (`toSliceFunc`):
/// `[1:]`, `[:2]`, `[1:2]`, `[last]`, `[:last]`, `[0]`; none: all of
/// them; an index past the end: none.
pub(super) fn slice(parts: &[String], cut: Option<&str>) -> Vec<String> {
    let Some(cut) = cut.map(|c| c.trim().to_lowercase()) else {
        return parts.to_vec();
    };
    let bound = |s: &str, low: bool| -> Option<usize> {
        match s {
            "" if low => Some(0),
            "" => Some(parts.len()),
            "last" => Some(parts.len().saturating_sub(1)),
            n => {
                let n: usize = n.parse::<i64>().unwrap_or(0).max(0) as usize;
                if n >= parts.len() {
                    if low { None } else { Some(parts.len()) }
                } else {
                    Some(n)
                }
            }
        }
    };
    if parts.is_empty() {
        return Vec::new();
    }
    match cut.split_once(':') {
        None => match bound(&cut, true) {
            Some(n) => parts[n..=n]
                .iter()
                .filter(|p| !p.is_empty())
                .cloned()
                .collect(),
            None => Vec::new(),
        },
        Some((lo, hi)) => match (bound(lo, true), bound(hi, false)) {
            (Some(a), Some(b)) if a <= b => parts[a..b].to_vec(),
            _ => Vec::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rules_are_read_in_each_form() {
        let p = Permalinks::from_config(
            json!({"permalinks": {
                "posts": "/p/:slug/",
                "section": {"books": "/libros/:sections[1:]/"},
                "term": {"tags": "/t/:slug/"},
            }})
            .as_object()
            .unwrap(),
            true,
        );
        assert_eq!(p.for_page("page", "/posts/2024/a"), Some("/p/:slug/"));
        assert_eq!(p.for_page("term", "/posts/x"), Some("/p/:slug/"));
        assert_eq!(p.for_page("section", "/posts"), None);
        assert_eq!(
            p.for_page("section", "/books/fiction"),
            Some("/libros/:sections[1:]/")
        );
        assert_eq!(p.for_page("term", "/tags/go"), Some("/t/:slug/"));
        let written =
            json!({"permalinks": [{"pattern": "/mylink/:slug/", "target": {"kind": "*"}}]});
        let list = Permalinks::from_config(written.as_object().unwrap(), true);
        assert_eq!(list.for_page("home", "/"), Some("/mylink/:slug/"));
        // Before Hugo 0.161, a list sets no pattern.
        let before = Permalinks::from_config(written.as_object().unwrap(), false);
        assert_eq!(before.for_page("home", "/"), None);
    }

    /// The first rule whose `target.environment` matches the build's
    /// (Hugo's `permalinks_integration_test.go:573`).
    #[test]
    fn a_target_environment_picks_the_rule() {
        let p = Permalinks::from_config(
            json!({"permalinks": [
                {"pattern": "/testing/:slug/", "target": {"path": "/books/**", "environment": "test"}},
                {"pattern": "/prod/:slug/", "target": {"path": "/books/**", "environment": "Production"}},
            ]})
            .as_object()
            .unwrap(),
            true,
        );
        let got = |env| p.matching("page", "/books/fiction/a", &|_| true, env);
        assert_eq!(got("production"), Some("/prod/:slug/"));
        assert_eq!(got("test"), Some("/testing/:slug/"));
        assert_eq!(got("staging"), None);
    }

    /// `\:` as each Hugo reads it (`permalinks_integration_test.go:305`).
    #[test]
    fn escaped_colons() {
        let v = ListValues {
            sections: &[],
            name: "p1",
            slug: Some("p1"),
            title: "P1",
            section_slugs: None,
        };
        let expand = |colons| expand_list("/a\\:b/:slug/", &v, PathRules::DEFAULT, colons);
        assert_eq!(expand(Colons::Kept), "/a:b/p1/");
        assert_eq!(expand(Colons::Dropped), "/ab/p1/");
        // Before 0.136 `:b` is a token, which a list page has no value for.
        assert_eq!(expand(Colons::Tokens), "/a\\/p1/");
    }

    #[test]
    fn list_tokens() {
        let sections = ["books".to_owned(), "fiction".to_owned()];
        let v = ListValues {
            sections: &sections,
            name: "fiction",
            slug: Some("ficcion"),
            title: "Fiction",
            section_slugs: None,
        };
        assert_eq!(
            expand_list(
                "/libros/:sections[1:]",
                &v,
                PathRules::DEFAULT,
                Colons::Tokens
            ),
            "/libros/fiction/"
        );
        assert_eq!(
            expand_list("/s/:slug/", &v, PathRules::DEFAULT, Colons::Tokens),
            "/s/ficcion/"
        );
        assert_eq!(
            expand_list(
                "/s/:contentbasename/",
                &v,
                PathRules::DEFAULT,
                Colons::Tokens
            ),
            "/s/fiction/"
        );
    }
}
