//! What differs between Zola releases, declared once ([`RULES`]): each
//! rule's name, the first release with its new behaviour, a line on each
//! behaviour, and the settings the releases before it read that it
//! refuses. The scan follows one Zola, [`CURRENT`]; a site written for
//! an older one is still read, and each setting the current Zola refuses
//! is named with the rule that retired it ([`retired`]). The code asks
//! [`ZolaRules`] by name, never a release number.
//!
//! # Adding a new Zola release
//!
//! 1. Read its changelog and build the Zola differential with it (`cargo
//!    xtask differential zola`, `zola-front-matter`).
//! 2. For each change the scan must know, add a row to [`RULES`] and a
//!    field to [`ZolaRules`] (a test fails while they disagree), with
//!    the settings it retires and what to write instead.
//! 3. Read the rule where the code differs (`if rules.feed_filenames`).
//! 4. Raise [`CURRENT`], and the key lists of `settings` to its
//!    `Config`'s fields.

/// A Zola release, `0.minor.patch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ZolaVersion {
    /// The `x` of `0.x.y`.
    pub minor: u32,
    /// The `y` of `0.x.y`.
    pub patch: u32,
}

impl std::fmt::Display for ZolaVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0.{}.{}", self.minor, self.patch)
    }
}

/// The Zola whose rules the scan follows (its `components/` read, and
/// its builds compared: `cargo xtask differential zola`).
pub const CURRENT: ZolaVersion = ZolaVersion {
    minor: 22,
    patch: 1,
};

/// A setting the releases before a rule read, which the rule's release
/// refuses as an unknown field.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Retired {
    /// The table it sits in: `""` for the top level, `"languages"` for
    /// any `[languages.CODE]`, `"markdown"`.
    pub table: &'static str,
    /// The key, or with `prefix` the start of each such key.
    pub key: &'static str,
    /// Whether `key` is the start of the keys (`highlight…`).
    pub prefix: bool,
    /// What to write instead.
    pub fix: &'static str,
}

/// One rule: a behaviour that changed in one Zola release.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Rule {
    /// The field of [`ZolaRules`] that says it.
    pub name: &'static str,
    /// The first release with the new behaviour.
    pub since: ZolaVersion,
    /// What the releases before `since` do.
    pub old: &'static str,
    /// What `since` and later do.
    pub new: &'static str,
    /// The settings the older releases read that `since` refuses.
    pub retired: &'static [Retired],
}

/// Every rule, oldest first.
pub const RULES: &[Rule] = &[
    Rule {
        name: "feed_filenames",
        since: ZolaVersion {
            minor: 19,
            patch: 0,
        },
        old: "one feed: `generate_feed` and `feed_filename`, at the top level and per language",
        new: "several feeds: `generate_feeds` and `feed_filenames` (a list); the old keys are unknown fields, and Zola refuses the site",
        retired: &[
            Retired {
                table: "",
                key: "feed_filename",
                prefix: false,
                fix: "rename it `feed_filenames` (a list)",
            },
            Retired {
                table: "",
                key: "generate_feed",
                prefix: false,
                fix: "rename it `generate_feeds`",
            },
            Retired {
                table: "languages",
                key: "feed_filename",
                prefix: false,
                fix: "rename it `feed_filenames` (a list)",
            },
            Retired {
                table: "languages",
                key: "generate_feed",
                prefix: false,
                fix: "rename it `generate_feeds`",
            },
        ],
    },
    Rule {
        name: "highlighting_table",
        since: ZolaVersion {
            minor: 22,
            patch: 0,
        },
        old: "code highlighting set in `[markdown]` (`highlight_code`, `highlight_theme`, `highlight_themes_css`)",
        new: "code highlighting set in `[markdown.highlighting]`; a `[markdown]` `highlight…` key is an unknown field, and Zola refuses the site",
        retired: &[Retired {
            table: "markdown",
            key: "highlight",
            prefix: true,
            fix: "move it to `[markdown.highlighting]` (Zola 0.22's code highlighting)",
        }],
    },
];

/// Each rule of [`RULES`] for one Zola release: `true` where it does the
/// new thing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ZolaRules {
    /// Feeds are `generate_feeds` and `feed_filenames`.
    pub feed_filenames: bool,
    /// Code highlighting is `[markdown.highlighting]`.
    pub highlighting_table: bool,
}

impl ZolaRules {
    /// The rules of `version`: each one whose `since` it has reached.
    pub fn of(version: ZolaVersion) -> ZolaRules {
        let on = |name: &str| RULES.iter().any(|r| r.name == name && version >= r.since);
        ZolaRules {
            feed_filenames: on("feed_filenames"),
            highlighting_table: on("highlighting_table"),
        }
    }

    /// The rule named `name`; `None` for no such rule.
    pub fn by_name(&self, name: &str) -> Option<bool> {
        match name {
            "feed_filenames" => Some(self.feed_filenames),
            "highlighting_table" => Some(self.highlighting_table),
            _ => None,
        }
    }
}

/// The rule that retired `key` of `table` (`""`, `"languages"`,
/// `"markdown"`) and what to write instead, when the Zola of `rules`
/// refuses it.
pub fn retired(rules: &ZolaRules, table: &str, key: &str) -> Option<(&'static Rule, &'static str)> {
    RULES
        .iter()
        .filter(|rule| rules.by_name(rule.name) == Some(true))
        .find_map(|rule| {
            rule.retired
                .iter()
                .find(|r| {
                    r.table == table
                        && if r.prefix {
                            key.starts_with(r.key)
                        } else {
                            key == r.key
                        }
                })
                .map(|r| (rule, r.fix))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row is a field, and the other way round; each is on from
    /// its release, whatever `CURRENT` is.
    #[test]
    fn the_rows_are_the_fields() {
        let fields = format!("{:?}", ZolaRules::of(CURRENT));
        assert_eq!(fields.matches(": ").count(), RULES.len());
        for rule in RULES {
            let before = ZolaVersion {
                minor: rule.since.minor - 1,
                patch: 99,
            };
            assert_eq!(ZolaRules::of(before).by_name(rule.name), Some(false));
            assert_eq!(ZolaRules::of(rule.since).by_name(rule.name), Some(true));
            assert!(rule.since <= CURRENT, "{}", rule.name);
        }
    }

    #[test]
    fn a_retired_key_names_its_rule_and_fix() {
        let rules = ZolaRules::of(CURRENT);
        let found = |table, key| retired(&rules, table, key).map(|(r, fix)| (r.name, fix));
        assert_eq!(
            found("languages", "generate_feed"),
            Some(("feed_filenames", "rename it `generate_feeds`"))
        );
        assert_eq!(
            found("markdown", "highlight_theme"),
            Some((
                "highlighting_table",
                "move it to `[markdown.highlighting]` (Zola 0.22's code highlighting)"
            ))
        );
        assert_eq!(found("", "highlight_theme"), None);
        // Zola 0.18 reads both.
        let old = ZolaRules::of(ZolaVersion {
            minor: 18,
            patch: 0,
        });
        assert_eq!(
            retired(&old, "", "feed_filename").map(|(r, _)| r.name),
            None
        );
    }
}
