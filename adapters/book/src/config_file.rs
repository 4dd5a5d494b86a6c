//! `book.toml` as mdBook 0.4 reads it, into mdBook 0.5's [`Config`].
//!
//! mdBook 0.5 refuses a key it does not know in `[book]`, `[build]`,
//! `[rust]` and `[output.html]` (with its tables), and any top-level
//! table but its own; 0.4 read them (it ignored the unknown ones, or
//! warned). Every book `mdbook init` made before 0.5 has `multilingual =
//! false` in `[book]`, which 0.5 refuses, and 0.4's `curly-quotes` in
//! `[output.html]` is gone too: 0.5 then reads no `[output.html]` at all,
//! `site-url` included. So a book that mdBook 0.4 builds is read here
//! with each such key left out and named: the scan must not refuse a book
//! its generator builds, nor read it without its HTML settings.

use mdbook_preprocessor::config::{Config, HtmlConfig};
use sitemap_core::diagnostic::{Diagnostic, Name};

/// The most keys left out before giving up: each retry parses the file
/// again, and no real `book.toml` holds more than a few stale keys.
const MOST_LEFT_OUT: usize = 32;

/// Where mdBook 0.5 refuses an unknown key, by the step that read it:
/// `Config` refuses it in these tables, searched in this order for the
/// key its error names (the error does not name the table), then at the
/// top level; `HtmlConfig` in `[output.html]`, then in its own tables.
const STRICT: [&str; 3] = ["book", "build", "rust"];

/// Which of mdBook's two reads refused the text, and why.
struct Refused {
    /// The HTML output's table (`HtmlConfig`), not the whole file
    /// (`Config`).
    html: bool,
    /// The line where the error is, when known.
    line: Option<usize>,
    /// What is wrong, naming no key (a key is any string).
    message: String,
}

impl Refused {
    fn of(html: bool, text: &str, e: &toml::de::Error) -> Refused {
        Refused {
            html,
            line: e.span().map(|span| line_at(text, span.start)),
            message: format!("invalid configuration file: {}", e.message()),
        }
    }

    fn message(&self) -> &str {
        &self.message
    }
}

/// The `[output.html]` table alone, as mdBook's `Config::html_config`
/// reads it (`HtmlConfig`), from the file's text so that its errors have
/// positions; the other outputs are not read here.
#[derive(serde::Deserialize)]
struct HtmlOnly {
    #[serde(default)]
    #[expect(dead_code, reason = "read for its errors only")]
    output: OutputHtml,
}

#[derive(Default, serde::Deserialize)]
struct OutputHtml {
    #[expect(dead_code, reason = "read for its errors only")]
    html: Option<HtmlConfig>,
}

/// Why mdBook 0.5 refuses a `book.toml`: the line and what is wrong,
/// never the text of the line. A `book.toml` that is a link to a file
/// outside the book (a credentials file, `/proc/self/environ`) must not
/// be printed by the error about it, as the `sitemap.toml`, `hugo.toml`
/// and `zola.toml` errors print none either.
#[derive(Debug)]
pub(crate) struct Refusal {
    /// The 1-based line, when the error has one in the file as written.
    pub(crate) line: Option<usize>,
    /// What is wrong.
    pub(crate) message: String,
}

/// The text read as mdBook 0.5 reads it: the whole file, then the HTML
/// output's table (which `Config::html_config` would otherwise drop, with
/// every setting in it, for one key it does not know). Both are read
/// with this crate's `toml` into mdBook's own types: mdBook's parse says
/// the same, but its error quotes the offending line, and the key a
/// value error is about, raw.
fn read(text: &str) -> Result<Config, Refused> {
    let config = toml::from_str::<Config>(text).map_err(|e| Refused::of(false, text, &e))?;
    toml::from_str::<HtmlOnly>(text).map_err(|e| Refused::of(true, text, &e))?;
    Ok(config)
}

/// The 1-based line of byte `at` in `text`.
fn line_at(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// `text` read as mdBook's configuration, and a warning per key left out
/// (without its file, which the caller knows).
/// An error other than an unknown key is mdBook 0.5's own, about the text
/// as written.
pub(crate) fn parse(text: &str) -> Result<(Config, Vec<Diagnostic>), Refusal> {
    let mut refused = match read(text) {
        Ok(config) => return Ok((config, Vec::new())),
        Err(e) => e,
    };
    let Ok(mut table) = text.parse::<toml::Table>() else {
        return Err(Refusal {
            line: refused.line,
            message: refused.message,
        });
    };
    let mut left_out = Vec::new();
    let mut names = Vec::new();
    while left_out.len() < MOST_LEFT_OUT {
        let Some(key) = unknown_field(refused.message()) else {
            break;
        };
        let removed = if refused.html {
            remove_html(&mut table, &key)
        } else {
            remove_strict(&mut table, &key)
        };
        let Some(dotted) = removed else {
            break;
        };
        let why = if dotted == "book.multilingual" {
            " (`mdbook init` of 0.4 wrote `multilingual = false`, which no mdBook uses)"
        } else {
            ""
        };
        let shown = Name::new(&dotted);
        names.push(format!("`{shown}`"));
        left_out.push(
            Diagnostic::warning(format!(
                "`{shown}` is no setting of mdBook 0.5, which refuses the book; mdBook 0.4 reads \
                 it, and the scan reads the rest: remove it{why}"
            ))
            .with_key(dotted),
        );
        let Ok(retried) = toml::to_string(&table) else {
            break;
        };
        match read(&retried) {
            Ok(config) => return Ok((config, left_out)),
            Err(e) => refused = e,
        }
    }
    // Not only stale keys: mdBook's error, about the file read without
    // the keys left out so far (then written anew, so its line is not the
    // file's, and none is given).
    Err(if names.is_empty() {
        Refusal {
            line: refused.line,
            message: refused.message,
        }
    } else {
        Refusal {
            line: None,
            message: format!(
                "{}; read without {}, which mdBook 0.5 refuses too",
                refused.message(),
                names.join(", ")
            ),
        }
    })
}

/// The key serde names in "unknown field `key`, expected …".
fn unknown_field(message: &str) -> Option<String> {
    let rest = message.split_once("unknown field `")?.1;
    Some(rest.split_once('`')?.0.to_owned())
}

/// Removes `key` from the strict table that refuses it, else from the
/// top level; returns its dotted name. mdBook's error names the key, not
/// the table: a key valid in one table (`[book] src`) and stale in
/// another (`[rust] src`) is found by asking mdBook's `Config` about each
/// table's `key` alone.
fn remove_strict(table: &mut toml::Table, key: &str) -> Option<String> {
    for name in STRICT {
        let Some(toml::Value::Table(t)) = table.get_mut(name) else {
            continue;
        };
        let Some(value) = t.get(key) else {
            continue;
        };
        if refuses::<Config>(&[name, key], value) {
            t.remove(key);
            return Some(format!("{name}.{key}"));
        }
    }
    table.remove(key).map(|_| key.to_owned())
}

/// Removes `key` from `[output.html]`, else from the first of its tables
/// that refuses it (`[output.html.print]`, …), each asked alone as for
/// [`remove_strict`]; returns its dotted name.
fn remove_html(table: &mut toml::Table, key: &str) -> Option<String> {
    let Some(toml::Value::Table(output)) = table.get_mut("output") else {
        return None;
    };
    let Some(toml::Value::Table(html)) = output.get_mut("html") else {
        return None;
    };
    if html
        .get(key)
        .is_some_and(|value| refuses::<HtmlConfig>(&[key], value))
    {
        html.remove(key);
        return Some(format!("output.html.{key}"));
    }
    // Not `redirect`: its keys are the book's paths, not settings.
    html.iter_mut().find_map(|(name, value)| {
        let toml::Value::Table(t) = value else {
            return None;
        };
        if name == "redirect"
            || !t
                .get(key)
                .is_some_and(|v| refuses::<HtmlConfig>(&[name, key], v))
        {
            return None;
        }
        t.remove(key).map(|_| format!("output.html.{name}.{key}"))
    })
}

/// Whether mdBook's `T` refuses a document holding only `value` at `path`
/// (`["rust", "src"]`) for that key being unknown: the table that holds
/// it is the one refusing it.
fn refuses<T: serde::de::DeserializeOwned>(path: &[&str], value: &toml::Value) -> bool {
    let Some((key, tables)) = path.split_last() else {
        return false;
    };
    let mut probe =
        toml::Value::Table(toml::Table::from_iter([((*key).to_owned(), value.clone())]));
    for name in tables.iter().rev() {
        probe = toml::Value::Table(toml::Table::from_iter([((*name).to_owned(), probe)]));
    }
    probe
        .try_into::<T>()
        .err()
        .is_some_and(|e| unknown_field(e.message()).as_deref() == Some(*key))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(found: &[Diagnostic]) -> Vec<&str> {
        found.iter().map(|d| d.message.as_str()).collect()
    }

    #[test]
    fn a_book_made_by_mdbook_0_4_init_is_read_with_the_stale_key_named() {
        let (config, left_out) = parse(
            "[book]\nauthors = [\"A\"]\nlanguage = \"en\"\nmultilingual = false\nsrc = \"pages\"\n\
             title = \"T\"\n\n[output.html]\nsite-url = \"/t/\"\n",
        )
        .unwrap();
        assert_eq!(config.book.src, std::path::PathBuf::from("pages"));
        assert_eq!(config.book.title.as_deref(), Some("T"));
        assert_eq!(
            messages(&left_out),
            [
                "`book.multilingual` is no setting of mdBook 0.5, which refuses the book; mdBook 0.4 \
              reads it, and the scan reads the rest: remove it (`mdbook init` of 0.4 wrote \
              `multilingual = false`, which no mdBook uses)"
            ]
        );
    }

    #[test]
    fn another_stale_key_is_named_without_the_init_story() {
        let (_, left_out) = parse("[book]\ntitle = \"T\"\n[build]\nold-key = 1\n").unwrap();
        assert_eq!(
            messages(&left_out),
            [
                "`build.old-key` is no setting of mdBook 0.5, which refuses the book; mdBook 0.4 \
              reads it, and the scan reads the rest: remove it"
            ]
        );
    }

    #[test]
    fn a_stale_html_key_is_left_out_and_the_html_settings_kept() {
        let (config, left_out) = parse(
            "[book]\ntitle = \"T\"\n[output.html]\ncurly-quotes = true\nsite-url = \"/t/\"\n\
             [output.html.print]\nenable = false\nold = 1\n",
        )
        .unwrap();
        let html = config.html_config().unwrap();
        assert_eq!(html.site_url.as_deref(), Some("/t/"));
        assert!(!html.print.enable);
        assert_eq!(
            messages(&left_out),
            [
                "`output.html.curly-quotes` is no setting of mdBook 0.5, which refuses the book; \
                 mdBook 0.4 reads it, and the scan reads the rest: remove it",
                "`output.html.print.old` is no setting of mdBook 0.5, which refuses the book; \
                 mdBook 0.4 reads it, and the scan reads the rest: remove it",
            ]
        );
    }

    /// mdBook's error names the key only: a key valid in one table and
    /// stale in another is removed from the one mdBook refuses, the
    /// valid one kept.
    #[test]
    fn a_stale_key_is_removed_from_the_table_refusing_it_not_the_first_holding_it() {
        let (config, left_out) = parse(
            "[book]\nsrc = \"pages\"\n[rust]\nsrc = \"x\"\n\
             [output.html]\nsite-url = \"/t/\"\n[output.html.print]\nsite-url = \"/u/\"\n",
        )
        .unwrap();
        assert_eq!(config.book.src, std::path::PathBuf::from("pages"));
        assert_eq!(
            config.html_config().unwrap().site_url.as_deref(),
            Some("/t/")
        );
        assert_eq!(
            messages(&left_out),
            [
                "`rust.src` is no setting of mdBook 0.5, which refuses the book; mdBook 0.4 \
                 reads it, and the scan reads the rest: remove it",
                "`output.html.print.site-url` is no setting of mdBook 0.5, which refuses the \
                 book; mdBook 0.4 reads it, and the scan reads the rest: remove it",
            ]
        );
    }

    /// A key is any string: one holding an escape sequence and a line
    /// break was printed raw (a coloured, forged second line), and a long
    /// one whole. Shown escaped and cut.
    #[test]
    fn a_stale_key_is_named_escaped_and_cut() {
        let long = "k".repeat(300);
        let (_, left_out) = parse(&format!(
            "[book]\ntitle = \"T\"\n\"a\\u001b[31mred\\nline\" = 1\n[rust]\n\"{long}\" = 2\n"
        ))
        .unwrap();
        assert_eq!(
            messages(&left_out),
            [
                "`book.a\\x1b[31mred\\nline` is no setting of mdBook 0.5, which refuses the \
                 book; mdBook 0.4 reads it, and the scan reads the rest: remove it"
                    .to_owned(),
                format!(
                    "`rust.{}… (105 more characters)` is no setting of mdBook 0.5, which refuses \
                     the book; mdBook 0.4 reads it, and the scan reads the rest: remove it",
                    &long[..195]
                ),
            ]
        );
        // The key itself is kept as the file spells it.
        assert_eq!(
            left_out[0].key.as_deref(),
            Some("book.a\u{1b}[31mred\nline")
        );
        assert_eq!(left_out[1].key, Some(format!("rust.{long}")));
    }

    /// Found by the `book_toml` fuzz target: a bad value in
    /// `[output.html]`'s tables was refused with mdBook's message, which
    /// names its key raw (`in \`redirect.a\u{1b}[2Jb\nc\``): an escape
    /// sequence and a forged line. The message names the line instead.
    #[test]
    fn a_bad_html_value_is_refused_at_its_line_naming_no_key() {
        let err =
            parse("[book]\ntitle = \"T\"\n[output.html.redirect]\n\"a\\u001b[2Jb\\nc\" = 1\n")
                .err()
                .unwrap();
        assert_eq!(err.line, Some(4));
        assert_eq!(
            err.message,
            "invalid configuration file: invalid type: integer `1`, expected a string"
        );
    }

    #[test]
    fn a_current_book_is_read_as_it_is() {
        let (_, left_out) = parse("[book]\ntitle = \"T\"\n").unwrap();
        assert!(left_out.is_empty());
    }

    #[test]
    fn a_bad_value_is_still_mdbooks_error_naming_what_was_left_out() {
        let err = parse("[book]\nmultilingual = false\ntitle = 3\n")
            .err()
            .unwrap();
        assert_eq!(err.line, None);
        assert_eq!(
            err.message,
            "invalid configuration file: invalid type: integer `3`, expected a string; \
             read without `book.multilingual`, which mdBook 0.5 refuses too"
        );
    }
}
