//! Loads YAML through [`sitemap_pages::yaml::load_as`], for measuring the
//! loader (`valgrind --tool=callgrind`) and for comparing its readings
//! before and after a change.
//!
//! Usage:
//! - `yaml_load count N`: loads N front matters of the shapes `cargo
//!   xtask bench scan` writes (title, date, two tags, a third with
//!   `lastmod`, now and then `draft`) as Hugo reads them; prints how many
//!   top-level keys they held.
//! - `yaml_load print < FILE-LIST`: for each file (one path a line),
//!   prints its path and its reading as Hugo and as Zola (the value as
//!   JSON, or the error; a panic of the parser as `panic`).

use std::io::{BufRead, Write};

use sitemap_pages::yaml::{Dialect, load_as};

/// The bench site's YAML front matter shapes (`xtask/src/bench/scan.rs`).
const SHAPES: [&str; 3] = [
    "title: \"Page 12\"\ndate: 2024-05-02\ntags: [alpha, beta]\nlastmod: 2025-05-02T10:00:00Z\n",
    "title: \"Page 13\"\ndate: 2024-11-21\ntags: [gamma, delta]\n",
    "title: \"Page 97\"\ndate: 2024-01-09\ntags: [alpha, omega]\nlastmod: 2025-01-09T10:00:00Z\ndraft: true\n",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("count") => {
            let n: usize = args.get(1).ok_or("count N")?.parse()?;
            let mut keys = 0;
            for i in 0..n {
                let value = load_as(SHAPES[i % SHAPES.len()], Dialect::Hugo)?;
                keys += value.as_object().map_or(0, |map| map.len());
            }
            println!("{keys}");
        }
        Some("print") => {
            std::panic::set_hook(Box::new(|_| {}));
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            for path in std::io::stdin().lock().lines() {
                let path = path?;
                let Ok(text) = String::from_utf8(std::fs::read(&path)?) else {
                    continue;
                };
                writeln!(out, "== {path}")?;
                for dialect in [Dialect::Hugo, Dialect::Zola] {
                    match std::panic::catch_unwind(|| load_as(&text, dialect)) {
                        Ok(Ok(value)) => writeln!(out, "{value}")?,
                        Ok(Err(e)) => writeln!(out, "error {e}")?,
                        Err(_) => writeln!(out, "panic")?,
                    }
                }
            }
        }
        _ => return Err("usage: yaml_load count N | yaml_load print < FILE-LIST".into()),
    }
    Ok(())
}
