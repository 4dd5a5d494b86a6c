//! The progress line of a long scan (`⠋ scanning content: 1,201 files
//! (0s)`): on a terminal it shows the step and the count of files read;
//! with stderr not a terminal, with `-q` and with `--output json` nothing
//! of it is printed. The terminal is a real pty, made by util-linux's
//! `script` (no pty crate needed); `SITEMAP_PROGRESS_DELAY_MS=0` shows
//! the line at once instead of after a second, so a small site draws it.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// A Zola site of 1,200 pages and its section: 1,201 content files. No
/// lastmod source, so no git warning.
fn site(dir: &Path) {
    fs::write(
        dir.join("zola.toml"),
        "base_url = \"https://example.org\"\n",
    )
    .unwrap();
    fs::write(dir.join("sitemap.toml"), "lastmod = []\n").unwrap();
    let content = dir.join("content");
    fs::create_dir_all(&content).unwrap();
    fs::write(content.join("_index.md"), "+++\n+++\n").unwrap();
    for i in 0..1200 {
        fs::write(
            content.join(format!("p{i}.md")),
            format!("+++\ntitle = \"p{i}\"\n+++\nPage {i}.\n"),
        )
        .unwrap();
    }
}

/// `sitemap ARGS` in `dir`, stderr a pipe.
fn piped(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("SITEMAP_PROGRESS_DELAY_MS", "0")
        .output()
        .unwrap()
}

/// `sitemap ARGS` on a pty: what the terminal received (stdout and
/// stderr together), `\r\n` as `\n`.
fn on_pty(dir: &Path, args: &str) -> String {
    let bin = env!("CARGO_BIN_EXE_sitemap");
    let out = Command::new("script")
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("SITEMAP_PROGRESS_DELAY_MS", "0")
        .stdin(std::process::Stdio::null())
        .args(["-q", "-e", "-c", &format!("{bin} {args}"), "/dev/null"])
        .output()
        .unwrap_or_else(|e| panic!("util-linux `script` is needed for a pty: {e}"));
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n")
}

/// Stderr not a terminal: the summary line alone, whole.
#[test]
fn with_stderr_not_a_terminal_nothing_of_the_line_is_printed() {
    let tmp = tempfile::tempdir().unwrap();
    site(tmp.path());
    let out = piped(tmp.path(), &["scan", "--out", "out"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\n\
         sitemap: 1201 files read, 1201 URLs, none excluded; wrote out/sitemap.xml\n"
    );
    assert!(out.stdout.is_empty());
}

/// On a terminal: each drawn line names a step and a count that only
/// grows, the last one every file (`1,201`, drawn as the line ends);
/// then the summary.
#[test]
fn on_a_terminal_the_line_counts_the_files_read() {
    let tmp = tempfile::tempdir().unwrap();
    site(tmp.path());
    let shown = on_pty(tmp.path(), "scan --out out");
    let (bar, summary) = shown
        .rsplit_once("\x1b[2K")
        .expect("the line was drawn and cleared");
    assert_eq!(
        summary,
        "public/: warning: no built page, so the sitemap is not checked against the site; run `zola build` first, then the scan\n\
         sitemap: 1201 files read, 1201 URLs, none excluded; wrote out/sitemap.xml\n"
    );
    let mut counts = Vec::new();
    let mut steps = Vec::new();
    for line in bar.split("\r\x1b[2K") {
        let line = line.trim();
        // A spinner frame (or none on the final draw), the step, the count.
        let text = line.split_once(' ').map_or(line, |(first, rest)| {
            if first.chars().all(|c| !c.is_ascii()) {
                rest
            } else {
                line
            }
        });
        let (step, rest) = text.split_once(": ").unwrap_or_else(|| panic!("{line:?}"));
        let (count, elapsed) = rest
            .split_once(" files (")
            .unwrap_or_else(|| panic!("{line:?}"));
        assert!(elapsed.ends_with("s)"), "{line:?}");
        steps.push(step.to_owned());
        counts.push(count.replace(',', "").parse::<u64>().unwrap());
    }
    // `scanning` while the settings are read, then the engine's steps.
    let known = ["scanning", "scanning content", "reading lastmod"];
    assert!(
        steps.iter().all(|s| known.contains(&s.as_str())),
        "{steps:?}"
    );
    assert!(steps.iter().any(|s| s == "scanning content"), "{steps:?}");
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
    assert!(bar.contains(": 1,201 files ("), "{bar:?}");
    assert_eq!(counts.last(), Some(&1201));
}

/// On a terminal, `-q` prints nothing at all, and `--output json` only
/// the document.
#[test]
fn on_a_terminal_quiet_and_json_draw_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    site(tmp.path());
    assert_eq!(on_pty(tmp.path(), "scan -q --out out"), "");
    let shown = on_pty(tmp.path(), "scan --output json --out out");
    let json: serde_json::Value =
        serde_json::from_str(&shown).unwrap_or_else(|e| panic!("{e}: {shown:?}"));
    assert_eq!(json["files_read"], 1201);
}
