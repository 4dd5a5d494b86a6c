//! `cargo xtask`: the project's own automation, in Rust so it runs
//! wherever cargo does.
//!
//! - `cargo xtask ci`: exactly what CI runs: fmt check, clippy with
//!   `-D warnings`, the tests, docs with `-D warnings`, and the examples.
//! - `cargo xtask examples`: builds every site under `examples/` end to end
//!   and compares each sitemap with the committed expected output.
//! - `cargo xtask bench <writer|git|scan|html|all>`: the benchmarks, each
//!   reported as a ratio against a baseline measured in the same run.
//! - `cargo xtask fuzz [--seconds N] [TARGET...]`: the fuzz targets
//!   (front matter, configuration, robots.txt, the validator) in release
//!   mode for N seconds each, under a memory limit; non-zero on a finding.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

mod bench;
mod examples;
mod fuzz;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (task, rest) = args
        .split_first()
        .map_or(("help", &[][..]), |(t, r)| (t.as_str(), r));
    match task {
        "ci" => ci(),
        "examples" => examples::run(rest),
        "bench" => bench::run(rest),
        "fuzz" => fuzz::run(rest),
        "help" | "--help" | "-h" => {
            println!(
                "usage: cargo xtask <ci|examples|bench <writer|git|scan|html|all>|fuzz [--seconds N] [TARGET...]>"
            );
            Ok(())
        }
        other => bail!("unknown task `{other}`; try `cargo xtask help`"),
    }
}

/// The repository root (the parent of `xtask/`).
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits inside the workspace")
        .to_path_buf()
}

/// Runs a command in the repository root, failing with the command line
/// when it does not succeed.
pub(crate) fn run(cmd: &mut Command) -> Result<()> {
    let shown = format!("{cmd:?}");
    eprintln!("$ {shown}");
    let status = cmd
        .current_dir(root())
        .status()
        .with_context(|| format!("cannot start {shown}"))?;
    if !status.success() {
        bail!("{shown} failed with {status}");
    }
    Ok(())
}

pub(crate) fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

fn ci() -> Result<()> {
    run(cargo().args(["fmt", "--all", "--check"]))?;
    run(cargo().args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    run(cargo().args(["test", "--workspace"]))?;
    // The feature matrix: the workspace run unifies features (the CLI turns
    // gzip on in sitemap-core), so the crates with optional parts are also
    // tested alone, with their features off and all on.
    run(cargo().args(["test", "-p", "sitemap-core", "--no-default-features"]))?;
    run(cargo().args(["test", "-p", "sitemap-build"]))?;
    run(cargo().args(["test", "-p", "sitemap-build", "--all-features"]))?;
    run(cargo()
        .args(["doc", "--workspace", "--no-deps"])
        .env("RUSTDOCFLAGS", "-D warnings"))?;
    examples::run(&[])
}
