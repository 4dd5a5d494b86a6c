//! The glob dialect Hugo matches `cascade` targets with (gobwas/glob,
//! compiled with `/` as the separator): `*` and `?` stop at `/`, `**`
//! does not (anywhere in a pattern, not only as a whole segment:
//! `/blog**` matches `/blog/a` and `/blogger`), `[a-z]`/`[!a-z]` are
//! character classes and `{a,b}` alternatives that may hold globs.
//! `globset` reads `**` only as a whole segment, so the pattern is
//! turned into a regex instead.

use regex::Regex;

/// `pattern` as an anchored regex with gobwas's meaning; `None` when it
/// is not a glob gobwas compiles (an unclosed `[` or `{`), which Hugo
/// then does not match with at all.
pub(super) fn compile(pattern: &str) -> Option<Regex> {
    let mut out = String::from("^(?s:");
    let chars: Vec<char> = pattern.chars().collect();
    let mut i = 0;
    let mut depth = 0usize;
    while i < chars.len() {
        match chars[i] {
            '*' if chars.get(i + 1) == Some(&'*') => {
                out.push_str(".*");
                i += 1;
            }
            '*' => out.push_str("[^/]*"),
            '?' => out.push_str("[^/]"),
            '{' => {
                depth += 1;
                out.push_str("(?:");
            }
            ',' if depth > 0 => out.push('|'),
            '}' if depth > 0 => {
                depth -= 1;
                out.push(')');
            }
            '[' => {
                let close = chars[i + 1..].iter().position(|&c| c == ']')? + i + 1;
                let mut class: String = chars[i + 1..close].iter().collect();
                if let Some(rest) = class.strip_prefix('!') {
                    class = format!("^{rest}");
                }
                // The class's own text, with what a regex class reads
                // specially escaped (`-` and `^` keep their meaning).
                let class = class.replace('\\', "\\\\").replace('[', "\\[");
                out.push('[');
                out.push_str(&class);
                out.push(']');
                i = close;
            }
            '\\' if i + 1 < chars.len() => {
                i += 1;
                out.push_str(&regex::escape(&chars[i].to_string()));
            }
            c => out.push_str(&regex::escape(&c.to_string())),
        }
        i += 1;
    }
    if depth > 0 {
        return None;
    }
    out.push_str(")$");
    Regex::new(&out).ok()
}

#[cfg(test)]
mod tests {
    use super::compile;

    fn matches(pattern: &str, text: &str) -> bool {
        compile(pattern).is_some_and(|r| r.is_match(text))
    }

    #[test]
    fn globs_match_as_gobwas_does_with_a_slash_separator() {
        assert!(matches("/blog/**", "/blog/a"));
        assert!(matches("/blog/**", "/blog/a/b"));
        assert!(!matches("/blog/**", "/blog"));
        assert!(matches("/blog/*", "/blog/a"));
        assert!(!matches("/blog/*", "/blog/a/b"));
        assert!(matches("/blog**", "/blogger"));
        assert!(matches("/blog**", "/blog/a/b"));
        assert!(matches("{home,section}", "home"));
        assert!(!matches("{home,section}", "page"));
        assert!(matches("/{docs,blog}/**", "/docs/x"));
        assert!(matches("/p?st", "/post"));
        assert!(!matches("/p?st", "/p/st"));
        assert!(matches("[a-c]x", "bx"));
        assert!(!matches("[!a-c]x", "bx"));
        assert!(matches("/a.b", "/a.b"));
        assert!(!matches("/a.b", "/axb"));
        assert!(compile("{a,b").is_none());
        assert!(compile("[ab").is_none());
    }
}
