//! `cargo xtask fuzz [--seconds N] [TARGET...]`: the fuzz targets of
//! `tests/tests/fuzz.rs` (and its modules, `tests/tests/fuzz/`), in release mode, for N seconds each (default
//! 600). Each target runs in its own process under a 2 GiB address-space
//! limit; the summary gives cases run, cases per second and findings, and
//! the input of every finding (proptest's shrunk case, or the input that
//! was running when the process died) is printed and kept under
//! `target/fuzz/`. Exits non-zero on a finding.

use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::{cargo, root};

/// The targets, as named in `tests/tests/fuzz.rs`.
pub(crate) const TARGETS: [&str; 13] = [
    "front_matter",
    "yaml",
    "config",
    "robots",
    "validator",
    "url_list",
    "ledger",
    "sitemap_input",
    "robots_rules",
    "book_toml",
    "built_page",
    "org_keywords",
    "cascade_glob",
];

/// The targets with a module of their own (`tests/tests/fuzz/<target>.rs`).
const OWN_MODULE: [&str; 6] = [
    "sitemap_input",
    "robots_rules",
    "book_toml",
    "built_page",
    "org_keywords",
    "cascade_glob",
];

/// The test that runs `target`: `fuzz::<target>`, or
/// `fuzz::<target>::<target>` for one in a module of its own.
fn test_path(target: &str) -> String {
    if OWN_MODULE.contains(&target) {
        format!("fuzz::{target}::{target}")
    } else {
        format!("fuzz::{target}")
    }
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut seconds: u64 = 600;
    let mut targets = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--seconds" => {
                let value = it.next().context("--seconds needs a number")?;
                seconds = value
                    .parse()
                    .with_context(|| format!("--seconds `{value}`: expected a whole number"))?;
            }
            t if TARGETS.contains(&t) => targets.push(t.to_owned()),
            other => bail!(
                "unknown fuzz target or flag `{other}`; targets: {}; flag: --seconds N",
                TARGETS.join(", ")
            ),
        }
    }
    if targets.is_empty() {
        targets = TARGETS.iter().map(|t| (*t).to_owned()).collect();
    }
    // Built once, before the clock of the first target starts.
    crate::run(cargo().args([
        "test",
        "--release",
        "-p",
        "sitemap-tests",
        "--test",
        "tests",
        "--no-run",
    ]))?;
    let dir = root().join("target/fuzz");
    let mut findings = Vec::new();
    let mut summary = Vec::new();
    for target in &targets {
        eprintln!("fuzz {target}: {seconds} s");
        let _ = std::fs::remove_file(dir.join(format!("{target}.failing")));
        let started = std::time::Instant::now();
        let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
            .args([
                "test",
                "--release",
                "-p",
                "sitemap-tests",
                "--test",
                "tests",
            ])
            .arg(test_path(target))
            .args(["--", "--exact", "--nocapture", "--test-threads=1"])
            .env("SITEMAP_FUZZ_SECONDS", seconds.to_string())
            .env("SITEMAP_FUZZ_DIR", &dir)
            .current_dir(root())
            .output()
            .with_context(|| format!("cannot run the fuzz target {target}"))?;
        let stderr = String::from_utf8_lossy(&out.stderr);
        let line = stderr
            .lines()
            .find(|l| l.starts_with(&format!("fuzz {target}: ")) && l.contains(" cases "))
            .map(str::to_owned)
            .unwrap_or_else(|| {
                format!(
                    "fuzz {target}: the process died after {:.1} s, before its summary; FINDING",
                    started.elapsed().as_secs_f64()
                )
            });
        eprintln!("{line}");
        summary.push(line);
        if !out.status.success() {
            let failing = dir.join(format!("{target}.failing"));
            let input = if failing.exists() {
                failing
            } else {
                dir.join(format!("{target}.current"))
            };
            let bytes = std::fs::read(&input).unwrap_or_default();
            eprintln!(
                "FINDING in {target} (input in {}):\n{}\n--- output ---\n{}",
                input.display(),
                String::from_utf8_lossy(&bytes).escape_debug(),
                tail(&stderr, 40)
            );
            findings.push(format!("{target}: {}", input.display()));
        }
    }
    println!("fuzz summary ({seconds} s per target):");
    for line in &summary {
        println!("  {line}");
    }
    if findings.is_empty() {
        println!("no findings");
        Ok(())
    } else {
        bail!("{} finding(s): {}", findings.len(), findings.join("; "))
    }
}

/// The last `n` lines of `text`.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}
