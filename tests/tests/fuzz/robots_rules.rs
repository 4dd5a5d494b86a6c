//! The fuzz target `robots_rules`: a site's robots.txt rules as `scan`
//! and `validate` match them (`sitemap_core::robots::rules`), on files
//! made of the lines that matter to matching (groups for Googlebot, for
//! `*` and for others; patterns with `*`, `$`, percent escapes, non-ASCII,
//! `index.html`; Google's leniencies), now and then a `Sitemap:` line, an
//! unknown one or raw bytes, a byte order mark, any line ending.
//!
//! Checked: no panic; the deciding line is a line of the file, and the
//! rule a blocked URL is named with is that line as written; and the
//! decision is the `robotstxt` crate's own (the matcher this one mirrors
//! to keep the line), wherever the two are meant to agree: a file with no
//! byte order mark, `Sitemap:` or unknown line, which Google's current
//! matcher reads otherwise than the crate's older port.

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use robotstxt::{DefaultMatcher, RobotsParseHandler, parse_robotstxt};
use sitemap_core::Loc;
use sitemap_core::robots::{AGENT, Rules};

use super::{drive, supervise_at};

/// A robots.txt and the URLs asked about.
#[derive(Clone, Debug)]
struct Case {
    robots: Vec<u8>,
    urls: Vec<String>,
}

fn pattern() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "/",
        "a",
        "b",
        "/a",
        "/a/",
        "/b/c",
        "*",
        "$",
        "*.pdf$",
        "/index.html",
        "/index.htm",
        "%7E",
        "%7e",
        "~",
        "%2F",
        "é",
        "%C3%A9",
        "?",
        "?q=1",
        "&",
        "=",
        " ",
        "#",
        "/*/",
    ]);
    prop::collection::vec(piece, 0..5).prop_map(|p| p.concat())
}

fn line() -> impl Strategy<Value = Vec<u8>> {
    let agent = prop::sample::select(vec![
        "*",
        "* ",
        "*x",
        "Googlebot",
        "googlebot/2.1",
        "Googlebot-Image",
        "Bingbot",
        "",
    ]);
    let key = prop::sample::select(vec![
        "Disallow:",
        "disallow :",
        "Allow:",
        "allow:",
        "Disalow:",
        "Dissallow:",
        "Disallow",
        "Allow",
    ]);
    prop_oneof![
        4 => agent.prop_map(|a| format!("User-agent: {a}").into_bytes()),
        8 => (key, pattern(), any::<bool>())
            .prop_map(|(k, p, comment)| {
                let tail = if comment { " # why" } else { "" };
                format!("{k} {p}{tail}").into_bytes()
            }),
        1 => Just(b"".to_vec()),
        1 => Just(b"# Caf\xE9".to_vec()),
        1 => Just(b"Sitemap: https://example.org/sitemap.xml".to_vec()),
        1 => Just(b"Crawl-delay: 5".to_vec()),
        1 => prop::collection::vec(any::<u8>(), 0..24),
    ]
}

fn inputs() -> impl Strategy<Value = Case> {
    let robots = (
        any::<bool>(),
        prop::collection::vec(line(), 0..20),
        prop::sample::select(vec![&b"\n"[..], b"\r\n", b"\r"]),
        any::<bool>(),
    )
        .prop_map(|(bom, lines, eol, last)| {
            let mut out = if bom {
                b"\xEF\xBB\xBF".to_vec()
            } else {
                Vec::new()
            };
            out.extend(lines.join(eol));
            if last {
                out.extend_from_slice(eol);
            }
            out
        });
    let url = pattern().prop_map(|p| format!("https://example.org/{}", p.trim_start_matches('/')));
    (robots, prop::collection::vec(url, 1..6)).prop_map(|(robots, urls)| Case { robots, urls })
}

/// Whether the crate's parser finds a line the two matchers read apart.
#[derive(Default)]
struct Apart(bool);

impl RobotsParseHandler for Apart {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _: u32, _: &str) {}
    fn handle_allow(&mut self, _: u32, _: &str) {}
    fn handle_disallow(&mut self, _: u32, _: &str) {}
    fn handle_sitemap(&mut self, _: u32, _: &str) {
        self.0 = true;
    }
    fn handle_unknown_action(&mut self, _: u32, _: &str, _: &str) {
        self.0 = true;
    }
}

/// The file's lines as the parser counts them (`\n`, `\r\n` and `\r`
/// each end one), after a byte order mark.
fn file_lines(text: &str) -> Vec<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(['\n', '\r']) {
        lines.push(&rest[..i]);
        let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
        rest = &rest[i + skip..];
    }
    lines.push(rest);
    lines
}

fn check(case: &Case) -> Result<(), TestCaseError> {
    let rules = Rules::from_bytes(&case.robots);
    let text = String::from_utf8_lossy(&case.robots);
    let lines = file_lines(&text);
    let mut apart = Apart::default();
    parse_robotstxt(&text, &mut apart);
    let comparable = !apart.0 && !text.starts_with('\u{feff}');
    for url in &case.urls {
        let decision = rules.decide(AGENT, url);
        prop_assert!(
            (decision.line as usize) <= lines.len(),
            "line {} of {}",
            decision.line,
            lines.len()
        );
        prop_assert!(decision.allowed || decision.line >= 1, "{decision:?}");
        if comparable {
            let theirs = DefaultMatcher::default().one_agent_allowed_by_robots(&text, AGENT, url);
            prop_assert_eq!(decision.allowed, theirs, "{}", url);
        }
        if let Ok(loc) = Loc::parse(url) {
            let blocked = rules.blocks(&loc);
            // A loc is the URL normalized: asked again as the loc, the
            // same decision.
            let again = rules.decide(AGENT, loc.as_str());
            prop_assert_eq!(blocked.is_none(), again.allowed, "{}", loc.as_str());
            if let Some(blocked) = blocked {
                prop_assert_eq!(blocked.line, again.line);
                let written = lines[blocked.line as usize - 1].trim();
                prop_assert_eq!(&blocked.rule, written);
            }
        }
    }
    Ok(())
}

/// The robots.txt matcher: never panics, names a line of the file as
/// written, and decides as the crate it mirrors wherever both should.
#[test]
fn robots_rules() {
    supervise_at("fuzz::robots_rules::robots_rules", "robots_rules", || {
        drive(
            "robots_rules",
            inputs(),
            |case| {
                let mut shown = case.robots.clone();
                for url in &case.urls {
                    shown.extend_from_slice(format!("\n==> {url}").as_bytes());
                }
                shown
            },
            check,
        );
    });
}
