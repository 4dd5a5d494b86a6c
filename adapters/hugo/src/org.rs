//! The front matter of an Org file (`.org`) written in Org's own way: the
//! `#+KEY: value` lines that open the file, which Hugo's page parser
//! takes as front matter (`parser/pageparser` lexes them;
//! `parser/metadecoders` reads them). Keys are lowercased, values are
//! text, but `tags`, `categories` and `aliases` (and any `key[]`) are
//! lists split at white space. An Org file may also open with YAML or
//! TOML front matter, which the shared reader reads.

use std::io::Read;
use std::path::Path;

use serde_json::{Map, Value};

use sitemap_content::FrontMatter;

/// How much of the file is read for its keyword lines: front matter,
/// not the document.
const HEAD: u64 = 64 * 1024;

/// The file's opening `#+KEY: value` lines as front matter; empty when
/// it has none or cannot be read (the walk reports an unreadable file).
pub(super) fn front_matter(path: &Path) -> FrontMatter {
    let mut head = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(HEAD).read_to_end(&mut head));
    if read.is_err() {
        return FrontMatter::default();
    }
    let text = String::from_utf8_lossy(&head);
    let data = keywords(&text);
    if data.is_empty() {
        return FrontMatter::default();
    }
    let mut fm = FrontMatter::default();
    *fm.data_mut() = data;
    fm
}

/// The keyword lines at the top of `text`, up to the first other line.
fn keywords(text: &str) -> Map<String, Value> {
    let mut data = Map::new();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix("#+") else {
            break;
        };
        let Some((key, value)) = rest.split_once(':') else {
            continue;
        };
        let key = key.trim().to_lowercase();
        let value = value.trim();
        let (key, list) = match key.strip_suffix("[]") {
            Some(k) => (k.to_owned(), true),
            None => {
                let list = matches!(key.as_str(), "tags" | "categories" | "aliases");
                (key, list)
            }
        };
        let value = if list {
            Value::Array(
                value
                    .split_whitespace()
                    .map(|v| Value::String(v.to_owned()))
                    .collect(),
            )
        } else {
            Value::String(value.to_owned())
        };
        data.insert(key, value);
    }
    data
}

#[cfg(test)]
mod tests {
    use super::keywords;
    use serde_json::json;

    #[test]
    fn org_keywords_are_front_matter() {
        let text = "#+TITLE: Hello World\n#+DRAFT: true\n#+TAGS: a b\n#+slug[]: x y\n\n* Heading\n#+NOT: read\n";
        assert_eq!(
            serde_json::Value::Object(keywords(text)),
            json!({"title": "Hello World", "draft": "true", "tags": ["a", "b"], "slug": ["x", "y"]})
        );
        assert!(keywords("* Heading\n#+TITLE: late\n").is_empty());
    }
}
