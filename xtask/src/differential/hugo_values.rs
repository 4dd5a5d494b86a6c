//! Front matter values written as YAML, TOML or JSON, each format's own
//! way (quoting, plain YAML where it stays a string), for the random
//! Hugo sites of `hugo.rs`.

use std::fmt::Write as _;

/// A front matter value, written in the page's format.
#[derive(Clone)]
pub(super) enum Val {
    Str(String),
    Bool(bool),
    Int(i64),
    /// Written as is in YAML, TOML and JSON, in that order.
    Raw([String; 3]),
    List(Vec<Val>),
    Map(Vec<(String, Val)>),
}

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Format {
    Yaml,
    Toml,
    Json,
}

fn json_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// A string YAML reads as itself when written plain.
fn yaml_plain_ok(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '-')
        && !s.starts_with([' ', '-'])
        && !s.ends_with(' ')
        && !matches!(
            s.to_lowercase().as_str(),
            "y" | "n" | "yes" | "no" | "on" | "off" | "true" | "false" | "null"
        )
        && s.parse::<f64>().is_err()
}

fn write_val(out: &mut String, v: &Val, format: Format, indent: usize) {
    match v {
        Val::Str(s) => {
            if format == Format::Yaml && yaml_plain_ok(s) {
                out.push_str(s);
            } else {
                out.push_str(&json_str(s));
            }
        }
        Val::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Val::Int(i) => out.push_str(&i.to_string()),
        Val::Raw(forms) => out.push_str(
            &forms[match format {
                Format::Yaml => 0,
                Format::Toml => 1,
                Format::Json => 2,
            }],
        ),
        Val::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_val(out, item, format, indent);
            }
            out.push(']');
        }
        Val::Map(entries) => match format {
            Format::Yaml => {
                for (k, v) in entries {
                    out.push('\n');
                    out.push_str(&" ".repeat(indent + 2));
                    out.push_str(k);
                    out.push_str(": ");
                    write_val(out, v, format, indent + 2);
                }
            }
            Format::Toml | Format::Json => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if format == Format::Json {
                        out.push_str(&json_str(k));
                        out.push_str(": ");
                    } else {
                        out.push_str(k);
                        out.push_str(" = ");
                    }
                    write_val(out, v, format, indent);
                }
                out.push('}');
            }
        },
    }
}

/// A top-level YAML value rewritten, now and then, in the shapes people
/// write by hand and go-yaml v2 reads (found on real sites, refused by
/// stricter parsers): a flow list across lines closed at column 0, a
/// double-quoted string continued on a line at column 0 (the break
/// folds to the one space it replaced), `\'` in double quotes.
fn yaml_by_hand(rng: &mut fastrand::Rng, v: &Val, written: String) -> String {
    match v {
        Val::List(items)
            if !items.is_empty()
                && items
                    .iter()
                    .all(|i| !matches!(i, Val::List(_) | Val::Map(_)))
                && rng.u8(..4) == 0 =>
        {
            let mut out = String::from("[\n");
            for item in items {
                out.push_str("    ");
                write_val(&mut out, item, Format::Yaml, 0);
                out.push_str(",\n");
            }
            out.push(']');
            out
        }
        Val::Str(_) if written.starts_with('"') && rng.u8(..3) == 0 => {
            let mut out = written;
            if rng.bool() {
                out = out.replace('\'', "\\'");
            }
            // Only a space alone: folding trims the spaces around a break.
            let b = out.as_bytes();
            let lone = (2..b.len().saturating_sub(2)).find(|&i| {
                b[i] == b' ' && b[i - 1] != b' ' && b[i + 1] != b' ' && b[i - 1] != b'\\'
            });
            if let Some(i) = lone {
                out.replace_range(i..=i, "\n");
            }
            out
        }
        _ => written,
    }
}

/// A whole content file: front matter in `format`, then a body.
pub(super) fn render(rng: &mut fastrand::Rng, fields: &[(String, Val)], format: Format) -> String {
    let mut out = String::new();
    let pad = |rng: &mut fastrand::Rng| if rng.u8(..8) == 0 { "  " } else { "" };
    match format {
        Format::Yaml => {
            let _ = writeln!(out, "---{}", pad(rng));
            for (k, v) in fields {
                out.push_str(k);
                out.push(':');
                out.push_str(if rng.u8(..10) == 0 { "   " } else { " " });
                let mut value = String::new();
                write_val(&mut value, v, format, 0);
                out.push_str(&yaml_by_hand(rng, v, value));
                out.push('\n');
                if rng.u8(..15) == 0 {
                    out.push('\n');
                }
            }
            let _ = writeln!(out, "---{}", pad(rng));
        }
        Format::Toml => {
            let _ = writeln!(out, "+++{}", pad(rng));
            for (k, v) in fields {
                // TOML refuses a repeated key (and so does Hugo): kept once.
                let lower = k.to_lowercase();
                if out
                    .lines()
                    .any(|l| l.split(" = ").next().unwrap_or("").to_lowercase() == lower)
                {
                    continue;
                }
                let _ = write!(out, "{k} = ");
                write_val(&mut out, v, format, 0);
                out.push('\n');
            }
            let _ = writeln!(out, "+++{}", pad(rng));
        }
        Format::Json => {
            out.push_str("{\n");
            for (i, (k, v)) in fields.iter().enumerate() {
                let _ = write!(out, "  {}: ", json_str(k));
                write_val(&mut out, v, format, 0);
                out.push_str(if i + 1 < fields.len() { ",\n" } else { "\n" });
            }
            out.push_str("}\n");
        }
    }
    out.push_str("\nSome body text.\n");
    if rng.u8(..6) == 0 {
        out = out.replace('\n', "\r\n");
    }
    out
}

pub(super) fn format(rng: &mut fastrand::Rng) -> Format {
    match rng.u8(..10) {
        0..=5 => Format::Yaml,
        6..=8 => Format::Toml,
        _ => Format::Json,
    }
}

/// A whole configuration file: `fields` at its top, nested maps as YAML
/// blocks, TOML tables or JSON objects.
pub(super) fn config_text(fields: &[(String, Val)], format: Format) -> String {
    let mut out = String::new();
    match format {
        Format::Yaml => {
            for (k, v) in fields {
                let _ = write!(out, "{k}:");
                if !matches!(v, Val::Map(_)) {
                    out.push(' ');
                }
                write_val(&mut out, v, format, 0);
                out.push('\n');
            }
        }
        Format::Toml => toml_table(&mut out, "", fields),
        Format::Json => {
            write_val(&mut out, &Val::Map(fields.to_vec()), format, 0);
            out.push('\n');
        }
    }
    out
}

/// A TOML table's keys, then its subtables (`[a.b]`), as TOML wants.
fn toml_table(out: &mut String, path: &str, fields: &[(String, Val)]) {
    if !path.is_empty() {
        let _ = writeln!(out, "[{path}]");
    }
    for (k, v) in fields.iter().filter(|(_, v)| !matches!(v, Val::Map(_))) {
        let _ = write!(out, "{k} = ");
        write_val(out, v, Format::Toml, 0);
        out.push('\n');
    }
    for (k, v) in fields {
        if let Val::Map(entries) = v {
            let sub = if path.is_empty() {
                k.clone()
            } else {
                format!("{path}.{k}")
            };
            toml_table(out, &sub, entries);
        }
    }
}
