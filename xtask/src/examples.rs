//! `cargo xtask examples [--update] [NAME...]`: builds every site under
//! `examples/` end to end with the real tools, validates every sitemap it
//! writes with xmllint against the XSDs in `tests/data/schemas/`, and
//! compares each written file with `examples/<name>/expected/`.
//!
//! - `zola-site`, `hugo-site`, `html-site`: `sitemap scan <dir> --out <tmp>`
//!   (the CLI built from this checkout);
//! - `mdbook-book`: mdBook itself (`mdbook-driver`, through the
//!   `build_book` example of `mdbook-sitemap`) with the `mdbook-sitemap`
//!   binary as preprocessor and renderer;
//! - `build-rs`: `cargo run` of the example crate, whose `build.rs` calls
//!   `sitemap-build`, with its default features and again with
//!   `--features full` (git, gzip, html), which must write the same file;
//! - `guide`: the user guide in `docs/guide/`, built as `mdbook-book` is,
//!   then validated against its built pages and its links checked
//!   ([`crate::guide`]).
//!
//! The tolerance rule: `lastmod` values may differ from the expected ones
//! only where they come from git history that this checkout does not have
//! for the example — the example's folder has no commit of its own, the
//! clone is shallow, or the folder has uncommitted changes (then git
//! falls back to mtime). Everything else, every byte, must match. The
//! examples with their own fixed dates (`html-site`, `build-rs`) never
//! depend on git.
//!
//! `--update` rewrites `expected/` from this run instead of comparing.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::{cargo, guide, root};

/// Every example, in the order they are built.
const EXAMPLES: [&str; 5] = [
    "zola-site",
    "hugo-site",
    "html-site",
    "mdbook-book",
    "build-rs",
];

pub(crate) fn run(args: &[String]) -> Result<()> {
    let update = args.iter().any(|a| a == "--update");
    let names: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .map(String::as_str)
        .collect();
    for name in &names {
        if !EXAMPLES.contains(name) && *name != guide::NAME {
            bail!(
                "unknown example `{name}`; the examples are {EXAMPLES:?} and `{}`",
                guide::NAME
            );
        }
    }
    let chosen: Vec<&str> = EXAMPLES
        .iter()
        .copied()
        .filter(|e| names.is_empty() || names.contains(e))
        .collect();

    let tools = Tools::build()?;
    let scratch = std::env::temp_dir().join(format!("xtask-examples-{}", std::process::id()));
    let mut failures = Vec::new();
    for name in chosen {
        let out = scratch.join(name);
        let _ = std::fs::remove_dir_all(&out);
        std::fs::create_dir_all(&out)
            .with_context(|| format!("{}: cannot create", out.display()))?;
        let result = build(name, &tools, &out).and_then(|written| {
            validate(name, &written)?;
            llms_txt_agrees(name, &written)?;
            if update {
                write_expected(name, &written)
            } else {
                compare(name, &written)
            }
        });
        match result {
            Ok(()) => eprintln!("xtask examples: {name}: ok"),
            Err(e) => {
                eprintln!("xtask examples: {name}: FAILED\n{e:#}\n");
                failures.push(name);
            }
        }
    }
    if names.is_empty() || names.contains(&guide::NAME) {
        let out = scratch.join(guide::NAME);
        let _ = std::fs::remove_dir_all(&out);
        match guide::check(
            &tools.build_book,
            &tools.mdbook_sitemap,
            &tools.sitemap,
            &out,
        ) {
            Ok(()) => eprintln!("xtask examples: {}: ok", guide::NAME),
            Err(e) => {
                eprintln!("xtask examples: {}: FAILED\n{e:#}\n", guide::NAME);
                failures.push(guide::NAME);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    if !failures.is_empty() {
        bail!(
            "examples failed: {}; see the differences above (if a change is intended, `cargo xtask examples --update` rewrites examples/<name>/expected/)",
            failures.join(", ")
        );
    }
    Ok(())
}

/// The binaries the examples are built with, from this checkout.
struct Tools {
    sitemap: PathBuf,
    mdbook_sitemap: PathBuf,
    build_book: PathBuf,
}

impl Tools {
    fn build() -> Result<Tools> {
        let mut exes = crate::executables(&[
            "-p",
            "sitemap-cli",
            "--bin",
            "sitemap",
            "-p",
            "mdbook-sitemap-toolkit",
            "--bin",
            "mdbook-sitemap",
            "--example",
            "build_book",
        ])?;
        let mut take = |name: &str| -> Result<PathBuf> {
            let i = exes
                .iter()
                .position(|p| p.file_stem().is_some_and(|s| s == name))
                .with_context(|| format!("cargo built no `{name}`"))?;
            Ok(exes.swap_remove(i))
        };
        Ok(Tools {
            sitemap: take("sitemap")?,
            mdbook_sitemap: take("mdbook-sitemap")?,
            build_book: take("build_book")?,
        })
    }
}

/// Builds example `name` into `out`; returns the files to check, as
/// (name relative to `expected/`, path written).
fn build(name: &str, tools: &Tools, out: &Path) -> Result<Vec<(String, PathBuf)>> {
    let dir = root().join("examples").join(name);
    match name {
        "zola-site" | "hugo-site" | "html-site" => {
            if name == "html-site" {
                // The built site's own robots.txt is what `robots = true`
                // merges into; `--out` elsewhere would start from none.
                let robots = dir.join("_site/robots.txt");
                std::fs::copy(&robots, out.join("robots.txt"))
                    .with_context(|| format!("{}: cannot copy", robots.display()))?;
            }
            crate::run(
                Command::new(&tools.sitemap)
                    .arg("scan")
                    .arg(&dir)
                    .arg("--out")
                    .arg(out)
                    .arg("--quiet"),
            )?;
        }
        "mdbook-book" => {
            crate::run(
                Command::new(&tools.build_book)
                    .arg(&dir)
                    .arg(out)
                    .arg(&tools.mdbook_sitemap),
            )?;
        }
        "build-rs" => {
            let manifest = dir.join("Cargo.toml");
            // Not a workspace member: without this its target/ would land
            // inside examples/build-rs/. Not `--locked`: its Cargo.lock is
            // a copy of the workspace's, and a dependency a toolkit crate
            // adds later is resolved rather than failing the run.
            let target = crate::target_dir().join("build-rs-example");
            crate::run(
                cargo()
                    .env("CARGO_TARGET_DIR", &target)
                    .args(["run", "--quiet", "--manifest-path"])
                    .arg(&manifest)
                    .arg("--")
                    .arg(out),
            )?;
            // Again with every optional feature of sitemap-build (git,
            // gzip, html): a user's crate must build either way, and the
            // features must not change what the default settings write.
            let full = out.with_extension("full");
            crate::run(
                cargo()
                    .env("CARGO_TARGET_DIR", &target)
                    .args(["run", "--quiet", "--features", "full", "--manifest-path"])
                    .arg(&manifest)
                    .arg("--")
                    .arg(&full),
            )?;
            let read = |p: &Path| {
                std::fs::read_to_string(p).with_context(|| format!("{}: cannot read", p.display()))
            };
            let (default, with_features) = (
                read(&out.join("sitemap.xml"))?,
                read(&full.join("sitemap.xml"))?,
            );
            if default != with_features {
                bail!(
                    "build-rs: --features full writes a different sitemap.xml (- default, + full):\n{}",
                    diff(&default, &with_features)
                );
            }
        }
        other => bail!("no build rule for example `{other}`"),
    }
    let mut written = Vec::new();
    collect(out, out, &mut written)?;
    written.retain(|(rel, _)| is_checked(rel));
    written.sort();
    if !written.iter().any(|(rel, _)| rel.ends_with(".xml")) {
        bail!("{name}: no sitemap was written under {}", out.display());
    }
    Ok(written)
}

/// The files of a build that are compared: sitemaps, indexes, robots.txt,
/// llms.txt.
fn is_checked(rel: &str) -> bool {
    let file = rel.rsplit('/').next().unwrap_or(rel);
    file == "robots.txt"
        || file == "llms.txt"
        || (file.starts_with("sitemap") && (file.ends_with(".xml") || file.ends_with(".txt")))
}

fn collect(base: &Path, dir: &Path, found: &mut Vec<(String, PathBuf)>) -> Result<()> {
    for entry in
        std::fs::read_dir(dir).with_context(|| format!("{}: cannot list", dir.display()))?
    {
        let path = entry?.path();
        if path.is_dir() {
            collect(base, &path, found)?;
        } else {
            let rel = path
                .strip_prefix(base)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            found.push((rel, path));
        }
    }
    Ok(())
}

/// xmllint against the schema the document needs: `sitemap.xsd`,
/// `siteindex.xsd`, or `sitemap-ext.xsd` when it uses xhtml alternates.
fn validate(name: &str, written: &[(String, PathBuf)]) -> Result<()> {
    let schemas = root().join("tests/data/schemas");
    for (rel, path) in written.iter().filter(|(rel, _)| rel.ends_with(".xml")) {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read", path.display()))?;
        let schema = if text.contains("<sitemapindex") {
            "siteindex.xsd"
        } else if text.contains("xmlns:xhtml=") || text.contains("xmlns:image=") {
            "sitemap-ext.xsd"
        } else {
            "sitemap.xsd"
        };
        let output = Command::new("xmllint")
            .args(["--nonet", "--noout", "--schema"])
            .arg(schemas.join(schema))
            .arg(path)
            .output()
            .context("cannot run xmllint (install libxml2-utils)")?;
        if !output.status.success() {
            bail!(
                "{name}: {rel} is not valid against {schema}:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
    }
    Ok(())
}

/// Every link of a set's llms.txt files is a page its sitemap lists, and
/// every page the sitemap lists is linked (each has a title: found, or
/// made from its URL), so the two never disagree about which pages
/// exist. A set's llms.txt files are the one beside its sitemap and each
/// language's in a folder below it with no sitemap of its own; their
/// links to one another (`…/llms.txt`) are not pages.
fn llms_txt_agrees(name: &str, written: &[(String, PathBuf)]) -> Result<()> {
    let read = |p: &Path| {
        std::fs::read_to_string(p).with_context(|| format!("{}: cannot read", p.display()))
    };
    let folder_of = |rel: &str| rel.rsplit_once('/').map_or("", |(f, _)| f).to_owned();
    let mut sets: std::collections::BTreeMap<String, (Vec<&str>, Vec<&Path>)> =
        std::collections::BTreeMap::new();
    for (rel, path) in written {
        if rel.ends_with(".xml") && read(path)?.contains("<urlset") {
            sets.entry(folder_of(rel)).or_default().1.push(path);
        }
    }
    for (rel, _) in written.iter().filter(|(rel, _)| rel.ends_with("llms.txt")) {
        let folder = folder_of(rel);
        let set = sets
            .keys()
            .filter(|set| {
                set.is_empty() || folder == **set || folder.starts_with(&format!("{set}/"))
            })
            .max_by_key(|set| set.len())
            .cloned()
            .with_context(|| format!("{name}: {rel} has no sitemap beside or above it"))?;
        sets.get_mut(&set).expect("found above").0.push(rel);
    }
    for (set, (llms, sitemaps)) in &sets {
        if llms.is_empty() {
            continue;
        }
        let mut listed = std::collections::BTreeSet::new();
        for sitemap in sitemaps {
            listed.extend(
                read(sitemap)?
                    .split("<loc>")
                    .skip(1)
                    .filter_map(|s| s.split_once("</loc>"))
                    .map(|(loc, _)| loc.replace("&amp;", "&")),
            );
        }
        // `- [title](url)` or `- [title](url): description`; the link
        // target has `(`/`)` percent-encoded.
        let mut linked = std::collections::BTreeSet::new();
        for rel in llms {
            let path = &written.iter().find(|(r, _)| r == rel).expect("listed").1;
            linked.extend(
                read(path)?
                    .lines()
                    .filter(|l| l.starts_with("- ["))
                    .filter_map(link_target)
                    .filter(|url| !url.ends_with("/llms.txt"))
                    .map(|url| url.replace("%28", "(").replace("%29", ")")),
            );
        }
        if linked != listed {
            bail!(
                "{name}: {} and the sitemap in `{set}` disagree; only in llms.txt: {:?}; only in the sitemap: {:?}",
                llms.join(", "),
                linked.difference(&listed).collect::<Vec<_>>(),
                listed.difference(&linked).collect::<Vec<_>>()
            );
        }
    }
    Ok(())
}

/// The target of a list item's link: after the first `](` whose `]` is
/// not escaped (a title may hold `\]`), up to the `)`.
fn link_target(line: &str) -> Option<&str> {
    let bytes = line.as_bytes();
    let at = (1..bytes.len())
        .find(|&i| bytes[i] == b']' && bytes.get(i + 1) == Some(&b'(') && bytes[i - 1] != b'\\')?;
    line[at + 2..].split_once(')').map(|(url, _)| url)
}

fn expected_dir(name: &str) -> PathBuf {
    root().join("examples").join(name).join("expected")
}

fn write_expected(name: &str, written: &[(String, PathBuf)]) -> Result<()> {
    let dir = expected_dir(name);
    let _ = std::fs::remove_dir_all(&dir);
    for (rel, path) in written {
        let to = dir.join(rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::copy(path, &to)
            .with_context(|| format!("cannot copy {} to {}", path.display(), to.display()))?;
    }
    eprintln!("xtask examples: {name}: wrote {}", dir.display());
    Ok(())
}

fn compare(name: &str, written: &[(String, PathBuf)]) -> Result<()> {
    let dir = expected_dir(name);
    let mut expected = Vec::new();
    if dir.is_dir() {
        collect(&dir, &dir, &mut expected)?;
    }
    expected.sort();
    let tolerate = lastmod_tolerated(name)?;
    let mut problems = Vec::new();
    let got_names: Vec<&str> = written.iter().map(|(r, _)| r.as_str()).collect();
    let want_names: Vec<&str> = expected.iter().map(|(r, _)| r.as_str()).collect();
    for missing in want_names.iter().filter(|n| !got_names.contains(n)) {
        problems.push(format!("{missing}: expected, but not written"));
    }
    for extra in got_names.iter().filter(|n| !want_names.contains(n)) {
        problems.push(format!(
            "{extra}: written, but not in examples/{name}/expected/"
        ));
    }
    for (rel, path) in written {
        let Some((_, want_path)) = expected.iter().find(|(r, _)| r == rel) else {
            continue;
        };
        let got = std::fs::read_to_string(path)?;
        let want = std::fs::read_to_string(want_path)?;
        if got == want {
            continue;
        }
        if let Some(reason) = &tolerate
            && without_lastmod(&got) == without_lastmod(&want)
        {
            eprintln!("xtask examples: {name}: {rel}: lastmod differs, tolerated ({reason})");
            continue;
        }
        problems.push(format!(
            "{rel} differs from examples/{name}/expected/{rel} (- expected, + written):\n{}",
            diff(&want, &got)
        ));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        bail!("{name}:\n{}", problems.join("\n"))
    }
}

/// Why git-made lastmod values may differ here, if they may.
fn lastmod_tolerated(name: &str) -> Result<Option<String>> {
    let rel = format!("examples/{name}");
    let git = |args: &[&str]| -> Option<String> {
        let output = Command::new("git")
            .args(args)
            .current_dir(root())
            .output()
            .ok()?;
        output
            .status
            .success()
            .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
    };
    Ok(match git(&["log", "-1", "--format=%H", "--", &rel]) {
        None => Some("not a git checkout".to_owned()),
        Some(h) if h.is_empty() => Some(format!("{rel} has no commit of its own")),
        Some(_) => {
            if git(&["rev-parse", "--is-shallow-repository"]).as_deref() == Some("true") {
                Some("shallow clone".to_owned())
            } else if git(&["status", "--porcelain", "--", &rel]).is_some_and(|s| !s.is_empty()) {
                Some(format!("{rel} has uncommitted changes"))
            } else {
                None
            }
        }
    })
}

/// The text with every `<lastmod>` element removed (each is on a line of
/// its own in what the writers produce).
fn without_lastmod(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("<lastmod>"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A line diff: the first region that differs, with a little context.
fn diff(want: &str, got: &str) -> String {
    let want: Vec<&str> = want.lines().collect();
    let got: Vec<&str> = got.lines().collect();
    let head = want.iter().zip(&got).take_while(|(a, b)| a == b).count();
    let tail = want[head..]
        .iter()
        .rev()
        .zip(got[head..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = Vec::new();
    let from = head.saturating_sub(2);
    for line in &want[from..head] {
        out.push(format!("   {line}"));
    }
    for line in &want[head..want.len() - tail] {
        out.push(format!(" - {line}"));
    }
    for line in &got[head..got.len() - tail] {
        out.push(format!(" + {line}"));
    }
    for line in want[want.len() - tail..].iter().take(2) {
        out.push(format!("   {line}"));
    }
    format!("  at line {}:\n{}", head + 1, out.join("\n"))
}
