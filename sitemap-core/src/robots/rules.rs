//! A robots.txt's `Allow`/`Disallow` rules, matched as Googlebot matches
//! them, with the line that decided.
//!
//! Search Console reports a listed URL that robots.txt blocks as an error
//! ("Submitted URL blocked by robots.txt"), so `scan` leaves such pages
//! out and `validate` flags them, naming the line. The parsing and the
//! pattern matching are the `robotstxt` crate's (a port of Google's own
//! parser and matcher, google/robotstxt, passing its test suite): RFC 9309
//! longest match, `Allow` winning a tie, `*` and a final `$`, plus Google's
//! leniencies (`disalow`, a missing colon, `index.html` as its folder).
//! The crate keeps the deciding line to itself (Google's `matching_line()`
//! is private there), so [`Rules::decide`] runs the crate's parsed lines
//! through a matcher that mirrors its matcher's group logic and keeps the
//! line; a test runs Google's published cases through both. Where the
//! crate lags Google's current matcher (a `Sitemap:` or unknown line
//! inside a group; a UTF-8 byte order mark), this matcher follows Google,
//! and the test says so.
//!
//! **Parsed once.** [`Rules::new`] runs the crate's parser once and keeps
//! the lines that matter to matching (`User-agent`, `Allow`, `Disallow`,
//! with their line numbers); each [`Rules::decide`] replays them into the
//! matcher, so a site of 10,000 pages with a 300 KiB robots.txt parses it
//! once, not 10,000 times.
//!
//! **Which group.** We evaluate for one agent, [`AGENT`] (`Googlebot`):
//! the group Googlebot obeys is the one naming it when there is one, else
//! the `*` group. That is the crawler whose report the sitemap error
//! comes from; a rule for another crawler only (`User-agent: Bingbot`)
//! does not make a URL blocked for us, and a `Googlebot` group that allows
//! what `*` disallows makes it allowed, as it does for Google.

use std::fmt;

use robotstxt::matcher::{LongestMatchRobotsMatchStrategy, RobotsMatchStrategy};
use robotstxt::{RobotsParseHandler, get_path_params_query, parse_robotstxt};

use crate::Loc;

/// The crawler whose group decides: the group naming `Googlebot`, else `*`.
pub const AGENT: &str = "Googlebot";

/// A robots.txt, parsed, ready to be asked about URLs.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The lines matching depends on, in file order.
    lines: Vec<Line>,
    /// Each `Allow`/`Disallow` line as written, trimmed, by line number,
    /// for [`Blocked::rule`].
    texts: Vec<(u32, String)>,
}

/// A line of robots.txt as the parser hands it over.
#[derive(Clone, Debug)]
enum Line {
    Agent(String),
    Rule {
        line: u32,
        pattern: String,
        /// The length of its text up to the first `*` or `$`.
        literal: usize,
        allow: bool,
    },
}

impl Line {
    fn rule(line: u32, pattern: &str, allow: bool) -> Line {
        Line::Rule {
            line,
            pattern: pattern.to_owned(),
            literal: literal_len(pattern),
            allow,
        }
    }
}

/// The length of `pattern`'s text before its first `*` or `$`: a pattern
/// matches from the path's start, so that text must begin the path.
fn literal_len(pattern: &str) -> usize {
    pattern
        .bytes()
        .position(|b| b == b'*' || b == b'$')
        .unwrap_or(pattern.len())
}

/// The crate's parser's handler that records the lines for replay.
#[derive(Default)]
struct Recorder {
    lines: Vec<Line>,
}

impl RobotsParseHandler for Recorder {
    fn handle_robots_start(&mut self) {}

    fn handle_robots_end(&mut self) {}

    fn handle_user_agent(&mut self, _line: u32, user_agent: &str) {
        self.lines.push(Line::Agent(user_agent.to_owned()));
    }

    fn handle_allow(&mut self, line: u32, value: &str) {
        self.lines.push(Line::rule(line, value, true));
    }

    fn handle_disallow(&mut self, line: u32, value: &str) {
        self.lines.push(Line::rule(line, value, false));
    }

    // A `Sitemap:` line or an unknown one does not end a group: Google's
    // matcher ignores them (robots.cc, and `ID_LineSyntax_Groups_OtherRules`
    // in its tests), where the crate, ported from an older version, ends
    // the group there. Not recorded, they cannot.
    fn handle_sitemap(&mut self, _line: u32, _value: &str) {}

    fn handle_unknown_action(&mut self, _line: u32, _action: &str, _value: &str) {}
}

/// What robots.txt says about one URL for one agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Whether the agent may crawl it.
    pub allowed: bool,
    /// The 1-based line of the rule that decided, `0` when no rule
    /// matched (allowed by default).
    pub line: u32,
}

/// A URL robots.txt disallows for [`AGENT`], and the rule that does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Blocked {
    /// The 1-based line of the rule.
    pub line: u32,
    /// That line as written, trimmed (`Disallow: /private/`).
    pub rule: String,
}

/// `robots.txt:3: Disallow: /private/`.
impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}",
            super::ROBOTS_FILE_NAME,
            self.line,
            self.rule
        )
    }
}

impl Rules {
    /// The rules of a robots.txt's text.
    pub fn new(text: &str) -> Rules {
        // A UTF-8 byte order mark is skipped, as Google does (the crate
        // compares the decoded character with the mark's bytes, and so
        // misses it).
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut recorder = Recorder::default();
        parse_robotstxt(text, &mut recorder);
        let texts = recorder
            .lines
            .iter()
            .filter_map(|l| match l {
                Line::Rule { line, .. } => Some(*line),
                Line::Agent(_) => None,
            })
            .scan((text, 1_u32), |(rest, at), n| {
                let (line, after) = line_at(rest, n - *at);
                *rest = after;
                *at = n;
                Some((n, line.trim().to_owned()))
            })
            .collect();
        Rules {
            lines: recorder.lines,
            texts,
        }
    }

    /// The rules of a robots.txt's bytes; bytes that are not UTF-8 (a
    /// Latin-1 comment) become U+FFFD, which no rule of ours can match.
    pub fn from_bytes(bytes: &[u8]) -> Rules {
        Rules::new(&String::from_utf8_lossy(bytes))
    }

    /// What the group `agent` obeys says about `url` (an absolute URL or a
    /// path, percent-encoded as RFC 3986 has it, as every `loc` is).
    pub fn decide(&self, agent: &str, url: &str) -> Decision {
        let mut matcher = Matcher {
            agent,
            path: get_path_params_query(url).into_owned(),
            ..Matcher::default()
        };
        for line in &self.lines {
            match line {
                Line::Agent(name) => matcher.agent_line(name),
                Line::Rule {
                    line,
                    pattern,
                    literal,
                    allow,
                } => matcher.rule(*line, pattern, *literal, *allow),
            }
        }
        matcher.decision()
    }

    /// The rule that disallows `loc` for [`AGENT`], if one does.
    pub fn blocks(&self, loc: &Loc) -> Option<Blocked> {
        let decision = self.decide(AGENT, loc.as_str());
        (!decision.allowed).then(|| Blocked {
            line: decision.line,
            rule: self
                .texts
                .binary_search_by_key(&decision.line, |(n, _)| *n)
                .map(|i| self.texts[i].1.clone())
                .unwrap_or_default(),
        })
    }
}

/// The line `skip` lines into `text` as the parser counts lines (`\n`,
/// `\r` and `\r\n` each end one), and the text from that line on.
fn line_at(text: &str, skip: u32) -> (&str, &str) {
    let mut rest = text;
    for _ in 0..skip {
        match rest.find(['\n', '\r']) {
            Some(i) => {
                let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[i + skip..];
            }
            None => return ("", ""),
        }
    }
    let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
    (&rest[..end], rest)
}

/// The best match so far in one kind of group: its length and line.
#[derive(Clone, Copy, Debug, Default)]
struct Best {
    priority: i32,
    line: u32,
}

impl Best {
    fn offer(&mut self, priority: i32, line: u32) {
        if self.priority < priority {
            *self = Best { priority, line };
        }
    }
}

/// The crate's `RobotsMatcher` for one agent, keeping the deciding line
/// (Google's `RobotsMatcher::matching_line`); the same fields, the same
/// steps, in the same order.
#[derive(Default)]
struct Matcher<'a> {
    agent: &'a str,
    path: String,
    allow_specific: Best,
    disallow_specific: Best,
    allow_global: Best,
    disallow_global: Best,
    seen_global_agent: bool,
    seen_specific_agent: bool,
    ever_seen_specific_agent: bool,
    seen_separator: bool,
}

impl Matcher<'_> {
    fn decision(&self) -> Decision {
        let pick = |allow: Best, disallow: Best| Decision {
            // Longest match wins; on a tie, Allow.
            allowed: disallow.priority <= allow.priority,
            line: if disallow.priority > allow.priority {
                disallow.line
            } else {
                allow.line
            },
        };
        let (allow, disallow) = (self.allow_specific, self.disallow_specific);
        if allow.priority > 0 || disallow.priority > 0 {
            return pick(allow, disallow);
        }
        if self.ever_seen_specific_agent {
            // Our group is there but says nothing about this path (or
            // only matches it with an empty pattern): allowed.
            return Decision {
                allowed: true,
                line: pick(allow, disallow).line,
            };
        }
        let (allow, disallow) = (self.allow_global, self.disallow_global);
        if allow.priority > 0 || disallow.priority > 0 {
            return pick(allow, disallow);
        }
        Decision {
            allowed: true,
            line: 0,
        }
    }

    fn seen_any_agent(&self) -> bool {
        self.seen_global_agent || self.seen_specific_agent
    }

    fn rule(&mut self, line: u32, pattern: &str, literal: usize, allow: bool) {
        if !self.seen_any_agent() {
            return;
        }
        self.seen_separator = true;
        // Most rules of a long file are rejected here, by a comparison of
        // bytes, without the matcher.
        let priority = if self
            .path
            .as_bytes()
            .starts_with(&pattern.as_bytes()[..literal])
        {
            LongestMatchRobotsMatchStrategy.match_disallow(&self.path, pattern)
        } else {
            -1
        };
        if priority >= 0 {
            let best = match (allow, self.seen_specific_agent) {
                (true, true) => &mut self.allow_specific,
                (true, false) => &mut self.allow_global,
                (false, true) => &mut self.disallow_specific,
                (false, false) => &mut self.disallow_global,
            };
            best.offer(priority, line);
        } else if allow {
            // Google: `Allow: /dir/index.html` also allows `/dir/`.
            if let Some(slash) = pattern.rfind('/')
                && pattern[slash..].starts_with("/index.htm")
            {
                let folder = format!("{}$", &pattern[..=slash]);
                self.rule(line, &folder, literal_len(&folder), true);
            }
        }
    }
}

impl Matcher<'_> {
    fn agent_line(&mut self, user_agent: &str) {
        if self.seen_separator {
            self.seen_specific_agent = false;
            self.seen_global_agent = false;
            self.seen_separator = false;
        }
        // Google: `*` followed by white space and more is still `*`.
        if user_agent.starts_with('*')
            && (user_agent.len() == 1 || user_agent[1..].starts_with(char::is_whitespace))
        {
            self.seen_global_agent = true;
        } else {
            // The name up to the first character outside `[a-zA-Z_-]`
            // (`Googlebot/2.1` is `Googlebot`).
            let end = user_agent
                .find(|c: char| !(c.is_ascii_alphabetic() || c == '-' || c == '_'))
                .unwrap_or(user_agent.len());
            if user_agent[..end].eq_ignore_ascii_case(self.agent) {
                self.ever_seen_specific_agent = true;
                self.seen_specific_agent = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rules;

    /// The text is parsed once, by `Rules::new`: what `decide` replays for
    /// each URL is the agent and rule lines alone (no comment, `Sitemap:`
    /// or unknown line, no text left to parse), each rule with its line
    /// and the length of its literal start.
    #[test]
    fn parsed_once_into_the_lines_matching_needs() {
        let rules = Rules::new(
            "# ours\nUser-agent: *\nSitemap: https://example.org/s.xml\nDisallow: /a/*.pdf$\nCrawl-delay: 5\nAllow: /a/b\n",
        );
        assert_eq!(
            format!("{:?}", rules.lines),
            r#"[Agent("*"), Rule { line: 4, pattern: "/a/*.pdf$", literal: 3, allow: false }, Rule { line: 6, pattern: "/a/b", literal: 4, allow: true }]"#
        );
        assert_eq!(
            rules.texts,
            [
                (4, "Disallow: /a/*.pdf$".to_owned()),
                (6, "Allow: /a/b".to_owned())
            ]
        );
        let blocked = rules.blocks(&"https://example.org/a/x.pdf".parse().unwrap());
        assert_eq!(
            blocked.map(|b| b.to_string()).as_deref(),
            Some("robots.txt:4: Disallow: /a/*.pdf$")
        );
    }
}
