//! A `git` that never answers (a partial clone fetching lazily, a wedged
//! network file system, a credential prompt) used to block `sitemap scan`
//! forever with nothing printed. A fake `git` on `PATH` that sleeps
//! stands in for it.

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::text;

/// A site with a page, and a `git` on `PATH` that sleeps as a shell
/// script would (its `sleep` a child in its process group, holding the
/// pipes: killing only the script would leave the run blocked reading).
fn site_and_hanging_git(dir: &Path) -> (std::path::PathBuf, String) {
    let site = dir.join("site");
    for (path, text) in [
        ("zola.toml", "base_url = \"https://example.org\"\n"),
        ("content/a.md", "+++\n+++\nA\n"),
    ] {
        let path = site.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    let bin = dir.join("bin");
    fs::create_dir_all(&bin).unwrap();
    let git = bin.join("git");
    fs::write(&git, "#!/bin/sh\nsleep 600\n").unwrap();
    fs::set_permissions(&git, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    (site, path)
}

/// The run fails at `git.timeout`, after a notice naming the command it
/// waits for, and leaves no sitemap behind.
#[test]
fn hanging_git_fails_at_the_timeout_with_a_notice() {
    let tmp = tempfile::tempdir().unwrap();
    let (site, path) = site_and_hanging_git(tmp.path());
    fs::write(site.join("sitemap.toml"), "[git]\ntimeout = 2\n").unwrap();
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .arg("scan")
        .current_dir(&site)
        .env("NO_COLOR", "1")
        .env("PATH", &path)
        .output()
        .unwrap();
    let took = started.elapsed();
    let stderr = text(&out.stderr, &site);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        "notice: still waiting for `git rev-parse --show-toplevel --show-prefix --is-shallow-repository --git-path shallow` in . after 1 s; the run fails after 2 s (`git.timeout`)\n\
error: git in .: `git rev-parse --show-toplevel --show-prefix --is-shallow-repository --git-path shallow` did not finish within 2 s (`git.timeout`), so it was stopped; a partial clone fetching objects, a slow network file system or a credential prompt can block git: fix that, raise `git.timeout` (0 for no limit), or leave `git` out of `lastmod`\n"
    );
    assert!(took < Duration::from_secs(30), "took {took:?}");
    assert!(!site.join("public").exists());
}

/// The flag sets the same limit, and wins over the file.
#[test]
fn git_timeout_flag_wins_over_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let (site, path) = site_and_hanging_git(tmp.path());
    fs::write(site.join("sitemap.toml"), "[git]\ntimeout = 0\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--git-timeout", "1"])
        .current_dir(&site)
        .env("NO_COLOR", "1")
        .env("PATH", &path)
        .output()
        .unwrap();
    let stderr = text(&out.stderr, &site);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr.lines().last(),
        Some(
            "error: git in .: `git rev-parse --show-toplevel --show-prefix --is-shallow-repository --git-path shallow` did not finish within 1 s (`git.timeout`), so it was stopped; a partial clone fetching objects, a slow network file system or a credential prompt can block git: fix that, raise `git.timeout` (0 for no limit), or leave `git` out of `lastmod`"
        )
    );
}

/// The history pass itself: `git rev-parse` and `git status` answer, the
/// `git log` never does. Its `sleep` child holds the pipe the walk reads:
/// only killing the process group ends the read.
#[test]
fn hanging_git_log_fails_the_pass_naming_it() {
    let tmp = tempfile::tempdir().unwrap();
    let (site, path) = site_and_hanging_git(tmp.path());
    let real = String::from_utf8(
        Command::new("sh")
            .args(["-c", "command -v git"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let fake = tmp.path().join("bin/git");
    fs::write(
        &fake,
        format!(
            "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = log ] && {{ sleep 600; exit 1; }}; done\nexec {} \"$@\"\n",
            real.trim()
        ),
    )
    .unwrap();
    for args in [
        &["init", "-q"][..],
        &["add", "."],
        &[
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.org",
            "commit",
            "-q",
            "-m",
            "a",
        ],
    ] {
        let status = Command::new(real.trim())
            .args(args)
            .current_dir(&site)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .status()
            .unwrap();
        assert!(status.success());
    }
    let out = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--git-timeout", "2"])
        .current_dir(&site)
        .env("NO_COLOR", "1")
        .env("PATH", &path)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .output()
        .unwrap();
    let stderr = text(&out.stderr, &site);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        "notice: still waiting for `git log` in <site> after 1 s; the run fails after 2 s (`git.timeout`)\n\
error: git in <site>: `git log` did not finish within 2 s (`git.timeout`), so it was stopped; a partial clone fetching objects, a slow network file system or a credential prompt can block git: fix that, raise `git.timeout` (0 for no limit), or leave `git` out of `lastmod`\n"
    );
    assert!(!site.join("public").exists());
}
