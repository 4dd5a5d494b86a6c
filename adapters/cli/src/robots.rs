//! `robots.txt`: add or update our `Sitemap:` line, keeping every other
//! line as it was.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use sitemap_core::Loc;

/// `robots` with a `Sitemap: <loc>` line. A `Sitemap:` line (any case)
/// naming one of `ours` (this set's possible root files, from an earlier
/// run in another format) is replaced in place; when none is there the
/// line is appended. Every other line, line endings included, is kept.
pub(crate) fn merge(robots: &str, loc: &Loc, ours: &[String]) -> String {
    let newline = if robots.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let wanted = format!("Sitemap: {loc}");
    let mut out = String::with_capacity(robots.len() + wanted.len() + 2);
    let mut placed = false;
    for line in robots.split_inclusive('\n') {
        let body = line.trim_end_matches(['\r', '\n']);
        let ending = &line[body.len()..];
        let target = body
            .split_once(':')
            .filter(|(key, _)| key.trim().eq_ignore_ascii_case("sitemap"))
            .map(|(_, v)| v.trim());
        match target {
            Some(t) if ours.iter().any(|o| o == t) => {
                if !placed {
                    out.push_str(&wanted);
                    out.push_str(if ending.is_empty() { newline } else { ending });
                    placed = true;
                }
                // A second line naming our sitemap is dropped: one is enough.
            }
            _ => out.push_str(line),
        }
    }
    if !placed {
        if !out.is_empty() && !out.ends_with('\n') {
            out.push_str(newline);
        }
        out.push_str(&wanted);
        out.push_str(newline);
    }
    out
}

/// Merges into `dir/robots.txt`, written to a temporary file and renamed.
/// Returns whether the file changed.
pub(crate) fn update(dir: &Path, loc: &Loc, ours: &[String]) -> anyhow::Result<bool> {
    let path = dir.join("robots.txt");
    let old = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e).with_context(|| format!("{}: cannot read", path.display())),
    };
    let new = merge(&old, loc, ours);
    if new == old {
        return Ok(false);
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("{}: cannot create the folder", dir.display()))?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("{}: cannot write", path.display()))?;
    tmp.write_all(new.as_bytes())
        .with_context(|| format!("{}: cannot write", path.display()))?;
    tmp.persist(&path)
        .map_err(|e| e.error)
        .with_context(|| format!("{}: cannot write", path.display()))?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::merge;

    fn loc() -> sitemap_core::Loc {
        "https://example.org/sitemap.xml".parse().unwrap()
    }

    fn ours() -> Vec<String> {
        ["sitemap.xml", "sitemap.xml.gz", "sitemap.txt"]
            .iter()
            .map(|n| format!("https://example.org/{n}"))
            .collect()
    }

    #[test]
    fn creates_when_empty() {
        assert_eq!(
            merge("", &loc(), &ours()),
            "Sitemap: https://example.org/sitemap.xml\n"
        );
    }

    #[test]
    fn appends_keeping_every_line_and_crlf() {
        let robots =
            "User-agent: *\r\nDisallow: /private/\r\n\r\nSitemap: https://example.org/other.xml";
        assert_eq!(
            merge(robots, &loc(), &ours()),
            "User-agent: *\r\nDisallow: /private/\r\n\r\nSitemap: https://example.org/other.xml\r\nSitemap: https://example.org/sitemap.xml\r\n"
        );
    }

    #[test]
    fn updates_our_line_in_place() {
        let robots = "# keep me\nsitemap:   https://example.org/sitemap.xml.gz\nUser-agent: *\nSITEMAP: https://example.org/sitemap.txt\n";
        assert_eq!(
            merge(robots, &loc(), &ours()),
            "# keep me\nSitemap: https://example.org/sitemap.xml\nUser-agent: *\n"
        );
    }

    #[test]
    fn unchanged_when_already_there() {
        let robots = "User-agent: *\nSitemap: https://example.org/sitemap.xml\n";
        assert_eq!(merge(robots, &loc(), &ours()), robots);
    }
}
