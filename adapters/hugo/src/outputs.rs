//! Which URL Hugo's sitemap gives a page: `.Permalink`, the URL of the
//! page's first output format. That is HTML's, the folder URL, unless a
//! page's `outputs` (front matter, or the site's `[outputs]` for its
//! kind) start with another format: `outputs = ["json"]` lists
//! `/search/index.json`, `home = ["rss", "html"]` lists `/index.xml`, and
//! a format with a `path` (AMP's `amp`) or `baseName` of its own moves
//! the URL (`resources/page/page_paths.go` `CreateTargetPaths`).
//!
//! Formats are Hugo's built-in ones (`output/outputFormat.go`) with the
//! site's `[outputFormats]` over them; a format's suffix is its media
//! type's first (`[mediaTypes]` may add types). A name no format has is
//! refused, as Hugo refuses it.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value};

use sitemap_content::Error;
use sitemap_content::config::config_err;

/// One output format, as much of it as decides a URL.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Format {
    name: String,
    /// Formats are sorted by weight (HTML's is 10, a weight of 0 after
    /// every other), then name: the first is the page's main one.
    weight: i64,
    media_type: String,
    base_name: String,
    /// A folder the format's files go under (`amp`).
    path: String,
    is_html: bool,
    /// Always a folder's file, even under `uglyURLs` (RSS).
    no_ugly: bool,
}

/// (name, media type, base name, path, is HTML, no ugly).
const BUILT_IN: [(&str, &str, &str, &str, bool, bool); 11] = [
    ("html", "text/html", "index", "", true, false),
    ("amp", "text/html", "index", "amp", true, false),
    ("rss", "application/rss+xml", "index", "", false, true),
    ("json", "application/json", "index", "", false, false),
    ("calendar", "text/calendar", "index", "", false, false),
    ("css", "text/css", "styles", "", false, false),
    ("csv", "text/csv", "index", "", false, false),
    ("robots", "text/plain", "robots", "", false, false),
    ("sitemap", "application/xml", "sitemap", "", false, false),
    ("markdown", "text/markdown", "index", "", false, false),
    (
        "webappmanifest",
        "application/manifest+json",
        "manifest",
        "",
        false,
        false,
    ),
];

/// Hugo's built-in media types' first suffixes.
const SUFFIXES: [(&str, &str); 14] = [
    ("text/html", "html"),
    ("application/rss+xml", "xml"),
    ("application/json", "json"),
    ("text/calendar", "ics"),
    ("text/css", "css"),
    ("text/csv", "csv"),
    ("text/plain", "txt"),
    ("application/xml", "xml"),
    ("text/xml", "xml"),
    ("text/markdown", "md"),
    ("application/manifest+json", "webmanifest"),
    ("text/javascript", "js"),
    ("application/javascript", "js"),
    ("image/svg+xml", "svg"),
];

/// The site's formats and each kind's outputs.
#[derive(Debug, Default)]
pub(crate) struct Outputs {
    formats: BTreeMap<String, Format>,
    /// Media type -> first suffix.
    suffixes: BTreeMap<String, String>,
    /// Kind -> its outputs' names, as configured.
    by_kind: BTreeMap<String, Vec<String>>,
}

fn names(value: &Value) -> Vec<String> {
    match value {
        Value::String(s) => vec![s.to_lowercase()],
        Value::Array(items) => items
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_lowercase)
            .collect(),
        _ => Vec::new(),
    }
}

impl Outputs {
    /// From the merged configuration (`outputformats`, `mediatypes`,
    /// `outputs`); `path` is named when a kind names no format.
    pub(crate) fn from_config(config: &Map<String, Value>, path: &Path) -> Result<Outputs, Error> {
        let mut formats: BTreeMap<String, Format> = BUILT_IN
            .iter()
            .map(|&(name, media_type, base_name, p, is_html, no_ugly)| {
                (
                    name.to_owned(),
                    Format {
                        name: name.to_owned(),
                        weight: if name == "html" { 10 } else { 0 },
                        media_type: media_type.to_owned(),
                        base_name: base_name.to_owned(),
                        path: p.to_owned(),
                        is_html,
                        no_ugly,
                    },
                )
            })
            .collect();
        let mut suffixes: BTreeMap<String, String> = SUFFIXES
            .iter()
            .map(|(t, s)| ((*t).to_owned(), (*s).to_owned()))
            .collect();
        if let Some(Value::Object(types)) = config.get("mediatypes") {
            for (name, t) in types {
                let first = t
                    .get("suffixes")
                    .map(names)
                    .and_then(|s| s.into_iter().next());
                if let Some(suffix) = first {
                    suffixes.insert(name.to_lowercase(), suffix);
                }
            }
        }
        if let Some(Value::Object(custom)) = config.get("outputformats") {
            for (name, f) in custom {
                let Value::Object(f) = f else { continue };
                let name = name.to_lowercase();
                let mut format = formats.get(&name).cloned().unwrap_or(Format {
                    name: name.clone(),
                    weight: 0,
                    media_type: String::new(),
                    base_name: "index".to_owned(),
                    path: String::new(),
                    is_html: false,
                    no_ugly: false,
                });
                let text = |k: &str| f.get(k).and_then(Value::as_str).map(str::to_owned);
                let flag = |k: &str| f.get(k).and_then(Value::as_bool);
                if let Some(t) = text("mediatype") {
                    format.media_type = t.to_lowercase();
                }
                if let Some(b) = text("basename") {
                    format.base_name = b;
                }
                if let Some(p) = text("path") {
                    format.path = p.trim_matches('/').to_owned();
                }
                if let Some(h) = flag("ishtml") {
                    format.is_html = h;
                }
                if let Some(n) = flag("nougly") {
                    format.no_ugly = n;
                }
                if let Some(w) = f.get("weight").and_then(Value::as_i64) {
                    format.weight = w;
                }
                formats.insert(name, format);
            }
        }
        let mut by_kind = BTreeMap::new();
        if let Some(Value::Object(outputs)) = config.get("outputs") {
            // Other keys (a `disableKinds` written after `[outputs]` in
            // TOML lands here) are not read by Hugo.
            const KINDS: [&str; 5] = ["home", "page", "section", "taxonomy", "term"];
            for (kind, list) in outputs.iter().filter(|(k, _)| KINDS.contains(&k.as_str())) {
                let list = names(list);
                if let Some(unknown) = list.iter().find(|n| !formats.contains_key(*n)) {
                    return Err(config_err(
                        path,
                        format!(
                            "`outputs.{kind}` names the output format `{unknown}`, which is \
                             neither Hugo's nor in `[outputFormats]`: Hugo refuses the site"
                        ),
                    ));
                }
                by_kind.insert(kind.to_lowercase(), list);
            }
        }
        Ok(Outputs {
            formats,
            suffixes,
            by_kind,
        })
    }

    /// The format whose URL a page of `kind` is listed at: the main one
    /// (the first by weight, then name: `output.Formats.Less`) of its own
    /// `outputs`, else of its kind's; `None` for HTML's plain folder URL
    /// (nothing to change).
    pub(crate) fn first(&self, kind: &str, own: Option<&Value>) -> Option<&Format> {
        let own = own.map(names).filter(|n| !n.is_empty());
        // A kind's default outputs start with HTML (the others, RSS, come
        // after it by weight).
        let default = ["html".to_owned()];
        let names = match &own {
            Some(n) => n.as_slice(),
            None => self.by_kind.get(kind).map_or(&default[..], Vec::as_slice),
        };
        let format = names
            .iter()
            .filter_map(|n| self.formats.get(n))
            .min_by(|a, b| main_first(a, b))?;
        // HTML whose media type's first suffix is another (`suffixes =
        // ['b', …]`) is written as `index.b` (checked with 0.168.0 on
        // `hugolib/template_test.go:628`'s site).
        let plain_html = format.is_html
            && format.base_name == "index"
            && format.path.is_empty()
            && self.suffix(format) == "html";
        (!plain_html).then_some(format)
    }

    /// The first suffix of a format's media type.
    fn suffix(&self, format: &Format) -> &str {
        self.suffixes
            .get(&format.media_type)
            .map_or("html", String::as_str)
    }

    /// The path a page whose HTML path is `html` (language prefix
    /// `lang_prefix` included) has in `format`. `name`: a regular page's
    /// file name (not a bundle's): when it is the format's base name, Hugo
    /// writes the page as that file (`styles.md` in `css` is
    /// `/styles.css`).
    pub(crate) fn path_in(
        &self,
        html: &str,
        lang_prefix: &str,
        format: &Format,
        name: Option<&str>,
    ) -> String {
        let rest = html.strip_prefix(lang_prefix).unwrap_or(html);
        let same_name = name.is_some_and(|n| n == format.base_name) && rest.len() > 1;
        let ugly_rest;
        let rest = if same_name && rest.ends_with('/') {
            ugly_rest = format!("{}.html", rest.trim_end_matches('/'));
            ugly_rest.as_str()
        } else {
            rest
        };
        let suffix = self.suffix(format);
        let index = format.is_html && format.base_name == "index" && suffix == "html";
        let file = format!("{}.{suffix}", format.base_name);
        let moved = if rest.ends_with('/') {
            if index {
                rest.to_owned()
            } else {
                format!("{rest}{file}")
            }
        } else {
            // An ugly URL: `/a/b.html`.
            let stem = rest.rsplit_once('.').map_or(rest, |(s, _)| s);
            if format.no_ugly {
                format!("{stem}/{file}")
            } else {
                format!("{stem}.{suffix}")
            }
        };
        let folder = if format.path.is_empty() {
            String::new()
        } else {
            format!("/{}", format.path)
        };
        format!("{lang_prefix}{folder}{moved}")
    }
}

/// Hugo's order of a page's formats (`Formats.Less`).
fn main_first(a: &Format, b: &Format) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    if a.weight == b.weight {
        a.name.cmp(&b.name)
    } else if b.weight == 0 || (a.weight > 0 && a.weight < b.weight) {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn outputs(config: Value) -> Outputs {
        Outputs::from_config(config.as_object().unwrap(), Path::new("hugo.toml")).unwrap()
    }

    #[test]
    fn a_page_is_listed_at_its_first_format_s_url() {
        let o = outputs(json!({
            "outputs": {"home": ["rss"], "section": ["notcanonical", "html", "rss"], "page": ["html"]},
            "outputformats": {
                "myhtml": {"mediatype": "text/html", "basename": "myindex", "ishtml": true},
                "notcanonical": {"mediatype": "text/html", "path": "not", "ishtml": true},
            },
        }));
        // HTML's weight puts it first, wherever it is written.
        assert_eq!(o.first("section", None), None);
        assert_eq!(o.first("page", None), None);
        let rss = o.first("home", None).unwrap();
        assert_eq!(o.path_in("/", "", rss, None), "/index.xml");
        assert_eq!(o.path_in("/fr/", "/fr", rss, None), "/fr/index.xml");
        let json = o.first("page", Some(&json!(["json"]))).unwrap();
        assert_eq!(o.path_in("/p3/", "", json, Some("p3")), "/p3/index.json");
        assert_eq!(o.path_in("/p3.html", "", json, Some("p3")), "/p3.json");
        let amp = o.first("page", Some(&json!("AMP"))).unwrap();
        assert_eq!(
            o.path_in("/blog/amp/", "", amp, Some("amp")),
            "/amp/blog/amp/"
        );
        let mine = o.first("home", Some(&json!(["myhtml"]))).unwrap();
        assert_eq!(o.path_in("/", "", mine, None), "/myindex.html");
        let css = o.first("home", Some(&json!(["css"]))).unwrap();
        assert_eq!(o.path_in("/", "", css, None), "/styles.css");
        assert_eq!(
            o.path_in("/styles/", "", css, Some("styles")),
            "/styles.css"
        );
        assert_eq!(
            o.path_in("/s/styles/", "", css, Some("styles")),
            "/s/styles.css"
        );
    }

    #[test]
    fn an_unknown_format_is_refused() {
        let err = Outputs::from_config(
            json!({"outputs": {"home": ["html", "foo"]}})
                .as_object()
                .unwrap(),
            Path::new("hugo.toml"),
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "hugo.toml: `outputs.home` names the output format `foo`, which is neither Hugo's \
             nor in `[outputFormats]`: Hugo refuses the site"
        );
    }
}
