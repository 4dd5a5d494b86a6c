//! Real git repositories in temp dirs, with fixed dates and no user or
//! system config, and the reference answers of `git log -1 -- FILE`: the
//! git reader's tests and the pages step's share them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A repository in a temp dir, removed when dropped.
pub struct Repo {
    // Held so the directory lives as long as the repository.
    _tmp: tempfile::TempDir,
    /// The work tree.
    pub dir: PathBuf,
}

/// A `git` command that sees neither the user's nor the system's config.
pub fn git_command(dir: &Path) -> Command {
    let mut cmd = Command::new("git");
    cmd.current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_AUTHOR_NAME", "Author")
        .env("GIT_AUTHOR_EMAIL", "author@example.org")
        .env("GIT_COMMITTER_NAME", "Committer")
        .env("GIT_COMMITTER_EMAIL", "committer@example.org")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
            "-c",
            "merge.ff=true",
        ]);
    cmd
}

/// Runs `git ARGS` in `dir` (with author and committer dates when given) and returns its stdout; panics naming the command when it fails.
pub fn run_git(dir: &Path, args: &[&str], date: Option<(&str, &str)>) -> String {
    let mut cmd = git_command(dir);
    cmd.args(args);
    if let Some((author, committer)) = date {
        cmd.env("GIT_AUTHOR_DATE", author)
            .env("GIT_COMMITTER_DATE", committer);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "git {args:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

impl Default for Repo {
    fn default() -> Repo {
        Repo::new()
    }
}

impl Repo {
    /// An empty repository on `main`.
    pub fn new() -> Repo {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("repo");
        std::fs::create_dir(&dir).unwrap();
        run_git(&dir, &["init", "-q", "-b", "main", "."], None);
        Repo { _tmp: tmp, dir }
    }

    /// A repository cloned from another with `git clone --depth N file://…`.
    pub fn shallow_clone(source: &Repo, depth: u32) -> Repo {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("clone");
        let url = format!("file://{}", source.dir.display());
        run_git(
            tmp.path(),
            &["clone", "-q", "--depth", &depth.to_string(), &url, "clone"],
            None,
        );
        Repo { _tmp: tmp, dir }
    }

    /// Runs `git ARGS` in the work tree; its stdout.
    pub fn git(&self, args: &[&str]) -> String {
        run_git(&self.dir, args, None)
    }

    /// Runs a committing command with both dates set to `date`.
    pub fn git_at(&self, date: &str, args: &[&str]) -> String {
        run_git(&self.dir, args, Some((date, date)))
    }

    /// `git submodule add` of `sub` at `path` (a local clone: file
    /// transport allowed for this one command), committed at `date`.
    pub fn add_submodule(&self, sub: &Repo, path: &str, date: &str) {
        let url = format!("file://{}", sub.dir.display());
        self.git(&[
            "-c",
            "protocol.file.allow=always",
            "submodule",
            "add",
            "-q",
            &url,
            path,
        ]);
        self.commit(&format!("add {path}"), date);
    }

    /// Writes a file of the work tree, creating its folders.
    pub fn write(&self, path: &str, contents: &str) {
        let file = self.dir.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, contents).unwrap();
    }

    /// Deletes a file of the work tree.
    pub fn remove(&self, path: &str) {
        std::fs::remove_file(self.dir.join(path)).unwrap();
    }

    /// Stages everything and commits with both dates at `date`.
    pub fn commit(&self, message: &str, date: &str) {
        self.commit_dated(message, date, date);
    }

    /// Stages everything and commits with these author and committer dates.
    pub fn commit_dated(&self, message: &str, author: &str, committer: &str) {
        self.git(&["add", "-A"]);
        run_git(
            &self.dir,
            &["commit", "-q", "--allow-empty", "-m", message],
            Some((author, committer)),
        );
    }

    /// `git log -1 --format=FORMAT -- FILE` in `dir` (None when empty).
    pub fn reference(dir: &Path, format: &str, file: &str) -> Option<String> {
        let out = run_git(
            dir,
            &["log", "-1", &format!("--format={format}"), "--", file],
            None,
        );
        let out = out.trim();
        // git before 2.40-odd writes a zero offset of `%cI`/`%aI` as
        // `+00:00`, later ones as `Z` (Debian 12's 2.39 vs 2.47 here); a
        // lastmod is written with `Z`, so compare in that form.
        let out = match out.strip_suffix("+00:00") {
            Some(time) if format.ends_with('I') => format!("{time}Z"),
            _ => out.to_owned(),
        };
        (!out.is_empty()).then_some(out)
    }

    /// Every file git tracks at HEAD under `sub` (relative to `sub`).
    pub fn tracked(&self, sub: &str) -> Vec<String> {
        let dir = self.dir.join(sub);
        let out = run_git(&dir, &["ls-files", "-z", "--", "."], None);
        let mut files: Vec<String> = out
            .split('\0')
            .filter(|f| !f.is_empty())
            .map(str::to_owned)
            .collect();
        files.sort();
        files
    }
}

/// One commit of [`fast_import`]: seconds since the epoch, offset, and
/// (path, content) of the files it writes.
pub use crate::git::Commit;

/// A linear history on `main` written with `git fast-import` and checked
/// out: each commit is (seconds since the epoch, offset such as `+0200`,
/// files it writes).
pub fn fast_import(commits: &[Commit<'_>]) -> Repo {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("repo");
    crate::git::history(&dir, 0, commits);
    Repo { _tmp: tmp, dir }
}
