//! Files inside git submodules. The superproject's history records only
//! which commit of a submodule it holds (a gitlink, mode 160000), never
//! the files in it, so its `git log` would leave them undated and the
//! walk would fall back to their mtime: the checkout's time. Instead the
//! requested files are grouped by the submodule they lie in (one `git
//! ls-files --stage` call finds the gitlinks), and each submodule that
//! holds some gets its own read, the same pass and status run with the
//! submodule as the work tree. That read does the same for submodules
//! nested in it, so nesting needs no special case and each level costs
//! one more pass only when it holds requested files.
//!
//! A submodule that is not checked out (no `.git` in its folder) has no
//! history here; its files get [`GitLastmod::SubmoduleNotCheckedOut`]
//! and the caller is told which submodule ([`NotCheckedOut`]) to say so.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use super::pass::Git;
use super::{GitHistory, GitLastmod, NotCheckedOut};
use crate::error::Error;
use crate::options::GitOptions;

/// The requested files inside one submodule.
pub(super) struct InSubmodule {
    /// The submodule's path from the superproject's top level.
    pub(super) path: String,
    /// Each file's path inside the submodule, and its index among the
    /// requested files.
    pub(super) files: Vec<(String, usize)>,
}

impl Git {
    /// The gitlinks (submodules, checked out or not) the index holds
    /// under `prefix`, as paths from the top level.
    pub(super) fn gitlinks(&self, prefix: &str) -> Result<HashSet<String>, Error> {
        let pathspec = if prefix.is_empty() { "." } else { prefix };
        let out = self.output(&["ls-files", "--stage", "-z", "--", pathspec])?;
        if !out.status.success() {
            return Err(self.error(format!(
                "`git ls-files --stage` failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        // `MODE OID STAGE\tPATH`.
        Ok(out
            .stdout
            .split(|&b| b == 0)
            .filter_map(|entry| {
                let entry = entry.strip_prefix(b"160000 ")?;
                let tab = entry.iter().position(|&b| b == b'\t')?;
                Some(String::from_utf8_lossy(&entry[tab + 1..]).into_owned())
            })
            .collect())
    }
}

/// Takes out of `by_repo_path` (path from the top level → index) every
/// file that lies inside one of `links`, grouped by submodule, sorted by
/// its path.
pub(super) fn take_files(
    links: &HashSet<String>,
    by_repo_path: &mut HashMap<String, usize>,
) -> Vec<InSubmodule> {
    if links.is_empty() {
        return Vec::new();
    }
    let mut groups: HashMap<String, Vec<(String, usize)>> = HashMap::new();
    by_repo_path.retain(|path, &mut i| {
        // The outermost gitlink among the path's ancestors: a nested one
        // is the submodule's own business.
        let link = path
            .match_indices('/')
            .map(|(at, _)| &path[..at])
            .find(|ancestor| links.contains(*ancestor));
        match link {
            Some(link) => {
                let inside = path[link.len() + 1..].to_owned();
                groups.entry(link.to_owned()).or_default().push((inside, i));
                false
            }
            None => true,
        }
    });
    let mut groups: Vec<InSubmodule> = groups
        .into_iter()
        .map(|(path, mut files)| {
            files.sort();
            InSubmodule { path, files }
        })
        .collect();
    groups.sort_by(|a, b| a.path.cmp(&b.path));
    groups
}

impl GitHistory {
    /// Reads the submodule `sub` (under `toplevel`) with `read`, the same
    /// read as the superproject's, and puts its answers into `wanted` (by
    /// requested index) and its facts into `self`; `files` are the paths
    /// as requested, for what is reported.
    pub(super) fn add_submodule(
        &mut self,
        git: &Git,
        sub: &InSubmodule,
        files: &[PathBuf],
        wanted: &mut [Option<GitLastmod>],
        read: impl FnOnce(&Git, &[PathBuf]) -> Result<Option<GitHistory>, Error>,
    ) -> Result<(), Error> {
        let dir = self.toplevel.join(&sub.path);
        let inside: Vec<PathBuf> = sub.files.iter().map(|(p, _)| PathBuf::from(p)).collect();
        // Without its `.git` (a file naming the superproject's
        // `.git/modules/…`, or a folder) the folder is not a work tree,
        // and git asked there would answer for the superproject.
        let history = if dir.join(".git").exists() {
            read(&git.at(&dir), &inside)?.filter(|h| same_dir(h.toplevel(), &dir))
        } else {
            None
        };
        let Some(history) = history else {
            for &(_, i) in &sub.files {
                wanted[i] = Some(GitLastmod::SubmoduleNotCheckedOut);
            }
            self.not_checked_out.push(NotCheckedOut {
                path: PathBuf::from(&sub.path),
                files: sub.files.iter().map(|&(_, i)| files[i].clone()).collect(),
            });
            return Ok(());
        };
        self.shallow |= history.shallow;
        self.log_processes += history.log_processes;
        let index: HashMap<&Path, usize> = sub
            .files
            .iter()
            .map(|(p, i)| (Path::new(p.as_str()), *i))
            .collect();
        for (p, i) in &sub.files {
            wanted[*i] = history.files.get(Path::new(p)).cloned();
        }
        for nested in history.not_checked_out {
            self.not_checked_out.push(NotCheckedOut {
                path: Path::new(&sub.path).join(nested.path),
                files: nested
                    .files
                    .iter()
                    .filter_map(|f| index.get(f.as_path()).map(|&i| files[i].clone()))
                    .collect(),
            });
        }
        Ok(())
    }
}

/// Whether git's top level is the submodule's folder (the two may spell
/// it differently through symlinks).
fn same_dir(toplevel: &Path, dir: &Path) -> bool {
    toplevel == dir
        || matches!(
            (toplevel.canonicalize(), dir.canonicalize()),
            (Ok(a), Ok(b)) if a == b
        )
}

/// `options` for a submodule's read: an ignore-revs file the user named
/// (relative to the site root) stays that file.
pub(super) fn options_for_submodule(options: &GitOptions, root: &Path) -> GitOptions {
    let mut sub = options.clone();
    if let Some(p) = &options.ignore_revs
        && !p.as_os_str().is_empty()
    {
        sub.ignore_revs = Some(root.join(p));
    }
    sub
}
