//! Which pages a cascade entry reaches: its target's globs (`kind`,
//! `path`, `lang`, `sites.matrix.languages`, `environment`), each read
//! as both gobwas/glob releases read it ([`glob::Dialect`]), since the
//! Hugo followed is asked only when an entry is applied.
//!
//! A glob gobwas refuses is refused by Hugo 0.161 and later (it compiles
//! a target's globs when it reads the cascade); before, Hugo ignores it,
//! and the entry reaches every page on that key, as the scan does
//! ([`HugoRules`] `cascade_globs_checked`). A glob this tool does not
//! read (longer than [`glob::MAX_LEN`]) is refused whatever the version:
//! never read as "every page".

use std::fmt;

use serde_json::Value;

use super::glob::{self, Dialect, Fault, Glob};
use super::rules::HugoRules;

/// Hugo's page kinds, which a target's `kind` glob must match one of.
const KINDS: [&str; 5] = ["home", "page", "section", "taxonomy", "term"];

/// How much of a pattern a message shows.
const SHOWN: usize = 40;

/// Why a cascade is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The Hugo followed refuses it, in these words.
    Hugo(String),
    /// Hugo builds it, but this tool cannot match it as Hugo does.
    Unread(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Hugo(why) | Refusal::Unread(why) => f.write_str(why),
        }
    }
}

/// One key's glob, as each gobwas release compiles it.
#[derive(Debug)]
struct Pattern {
    key: &'static str,
    text: String,
    v0: Result<Glob, Fault>,
    v1: Result<Glob, Fault>,
}

impl Pattern {
    fn new(key: &'static str, text: &str) -> Pattern {
        Pattern {
            key,
            text: text.to_owned(),
            v0: glob::compile_as(text, Dialect::V0),
            v1: glob::compile_as(text, Dialect::V1),
        }
    }

    fn compiled(&self, rules: &HugoRules) -> &Result<Glob, Fault> {
        if rules.gobwas_v1 { &self.v1 } else { &self.v0 }
    }

    /// Whether `text` matches, as the Hugo of `rules` matches it: a glob
    /// it ignores matches anything; one refused, nothing (the refusal is
    /// reported with its file).
    fn matches(&self, text: &str, rules: &HugoRules) -> bool {
        match self.compiled(rules) {
            Ok(glob) => glob.is_match(text),
            Err(Fault::Syntax(..)) => !rules.cascade_globs_checked,
            Err(Fault::TooLong(_)) => false,
        }
    }

    /// Why the Hugo of `rules` (or this tool) refuses it, if either does.
    fn refusal(&self, rules: &HugoRules) -> Option<Refusal> {
        let fault = self.compiled(rules).as_ref().err()?;
        let mut shown: String = self.text.chars().take(SHOWN).collect();
        if shown.len() < self.text.len() {
            shown.push('…');
        }
        let shown = shown.escape_debug();
        let key = self.key;
        match fault {
            Fault::TooLong(_) => Some(Refusal::Unread(format!(
                "target `{key}` glob `{shown}` is {fault}: shorten it"
            ))),
            Fault::Syntax(..) if rules.cascade_globs_checked => Some(Refusal::Hugo(format!(
                "target `{key}` glob `{shown}`: {fault}"
            ))),
            Fault::Syntax(..) => None,
        }
    }
}

/// Which pages an entry applies to; each glob set must match.
#[derive(Debug, Default)]
pub(crate) struct Target {
    kind: Option<Glob>,
    path: Option<Pattern>,
    /// `lang`, and the current Hugo's `sites.matrix.languages`: any of
    /// them.
    langs: Vec<Pattern>,
    environment: Option<Pattern>,
}

/// A target table's globs; `Err`: why the current Hugo refuses it.
pub(crate) fn target(value: &Value) -> Result<Target, String> {
    let Some(map) = value.as_object() else {
        return Ok(Target::default());
    };
    let text = |key: &str| {
        map.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .and_then(|(_, v)| v.as_str())
            .filter(|s| !s.is_empty())
            .map(str::to_lowercase)
    };
    let kind = text("kind");
    let kind_glob = kind.as_deref().and_then(glob::compile);
    if let Some(k) = &kind
        && !kind_glob
            .as_ref()
            .is_some_and(|g| KINDS.iter().any(|kind| g.is_match(kind)))
    {
        return Err(format!("{k:?} did not match a valid Page Kind"));
    }
    let mut langs: Vec<Pattern> = text("lang")
        .map(|l| Pattern::new("lang", &l))
        .into_iter()
        .collect();
    let matrix = map
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("sites"))
        .and_then(|(_, v)| v.get("matrix"))
        .and_then(|m| m.get("languages"));
    let matrix_key = "sites.matrix.languages";
    match matrix {
        Some(Value::String(s)) => langs.push(Pattern::new(matrix_key, &s.to_lowercase())),
        Some(Value::Array(items)) => langs.extend(
            items
                .iter()
                .filter_map(Value::as_str)
                .map(|s| Pattern::new(matrix_key, &s.to_lowercase())),
        ),
        _ => {}
    }
    Ok(Target {
        kind: kind_glob,
        path: text("path").map(|p| Pattern::new("path", &p)),
        langs,
        environment: text("environment").map(|e| Pattern::new("environment", &e)),
    })
}

impl Target {
    /// Whether a page of `kind`, at `path` (the logical path or, for
    /// 0.111.3, the file's), in `lang` matches, in `environment`.
    pub(crate) fn matches(
        &self,
        kind: &str,
        path: &str,
        lang: &str,
        environment: &str,
        rules: &HugoRules,
    ) -> bool {
        self.matches_but_sites(kind, path, environment, rules)
            && (self.langs.is_empty() || self.matches_language(lang, rules))
    }

    /// Whether its kind, path and environment match, whatever the
    /// page's sites.
    pub(crate) fn matches_but_sites(
        &self,
        kind: &str,
        path: &str,
        environment: &str,
        rules: &HugoRules,
    ) -> bool {
        self.kind.as_ref().is_none_or(|g| g.is_match(kind))
            && self.path.as_ref().is_none_or(|g| g.matches(path, rules))
            && self
                .environment
                .as_ref()
                .is_none_or(|g| g.matches(environment, rules))
    }

    /// Whether it names languages (`lang`, `sites.matrix.languages`).
    pub(crate) fn names_languages(&self) -> bool {
        !self.langs.is_empty()
    }

    /// Whether one of its language globs matches `lang`.
    pub(crate) fn matches_language(&self, lang: &str, rules: &HugoRules) -> bool {
        self.langs.iter().any(|g| g.matches(lang, rules))
    }

    /// Why the Hugo of `rules`, or this tool, refuses one of its globs.
    pub(crate) fn refusal(&self, rules: &HugoRules) -> Option<Refusal> {
        self.path
            .iter()
            .chain(&self.langs)
            .chain(&self.environment)
            .find_map(|p| p.refusal(rules))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::version::{CURRENT, DEBIAN};
    use serde_json::json;

    #[test]
    fn a_glob_gobwas_refuses_is_refused_now_and_ignored_before_0_161() {
        let t = target(&json!({"path": "[ab"})).unwrap();
        let now = HugoRules::of(CURRENT);
        assert_eq!(
            t.refusal(&now),
            Some(Refusal::Hugo(
                "target `path` glob `[ab`: syntax error at 3: unexpected end of input".into()
            ))
        );
        assert!(!t.matches("page", "/a", "en", "production", &now));
        let old = HugoRules::of(DEBIAN);
        assert_eq!(t.refusal(&old), None);
        assert!(t.matches("page", "/a.md", "en", "production", &old));
    }

    #[test]
    fn a_glob_past_the_bound_is_refused_for_every_hugo() {
        let long = format!("/{}", "a".repeat(glob::MAX_LEN));
        let t = target(&json!({"path": long})).unwrap();
        for version in [DEBIAN, CURRENT] {
            let rules = HugoRules::of(version);
            assert_eq!(
                t.refusal(&rules),
                Some(Refusal::Unread(format!(
                    "target `path` glob `/{}…` is 4097 bytes long, past the 4096 this tool \
                     reads (no real target is that long): shorten it",
                    "a".repeat(SHOWN - 1)
                )))
            );
            assert!(!t.matches("page", &long, "en", "production", &rules));
        }
    }
}
