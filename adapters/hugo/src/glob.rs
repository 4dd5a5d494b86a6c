//! The glob dialect Hugo matches `cascade` targets, mount filters and
//! permalink targets with: gobwas/glob compiled with `/` as the
//! separator (`hugofs/hglob`), in the release the Hugo followed is built
//! with ([`Dialect`]).
//!
//! - `*` is any run of characters but `/`, `?` one character but `/`,
//!   `**` any run (anywhere in a pattern: `/blog**` matches `/blogger`);
//!   `[abc]`, `[a-z]` and `[!…]` are one character of a list or range
//!   (`^` and `-` in a list are themselves), `{a,b}` alternatives that
//!   may hold globs, `\x` the character `x`; `}` and `,` outside braces
//!   are text.
//! - What gobwas/glob refuses: a list or range not closed or empty, a
//!   range whose ends are reversed or not followed by `]`; v1.0.0 also
//!   an unclosed `{` and a trailing `\`, which v0.2.3 closes and drops.
//! - Two matches of v0.2.3 its optimiser makes and v1.0.0 dropped
//!   (checked with Hugo 0.111.3 and 0.168.0): a pattern (or an
//!   alternative) of text, `**`, text matches where the two texts
//!   overlap (`/a/**/b.md` matches `/a/b.md`), and braces holding only
//!   empty alternatives (`{}`, `{,}`) match nothing.
//!
//! A glob is compiled into a small automaton and matched by walking all
//! of its states at once: time linear in the text and the pattern,
//! however deep the braces nest (a regex engine recurses on nesting and
//! refuses or overflows past a few hundred levels). A pattern longer
//! than [`MAX_LEN`] is not read: no real target is that long, and a
//! longer one would cost each page's match in proportion.

mod lex;

use std::cell::RefCell;
use std::fmt;

use lex::{Token, lex};

/// The gobwas/glob release a Hugo is built with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// v0.2.3: Hugo before 0.166.
    V0,
    /// v1.0.0: Hugo 0.166 and later.
    V1,
}

/// The longest pattern read, in bytes.
pub(crate) const MAX_LEN: usize = 4096;

/// Why a pattern is not a glob.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// gobwas/glob refuses it: the byte offset where it stops, and why
    /// (in gobwas's words).
    Syntax(usize, &'static str),
    /// Longer than [`MAX_LEN`]: this tool does not read it.
    TooLong(usize),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Syntax(at, why) => write!(f, "syntax error at {at}: {why}"),
            Fault::TooLong(len) => write!(
                f,
                "{len} bytes long, past the {MAX_LEN} this tool reads (no real target is that \
                 long)"
            ),
        }
    }
}

/// A compiled glob.
#[derive(Clone, Debug)]
pub(crate) struct Glob {
    insts: Vec<Inst>,
    start: usize,
}

/// One state of the automaton; `usize` fields name the next state.
#[derive(Clone, Debug)]
enum Inst {
    /// This character.
    Char(char, usize),
    /// One character but `/`.
    NotSep(usize),
    /// Any one character.
    AnyChar(usize),
    /// One character in (or, `not`, out of) the ranges.
    Class(Box<Class>, usize),
    /// Any of these states (an alternative, or a loop).
    Split(Vec<usize>),
    /// The whole text is matched.
    Match,
    /// Nothing goes on from here.
    Fail,
}

#[derive(Clone, Debug)]
struct Class {
    ranges: Vec<(char, char)>,
    not: bool,
}

impl Class {
    fn has(&self, c: char) -> bool {
        self.ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi) != self.not
    }
}

/// A piece of automaton: its first state and the states whose next is
/// still to be set.
struct Frag {
    start: usize,
    holes: Vec<usize>,
}

/// One alternative being built: its automaton so far, and its lexemes
/// while they may still be text, `**`, text (v0.2.3's overlap).
#[derive(Default)]
struct Alt {
    frag: Option<Frag>,
    shape: Option<Vec<Token>>,
}

/// Braces being built: the first state of each alternative closed, the
/// state they all go on to, and whether any was not empty.
struct Braces {
    starts: Vec<usize>,
    join: usize,
    any_filled: bool,
    outer: Alt,
}

struct Builder {
    insts: Vec<Inst>,
    dialect: Dialect,
}

/// The placeholder of a next state not set yet.
const HOLE: usize = usize::MAX;

impl Builder {
    fn push(&mut self, inst: Inst) -> usize {
        self.insts.push(inst);
        self.insts.len() - 1
    }

    /// Points every hole of `holes` at `to`.
    fn patch(&mut self, holes: &[usize], to: usize) {
        for &h in holes {
            match &mut self.insts[h] {
                Inst::Char(_, n) | Inst::NotSep(n) | Inst::AnyChar(n) | Inst::Class(_, n) => {
                    *n = to
                }
                Inst::Split(next) => {
                    if let Some(n) = next.iter_mut().find(|n| **n == HOLE) {
                        *n = to;
                    }
                }
                Inst::Match | Inst::Fail => {}
            }
        }
    }

    /// A run of any one-character state (`*`, `**`): zero or more.
    fn repeat(&mut self, one: Inst) -> Frag {
        let split = self.push(Inst::Split(vec![HOLE, HOLE]));
        let step = self.push(one);
        self.patch(&[split], step);
        self.patch(&[step], split);
        Frag {
            start: split,
            holes: vec![split],
        }
    }

    /// `literal` as a chain of states.
    fn text(&mut self, literal: &str) -> Frag {
        let mut frag: Option<Frag> = None;
        for c in literal.chars() {
            let s = self.push(Inst::Char(c, HOLE));
            let one = Frag {
                start: s,
                holes: vec![s],
            };
            frag = Some(self.concat(frag, one));
        }
        frag.unwrap_or_else(|| self.empty())
    }

    /// A state that matches the empty text.
    fn empty(&mut self) -> Frag {
        let s = self.push(Inst::Split(vec![HOLE]));
        Frag {
            start: s,
            holes: vec![s],
        }
    }

    fn concat(&mut self, first: Option<Frag>, then: Frag) -> Frag {
        match first {
            None => then,
            Some(first) => {
                self.patch(&first.holes, then.start);
                Frag {
                    start: first.start,
                    holes: then.holes,
                }
            }
        }
    }

    /// The automaton of one lexeme (not a brace).
    fn leaf(&mut self, token: &Token) -> Frag {
        match token {
            Token::Text(t) => self.text(t),
            Token::Any => self.repeat(Inst::NotSep(HOLE)),
            Token::Super => self.repeat(Inst::AnyChar(HOLE)),
            Token::Single => {
                let s = self.push(Inst::NotSep(HOLE));
                Frag {
                    start: s,
                    holes: vec![s],
                }
            }
            Token::Range { lo, hi, not } => self.class(vec![(*lo, *hi)], *not),
            Token::List { chars, not } => self.class(chars.iter().map(|&c| (c, c)).collect(), *not),
            Token::Open | Token::Separator | Token::Close => unreachable!("braces are built apart"),
        }
    }

    fn class(&mut self, ranges: Vec<(char, char)>, not: bool) -> Frag {
        let s = self.push(Inst::Class(Box::new(Class { ranges, not }), HOLE));
        Frag {
            start: s,
            holes: vec![s],
        }
    }

    /// An alternative done: its automaton, v0.2.3's overlap added where
    /// it is text, `**`, text.
    fn finish(&mut self, alt: Alt) -> Option<Frag> {
        if self.dialect == Dialect::V0
            && let Some([Token::Text(prefix), Token::Super, Token::Text(suffix)]) =
                alt.shape.as_deref()
        {
            return Some(self.overlapping(prefix, suffix));
        }
        alt.frag
    }

    /// gobwas v0.2.3's `PrefixSuffix`: the text starts with `prefix` and
    /// ends with `suffix`, which may overlap: `prefix ** suffix`, or
    /// `prefix` then the part of `suffix` past a shared stretch.
    fn overlapping(&mut self, prefix: &str, suffix: &str) -> Frag {
        let mut starts = Vec::new();
        let join = self.push(Inst::Split(vec![HOLE]));
        let head = self.text(prefix);
        let any = self.repeat(Inst::AnyChar(HOLE));
        let tail = self.text(suffix);
        let whole = self.concat(Some(head), any);
        let whole = self.concat(Some(whole), tail);
        self.patch(&whole.holes, join);
        starts.push(whole.start);
        let p: Vec<char> = prefix.chars().collect();
        let s: Vec<char> = suffix.chars().collect();
        for k in 1..=p.len().min(s.len()) {
            if p[p.len() - k..] == s[..k] {
                let rest: String = s[k..].iter().collect();
                let text = self.text(&format!("{prefix}{rest}"));
                self.patch(&text.holes, join);
                starts.push(text.start);
            }
        }
        let split = self.push(Inst::Split(starts));
        Frag {
            start: split,
            holes: vec![join],
        }
    }
}

impl Builder {
    /// An alternative of `braces` ends: it goes on to their join.
    fn end_alt(&mut self, braces: &mut Braces, alt: Alt) {
        braces.any_filled |= alt.frag.is_some();
        let start = match self.finish(alt) {
            Some(frag) => {
                self.patch(&frag.holes, braces.join);
                frag.start
            }
            None => braces.join,
        };
        braces.starts.push(start);
    }

    /// Braces end: the alternative around them goes on with any of
    /// theirs (with none, in v0.2.3, when all are empty).
    fn close(&mut self, braces: Braces) -> Alt {
        let mut alt = braces.outer;
        let frag = if self.dialect == Dialect::V0 && !braces.any_filled {
            Frag {
                start: self.push(Inst::Fail),
                holes: Vec::new(),
            }
        } else {
            Frag {
                start: self.push(Inst::Split(braces.starts)),
                holes: vec![braces.join],
            }
        };
        alt.frag = Some(self.concat(alt.frag.take(), frag));
        alt.shape = None;
        alt
    }
}

/// Adds `token` to the alternative being built.
fn add(builder: &mut Builder, alt: &mut Alt, token: &Token, frag: Frag) {
    alt.frag = Some(builder.concat(alt.frag.take(), frag));
    if let Some(shape) = &mut alt.shape {
        shape.push(token.clone());
        if shape.len() > 3 || !matches!(token, Token::Text(_) | Token::Super) {
            alt.shape = None;
        }
    }
}

/// Compiles `pattern` as gobwas/glob's `dialect` reads it.
pub(crate) fn compile_as(pattern: &str, dialect: Dialect) -> Result<Glob, Fault> {
    if pattern.len() > MAX_LEN {
        return Err(Fault::TooLong(pattern.len()));
    }
    let tokens = lex(pattern, dialect)?;
    let mut b = Builder {
        insts: Vec::new(),
        dialect,
    };
    let fresh = || Alt {
        frag: None,
        shape: Some(Vec::new()),
    };
    let mut open: Vec<Braces> = Vec::new();
    let mut alt = fresh();
    for token in &tokens {
        match token {
            Token::Open => {
                let join = b.push(Inst::Split(vec![HOLE]));
                open.push(Braces {
                    starts: Vec::new(),
                    join,
                    any_filled: false,
                    outer: std::mem::replace(&mut alt, fresh()),
                });
            }
            Token::Separator => {
                let braces = open.last_mut().expect("the lexer pairs braces");
                b.end_alt(braces, std::mem::replace(&mut alt, fresh()));
            }
            Token::Close => {
                let mut braces = open.pop().expect("the lexer pairs braces");
                b.end_alt(&mut braces, std::mem::replace(&mut alt, fresh()));
                alt = b.close(braces);
            }
            leaf => {
                let frag = b.leaf(leaf);
                add(&mut b, &mut alt, leaf, frag);
            }
        }
    }
    // v0.2.3 closes the braces left open at the end (v1.0.0 refused
    // them above).
    while let Some(mut braces) = open.pop() {
        b.end_alt(&mut braces, std::mem::replace(&mut alt, fresh()));
        alt = b.close(braces);
    }
    let whole = b.finish(alt).unwrap_or_else(|| b.empty());
    let end = b.push(Inst::Match);
    b.patch(&whole.holes, end);
    Ok(Glob {
        insts: b.insts,
        start: whole.start,
    })
}

/// Compiles `pattern` as the current Hugo reads it; `None` when it is
/// no glob.
pub(crate) fn compile(pattern: &str) -> Option<Glob> {
    compile_as(pattern, Dialect::V1).ok()
}

thread_local! {
    /// The state sets of one thread's matches, reused.
    static SETS: RefCell<(StateSet, StateSet, Vec<usize>)> =
        RefCell::new((StateSet::default(), StateSet::default(), Vec::new()));
}

/// A set of states, in the order added, cleared in constant time.
#[derive(Default)]
struct StateSet {
    dense: Vec<usize>,
    sparse: Vec<usize>,
}

impl StateSet {
    fn reset(&mut self, size: usize) {
        self.dense.clear();
        if self.sparse.len() < size {
            self.sparse.resize(size, 0);
        }
    }

    fn insert(&mut self, s: usize) -> bool {
        let i = self.sparse[s];
        if i < self.dense.len() && self.dense[i] == s {
            return false;
        }
        self.sparse[s] = self.dense.len();
        self.dense.push(s);
        true
    }
}

impl Glob {
    /// Whether the whole of `text` matches.
    pub(crate) fn is_match(&self, text: &str) -> bool {
        SETS.with_borrow_mut(|(now, next, stack)| {
            let n = self.insts.len();
            now.reset(n);
            self.close(now, stack, self.start);
            for c in text.chars() {
                next.reset(n);
                for &s in &now.dense {
                    let to = match &self.insts[s] {
                        Inst::Char(x, to) if *x == c => *to,
                        Inst::NotSep(to) if c != '/' => *to,
                        Inst::AnyChar(to) => *to,
                        Inst::Class(class, to) if class.has(c) => *to,
                        _ => continue,
                    };
                    self.close(next, stack, to);
                }
                std::mem::swap(now, next);
                if now.dense.is_empty() {
                    return false;
                }
            }
            now.dense
                .iter()
                .any(|&s| matches!(self.insts[s], Inst::Match))
        })
    }

    /// Adds `from` and every state it reaches without a character.
    fn close(&self, set: &mut StateSet, stack: &mut Vec<usize>, from: usize) {
        stack.clear();
        stack.push(from);
        while let Some(s) = stack.pop() {
            if !set.insert(s) {
                continue;
            }
            if let Inst::Split(next) = &self.insts[s] {
                stack.extend(next.iter().rev());
            }
        }
    }
}

#[cfg(test)]
mod tests;
