//! YAML read as each generator reads it, with bounded memory and stack.
//!
//! The grammar is libyaml's, through libyaml-safer (a safe Rust port of
//! libyaml 0.2.5), kept in `vendor/libyaml-safer` with a switch for the
//! places where Hugo's library, `gopkg.in/yaml.v2` 2.4.0 (a Go port of an
//! older libyaml), scans otherwise: `\'` is an escape in double quotes and
//! `\/` is not, and in a flow collection a `?` ends a plain scalar while
//! a `:` before `,` `]` `}` belongs to it (`vendor/libyaml-safer/PATCHES.md`).
//! Zola 0.22 reads YAML front matter with serde_yaml 0.9, which is
//! libyaml 0.2.5 itself. So both generators' leniency is ours: a flow
//! list whose `]` sits at column 0, a quoted scalar continued at column 0.
//!
//! [`load_as`] drives the parser's events itself and builds JSON values
//! from them (`build.rs`), instead of building a tree first:
//!
//! - an alias would copy its anchor's subtree, so a few hundred bytes of
//!   nested aliases (a "billion laughs" document) grow to gigabytes. Here
//!   every node an alias would add is counted (an alias adds the size of
//!   its anchor's subtree) before it is copied, and a document past
//!   [`MAX_NODES`] is refused, as Hugo's YAML library refuses "excessive
//!   aliasing"; an alias to an anchor not defined, or to the node it is
//!   in, is refused as both libraries refuse it;
//! - the events come from a state machine driven in a loop, and nesting
//!   past [`MAX_DEPTH`] is refused, so neither building nor dropping the
//!   values can overflow the stack;
//! - a mapping that repeats a key keeps the last value, a repeated table
//!   replacing the earlier one whole, as Hugo 0.111.3 (go-yaml v2, not
//!   strict) builds such pages;
//! - for Hugo, `<<` merges a mapping (or a list of them, the earlier
//!   winning) into the one it is in, replacing the keys before it, as
//!   go-yaml v2's decoder does; serde_yaml 0.9 merges nothing (a `<<` key
//!   is a key);
//! - only the first document is read, as both libraries read it.
//!
//! Hugo 0.152 moved to `github.com/goccy/go-yaml` ([`Dialect::HugoGoccy`]):
//! libyaml's grammar is kept for it (goccy's own parser differs only at
//! the margins: `\'` is refused as libyaml refuses it), a key repeated in
//! one mapping is refused ("mapping key … already defined"), and its
//! scalars follow YAML 1.2 (`goccy.rs`).
//!
//! Scalars are resolved by each library's rules (`resolve.rs`): for Hugo
//! before 0.152, YAML 1.1 (`yes`/`on`/`y` in their three cases are booleans, `010` is
//! octal, `1_000` a thousand, `0b101`, `+12`, an explicit `!!int` or
//! `!!str` honoured, a date kept as its text); for Zola, YAML 1.2's core
//! schema (`yes` is text, and a `draft: yes` is then refused by Zola's
//! typed front matter, as Zola refuses it). A quoted scalar is always
//! text. A real that is not a finite number (`.nan`, `.inf`) is kept as
//! its text, since JSON holds none, so a `priority: .nan` is refused as
//! what was written rather than read as `0.0`. Keys of the document's
//! mapping are their text as written (Hugo decodes it into a string-keyed
//! map); deeper keys are the value as text (`yes:` is `"true"` there).
//!
//! `examples/yaml_load.rs` loads the bench site's front matter shapes
//! many times (to count the loader's instructions under callgrind) or
//! prints the readings of a list of files (to compare them before and
//! after a change).
//!
//! ```
//! use sitemap_pages::yaml::{self, Dialect};
//!
//! let value = yaml::load("title: Hi\ntitle: Hello\ndraft: yes\ntags: &t [a, b]\nalso: *t\n")?;
//! assert_eq!(value["title"], "Hello");
//! assert_eq!(value["draft"], true);
//! assert_eq!(value["also"], serde_json::json!(["a", "b"]));
//!
//! // Zola's serde_yaml reads YAML 1.2: `yes` is text.
//! assert_eq!(yaml::load_as("draft: yes\n", Dialect::Zola)?["draft"], "yes");
//!
//! // What yaml-rust2 refused and both generators read.
//! let flow = yaml::load("tags: [\n    \"toc\",\n]\ntitle: \"it\\'s\"\n")?;
//! assert_eq!(flow, serde_json::json!({"tags": ["toc"], "title": "it's"}));
//!
//! let bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n\
//!             c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n\
//!             e: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n";
//! let err = yaml::load(bomb).unwrap_err();
//! assert_eq!(err.line, 5);
//! # Ok::<(), yaml::YamlError>(())
//! ```

mod build;
mod goccy;
mod resolve;

use std::fmt;

use libyaml_safer::{EventData, Mark, Parser};
use serde_json::Value;

use build::Builder;

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
/// inside a thread's stack. (go-yaml v2 allows 10,000 levels.)
pub const MAX_DEPTH: usize = 128;

/// Whose YAML library to read as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dialect {
    /// Hugo 0.111.3: `gopkg.in/yaml.v2` 2.4.0, YAML 1.1 scalars, `<<`
    /// merge keys. Also what Jekyll-style and mdBook front matter is
    /// read as.
    #[default]
    Hugo,
    /// Hugo 0.152 and later: `github.com/goccy/go-yaml` 1.19, YAML 1.2
    /// scalars (`yes` is text), every key the text of its value (`no:`
    /// is `"no"`, a null key `"null"`), a key repeated in one mapping
    /// refused, `<<` merge keys.
    HugoGoccy,
    /// Zola 0.22: serde_yaml 0.9 (libyaml 0.2.5), YAML 1.2 core schema.
    Zola,
}

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
    fn at(mark: Mark, message: String) -> YamlError {
        YamlError {
            // libyaml counts both from 0.
            line: usize::try_from(mark.line).unwrap_or(usize::MAX - 1) + 1,
            column: usize::try_from(mark.column).unwrap_or(usize::MAX - 1) + 1,
            message,
        }
    }

    fn from_parser(text: &str, e: &libyaml_safer::Error) -> YamlError {
        let mut message = e.problem().to_owned();
        // The context's own position is about the text given, not the
        // file, so only its words are kept.
        if let Some(context) = e.context() {
            message.push_str(&format!(" ({context})"));
        }
        match e.problem_mark() {
            Some(mark) => YamlError::at(mark, message),
            // The reader's errors (a control character) carry no mark:
            // the first character it refuses is found here.
            None => {
                let at = text
                    .char_indices()
                    .find(|&(_, c)| !readable(c))
                    .map_or(0, |(i, _)| i);
                let before = &text[..at];
                let line = before.matches('\n').count() + 1;
                let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                YamlError {
                    line,
                    column: before[line_start..].chars().count() + 1,
                    message,
                }
            }
        }
    }
}

/// The characters libyaml's reader (and go-yaml v2's) lets through.
fn readable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\x20'..='\x7e' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// Parses the first YAML document of `text` as Hugo reads it into JSON
/// values (`null` when there is none): [`load_as`] with [`Dialect::Hugo`].
pub fn load(text: &str) -> Result<Value, YamlError> {
    load_as(text, Dialect::Hugo)
}

/// Parses the first YAML document of `text` as `dialect`'s library reads
/// it into JSON values (`null` when there is none).
pub fn load_as(text: &str, dialect: Dialect) -> Result<Value, YamlError> {
    let mut input = text.as_bytes();
    let mut parser = Parser::new();
    parser.set_input_string(&mut input);
    parser.set_go_yaml_v2(dialect == Dialect::Hugo);
    parser.set_goccy_crlf(dialect == Dialect::HugoGoccy);
    let mut builder = Builder::new(dialect);
    loop {
        let event = parser
            .parse()
            .map_err(|e| YamlError::from_parser(text, &e))?;
        match event.data {
            EventData::StreamEnd | EventData::DocumentEnd { .. } => break,
            data => builder.event(data, event.start_mark)?,
        }
    }
    Ok(builder.document.unwrap_or(Value::Null))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Block-style nesting (flow `[[[` is pinned by the front matter
    /// fixture `yaml-deep-nesting`) stops at [`MAX_DEPTH`], with no stack
    /// overflow: libyaml's scanner has no depth limit of its own.
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
