//! The line of every key in a block, found by scanning its text (the
//! parsers do not keep positions), so a bad value's error names its
//! line.

use super::Format;
use super::fences::yaml_key;

/// Every key path in a block with its 1-based line in the file, found by
/// a light scan of the text (the parsers do not report key positions).
pub(super) fn key_lines(
    format: Format,
    block: &str,
    first_line: usize,
) -> Vec<(Vec<String>, usize)> {
    match format {
        Format::Toml => toml_key_lines(block, first_line),
        Format::Yaml => yaml_key_lines(block, first_line),
        Format::Json => json_key_lines(block, first_line),
    }
}

pub(super) fn split_dotted(keys: &str) -> Vec<String> {
    keys.split('.')
        .map(|k| k.trim().trim_matches(['"', '\'']).to_lowercase())
        .filter(|k| !k.is_empty())
        .collect()
}

pub(super) fn toml_key_lines(block: &str, first_line: usize) -> Vec<(Vec<String>, usize)> {
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
pub(super) fn inline_keys(
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

pub(super) fn yaml_key_lines(block: &str, first_line: usize) -> Vec<(Vec<String>, usize)> {
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

pub(super) fn json_key_lines(block: &str, first_line: usize) -> Vec<(Vec<String>, usize)> {
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
