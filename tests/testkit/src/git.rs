//! Git repositories for tests: a `git` that sees neither the user's nor
//! the system's configuration, histories written with `git fast-import`
//! (any dates, no clock), and `git log`'s answer in the form a lastmod is
//! written, to compare with.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// `git` in `dir`, isolated from the machine's configuration.
pub fn command(dir: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_AUTHOR_NAME", "A")
        .env("GIT_AUTHOR_EMAIL", "a@example.org")
        .env("GIT_COMMITTER_NAME", "C")
        .env("GIT_COMMITTER_EMAIL", "c@example.org")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "protocol.file.allow=always",
        ]);
    cmd
}

/// Runs `git ARGS` in `dir`; its stdout. Panics with git's stderr.
pub fn run(dir: &Path, args: &[&str]) -> String {
    let out = command(dir).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `git log -1 --format=%cI -- FILE`, a zero offset written `Z` as a
/// lastmod writes it (older git writes `+00:00`).
pub fn log_date(dir: &Path, file: &str) -> String {
    let out = run(dir, &["log", "-1", "--format=%cI", "--", file]);
    let out = out.trim();
    out.strip_suffix("+00:00")
        .map_or_else(|| out.to_owned(), |t| format!("{t}Z"))
}

/// One commit: seconds after the history's base time, its offset
/// (`+0000`), and the (path, content) of the files it writes.
pub type Commit<'a> = (u64, &'a str, &'a [(&'a str, &'a str)]);

/// A repository in `dir` (made if missing) whose branch `main` is
/// `commits`, each dated `base` + its seconds, written with
/// `git fast-import` and checked out.
pub fn history(dir: &Path, base: u64, commits: &[Commit<'_>]) {
    std::fs::create_dir_all(dir).unwrap();
    run(dir, &["init", "-q", "-b", "main"]);
    let mut stream = Vec::new();
    for (n, (after, offset, files)) in commits.iter().enumerate() {
        writeln!(stream, "commit refs/heads/main\nmark :{}", n + 1).unwrap();
        writeln!(
            stream,
            "committer C <c@example.org> {} {offset}\ndata 4\nedit",
            base + after
        )
        .unwrap();
        if n > 0 {
            writeln!(stream, "from :{n}").unwrap();
        }
        for (path, content) in *files {
            writeln!(
                stream,
                "M 100644 inline {path}\ndata {}\n{content}",
                content.len()
            )
            .unwrap();
        }
    }
    writeln!(stream, "done").unwrap();
    let mut child = command(dir)
        .args(["fast-import", "--quiet", "--done"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&stream).unwrap();
    assert!(child.wait().unwrap().success());
    run(dir, &["checkout", "-q", "-f", "main"]);
}
