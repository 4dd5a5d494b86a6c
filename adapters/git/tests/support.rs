//! Real git repositories in temp dirs, with fixed dates and no user or
//! system config, and the reference answers of `git log -1 -- FILE`.

use std::path::{Path, PathBuf};
use std::process::Command;

pub(crate) struct Repo {
    // Held so the directory lives as long as the repository.
    _tmp: tempfile::TempDir,
    pub(crate) dir: PathBuf,
}

/// A `git` command that sees neither the user's nor the system's config.
pub(crate) fn git_command(dir: &Path) -> Command {
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

pub(crate) fn run_git(dir: &Path, args: &[&str], date: Option<(&str, &str)>) -> String {
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

impl Repo {
    pub(crate) fn new() -> Repo {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("repo");
        std::fs::create_dir(&dir).unwrap();
        run_git(&dir, &["init", "-q", "-b", "main", "."], None);
        Repo { _tmp: tmp, dir }
    }

    /// A repository cloned from another with `git clone --depth N file://…`.
    pub(crate) fn shallow_clone(source: &Repo, depth: u32) -> Repo {
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

    pub(crate) fn git(&self, args: &[&str]) -> String {
        run_git(&self.dir, args, None)
    }

    /// Runs a committing command with both dates set to `date`.
    pub(crate) fn git_at(&self, date: &str, args: &[&str]) -> String {
        run_git(&self.dir, args, Some((date, date)))
    }

    /// `git submodule add` of `sub` at `path` (a local clone: file
    /// transport allowed for this one command), committed at `date`.
    pub(crate) fn add_submodule(&self, sub: &Repo, path: &str, date: &str) {
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

    pub(crate) fn write(&self, path: &str, contents: &str) {
        let file = self.dir.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, contents).unwrap();
    }

    pub(crate) fn remove(&self, path: &str) {
        std::fs::remove_file(self.dir.join(path)).unwrap();
    }

    /// Stages everything and commits with both dates at `date`.
    pub(crate) fn commit(&self, message: &str, date: &str) {
        self.commit_dated(message, date, date);
    }

    pub(crate) fn commit_dated(&self, message: &str, author: &str, committer: &str) {
        self.git(&["add", "-A"]);
        run_git(
            &self.dir,
            &["commit", "-q", "--allow-empty", "-m", message],
            Some((author, committer)),
        );
    }

    /// `git log -1 --format=FORMAT -- FILE` in `dir` (None when empty).
    pub(crate) fn reference(dir: &Path, format: &str, file: &str) -> Option<String> {
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
    pub(crate) fn tracked(&self, sub: &str) -> Vec<String> {
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
