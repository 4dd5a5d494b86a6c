//! YAML read as Hugo reads it, with bounded memory and stack.
//!
//! [`load`] drives yaml-rust2's event parser itself and builds JSON values
//! straight from the events, instead of calling its loader:
//!
//! - the loader expands every alias by copying its anchor's subtree, so a
//!   few hundred bytes of nested aliases (a "billion laughs" document)
//!   grow to gigabytes. Here every node an alias would add is counted
//!   (an alias adds the size of its anchor's subtree) before it is
//!   copied, and a document past [`MAX_NODES`] is refused, as Hugo's YAML
//!   library refuses "excessive aliasing";
//! - the loader recurses once per nesting level and serde_json's values
//!   are dropped recursively, so a block of 100,000 `[` would overflow the
//!   stack (an abort, not an error). Here the parser's own state machine
//!   is driven in a loop, and nesting past [`MAX_DEPTH`] is refused;
//! - the loader refuses a mapping that repeats a key. Hugo 0.111.3 (Go's
//!   `gopkg.in/yaml.v2`, not strict) builds such pages and keeps the last
//!   value, a repeated table replacing the earlier one whole; so does
//!   this;
//! - plain `yes`/`no`/`on`/`off`/`y`/`n` (in their three cases) are
//!   booleans, as in YAML 1.1, which Hugo's and Jekyll's parsers follow:
//!   Hugo 0.111.3 does not publish a page with `draft: yes`.
//!
//! Otherwise values are what gray_matter's YAML engine gives: scalars
//! resolved by yaml-rust2 (`0x1f`, `~`, `1.5`, `true`), keys that are
//! scalars written as their text, other keys dropped, an alias to an
//! anchor not yet complete null. A real that is not a finite number
//! (`.nan`, `.inf`) is kept as its text, so a `priority: .nan` is refused
//! as what was written rather than read as `0.0`.
//!
//! ```
//! use sitemap_source::yaml;
//!
//! let value = yaml::load("title: Hi\ntitle: Hello\ndraft: yes\ntags: &t [a, b]\nalso: *t\n")?;
//! assert_eq!(value["title"], "Hello");
//! assert_eq!(value["draft"], true);
//! assert_eq!(value["also"], serde_json::json!(["a", "b"]));
//!
//! let bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n\
//!             c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n\
//!             e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n";
//! let err = yaml::load(bomb).unwrap_err();
//! assert_eq!(err.line, 5);
//! # Ok::<(), yaml::YamlError>(())
//! ```

use std::collections::HashMap;
use std::fmt;

use serde_json::{Map, Value};
use yaml_rust2::Yaml;
use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// The most values a document may hold once its aliases are expanded.
/// Front matter and site configurations hold tens to a few thousand
/// values; a hundred thousand is far beyond any real one, while building
/// that many small values takes a few milliseconds and tens of
/// megabytes at most. (Hugo's library uses a ratio of aliases to
/// values instead; a fixed cap bounds memory the same way and is easier
/// to state.)
pub const MAX_NODES: usize = 100_000;

/// The deepest nesting of lists and mappings accepted: serde_json's own
/// limit when it parses JSON, far beyond any real front matter, and
/// shallow enough that every recursive walk over the values stays well
/// inside a thread's stack.
pub const MAX_DEPTH: usize = 128;

/// Why a YAML text was refused, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct YamlError {
    /// 1-based line in the text given to [`load`].
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for YamlError {}

impl YamlError {
    fn at(mark: Marker, message: String) -> YamlError {
        YamlError {
            line: mark.line().max(1),
            // yaml-rust2 counts columns from 0.
            column: mark.col() + 1,
            message,
        }
    }
}

/// Parses the first YAML document of `text` into JSON values (`null` when
/// there is none); every later document must parse too, as with
/// yaml-rust2's loader.
pub fn load(text: &str) -> Result<Value, YamlError> {
    let mut builder = Builder::default();
    let mut parser = Parser::new_from_str(text);
    loop {
        let (event, mark) = parser
            .next_token()
            .map_err(|e| YamlError::at(*e.marker(), e.info().to_owned()))?;
        if event == Event::StreamEnd {
            break;
        }
        builder.event(event, mark)?;
    }
    Ok(builder.first.unwrap_or(Value::Null))
}

/// A list or mapping being built, with the anchor it will be stored under
/// and the node count when it opened (its size is the difference).
enum Frame {
    List {
        items: Vec<Value>,
        anchor: usize,
        opened_at: usize,
    },
    Mapping {
        map: Map<String, Value>,
        /// The key read, waiting for its value; `Some(None)` for a key
        /// that is dropped (a list or mapping as a key).
        key: Option<Option<String>>,
        anchor: usize,
        opened_at: usize,
    },
}

#[derive(Default)]
struct Builder {
    stack: Vec<Frame>,
    /// Anchor id -> its value and how many nodes it holds.
    anchors: HashMap<usize, (Value, usize)>,
    /// Nodes built so far, aliases counted expanded.
    nodes: usize,
    /// The first document's value.
    first: Option<Value>,
    /// The current document's value, once complete.
    document: Option<Value>,
}

impl Builder {
    fn event(&mut self, event: Event, mark: Marker) -> Result<(), YamlError> {
        match event {
            Event::DocumentEnd => {
                let value = self.document.take().unwrap_or(Value::Null);
                self.first.get_or_insert(value);
            }
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if self.stack.len() >= MAX_DEPTH {
                    return Err(YamlError::at(
                        mark,
                        format!("lists and mappings nested more than {MAX_DEPTH} deep"),
                    ));
                }
                self.count(1, mark)?;
                let opened_at = self.nodes - 1;
                self.stack
                    .push(if matches!(event, Event::SequenceStart(..)) {
                        Frame::List {
                            items: Vec::new(),
                            anchor,
                            opened_at,
                        }
                    } else {
                        Frame::Mapping {
                            map: Map::new(),
                            key: None,
                            anchor,
                            opened_at,
                        }
                    });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (value, anchor, opened_at) = match self.stack.pop() {
                    Some(Frame::List {
                        items,
                        anchor,
                        opened_at,
                    }) => (Value::Array(items), anchor, opened_at),
                    Some(Frame::Mapping {
                        map,
                        anchor,
                        opened_at,
                        ..
                    }) => (Value::Object(map), anchor, opened_at),
                    None => return Ok(()),
                };
                let size = self.nodes - opened_at;
                self.insert(value, anchor, size);
            }
            Event::Scalar(text, style, anchor, tag) => {
                self.count(1, mark)?;
                let value = scalar(text, style, tag.as_ref());
                self.insert(value, anchor, 1);
            }
            Event::Alias(id) => {
                let (value, size) = match self.anchors.get(&id) {
                    Some((value, size)) => (Some(value), *size),
                    None => (None, 1),
                };
                // Counted before the copy is made: this is the check that
                // keeps an alias bomb from being built.
                if self.nodes.saturating_add(size) > MAX_NODES {
                    return Err(YamlError::at(
                        mark,
                        format!(
                            "its aliases expand to more than {MAX_NODES} values (\"excessive aliasing\", which Hugo refuses too); write the values out, or use fewer aliases"
                        ),
                    ));
                }
                let value = value.cloned().unwrap_or(Value::Null);
                self.nodes += size;
                self.insert(value, 0, size);
            }
            Event::Nothing | Event::StreamStart | Event::StreamEnd | Event::DocumentStart => {}
        }
        Ok(())
    }

    fn count(&mut self, n: usize, mark: Marker) -> Result<(), YamlError> {
        self.nodes += n;
        if self.nodes > MAX_NODES {
            return Err(YamlError::at(
                mark,
                format!("more than {MAX_NODES} values in one document"),
            ));
        }
        Ok(())
    }

    /// Puts a complete node in its parent (or makes it the document).
    fn insert(&mut self, value: Value, anchor: usize, size: usize) {
        // Anchor ids start at 1.
        if anchor > 0 {
            self.anchors.insert(anchor, (value.clone(), size));
        }
        match self.stack.last_mut() {
            None => self.document = Some(value),
            Some(Frame::List { items, .. }) => items.push(value),
            Some(Frame::Mapping { map, key, .. }) => match key.take() {
                None => *key = Some(key_text(value)),
                // A repeated key: the later value wins, as in Hugo.
                Some(Some(k)) => {
                    map.insert(k, value);
                }
                Some(None) => {}
            },
        }
    }
}

/// A key as gray_matter writes it: scalars as their text, others dropped.
fn key_text(value: Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        Value::Null => Some("null".to_owned()),
        Value::Array(_) | Value::Object(_) => None,
    }
}

/// A scalar's value, resolved as yaml-rust2's loader resolves it, with
/// YAML 1.1 booleans (see the module documentation).
fn scalar(text: String, style: TScalarStyle, tag: Option<&Tag>) -> Value {
    if style != TScalarStyle::Plain {
        return Value::String(text);
    }
    let yaml = match tag {
        Some(Tag { handle, suffix }) if handle == "tag:yaml.org,2002:" => match suffix.as_str() {
            "bool" => match text.as_str() {
                "true" | "True" | "TRUE" => Yaml::Boolean(true),
                "false" | "False" | "FALSE" => Yaml::Boolean(false),
                _ => Yaml::BadValue,
            },
            "int" => text.parse::<i64>().map_or(Yaml::BadValue, Yaml::Integer),
            "float" => match Yaml::from_str(&text) {
                Yaml::Real(_) | Yaml::Integer(_) => Yaml::Real(text),
                _ => Yaml::BadValue,
            },
            "null" => match text.as_str() {
                "~" | "null" => Yaml::Null,
                _ => Yaml::BadValue,
            },
            _ => Yaml::String(text),
        },
        Some(_) => Yaml::String(text),
        None => match text.as_str() {
            "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" => Yaml::Boolean(true),
            "n" | "N" | "no" | "No" | "NO" | "off" | "Off" | "OFF" => Yaml::Boolean(false),
            // Most scalars are text (titles, slugs, tags): only those
            // that can resolve to something else go through
            // `Yaml::from_str`, which copies every string it returns.
            _ if !may_resolve(&text) => return Value::String(text),
            _ => Yaml::from_str(&text),
        },
    };
    match yaml {
        Yaml::Real(s) => match s.parse::<f64>() {
            Ok(f) if f.is_finite() => Value::from(f),
            _ => Value::String(s),
        },
        Yaml::Integer(i) => Value::from(i),
        Yaml::String(s) => Value::String(s),
        Yaml::Boolean(b) => Value::Bool(b),
        _ => Value::Null,
    }
}

/// Whether `Yaml::from_str` can read a plain scalar as anything but a
/// string: a null, a boolean, or a number (which starts with a digit, a
/// sign or a `.`: its `parse_f64` wants a digit or `.inf`/`.nan`).
fn may_resolve(text: &str) -> bool {
    match text.as_bytes().first() {
        None => true,
        Some(b) if b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'~') => true,
        _ => matches!(
            text,
            "null" | "true" | "True" | "TRUE" | "false" | "False" | "FALSE"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut around `Yaml::from_str` never turns a scalar it
    /// would resolve into a string.
    #[test]
    fn only_scalars_that_may_resolve_are_resolved() {
        let samples = [
            "",
            "~",
            "null",
            "Null",
            "NULL",
            "true",
            "True",
            "TRUE",
            "false",
            "tRUE",
            "0",
            "12",
            "-3",
            "+4",
            "0x1f",
            "0o17",
            "1.5",
            ".5",
            "-.5",
            "1e3",
            "1E-3",
            ".inf",
            "-.inf",
            ".nan",
            ".NaN",
            "inf",
            "nan",
            "infinity",
            "NaN",
            "Infinity",
            "1_000",
            "2024-05-01",
            "10:30",
            "e5",
            "E5",
            "x1",
            "Hello",
            "é",
            "_1",
            "#",
            "@",
            "weekly",
        ];
        for text in samples {
            if !may_resolve(text) {
                assert!(
                    matches!(Yaml::from_str(text), Yaml::String(_)),
                    "{text:?} resolves but is taken as a string"
                );
            }
        }
    }

    /// Block-style nesting (not only `[[[`, which yaml-rust2's scanner
    /// limits itself) stops at [`MAX_DEPTH`], with no stack overflow.
    #[test]
    fn deep_block_nesting_is_refused() {
        let text = format!("{}x\n", "- ".repeat(100_000));
        let err = load(&text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "1:257: lists and mappings nested more than 128 deep"
        );
    }
}
