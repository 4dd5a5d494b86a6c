//! Values built straight from the parser's events, in a loop (no
//! recursion), with aliases counted before they are copied and merge
//! keys applied as go-yaml v2 applies them.

use std::collections::HashMap;

use libyaml_safer::{EventData, Mark};
use serde_json::{Map, Value};

use super::resolve::{self, Scalar};
use super::{Dialect, MAX_DEPTH, MAX_NODES, YamlError};

/// A mapping's key, read and waiting for its value.
enum Key {
    Text(String),
    /// go-yaml v2's `<<`: the value's mappings are merged in.
    Merge,
}

/// Keys of a mapping below the document's whose text as written differs
/// from the text Hugo makes of their value (`1.50` / `1.5`, `yes` /
/// `true`): (made, written). Merged into the document's mapping, they take
/// the written text, as Hugo decodes them there.
type Renames = Vec<(String, String)>;

/// The [`Renames`] a node carries to where it is merged.
#[derive(Clone, Default)]
enum Written {
    #[default]
    Same,
    Mapping(Renames),
    /// A list's mappings that have renames, by index.
    List(Vec<(usize, Renames)>),
}

/// A list or mapping being built, with the anchor it will be stored under
/// and the node count when it opened (its size is the difference).
enum Frame {
    List {
        items: Vec<Value>,
        written: Vec<(usize, Renames)>,
        anchor: Option<String>,
        opened_at: usize,
    },
    Mapping {
        map: Map<String, Value>,
        key: Option<Key>,
        /// The document's own mapping: Hugo decodes it into
        /// `map[string]interface{}`, whose keys are the text as written;
        /// deeper keys are values turned into text.
        root: bool,
        renames: Renames,
        /// Whether a `<<` merged keys in.
        merged: bool,
        anchor: Option<String>,
        opened_at: usize,
    },
}

/// What a complete node is, besides its value, for its parent.
struct Node {
    value: Value,
    /// A scalar's text as written (what a key as written is), kept only
    /// when it is a key.
    written: Option<String>,
    merge: bool,
    size: usize,
    anchor: Option<String>,
    renames: Written,
}

pub(super) struct Builder {
    dialect: Dialect,
    stack: Vec<Frame>,
    /// Anchor -> its value and how many nodes it holds; `None` while it
    /// is being built (an alias to it then would contain itself).
    anchors: HashMap<String, Option<(Value, usize, Written)>>,
    /// Nodes built so far, aliases counted expanded.
    nodes: usize,
    /// The first document's value, once complete.
    pub(super) document: Option<Value>,
}

impl Builder {
    pub(super) fn new(dialect: Dialect) -> Builder {
        Builder {
            dialect,
            stack: Vec::new(),
            anchors: HashMap::new(),
            nodes: 0,
            document: None,
        }
    }

    pub(super) fn event(&mut self, event: EventData, mark: Mark) -> Result<(), YamlError> {
        match event {
            EventData::SequenceStart { ref anchor, .. }
            | EventData::MappingStart { ref anchor, .. } => {
                let list = matches!(event, EventData::SequenceStart { .. });
                self.open(anchor.clone(), list, mark)
            }
            EventData::SequenceEnd | EventData::MappingEnd => self.close(mark),
            EventData::Scalar {
                anchor,
                tag,
                value,
                plain_implicit,
                style,
                ..
            } => {
                let scalar = Scalar {
                    text: value,
                    style,
                    tag: tag.as_deref(),
                    plain_implicit,
                };
                self.scalar(anchor, scalar, mark)
            }
            EventData::Alias { anchor } => self.alias(&anchor, mark),
            EventData::StreamStart { .. }
            | EventData::StreamEnd
            | EventData::DocumentStart { .. }
            | EventData::DocumentEnd { .. } => Ok(()),
        }
    }

    /// A list or mapping opens: a frame, its anchor reserved (an alias to
    /// it before it closes would contain itself).
    fn open(&mut self, anchor: Option<String>, list: bool, mark: Mark) -> Result<(), YamlError> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(YamlError::at(
                mark,
                format!("lists and mappings nested more than {MAX_DEPTH} deep"),
            ));
        }
        self.count(1, mark)?;
        let opened_at = self.nodes - 1;
        if let Some(name) = &anchor {
            self.anchors.insert(name.clone(), None);
        }
        let root = self.stack.is_empty();
        self.stack.push(if list {
            Frame::List {
                items: Vec::new(),
                written: Vec::new(),
                anchor,
                opened_at,
            }
        } else {
            Frame::Mapping {
                map: Map::new(),
                key: None,
                root,
                renames: Renames::new(),
                merged: false,
                anchor,
                opened_at,
            }
        });
        Ok(())
    }

    /// A list or mapping closes: its frame becomes a node of its parent.
    fn close(&mut self, mark: Mark) -> Result<(), YamlError> {
        let (value, anchor, opened_at, renames) = match self.stack.pop() {
            Some(Frame::List {
                items,
                written,
                anchor,
                opened_at,
            }) => (
                Value::Array(items),
                anchor,
                opened_at,
                if written.is_empty() {
                    Written::Same
                } else {
                    Written::List(written)
                },
            ),
            Some(Frame::Mapping {
                map,
                renames,
                anchor,
                opened_at,
                ..
            }) => (
                Value::Object(map),
                anchor,
                opened_at,
                if renames.is_empty() {
                    Written::Same
                } else {
                    Written::Mapping(renames)
                },
            ),
            None => return Ok(()),
        };
        let size = self.nodes - opened_at;
        self.insert(
            Node {
                value,
                written: None,
                merge: false,
                size,
                anchor,
                renames,
            },
            mark,
        )
    }

    /// A scalar: resolved in the dialect's rules, its text as written
    /// kept for when it is a key.
    fn scalar(
        &mut self,
        anchor: Option<String>,
        scalar: Scalar<'_>,
        mark: Mark,
    ) -> Result<(), YamlError> {
        self.count(1, mark)?;
        // go-yaml v2's `isMerge`: a `<<` that is plain or tagged `!!merge`.
        let merge = matches!(self.dialect, Dialect::Hugo | Dialect::HugoGoccy)
            && scalar.text == "<<"
            && (scalar.plain_implicit || scalar.tag == Some("tag:yaml.org,2002:merge"));
        // Its text as written matters only as a mapping's key: a value's
        // is not copied.
        let awaiting_key = matches!(self.stack.last(), Some(Frame::Mapping { key: None, .. }));
        let written = awaiting_key.then(|| scalar.text.clone());
        let resolved = resolve::scalar(self.dialect, scalar)
            .map_err(|message| YamlError::at(mark, message))?;
        self.insert(
            Node {
                value: resolved,
                written,
                merge,
                size: 1,
                anchor,
                renames: Written::Same,
            },
            mark,
        )
    }

    /// An alias: a copy of its anchor's value, counted before it is made.
    fn alias(&mut self, anchor: &str, mark: Mark) -> Result<(), YamlError> {
        let (value, size, renames) = match self.anchors.get(anchor) {
            Some(Some((value, size, renames))) => (value, *size, renames),
            Some(None) => {
                return Err(YamlError::at(
                    mark,
                    format!("anchor '{anchor}' value contains itself"),
                ));
            }
            None => {
                return Err(YamlError::at(
                    mark,
                    format!("unknown anchor '{anchor}' referenced"),
                ));
            }
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
        let (value, renames) = (value.clone(), renames.clone());
        self.nodes += size;
        self.insert(
            Node {
                value,
                written: None,
                merge: false,
                size,
                anchor: None,
                renames,
            },
            mark,
        )
    }

    fn count(&mut self, n: usize, mark: Mark) -> Result<(), YamlError> {
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
    fn insert(&mut self, node: Node, mark: Mark) -> Result<(), YamlError> {
        if let Some(name) = node.anchor {
            self.anchors.insert(
                name,
                Some((node.value.clone(), node.size, node.renames.clone())),
            );
        }
        match self.stack.last_mut() {
            None => self.document = Some(node.value),
            Some(Frame::List { items, written, .. }) => {
                if let Written::Mapping(renames) = node.renames {
                    written.push((items.len(), renames));
                }
                items.push(node.value);
            }
            Some(Frame::Mapping {
                map,
                key,
                root,
                renames,
                merged,
                ..
            }) => match key.take() {
                None if node.merge => *key = Some(Key::Merge),
                None => {
                    // serde_yaml 0.9 reads every key as written into Zola's
                    // string-keyed maps; goccy makes every key the text of
                    // its value (`key_text`).
                    let as_written =
                        (*root && self.dialect == Dialect::Hugo) || self.dialect == Dialect::Zola;
                    let written = node.written;
                    let text = key_text(
                        node.value,
                        written.as_deref(),
                        as_written,
                        self.dialect,
                        mark,
                    )?;
                    if let Some(written) = written
                        && written != text
                        && !as_written
                        && !text.is_empty()
                        && self.dialect == Dialect::Hugo
                    {
                        renames.push((text.clone(), written));
                    }
                    // goccy's parser refuses a key written twice in one
                    // mapping (a key a `<<` brought in may be written
                    // over, as merge keys are meant to be).
                    if self.dialect == Dialect::HugoGoccy && !*merged && map.contains_key(&text) {
                        return Err(YamlError::at(
                            mark,
                            format!(
                                "mapping key \"{text}\" already defined (Hugo 0.152 and later refuse a key written twice in one mapping: keep one)"
                            ),
                        ));
                    }
                    *key = Some(Key::Text(text));
                }
                // A repeated key: the later value wins, as in Hugo.
                Some(Key::Text(k)) => {
                    map.insert(k, node.value);
                }
                Some(Key::Merge) => {
                    *merged = true;
                    let renames = if *root { node.renames } else { Written::Same };
                    merge(map, node.value, renames, mark)?;
                }
            },
        }
        Ok(())
    }
}

/// A key as text. Hugo 0.111.3 decodes the document's mapping into
/// `map[string]interface{}` (a scalar key is its text as written, a null
/// one empty) and turns deeper keys into text with `cast.ToStringE`
/// (`true`, `1`, `1.5`; a null one empty). A list or mapping as a key is
/// refused by both generators' libraries.
fn key_text(
    value: Value,
    written: Option<&str>,
    as_written: bool,
    dialect: Dialect,
    mark: Mark,
) -> Result<String, YamlError> {
    Ok(match value {
        Value::String(s) => s,
        Value::Array(_) | Value::Object(_) => {
            return Err(YamlError::at(
                mark,
                "a list or mapping as a key (invalid map key)".to_owned(),
            ));
        }
        _ if dialect == Dialect::Zola => written.unwrap_or_default().to_owned(),
        // goccy's `mapKeyNodeToString`: `fmt.Sprint` of the value.
        Value::Null if dialect == Dialect::HugoGoccy => "null".to_owned(),
        Value::Null => String::new(),
        _ if as_written => written.unwrap_or_default().to_owned(),
        Value::Bool(b) => b.to_string(),
        // Go's `FormatFloat(f, 'f', -1, 64)` writes the shortest digits
        // that read back, with no exponent and no `.0`: as Rust's `{}`.
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() => format!("{f}"),
            _ => n.to_string(),
        },
    })
}

/// go-yaml v2's `decoder.merge`: a mapping's entries replace the ones
/// before the `<<`; of a list of mappings, the earlier ones win.
fn merge(
    map: &mut Map<String, Value>,
    value: Value,
    written: Written,
    mark: Mark,
) -> Result<(), YamlError> {
    fn put(
        map: &mut Map<String, Value>,
        entries: Map<String, Value>,
        renames: &[(String, String)],
    ) {
        for (k, v) in entries {
            let k = match renames.iter().find(|(made, _)| *made == k) {
                Some((_, as_written)) => as_written.clone(),
                None => k,
            };
            map.insert(k, v);
        }
    }
    let refuse = || {
        YamlError::at(
            mark,
            "map merge requires map or sequence of maps as the value".to_owned(),
        )
    };
    match value {
        Value::Object(entries) => match written {
            Written::Mapping(renames) => put(map, entries, &renames),
            _ => map.extend(entries),
        },
        Value::Array(items) => {
            if !items.iter().all(Value::is_object) {
                return Err(refuse());
            }
            let renames = match written {
                Written::List(renames) => renames,
                _ => Vec::new(),
            };
            for (i, item) in items.into_iter().enumerate().rev() {
                if let Value::Object(entries) = item {
                    let item_renames = renames
                        .iter()
                        .find(|(at, _)| *at == i)
                        .map_or(&[][..], |(_, r)| r.as_slice());
                    put(map, entries, item_renames);
                }
            }
        }
        _ => return Err(refuse()),
    }
    Ok(())
}
