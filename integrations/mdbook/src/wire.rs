//! mdBook's JSON, from mdBook 0.4 or 0.5, read into mdBook 0.5's types and
//! the book written back in the shape the caller sent.
//!
//! The two versions send the same context (`root`, `config`, `renderer` and
//! `mdbook_version` to a preprocessor; `version`, `root`, `book`, `config`
//! and `destination` to a renderer) and the same chapters. They differ in:
//!
//! - the book: 0.4 sends `{"sections": [...], "__non_exhaustive": null}`,
//!   0.5 sends `{"items": [...]}`, and each reads back only its own shape
//!   (0.4 refuses a book without `__non_exhaustive`);
//! - the configuration: 0.4 passes on any top-level table of `book.toml`
//!   (it only warns about unknown ones), which 0.5's `Config` refuses.
//!
//! So the JSON is read as a [`serde_json::Value`], put into 0.5's shape,
//! and then read with 0.5's types; the shape is told by the book itself
//! (`sections` or `items`), not by the version string, so a 0.4 or 0.5
//! patch release we have not seen is read the same way. A preprocessor
//! answers with [`book_json`] in the [`Dialect`] it got.

use anyhow::{Context, Result, bail};
use mdbook_preprocessor::PreprocessorContext;
use mdbook_preprocessor::book::Book;
use mdbook_renderer::RenderContext;
use serde_json::{Map, Value};

/// Which shape of mdBook's JSON a call came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Dialect {
    /// mdBook 0.4: the book's chapters under `sections`.
    V04,
    /// mdBook 0.5: the book's chapters under `items`.
    V05,
}

/// The mdBook versions (major.minor) whose JSON this module reads.
pub const MINORS: &[&str] = &["0.4", "0.5"];

/// The top-level tables mdBook 0.5's `Config` takes; 0.4 passes on others.
const CONFIG_TABLES: &[&str] = &["book", "build", "rust", "output", "preprocessor"];

/// Reads a preprocessor's input, `[context, book]`, from either version.
pub fn preprocessor_input(json: &str) -> Result<(PreprocessorContext, Book, Dialect)> {
    let value: Value = serde_json::from_str(json).context("reading mdBook's JSON")?;
    let Value::Array(mut parts) = value else {
        bail!("expected mdBook's preprocessor input, [context, book]");
    };
    if parts.len() != 2 {
        bail!(
            "expected mdBook's preprocessor input, [context, book], got {} elements",
            parts.len()
        );
    }
    let mut book = parts.pop().unwrap_or_default();
    let mut ctx = parts.pop().unwrap_or_default();
    let dialect = book_to_current(&mut book)?;
    config_to_current(&mut ctx);
    let ctx: PreprocessorContext =
        serde_json::from_value(ctx).context("reading mdBook's preprocessor context")?;
    let book: Book = serde_json::from_value(book).context("reading mdBook's book")?;
    Ok((ctx, book, dialect))
}

/// Reads a renderer's input, the render context, from either version.
pub fn render_context(json: &str) -> Result<(RenderContext, Dialect)> {
    let mut value: Value = serde_json::from_str(json).context("reading mdBook's JSON")?;
    let Some(book) = value.get_mut("book") else {
        bail!("expected mdBook's render context, an object with a `book`");
    };
    let dialect = book_to_current(book)?;
    config_to_current(&mut value);
    let ctx = serde_json::from_value(value).context("reading mdBook's render context")?;
    Ok((ctx, dialect))
}

/// The book as JSON in `dialect`'s shape: what a preprocessor writes back.
pub fn book_json(book: &Book, dialect: Dialect) -> Result<Value> {
    let mut value = serde_json::to_value(book).context("writing the book")?;
    if dialect == Dialect::V04 {
        let Value::Object(map) = &mut value else {
            bail!("mdBook's book is not a JSON object");
        };
        let items = map.remove("items").unwrap_or(Value::Array(Vec::new()));
        map.insert("sections".to_owned(), items);
        map.insert("__non_exhaustive".to_owned(), Value::Null);
    }
    Ok(value)
}

/// Puts a book into 0.5's shape and says which shape it came in.
fn book_to_current(book: &mut Value) -> Result<Dialect> {
    let Value::Object(map) = book else {
        bail!("mdBook's book is not a JSON object");
    };
    if map.contains_key("items") {
        return Ok(Dialect::V05);
    }
    let Some(sections) = map.remove("sections") else {
        bail!("mdBook's book has neither `items` (mdBook 0.5) nor `sections` (mdBook 0.4)");
    };
    map.remove("__non_exhaustive");
    map.insert("items".to_owned(), sections);
    Ok(Dialect::V04)
}

/// Leaves out the top-level tables of `config` that 0.5 would refuse
/// (mdBook 0.4 warned about them when it read `book.toml`).
fn config_to_current(ctx: &mut Value) {
    if let Some(Value::Object(config)) = ctx.get_mut("config") {
        let kept: Map<String, Value> = std::mem::take(config)
            .into_iter()
            .filter(|(key, _)| CONFIG_TABLES.contains(&key.as_str()))
            .collect();
        *config = kept;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A context and book as mdBook 0.4.52 writes them (`Serialize` of its
    /// `PreprocessorContext` and `Book`), with one chapter and a part title.
    const INPUT_04: &str = r#"[{"root":"/b","config":{"book":{"authors":[],"language":"en","src":"src","title":"T"},"output":{"html":{}},"preprocessor":{"sitemap":{}},"extra":{"x":1}},"renderer":"html","mdbook_version":"0.4.52"},{"sections":[{"PartTitle":"Part"},{"Chapter":{"name":"A","content":"---\nx: 1\n---\n# A\n","number":[1],"sub_items":[],"path":"a.md","source_path":"a.md","parent_names":[]}},"Separator"],"__non_exhaustive":null}]"#;

    #[test]
    fn a_04_book_is_read_and_written_back_with_sections() {
        let (ctx, book, dialect) = preprocessor_input(INPUT_04).unwrap();
        assert_eq!(dialect, Dialect::V04);
        assert_eq!(ctx.mdbook_version, "0.4.52");
        assert_eq!(book.items.len(), 3);
        let back = book_json(&book, dialect).unwrap();
        let sent: Value = serde_json::from_str(INPUT_04).unwrap();
        assert_eq!(back, sent[1], "the book goes back as it came");
    }

    #[test]
    fn a_05_book_is_written_back_with_items() {
        let input = INPUT_04
            .replace(r#""sections""#, r#""items""#)
            .replace(r#","__non_exhaustive":null"#, "");
        let (_, book, dialect) = preprocessor_input(&input).unwrap();
        assert_eq!(dialect, Dialect::V05);
        let sent: Value = serde_json::from_str(&input).unwrap();
        assert_eq!(book_json(&book, dialect).unwrap(), sent[1]);
    }

    #[test]
    fn a_book_of_neither_shape_is_named() {
        let input = INPUT_04.replace(r#""sections""#, r#""chapters""#);
        let err = preprocessor_input(&input).unwrap_err();
        assert_eq!(
            err.to_string(),
            "mdBook's book has neither `items` (mdBook 0.5) nor `sections` (mdBook 0.4)"
        );
    }
}
