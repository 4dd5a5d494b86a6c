//! `robots.txt`: the protocol's discovery line, merged into what is there.
//!
//! Crawlers find a sitemap through a `Sitemap: <absolute URL>` line in the
//! host root's robots.txt. Sites keep their own rules in that file, so it
//! is merged, never replaced: every other line (comments, groups, other
//! sitemaps, CRLF endings, bytes that are not UTF-8) is kept as it was.
//! [`read`] refuses what is not a regular file (never opening a FIFO) and
//! what is over [`MAX_ROBOTS_BYTES`].

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::Loc;

/// The file a site's robots rules live in.
pub const ROBOTS_FILE_NAME: &str = "robots.txt";

/// `robots` with a `Sitemap: <sitemap>` line.
///
/// A `Sitemap:` line (field name in any case) that names `sitemap` or one
/// of `previous` (the URLs this sitemap had in another run, e.g. before
/// switching to gzip) is replaced in place by the wanted line; a second
/// such line is dropped. When there is none, the line is appended. An
/// empty `robots` gets an allow-all group before the line, so the new file
/// reads as a complete robots.txt.
///
/// ```
/// use sitemap_core::{Loc, robots};
///
/// let sitemap: Loc = "https://example.org/sitemap.xml".parse()?;
/// let old = "User-agent: *\nDisallow: /private/\n";
/// assert_eq!(
///     robots::merge(old, &sitemap, &[]),
///     "User-agent: *\nDisallow: /private/\nSitemap: https://example.org/sitemap.xml\n",
/// );
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
pub fn merge(robots: &str, sitemap: &Loc, previous: &[Loc]) -> String {
    let wanted = format!("Sitemap: {sitemap}");
    if robots.is_empty() {
        return format!("User-agent: *\nAllow: /\n\n{wanted}\n");
    }
    let newline = if robots.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let ours = |url: &str| url == sitemap.as_str() || previous.iter().any(|p| p.as_str() == url);
    let mut out = String::with_capacity(robots.len() + wanted.len() + 2);
    let mut placed = false;
    for line in robots.split_inclusive('\n') {
        let body = line.trim_end_matches(['\r', '\n']);
        let ending = &line[body.len()..];
        let target = body
            .split_once(':')
            .filter(|(field, _)| field.trim().eq_ignore_ascii_case("sitemap"))
            .map(|(_, value)| value.trim());
        match target {
            Some(url) if ours(url) => {
                if !placed {
                    out.push_str(&wanted);
                    out.push_str(if ending.is_empty() { newline } else { ending });
                    placed = true;
                }
            }
            _ => out.push_str(line),
        }
    }
    if !placed {
        if !out.ends_with('\n') {
            out.push_str(newline);
        }
        out.push_str(&wanted);
        out.push_str(newline);
    }
    out
}

/// The most of robots.txt that is read. Google reads the first 500 KiB
/// and ignores the rest; a larger file is refused rather than cut, since
/// a rule past the cut would silently stop applying.
pub const MAX_ROBOTS_BYTES: u64 = 512 * 1024;

/// Reading or writing `robots.txt` failed.
#[derive(Debug, Error)]
#[error("{}: {kind}", path.display())]
pub struct RobotsError {
    /// The file or folder involved.
    pub path: PathBuf,
    /// What went wrong.
    #[source]
    pub kind: RobotsErrorKind,
}

/// What went wrong with `robots.txt`.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RobotsErrorKind {
    /// A system call failed.
    #[error("cannot {action}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The error.
        #[source]
        source: io::Error,
    },
    /// Not a regular file: a directory, a FIFO, a device or a socket.
    /// Never opened, so a FIFO cannot hang the run.
    #[error("is {what}, not a regular file; robots.txt must be a plain file (nothing was written)")]
    NotAFile {
        /// What it is instead.
        what: &'static str,
    },
    /// Larger than [`MAX_ROBOTS_BYTES`].
    #[error(
        "is {bytes} bytes; robots.txt is read up to {limit} bytes (crawlers stop at 500 KiB), so it is refused rather than cut: shorten it (nothing was written)"
    )]
    TooLarge {
        /// Its size.
        bytes: u64,
        /// [`MAX_ROBOTS_BYTES`].
        limit: u64,
    },
}

impl RobotsError {
    fn io(path: &Path, action: &'static str, source: io::Error) -> RobotsError {
        RobotsError {
            path: path.to_owned(),
            kind: RobotsErrorKind::Io { action, source },
        }
    }
}

impl From<crate::output::OutputError> for RobotsError {
    fn from(e: crate::output::OutputError) -> RobotsError {
        let (path, kind) = e.into_parts();
        let kind = match kind {
            crate::output::OutputErrorKind::Io { action, source } => {
                RobotsErrorKind::Io { action, source }
            }
            locked @ crate::output::OutputErrorKind::Locked => RobotsErrorKind::Io {
                action: "lock the folder",
                source: io::Error::other(locked.to_string()),
            },
        };
        RobotsError { path, kind }
    }
}

/// What kind of file `meta` describes, in words, when it is not a regular
/// file.
fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if t.is_socket() {
            return Some("a socket");
        }
        if t.is_block_device() || t.is_char_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

/// Reads `path` as robots.txt: `None` when absent; an error for anything
/// that is not a regular file (checked before opening, so a FIFO is never
/// opened) or is over [`MAX_ROBOTS_BYTES`].
pub fn read(path: &Path) -> Result<Option<Vec<u8>>, RobotsError> {
    use std::io::Read;

    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(RobotsError::io(path, "read", e)),
    };
    let check = |meta: &std::fs::Metadata| -> Result<(), RobotsError> {
        if let Some(what) = not_a_file(meta) {
            return Err(RobotsError {
                path: path.to_owned(),
                kind: RobotsErrorKind::NotAFile { what },
            });
        }
        if meta.len() > MAX_ROBOTS_BYTES {
            return Err(RobotsError {
                path: path.to_owned(),
                kind: RobotsErrorKind::TooLarge {
                    bytes: meta.len(),
                    limit: MAX_ROBOTS_BYTES,
                },
            });
        }
        Ok(())
    };
    check(&meta)?;
    let file = std::fs::File::open(path).map_err(|e| RobotsError::io(path, "read", e))?;
    // What was opened may have been swapped since the check.
    check(
        &file
            .metadata()
            .map_err(|e| RobotsError::io(path, "read", e))?,
    )?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_ROBOTS_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RobotsError::io(path, "read", e))?;
    if bytes.len() as u64 > MAX_ROBOTS_BYTES {
        return Err(RobotsError {
            path: path.to_owned(),
            kind: RobotsErrorKind::TooLarge {
                bytes: bytes.len() as u64,
                limit: MAX_ROBOTS_BYTES,
            },
        });
    }
    Ok(Some(bytes))
}

/// [`merge`] over bytes: lines that are not UTF-8 (a Latin-1 `é` in a
/// comment) are kept byte for byte instead of failing the run. Each such
/// line goes through [`merge`] as a placeholder that occurs nowhere else
/// and is put back afterwards.
///
/// ```
/// use sitemap_core::{Loc, robots};
///
/// let sitemap: Loc = "https://example.org/sitemap.xml".parse()?;
/// let old = b"# caf\xe9\nUser-agent: *\n";
/// assert_eq!(
///     robots::merge_bytes(old, &sitemap, &[]),
///     b"# caf\xe9\nUser-agent: *\nSitemap: https://example.org/sitemap.xml\n",
/// );
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
pub fn merge_bytes(robots: &[u8], sitemap: &Loc, previous: &[Loc]) -> Vec<u8> {
    if let Ok(text) = std::str::from_utf8(robots) {
        return merge(text, sitemap, previous).into_bytes();
    }
    // A marker no valid line contains; non-characters make that likely at
    // once.
    let mut marker = String::from("\u{FFFE}robots-line\u{FFFF}");
    while robots
        .split(|&b| b == b'\n')
        .filter_map(|l| std::str::from_utf8(l).ok())
        .any(|l| l.contains(&marker))
    {
        marker.push('\u{FFFE}');
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    let mut text = String::with_capacity(robots.len());
    for line in robots.split_inclusive(|&b| b == b'\n') {
        let body_len =
            line.len() - usize::from(line.ends_with(b"\n")) - usize::from(line.ends_with(b"\r\n"));
        let (body, ending) = line.split_at(body_len);
        match std::str::from_utf8(body) {
            Ok(body) => text.push_str(body),
            Err(_) => {
                text.push_str(&format!("{marker}{}{marker}", kept.len()));
                kept.push(body);
            }
        }
        // The ending is ASCII.
        text.push_str(std::str::from_utf8(ending).unwrap_or("\n"));
    }
    let merged = merge(&text, sitemap, previous);
    let mut out = Vec::with_capacity(robots.len() + 80);
    for line in merged.split_inclusive('\n') {
        let restored = line
            .strip_prefix(marker.as_str())
            .and_then(|rest| rest.split_once(marker.as_str()))
            .and_then(|(i, ending)| Some((kept.get(i.parse::<usize>().ok()?)?, ending)));
        match restored {
            Some((body, ending)) => {
                out.extend_from_slice(body);
                out.extend_from_slice(ending.as_bytes());
            }
            None => out.extend_from_slice(line.as_bytes()),
        }
    }
    out
}

/// The merged robots.txt for `dir`: its path, and the new bytes, or
/// `None` when the file already has the line (it is then not rewritten,
/// so its mtime stays). Nothing is written: see
/// [`StagedSet::stage_robots`](crate::StagedSet::stage_robots).
pub fn prepare(
    dir: &Path,
    sitemap: &Loc,
    previous: &[Loc],
) -> Result<(PathBuf, Option<Vec<u8>>), RobotsError> {
    let path = dir.join(ROBOTS_FILE_NAME);
    let old = read(&path)?.unwrap_or_default();
    let new = merge_bytes(&old, sitemap, previous);
    let changed = (new != old).then_some(new);
    Ok((path, changed))
}

/// Merges the `Sitemap:` line into `dir/robots.txt` (see [`merge_bytes`])
/// and publishes it the way every file is (see [`crate::output`]),
/// creating the file when absent and keeping the mode of the one it
/// replaces. Returns the path and whether the file changed (an up-to-date
/// file is not rewritten, so its mtime stays).
///
/// Beside a sitemap set, use
/// [`StagedSet::stage_robots`](crate::StagedSet::stage_robots) instead, so
/// a bad robots.txt stops the run before the set is replaced. This waits
/// for the folder's lock, so it must not be called while a
/// [`SetWriter`](crate::SetWriter) or [`StagedSet`](crate::StagedSet) of
/// the same folder is alive.
pub fn update(dir: &Path, sitemap: &Loc, previous: &[Loc]) -> Result<(PathBuf, bool), RobotsError> {
    let (path, new) = prepare(dir, sitemap, previous)?;
    let Some(new) = new else {
        return Ok((path, false));
    };
    crate::output::write_file(dir, ROBOTS_FILE_NAME, &new)?;
    Ok((path, true))
}

#[cfg(test)]
mod tests {
    use super::merge;
    use crate::Loc;

    fn loc(s: &str) -> Loc {
        s.parse().unwrap()
    }

    #[test]
    fn new_file_gets_an_allow_all_group() {
        assert_eq!(
            merge("", &loc("https://example.org/sitemap.xml"), &[]),
            "User-agent: *\nAllow: /\n\nSitemap: https://example.org/sitemap.xml\n"
        );
    }

    #[test]
    fn appends_keeping_every_line_and_crlf() {
        let robots =
            "User-agent: *\r\nDisallow: /private/\r\n\r\nSitemap: https://example.org/other.xml";
        assert_eq!(
            merge(robots, &loc("https://example.org/sitemap.xml"), &[]),
            "User-agent: *\r\nDisallow: /private/\r\n\r\nSitemap: https://example.org/other.xml\r\nSitemap: https://example.org/sitemap.xml\r\n"
        );
    }

    #[test]
    fn replaces_a_previous_name_in_place_and_drops_repeats() {
        let robots = "# keep me\nsitemap:   https://example.org/sitemap.xml.gz\nUser-agent: *\nSITEMAP: https://example.org/sitemap.txt\n";
        let previous = [
            loc("https://example.org/sitemap.xml.gz"),
            loc("https://example.org/sitemap.txt"),
        ];
        assert_eq!(
            merge(robots, &loc("https://example.org/sitemap.xml"), &previous),
            "# keep me\nSitemap: https://example.org/sitemap.xml\nUser-agent: *\n"
        );
    }

    #[test]
    fn unchanged_when_already_there() {
        let robots = "User-agent: *\nSitemap: https://example.org/sitemap.xml\n";
        assert_eq!(
            merge(robots, &loc("https://example.org/sitemap.xml"), &[]),
            robots
        );
    }
}
