//! The dialect checked against the real Hugo: each pattern below was a
//! cascade target's `path` on a site of the pages in [`V1_PAGES`]
//! (0.168.0, logical paths) or [`V0_PAGES`] (0.111.3, file paths), and
//! its pages are those Hugo gave the cascade to; a refused pattern
//! carries the words Hugo 0.168.0 refused it with, and one 0.111.3
//! ignored (its cascade reached every page) carries none.

use super::{Dialect, Dialect::*, Fault, MAX_LEN, compile_as};

const V1_PAGES: [&str; 12] = [
    "/a/b", "/a/x/b", "/a/x/y/b", "/c/b", "/ab", "/a/bb", "/b", "/a/b/c", "/ax/b", "/a/xb", "/a-b",
    "/a/b-b",
];
const V0_PAGES: [&str; 12] = [
    "/a/b.md",
    "/a/x/b.md",
    "/a/x/y/b.md",
    "/c/b.md",
    "/ab.md",
    "/a/bb.md",
    "/b.md",
    "/a/b/c.md",
    "/ax/b.md",
    "/a/xb.md",
    "/a-b.md",
    "/a/b b.md",
];

type Case = (
    &'static str,
    Dialect,
    Result<&'static [&'static str], &'static str>,
);

const CASES: &[Case] = &[
    ("/a/**/b", V1, Ok(&["/a/x/b", "/a/x/y/b"])),
    (
        "/a/**",
        V1,
        Ok(&[
            "/a/b", "/a/b-b", "/a/b/c", "/a/bb", "/a/x/b", "/a/x/y/b", "/a/xb",
        ]),
    ),
    (
        "**/b",
        V1,
        Ok(&["/a/b", "/a/x/b", "/a/x/y/b", "/ax/b", "/b", "/c/b"]),
    ),
    (
        "/**b",
        V1,
        Ok(&[
            "/a-b", "/a/b", "/a/b-b", "/a/bb", "/a/x/b", "/a/x/y/b", "/a/xb", "/ab", "/ax/b", "/b",
            "/c/b",
        ]),
    ),
    (
        "/a**",
        V1,
        Ok(&[
            "/a-b", "/a/b", "/a/b-b", "/a/b/c", "/a/bb", "/a/x/b", "/a/x/y/b", "/a/xb", "/ab",
            "/ax/b",
        ]),
    ),
    ("*", V1, Ok(&[])),
    ("/*", V1, Ok(&["/a-b", "/ab", "/b"])),
    ("/a/*", V1, Ok(&["/a/b", "/a/b-b", "/a/bb", "/a/xb"])),
    ("/a/*/b", V1, Ok(&["/a/x/b"])),
    ("/?", V1, Ok(&["/b"])),
    ("/a/?", V1, Ok(&["/a/b"])),
    ("/[ab]/b", V1, Ok(&["/a/b"])),
    ("/[!a]/b", V1, Ok(&["/c/b"])),
    ("/[a-c]/b", V1, Ok(&["/a/b", "/c/b"])),
    ("{/a,/c}/b", V1, Ok(&["/a/b", "/c/b"])),
    ("/a/{b,x/b}", V1, Ok(&["/a/b", "/a/x/b"])),
    ("/a{,/x}/b", V1, Ok(&["/a/b", "/a/x/b"])),
    ("/a/b{}", V1, Ok(&["/a/b"])),
    ("/a/{}b", V1, Ok(&["/a/b"])),
    ("\\/a\\/b", V1, Ok(&["/a/b"])),
    ("/a/**/", V1, Ok(&[])),
    ("/a}", V1, Ok(&[])),
    ("/a,b", V1, Ok(&[])),
    ("{/a/b,}", V1, Ok(&["/a/b"])),
    ("/A/B", V1, Ok(&["/a/b"])),
    ("/a/*b", V1, Ok(&["/a/b", "/a/b-b", "/a/bb", "/a/xb"])),
    (
        "**",
        V1,
        Ok(&[
            "/a-b", "/a/b", "/a/b-b", "/a/b/c", "/a/bb", "/a/x/b", "/a/x/y/b", "/a/xb", "/ab",
            "/ax/b", "/b", "/c/b",
        ]),
    ),
    ("/a/**/**/b", V1, Ok(&["/a/x/y/b"])),
    (
        "/a/**b",
        V1,
        Ok(&["/a/b", "/a/b-b", "/a/bb", "/a/x/b", "/a/x/y/b", "/a/xb"]),
    ),
    (
        "/**/b",
        V1,
        Ok(&["/a/b", "/a/x/b", "/a/x/y/b", "/ax/b", "/c/b"]),
    ),
    ("/a/b*", V1, Ok(&["/a/b", "/a/b-b", "/a/bb"])),
    ("/a/b**", V1, Ok(&["/a/b", "/a/b-b", "/a/b/c", "/a/bb"])),
    ("{/a/b,/a/x/b}", V1, Ok(&["/a/b", "/a/x/b"])),
    ("/[a]/b", V1, Ok(&["/a/b"])),
    ("/a/[a-b]", V1, Ok(&["/a/b"])),
    ("/a-b", V1, Ok(&["/a-b"])),
    ("/a/b b", V1, Ok(&[])),
    ("/a/b?b", V1, Ok(&["/a/b-b"])),
    ("/a/{b,bb}", V1, Ok(&["/a/b", "/a/bb"])),
    (
        "{/a/*,/c/*}",
        V1,
        Ok(&["/a/b", "/a/b-b", "/a/bb", "/a/xb", "/c/b"]),
    ),
    ("/a/x/**", V1, Ok(&["/a/x/b", "/a/x/y/b"])),
    (
        "{**/b,/ab}",
        V1,
        Ok(&["/a/b", "/a/x/b", "/a/x/y/b", "/ab", "/ax/b", "/b", "/c/b"]),
    ),
    ("/?/b", V1, Ok(&["/a/b", "/c/b"])),
    ("/??", V1, Ok(&["/ab"])),
    ("[/]a/b", V1, Ok(&["/a/b"])),
    ("/a/b\\", V1, Err("syntax error at 5: trailing backslash")),
    ("/a/b}", V1, Ok(&[])),
    ("/a/[b]", V1, Ok(&["/a/b"])),
    ("/a/[ab-c]", V1, Ok(&["/a/b"])),
    ("/a/[-]", V1, Ok(&[])),
    ("/a/[-b]", V1, Ok(&["/a/b"])),
    ("/a/{b,{bb,xb}}", V1, Ok(&["/a/b", "/a/bb", "/a/xb"])),
    ("/a/{,}b", V1, Ok(&["/a/b"])),
    ("{}", V1, Ok(&[])),
    ("/a/[\\]]", V1, Ok(&[])),
    ("/a/[\\b]", V1, Ok(&["/a/b"])),
    ("/a/b{,}", V1, Ok(&["/a/b"])),
    ("/a/[!b]b", V1, Ok(&["/a/xb"])),
    ("/a/[^b]b", V1, Ok(&["/a/bb"])),
    ("/a/[é]", V1, Ok(&[])),
    ("{/a/b,/c/b", V1, Err("syntax error at 10: unclosed `{`")),
    ("/a/{b", V1, Err("syntax error at 5: unclosed `{`")),
    ("{{/a/b}", V1, Err("syntax error at 7: unclosed `{`")),
    ("[ab", V1, Err("syntax error at 3: unexpected end of input")),
    (
        "/a/[b-a]",
        V1,
        Err("syntax error at 8: range hi character is less than lo"),
    ),
    (
        "/a/[]b",
        V1,
        Err("syntax error at 5: could not parse range"),
    ),
    (
        "/a/[!]b",
        V1,
        Err("syntax error at 6: could not parse range"),
    ),
    (
        "/a/[a-bc]",
        V1,
        Err("syntax error at 8: expected close range character"),
    ),
    (
        "/a/[b-]",
        V1,
        Err("syntax error at 7: unexpected end of input"),
    ),
    (
        "/x[a-b-c]",
        V1,
        Err("syntax error at 7: expected close range character"),
    ),
    (
        "/a/[a-]",
        V1,
        Err("syntax error at 7: unexpected end of input"),
    ),
    ("/ab**b", V1, Ok(&[])),
    ("/a**a/b", V1, Ok(&[])),
    ("/a/x**x/b", V1, Ok(&[])),
    ("/a/b**b", V1, Ok(&["/a/b-b", "/a/bb"])),
    ("/a/[!b]", V1, Ok(&[])),
    ("*/b", V1, Ok(&["/b"])),
    ("/a/x/*", V1, Ok(&["/a/x/b"])),
    ("/a/[a-c]*", V1, Ok(&["/a/b", "/a/b-b", "/a/bb"])),
    (
        "/a/**/b.md",
        V0,
        Ok(&["/a/b.md", "/a/x/b.md", "/a/x/y/b.md"]),
    ),
    (
        "/a/**",
        V0,
        Ok(&[
            "/a/b b.md",
            "/a/b.md",
            "/a/b/c.md",
            "/a/bb.md",
            "/a/x/b.md",
            "/a/x/y/b.md",
            "/a/xb.md",
        ]),
    ),
    (
        "**/b.md",
        V0,
        Ok(&[
            "/a/b.md",
            "/a/x/b.md",
            "/a/x/y/b.md",
            "/ax/b.md",
            "/b.md",
            "/c/b.md",
        ]),
    ),
    (
        "/**b.md",
        V0,
        Ok(&[
            "/a-b.md",
            "/a/b b.md",
            "/a/b.md",
            "/a/bb.md",
            "/a/x/b.md",
            "/a/x/y/b.md",
            "/a/xb.md",
            "/ab.md",
            "/ax/b.md",
            "/b.md",
            "/c/b.md",
        ]),
    ),
    (
        "/a**",
        V0,
        Ok(&[
            "/a-b.md",
            "/a/b b.md",
            "/a/b.md",
            "/a/b/c.md",
            "/a/bb.md",
            "/a/x/b.md",
            "/a/x/y/b.md",
            "/a/xb.md",
            "/ab.md",
            "/ax/b.md",
        ]),
    ),
    ("*", V0, Ok(&[])),
    ("/*", V0, Ok(&["/a-b.md", "/ab.md", "/b.md"])),
    (
        "/a/*",
        V0,
        Ok(&["/a/b b.md", "/a/b.md", "/a/bb.md", "/a/xb.md"]),
    ),
    ("/a/*/b.md", V0, Ok(&["/a/x/b.md"])),
    ("/?", V0, Ok(&[])),
    ("/a/?", V0, Ok(&[])),
    ("/[ab]/b.md", V0, Ok(&["/a/b.md"])),
    ("/[!a]/b.md", V0, Ok(&["/c/b.md"])),
    ("/[a-c]/b.md", V0, Ok(&["/a/b.md", "/c/b.md"])),
    ("{/a,/c}/b.md", V0, Ok(&["/a/b.md", "/c/b.md"])),
    ("/a/{b.md,x/b.md}", V0, Ok(&["/a/b.md", "/a/x/b.md"])),
    ("/a{,/x}/b.md", V0, Ok(&["/a/b.md", "/a/x/b.md"])),
    ("/a/b{}.md", V0, Ok(&[])),
    ("/a/{}b.md", V0, Ok(&[])),
    ("\\/a\\/b.md", V0, Ok(&["/a/b.md"])),
    ("/a/b\\", V0, Ok(&[])),
    ("/a/**/", V0, Ok(&[])),
    ("/a}", V0, Ok(&[])),
    ("/a,b.md", V0, Ok(&[])),
    ("{/a/b.md,.md}", V0, Ok(&["/a/b.md"])),
    ("/A/B.md", V0, Ok(&["/a/b.md"])),
    (
        "/a/*b.md",
        V0,
        Ok(&["/a/b b.md", "/a/b.md", "/a/bb.md", "/a/xb.md"]),
    ),
    (
        "**",
        V0,
        Ok(&[
            "/a-b.md",
            "/a/b b.md",
            "/a/b.md",
            "/a/b/c.md",
            "/a/bb.md",
            "/a/x/b.md",
            "/a/x/y/b.md",
            "/a/xb.md",
            "/ab.md",
            "/ax/b.md",
            "/b.md",
            "/c/b.md",
        ]),
    ),
    ("/a/**/**/b.md", V0, Ok(&["/a/x/y/b.md"])),
    (
        "/a/**b.md",
        V0,
        Ok(&[
            "/a/b b.md",
            "/a/b.md",
            "/a/bb.md",
            "/a/x/b.md",
            "/a/x/y/b.md",
            "/a/xb.md",
        ]),
    ),
    (
        "/**/b.md",
        V0,
        Ok(&[
            "/a/b.md",
            "/a/x/b.md",
            "/a/x/y/b.md",
            "/ax/b.md",
            "/b.md",
            "/c/b.md",
        ]),
    ),
    ("/a/b*", V0, Ok(&["/a/b b.md", "/a/b.md", "/a/bb.md"])),
    (
        "/a/b**",
        V0,
        Ok(&["/a/b b.md", "/a/b.md", "/a/b/c.md", "/a/bb.md"]),
    ),
    ("{/a/b.md,/a/x/b.md}", V0, Ok(&["/a/b.md", "/a/x/b.md"])),
    ("/[a]/b.md", V0, Ok(&["/a/b.md"])),
    ("/a/[a-b]", V0, Ok(&[])),
    ("/a-b.md", V0, Ok(&["/a-b.md"])),
    ("/a/b b.md", V0, Ok(&["/a/b b.md"])),
    ("/a/b?b.md", V0, Ok(&["/a/b b.md"])),
    ("/a/{b.md,bb.md}", V0, Ok(&["/a/b.md", "/a/bb.md"])),
    (
        "{/a/*.md,/c/*.md}",
        V0,
        Ok(&["/a/b b.md", "/a/b.md", "/a/bb.md", "/a/xb.md", "/c/b.md"]),
    ),
    ("/a/x/**", V0, Ok(&["/a/x/b.md", "/a/x/y/b.md"])),
    (
        "{**/b.md,/ab.md}",
        V0,
        Ok(&[
            "/a/b.md",
            "/a/x/b.md",
            "/a/x/y/b.md",
            "/ab.md",
            "/ax/b.md",
            "/b.md",
            "/c/b.md",
        ]),
    ),
    ("/?/b.md", V0, Ok(&["/a/b.md", "/c/b.md"])),
    ("/??", V0, Ok(&[])),
    ("[/]a/b.md", V0, Ok(&["/a/b.md"])),
    ("{/a/b.md,/c/b.md", V0, Ok(&["/a/b.md", "/c/b.md"])),
    ("/a/{b.md", V0, Ok(&["/a/b.md"])),
    ("{{/a/b.md}", V0, Ok(&["/a/b.md"])),
    ("/a/b.md}", V0, Ok(&[])),
    ("[ab", V0, Err("")),
    ("/a/[b].md", V0, Ok(&["/a/b.md"])),
    ("/a/[b-a].md", V0, Err("")),
    ("/a/[]b.md", V0, Err("")),
    ("/a/[!]b.md", V0, Err("")),
    ("/a/[ab-c].md", V0, Ok(&["/a/b.md"])),
    ("/a/[a-bc].md", V0, Err("")),
    ("/a/b.md\\", V0, Ok(&["/a/b.md"])),
    ("/a/b{,}.md", V0, Ok(&[])),
    ("/a/{,}b.md", V0, Ok(&[])),
    ("{}", V0, Ok(&[])),
    ("/a/{b.md,}", V0, Ok(&["/a/b.md"])),
    ("/a**a/b.md", V0, Ok(&["/a/b.md"])),
    ("/a/b**b.md", V0, Ok(&["/a/b b.md", "/a/b.md", "/a/bb.md"])),
    ("/a/b.m**md", V0, Ok(&["/a/b.md"])),
    (
        "{/a/**/b.md,/zz}",
        V0,
        Ok(&["/a/b.md", "/a/x/b.md", "/a/x/y/b.md"]),
    ),
    ("/a/**/b.md/**", V0, Ok(&[])),
    (
        "/a/**/*.md",
        V0,
        Ok(&["/a/b/c.md", "/a/x/b.md", "/a/x/y/b.md"]),
    ),
    (
        "/**/**.md",
        V0,
        Ok(&[
            "/a/b b.md",
            "/a/b.md",
            "/a/b/c.md",
            "/a/bb.md",
            "/a/x/b.md",
            "/a/x/y/b.md",
            "/a/xb.md",
            "/ax/b.md",
            "/c/b.md",
        ]),
    ),
    ("/a/b.md**", V0, Ok(&["/a/b.md"])),
    ("/a/***/b.md", V0, Ok(&["/a/x/b.md", "/a/x/y/b.md"])),
    ("/a/[b]**/b.md", V0, Ok(&[])),
    (
        "/a**/b.md",
        V0,
        Ok(&["/a/b.md", "/a/x/b.md", "/a/x/y/b.md", "/ax/b.md"]),
    ),
    ("/a/*/**/b.md", V0, Ok(&["/a/x/y/b.md"])),
    ("/a/x**x/b.md", V0, Ok(&["/a/x/b.md"])),
    ("/ab**b.md", V0, Ok(&["/ab.md"])),
];

#[test]
fn globs_match_the_pages_each_hugo_matched() {
    let mut wrong = Vec::new();
    for (pattern, dialect, expected) in CASES {
        let pages = match dialect {
            V0 => &V0_PAGES,
            V1 => &V1_PAGES,
        };
        // Hugo lowercases a pattern before compiling it.
        let got = compile_as(&pattern.to_lowercase(), *dialect).map(|g| {
            let mut matched: Vec<&str> = pages.iter().copied().filter(|p| g.is_match(p)).collect();
            matched.sort();
            matched
        });
        let same = match (&got, expected) {
            (Ok(matched), Ok(expected)) => matched == expected,
            (Err(Fault::Syntax(..)), Err("")) => true,
            (Err(fault), Err(words)) => fault.to_string() == *words,
            _ => false,
        };
        if !same {
            wrong.push(format!(
                "{pattern:?} {dialect:?}: {got:?}, Hugo {expected:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Braces nested 300 deep compiled nowhere, and the target then matched
/// every page: Hugo 0.168.0 matches this one with `/docs/a` alone.
#[test]
fn braces_nested_past_a_regex_engine_s_limits_match_as_gobwas_matches() {
    for dialect in [V0, V1] {
        let deep = format!("{}/docs/a{}", "{".repeat(300), "}".repeat(300));
        let glob = compile_as(&deep, dialect).unwrap();
        assert!(glob.is_match("/docs/a"));
        assert!(!glob.is_match("/docs/b"));
        // Alternatives inside alternatives, 800 deep, on a thread with
        // a small stack: nothing recurses.
        let nested = format!("{}/z{}", "{/a,".repeat(800), "}".repeat(800));
        let glob = std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || {
                compile_as(&nested, dialect).map(|g| (g.is_match("/z"), g.is_match("/q")))
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(glob, Ok((true, false)));
    }
}

#[test]
fn a_pattern_past_the_bound_is_refused_not_matched() {
    let long = "*".repeat(MAX_LEN + 1);
    assert_eq!(
        compile_as(&long, V1).unwrap_err().to_string(),
        "4097 bytes long, past the 4096 this tool reads (no real target is that long)"
    );
}
