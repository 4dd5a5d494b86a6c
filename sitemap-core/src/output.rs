//! Publishing files: the one path every file this toolkit writes takes.
//!
//! A run holds its output folder as an [`OutputDir`]: the folder is
//! created when missing, locked for the whole run (an advisory `flock` on
//! the folder's own handle, so no lock file is left in a deploy folder,
//! and a second run into the same folder waits or stops, as
//! [`LockPolicy`] says), and temporary files a killed run left behind are
//! swept.
//!
//! Each file is then written as a [`StagedFile`]: a temporary file in the
//! target folder named `.<name>.<random>.sitemap-tmp`, created with mode
//! `0o666` so the kernel applies the umask as for any new file (or given
//! the permission bits of the file it replaces), written, `fsync`ed, and
//! only then renamed over its final name ([`StagedFile::publish`]); the
//! folder is `fsync`ed after the renames ([`OutputDir::sync`]), so a power
//! cut leaves the old file or the new one, never an empty one.
//!
//! [`SetWriter`](crate::SetWriter) and its [`StagedSet`](crate::StagedSet)
//! publish a whole set this way (parts, index, robots.txt, stylesheet,
//! HTML page); [`write_file`] publishes one file alone, and
//! [`replace_file`] a file of the user's (its mode kept exactly).
//!
//! ```
//! use sitemap_core::output::{LockPolicy, OutputDir};
//!
//! let dir = tempfile::tempdir()?;
//! let out = OutputDir::open(dir.path(), LockPolicy::Fail)?;
//! let staged = out.stage("hello.txt", b"hi\n")?;
//! assert!(!dir.path().join("hello.txt").exists());
//! staged.publish()?;
//! out.sync()?;
//! assert_eq!(std::fs::read(dir.path().join("hello.txt"))?, b"hi\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::TempPath;
use thiserror::Error;

/// The suffix of every temporary file: `.<name>.<random>.sitemap-tmp`.
pub const TEMP_SUFFIX: &str = ".sitemap-tmp";

/// What to do when another run holds the output folder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LockPolicy {
    /// Wait until the other run is done.
    #[default]
    Wait,
    /// Stop at once with [`OutputErrorKind::Locked`].
    Fail,
    /// Wait at most this long, then stop with
    /// [`OutputErrorKind::LockTimeout`]: a stopped holder would otherwise
    /// keep the run waiting forever.
    WaitUpTo(std::time::Duration),
}

/// Writing into an output folder failed: which file or folder, and what
/// went wrong.
#[derive(Debug, Error)]
#[error("{}: {kind}", .path.display())]
pub struct OutputError {
    path: PathBuf,
    kind: OutputErrorKind,
}

impl OutputError {
    pub(crate) fn io(path: impl Into<PathBuf>, action: &'static str, source: io::Error) -> Self {
        OutputError {
            path: path.into(),
            kind: OutputErrorKind::Io { action, source },
        }
    }

    /// The file or folder concerned.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What went wrong.
    pub fn kind(&self) -> &OutputErrorKind {
        &self.kind
    }

    pub(crate) fn into_parts(self) -> (PathBuf, OutputErrorKind) {
        (self.path, self.kind)
    }
}

/// What went wrong in an output folder.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum OutputErrorKind {
    /// A system call failed.
    #[error("cannot {action}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The error.
        #[source]
        source: io::Error,
    },
    /// Another run holds the folder, with [`LockPolicy::Fail`].
    #[error(
        "another run is writing into this folder (it holds the folder's lock); wait for it to end, then run again"
    )]
    Locked,
    /// Another run still held the folder after the
    /// [`LockPolicy::WaitUpTo`] limit.
    #[error(
        "another run still holds this folder's lock after {seconds} s{}",
        holder.map(|pid| format!(" (process {pid})")).unwrap_or_default()
    )]
    LockTimeout {
        /// The limit, in whole seconds.
        seconds: u64,
        /// The process holding the lock, when it can be found.
        holder: Option<u32>,
    },
}

/// An output folder held for one run: created, locked, swept of the
/// temporary files of killed runs. The lock is released when this is
/// dropped.
#[derive(Debug)]
pub struct OutputDir {
    path: PathBuf,
    /// The folder's own handle: the lock is on it, and `fsync` of the
    /// folder goes through it. None where folders cannot be opened.
    handle: Option<File>,
    swept: Vec<PathBuf>,
}

impl OutputDir {
    /// Creates `path` when missing, locks it (waiting or not, as `lock`
    /// says), and removes the temporary files (`.*.sitemap-tmp`) that a
    /// killed run left there.
    pub fn open(path: impl Into<PathBuf>, lock: LockPolicy) -> Result<OutputDir, OutputError> {
        let path = path.into();
        std::fs::create_dir_all(&path)
            .map_err(|e| OutputError::io(&path, "create the directory", e))?;
        let handle = lock_folder(&path, lock)?;
        crate::interrupt::hold(&path);
        let mut dir = OutputDir {
            path,
            handle,
            swept: Vec::new(),
        };
        dir.sweep(|name| name.starts_with('.') && name.ends_with(TEMP_SUFFIX))?;
        Ok(dir)
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The temporary files of killed runs removed so far.
    pub fn swept(&self) -> &[PathBuf] {
        &self.swept
    }

    /// Removes the regular files whose names `is_temporary` accepts, and
    /// remembers them in [`swept`](Self::swept).
    pub(crate) fn sweep(&mut self, is_temporary: impl Fn(&str) -> bool) -> Result<(), OutputError> {
        let list_err = |e| OutputError::io(&self.path, "list the folder", e);
        let mut found = Vec::new();
        for entry in std::fs::read_dir(&self.path).map_err(list_err)? {
            let entry = entry.map_err(list_err)?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            // Only regular files: a folder or a link of that name is not ours.
            if is_temporary(name) && entry.file_type().is_ok_and(|t| t.is_file()) {
                found.push(self.path.join(name));
            }
        }
        found.sort();
        for path in found {
            match std::fs::remove_file(&path) {
                Ok(()) => self.swept.push(path),
                // Gone since the listing: nothing to sweep.
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => {
                    return Err(OutputError::io(
                        &path,
                        "remove a temporary file of an interrupted run",
                        e,
                    ));
                }
            }
        }
        Ok(())
    }

    /// Creates the temporary file that will become `name`, with the mode
    /// of the file it replaces, else `fallback_mode`, else what the umask
    /// gives a new file. The file is not synced: see
    /// [`StagedFile::publish`].
    pub(crate) fn create(
        &self,
        name: &str,
        fallback_mode: Option<u32>,
    ) -> Result<(File, StagedFile), OutputError> {
        self.create_for(name, self.path.join(name), fallback_mode)
    }

    /// [`create`](Self::create) for a file that will be `path`, in this
    /// folder or below it: the temporary file is made here all the same
    /// (named after `name`), where the run's lock, the sweep and a
    /// signal's exit reach it, and renamed into place on publishing.
    fn create_for(
        &self,
        name: &str,
        path: PathBuf,
        fallback_mode: Option<u32>,
    ) -> Result<(File, StagedFile), OutputError> {
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(TEMP_SUFFIX);
        // The kernel takes the umask off 0o666, as for any new file;
        // tempfile's own default, 0o600, is what kept web servers out.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        // Created under the signal lock: a file made after a signal's
        // sweep would outlive the run.
        let _deferred = crate::interrupt::defer();
        let temp = builder
            .tempfile_in(&self.path)
            .map_err(|e| OutputError::io(&self.path, "create a temporary file", e))?;
        let (file, temp) = temp.into_parts();
        if let Some(mode) = mode_of(&path).or(fallback_mode) {
            set_mode(&file, mode).map_err(|e| {
                OutputError::io(
                    temp.to_path_buf(),
                    "give the temporary file the replaced file's mode",
                    e,
                )
            })?;
        }
        Ok((file, StagedFile { temp, path }))
    }

    /// Writes `bytes` to a temporary file that will become `name` and
    /// syncs it; nothing is visible under `name` until
    /// [`StagedFile::publish`].
    pub fn stage(&self, name: &str, bytes: &[u8]) -> Result<StagedFile, OutputError> {
        self.stage_with_mode(name, bytes, None)
    }

    pub(crate) fn stage_with_mode(
        &self,
        name: &str,
        bytes: &[u8],
        fallback_mode: Option<u32>,
    ) -> Result<StagedFile, OutputError> {
        let (file, staged) = self.create(name, fallback_mode)?;
        write_synced(file, staged, bytes)
    }

    /// [`stage`](Self::stage) for the file `name` in `folder`, a folder
    /// below this one (already checked to be one): see
    /// [`create_for`](Self::create_for).
    pub(crate) fn stage_below(
        &self,
        folder: &Path,
        name: &str,
        bytes: &[u8],
    ) -> Result<StagedFile, OutputError> {
        let (file, staged) = self.create_for(name, self.path.join(folder).join(name), None)?;
        write_synced(file, staged, bytes)
    }

    /// `fsync`s the folder, so the renames done so far survive a power
    /// cut.
    pub fn sync(&self) -> Result<(), OutputError> {
        match &self.handle {
            Some(handle) => handle
                .sync_all()
                .map_err(|e| OutputError::io(&self.path, "sync the folder", e)),
            None => Ok(()),
        }
    }
}

/// Writes `bytes` to the temporary file of `staged` and syncs it.
fn write_synced(
    mut file: File,
    staged: StagedFile,
    bytes: &[u8],
) -> Result<StagedFile, OutputError> {
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(|e| OutputError::io(staged.temp_path(), "write", e))?;
    Ok(staged)
}

/// `fsync`s the folder `path` (one a file was renamed into), so the
/// rename survives a power cut; elsewhere than Unix a folder cannot be
/// opened to sync.
pub(crate) fn sync_folder(path: &Path) -> Result<(), OutputError> {
    #[cfg(unix)]
    {
        File::open(path)
            .and_then(|f| f.sync_all())
            .map_err(|e| OutputError::io(path, "sync the folder", e))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        Ok(())
    }
}

impl Drop for OutputDir {
    fn drop(&mut self) {
        crate::interrupt::release(&self.path);
    }
}

/// A file written and synced under its temporary name, published by
/// [`publish`](Self::publish). Dropped unpublished, the temporary file is
/// removed.
#[derive(Debug)]
pub struct StagedFile {
    temp: TempPath,
    path: PathBuf,
}

impl StagedFile {
    /// The name it will be published under.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The temporary file.
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// A part's final name is known only once its content is.
    pub(crate) fn set_path(&mut self, path: PathBuf) {
        self.path = path;
    }

    /// Renames the temporary file over the final name (atomic on one
    /// filesystem: a reader sees the old file or the new one). Sync the
    /// folder afterwards ([`OutputDir::sync`]).
    pub fn publish(self) -> Result<PathBuf, OutputError> {
        let StagedFile { temp, path } = self;
        temp.persist(&path).map_err(|e| {
            OutputError::io(
                &path,
                "rename the finished temporary file into place",
                e.error,
            )
        })?;
        Ok(path)
    }
}

/// Publishes one file alone: locks `dir` (waiting for another run),
/// writes `bytes` to a temporary file, syncs it, renames it to `name`,
/// syncs the folder.
pub fn write_file(dir: &Path, name: &str, bytes: &[u8]) -> Result<PathBuf, OutputError> {
    let out = OutputDir::open(dir, LockPolicy::Wait)?;
    let path = out.stage(name, bytes)?.publish()?;
    out.sync()?;
    Ok(path)
}

/// Replaces a file the user keeps and edits (a `book.toml` a command adds
/// settings to) the way every file here is published: a temporary file
/// beside it, synced, renamed over it, so a full disk or a kill leaves
/// the old file whole, never a cut-off one. Unlike [`write_file`], the
/// file's permission bits are kept exactly (a private `0600` config
/// stays private); a symbolic link is followed, so the file it names is
/// replaced and the link stays. A file its owner made read-only (no
/// owner write bit) is refused, naming the mode: a rename in a writable
/// folder would replace it where a write into it is refused.
pub fn replace_file(path: &Path, bytes: &[u8]) -> Result<PathBuf, OutputError> {
    let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
    let (Some(dir), Some(name)) = (path.parent(), path.file_name().and_then(|n| n.to_str())) else {
        return Err(OutputError::io(
            &path,
            "replace the file",
            io::Error::new(io::ErrorKind::InvalidInput, "not a file name in a folder"),
        ));
    };
    let mode = exact_mode(&path);
    if let Some(read_only) = read_only(&path, mode) {
        return Err(OutputError::io(
            &path,
            "replace the file",
            io::Error::new(io::ErrorKind::PermissionDenied, read_only),
        ));
    }
    let out = OutputDir::open(dir, LockPolicy::Wait)?;
    let path = out.stage_with_mode(name, bytes, mode)?.publish()?;
    out.sync()?;
    Ok(path)
}

/// Why the file at `path`, of permission bits `mode`, is read-only for
/// its owner (`read-only (mode 0444); …`); `None` when it is not.
fn read_only(path: &Path, mode: Option<u32>) -> Option<String> {
    let fix = "make it writable first (`chmod u+w`), or edit it by hand";
    match mode {
        Some(mode) => (mode & 0o200 == 0).then(|| format!("read-only (mode {mode:04o}); {fix}")),
        None => std::fs::metadata(path)
            .is_ok_and(|m| m.is_file() && m.permissions().readonly())
            .then(|| format!("read-only; {fix}")),
    }
}

/// The permission bits of the regular file at `path`, whatever they are.
fn exact_mode(path: &Path) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let meta = std::fs::metadata(path).ok()?;
        meta.is_file().then(|| meta.permissions().mode() & 0o7777)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// The permission bits of the regular file at `path` to keep, if there is
/// one.
///
/// Exactly `0o600` is not kept: it is the mode the first release wrote
/// every file with (its temporary files' default), which web servers
/// answer 403 for; a sitemap, robots.txt or stylesheet is public by
/// nature, so such a file gets the umask's mode like a new one, and an
/// upgrade repairs the site instead of carrying the defect on.
pub(crate) fn mode_of(path: &Path) -> Option<u32> {
    const FIRST_RELEASE_MODE: u32 = 0o600;
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.is_file() {
        return None;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(meta.permissions().mode() & 0o7777).filter(|&m| m != FIRST_RELEASE_MODE)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(unix)]
fn set_mode(file: &File, mode: u32) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(std::fs::Permissions::from_mode(mode))
}

#[cfg(not(unix))]
fn set_mode(_file: &File, _mode: u32) -> io::Result<()> {
    Ok(())
}

/// Opens the folder and takes an exclusive advisory lock on it. A `flock`
/// on the folder's own handle needs no lock file, and the kernel releases
/// it when the process dies, so a killed run never blocks the next.
#[cfg(unix)]
fn lock_folder(path: &Path, policy: LockPolicy) -> Result<Option<File>, OutputError> {
    let handle = File::open(path).map_err(|e| OutputError::io(path, "open the folder", e))?;
    match policy {
        LockPolicy::Wait => handle
            .lock()
            .map_err(|e| OutputError::io(path, "lock the folder", e))?,
        LockPolicy::WaitUpTo(limit) => {
            // flock has no timeout: poll, as util-linux's `flock -w` does
            // with an alarm.
            let deadline = std::time::Instant::now() + limit;
            loop {
                match handle.try_lock() {
                    Ok(()) => break,
                    Err(std::fs::TryLockError::WouldBlock)
                        if std::time::Instant::now() < deadline =>
                    {
                        std::thread::sleep(std::time::Duration::from_millis(50));
                    }
                    Err(std::fs::TryLockError::WouldBlock) => {
                        return Err(OutputError {
                            path: path.to_owned(),
                            kind: OutputErrorKind::LockTimeout {
                                seconds: limit.as_secs(),
                                holder: lock_holder(path),
                            },
                        });
                    }
                    Err(std::fs::TryLockError::Error(e)) => {
                        return Err(OutputError::io(path, "lock the folder", e));
                    }
                }
            }
        }
        LockPolicy::Fail => match handle.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(OutputError {
                    path: path.to_owned(),
                    kind: OutputErrorKind::Locked,
                });
            }
            Err(std::fs::TryLockError::Error(e)) => {
                return Err(OutputError::io(path, "lock the folder", e));
            }
        },
    }
    Ok(Some(handle))
}

/// Elsewhere a folder cannot be opened as a file: no lock, no folder sync.
#[cfg(not(unix))]
fn lock_folder(_path: &Path, _policy: LockPolicy) -> Result<Option<File>, OutputError> {
    Ok(None)
}

/// The process holding the `flock` on the folder `path`, from the
/// kernel's lock table (`/proc/locks`, Linux): the lock records no owner
/// of its own, since it leaves no file. None elsewhere or when not found.
pub fn lock_holder(path: &Path) -> Option<u32> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        let meta = std::fs::metadata(path).ok()?;
        let dev = rustix::fs::Dev::from(meta.dev());
        // The table's "major:minor:inode", the device numbers in hex.
        let id = format!(
            "{:02x}:{:02x}:{}",
            rustix::fs::major(dev),
            rustix::fs::minor(dev),
            meta.ino()
        );
        let table = std::fs::read_to_string("/proc/locks").ok()?;
        table.lines().find_map(|line| {
            // `1: FLOCK  ADVISORY  WRITE 27016 fe:00:5310161 0 EOF`
            let fields: Vec<&str> = line.split_whitespace().collect();
            (fields.get(1) == Some(&"FLOCK") && fields.get(5) == Some(&id.as_str()))
                .then(|| fields.get(4)?.parse().ok())
                .flatten()
        })
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = path;
        None
    }
}
