//! The real generators: where to find them, how each builds a site, and
//! what mdBook (which writes no sitemap) wrote instead.
//!
//! A tool is the program named by `SITEMAP_CORPUS_<HUGO|ZOLA|MDBOOK>`, else
//! the one on `PATH`. The build commands of other generators (`html`
//! sites) also look in `target/corpus/venv/bin` and
//! `target/corpus/node_modules/.bin`, where their PyPI and npm tools are
//! installed. Our own binary is built in release mode, or named by
//! `SITEMAP_CORPUS_OURS` (a debug build, on a machine where a release
//! build of every dependency would take longer than the runs).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use super::list::{Generator, Site};
use crate::urlsets::UrlSet;

/// Our own `sitemap`, built in release mode; or the binary named by
/// `SITEMAP_CORPUS_OURS` (a debug build, when a release build of the
/// whole dependency tree would take longer than the runs it serves).
pub(crate) fn our_binary() -> Result<PathBuf> {
    if let Some(path) = std::env::var_os("SITEMAP_CORPUS_OURS") {
        return Ok(PathBuf::from(path));
    }
    crate::run(crate::cargo().args(["build", "--release", "-q", "-p", "sitemap-cli"]))?;
    Ok(crate::root().join("target/release/sitemap"))
}

/// The generator's program, or `None` when it is not installed.
pub(crate) fn find(generator: Generator) -> Result<Option<PathBuf>> {
    let (var, name) = match generator {
        Generator::Hugo => ("SITEMAP_CORPUS_HUGO", "hugo"),
        Generator::Zola => ("SITEMAP_CORPUS_ZOLA", "zola"),
        Generator::Mdbook => ("SITEMAP_CORPUS_MDBOOK", "mdbook"),
        // Each html site names its own program; checked when it runs.
        Generator::Html => return Ok(Some(PathBuf::new())),
    };
    if let Some(path) = std::env::var_os(var) {
        return Ok(Some(PathBuf::from(path)));
    }
    Ok(on_path(name))
}

pub(crate) fn hint(generator: Generator) -> &'static str {
    match generator {
        Generator::Hugo => "install Debian's hugo (0.111.3) or set SITEMAP_CORPUS_HUGO",
        Generator::Zola => "put zola 0.22.1 on PATH or set SITEMAP_CORPUS_ZOLA",
        Generator::Mdbook => {
            "cargo install mdbook --version 0.5.4 --locked, or set SITEMAP_CORPUS_MDBOOK"
        }
        Generator::Html => "see tests/corpus/README.md",
    }
}

fn on_path(name: &str) -> Option<PathBuf> {
    let extra = [
        crate::root().join("target/corpus/venv/bin"),
        crate::root().join("target/corpus/node_modules/.bin"),
    ];
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(extra)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The tool's version line, for the report.
pub(crate) fn version(tool: &Path) -> String {
    Command::new(tool)
        .arg(if tool.ends_with("hugo") {
            "version"
        } else {
            "--version"
        })
        .output()
        .map(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .next()
                .unwrap_or("")
                .to_owned()
        })
        .unwrap_or_default()
}

/// Builds the site at `root` into `out` with the real generator.
pub(crate) fn build(site: &Site, tool: &Path, root: &Path, out: &Path) -> Result<()> {
    let mut cmd = match site.generator {
        Generator::Hugo => {
            let mut cmd = Command::new(tool);
            cmd.arg("--source")
                .arg(root)
                .arg("--destination")
                .arg(out)
                .args(["--baseURL", &site.base_url, "--quiet"]);
            cmd
        }
        Generator::Zola => {
            let mut cmd = Command::new(tool);
            cmd.arg("--root")
                .arg(root)
                .arg("build")
                .arg("--output-dir")
                .arg(out)
                .args(["--base-url", &site.base_url, "--force"]);
            cmd
        }
        Generator::Mdbook => {
            let mut cmd = Command::new(tool);
            cmd.arg("build").arg(root).arg("--dest-dir").arg(out);
            cmd
        }
        Generator::Html => {
            let words: Vec<String> = site
                .build
                .iter()
                .map(|w| {
                    w.replace("{out}", &out.to_string_lossy())
                        .replace("{root}", &root.to_string_lossy())
                        .replace("{base}", &site.base_url)
                })
                .collect();
            let program = on_path(&words[0])
                .with_context(|| format!("`{}` not found: see tests/corpus/README.md", words[0]))?;
            let mut cmd = Command::new(program);
            cmd.args(&words[1..]);
            cmd
        }
    };
    // Hugo and Zola take extra flags from the list; html sites gave the
    // whole command above.
    if site.generator != Generator::Html {
        cmd.args(&site.build);
    }
    cmd.current_dir(root).envs(&site.env);
    let shown = format!("{cmd:?}");
    let output = cmd
        .output()
        .with_context(|| format!("cannot run {shown}"))?;
    if !output.status.success() {
        bail!(
            "the generator failed: {shown}\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(())
}

/// mdBook writes no sitemap: its URL set is the HTML files it wrote (in
/// `html/` when the book has several outputs), as URLs under `base_url`.
pub(crate) fn mdbook_pages(built: &Path, base_url: &str) -> Result<UrlSet> {
    let dir = if built.join("html").is_dir() {
        built.join("html")
    } else {
        built.to_path_buf()
    };
    let mut set = UrlSet::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).with_context(|| format!("{}", d.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                let rel = path
                    .strip_prefix(&dir)?
                    .to_string_lossy()
                    .replace('\\', "/");
                set.insert(format!("{base_url}{rel}"), None);
            }
        }
    }
    Ok(set)
}
