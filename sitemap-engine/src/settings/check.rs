//! A table of settings checked key by key, so that a file with three
//! wrong keys gets three messages at once, each naming its key and saying
//! in plain words what was wanted (`` `max-urls` must be a whole number,
//! found the text "100" ``) instead of serde's `invalid type: string
//! "100", expected u64`, which names no key.

use sitemap_core::diagnostic::Name;

use crate::settings::Settings;

/// One key that does not deserialize on its own.
pub(crate) struct Problem {
    /// The dotted key (`max-urls`, `git.date`).
    pub(crate) key: String,
    /// serde's message.
    pub(crate) message: String,
}

/// Every key of `table` that fails alone, in the table's order. The
/// `[git]` and `[submit]` tables are checked key by key too.
pub(crate) fn problems(table: &toml::Table) -> Vec<Problem> {
    let mut out = Vec::new();
    for (key, value) in table {
        match value {
            toml::Value::Table(inner) if is_nested(key) => {
                for (k, v) in inner {
                    let one = single(k, v.clone());
                    if let Err(message) = try_settings(single(key, toml::Value::Table(one))) {
                        out.push(Problem {
                            key: format!("{key}.{k}"),
                            message,
                        });
                    }
                }
            }
            _ => {
                if let Err(message) = try_settings(single(key, value.clone())) {
                    out.push(Problem {
                        key: key.clone(),
                        message,
                    });
                }
            }
        }
    }
    out
}

/// Whether `key` is one of the settings' own tables (`git`, `submit`).
fn is_nested(key: &str) -> bool {
    crate::settings::keys::KEYS
        .iter()
        .any(|k| k.name.split_once('.').is_some_and(|(t, _)| t == key))
}

fn single(key: &str, value: toml::Value) -> toml::Table {
    let mut one = toml::Table::new();
    one.insert(key.to_owned(), value);
    one
}

fn try_settings(table: toml::Table) -> Result<(), String> {
    toml::Value::Table(table)
        .try_into::<Settings>()
        .map(drop)
        .map_err(|e| e.message().to_owned())
}

/// serde's `message` about `key` as a user should read it, and a hint
/// where one helps.
pub(crate) fn plain(key: &str, message: &str) -> (String, Option<String>) {
    if message.starts_with("unknown field `") {
        return (explain(message), None);
    }
    // serde's "unknown variant `x`, expected one of `a`, `b`" names the
    // value but not the key it was given to.
    if let Some((value, expected)) = message
        .strip_prefix("unknown variant `")
        .and_then(|rest| rest.split_once("`, expected "))
    {
        let expected = expected.strip_prefix("one of ").unwrap_or(expected);
        // The value as written, its control characters escaped.
        let value: String = value
            .chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect();
        let value = if value.chars().count() > 80 {
            format!("{}…", value.chars().take(80).collect::<String>())
        } else {
            value
        };
        return (
            format!(
                "`{}` does not take \"{}\"; it takes one of {expected}",
                Name::new(key),
                Name::new(&value)
            ),
            None,
        );
    }
    let Some((found, expected)) = message
        .strip_prefix("invalid type: ")
        .and_then(|rest| rest.rsplit_once(", expected "))
    else {
        return (message.to_owned(), None);
    };
    let text = found
        .strip_prefix("string \"")
        .and_then(|s| s.strip_suffix('"'));
    let name = key.rsplit('.').next().unwrap_or(key);
    let (wanted, hint) = match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" | "i32" | "i64" => (
            "a whole number",
            text.filter(|t| t.trim().parse::<u64>().is_ok())
                .map(|t| format!("write the number without quotes: {name} = {}", t.trim())),
        ),
        "a boolean" => (
            "true or false",
            text.filter(|t| matches!(t.trim(), "true" | "false"))
                .map(|t| format!("write it without quotes: {name} = {}", t.trim())),
        ),
        "a string" | "path string" => ("text in quotes", None),
        e if e.starts_with("a sequence") => ("a list, such as [\"a\", \"b\"]", None),
        e => (e, None),
    };
    let found = match text {
        Some(t) => format!("the text \"{}\"", Name::new(t)),
        None => plain_found(found),
    };
    (
        format!("`{}` must be {wanted}, found {found}", Name::new(key)),
        hint,
    )
}

/// serde's `Unexpected` in words: `integer `5`` is the number 5.
fn plain_found(found: &str) -> String {
    let value = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .map(|v| v.trim_matches('`').to_owned())
    };
    if let Some(n) = value("integer ").or_else(|| value("floating point ")) {
        format!("the number {n}")
    } else if let Some(b) = value("boolean ") {
        b
    } else if found == "sequence" {
        "a list".to_owned()
    } else if found == "map" {
        "a table".to_owned()
    } else {
        found.to_owned()
    }
}

/// serde's "unknown field `x`, expected one of …" as a user should read
/// it: the key, and the known key it most likely meant.
pub fn explain(message: &str) -> String {
    let Some(key) = message
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split('`').next())
    else {
        return message.to_owned();
    };
    let wanted = key.to_ascii_lowercase().replace('_', "-");
    let names = super::keys::KEYS
        .iter()
        .map(|k| k.name.rsplit('.').next().unwrap_or(k.name));
    let closest = names
        .map(|name| (strsim::levenshtein(&wanted, name), name))
        .filter(|(d, _)| *d <= 2)
        .min();
    match closest {
        Some((_, name)) => format!("unknown key `{}`; did you mean `{name}`?", Name::new(key)),
        None => format!("unknown key `{}`", Name::new(key)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_wrong_key_is_found_and_said_plainly() {
        let table: toml::Table = toml::from_str(
            "max-urls = \"100\"\ngzip = 1\nbogus = true\nrobots = true\n[git]\ntimeout = \"5\"\n",
        )
        .unwrap();
        let said: Vec<_> = problems(&table)
            .iter()
            .map(|p| plain(&p.key, &p.message))
            .collect();
        assert_eq!(
            said,
            [
                (
                    "`max-urls` must be a whole number, found the text \"100\"".to_owned(),
                    Some("write the number without quotes: max-urls = 100".to_owned())
                ),
                (
                    "`gzip` must be true or false, found the number 1".to_owned(),
                    None
                ),
                ("unknown key `bogus`".to_owned(), None),
                (
                    "`git.timeout` must be a whole number, found the text \"5\"".to_owned(),
                    Some("write the number without quotes: timeout = 5".to_owned())
                ),
            ]
        );
    }

    #[test]
    fn an_unknown_value_names_its_key() {
        let table: toml::Table = toml::from_str("lastmod = [\"git\", \"bogus\"]\n").unwrap();
        let said: Vec<_> = problems(&table)
            .iter()
            .map(|p| plain(&p.key, &p.message))
            .collect();
        assert_eq!(
            said,
            [(
                "`lastmod` does not take \"bogus\"; it takes one of `front-matter`, `git`, `date`, `mtime`"
                    .to_owned(),
                None
            )]
        );
    }

    #[test]
    fn an_unknown_key_is_named_with_the_one_it_likely_meant() {
        assert_eq!(
            explain("unknown field `base_url`, expected one of `flavor`, `base-url`"),
            "unknown key `base_url`; did you mean `base-url`?"
        );
        assert_eq!(
            explain("unknown field `robot`, expected one of …"),
            "unknown key `robot`; did you mean `robots`?"
        );
        assert_eq!(
            explain("unknown field `colour`, expected …"),
            "unknown key `colour`"
        );
        assert_eq!(explain("invalid type"), "invalid type");
    }
}
