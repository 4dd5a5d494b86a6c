//! gobwas/glob's lexer: a pattern cut into text, wildcards, `[…]` and
//! braces, and the syntax errors each release reports, at the byte
//! offsets it reports them.

use super::{Dialect, Fault};

/// A lexeme.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Token {
    Text(String),
    /// `*`
    Any,
    /// `**`
    Super,
    /// `?`
    Single,
    Range {
        lo: char,
        hi: char,
        not: bool,
    },
    List {
        chars: Vec<char>,
        not: bool,
    },
    Open,
    Separator,
    Close,
}

/// The lexemes of `pattern`, as gobwas/glob's lexer cuts it.
pub(super) fn lex(pattern: &str, dialect: Dialect) -> Result<Vec<Token>, Fault> {
    let chars: Vec<(usize, char)> = pattern.char_indices().collect();
    let at = |i: usize| chars.get(i).map_or(pattern.len(), |&(b, _)| b);
    let mut tokens = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while let Some(&(_, c)) = chars.get(i) {
        i += 1;
        match c {
            '{' => {
                depth += 1;
                tokens.push(Token::Open);
            }
            ',' if depth > 0 => tokens.push(Token::Separator),
            '}' if depth > 0 => {
                depth -= 1;
                tokens.push(Token::Close);
            }
            '[' => tokens.push(range(&chars, &mut i, &at)?),
            '?' => tokens.push(Token::Single),
            '*' if chars.get(i).is_some_and(|&(_, n)| n == '*') => {
                i += 1;
                tokens.push(Token::Super);
            }
            '*' => tokens.push(Token::Any),
            _ => {
                i -= 1;
                let breakers: &[char] = if depth > 0 {
                    &['?', '*', '[', '{', '}', ',']
                } else {
                    &['?', '*', '[', '{']
                };
                let (text, trailing) = text(&chars, &mut i, breakers);
                if trailing && dialect == Dialect::V1 {
                    return Err(Fault::Syntax(pattern.len(), "trailing backslash"));
                }
                if !text.is_empty() {
                    tokens.push(Token::Text(text));
                }
            }
        }
    }
    if depth > 0 && dialect == Dialect::V1 {
        return Err(Fault::Syntax(pattern.len(), "unclosed `{`"));
    }
    Ok(tokens)
}

/// A run of text from `chars[*i]` to the first unescaped breaker, and
/// whether it ended on a `\` with nothing after it (dropped).
fn text(chars: &[(usize, char)], i: &mut usize, breakers: &[char]) -> (String, bool) {
    let mut out = String::new();
    let mut escaped = false;
    while let Some(&(_, c)) = chars.get(*i) {
        if !escaped {
            if c == '\\' {
                escaped = true;
                *i += 1;
                continue;
            }
            if breakers.contains(&c) {
                break;
            }
        }
        escaped = false;
        out.push(c);
        *i += 1;
    }
    (out, escaped)
}

/// A `[…]` after its `[`: `[!]` then `lo-hi` or a list, then `]`.
fn range(
    chars: &[(usize, char)],
    i: &mut usize,
    at: &dyn Fn(usize) -> usize,
) -> Result<Token, Fault> {
    let end = Fault::Syntax(at(chars.len()), "unexpected end of input");
    let mut not = false;
    let mut list: Option<Vec<char>> = None;
    let mut bounds: Option<(char, char)> = None;
    loop {
        let Some(&(_, c)) = chars.get(*i) else {
            return Err(end);
        };
        *i += 1;
        if list.is_some() || bounds.is_some() {
            if c != ']' {
                return Err(Fault::Syntax(at(*i), "expected close range character"));
            }
            break;
        }
        if !not && c == '!' {
            not = true;
            continue;
        }
        if chars.get(*i).is_some_and(|&(_, n)| n == '-') {
            let Some(&(_, hi)) = chars.get(*i + 1) else {
                return Err(end);
            };
            *i += 2;
            bounds = Some((c, hi));
            continue;
        }
        *i -= 1;
        let (text, _) = text(chars, i, &[']']);
        list = Some(text.chars().collect());
    }
    match (bounds, list) {
        (Some((lo, hi)), _) if hi < lo => {
            Err(Fault::Syntax(at(*i), "range hi character is less than lo"))
        }
        (Some((lo, hi)), _) => Ok(Token::Range { lo, hi, not }),
        (None, Some(chars)) if !chars.is_empty() => Ok(Token::List { chars, not }),
        _ => Err(Fault::Syntax(at(*i), "could not parse range")),
    }
}
