//! `robots.txt`: a `Sitemap:` line, merged into what is there.

use std::io::Write;
use std::path::{Path, PathBuf};

use sitemap_core::Loc;

use crate::error::Error;

/// Writes `robots.txt` in `dir` so it names `sitemap`: an existing file
/// (mdBook copies `src/robots.txt` into the HTML) keeps every line, and
/// gets the `Sitemap:` line appended unless it already has it. A new file
/// allows everything. Written to a temporary file, then renamed.
pub(crate) fn merge(dir: &Path, sitemap: &Loc) -> Result<PathBuf, Error> {
    let path = dir.join("robots.txt");
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| Error::Io { path, source }
    };
    let existing = match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(&path)(e)),
    };
    let line = format!("Sitemap: {sitemap}");
    let text = match existing {
        Some(text) => {
            let present = text.lines().any(|l| {
                l.split_once(':').is_some_and(|(field, value)| {
                    field.trim().eq_ignore_ascii_case("sitemap") && value.trim() == sitemap.as_str()
                })
            });
            if present {
                return Ok(path);
            }
            let mut text = text;
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&line);
            text.push('\n');
            text
        }
        None => format!("User-agent: *\nAllow: /\n\n{line}\n"),
    };
    let mut temp = tempfile::NamedTempFile::new_in(dir).map_err(io(dir))?;
    temp.write_all(text.as_bytes()).map_err(io(temp.path()))?;
    temp.persist(&path).map_err(|e| io(&path)(e.error))?;
    Ok(path)
}
