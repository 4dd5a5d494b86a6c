//! The files whose change means git's answer may have changed, for a
//! build script to tell cargo (`cargo:rerun-if-changed`): found by
//! reading `.git` the way git does, without running it, since a build
//! script runs on every build.

use std::path::{Path, PathBuf};

/// The files whose change means git's answer for files under `root` may
/// have changed: `HEAD`, the index, and the ref `HEAD` points to (its
/// loose file, or `packed-refs` when it has none).
///
/// The repository is the nearest `.git` at or above `root`; a worktree's
/// or submodule's `.git` file names the real folder (`gitdir: PATH`,
/// relative to the file's folder), and a worktree's branch is found in
/// the main repository's folder (its `commondir`). Empty outside any
/// repository or when `.git` cannot be read.
pub fn watched_files(root: &Path) -> Vec<PathBuf> {
    let start = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let Some(dot_git) = start
        .ancestors()
        .map(|a| a.join(".git"))
        .find(|g| g.exists())
    else {
        return Vec::new();
    };
    // A worktree or submodule has a `.git` file naming the real folder.
    let git_dir = if dot_git.is_file() {
        match std::fs::read_to_string(&dot_git) {
            Ok(text) => match text.trim().strip_prefix("gitdir:") {
                Some(p) => dot_git
                    .parent()
                    .map_or_else(|| PathBuf::from(p.trim()), |d| d.join(p.trim())),
                None => return Vec::new(),
            },
            Err(_) => return Vec::new(),
        }
    } else {
        dot_git
    };
    let head = git_dir.join("HEAD");
    let mut files = vec![head.clone(), git_dir.join("index")];
    // A worktree's own folder holds its HEAD and index; its branches
    // live in the main repository's, which `commondir` names (relative
    // to the worktree's folder), as git itself resolves them.
    let common_dir = match std::fs::read_to_string(git_dir.join("commondir")) {
        Ok(text) => git_dir.join(text.trim()),
        Err(_) => git_dir.clone(),
    };
    if let Ok(text) = std::fs::read_to_string(&head)
        && let Some(r) = text.trim().strip_prefix("ref:")
    {
        let loose = common_dir.join(r.trim());
        if loose.is_file() {
            files.push(loose);
        } else {
            files.push(common_dir.join("packed-refs"));
        }
    }
    files
}
