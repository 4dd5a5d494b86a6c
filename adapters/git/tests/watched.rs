//! The `.git` files a build script watches, found without running git:
//! `HEAD`, the index and the current branch's ref, through a submodule's
//! or worktree's `gitdir:` file.

use std::path::{Path, PathBuf};

use sitemap_git::watched_files;

use crate::support::Repo;

const DATE: &str = "2024-01-01T00:00:00Z";

/// Each path made absolute with `..` resolved, so a `gitdir:` followed
/// relatively compares with the folder git names.
fn canonical(paths: &[PathBuf]) -> Vec<PathBuf> {
    paths.iter().map(|p| p.canonicalize().unwrap()).collect()
}

fn committed() -> Repo {
    let repo = Repo::new();
    repo.write("content/a.md", "a");
    repo.commit("one", DATE);
    repo
}

#[test]
fn watched_files_are_head_index_and_the_branch() {
    let repo = committed();
    let git = repo.dir.canonicalize().unwrap().join(".git");
    assert_eq!(
        watched_files(&repo.dir.join("content")),
        [
            git.join("HEAD"),
            git.join("index"),
            git.join("refs/heads/main")
        ]
    );
}

#[test]
fn watched_files_name_packed_refs_when_the_branch_is_packed() {
    let repo = committed();
    repo.git(&["pack-refs", "--all"]);
    let git = repo.dir.canonicalize().unwrap().join(".git");
    assert_eq!(
        watched_files(&repo.dir),
        [git.join("HEAD"), git.join("index"), git.join("packed-refs")]
    );
}

#[test]
fn watched_files_follow_a_submodules_gitdir() {
    let sub = committed();
    let top = committed();
    top.add_submodule(&sub, "themes/t", DATE);
    let files = watched_files(&top.dir.join("themes/t"));
    // `git submodule add` checks out the branch (`update` would detach).
    let git = top
        .dir
        .canonicalize()
        .unwrap()
        .join(".git/modules/themes/t");
    assert_eq!(
        canonical(&files),
        [
            git.join("HEAD"),
            git.join("index"),
            git.join("refs/heads/main")
        ]
    );
}

#[test]
fn watched_files_follow_a_worktrees_gitdir() {
    let repo = committed();
    let worktree = repo.dir.parent().unwrap().join("wt");
    repo.git(&[
        "worktree",
        "add",
        "-q",
        "-b",
        "other",
        worktree.to_str().unwrap(),
    ]);
    let files = watched_files(&worktree);
    let main = repo.dir.canonicalize().unwrap().join(".git");
    let git = main.join("worktrees/wt");
    // The worktree's branch is a ref of the main repository: a commit
    // made in the worktree moves `.git/refs/heads/other`, not a file
    // under `.git/worktrees/wt`.
    assert_eq!(
        canonical(&files),
        [
            git.join("HEAD"),
            git.join("index"),
            main.join("refs/heads/other")
        ]
    );
    repo.git(&["pack-refs", "--all"]);
    assert_eq!(
        canonical(&watched_files(&worktree))[2],
        main.join("packed-refs")
    );
}

#[test]
fn watched_files_outside_a_repository_are_none() {
    let dir = tempfile::tempdir().unwrap();
    assert!(dir.path().ancestors().all(|a| !a.join(".git").exists()));
    assert_eq!(watched_files(dir.path()), Vec::<PathBuf>::new());
    assert_eq!(
        watched_files(Path::new("/nonexistent/site")),
        Vec::<PathBuf>::new()
    );
}
