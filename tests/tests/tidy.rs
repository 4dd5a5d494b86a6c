//! The repository's rules, checked on every `cargo test`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Files tracked by git (so build output and temp files never count),
/// except third-party code kept in `vendor/` as published (each with its
/// PATCHES.md), which follows its upstream's rules rather than ours.
fn tracked() -> Vec<PathBuf> {
    let out = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output()
        .expect("git ls-files");
    assert!(out.status.success(), "git ls-files failed");
    out.stdout
        .split(|&b| b == 0)
        .filter(|p| !p.is_empty() && !p.starts_with(b"vendor/"))
        .map(|p| root().join(String::from_utf8_lossy(p).as_ref()))
        .collect()
}

/// Every crate root opens with a `//!` doc: what the crate is for.
#[test]
fn every_crate_root_has_a_crate_doc() {
    let mut missing = Vec::new();
    for path in tracked() {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let in_src = path
            .parent()
            .and_then(|p| p.file_name())
            .is_some_and(|n| n == "src");
        if in_src && (name == "lib.rs" || name == "main.rs") {
            let text = fs::read_to_string(&path).unwrap();
            if !text.trim_start().starts_with("//!") {
                missing.push(path.strip_prefix(root()).unwrap().display().to_string());
            }
        }
    }
    assert!(
        missing.is_empty(),
        "crate roots without a `//!` doc: {missing:?}"
    );
}

/// Every library crate's doc has a runnable example (a doctest).
#[test]
fn every_library_doc_has_a_doctest() {
    let mut missing = Vec::new();
    for path in tracked() {
        let is_lib = path.file_name().is_some_and(|n| n == "lib.rs")
            && path
                .parent()
                .and_then(|p| p.file_name())
                .is_some_and(|n| n == "src");
        if !is_lib {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        let doc: String = text
            .lines()
            .take_while(|l| l.starts_with("//!") || l.trim().is_empty())
            .collect::<Vec<_>>()
            .join("\n");
        let rel = path.strip_prefix(root()).unwrap().display().to_string();
        // The test crate's own empty library is exempt: it has nothing to show.
        if rel != "tests/src/lib.rs" && !doc.contains("//! ```") {
            missing.push(rel);
        }
    }
    assert!(
        missing.is_empty(),
        "library crate docs without a doctest: {missing:?}"
    );
}

/// No test is switched off to get a green run.
#[test]
fn no_ignored_tests() {
    let needle = ["#[", "ignore"].concat();
    let offenders: Vec<String> = tracked()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .filter(|p| fs::read_to_string(p).unwrap().contains(&needle))
        .map(|p| p.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    assert!(offenders.is_empty(), "ignored tests in {offenders:?}");
}

/// Every fixture corpus says what its cases are: a README.md at its top
/// or in each case folder.
#[test]
fn every_fixture_corpus_has_a_readme() {
    let mut dirs: Vec<PathBuf> = tracked()
        .iter()
        .filter_map(|p| {
            let s = p.to_string_lossy();
            let i = s.find("/tests/fixtures/")?;
            Some(PathBuf::from(&s[..i + "/tests/fixtures".len()]))
        })
        .collect();
    dirs.sort();
    dirs.dedup();
    assert!(!dirs.is_empty(), "no fixture folders found");
    let mut missing = Vec::new();
    for dir in dirs {
        if dir.join("README.md").is_file() {
            continue;
        }
        for case in fs::read_dir(&dir).unwrap().flatten() {
            if case.path().is_dir() && !case.path().join("README.md").is_file() {
                missing.push(
                    case.path()
                        .strip_prefix(root())
                        .unwrap()
                        .display()
                        .to_string(),
                );
            }
        }
    }
    assert!(
        missing.is_empty(),
        "fixture cases without a README.md: {missing:?}"
    );
}

/// Every example has a README with its command and a committed expected
/// output for `cargo xtask examples` to compare with.
#[test]
fn every_example_has_a_readme_and_expected_output() {
    let mut missing = Vec::new();
    for entry in fs::read_dir(root().join("examples")).unwrap().flatten() {
        let dir = entry.path();
        if !dir.is_dir() {
            continue;
        }
        for needed in ["README.md", "expected"] {
            if !dir.join(needed).exists() {
                missing.push(format!(
                    "{}/{needed}",
                    dir.strip_prefix(root()).unwrap().display()
                ));
            }
        }
    }
    assert!(missing.is_empty(), "examples missing: {missing:?}");
}

/// The bundled XSDs are the files their README says they are: each
/// file's sha256 starts with the prefix in the README's table.
#[test]
fn bundled_schemas_match_their_readme() {
    let dir = root().join("tests/data/schemas");
    let readme = fs::read_to_string(dir.join("README.md")).unwrap();
    let mut checked = 0;
    for line in readme.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let file = cells[1].trim_matches('`');
        let prefix = cells[cells.len() - 2].trim_end_matches('…');
        let out = Command::new("sha256sum")
            .arg(dir.join(file))
            .output()
            .expect("sha256sum");
        let sum = String::from_utf8_lossy(&out.stdout);
        assert!(
            sum.starts_with(prefix),
            "{file}: sha256 {} does not start with {prefix} as its README says",
            sum.split_whitespace().next().unwrap_or("")
        );
        checked += 1;
    }
    assert_eq!(checked, 8, "the README lists 8 schema files");
}

/// The guide's key table is the one `sitemap_engine::keys` renders from
/// the settings type.
#[test]
fn guide_key_table_is_generated_from_the_settings_type() {
    let page = "docs/guide/src/settings.md";
    let text = fs::read_to_string(root().join(page)).unwrap();
    let start = text
        .find("<!-- keys:start -->\n")
        .expect("keys:start marker")
        + 20;
    let end = text.find("<!-- keys:end -->").expect("keys:end marker");
    assert_eq!(
        &text[start..end],
        sitemap_engine::keys::markdown_table(),
        "{page}'s key table is stale: paste `sitemap_engine::keys::markdown_table()` between the markers"
    );
}

/// The guide's "Which Hugo" page shows the table of Hugo's version
/// rules as `sitemap_hugo::rules` declares it.
#[test]
fn guide_which_hugo_table_is_generated_from_the_rules() {
    let page = "docs/guide/src/which-hugo.md";
    let text = fs::read_to_string(root().join(page)).unwrap();
    let start = text
        .find("<!-- rules:start -->\n")
        .expect("rules:start marker")
        + "<!-- rules:start -->\n".len();
    let end = text.find("<!-- rules:end -->").expect("rules:end marker");
    assert_eq!(
        &text[start..end],
        sitemap_hugo::rules::markdown_table(),
        "{page}'s table of Hugo's rules is stale: run `cargo xtask which-hugo`"
    );
}

/// The guide's benchmark table sits between the markers
/// `cargo xtask bench all --record` rewrites (on the page `TABLE_PAGE` of
/// `xtask/src/bench/mod.rs` names), with a row for every bench `all`
/// runs (its `NAMES`) and a caption saying when and under what load it
/// was measured.
#[test]
fn guide_bench_table_has_a_row_per_bench() {
    let benches = fs::read_to_string(root().join("xtask/src/bench/mod.rs")).unwrap();
    let quoted = |name: &str| -> Vec<&str> {
        benches
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in xtask/src/bench/mod.rs"))
            .split('"')
            .skip(1)
            .step_by(2)
            .collect()
    };
    let page = quoted("const TABLE_PAGE")[0];
    let text = fs::read_to_string(root().join(page)).unwrap();
    let start = text
        .find("<!-- bench:start -->\n")
        .expect("bench:start marker");
    let end = text.find("<!-- bench:end -->").expect("bench:end marker");
    assert!(start < end, "bench:start must come before bench:end");
    let table = &text[start..end];
    let names = quoted("const NAMES");
    assert!(names.len() >= 6, "bench names read: {names:?}");
    let missing: Vec<&&str> = names
        .iter()
        .filter(|name| {
            let row = format!("| `{name}`");
            !table.lines().any(|l| l.starts_with(&row))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "{page}'s bench table has no row for {missing:?}: run `cargo xtask bench all --record`"
    );
    assert!(
        table.lines().any(|l| l.contains("load average")),
        "the bench table's caption must give the load it was measured under"
    );
}

/// The README is the front page: short enough to read in one sitting,
/// opening with the two commands a contributor runs on a fresh machine
/// (the main job on a bundled example, and what CI runs) under their own
/// heading on the first screen; everything else lives in the guide.
#[test]
fn readme_is_a_front_page() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let lines: Vec<&str> = readme.lines().collect();
    assert!(
        lines.len() <= 260,
        "README.md has {} lines; move the detail into docs/guide/",
        lines.len()
    );
    let first_screen = lines[..lines.len().min(30)].join("\n");
    let heading = first_screen
        .find("\n## ")
        .expect("a heading on the README's first screen");
    for command in [
        "cargo run -p sitemap-cli -- scan examples/hugo-site",
        "cargo xtask ci",
    ] {
        let at = first_screen
            .find(command)
            .unwrap_or_else(|| panic!("`{command}` on the README's first screen"));
        assert!(at > heading, "`{command}` comes under the first heading");
    }
}

/// The Install page said `git clone <the repository>`: a command a new
/// user cannot run as written. A shell command in the README, the crates'
/// READMEs and the guide holds no `<placeholder>` (a value to replace is
/// a variable the block sets, with a comment saying so).
#[test]
fn shell_commands_in_the_docs_hold_no_placeholder() {
    let mut found = Vec::new();
    for path in tracked() {
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let docs = rel == "README.md"
            || (rel.starts_with("integrations/") && rel.ends_with("/README.md"))
            || (rel.starts_with("docs/guide/src/") && rel.ends_with(".md"));
        if !docs {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        let mut in_shell = false;
        for (n, line) in text.lines().enumerate() {
            if let Some(fence) = line.trim_start().strip_prefix("```") {
                in_shell = !in_shell && matches!(fence.trim(), "sh" | "bash" | "shell" | "console");
                continue;
            }
            // What a comment says may name a placeholder; the command may not.
            let command = line.split(" #").next().unwrap_or_default();
            let placeholder = command.split('<').skip(1).any(|rest| {
                rest.starts_with(|c: char| c.is_ascii_alphabetic()) && rest.contains('>')
            });
            if in_shell && placeholder {
                found.push(format!("{rel}:{}: {line}", n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "shell commands with a placeholder to replace:\n{}",
        found.join("\n")
    );
}

/// The build.rs crate's README said 90 crates while the default build
/// pulled in 135, mdBook's own crates and zlib-rs among them. The count
/// the README and the guide state is measured here with the command they
/// name, and a build script for a Zola, Hugo or HTML site compiles no
/// mdBook crate and no gzip.
#[test]
fn build_rs_dependency_count_is_the_one_its_readme_states() {
    let out = Command::new(env!("CARGO"))
        .args([
            "tree",
            "-p",
            "sitemap-build",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .args(["--no-dedupe", "--offline", "--locked"])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let crates: std::collections::BTreeSet<&str> = text.lines().collect();
    let names: Vec<&str> = crates.iter().filter_map(|l| l.split(' ').next()).collect();
    for heavy in ["mdbook-summary", "mdbook-preprocessor", "flate2", "zlib-rs"] {
        assert!(!names.contains(&heavy), "{heavy} in the default build");
    }
    let said = format!("depends on {} crates, itself", crates.len());
    for page in [
        "integrations/build-rs/README.md",
        "docs/guide/src/quick-start/build-rs.md",
    ] {
        let text = fs::read_to_string(root().join(page))
            .unwrap()
            .replace('\n', " ");
        assert!(text.contains(&said), "{page} does not say `{said}`");
    }
}
