//! Finding the block: where a fenced (`+++`, `---`) or JSON front
//! matter block starts and ends, and line/column arithmetic on the file's
//! text, so errors name a position in the file.

/// The largest front matter block accepted, in bytes. Real blocks are a
/// few hundred bytes, the largest (long lists of aliases, resources or
/// menu entries) tens of kilobytes; a mebibyte is far beyond them, and
/// bounds what one hostile page can make a scan read and parse (a few
/// tens of megabytes of values at most).
pub const MAX_BLOCK: usize = 1 << 20;

/// Where a fenced (`+++`, `---`) block ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fences {
    /// At a line that is the fence alone (trailing whitespace allowed), as
    /// Zola's and Jekyll's front matter patterns want it.
    #[default]
    Exact,
    /// At the first line that starts with the fence: Hugo 0.111.3's page
    /// lexer closes the block there, so `--- more` and `----` close it
    /// and the rest of that line is ignored.
    Hugo,
}

/// End of the line starting at `pos` (the index of its `\n`, or the end).
pub(super) fn line_end(text: &str, pos: usize) -> usize {
    text[pos..].find('\n').map_or(text.len(), |i| pos + i)
}

/// Start of the line after the one ending at `end`.
pub(super) fn next_line(text: &str, end: usize) -> usize {
    (end + 1).min(text.len())
}

/// The first line from `pos` that closes a block opened with `fence`
/// under `fences`' rule: its start and end.
pub(super) fn find_fence(
    text: &str,
    mut pos: usize,
    fence: &str,
    fences: Fences,
) -> Option<(usize, usize)> {
    while pos < text.len() {
        let end = line_end(text, pos);
        let line = &text[pos..end];
        let closes = match fences {
            Fences::Exact => line.trim_end() == fence,
            Fences::Hugo => line.starts_with(fence),
        };
        if closes {
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
pub(super) fn looks_like_yaml_mapping(block: &str) -> bool {
    let mut lines = block.lines().map(str::trim).filter(|l| !l.is_empty());
    let Some(first) = lines.clone().find(|l| !l.starts_with('#')) else {
        // All blank: empty front matter. Comments only: a Markdown heading
        // between rules.
        return lines.next().is_none();
    };
    yaml_key(first).is_some()
}

/// The key of a `key: value` line (quoted keys allowed).
pub(super) fn yaml_key(line: &str) -> Option<&str> {
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

/// The length of the JSON object `text` opens (up to and including the
/// `}` that balances its first `{`, braces in strings not counted), or
/// `None` when it never closes.
pub(super) fn json_object_len(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, b) in text.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Whether text starting with `{` is a JSON object (`{"…` or `{}`), not
/// an mdBook `{{#include}}` or other brace.
pub(super) fn opens_json_object(rest: &str) -> bool {
    rest[1..].trim_start().starts_with(['"', '}'])
}
