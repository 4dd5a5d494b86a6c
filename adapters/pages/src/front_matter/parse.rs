//! Parsing the block once found: each format's engine, and, when one
//! refuses the block, the format's own parser asked again for the
//! position, so the error names the line and column in the file.

use std::path::Path;

use gray_matter::engine::Engine;
use serde_json::{Map, Value};

use crate::error::Error;
use crate::yaml::Dialect;

use super::convert::{kind_of, pod_to_json, toml_direct};
use super::fences::{
    Fences, MAX_BLOCK, find_fence, json_object_len, line_col, line_end, looks_like_yaml_mapping,
    next_line, opens_json_object,
};
use super::{Format, FrontMatter, KeyIndex};

/// Finds and parses the front matter of `text`, the contents of `path`
/// (used only in errors), closing fenced blocks as [`Fences::Exact`].
///
/// - A byte-order mark and blank lines before the opening fence are
///   skipped.
/// - `+++` opens TOML and `---` opens YAML; either must be closed by a
///   fence line, or the file is refused ([`Error::UnclosedFrontMatter`]),
///   as Hugo and Zola refuse it: a `draft: true` in a block that never
///   closes is still a draft.
/// - A closed `---` block whose first line that is neither blank nor a
///   comment does not look like a key (`title: …`), and is not empty, is
///   Markdown between two horizontal rules: no front matter.
/// - `{` followed by `"` or `}` opens a JSON object (Hugo); `{{` does not
///   (mdBook's `{{#include}}`). An object that never closes is refused.
/// - A block longer than [`MAX_BLOCK`] is refused.
pub fn parse(path: &Path, text: &str) -> Result<FrontMatter, Error> {
    parse_with(path, text, Fences::Exact)
}

/// [`parse`], with the closing fence found by `fences`' rule.
pub fn parse_with(path: &Path, text: &str, fences: Fences) -> Result<FrontMatter, Error> {
    parse_as(path, text, fences, Dialect::Hugo)
}

/// [`parse_with`], YAML read as `dialect`'s library reads it (Zola's
/// serde_yaml takes `yes` as text, where Hugo's go-yaml v2 reads `true`).
pub fn parse_as(
    path: &Path,
    text: &str,
    fences: Fences,
    dialect: Dialect,
) -> Result<FrontMatter, Error> {
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
    let ctx = Ctx {
        path,
        text,
        dialect,
    };
    // Hugo's page lexer opens a block at the fence's three characters
    // and reads on from there: `---title: x` is a block whose first line
    // is `title: x`. The other generators want the fence alone.
    let fence_at = |fence: &str| match fences {
        Fences::Hugo => first.trim_start().starts_with(fence),
        Fences::Exact => first == fence,
    };
    match first {
        _ if fence_at("+++") || fence_at("---") => {
            let (format, fence) = if fence_at("+++") {
                (Format::Toml, "+++")
            } else {
                (Format::Yaml, "---")
            };
            let after_fence = open_start + (first.len() - first.trim_start().len()) + 3;
            let same_line = !text[after_fence..open_end].trim().is_empty();
            let block_start = if same_line {
                after_fence
            } else {
                next_line(text, open_end)
            };
            // The closing fence starts a line after the opening one.
            let after_open = next_line(text, open_end);
            let Some((close_start, close_end)) = find_fence(text, after_open, fence, fences) else {
                return Err(Error::UnclosedFrontMatter {
                    path: path.to_owned(),
                    line: open_line,
                    format,
                    fence,
                });
            };
            let block = &text[block_start..close_start];
            if block.len() > MAX_BLOCK {
                return Err(Error::FrontMatterTooLarge {
                    path: path.to_owned(),
                    line: open_line,
                    format,
                    limit: MAX_BLOCK,
                });
            }
            if format == Format::Yaml && !looks_like_yaml_mapping(block) {
                return Ok(none);
            }
            let data = ctx.parse_block(format, block, block_start, open_line)?;
            Ok(FrontMatter {
                format: Some(format),
                keys: KeyIndex::of(&data),
                data,
                body_start: next_line(text, close_end),
                fence_line: open_line,
                block: block.into(),
                block_line: if same_line { open_line } else { open_line + 1 },
            })
        }
        _ if first.starts_with('{') && opens_json_object(&text[open_start..]) => {
            let rest = &text[open_start..];
            // Hugo 0.111.3 finds the object's end by counting braces
            // outside strings, and refuses a file where they never
            // balance ("unexpected EOF parsing JSON front matter"),
            // whatever the text after the last brace.
            let Some(object_len) = json_object_len(rest) else {
                return Err(Error::UnclosedFrontMatter {
                    path: path.to_owned(),
                    line: open_line,
                    format: Format::Json,
                    fence: "}",
                });
            };
            let mut stream =
                serde_json::Deserializer::from_str(&rest[..object_len]).into_iter::<Value>();
            let end = match stream.next() {
                Some(Ok(_)) => open_start + stream.byte_offset(),
                Some(Err(e)) => {
                    return Err(ctx.json_error(&e, open_start, open_line, Format::Json));
                }
                None => return Ok(none),
            };
            let block = &text[open_start..end];
            if block.len() > MAX_BLOCK {
                return Err(Error::FrontMatterTooLarge {
                    path: path.to_owned(),
                    line: open_line,
                    format: Format::Json,
                    limit: MAX_BLOCK,
                });
            }
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
                keys: KeyIndex::of(&data),
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

pub(super) struct Ctx<'a> {
    pub(super) path: &'a Path,
    pub(super) text: &'a str,
    pub(super) dialect: Dialect,
}

impl Ctx<'_> {
    /// Parses a block.
    ///
    /// YAML goes to [`crate::yaml::load_as`]: libyaml's grammar as the
    /// generator's library has it, bounded against alias bombs and deep nesting, a repeated key
    /// taking the last value as in Hugo. TOML goes to the `toml` crate
    /// gray_matter uses and is converted straight to JSON with
    /// gray_matter's rules ([`toml_direct`]): gray_matter's engines clone
    /// every value once or twice and build a hash map that is then
    /// sorted, which made front matter parsing a quarter of a whole
    /// `sitemap scan`. The unit tests check both paths agree. A TOML or
    /// JSON block the parser refuses is handed to gray_matter's engine,
    /// so the error text is its own.
    fn parse_block(
        &self,
        format: Format,
        block: &str,
        block_start: usize,
        fence_line: usize,
    ) -> Result<Map<String, Value>, Error> {
        let direct = match format {
            Format::Toml => toml_direct(block),
            Format::Json => None,
            Format::Yaml => match crate::yaml::load_as(block, self.dialect) {
                Ok(value) => Some(value),
                Err(e) => {
                    let block_line = line_col(self.text, block_start).0;
                    return Err(Error::FrontMatterSyntax {
                        path: self.path.to_owned(),
                        line: block_line + e.line - 1,
                        column: e.column,
                        format,
                        message: e.message,
                    });
                }
            },
        };
        let value = match direct {
            Some(value) => value,
            None => {
                let parsed = if format == Format::Json {
                    gray_matter::engine::JSON::parse(block)
                } else {
                    gray_matter::engine::TOML::parse(block)
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
            // Located by [`crate::yaml::load`] already.
            Format::Yaml => self.unlocated(format, fence_line, fallback),
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
