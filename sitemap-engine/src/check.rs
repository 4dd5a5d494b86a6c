//! `--check`: the set written into a temporary folder and compared, file
//! by file, with what the output folder holds; nothing there changes.

use std::path::Path;

use sitemap_core::{SetOptions, Url};

use crate::error::Error;
use crate::publish::Outputs;

pub(crate) fn differences(urls: &[Url], outputs: &Outputs) -> Result<Vec<String>, Error> {
    let tmp = tempfile::tempdir().map_err(|source| Error::Io {
        path: std::env::temp_dir(),
        source,
    })?;
    let report = outputs.write_into(tmp.path(), urls)?;
    let options: SetOptions = outputs.set.clone();
    let out = outputs.set.dir.as_path();
    let mut differences = Vec::new();
    let mut names = Vec::new();
    let files = report
        .sitemaps
        .iter()
        .map(|s| &s.path)
        .chain(report.index.as_ref().map(|i| &i.path));
    for path in files {
        let name = path.strip_prefix(tmp.path()).unwrap_or(path).to_path_buf();
        let new = std::fs::read(path).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
        let on_disk = out.join(&name);
        // Bounded by the new file's size: anything longer differs anyway,
        // and a FIFO or device in its place is refused, never read.
        let differs = format!("{}: differs from what would be written", shown(&on_disk));
        match sitemap_core::input::read_regular(&on_disk, new.len() as u64) {
            Ok(old) if old == new => {}
            Ok(_) => differences.push(differs),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => {
                if std::fs::metadata(&on_disk).is_ok_and(|m| m.is_file()) {
                    differences.push(differs);
                } else {
                    differences.push(format!("{}: {e}", shown(&on_disk)));
                }
            }
            Err(_) => differences.push(format!("{}: missing", shown(&on_disk))),
        }
        names.push(name.to_string_lossy().into_owned());
    }
    if out.is_dir() {
        for p in options.leftovers(&names)? {
            differences.push(format!("{}: would be removed", shown(&p)));
        }
    }
    Ok(differences)
}

fn shown(path: &Path) -> String {
    let s = path.display().to_string();
    s.strip_prefix("./").map(str::to_owned).unwrap_or(s)
}
