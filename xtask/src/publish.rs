//! `cargo xtask publish-check [--verify]`: the workspace is publishable.
//!
//! Two checks, both run by `cargo xtask ci`:
//!
//! 1. Every crate that is not `publish = false` carries what crates.io and
//!    a reader need (description, licence, repository, readme, at most five
//!    keywords, categories) and has its README and the licence files its
//!    `license` names beside its manifest, where `cargo package` takes them
//!    from.
//! 2. `cargo publish --dry-run --workspace`: every publishable crate
//!    packaged in dependency order, each against the ones packaged before
//!    it (cargo's local overlay registry, cargo 1.90+), so a path dependency
//!    without a version, a file the package leaves out or a name clash with
//!    crates.io fails here rather than at release time. It reads crates.io's
//!    index. Without `--verify` the packages are not built (`--no-verify`,
//!    seconds); with it each is built from its packaged sources as crates.io
//!    users will build it (minutes: a second build of the workspace).

use std::path::Path;

use anyhow::{Result, bail};

use crate::{cargo, root, run};

pub(crate) fn run_check(args: &[String]) -> Result<()> {
    let verify = match args {
        [] => false,
        [flag] if flag == "--verify" => true,
        _ => bail!("usage: cargo xtask publish-check [--verify]"),
    };
    check_metadata()?;
    let mut publish = cargo();
    // --allow-dirty: the check is of the tree as it is, committed or not.
    publish.args(["publish", "--dry-run", "--workspace", "--allow-dirty"]);
    if !verify {
        publish.arg("--no-verify");
    }
    run(&mut publish)
}

/// What a published crate's manifest must say, by `cargo metadata` field.
const REQUIRED: [&str; 5] = [
    "description",
    "license",
    "repository",
    "readme",
    "categories",
];

/// The licence files a `license` expression names (SPDX ids we use).
fn licence_files(license: &str) -> Vec<&'static str> {
    let mut files = Vec::new();
    if license.contains("MIT") {
        files.push("LICENSE-MIT");
    }
    if license.contains("Apache-2.0") {
        files.push("LICENSE-APACHE");
    }
    files
}

fn check_metadata() -> Result<()> {
    let meta = crate::workspace_metadata()?;
    let mut problems = Vec::new();
    for package in meta["packages"].as_array().into_iter().flatten() {
        // `publish = false` is an empty list of registries.
        if package["publish"].as_array().is_some_and(Vec::is_empty) {
            continue;
        }
        let name = package["name"].as_str().unwrap_or("?");
        let manifest = Path::new(package["manifest_path"].as_str().unwrap_or(""));
        let dir = manifest.parent().unwrap_or(Path::new("."));
        problems.extend(package_problems(name, dir, package));
    }
    if !problems.is_empty() {
        bail!("not ready to publish:\n{}", problems.join("\n"));
    }
    eprintln!("publish-check: every publishable crate's metadata and files are in place");
    Ok(())
}

fn package_problems(name: &str, dir: &Path, package: &serde_json::Value) -> Vec<String> {
    let mut problems = Vec::new();
    let shown = dir.strip_prefix(root()).unwrap_or(dir).join("Cargo.toml");
    let shown = shown.display();
    for field in REQUIRED {
        let value = &package[field];
        let empty = value.is_null()
            || value.as_str().is_some_and(str::is_empty)
            || value.as_array().is_some_and(Vec::is_empty);
        if empty {
            problems.push(format!("{shown}: {name} has no `{field}`"));
        }
    }
    let keywords = package["keywords"].as_array().map_or(0, Vec::len);
    if !(1..=5).contains(&keywords) {
        problems.push(format!(
            "{shown}: {name} has {keywords} keywords (crates.io takes 1 to 5)"
        ));
    }
    let license = package["license"].as_str().unwrap_or("");
    let readme = package["readme"].as_str().unwrap_or("README.md");
    for file in licence_files(license).into_iter().chain([readme]) {
        // `is_file` follows the links to the root's licence files.
        if !dir.join(file).is_file() {
            problems.push(format!(
                "{shown}: {name} has no {file} beside its manifest (`cargo package` would leave it out)"
            ));
        }
    }
    problems
}
