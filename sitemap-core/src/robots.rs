//! `robots.txt`: the protocol's discovery line, merged into what is there.
//!
//! Crawlers find a sitemap through a `Sitemap: <absolute URL>` line in the
//! host root's robots.txt. Sites keep their own rules in that file, so it
//! is merged, never replaced: every other line (comments, groups, other
//! sitemaps, CRLF endings) is kept as it was.

use std::io::{self, Write};
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

/// Reading or writing `robots.txt` failed.
#[derive(Debug, Error)]
#[error("{}: {source}", path.display())]
pub struct RobotsError {
    /// The file or folder involved.
    pub path: PathBuf,
    /// What the operating system said.
    #[source]
    pub source: io::Error,
}

/// Merges the `Sitemap:` line into `dir/robots.txt` (see [`merge`]),
/// creating the file when absent. The new text is written to a temporary
/// file in `dir` and renamed over the old one, so a reader never sees half
/// a file. Returns the path and whether the file changed (an up-to-date
/// file is not rewritten, so its mtime stays).
pub fn update(dir: &Path, sitemap: &Loc, previous: &[Loc]) -> Result<(PathBuf, bool), RobotsError> {
    let path = dir.join(ROBOTS_FILE_NAME);
    let err = |path: &Path| {
        let path = path.to_owned();
        move |source| RobotsError { path, source }
    };
    let old = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(err(&path)(e)),
    };
    let new = merge(&old, sitemap, previous);
    if new == old {
        return Ok((path, false));
    }
    std::fs::create_dir_all(dir).map_err(err(dir))?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".robots.txt.")
        .tempfile_in(dir)
        .map_err(err(dir))?;
    tmp.write_all(new.as_bytes()).map_err(err(&path))?;
    tmp.persist(&path).map_err(|e| err(&path)(e.error))?;
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
