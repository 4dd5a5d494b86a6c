//! Front matter: the TOML (`+++`), YAML (`---`) or JSON (`{`) block at the
//! top of a content file.
//!
//! The block is found here (so that a byte-order mark and blank lines
//! before the fence are accepted, as Zola and Hugo accept them, and the
//! body's byte offset is exact), and its text is parsed by gray_matter's
//! engines. When an engine refuses the block, the format's own parser is
//! asked once more for the position, so the error names the line and
//! column in the *file*.
//!
//! ```
//! use std::path::Path;
//! use sitemap_source::front_matter::{self, Format};
//!
//! let text = "\u{feff}\n+++\ntitle = \"Hello\"\n[extra.sitemap]\npriority = 0.8\n+++\nBody\n";
//! let fm = front_matter::parse(Path::new("content/hello.md"), text)?;
//! assert_eq!(fm.format, Some(Format::Toml));
//! assert_eq!(fm.data()["title"], "Hello");
//! assert_eq!(fm.body(text), "Body\n");
//! assert_eq!(fm.line_of("extra.sitemap.priority"), 5);
//! # Ok::<(), sitemap_source::Error>(())
//! ```

use std::fmt;
use std::path::Path;

use gray_matter::Pod;
use gray_matter::engine::Engine;
use serde_json::{Map, Value};

use crate::error::Error;

/// The format of a front matter block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// Between `+++` lines (Zola, Hugo).
    Toml,
    /// Between `---` lines (Hugo, Jekyll, Zola).
    Yaml,
    /// A JSON object opening the file (Hugo).
    Json,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Toml => "TOML",
            Format::Yaml => "YAML",
            Format::Json => "JSON",
        })
    }
}

/// A parsed front matter block, or the absence of one.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct FrontMatter {
    /// The block's format; `None` when the file has no front matter.
    pub format: Option<Format>,
    /// The keys and values ([`FrontMatter::data`]).
    data: Map<String, Value>,
    /// No top-level key has a capital letter (as parsed, `data` untouched
    /// since): a lowercase key is then found by the map's own lookup. A
    /// page's rules ask for twenty-odd keys, most of them absent, and
    /// each absent one used to cost a case-insensitive pass over every key.
    keys_lowercase: bool,
    /// Byte offset in the text where the body starts: after the closing
    /// fence's line, or after a byte-order mark when there is no front
    /// matter.
    pub body_start: usize,
    /// 1-based line of the opening fence (0 when there is no front matter).
    fence_line: usize,
    /// The block's text and the file line of its first line, kept so that
    /// [`FrontMatter::line_of`] can find a key's line when an error needs
    /// it. Scanning every block for key lines up front cost a tenth of a
    /// scan and many small allocations per page; only a page with a bad
    /// value ever asks.
    block: Box<str>,
    block_line: usize,
}

impl PartialEq for FrontMatter {
    fn eq(&self, other: &FrontMatter) -> bool {
        // `keys_lowercase` is derived from `data`.
        self.format == other.format
            && self.data == other.data
            && self.body_start == other.body_start
            && self.fence_line == other.fence_line
            && self.block == other.block
            && self.block_line == other.block_line
    }
}

impl FrontMatter {
    /// The keys and values, with keys sorted; empty when there is no front
    /// matter. TOML date-times come out as their string form
    /// (`2024-05-01`, `2024-05-01T10:00:00+02:00`).
    pub fn data(&self) -> &Map<String, Value> {
        &self.data
    }

    /// The keys and values, to change (Zola adds the `date` of a file
    /// name, for example).
    pub fn data_mut(&mut self) -> &mut Map<String, Value> {
        self.keys_lowercase = false;
        &mut self.data
    }

    /// The body: the text after the block.
    pub fn body<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.body_start..).unwrap_or("")
    }

    /// The value at a dotted key path (`extra.sitemap.priority`), keys
    /// compared case-insensitively (Hugo lowercases front matter keys).
    pub fn get(&self, dotted: &str) -> Option<&Value> {
        let mut parts = dotted.split('.');
        let first = parts.next()?;
        let mut value = if self.keys_lowercase && !first.bytes().any(|b| b.is_ascii_uppercase()) {
            self.data.get(first)?
        } else {
            get_key(&self.data, first)?
        };
        for part in parts {
            value = get_key(value.as_object()?, part)?;
        }
        Some(value)
    }

    /// The 1-based line in the file of a dotted key path, so an error can
    /// point at it. When the key itself is not written on a line of its
    /// own (an inline table), the line of the nearest enclosing key is
    /// given; without any, the opening fence's line (1 when the file has no
    /// front matter).
    pub fn line_of(&self, dotted: &str) -> usize {
        let want: Vec<String> = dotted.split('.').map(str::to_lowercase).collect();
        let key_lines = match self.format {
            Some(format) => key_lines(format, &self.block, self.block_line),
            None => Vec::new(),
        };
        for len in (1..=want.len()).rev() {
            if let Some((_, line)) = key_lines.iter().find(|(path, _)| path[..] == want[..len]) {
                return *line;
            }
        }
        self.fence_line.max(1)
    }

    /// The 1-based line of the opening fence, if there is front matter.
    pub fn fence_line(&self) -> Option<usize> {
        (self.fence_line > 0).then_some(self.fence_line)
    }
}

fn keys_lowercase(data: &Map<String, Value>) -> bool {
    data.keys()
        .all(|k| !k.bytes().any(|b| b.is_ascii_uppercase()))
}

fn get_key<'m>(map: &'m Map<String, Value>, key: &str) -> Option<&'m Value> {
    map.get(key).or_else(|| {
        map.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v)
    })
}

/// Finds and parses the front matter of `text`, the contents of `path`
/// (used only in errors).
///
/// - A byte-order mark and blank lines before the opening fence are
///   skipped.
/// - `+++` opens TOML, which must be closed by a `+++` line.
/// - `---` opens YAML only when a closing `---` line follows and the first
///   line inside that is neither blank nor a comment looks like a key
///   (`title: …`), or the block is empty. Otherwise the `---` is a Markdown
///   horizontal rule and the file has no front matter.
/// - `{` followed by `"` or `}` opens a JSON object (Hugo); `{{` does not
///   (mdBook's `{{#include}}`).
pub fn parse(path: &Path, text: &str) -> Result<FrontMatter, Error> {
    let bom = if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    };
    let none = FrontMatter {
        body_start: bom,
        ..FrontMatter::default()
    };
    // The first line that is not blank.
    let mut pos = bom;
    let mut line_no = 1;
    let (open_start, open_end, open_line) = loop {
        if pos >= text.len() {
            return Ok(none);
        }
        let end = line_end(text, pos);
        if !text[pos..end].trim().is_empty() {
            break (pos, end, line_no);
        }
        pos = next_line(text, end);
        line_no += 1;
    };
    let first = text[open_start..open_end].trim_end();
    let ctx = Ctx { path, text };
    match first {
        "+++" | "---" => {
            let (format, fence) = if first == "+++" {
                (Format::Toml, "+++")
            } else {
                (Format::Yaml, "---")
            };
            let block_start = next_line(text, open_end);
            let Some((close_start, close_end)) = find_fence(text, block_start, fence) else {
                if format == Format::Yaml {
                    return Ok(none);
                }
                return Err(Error::UnclosedFrontMatter {
                    path: path.to_owned(),
                    line: open_line,
                    format,
                    fence,
                });
            };
            let block = &text[block_start..close_start];
            if format == Format::Yaml && !looks_like_yaml_mapping(block) {
                return Ok(none);
            }
            let data = ctx.parse_block(format, block, block_start, open_line)?;
            Ok(FrontMatter {
                format: Some(format),
                keys_lowercase: keys_lowercase(&data),
                data,
                body_start: next_line(text, close_end),
                fence_line: open_line,
                block: block.into(),
                block_line: open_line + 1,
            })
        }
        _ if first.starts_with('{') && opens_json_object(&text[open_start..]) => {
            let rest = &text[open_start..];
            let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
            let end = match stream.next() {
                Some(Ok(_)) => open_start + stream.byte_offset(),
                Some(Err(e)) => {
                    return Err(ctx.json_error(&e, open_start, open_line, Format::Json));
                }
                None => return Ok(none),
            };
            let block = &text[open_start..end];
            let data = ctx.parse_block(Format::Json, block, open_start, open_line)?;
            // The body starts on the line after the object when nothing
            // but blanks follows the closing brace.
            let after = line_end(text, end);
            let body_start = if text[end..after].trim().is_empty() {
                next_line(text, after)
            } else {
                end
            };
            Ok(FrontMatter {
                format: Some(Format::Json),
                keys_lowercase: keys_lowercase(&data),
                data,
                body_start,
                fence_line: open_line,
                block: block.into(),
                block_line: open_line,
            })
        }
        _ => Ok(none),
    }
}

struct Ctx<'a> {
    path: &'a Path,
    text: &'a str,
}

impl Ctx<'_> {
    /// Parses a block as gray_matter's engine for its format does.
    ///
    /// TOML and YAML go to the engine's own parser (the same `toml` and
    /// `yaml-rust2` versions gray_matter uses) and are converted straight
    /// to JSON with gray_matter's rules ([`toml_direct`],
    /// [`yaml_to_json`]): gray_matter's engines clone every value once or
    /// twice and build a hash map that is then sorted, which made front
    /// matter parsing a quarter of a whole `sitemap scan`. The unit tests
    /// check both paths agree. A block the parser refuses is handed to
    /// gray_matter's engine, so the error text is its own.
    fn parse_block(
        &self,
        format: Format,
        block: &str,
        block_start: usize,
        fence_line: usize,
    ) -> Result<Map<String, Value>, Error> {
        let direct = match format {
            Format::Toml => toml_direct(block),
            Format::Yaml => yaml_rust2::YamlLoader::load_from_str(block)
                .ok()
                .map(|docs| docs.into_iter().next().map_or(Value::Null, yaml_to_json)),
            Format::Json => None,
        };
        let value = match direct {
            Some(value) => value,
            None => {
                let parsed = match format {
                    Format::Toml => gray_matter::engine::TOML::parse(block),
                    Format::Yaml => gray_matter::engine::YAML::parse(block),
                    Format::Json => gray_matter::engine::JSON::parse(block),
                };
                match parsed {
                    Ok(pod) => pod_to_json(pod),
                    Err(engine_error) => {
                        return Err(self.locate(
                            format,
                            block,
                            block_start,
                            fence_line,
                            &engine_error.to_string(),
                        ));
                    }
                }
            }
        };
        match value {
            Value::Object(map) => Ok(map),
            Value::Null => Ok(Map::new()),
            other => Err(Error::FrontMatterNotATable {
                path: self.path.to_owned(),
                line: fence_line,
                format,
                found: kind_of(&other),
            }),
        }
    }

    /// Asks the format's own parser where the block is wrong, since
    /// gray_matter's errors are strings about the block, not the file.
    fn locate(
        &self,
        format: Format,
        block: &str,
        block_start: usize,
        fence_line: usize,
        fallback: &str,
    ) -> Error {
        match format {
            Format::Toml => match toml::from_str::<toml::Table>(block) {
                Err(e) => {
                    let offset = block_start + e.span().map_or(0, |s| s.start);
                    let (line, column) = line_col(self.text, offset);
                    Error::FrontMatterSyntax {
                        path: self.path.to_owned(),
                        line,
                        column,
                        format,
                        message: e.message().trim_end().to_owned(),
                    }
                }
                Ok(_) => self.unlocated(format, fence_line, fallback),
            },
            Format::Json => match serde_json::from_str::<Value>(block) {
                Err(e) => self.json_error(&e, block_start, fence_line, format),
                Ok(_) => self.unlocated(format, fence_line, fallback),
            },
            Format::Yaml => match yaml_rust2::YamlLoader::load_from_str(block) {
                Err(e) => {
                    let marker = e.marker();
                    // yaml-rust2 counts lines from 1 and columns from 0.
                    let block_line = line_col(self.text, block_start).0;
                    Error::FrontMatterSyntax {
                        path: self.path.to_owned(),
                        line: block_line + marker.line().saturating_sub(1),
                        column: marker.col() + 1,
                        format,
                        message: e.info().to_owned(),
                    }
                }
                Ok(_) => self.unlocated(format, fence_line, fallback),
            },
        }
    }

    fn json_error(
        &self,
        e: &serde_json::Error,
        block_start: usize,
        _fence_line: usize,
        format: Format,
    ) -> Error {
        let (start_line, start_col) = line_col(self.text, block_start);
        let line = start_line + e.line().saturating_sub(1);
        let column = if e.line() <= 1 {
            start_col + e.column().saturating_sub(1)
        } else {
            e.column()
        };
        // serde_json appends " at line L column C" (about the block); the
        // position is given in the file instead.
        let message = e.to_string();
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        // serde_json's word for a misspelt literal says little to a user.
        let message = if message == "expected ident" {
            "expected a value: a string in double quotes, a number, `true`, `false`, `null`, a list or an object".to_owned()
        } else {
            message.to_owned()
        };
        Error::FrontMatterSyntax {
            path: self.path.to_owned(),
            line,
            column: column.max(1),
            format,
            message,
        }
    }

    fn unlocated(&self, format: Format, fence_line: usize, message: &str) -> Error {
        Error::FrontMatterSyntax {
            path: self.path.to_owned(),
            line: fence_line,
            column: 1,
            format,
            message: message.to_owned(),
        }
    }
}

/// gray_matter's value as JSON, with map keys sorted so the result does
/// not depend on hash order.
fn pod_to_json(pod: Pod) -> Value {
    match pod {
        Pod::Null => Value::Null,
        Pod::String(s) => Value::String(s),
        Pod::Integer(i) => Value::from(i),
        Pod::Float(f) => Value::from(f),
        Pod::Boolean(b) => Value::Bool(b),
        Pod::Array(items) => Value::Array(items.into_iter().map(pod_to_json).collect()),
        Pod::Hash(map) => {
            let mut entries: Vec<(String, Pod)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k, pod_to_json(v)))
                    .collect(),
            )
        }
    }
}

/// TOML straight into JSON values, without `toml::Value` in between (a
/// second tree per page, then copied). The `toml` deserialiser hands a
/// date-time to any other format as a one-key table
/// (`$__toml_private_datetime`), which becomes its text, as
/// [`toml_to_json`] writes it.
fn toml_direct(block: &str) -> Option<Value> {
    fn dates_as_text(value: &mut Value) {
        match value {
            Value::Object(map) => {
                if map.len() == 1
                    && let Some(Value::String(text)) = map.get_mut(TOML_DATETIME)
                {
                    *value = Value::String(std::mem::take(text));
                    return;
                }
                map.values_mut().for_each(dates_as_text);
            }
            Value::Array(items) => items.iter_mut().for_each(dates_as_text),
            _ => {}
        }
    }
    let mut value = toml::from_str::<Value>(block).ok()?;
    dates_as_text(&mut value);
    Some(value)
}

/// The field name under which the `toml` crate passes a date-time through
/// serde (its `datetime` module's `FIELD`).
const TOML_DATETIME: &str = "$__toml_private_datetime";

/// The conversion gray_matter's TOML engine makes, kept as the reference
/// [`toml_direct`] is tested against.
#[cfg(test)]
fn toml_to_json(value: toml::Value) -> Value {
    match value {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => Value::from(f),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.into_iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => {
            Value::Object(t.into_iter().map(|(k, v)| (k, toml_to_json(v))).collect())
        }
    }
}

/// gray_matter's YAML engine's value as JSON, except that a real that does
/// not parse (`.nan`, `.inf`) is its text where gray_matter gives 0; keys
/// that are strings, reals, booleans, integers or null become their text,
/// other keys are dropped; aliases and bad values are null.
/// A later duplicate key wins, as in gray_matter's hash map.
fn yaml_to_json(value: yaml_rust2::Yaml) -> Value {
    use yaml_rust2::Yaml;
    match value {
        // YAML's `.nan`/`.inf` do not parse as Rust floats; kept as text,
        // so a `priority: .nan` is refused with what was written instead
        // of becoming gray_matter's 0.0 and being published as `0.0`.
        Yaml::Real(s) => match s.parse::<f64>() {
            Ok(f) => Value::from(f),
            Err(_) => Value::String(s),
        },
        Yaml::Integer(i) => Value::from(i),
        Yaml::String(s) => Value::String(s),
        Yaml::Boolean(b) => Value::Bool(b),
        Yaml::Array(a) => Value::Array(a.into_iter().map(yaml_to_json).collect()),
        Yaml::Hash(h) => {
            let mut map = Map::new();
            for (k, v) in h {
                let key = match k {
                    Yaml::String(s) | Yaml::Real(s) => s,
                    Yaml::Boolean(b) => b.to_string(),
                    Yaml::Integer(i) => i.to_string(),
                    Yaml::Null => "null".to_owned(),
                    _ => continue,
                };
                map.insert(key, yaml_to_json(v));
            }
            Value::Object(map)
        }
        _ => Value::Null,
    }
}

pub(crate) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "nothing (null)",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a table",
    }
}

/// End of the line starting at `pos` (the index of its `\n`, or the end).
fn line_end(text: &str, pos: usize) -> usize {
    text[pos..].find('\n').map_or(text.len(), |i| pos + i)
}

/// Start of the line after the one ending at `end`.
fn next_line(text: &str, end: usize) -> usize {
    (end + 1).min(text.len())
}

/// The first line from `pos` that is exactly `fence` (trailing whitespace
/// and `\r` allowed): its start and end.
fn find_fence(text: &str, mut pos: usize, fence: &str) -> Option<(usize, usize)> {
    while pos < text.len() {
        let end = line_end(text, pos);
        if text[pos..end].trim_end() == fence {
            return Some((pos, end));
        }
        if end >= text.len() {
            break;
        }
        pos = end + 1;
    }
    None
}

/// 1-based line and column (in characters) of a byte offset.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..offset]
        .trim_start_matches('\u{feff}')
        .chars()
        .count()
        + 1;
    (line, column)
}

/// Whether a `---` block is YAML front matter rather than Markdown between
/// two horizontal rules: empty, or its first line that is neither blank
/// nor a comment is a `key:`.
fn looks_like_yaml_mapping(block: &str) -> bool {
    let mut lines = block.lines().map(str::trim).filter(|l| !l.is_empty());
    let Some(first) = lines.clone().find(|l| !l.starts_with('#')) else {
        // All blank: empty front matter. Comments only: a Markdown heading
        // between rules.
        return lines.next().is_none();
    };
    yaml_key(first).is_some()
}

/// The key of a `key: value` line (quoted keys allowed).
fn yaml_key(line: &str) -> Option<&str> {
    let line = line.trim_start();
    if let Some(q) = line.chars().next().filter(|c| *c == '"' || *c == '\'') {
        let close = line[1..].find(q)? + 1;
        let rest = &line[close + 1..];
        return rest.starts_with(':').then(|| &line[1..close]);
    }
    let colon = line
        .find(": ")
        .or_else(|| line.strip_suffix(':').map(|s| s.len()))?;
    let key = &line[..colon];
    let bad_start = key.starts_with(['-', '#', '>', '*', '`', '[', '{', '!', '|', '&', '%', '@']);
    (!key.is_empty() && !bad_start && !key.contains(" #")).then_some(key.trim_end())
}

/// Whether text starting with `{` is a JSON object (`{"…` or `{}`), not
/// an mdBook `{{#include}}` or other brace.
fn opens_json_object(rest: &str) -> bool {
    rest[1..].trim_start().starts_with(['"', '}'])
}

/// Every key path in a block with its 1-based line in the file, found by
/// a light scan of the text (the parsers do not report key positions).
fn key_lines(format: Format, block: &str, first_line: usize) -> Vec<(Vec<String>, usize)> {
    match format {
        Format::Toml => toml_key_lines(block, first_line),
        Format::Yaml => yaml_key_lines(block, first_line),
        Format::Json => json_key_lines(block, first_line),
    }
}

fn split_dotted(keys: &str) -> Vec<String> {
    keys.split('.')
        .map(|k| k.trim().trim_matches(['"', '\'']).to_lowercase())
        .filter(|k| !k.is_empty())
        .collect()
}

fn toml_key_lines(block: &str, first_line: usize) -> Vec<(Vec<String>, usize)> {
    let mut out = Vec::new();
    let mut table: Vec<String> = Vec::new();
    for (i, line) in block.lines().enumerate() {
        let line_no = first_line + i;
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_start_matches('[');
            let end = header.find(']').unwrap_or(header.len());
            table = split_dotted(&header[..end]);
            // `[extra.sitemap]` also writes `extra`, unless it was written
            // before.
            for len in 1..=table.len() {
                if !out
                    .iter()
                    .any(|(p, _): &(Vec<String>, usize)| p[..] == table[..len])
                {
                    out.push((table[..len].to_vec(), line_no));
                }
            }
            continue;
        }
        let Some(eq) = line.find('=') else { continue };
        let mut path = table.clone();
        path.extend(split_dotted(&line[..eq]));
        out.push((path.clone(), line_no));
        inline_keys(&line[eq + 1..], '=', &path, line_no, &mut out);
    }
    out
}

/// Keys of a one-line inline table / flow mapping (`{ a = 1, b = 2 }`).
fn inline_keys(
    value: &str,
    sep: char,
    parent: &[String],
    line_no: usize,
    out: &mut Vec<(Vec<String>, usize)>,
) {
    let Some(inner) = value.trim().strip_prefix('{') else {
        return;
    };
    for part in inner.trim_end_matches('}').split(',') {
        if let Some(at) = part.find(sep) {
            let mut path = parent.to_vec();
            path.extend(split_dotted(&part[..at]));
            out.push((path, line_no));
        }
    }
}

fn yaml_key_lines(block: &str, first_line: usize) -> Vec<(Vec<String>, usize)> {
    let mut out = Vec::new();
    let mut stack: Vec<(usize, String)> = Vec::new();
    for (i, raw) in block.lines().enumerate() {
        let line_no = first_line + i;
        let trimmed = raw.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('-') {
            continue;
        }
        let indent = raw.len() - trimmed.len();
        let Some(key) = yaml_key(trimmed) else {
            continue;
        };
        while stack.last().is_some_and(|(level, _)| *level >= indent) {
            stack.pop();
        }
        stack.push((indent, key.to_lowercase()));
        let path: Vec<String> = stack.iter().map(|(_, k)| k.clone()).collect();
        out.push((path.clone(), line_no));
        if let Some(colon) = trimmed.find(':') {
            inline_keys(&trimmed[colon + 1..], ':', &path, line_no, &mut out);
        }
    }
    out
}

fn json_key_lines(block: &str, first_line: usize) -> Vec<(Vec<String>, usize)> {
    // A small tokenizer: strings, braces, brackets, colons and commas are
    // all that decide which string is a key.
    enum Frame {
        Object { key: Option<String>, want_key: bool },
        Array,
    }
    let mut out = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut line = first_line;
    let mut chars = block.chars();
    let path_of = |stack: &[Frame]| -> Vec<String> {
        stack
            .iter()
            .filter_map(|f| match f {
                Frame::Object { key, .. } => key.clone(),
                Frame::Array => None,
            })
            .collect()
    };
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            '{' => stack.push(Frame::Object {
                key: None,
                want_key: true,
            }),
            '[' => stack.push(Frame::Array),
            '}' | ']' => {
                stack.pop();
            }
            ':' => {
                if let Some(Frame::Object { want_key, .. }) = stack.last_mut() {
                    *want_key = false;
                }
            }
            ',' => {
                if let Some(Frame::Object { want_key, .. }) = stack.last_mut() {
                    *want_key = true;
                }
            }
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            if let Some(e) = chars.next() {
                                s.push(e);
                            }
                        }
                        '"' => break,
                        '\n' => {
                            line += 1;
                            s.push(c);
                        }
                        _ => s.push(c),
                    }
                }
                if let Some(Frame::Object {
                    key,
                    want_key: true,
                }) = stack.last_mut()
                {
                    *key = Some(s.to_lowercase());
                    let path = path_of(&stack);
                    out.push((path, line));
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The direct TOML/YAML conversion gives what gray_matter's engines
    /// give, key for key, on the shapes front matter takes.
    #[test]
    fn direct_parse_matches_gray_matter() {
        let toml_blocks = [
            "title = \"Hi\"\ndate = 2024-05-01\nlastmod = 2024-05-01T10:00:00Z\ntags = [\"a\", \"b\"]\ndraft = true\nweight = 3\nratio = 0.5\n[extra.sitemap]\npriority = 0.8\nchangefreq = \"weekly\"\n[[items]]\nname = \"x\"\n",
            "",
            "local = 10:30:00\nnested = { a = 1, b = { c = [1.5, -2] } }\nnan = nan\n",
            "dates = [1979-05-27, 1979-05-27T07:32:00-08:00, 1979-05-27T00:32:00.999999]\n[[events]]\nat = 2024-01-01T00:00:00+01:00\n[t]\nwhen = 07:32:00\n",
        ];
        for block in toml_blocks {
            let ours = toml_to_json(toml::from_str::<toml::Value>(block).unwrap());
            let theirs = pod_to_json(gray_matter::engine::TOML::parse(block).unwrap());
            assert_eq!(ours, theirs, "{block}");
            // And the path taken: straight into JSON.
            assert_eq!(toml_direct(block), Some(ours), "{block}");
        }
        let yaml_blocks = [
            "title: Hi\ndate: 2024-05-01\ntags: [a, b]\ndraft: true\nweight: 3\nratio: 0.5\nsitemap:\n  changefreq: weekly\n  priority: 0.8\n",
            "",
            "1: one\ntrue: yes\n~: nothing\n1.5: real\n[a]: dropped\n\"1\": later wins\nanchor: &a {x: 1}\nalias: *a\nbig: 1e400\n",
            "- a list\n",
            "just text\n",
        ];
        for block in yaml_blocks {
            let docs = yaml_rust2::YamlLoader::load_from_str(block).unwrap();
            let ours = docs.into_iter().next().map_or(Value::Null, yaml_to_json);
            let theirs = pod_to_json(gray_matter::engine::YAML::parse(block).unwrap());
            assert_eq!(ours, theirs, "{block}");
        }
    }
}
