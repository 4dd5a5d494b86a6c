//! Finding a program the readers run (`git` here; `hugo` for the Hugo
//! reader) on `PATH`, in absolute entries only.
//!
//! An empty entry (`:/usr/bin`, a trailing `:`) means the current folder,
//! and a relative one (`bin:/usr/bin`) a folder below it; a scan runs in
//! the site's folder (and git in the site's), so either would run a
//! `git` or `hugo` that the scanned site ships, whoever wrote it. Go's
//! `os/exec` refuses such a result since Go 1.19 (`exec.ErrDot`); here
//! such entries are skipped, so the program of the first absolute entry
//! that has one is run, and none is when only the site has one.
//!
//! ```
//! let git = sitemap_git::find_program("git");
//! assert!(git.as_deref().is_none_or(std::path::Path::is_absolute));
//! ```

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The program `name` (a bare name, such as `git`) in the first absolute
/// entry of `PATH` that holds it as an executable file; `None` when no
/// absolute entry does, `PATH` is unset, or `name` is not a bare name.
/// Looked up anew on each call: a caller keeps the path for a run.
pub fn find_program(name: &str) -> Option<PathBuf> {
    find_in(name, std::env::var_os("PATH").as_deref())
}

/// [`find_program`] over the `PATH` value `path`.
fn find_in(name: &str, path: Option<&OsStr>) -> Option<PathBuf> {
    if name.is_empty() || name == "." || name == ".." || name.contains(['/', '\\']) {
        return None;
    }
    std::env::split_paths(path?)
        .filter(|dir| dir.is_absolute())
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

/// Whether `path` is a file (a link to one counts) that may be run.
fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    /// A folder holding an executable `tool` (and a plain file `data`).
    fn bin() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("tool"), "#!/bin/sh\n").unwrap();
        std::fs::set_permissions(
            dir.path().join("tool"),
            std::fs::Permissions::from_mode(0o755),
        )
        .unwrap();
        std::fs::write(dir.path().join("data"), "").unwrap();
        dir
    }

    fn path_of(entries: &[&str]) -> std::ffi::OsString {
        std::env::join_paths(entries).unwrap()
    }

    #[test]
    fn only_absolute_entries_are_searched() {
        let first = bin();
        let second = bin();
        let second_dir = second.path().to_str().unwrap();
        let expected = Some(second.path().join("tool"));
        // The empty entry, `.` and a relative folder all name folders
        // below the current one: skipped, so the absolute entry answers.
        for entries in [
            &["", second_dir][..],
            &[".", second_dir],
            &["bin", second_dir],
            &["./bin", "../x", second_dir, ""],
        ] {
            assert_eq!(
                find_in("tool", Some(&path_of(entries))),
                expected,
                "{entries:?}"
            );
        }
        let first_dir = first.path().to_str().unwrap();
        assert_eq!(
            find_in("tool", Some(&path_of(&[first_dir, second_dir]))),
            Some(first.path().join("tool"))
        );
    }

    #[test]
    fn nothing_is_found_without_an_absolute_entry_holding_an_executable() {
        let dir = bin();
        let abs = dir.path().to_str().unwrap();
        assert_eq!(find_in("tool", None), None);
        assert_eq!(find_in("tool", Some(&path_of(&["", ".", "bin"]))), None);
        // Not executable, a folder, a path rather than a name.
        assert_eq!(find_in("data", Some(&path_of(&[abs]))), None);
        std::fs::create_dir(dir.path().join("folder")).unwrap();
        std::fs::set_permissions(
            dir.path().join("folder"),
            std::fs::Permissions::from_mode(0o755),
        )
        .unwrap();
        assert_eq!(find_in("folder", Some(&path_of(&[abs]))), None);
        assert_eq!(find_in("./tool", Some(&path_of(&[abs]))), None);
        assert_eq!(find_in("", Some(&path_of(&[abs]))), None);
    }
}
