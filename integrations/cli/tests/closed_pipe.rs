//! A reader that stops early (`sitemap scan --dry-run | head`) closes the
//! pipe under the listing: the run ends there quietly, as `cat` and
//! ripgrep do, instead of printing a broken-pipe error and failing.

use std::fs;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// `scan --dry-run` into a pipe whose reader takes one line and closes it:
/// exit 0, and stderr says nothing of the pipe. The listing is far larger
/// than a pipe's buffer, so the write after the close does fail.
#[test]
fn dry_run_into_a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("zola.toml"), "base_url = \"https://example.org\"\n").unwrap();
    fs::create_dir_all(d.join("content")).unwrap();
    fs::write(d.join("content/_index.md"), "+++\n+++\n").unwrap();
    for i in 0..3000 {
        fs::write(
            d.join(format!("content/page-{i:04}.md")),
            "+++\ndate = 2024-01-01\n+++\nA\n",
        )
        .unwrap();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(["scan", "--dry-run", "--lastmod", "date"])
        .current_dir(d)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here: the pipe is closed.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        first,
        "https://example.org/\tlastmod=2024-01-01\tsource=content/_index.md\n"
    );
    assert_eq!(
        (out.status.code(), stderr.as_ref()),
        (Some(0), ""),
        "a closed pipe ends the run quietly"
    );
}
