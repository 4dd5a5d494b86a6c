//! The titles Hugo gives the taxonomy and term pages it makes without a
//! `title` in a file (`pageMeta.applyDefaultValues`), for llms.txt and
//! `sitemap.html`: themes often title every list page with the site's
//! name, which says nothing about the page.
//!
//! - Hugo 0.111.3: a taxonomy is its plural name in title case
//!   (`titleCaseStyle`), `my-series` `My-Series`; a term is its name as
//!   the page that made it wrote it, `go & rust`.
//! - The current Hugo (from 0.123): both are title-cased unless
//!   `capitalizeListTitles = false` (0.123.3 on), a taxonomy's hyphens
//!   then spaces, `My Series`, `Go & Rust`.
//!
//! Title case is `titleCaseStyle`'s: `ap` (the default) and `chicago` as
//! jdkato/prose's `TitleConverter` (v1.2.1, which Hugo uses) makes it,
//! `go` as Go's `strings.Title`, and from Hugo 0.118 `firstupper` and
//! `none`; checked against Hugo 0.168.0's titles.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde_json::{Map, Value};

use super::rules::HugoRules;

/// What the configuration says about list titles: the site's
/// `titleCaseStyle` and `capitalizeListTitles`, and a language's own.
#[derive(Clone, Debug, Default)]
pub(crate) struct ListTitles {
    site: TitleSettings,
    /// Lowercase language code -> its own settings, where it has any.
    languages: BTreeMap<String, TitleSettings>,
}

#[derive(Clone, Debug, Default)]
struct TitleSettings {
    /// `titleCaseStyle`, lowercased; `None`: unset.
    style: Option<String>,
    /// `capitalizeListTitles`; `None`: unset (true).
    capitalize: Option<bool>,
}

impl TitleSettings {
    fn from_table(table: &Map<String, Value>) -> TitleSettings {
        TitleSettings {
            style: table
                .get("titlecasestyle")
                .and_then(Value::as_str)
                .map(str::to_lowercase),
            capitalize: table.get("capitalizelisttitles").map(weak_bool),
        }
    }
}

/// A setting Hugo decodes weakly: text as Go's `strconv.ParseBool`
/// reads it, a number as not zero; anything else leaves the default.
fn weak_bool(value: &Value) -> bool {
    match value {
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !matches!(
            s.as_str(),
            "" | "0" | "f" | "F" | "FALSE" | "false" | "False"
        ),
        _ => true,
    }
}

impl ListTitles {
    /// The settings of the merged configuration `map` (lowercased keys).
    pub(super) fn from_config(map: &Map<String, Value>) -> ListTitles {
        let languages = match map.get("languages") {
            Some(Value::Object(langs)) => langs
                .iter()
                .filter_map(|(code, table)| {
                    let own = TitleSettings::from_table(table.as_object()?);
                    (own.style.is_some() || own.capitalize.is_some())
                        .then(|| (code.to_lowercase(), own))
                })
                .collect(),
            _ => BTreeMap::new(),
        };
        ListTitles {
            site: TitleSettings::from_table(map),
            languages,
        }
    }

    /// The style and whether to capitalize, for `lang`.
    fn settings(&self, lang: &str, rules: &HugoRules) -> (&str, bool) {
        let own = self
            .languages
            .get(&super::sites::language_of(lang).to_lowercase());
        let style = own
            .and_then(|o| o.style.as_deref())
            .or(self.site.style.as_deref())
            .unwrap_or("ap");
        // Before the key came, always.
        let capitalize = !rules.capitalize_list_titles
            || own
                .and_then(|o| o.capitalize)
                .or(self.site.capitalize)
                .unwrap_or(true);
        (style, capitalize)
    }

    /// The title of the taxonomy `plural`'s page in `lang`.
    pub(super) fn taxonomy(&self, lang: &str, plural: &str, rules: &HugoRules) -> String {
        let (style, capitalize) = self.settings(lang, rules);
        if !rules.list_titles {
            return title_case(style, plural, rules);
        }
        let title = if capitalize {
            title_case(style, plural, rules)
        } else {
            plural.to_owned()
        };
        title.replace('-', " ")
    }

    /// The title of the term `name`'s page in `lang`.
    pub(super) fn term(&self, lang: &str, name: &str, rules: &HugoRules) -> String {
        let (style, capitalize) = self.settings(lang, rules);
        if rules.list_titles && capitalize {
            title_case(style, name, rules)
        } else {
            name.to_owned()
        }
    }
}

/// `s` in the title case of `style` (Hugo's `helpers.GetTitleFunc`).
fn title_case(style: &str, s: &str, rules: &HugoRules) -> String {
    match style {
        "go" => go_title(s),
        "chicago" => prose_title(s, true),
        "none" if rules.title_case_styles => s.to_owned(),
        "firstupper" if rules.title_case_styles => {
            let mut chars = s.chars();
            chars.next().map_or_else(String::new, |first| {
                title_char(first).chain(chars).collect()
            })
        }
        _ => prose_title(s, false),
    }
}

/// What prose calls a word: letters or digits, then anything up to a
/// space (Go's `\s`, ASCII only), `-` or `/`.
static WORD: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r"[\p{N}\p{L}]+[^\t\n\x0C\r /-]*").expect("a valid pattern")
});

/// Lowercase in the middle of a title in both styles.
const SMALL_WORDS: &[&str] = &[
    "a", "an", "and", "as", "at", "but", "by", "en", "for", "if", "in", "nor", "of", "on", "or",
    "per", "the", "to", "vs", "vs.", "via", "v", "v.",
];

/// Lowercase in the middle of a title in the Chicago style too.
const PREPOSITIONS: &[&str] = &[
    "with",
    "from",
    "into",
    "during",
    "including",
    "until",
    "against",
    "among",
    "throughout",
    "despite",
    "towards",
    "upon",
    "concerning",
    "about",
    "over",
    "through",
    "before",
    "between",
    "after",
    "since",
    "without",
    "under",
    "within",
    "along",
    "following",
    "across",
    "beyond",
    "around",
    "down",
    "near",
    "above",
];

/// prose's `TitleConverter.Title`: each word's first letter in title
/// case, but a small word (and in the Chicago style a preposition)
/// lowercased where it is neither first nor last and follows a space,
/// `-` or `/` (not `: ` nor a hyphenated run). Positions are looked up
/// in a copy with curly quotes, dashes and ellipses made ASCII, as prose
/// does.
fn prose_title(s: &str, chicago: bool) -> String {
    let text = s
        .replace(['\u{201c}', '\u{201d}'], "\"")
        .replace(['\u{2018}', '\u{2019}'], "'")
        .replace(['\u{2013}', '\u{2014}'], "-")
        .replace('\u{2026}', "...");
    let t = text.as_bytes();
    let at = |i: isize| -> u8 {
        usize::try_from(i)
            .ok()
            .and_then(|i| t.get(i))
            .or(t.first())
            .copied()
            .unwrap_or(0)
    };
    let mut out = String::with_capacity(s.len());
    let (mut idx, mut last) = (0_isize, 0);
    for m in WORD.find_iter(s) {
        out.push_str(&s[last..m.start()]);
        last = m.end();
        let word = m.as_str();
        let lower = word.to_lowercase();
        let found = usize::try_from(idx)
            .ok()
            .and_then(|from| text.get(from..))
            .and_then(|rest| rest.find(word));
        let pos = found.map_or(idx - 1, |p| p as isize + idx);
        let ext = word.len() as isize;
        idx = pos + ext;
        let bounding = pos == 0 || idx == t.len() as isize;
        let small = SMALL_WORDS.contains(&lower.as_str())
            || (chicago && PREPOSITIONS.contains(&lower.as_str()));
        let prev = at(pos - 1);
        if !bounding
            && small
            && matches!(prev, b' ' | b'-' | b'/')
            && at(pos - 2) != b':'
            && at(pos - 2) != b'-'
            && (at(pos + ext) != b'-' || prev == b'-')
        {
            out.push_str(&lower);
        } else {
            let mut chars = word.chars();
            if let Some(first) = chars.next() {
                out.extend(title_char(first).chain(chars));
            }
        }
    }
    out.push_str(&s[last..]);
    out
}

/// Go's `strings.Title`: the first letter after a separator (any ASCII
/// but letters, digits and `_`; a space elsewhere) in title case.
fn go_title(s: &str) -> String {
    let separator = |c: char| {
        if c.is_ascii() {
            !(c.is_ascii_alphanumeric() || c == '_')
        } else {
            !c.is_alphanumeric() && c.is_whitespace()
        }
    };
    let mut prev = ' ';
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if separator(prev) {
            out.extend(title_char(c));
        } else {
            out.push(c);
        }
        prev = c;
    }
    out
}

/// Go's `unicode.ToTitle` of `c`: one character always (a letter whose
/// capital is two, `ß`, stays), the digraphs in their title forms.
fn title_char(c: char) -> impl Iterator<Item = char> {
    let titled = match c {
        'Ǆ' | 'ǅ' | 'ǆ' => 'ǅ',
        'Ǉ' | 'ǈ' | 'ǉ' => 'ǈ',
        'Ǌ' | 'ǋ' | 'ǌ' => 'ǋ',
        'Ǳ' | 'ǲ' | 'ǳ' => 'ǲ',
        _ => {
            let mut upper = c.to_uppercase();
            match (upper.next(), upper.next()) {
                (Some(u), None) => u,
                _ => c,
            }
        }
    };
    std::iter::once(titled)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::version::HugoVersion;

    // The releases the titles below were read from.
    const CURRENT: HugoVersion = HugoVersion {
        minor: 168,
        patch: 0,
    };
    const DEBIAN: HugoVersion = HugoVersion {
        minor: 111,
        patch: 3,
    };

    /// Terms as Hugo 0.168.0 titles them (its default `ap` style), each
    /// built and read back from its `<title>`.
    #[test]
    fn ap_titles_are_hugos() {
        let titles = ListTitles::default();
        for (term, hugo) in [
            ("Rust", "Rust"),
            ("state of the art", "State of the Art"),
            ("hello-world", "Hello-World"),
            ("go & rust", "Go & Rust"),
            ("a tale of two cities", "A Tale of Two Cities"),
            ("iOS apps", "IOS Apps"),
            ("über cool", "Über Cool"),
            ("c++", "C++"),
            ("the end", "The End"),
            ("vs code", "Vs Code"),
            ("one/two", "One/Two"),
            ("1st of may", "1st of May"),
            ("a - b", "A - B"),
            ("api v2 via http", "Api V2 via Http"),
            ("c'est la vie", "C'est La Vie"),
            ("foo_bar baz", "Foo_bar Baz"),
            ("go-to of", "Go-to Of"),
            ("in the end", "In the End"),
            ("it's a trap", "It's a Trap"),
            ("mid-of-year", "Mid-of-Year"),
            ("of", "Of"),
            ("on/off switch", "On/Off Switch"),
            ("rock: the return", "Rock: The Return"),
            ("state-of-the-art", "State-of-the-Art"),
            ("straße", "Straße"),
            ("the lord of the rings", "The Lord of the Rings"),
            ("to be or not to be", "To Be or Not to Be"),
            ("x-men vs. the world", "X-Men vs. the World"),
            ("ölfass an der see", "Ölfass an Der See"),
            ("über\u{2014}of alles", "Über\u{2014}of Alles"),
            ("ǆungla", "ǅungla"),
            ("with love from russia", "With Love From Russia"),
        ] {
            assert_eq!(
                titles.term("en", term, &HugoRules::of(CURRENT)),
                hugo,
                "{term}"
            );
        }
        assert_eq!(
            titles.taxonomy("en", "my-series", &HugoRules::of(CURRENT)),
            "My Series"
        );
        assert_eq!(
            titles.taxonomy("en", "tags", &HugoRules::of(CURRENT)),
            "Tags"
        );
    }

    /// Hugo 0.111.3 keeps a term as written and hyphens in a taxonomy.
    #[test]
    fn hugo_0_111_titles() {
        let titles = ListTitles::default();
        assert_eq!(
            titles.term("en", "go & rust", &HugoRules::of(DEBIAN)),
            "go & rust"
        );
        assert_eq!(
            titles.taxonomy("en", "my-series", &HugoRules::of(DEBIAN)),
            "My-Series"
        );
    }

    #[test]
    fn styles_and_capitalize_list_titles() {
        let config = |toml: &str| -> Map<String, Value> {
            let value: Value = toml::from_str(toml).unwrap();
            value.as_object().unwrap().clone()
        };
        let titles = ListTitles::from_config(&config(
            "titlecasestyle = \"Chicago\"\n[languages.fr]\ncapitalizelisttitles = false\n\
             [languages.de]\ntitlecasestyle = \"go\"\n",
        ));
        assert_eq!(
            titles.term("en", "notes from the field", &HugoRules::of(CURRENT)),
            "Notes from the Field"
        );
        assert_eq!(
            titles.term("fr", "notes de terrain", &HugoRules::of(CURRENT)),
            "notes de terrain"
        );
        assert_eq!(
            titles.taxonomy("fr", "my-series", &HugoRules::of(CURRENT)),
            "my series"
        );
        assert_eq!(
            titles.term("de", "of mice_and men", &HugoRules::of(CURRENT)),
            "Of Mice_and Men"
        );
        let titles = ListTitles::from_config(&config("titlecasestyle = \"firstupper\"\n"));
        assert_eq!(
            titles.term("en", "go & rust", &HugoRules::of(CURRENT)),
            "Go & rust"
        );
        // Before 0.118 an unknown style is AP.
        assert_eq!(
            titles.taxonomy("en", "my-series", &HugoRules::of(DEBIAN)),
            "My-Series"
        );
    }
}
