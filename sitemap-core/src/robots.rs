//! `robots.txt`: the protocol's discovery line, merged into what is there.
//!
//! Crawlers find a sitemap through a `Sitemap: <absolute URL>` line in the
//! host root's robots.txt. Sites keep their own rules in that file, so it
//! is merged, never replaced: every other line (comments, groups, other
//! sitemaps, CRLF endings, bytes that are not UTF-8) is kept as it was.
//! [`read`] refuses what is not a regular file (never opening a FIFO) and
//! what is over [`MAX_ROBOTS_BYTES`] (a file to merge into is rewritten
//! whole); [`read_rules`] reads a file for its rules as crawlers do, its
//! first 500 KiB.
//!
//! Its rules are read too ([`Rules`], module `rules`): which listed URLs
//! it disallows for Googlebot, and on which line.

use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::Loc;

mod rules;
pub use rules::{AGENT, Blocked, Decision, Rules};

/// The file a site's robots rules live in.
pub const ROBOTS_FILE_NAME: &str = "robots.txt";

/// `robots` with a `Sitemap: <sitemap>` line.
///
/// A `Sitemap:` line (field name in any case) that is **ours** is replaced
/// in place by the wanted line; a second one is dropped. When there is
/// none, the line is appended. An empty `robots` gets an allow-all group
/// before the line, so the new file reads as a complete robots.txt. Every
/// other line is kept byte for byte (see [`merge_bytes`], which also
/// takes text that is not UTF-8).
///
/// A line is ours when its URL is one of `previous` (the URLs this
/// sitemap had in another run), or when it names, on the same host and
/// port under either `http` or `https`, a file of our sitemap's stem in
/// our sitemap's folder: for `https://example.org/docs/sitemap.xml.gz`
/// that is `sitemap.xml`, `sitemap.xml.gz`, `sitemap.txt`,
/// `sitemap.txt.gz` and `sitemap_index`, `sitemap-index` or
/// `sitemapindex` with those extensions, under `http://example.org/docs/`
/// or `https://example.org/docs/`. `www.example.org` is another host:
/// a line is removed only when it is certainly ours, and `www.` and the
/// bare name can be different sites. Another folder, another host, a
/// query, or a name outside that list is somebody else's line.
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
/// // Our own line under the old scheme and name is updated in place;
/// // another host's line stays.
/// let old = "Sitemap: http://example.org/sitemap.txt\nSitemap: https://cdn.example.net/sitemap.xml\n";
/// assert_eq!(
///     robots::merge(old, &sitemap, &[]),
///     "Sitemap: https://example.org/sitemap.xml\nSitemap: https://cdn.example.net/sitemap.xml\n",
/// );
/// # Ok::<(), sitemap_core::ValueError>(())
/// ```
pub fn merge(robots: &str, sitemap: &Loc, previous: &[Loc]) -> String {
    let merged = merge_bytes(robots.as_bytes(), sitemap, previous);
    // Lines are kept or replaced whole and ours is ASCII, so UTF-8 in
    // stays UTF-8 out.
    String::from_utf8(merged).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// [`merge`] on bytes: a robots.txt need not be UTF-8 (a Latin-1 comment
/// is common), and lines that are not ours are kept exactly as they were,
/// whatever their encoding, line ending or byte order mark.
pub fn merge_bytes(robots: &[u8], sitemap: &Loc, previous: &[Loc]) -> Vec<u8> {
    let wanted = format!("Sitemap: {sitemap}");
    if robots.is_empty() {
        return format!("User-agent: *\nAllow: /\n\n{wanted}\n").into_bytes();
    }
    let newline: &[u8] = if robots.windows(2).any(|w| w == b"\r\n") {
        b"\r\n"
    } else if !robots.contains(&b'\n') && robots.contains(&b'\r') {
        b"\r"
    } else {
        b"\n"
    };
    let ours = Ours::new(sitemap, previous);
    let mut out = Vec::with_capacity(robots.len() + wanted.len() + 2);
    let mut placed = false;
    let mut first = true;
    for line in lines(robots) {
        let bom: &[u8] = if first && line.starts_with(BOM) {
            BOM
        } else {
            b""
        };
        first = false;
        let mut body = line;
        while let [rest @ .., b'\r' | b'\n'] = body {
            body = rest;
        }
        let ending = &line[body.len()..];
        match sitemap_value(&body[bom.len()..]) {
            Some(url) if ours.is(url) => {
                if !placed {
                    out.extend_from_slice(bom);
                    out.extend_from_slice(wanted.as_bytes());
                    out.extend_from_slice(if ending.is_empty() { newline } else { ending });
                    placed = true;
                }
            }
            _ => out.extend_from_slice(line),
        }
    }
    if !placed {
        if !out.ends_with(b"\n") && !out.ends_with(b"\r") {
            out.extend_from_slice(newline);
        }
        out.extend_from_slice(wanted.as_bytes());
        out.extend_from_slice(newline);
    }
    out
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The lines of `text`, each with its ending: `\r\n`, `\n`, or a lone
/// `\r` (RFC 9309 allows all three).
fn lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => i + 2,
            Some(i) => i + 1,
            None => rest.len(),
        };
        let (line, tail) = rest.split_at(end);
        rest = tail;
        Some(line)
    })
}

/// The URLs of every `Sitemap:` line of `robots`, as [`merge`] reads
/// them (lossy where a URL is not UTF-8).
pub fn sitemap_urls(robots: &[u8]) -> Vec<String> {
    lines(robots)
        .filter_map(|line| {
            let line = line.strip_prefix(BOM).unwrap_or(line);
            sitemap_value(line.trim_ascii_end())
        })
        .map(|url| String::from_utf8_lossy(url).into_owned())
        .collect()
}

/// The URL of a `Sitemap:` line (field name in any case, a `#` comment
/// after it dropped), as the validator reads it.
pub(crate) fn sitemap_value(line: &[u8]) -> Option<&[u8]> {
    let content = line.split(|&b| b == b'#').next().unwrap_or(b"");
    let colon = content.iter().position(|&b| b == b':')?;
    let (field, value) = (&content[..colon], &content[colon + 1..]);
    field
        .trim_ascii()
        .eq_ignore_ascii_case(b"sitemap")
        .then(|| value.trim_ascii())
}

/// Which `Sitemap:` URLs are ours (see [`merge`]).
struct Ours<'a> {
    sitemap: &'a Loc,
    previous: &'a [Loc],
    /// Host and port, as the URL parser gives them.
    host: Option<(String, Option<u16>)>,
    folder: String,
    stem: String,
}

impl<'a> Ours<'a> {
    fn new(sitemap: &'a Loc, previous: &'a [Loc]) -> Ours<'a> {
        let parsed = url::Url::parse(sitemap.as_str()).ok();
        let host = parsed
            .as_ref()
            .and_then(|u| Some((u.host_str()?.to_owned(), u.port())));
        let path = parsed.as_ref().map_or("/", url::Url::path);
        let (folder, name) = path.rsplit_once('/').unwrap_or(("", path));
        let stem = name.split('.').next().unwrap_or("");
        let stem = ["_index", "-index", "index"]
            .iter()
            .find_map(|s| stem.strip_suffix(s))
            .filter(|s| !s.is_empty())
            .unwrap_or(stem);
        Ours {
            sitemap,
            previous,
            host,
            folder: folder.to_owned(),
            stem: stem.to_owned(),
        }
    }

    fn is(&self, value: &[u8]) -> bool {
        let Ok(value) = std::str::from_utf8(value) else {
            return false;
        };
        if value == self.sitemap.as_str() || self.previous.iter().any(|p| p.as_str() == value) {
            return true;
        }
        let Ok(url) = url::Url::parse(value) else {
            return false;
        };
        let Some((host, port)) = &self.host else {
            return false;
        };
        if !matches!(url.scheme(), "http" | "https")
            || url.host_str() != Some(host.as_str())
            || url.port() != *port
            || url.query().is_some()
            || url.fragment().is_some()
            || !url.username().is_empty()
            || url.password().is_some()
        {
            return false;
        }
        let Some((folder, name)) = url.path().rsplit_once('/') else {
            return false;
        };
        folder == self.folder && self.is_our_name(name)
    }

    fn is_our_name(&self, name: &str) -> bool {
        let Some(rest) = name.strip_prefix(self.stem.as_str()) else {
            return false;
        };
        let rest = ["_index", "-index", "index"]
            .iter()
            .find_map(|s| rest.strip_prefix(s))
            .unwrap_or(rest);
        matches!(rest, ".xml" | ".xml.gz" | ".txt" | ".txt.gz")
    }
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
            locked @ (crate::output::OutputErrorKind::Locked
            | crate::output::OutputErrorKind::LockTimeout { .. }) => RobotsErrorKind::Io {
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
    crate::input::special_kind(&meta.file_type())
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

/// How much of robots.txt a crawler reads for its rules: Google reads the
/// first 500 KiB and ignores the rest.
pub const CRAWLER_READ_BYTES: u64 = 500 * 1024;

/// A robots.txt as a crawler reads it for its rules ([`read_rules`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesText {
    /// Its first [`CRAWLER_READ_BYTES`], cut after the last whole line
    /// when the file is longer, so a rule is never read half.
    pub bytes: Vec<u8>,
    /// The whole file's size, when it is longer than a crawler reads.
    pub cut_from: Option<u64>,
}

impl RulesText {
    /// The warning for a file a crawler reads only part of, naming it;
    /// `None` when it is read whole.
    pub fn cut_warning(&self, path: &Path) -> Option<crate::Diagnostic> {
        let size = self.cut_from?;
        Some(
            crate::Diagnostic::warning(format!(
                "{size} bytes; crawlers read the first {CRAWLER_READ_BYTES} (500 KiB) and ignore the rest, so only the rules in its first {} bytes apply, here too",
                self.bytes.len()
            ))
            .in_file(path),
        )
    }
}

/// Reads `path` for its rules, as a crawler does: `None` when absent; an
/// error for anything that is not a regular file (never opened for a
/// blocking read); a file over [`CRAWLER_READ_BYTES`] is read that far
/// (see [`RulesText`]), never refused: crawlers obey that part.
pub fn read_rules(path: &Path) -> Result<Option<RulesText>, RobotsError> {
    use std::io::Read;

    let file = match crate::input::open_regular(path) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) if e.kind() == io::ErrorKind::InvalidInput => {
            let what = std::fs::metadata(path)
                .ok()
                .and_then(|m| not_a_file(&m))
                .unwrap_or("a special file");
            return Err(RobotsError {
                path: path.to_owned(),
                kind: RobotsErrorKind::NotAFile { what },
            });
        }
        Err(e) => return Err(RobotsError::io(path, "read", e)),
    };
    let size = file
        .metadata()
        .map_err(|e| RobotsError::io(path, "read", e))?
        .len();
    let mut bytes = Vec::new();
    file.take(CRAWLER_READ_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| RobotsError::io(path, "read", e))?;
    if bytes.len() as u64 <= CRAWLER_READ_BYTES {
        return Ok(Some(RulesText {
            bytes,
            cut_from: None,
        }));
    }
    bytes.truncate(CRAWLER_READ_BYTES as usize);
    let whole_lines = bytes
        .iter()
        .rposition(|&b| b == b'\n' || b == b'\r')
        .map_or(0, |i| i + 1);
    bytes.truncate(whole_lines);
    Ok(Some(RulesText {
        bytes,
        cut_from: Some(size.max(CRAWLER_READ_BYTES + 1)),
    }))
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

    #[test]
    fn our_line_under_another_scheme_name_or_bom_is_updated_in_place() {
        let robots = "\u{feff}Sitemap: http://example.org/docs/sitemap_index.xml.gz\r\nUser-agent: *\r\nsitemap:https://example.org/docs/sitemap.txt # old\r\n";
        assert_eq!(
            merge(robots, &loc("https://example.org/docs/sitemap.xml"), &[]),
            "\u{feff}Sitemap: https://example.org/docs/sitemap.xml\r\nUser-agent: *\r\n"
        );
    }

    #[test]
    fn other_hosts_folders_ports_and_names_are_kept() {
        let robots = "Sitemap: https://www.example.org/sitemap.xml\n\
Sitemap: https://example.org:8443/sitemap.xml\n\
Sitemap: https://example.org/blog/sitemap.xml\n\
Sitemap: https://example.org/sitemap-news.xml\n\
Sitemap: https://example.org/sitemap.xml?lang=de\n\
Sitemap: https://other.example/sitemap.xml\n";
        let merged = merge(robots, &loc("https://example.org/sitemap.xml"), &[]);
        assert_eq!(
            merged,
            format!("{robots}Sitemap: https://example.org/sitemap.xml\n")
        );
    }

    #[test]
    fn lines_that_are_not_utf8_are_kept_byte_for_byte() {
        let robots = b"# Caf\xE9\nUser-agent: *\nSitemap: http://example.org/sitemap.xml";
        assert_eq!(
            super::merge_bytes(robots, &loc("https://example.org/sitemap.xml"), &[]),
            b"# Caf\xE9\nUser-agent: *\nSitemap: https://example.org/sitemap.xml\n"
        );
    }

    #[test]
    fn lone_cr_line_endings_are_line_endings() {
        let robots = "User-agent: *\rSitemap: http://example.org/sitemap.xml\rDisallow: /x\r";
        assert_eq!(
            merge(robots, &loc("https://example.org/sitemap.xml"), &[]),
            "User-agent: *\rSitemap: https://example.org/sitemap.xml\rDisallow: /x\r"
        );
        assert_eq!(
            merge(
                "User-agent: *\r\n\r",
                &loc("https://example.org/sitemap.xml"),
                &[]
            ),
            "User-agent: *\r\n\rSitemap: https://example.org/sitemap.xml\r\n"
        );
    }
}
