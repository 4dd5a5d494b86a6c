//! Where the Hugo that builds a site is found out, short of a setting:
//! the generator tag of the site it built (`<meta name="generator"
//! content="Hugo 0.168.0">`, which most themes write), and `hugo
//! version` of the `hugo` on `PATH`.
//!
//! The `hugo` on `PATH` is a program of the user's machine, and it may
//! be anything: `hugo version` runs for at most [`ASK_TIME`] and is read
//! for at most [`ASK_BYTES`]; past either, or when it prints no Hugo
//! version, it is [`Unusable`] and the scan says so. `hugo` is looked up
//! in the absolute entries of `PATH` only, as Go's `os/exec` does since
//! 1.19: an empty or relative entry names a folder relative to where the
//! scan runs, often the site itself, whose files are not the user's
//! tools.

use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, SystemTime};

use super::version::HugoVersion;

/// The longest `hugo version` may take.
pub(crate) const ASK_TIME: Duration = Duration::from_secs(5);
/// The most of `hugo version`'s output read (it prints one line of
/// about 120 bytes).
pub(crate) const ASK_BYTES: usize = 4096;
/// The most of a built page read for its generator tag: it is in the
/// head, which a page starts with.
const HEAD_BYTES: u64 = 64 * 1024;

/// Why the `hugo` on `PATH` says nothing usable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unusable {
    /// It could not be started.
    Start(String),
    /// It gave no answer in [`ASK_TIME`].
    Hung,
    /// It printed more than [`ASK_BYTES`].
    Endless,
    /// It printed something else than a Hugo version (its first line).
    Other(String),
}

/// What the `hugo` on `PATH` says: its version, or why there is none.
pub(crate) type OnPath = (PathBuf, Result<HugoVersion, Unusable>);

/// The first `hugo` in an absolute entry of `path` (the value of `PATH`)
/// that is a file the user may run.
pub(crate) fn find_on(path: &OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .filter(|dir| dir.is_absolute())
        .map(|dir| dir.join("hugo"))
        .find(|file| is_executable(file))
}

#[cfg(unix)]
fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(file).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(file: &Path) -> bool {
    file.is_file()
}

/// `hugo version` of the `hugo` on `PATH`, asked once; `None` when there
/// is none.
pub(crate) fn on_path() -> Option<OnPath> {
    let hugo = find_on(&std::env::var_os("PATH")?)?;
    let answer = ask(&hugo);
    Some((hugo, answer))
}

/// `BINARY version`, bounded in time and size; the version its first
/// word starting `v0.` gives (`hugo v0.111.3+extended linux/amd64 …`).
pub(crate) fn ask(binary: &Path) -> Result<HugoVersion, Unusable> {
    let mut command = Command::new(binary);
    command
        .arg("version")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    // Its own process group, so that what it starts is killed with it.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command
        .spawn()
        .map_err(|e| Unusable::Start(e.to_string()))?;
    let mut stdout = child.stdout.take().expect("stdout is piped");
    // Read on a thread of its own: a hung `hugo` (or a child of it
    // holding the pipe) blocks that thread, never the scan.
    let (sent, answer) = std::sync::mpsc::channel();
    let reader = std::thread::Builder::new()
        .name("sitemap-hugo-version".to_owned())
        .spawn(move || {
            let mut out = Vec::new();
            let read = (&mut stdout)
                .take(ASK_BYTES as u64 + 1)
                .read_to_end(&mut out);
            let _ = sent.send(read.map(|_| out));
        });
    if reader.is_err() {
        kill(&mut child);
        return Err(Unusable::Start("no thread to read it".to_owned()));
    }
    let out = answer.recv_timeout(ASK_TIME);
    kill(&mut child);
    let out = match out {
        Err(_) => return Err(Unusable::Hung),
        Ok(Err(e)) => return Err(Unusable::Start(e.to_string())),
        Ok(Ok(out)) => out,
    };
    if out.len() > ASK_BYTES {
        return Err(Unusable::Endless);
    }
    let text = String::from_utf8_lossy(&out);
    text.split_whitespace()
        .find(|w| w.starts_with("v0."))
        .and_then(HugoVersion::parse)
        .ok_or_else(|| Unusable::Other(text.lines().next().unwrap_or_default().to_owned()))
}

/// Kills a child that may still run, with what it started, and reaps it.
fn kill(child: &mut Child) {
    if matches!(child.try_wait(), Ok(None)) {
        #[cfg(unix)]
        {
            let group = rustix::process::Pid::from_child(child);
            if rustix::process::kill_process_group(group, rustix::process::Signal::KILL).is_err() {
                let _ = child.kill();
            }
        }
        #[cfg(not(unix))]
        let _ = child.kill();
    }
    let _ = child.wait();
}

/// The site Hugo built: the page whose generator tag names the Hugo,
/// and when that page was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Built {
    /// The page read (`public/index.html`).
    pub(crate) page: PathBuf,
    /// The Hugo its generator tag names.
    pub(crate) version: HugoVersion,
    /// When it was written.
    pub(crate) written: SystemTime,
}

/// The Hugo that built the site in `output_dir`, from its home page's
/// generator tag (the site's, else the default language's, for a site
/// whose root page only redirects); `None` when neither page has one.
pub(crate) fn built_site(output_dir: &Path, default_language: &str) -> Option<Built> {
    [
        output_dir.join("index.html"),
        output_dir.join(default_language).join("index.html"),
    ]
    .into_iter()
    .find_map(|page| {
        let version = generator_tag(&head_of(&page)?)?;
        let written = std::fs::metadata(&page).ok()?.modified().ok()?;
        Some(Built {
            page,
            version,
            written,
        })
    })
}

/// The first [`HEAD_BYTES`] of a regular file.
fn head_of(page: &Path) -> Option<String> {
    let file = std::fs::File::open(page).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut head = Vec::new();
    file.take(HEAD_BYTES).read_to_end(&mut head).ok()?;
    Some(String::from_utf8_lossy(&head).into_owned())
}

/// The Hugo a page's `<meta name="generator" content="Hugo 0.168.0">`
/// names (attributes in either order, either quote, any case).
pub(crate) fn generator_tag(html: &str) -> Option<HugoVersion> {
    let lower = html.to_ascii_lowercase();
    lower.match_indices("<meta").find_map(|(at, _)| {
        let end = at + lower[at..].find('>')?;
        let tag = &lower[at..end];
        let named = ["name=\"generator\"", "name='generator'", "name=generator"]
            .iter()
            .any(|n| tag.contains(n));
        if !named {
            return None;
        }
        let content = tag.find("content=")? + "content=".len();
        let value = tag[content..].trim_start_matches(['"', '\'']);
        let value = value.strip_prefix("hugo")?.trim_start();
        let version: String = value
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == 'v')
            .collect();
        HugoVersion::parse(&version)
    })
}

/// The newest modification time of `paths` and of every file below the
/// folders among them (a bounded depth: a link loop ends).
pub(crate) fn newest_source(paths: &[PathBuf]) -> Option<SystemTime> {
    fn visit(path: &Path, depth: usize, newest: &mut Option<SystemTime>) {
        let Ok(meta) = std::fs::metadata(path) else {
            return;
        };
        if let Ok(time) = meta.modified() {
            *newest = (*newest).max(Some(time));
        }
        if meta.is_dir() && depth < 64 {
            for entry in std::fs::read_dir(path).into_iter().flatten().flatten() {
                visit(&entry.path(), depth + 1, newest);
            }
        }
    }
    let mut newest = None;
    for path in paths {
        visit(path, 0, &mut newest);
    }
    newest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generator_tags_read_as_themes_write_them() {
        let v = |minor, patch| Some(HugoVersion { minor, patch });
        let tag = |html: &str| generator_tag(html);
        assert_eq!(
            tag("<head><meta name=\"generator\" content=\"Hugo 0.168.0\"></head>"),
            v(168, 0)
        );
        assert_eq!(
            tag("<meta content='Hugo 0.111.3' name='generator'/>"),
            v(111, 3)
        );
        assert_eq!(
            tag("<META NAME=generator CONTENT=\"Hugo 0.123.7\">"),
            v(123, 7)
        );
        assert_eq!(
            tag(
                "<meta name=\"description\" content=\"Hugo 0.1.0\"><meta name=\"generator\" content=\"Zola\">"
            ),
            None
        );
        assert_eq!(tag("<p>no head</p>"), None);
    }

    #[test]
    fn only_absolute_path_entries_are_searched() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        let hugo = bin.join("hugo");
        std::fs::write(&hugo, "#!/bin/sh\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&hugo, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        let relative = std::env::join_paths(["", ".", "bin"]).unwrap();
        assert_eq!(find_on(&relative), None);
        let absolute = std::env::join_paths([PathBuf::from("bin"), bin.clone()]).unwrap();
        assert_eq!(find_on(&absolute), Some(hugo));
    }
}
