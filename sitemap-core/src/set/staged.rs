//! [`StagedSet`]: a written set not yet visible, with the files that go
//! with it (stylesheet, HTML page, robots.txt), published as one unit.

use std::io;
use std::path::Path;
use std::path::PathBuf;

use super::SetOptions;
use super::cleanup::Leftovers;
use super::cleanup::check_journal;
use super::cleanup::group_part;
use super::cleanup::journal_name;
use super::cleanup::journal_text;
use super::cleanup::leftovers;
use super::cleanup::part_number;
use super::error::SetError;
use super::error::SetErrorKind;
use super::report::SetReport;
use crate::Loc;
use crate::output::OutputDir;
use crate::output::StagedFile;
use crate::robots::RobotsError;

/// A set written and synced under temporary names, with the lock on its
/// folder still held: add the files that go with it, then
/// [`commit`](Self::commit). Dropped uncommitted, every temporary file is
/// removed and the folder is as it was.
///
/// ```
/// use sitemap_core::{SetOptions, SetWriter, Url};
///
/// let dir = tempfile::tempdir()?;
/// let options = SetOptions::new(dir.path(), "https://example.org/".parse()?)
///     .with_stylesheet("sitemap.xsl");
/// let mut writer = SetWriter::new(options)?;
/// writer.push(&Url::new("https://example.org/a".parse()?))?;
/// let mut staged = writer.stage()?;
/// staged.add_file("sitemap.xsl", sitemap_core::human::XSL.as_bytes())?;
/// let (robots, changed) = staged.stage_robots(&[])?;
/// assert!(changed && !robots.exists(), "staged, not yet published");
/// let report = staged.commit()?;
/// assert_eq!(
///     std::fs::read_to_string(&robots)?,
///     "User-agent: *\nAllow: /\n\nSitemap: https://example.org/sitemap.xml\n"
/// );
/// assert!(report.root().0.exists() && dir.path().join("sitemap.xsl").exists());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct StagedSet {
    pub(super) options: SetOptions,
    pub(super) folder: Loc,
    pub(super) out: OutputDir,
    pub(super) parts: Vec<StagedFile>,
    pub(super) extras: Vec<StagedFile>,
    pub(super) root: StagedFile,
    pub(super) robots: Option<StagedFile>,
    /// Files that go with the previous set only (an llms.txt the
    /// settings no longer ask for), removed with its leftovers.
    pub(super) retired: Vec<PathBuf>,
    pub(super) report: SetReport,
}

impl StagedSet {
    /// The set as it will be once committed (`removed` still empty).
    pub fn report(&self) -> &SetReport {
        &self.report
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        self.out.path()
    }

    /// Stages `bytes` as the file `name` in the set's folder (a
    /// stylesheet, an HTML page), published with the set just before its
    /// root. Returns the path it will have.
    pub fn add_file(&mut self, name: &str, bytes: &[u8]) -> Result<PathBuf, SetError> {
        let path = self.out.path().join(name);
        let ours = [
            self.options.single_name(),
            self.options.index_name(),
            crate::robots::ROBOTS_FILE_NAME.to_owned(),
        ];
        if name.is_empty()
            || name == "."
            || name == ".."
            || name.contains(['/', '\\'])
            || ours.iter().any(|n| n == name)
            || part_number(name, &self.options.stem).is_some()
            || group_part(name, &self.options.stem)
            || self.extras.iter().any(|e| e.path() == path)
        {
            return Err(SetError::new(
                path,
                SetErrorKind::Options(format!(
                    "`{name}` cannot be added to the set: expected a file name of its own in the folder, not a path, a sitemap name or robots.txt"
                )),
            ));
        }
        let staged = self.out.stage(name, bytes)?;
        let path = staged.path().to_owned();
        self.extras.push(staged);
        Ok(path)
    }

    /// Stages `bytes` as the file `name` in `folder`, a folder below the
    /// set's named by plain names joined with `/` (`fr` for a language's
    /// `fr/llms.txt`), published with the set's other files; `folder` is
    /// created then if missing. The temporary file is made in the set's
    /// own folder, which the run holds, and renamed into `folder` (on the
    /// same filesystem, so the rename is still atomic). No part of
    /// `folder` may be a link or a file: nothing is written outside the
    /// set's folder. Returns the path the file will have.
    pub fn add_file_in(
        &mut self,
        folder: &str,
        name: &str,
        bytes: &[u8],
    ) -> Result<PathBuf, SetError> {
        let below = self.folder_below(folder, name, "added to")?;
        let path = self.out.path().join(&below).join(name);
        if self.extras.iter().any(|e| e.path() == path) {
            return Err(SetError::new(
                path,
                SetErrorKind::Options(format!("`{folder}/{name}` is already added to the set")),
            ));
        }
        let staged = self.out.stage_below(&below, name, bytes)?;
        let path = staged.path().to_owned();
        self.extras.push(staged);
        Ok(path)
    }

    /// Removes the file `name` in the set's folder once the set is
    /// published, with the previous set's leftovers (and listed in
    /// [`SetReport::removed`]): a companion file the new set no longer
    /// has. The caller decides that the file is its own to remove.
    pub fn retire_file(&mut self, name: &str) -> Result<(), SetError> {
        let path = self.out.path().join(name);
        if !plain_name(name) {
            return Err(SetError::new(
                path,
                SetErrorKind::Options(format!(
                    "`{name}` cannot be removed with the set: expected a file name in the folder"
                )),
            ));
        }
        self.retired.push(path);
        Ok(())
    }

    /// [`retire_file`](Self::retire_file) for the file `name` in `folder`
    /// below the set's, named as for [`add_file_in`](Self::add_file_in).
    pub fn retire_file_in(&mut self, folder: &str, name: &str) -> Result<(), SetError> {
        let below = self.folder_below(folder, name, "removed with")?;
        self.retired.push(self.out.path().join(below).join(name));
        Ok(())
    }

    /// `folder` as a path below the set's folder, once `folder` and
    /// `name` are found to be plain names and no part of `folder` on disk
    /// is anything but a folder.
    fn folder_below(&self, folder: &str, name: &str, what: &str) -> Result<PathBuf, SetError> {
        let refused = |why: &str| {
            SetError::new(
                self.out.path().join(folder).join(name),
                SetErrorKind::Options(format!("`{folder}/{name}` cannot be {what} the set: {why}")),
            )
        };
        if !plain_name(name) || !folder.split('/').all(plain_name) {
            return Err(refused(
                "expected plain names of a folder below the set's and a file in it",
            ));
        }
        let mut below = PathBuf::new();
        // Parts on disk are checked; past the first missing one, nothing
        // is there to check (the commit makes them).
        let mut on_disk = true;
        for part in folder.split('/') {
            below.push(part);
            if !on_disk {
                continue;
            }
            match std::fs::symlink_metadata(self.out.path().join(&below)) {
                Ok(meta) if meta.is_dir() => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => on_disk = false,
                _ => return Err(refused(&format!("`{}` is not a folder", below.display()))),
            }
        }
        Ok(below)
    }

    /// The files [`commit`](Self::commit) will remove as the previous
    /// set's leftovers (the set under its other format names, the parts
    /// an older index listed), sorted; read now, so a caller can mend
    /// what names them (a robots.txt line) in the same commit.
    pub fn leftovers(&self) -> Result<Vec<PathBuf>, SetError> {
        let root = self.root.temp_path();
        Ok(leftovers(&self.options, &self.folder, &self.keep(), root)?.removed)
    }

    /// The names the new set publishes, which are never leftovers.
    fn keep(&self) -> Vec<String> {
        self.parts
            .iter()
            .chain([&self.root])
            .filter_map(|f| f.path().file_name()?.to_str().map(str::to_owned))
            .collect()
    }

    /// Reads `robots.txt` in the set's folder, merges the `Sitemap:` line
    /// for the set's root into it ([`robots::merge_bytes`](crate::robots::merge_bytes);
    /// `previous` are the URLs this sitemap had in other runs) and stages
    /// the result, published after the root. A robots.txt that is not a
    /// regular file or is too large is an error now, before anything is
    /// published. Returns the path and whether it changes.
    pub fn stage_robots(&mut self, previous: &[Loc]) -> Result<(PathBuf, bool), RobotsError> {
        let (_, root) = self.report.root();
        let (path, new) = crate::robots::prepare(self.out.path(), root, previous)?;
        match new {
            Some(bytes) => {
                self.robots = Some(self.out.stage(crate::robots::ROBOTS_FILE_NAME, &bytes)?);
                Ok((path, true))
            }
            None => {
                self.robots = None;
                Ok((path, false))
            }
        }
    }

    /// Publishes everything staged, in the order of [`SetWriter`](crate::SetWriter)'s
    /// "Atomicity", then removes the previous set's leftovers and releases
    /// the folder.
    pub fn commit(self) -> Result<SetReport, SetError> {
        let keep = self.keep();
        let StagedSet {
            options,
            folder,
            out,
            parts,
            extras,
            root,
            robots,
            retired,
            mut report,
        } = self;
        check_journal(out.path(), &options.stem)?;
        // A file below the set's folder (a language's llms.txt) is
        // renamed into its own folder, made now (before anything is
        // published) and synced after the rename.
        let mut below = Vec::new();
        for extra in &extras {
            if let Some(folder) = extra.path().parent()
                && folder != out.path()
                && !below.iter().any(|f| f == folder)
            {
                std::fs::create_dir_all(folder).map_err(|source| {
                    SetError::new(
                        folder,
                        SetErrorKind::Io {
                            action: "create the folder",
                            source,
                        },
                    )
                })?;
                below.push(folder.to_owned());
            }
        }
        // Read back before the root is replaced: the old index (and the
        // journal of an interrupted commit) says which parts were the
        // old set's.
        let Leftovers {
            removed: leftovers,
            kept,
        } = leftovers(&options, &folder, &keep, root.temp_path())?;
        report.kept = kept;
        let journal = out.path().join(journal_name(&options.stem));
        let recorded: Vec<&str> = parts
            .iter()
            .map(|p| p.path())
            .chain(leftovers.iter().map(PathBuf::as_path))
            .filter_map(|p| p.file_name()?.to_str())
            .filter(|name| {
                part_number(name, &options.stem).is_some() || group_part(name, &options.stem)
            })
            .collect();
        if !recorded.is_empty() {
            // Before any rename: a kill from here on leaves the record of
            // what this commit publishes and removes.
            out.stage(
                &journal_name(&options.stem),
                journal_text(recorded.into_iter()).as_bytes(),
            )?
            .publish()?;
            out.sync()?;
        }
        // A signal waits for the whole switch: old set or new, never a mix.
        let deferred = crate::interrupt::defer();
        for part in parts {
            part.publish()?;
        }
        out.sync()?;
        for extra in extras {
            extra.publish()?;
        }
        for folder in &below {
            crate::output::sync_folder(folder)?;
        }
        root.publish()?;
        out.sync()?;
        if let Some(robots) = robots {
            robots.publish()?;
            out.sync()?;
        }
        drop(deferred);
        for path in leftovers.into_iter().chain(retired) {
            match std::fs::remove_file(&path) {
                Ok(()) => report.removed.push(path),
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(source) => {
                    return Err(SetError::new(
                        &path,
                        SetErrorKind::Io {
                            action: "remove a file of the previous set",
                            source,
                        },
                    ));
                }
            }
        }
        // Last: while the journal is on disk, the next run can finish
        // what this one started. One left by an earlier run whose names
        // were all removed above goes too.
        match std::fs::remove_file(&journal) {
            Ok(()) => out.sync()?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if !report.removed.is_empty() {
                    out.sync()?;
                }
            }
            Err(source) => {
                return Err(SetError::new(
                    &journal,
                    SetErrorKind::Io {
                        action: "remove the set's journal",
                        source,
                    },
                ));
            }
        }
        Ok(report)
    }
}

/// A name of a file or folder: not empty, `.` or `..`, and no separator.
fn plain_name(name: &str) -> bool {
    !(name.is_empty() || name == "." || name == ".." || name.contains(['/', '\\']))
}

#[cfg(test)]
mod tests {
    use crate::{SetOptions, SetWriter, Url};

    fn staged(dir: &std::path::Path) -> super::StagedSet {
        let options = SetOptions::new(dir, "https://example.org/".parse().unwrap());
        let mut writer = SetWriter::new(options).unwrap();
        writer
            .push(&Url::new("https://example.org/a".parse().unwrap()))
            .unwrap();
        writer.stage().unwrap()
    }

    /// A file below the set's folder is published with the set (its
    /// folder made then), its temporary file kept in the set's own
    /// folder; one removed with the set goes too.
    #[test]
    fn files_below_the_folder_are_published_and_removed_with_the_set() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("de")).unwrap();
        std::fs::write(dir.path().join("de/llms.txt"), "old\n").unwrap();
        let mut set = staged(dir.path());
        let path = set.add_file_in("fr/ca", "llms.txt", b"# Carnet\n").unwrap();
        set.retire_file_in("de", "llms.txt").unwrap();
        assert_eq!(path, dir.path().join("fr/ca/llms.txt"));
        assert!(
            !dir.path().join("fr").exists(),
            "nothing visible before the commit"
        );
        let report = set.commit().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"# Carnet\n");
        assert_eq!(report.removed, [dir.path().join("de/llms.txt")]);
        assert!(dir.path().join("de").is_dir(), "the folder stays");
    }

    /// A folder that is not plain names, or a part of it on disk that is
    /// a link or a file, is refused: nothing is written outside the set's
    /// folder.
    #[test]
    fn only_plain_folders_below_the_set_are_taken() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("file"), "").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(std::env::temp_dir(), dir.path().join("link")).unwrap();
        let mut set = staged(dir.path());
        for folder in ["", "..", "a/../b", "a//b", "./a", "/abs", "file", "file/x"] {
            assert!(
                set.add_file_in(folder, "llms.txt", b"x").is_err(),
                "{folder:?}"
            );
            assert!(
                set.retire_file_in(folder, "llms.txt").is_err(),
                "{folder:?}"
            );
        }
        #[cfg(unix)]
        assert!(set.add_file_in("link", "llms.txt", b"x").is_err());
        assert!(set.add_file_in("fr", "a/b", b"x").is_err());
        set.add_file_in("fr", "llms.txt", b"x").unwrap();
        assert!(
            set.add_file_in("fr", "llms.txt", b"y").is_err(),
            "added twice"
        );
    }
}
