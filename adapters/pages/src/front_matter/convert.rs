//! Parsed values as JSON: gray_matter's values converted, TOML read
//! straight into JSON (without `toml::Value` in between), and the names
//! of JSON value kinds used in messages.

use gray_matter::Pod;
use serde_json::Value;

/// gray_matter's value as JSON, with map keys sorted so the result does
/// not depend on hash order.
pub(super) fn pod_to_json(pod: Pod) -> Value {
    match pod {
        Pod::Null => Value::Null,
        Pod::String(s) => Value::String(s),
        Pod::Integer(i) => Value::from(i),
        Pod::Float(f) => Value::from(f),
        Pod::Boolean(b) => Value::Bool(b),
        Pod::Array(items) => Value::Array(items.into_iter().map(pod_to_json).collect()),
        Pod::Hash(map) => {
            let mut entries: Vec<(String, Pod)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k, pod_to_json(v)))
                    .collect(),
            )
        }
    }
}

/// TOML straight into JSON values, without `toml::Value` in between (a
/// second tree per page, then copied). The `toml` deserialiser hands a
/// date-time to any other format as a one-key table
/// (`$__toml_private_datetime`), which becomes its text, as
/// [`toml_to_json`] writes it.
pub(super) fn toml_direct(block: &str) -> Option<Value> {
    fn dates_as_text(value: &mut Value) {
        match value {
            Value::Object(map) => {
                if map.len() == 1
                    && let Some(Value::String(text)) = map.get_mut(TOML_DATETIME)
                {
                    *value = Value::String(std::mem::take(text));
                    return;
                }
                map.values_mut().for_each(dates_as_text);
            }
            Value::Array(items) => items.iter_mut().for_each(dates_as_text),
            _ => {}
        }
    }
    let mut value = toml::from_str::<Value>(block).ok()?;
    dates_as_text(&mut value);
    Some(value)
}

/// The field name under which the `toml` crate passes a date-time through
/// serde (its `datetime` module's `FIELD`).
pub(super) const TOML_DATETIME: &str = "$__toml_private_datetime";

/// The conversion gray_matter's TOML engine makes, kept as the reference
/// [`toml_direct`] is tested against.
#[cfg(test)]
pub(super) fn toml_to_json(value: toml::Value) -> Value {
    match value {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => Value::from(f),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.into_iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => {
            Value::Object(t.into_iter().map(|(k, v)| (k, toml_to_json(v))).collect())
        }
    }
}

pub(crate) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "nothing (null)",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a table",
    }
}

#[cfg(test)]
mod tests {
    use gray_matter::engine::Engine;

    use super::*;

    /// The direct TOML conversion gives what gray_matter's engine gives,
    /// key for key, on the shapes front matter takes.
    #[test]
    fn direct_parse_matches_gray_matter() {
        let toml_blocks = [
            "title = \"Hi\"\ndate = 2024-05-01\nlastmod = 2024-05-01T10:00:00Z\ntags = [\"a\", \"b\"]\ndraft = true\nweight = 3\nratio = 0.5\n[extra.sitemap]\npriority = 0.8\nchangefreq = \"weekly\"\n[[items]]\nname = \"x\"\n",
            "",
            "local = 10:30:00\nnested = { a = 1, b = { c = [1.5, -2] } }\nnan = nan\n",
            "dates = [1979-05-27, 1979-05-27T07:32:00-08:00, 1979-05-27T00:32:00.999999]\n[[events]]\nat = 2024-01-01T00:00:00+01:00\n[t]\nwhen = 07:32:00\n",
        ];
        for block in toml_blocks {
            let ours = toml_to_json(toml::from_str::<toml::Value>(block).unwrap());
            let theirs = pod_to_json(gray_matter::engine::TOML::parse(block).unwrap());
            assert_eq!(ours, theirs, "{block}");
            // And the path taken: straight into JSON.
            assert_eq!(toml_direct(block), Some(ours), "{block}");
        }
        // YAML is read as Hugo reads it (see `crate::yaml`): YAML 1.1
        // booleans, a repeated key, a real that is no finite number.
        let ours = crate::yaml::load("a: yes\nb: Off\nc: 1\nc: 2\nd: .nan\ne: 1e400\n").unwrap();
        assert_eq!(
            ours,
            serde_json::json!({"a": true, "b": false, "c": 2, "d": ".nan", "e": "1e400"})
        );
    }
}
