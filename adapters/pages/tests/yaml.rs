//! YAML read as the generators read it: every block under
//! `yaml-fixtures/go-yaml-v2/cases` against what hugo 0.111.3 made of it
//! (recorded beside it by `record.sh`), and every block under
//! `yaml-fixtures/serde-yaml-09/cases` against zola 0.22.1's reading.

use std::path::Path;

use serde_json::Value;
use sitemap_pages::yaml::{self, Dialect};

/// One key of a page's params as the recording layout prints it: the
/// key, Go's type of the value (`%T`) and the value as JSON.
#[derive(Debug)]
struct Param {
    key: String,
    go_type: String,
    json: Value,
}

impl PartialEq for Param {
    fn eq(&self, other: &Param) -> bool {
        if self.go_type == "-" || other.go_type == "-" {
            // Tera writes a float as `1.0` and an integer as `1`: the JSON
            // alone tells them apart.
            return self.key == other.key && self.json == other.json;
        }
        self.key == other.key && self.go_type == other.go_type && same(&self.json, &other.json)
    }
}

/// Equal JSON, numbers compared by value (Go writes a float64 3 as `3`).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// Go's type for a value Hugo holds in `.Params`: YAML's integers are
/// `int` (`uint64` past it), a list of strings becomes `[]string`, a
/// mapping `maps.Params`.
fn go_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_i64() => "int",
        Value::Number(n) if n.is_u64() => "uint64",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_string) => {
            "[]string"
        }
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "maps.Params",
    }
}

enum Recorded {
    Refused(String),
    Accepted(Vec<Param>),
}

fn recorded(path: &Path) -> Recorded {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    match lines.next() {
        Some("refused") => Recorded::Refused(lines.collect::<Vec<_>>().join("\n")),
        Some("accepted") => Recorded::Accepted(
            lines
                .filter(|l| !l.is_empty())
                .map(|l| {
                    let mut fields = l.splitn(3, '\t');
                    let (key, go_type, json) = (
                        fields.next().unwrap(),
                        fields.next().unwrap(),
                        fields.next().unwrap(),
                    );
                    Param {
                        key: key.to_owned(),
                        go_type: go_type.to_owned(),
                        json: serde_json::from_str(json).unwrap(),
                    }
                })
                .collect(),
        ),
        other => panic!("{}: starts with {other:?}", path.display()),
    }
}

/// Runs every case of `fixture` through [`yaml::load_as`] and compares
/// with the generator's recorded reading; `added` are the keys the
/// generator adds to every page, left out when the block sets none.
fn check(fixture: &str, dialect: Dialect, added: &[&str]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/yaml-fixtures")
        .join(fixture);
    let mut cases: Vec<_> = std::fs::read_dir(dir.join("cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() > 10, "{fixture}: the cases are missing");
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_stem().unwrap().to_str().unwrap();
        let block = std::fs::read_to_string(case).unwrap();
        let ours = yaml::load_as(&block, dialect);
        match (
            recorded(&dir.join("recorded").join(format!("{name}.txt"))),
            ours,
        ) {
            (Recorded::Refused(_), Err(_)) => {}
            (Recorded::Refused(message), Ok(value)) => {
                failures.push(format!(
                    "{name}: we read {value}, the generator refused it: {message}"
                ));
            }
            (Recorded::Accepted(_), Err(e)) => {
                failures.push(format!(
                    "{name}: we refused it ({e}), the generator read it"
                ));
            }
            (Recorded::Accepted(theirs), Ok(value)) => {
                let map = value.as_object().cloned().unwrap_or_default();
                let mut theirs: Vec<Param> = theirs
                    .into_iter()
                    .filter(|p| !added.contains(&p.key.as_str()) || map.contains_key(&p.key))
                    .collect();
                theirs.sort_by(|a, b| a.key.cmp(&b.key));
                let mut ours: Vec<Param> = map
                    .into_iter()
                    .map(|(key, json)| Param {
                        key,
                        go_type: go_type(&json).to_owned(),
                        json,
                    })
                    .collect();
                ours.sort_by(|a, b| a.key.cmp(&b.key));
                if ours != theirs {
                    failures.push(format!("{name}:\n  ours:   {ours:?}\n  theirs: {theirs:?}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Zola 0.22.1 reads YAML front matter with serde_yaml 0.9 (libyaml
/// 0.2.5, YAML 1.2's core schema); the blocks are a page's `extra`.
#[test]
fn yaml_serde_yaml_09_as_zola_reads_it() {
    check("serde-yaml-09", Dialect::Zola, &[]);
}

/// Hugo 0.111.3 reads YAML with go-yaml v2: YAML that yaml-rust2 refused
/// (a flow list closed at column 0, a quoted scalar continued there,
/// `\'`), YAML 1.1 scalars, merge keys, keys as written at the top.
#[test]
fn yaml_go_yaml_v2_as_hugo_reads_it() {
    check("go-yaml-v2", Dialect::Hugo, &["draft", "iscjklanguage"]);
}

/// A block scalar on the last line of a file without a final newline
/// (a hand-written `hugo.yaml`) panicked in the scanner. What Hugo 0.111.3
/// reads, recorded with `hugo.yaml` ending `params:\n  lit: |\n    x\n    y`
/// (no newline) and a home template `{{ printf "%q" .Site.Params.lit }}`:
/// `"x\ny"` for `|`, `|-` and `|+`, `"x y"` for `>`.
#[test]
fn a_block_scalar_ending_the_input_without_a_newline_is_read_as_hugo_reads_it() {
    for (indicator, expected) in [("|", "x\ny"), ("|-", "x\ny"), ("|+", "x\ny"), (">", "x y")] {
        let text = format!("params:\n  lit: {indicator}\n    x\n    y");
        let value = yaml::load_as(&text, Dialect::Hugo).unwrap();
        assert_eq!(value["params"]["lit"], expected, "{indicator}");
    }
}

/// A tag followed by `,` in a flow collection made the scanner panic
/// ("TODO: What is expected here?"). Zola 0.22.1 builds such a page;
/// recorded with `extra: {k: [!!str, b]}` in a page's YAML front matter and
/// a template printing `page.extra.k | json_encode()`: `["","b"]`.
#[test]
fn a_tag_before_a_comma_in_a_flow_list_is_a_tagged_empty_scalar() {
    for text in ["k: [!!str, b]\n", "k: [!!str , b]\n"] {
        let value = yaml::load_as(text, Dialect::Zola).unwrap();
        assert_eq!(value["k"], serde_json::json!(["", "b"]), "{text:?}");
    }
}

/// A `\` ending the input inside a double-quoted scalar (a `hugo.yaml`
/// without a final newline) made the scanner panic. Hugo 0.111.3 refuses
/// such a config: `yaml: line 2: found unknown escape character`.
#[test]
fn a_backslash_ending_the_input_in_double_quotes_is_an_unknown_escape() {
    for dialect in [Dialect::Hugo, Dialect::Zola] {
        let err = yaml::load_as("baseURL: https://example.org/\ntitle: \"x\\", dialect)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("found unknown escape character"),
            "{dialect:?}: {err}"
        );
    }
}
