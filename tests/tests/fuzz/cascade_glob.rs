//! The fuzz target `cascade_glob`: a cascade target's `path` glob as
//! the Hugo reader compiles and matches it (gobwas/glob's v1.0.0 and
//! v0.2.3 dialects, `sitemap_hugo`'s glob automaton through its fuzzing
//! entry), against a reference written here from gobwas's rules: a
//! backtracking matcher over patterns built of text, `*`, `**`, `?`,
//! `[…]` classes and nested `{…,…}` braces, on texts of the same
//! letters and slashes, and on texts made to match.
//!
//! Checked: no panic; the automaton grows linearly with the pattern
//! (it was a chain per overlap of v0.2.3's `prefix**suffix`, 200 MB for
//! one pattern of 4 KiB); a well-formed pattern compiles; and it matches
//! exactly the texts the reference matches, in both dialects (v0.2.3's
//! two quirks, `text**text` as prefix and suffix that may overlap and
//! braces of empty alternatives matching nothing, in the reference too).
//! Arbitrary strings of glob syntax are compiled too: no panic, the same
//! bound.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use super::{drive, supervise_at};

/// A pattern's piece as the reference reads it.
#[derive(Clone, Debug)]
enum Node {
    Text(Vec<char>),
    Any,
    Super,
    Single,
    Class {
        ranges: Vec<(char, char)>,
        not: bool,
    },
    Braces(Vec<Vec<Node>>),
}

/// Pattern text of the letters `a`, `b`, `-`, `.`, `/`, wildcards,
/// classes and braces nested to 3 levels.
fn pattern() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        4 => "[ab/.-]{1,3}",
        2 => Just("*".to_owned()),
        2 => Just("**".to_owned()),
        1 => Just("?".to_owned()),
        1 => prop::sample::select(vec!["[ab]", "[!a]", "[a-b]", "[!-/]", "[/]", "[-.]"])
            .prop_map(str::to_owned),
    ];
    let piece = leaf.prop_recursive(3, 24, 4, |inner| {
        prop::collection::vec(prop::collection::vec(inner, 0..4), 0..4).prop_map(|alts| {
            let alts: Vec<String> = alts.into_iter().map(|a| a.concat()).collect();
            format!("{{{}}}", alts.join(","))
        })
    });
    prop::collection::vec(piece, 0..6).prop_map(|p| p.concat())
}

/// Any string of glob syntax, for the lexer's corners.
fn raw() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "a", "b", "/", "*", "?", "[", "]", "!", "-", "{", "}", ",", "\\", "é", "**", "[!",
            "a-", "{a,", "}}", "{{",
        ]),
        0..24,
    )
    .prop_map(|p| p.concat())
}

/// A pattern, texts (some made to match it), and a string of glob
/// syntax (`\0` between the pattern and it).
fn inputs() -> impl Strategy<Value = (String, Vec<String>)> {
    (
        pattern(),
        prop::collection::vec("[ab/.-]{0,8}", 0..12),
        prop_oneof![Just(String::new()), raw()],
        any::<u64>(),
    )
        .prop_map(|(p, mut texts, raw, seed)| {
            let nodes = parse(&p).0;
            let mut rng = seed;
            for _ in 0..4 {
                texts.push(sample(&nodes, &mut rng));
            }
            (format!("{p}\u{0}{raw}"), texts)
        })
}

#[test]
fn cascade_glob() {
    supervise_at("fuzz::cascade_glob::cascade_glob", "cascade_glob", || {
        drive(
            "cascade_glob",
            inputs(),
            |(both, texts)| format!("{both}\n{}", texts.join("\n")).into_bytes(),
            |(both, texts)| {
                let (pattern, raw) = both.split_once('\u{0}').unwrap_or((both, ""));
                check(pattern, texts)?;
                for current in [true, false] {
                    if let Ok((states, _)) = sitemap_hugo::fuzzing::glob(raw, current) {
                        bounded(raw, states)?;
                    }
                }
                Ok(())
            },
        );
    });
}

fn bounded(pattern: &str, states: usize) -> Result<(), TestCaseError> {
    prop_assert!(
        states <= 3 * pattern.len() + 8,
        "{states} states for {pattern:?} ({} bytes)",
        pattern.len()
    );
    Ok(())
}

fn check(pattern: &str, texts: &[String]) -> Result<(), TestCaseError> {
    let (nodes, _) = parse(pattern);
    for current in [true, false] {
        let compiled = sitemap_hugo::fuzzing::glob(pattern, current);
        let (states, matcher) = match compiled {
            Ok(c) => c,
            Err(why) => {
                prop_assert!(false, "{pattern:?} (current {current}) refused: {why}");
                unreachable!()
            }
        };
        bounded(pattern, states)?;
        for text in texts {
            let expected = matches(&nodes, text, !current);
            prop_assert_eq!(
                matcher(text),
                expected,
                "{:?} on {:?} (current Hugo: {})",
                pattern,
                text,
                current
            );
        }
    }
    Ok(())
}

/// The reference's reading of a pattern the strategy makes: the nodes
/// of one alternative up to a `,` or `}` at this level, and where it
/// stopped.
fn parse(pattern: &str) -> (Vec<Node>, usize) {
    let chars: Vec<char> = pattern.chars().collect();
    let mut i = 0;
    let nodes = parse_alt(&chars, &mut i, false);
    (nodes, i)
}

fn parse_alt(chars: &[char], i: &mut usize, inside: bool) -> Vec<Node> {
    let mut nodes = Vec::new();
    while let Some(&c) = chars.get(*i) {
        match c {
            ',' | '}' if inside => break,
            '{' => {
                *i += 1;
                let mut alts = vec![parse_alt(chars, i, true)];
                while chars.get(*i) == Some(&',') {
                    *i += 1;
                    alts.push(parse_alt(chars, i, true));
                }
                *i += 1; // `}`
                nodes.push(Node::Braces(alts));
            }
            '*' if chars.get(*i + 1) == Some(&'*') => {
                *i += 2;
                nodes.push(Node::Super);
            }
            '*' => {
                *i += 1;
                nodes.push(Node::Any);
            }
            '?' => {
                *i += 1;
                nodes.push(Node::Single);
            }
            '[' => {
                *i += 1;
                let not = chars.get(*i) == Some(&'!');
                if not {
                    *i += 1;
                }
                let start = *i;
                while chars[*i] != ']' {
                    *i += 1;
                }
                let body = &chars[start..*i];
                *i += 1;
                let ranges = if body.len() == 3 && body[1] == '-' {
                    vec![(body[0], body[2])]
                } else {
                    body.iter().map(|&c| (c, c)).collect()
                };
                nodes.push(Node::Class { ranges, not });
            }
            c => {
                *i += 1;
                match nodes.last_mut() {
                    Some(Node::Text(t)) => t.push(c),
                    _ => nodes.push(Node::Text(vec![c])),
                }
            }
        }
    }
    nodes
}

/// Whether the whole of `text` matches `nodes` (`old`: v0.2.3).
fn matches(nodes: &[Node], text: &str, old: bool) -> bool {
    let text: Vec<char> = text.chars().collect();
    ends(nodes, &text, 0, old).contains(&text.len())
}

/// Where a match of `nodes` from `start` may end.
fn ends(
    nodes: &[Node],
    text: &[char],
    start: usize,
    old: bool,
) -> std::collections::BTreeSet<usize> {
    if old && let [Node::Text(prefix), Node::Super, Node::Text(suffix)] = nodes {
        // v0.2.3's `PrefixSuffix`: anything starting with the prefix and
        // ending with the suffix, overlapping or not.
        return (start..=text.len())
            .filter(|&end| {
                let t = &text[start..end];
                t.starts_with(prefix) && t.ends_with(suffix)
            })
            .collect();
    }
    let mut at: std::collections::BTreeSet<usize> = [start].into();
    for node in nodes {
        let mut next = std::collections::BTreeSet::new();
        for &p in &at {
            let one = |ok: &dyn Fn(char) -> bool| text.get(p).is_some_and(|&c| ok(c));
            match node {
                Node::Text(t) => {
                    if text[p..].starts_with(t) {
                        next.insert(p + t.len());
                    }
                }
                Node::Any => {
                    let stop = text[p..]
                        .iter()
                        .position(|&c| c == '/')
                        .map_or(text.len(), |k| p + k);
                    next.extend(p..=stop);
                }
                Node::Super => next.extend(p..=text.len()),
                Node::Single => {
                    if one(&|c| c != '/') {
                        next.insert(p + 1);
                    }
                }
                Node::Class { ranges, not } => {
                    if one(&|c| ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi) != *not) {
                        next.insert(p + 1);
                    }
                }
                Node::Braces(alts) => {
                    if old && alts.iter().all(Vec::is_empty) {
                        continue;
                    }
                    for alt in alts {
                        next.extend(ends(alt, text, p, old));
                    }
                }
            }
        }
        at = next;
    }
    at
}

/// A text `nodes` match, chosen with `rng`.
fn sample(nodes: &[Node], rng: &mut u64) -> String {
    let mut pick = |n: u64| {
        *rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*rng >> 33) % n.max(1)
    };
    let mut out = String::new();
    sample_into(nodes, &mut pick, &mut out);
    out
}

fn sample_into(nodes: &[Node], pick: &mut dyn FnMut(u64) -> u64, out: &mut String) {
    const LETTERS: [char; 5] = ['a', 'b', '/', '.', '-'];
    for node in nodes {
        match node {
            Node::Text(t) => out.extend(t),
            Node::Any => {
                for _ in 0..pick(3) {
                    out.push(['a', 'b', '.', '-'][pick(4) as usize]);
                }
            }
            Node::Super => {
                for _ in 0..pick(4) {
                    out.push(LETTERS[pick(5) as usize]);
                }
            }
            Node::Single => out.push(['a', 'b', '.', '-'][pick(4) as usize]),
            Node::Class { ranges, not } => {
                let fits: Vec<char> = LETTERS
                    .iter()
                    .copied()
                    .filter(|&c| ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi) != *not)
                    .collect();
                if let Some(&c) = fits.get(pick(fits.len() as u64) as usize) {
                    out.push(c);
                }
            }
            Node::Braces(alts) => {
                if let Some(alt) = alts.get(pick(alts.len() as u64) as usize) {
                    sample_into(alt, pick, out);
                }
            }
        }
    }
}
