//! The front matter of an Org file (`.org`) written in Org's own way: the
//! `#+KEY: value` lines that open the file, which Hugo's page parser
//! takes as front matter (`parser/pageparser` lexes the block,
//! `parser/metadecoders` reads it with go-org). An Org file may also
//! open with YAML or TOML front matter, which the shared reader reads.
//!
//! - The block: past blank space, a first line opening with `#+`, and
//!   each line after it that opens with `#+` (a space before ends it).
//! - A keyword line is go-org's: `#+KEY:`, then space and the value or
//!   the line's end (`#+SLUG:x` is text). Keys are lowercased, values
//!   trimmed; a key given on several lines is its values joined by line
//!   breaks. go-org's own keywords (`NAME`, `SETUPFILE`, `INCLUDE`,
//!   `LINK`, `MACRO`) and `#+RESULTS:` are no front matter, nor a
//!   `#+BEGIN_…`/`#+END_…` line and the lines of a source, example or
//!   export block it closes. go-org reads the other blocks' lines as a
//!   document of their own, which is not emulated: such a block is
//!   named in a warning.
//! - The values, as the Hugo followed makes them ([`HugoRules`]): a
//!   `key[]` is its words; `date`, `lastmod`, `publishdate` and
//!   `expirydate` are the day of an Org timestamp (`<2024-05-01 Wed>`);
//!   0.111.3 makes `tags`, `categories` and `aliases` their words, the
//!   current Hugo makes a key given on several lines the list of them
//!   (`#+TAGS: a b` is one term) and `filetags` (`:a:b:`) its tags.
//! - Bounds: the block is read to 1 MiB, the bound of YAML and TOML
//!   front matter, and refused past it; a line longer than 65,535 bytes
//!   is refused, as Hugo refuses it (its reader's line buffer, "token
//!   too long").

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use serde_json::{Map, Value};
use sitemap_content::{Error, FrontMatter, Warning};
use sitemap_pages::front_matter::MAX_BLOCK;

use super::rules::HugoRules;

/// The longest line Hugo's Org reader takes: go-org scans lines with a
/// `bufio.Scanner`, whose buffer holds 64 KiB with the line break
/// (checked with 0.111.3 and 0.168.0: 65,535 bytes read, 65,536 refused).
pub(crate) const MAX_LINE: usize = 64 * 1024 - 1;

/// go-org's keywords that set no buffer setting, so no front matter.
const NOT_FRONT_MATTER: [&str; 6] = ["name", "setupfile", "include", "link", "macro", "results"];

/// The file's Org front matter, and a warning where the block holds
/// what is not emulated; empty when it has none or cannot be opened
/// (the walk reports an unreadable file).
pub(super) fn front_matter(
    path: &Path,
    rules: &HugoRules,
) -> Result<(FrontMatter, Option<Warning>), Error> {
    let Ok(file) = std::fs::File::open(path) else {
        return Ok((FrontMatter::default(), None));
    };
    let reader = BufReader::new(file.take(MAX_BLOCK as u64 + 1));
    let block = match block(reader).map_err(|e| Error::io(path, e))? {
        Ok(Some(block)) => block,
        Ok(None) => return Ok((FrontMatter::default(), None)),
        Err(refused) => return Err(refused.error(path)),
    };
    let (data, unread) = keywords(&block.lines, rules);
    let warning = unread.map(|(at, name)| {
        Warning::at(
            path,
            block.first_line + at,
            &format!(
                "Org front matter holding a `#+BEGIN_{name}` block, whose lines Hugo's Org \
                 reader reads as a document of their own: its keywords are read as plain \
                 keywords; check the page's URL in the built site, or move the block below \
                 the keywords"
            ),
        )
    });
    let mut fm = FrontMatter::default();
    *fm.data_mut() = data;
    Ok((fm, warning))
}

/// The keyword lines opening a file.
#[derive(Debug, PartialEq)]
pub(crate) struct Block {
    /// The 1-based line of the first.
    pub(crate) first_line: usize,
    /// Each line, without its line break.
    pub(crate) lines: Vec<String>,
}

/// Why a block is refused.
#[derive(Debug, PartialEq)]
pub(crate) enum Refused {
    /// The block runs past [`MAX_BLOCK`]; the line it opens at.
    TooLarge(usize),
    /// A line of it is longer than [`MAX_LINE`]; that line.
    LongLine(usize),
}

impl Refused {
    fn error(&self, path: &Path) -> Error {
        match *self {
            Refused::TooLarge(line) => Error::FrontMatter {
                path: path.to_owned(),
                line,
                message: format!(
                    "Org front matter (the `#+KEY: value` lines that open the file) longer \
                     than {} MiB; no real page has a block that large (does a line that is \
                     no keyword end it?)",
                    MAX_BLOCK >> 20
                ),
            },
            Refused::LongLine(line) => Error::FrontMatter {
                path: path.to_owned(),
                line,
                message: format!(
                    "an Org keyword line longer than {MAX_LINE} bytes, which Hugo refuses \
                     (\"token too long\"); split its value over several lines"
                ),
            },
        }
    }
}

/// The keyword block opening what `reader` gives (at most
/// [`MAX_BLOCK`] + 1 bytes are asked of it): `None` when the text opens
/// with something else.
pub(crate) fn block(mut reader: impl BufRead) -> std::io::Result<Result<Option<Block>, Refused>> {
    let mut line = Vec::new();
    let mut read = 0usize;
    let mut number = 0usize;
    let mut block: Option<Block> = None;
    loop {
        line.clear();
        let n = reader.read_until(b'\n', &mut line)?;
        if n == 0 {
            break;
        }
        read += n;
        number += 1;
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        let opens = text.starts_with(b"#+");
        match &mut block {
            None => {
                let text = if number == 1 {
                    text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text)
                } else {
                    text
                };
                // Hugo's lexer skips blank space (and a byte order mark)
                // before the block; anything else opens no block.
                let start = text.trim_ascii_start();
                if start.is_empty() {
                    continue;
                }
                if !start.starts_with(b"#+") {
                    return Ok(Ok(None));
                }
                block = Some(Block {
                    first_line: number,
                    lines: Vec::new(),
                });
            }
            Some(_) if !opens => break,
            Some(_) => {}
        }
        let open = block.as_mut().expect("opened above");
        if read > MAX_BLOCK {
            return Ok(Err(Refused::TooLarge(open.first_line)));
        }
        if text.len() > MAX_LINE {
            return Ok(Err(Refused::LongLine(number)));
        }
        open.lines.push(String::from_utf8_lossy(text).into_owned());
    }
    Ok(Ok(block))
}

/// A line's keyword as go-org reads it (`#+KEY: value`), key
/// lowercased and value trimmed; `None` for a line that is none.
fn keyword(line: &str) -> Option<(String, &str)> {
    let line = line.trim_end_matches('\r');
    let rest = line.trim_start_matches(is_go_space).strip_prefix("#+")?;
    let (key, value) = rest.split_once(':')?;
    if key.is_empty() {
        return None;
    }
    // After the colon: space then the value, or the line's end.
    if !value.is_empty() && !value.starts_with(is_go_space) {
        return None;
    }
    Some((key.to_lowercase(), value.trim()))
}

/// `\s` of Go's regexp: ASCII space, tab, line feed, form feed, return.
fn is_go_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0c' | '\r')
}

/// A `#+BEGIN_NAME` (`Some((true, NAME))`) or `#+END_NAME` line, the
/// name uppercased.
fn block_fence(line: &str) -> Option<(bool, String)> {
    let rest = line.trim_start_matches(is_go_space).strip_prefix("#+")?;
    let upper = rest.to_ascii_uppercase();
    let (begin, name) = if let Some(name) = upper.strip_prefix("BEGIN_") {
        (true, name)
    } else {
        (false, upper.strip_prefix("END_")?)
    };
    let name: String = name
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some((begin, name))
}

/// The block's keywords as Hugo's front matter, and the first block
/// (its line in the block, its name) that is not emulated.
fn keywords(lines: &[String], rules: &HugoRules) -> (Map<String, Value>, Option<(usize, String)>) {
    let mut settings: Vec<(String, String)> = Vec::new();
    let mut unread = None;
    let mut i = 0;
    while i < lines.len() {
        if let Some((begin, name)) = block_fence(&lines[i]) {
            let end = lines[i + 1..]
                .iter()
                .position(|l| block_fence(l) == Some((false, name.clone())));
            let raw = matches!(name.as_str(), "SRC" | "EXAMPLE" | "EXPORT");
            match end {
                // A raw block's lines are its text; an unclosed one's
                // opening line is text, and the lines after it are read.
                Some(end) if begin && raw => i += end + 1,
                None if raw => {}
                _ if begin => {
                    unread.get_or_insert((i, name));
                }
                _ => {}
            }
            i += 1;
            continue;
        }
        if let Some((key, value)) = keyword(&lines[i])
            && !NOT_FRONT_MATTER.contains(&key.as_str())
        {
            match settings.iter_mut().find(|(k, _)| *k == key) {
                Some((_, joined)) => {
                    joined.push('\n');
                    joined.push_str(value);
                }
                None => settings.push((key, value.to_owned())),
            }
        }
        i += 1;
    }
    let mut data = Map::new();
    for (key, value) in settings {
        let (key, value) = hugo_value(key, &value, rules);
        data.insert(key, value);
    }
    (data, unread)
}

/// A buffer setting as the Hugo of `rules` makes it a front matter
/// value (`metadecoders.unmarshalORG`).
fn hugo_value(key: String, value: &str, rules: &HugoRules) -> (String, Value) {
    let words = |v: &str| Value::Array(v.split_whitespace().map(text).collect());
    if let Some(key) = key.strip_suffix("[]") {
        return (key.to_owned(), words(value));
    }
    if rules.org_keywords_accumulate {
        if value.contains('\n') {
            return (key, Value::Array(value.split('\n').map(text).collect()));
        }
        if rules.org_filetags && key == "filetags" {
            let tags = value.strip_prefix(':').unwrap_or(value);
            let tags = tags.strip_suffix(':').unwrap_or(tags);
            return (key, Value::Array(tags.split(':').map(text).collect()));
        }
    } else if matches!(key.as_str(), "tags" | "categories" | "aliases") {
        return (key, words(value));
    }
    let value = match key.as_str() {
        "date" | "lastmod" | "publishdate" | "expirydate" => timestamp_day(value),
        _ => value,
    };
    (key, text(value))
}

fn text(s: &str) -> Value {
    Value::String(s.to_owned())
}

/// The day of an Org timestamp (`<2024-05-01 Wed>`, `[2024-05-01 Wed
/// 10:00]`) as Hugo takes it (`parseORGDate`: the first bracket, the
/// day and a space, and a closing bracket somewhere after); any other
/// text as it is.
fn timestamp_day(value: &str) -> &str {
    for (i, c) in value.char_indices() {
        if c != '<' && c != '[' {
            continue;
        }
        let rest = &value[i + 1..];
        let day = rest.get(..10).filter(|d| is_day(d));
        if let Some(day) = day
            && rest[10..].starts_with(' ')
            && rest[11..].contains(['>', ']'])
        {
            return day;
        }
    }
    value
}

/// `dddd-dd-dd`.
fn is_day(s: &str) -> bool {
    s.bytes().enumerate().all(|(i, b)| {
        if i == 4 || i == 7 {
            b == b'-'
        } else {
            b.is_ascii_digit()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::version::{CURRENT, DEBIAN};
    use serde_json::json;

    fn read(text: &str, rules: &HugoRules) -> (Value, Option<(usize, String)>) {
        let block = block(text.as_bytes()).unwrap().unwrap().unwrap();
        let (data, unread) = keywords(&block.lines, rules);
        (Value::Object(data), unread)
    }

    #[test]
    fn keyword_lines_are_read_as_go_org_reads_them() {
        let rules = HugoRules::of(CURRENT);
        let text = "\n  #+TITLE: Hello World\n#+DRAFT: true\n#+SLUG:x\n#+MY KEY:\n#+NAME: n\n\
                    #+slug[]: x  y\n#+DATE: <2024-05-01 Wed>\n#+BEGIN_SRC go\n#+URL: /in-src/\n\
                    #+END_SRC\n#+url: /u/\n  #+NOT: read\n* Heading\n";
        assert_eq!(
            read(text, &rules),
            (
                json!({"title": "Hello World", "draft": "true", "my key": "",
                       "slug": ["x", "y"], "date": "2024-05-01", "url": "/u/"}),
                None
            )
        );
        assert_eq!(
            block("* Heading\n#+TITLE: late\n".as_bytes()).unwrap(),
            Ok(None)
        );
    }

    #[test]
    fn lists_are_made_as_each_hugo_makes_them() {
        let text = "#+TAGS: a b\n#+TAGS: c\n#+CATEGORIES: x y\n#+FILETAGS: :p:q:\n";
        assert_eq!(
            read(text, &HugoRules::of(CURRENT)).0,
            json!({"tags": ["a b", "c"], "categories": "x y", "filetags": ["p", "q"]})
        );
        assert_eq!(
            read(text, &HugoRules::of(DEBIAN)).0,
            json!({"tags": ["a", "b", "c"], "categories": ["x", "y"], "filetags": ":p:q:"})
        );
    }

    #[test]
    fn a_block_that_is_not_emulated_is_named() {
        let text = "#+TITLE: t\n#+BEGIN_QUOTE\n#+SLUG: s\n#+END_QUOTE\n";
        assert_eq!(
            read(text, &HugoRules::of(CURRENT)),
            (
                json!({"title": "t", "slug": "s"}),
                Some((1, "QUOTE".to_owned()))
            )
        );
    }

    #[test]
    fn bounds_are_a_line_of_64_kib_and_a_block_of_1_mib() {
        let line = |n: usize| format!("#+T: {}\n", "x".repeat(n - 5));
        let ok = format!("#+A: a\n{}", line(MAX_LINE));
        assert_eq!(
            block(ok.as_bytes()).unwrap().unwrap().unwrap().lines.len(),
            2
        );
        let long = format!("#+A: a\n{}", line(MAX_LINE + 1));
        assert_eq!(block(long.as_bytes()).unwrap(), Err(Refused::LongLine(2)));
        let big = format!("\n{}", line(1000).repeat(MAX_BLOCK / 1000 + 1));
        assert_eq!(block(big.as_bytes()).unwrap(), Err(Refused::TooLarge(2)));
        // Past the block, the file's length is no matter.
        let long_body = format!("#+A: a\n\n{}", "x".repeat(MAX_BLOCK * 2));
        assert!(block(long_body.as_bytes()).unwrap().is_ok());
    }
}
