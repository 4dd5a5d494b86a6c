//! Fixture paths, and the written set as one text to snapshot.

use std::path::{Path, PathBuf};

use sitemap_build::Built;
use sitemap_testkit::Schema;

/// `tests/fixtures/<case>`.
pub(crate) fn fixture(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(case)
}

/// Every file in `out`, sorted, each under a `== name ==` header, after
/// validating each XML file with xmllint against the schema it needs.
pub(crate) fn written(out: &Path) -> String {
    let mut names: Vec<PathBuf> = std::fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    let mut text = String::new();
    for path in names {
        let body = std::fs::read_to_string(&path).unwrap();
        if path.extension().is_some_and(|e| e == "xml") {
            sitemap_testkit::assert_valid(&path, Schema::for_document(&body));
        }
        let name = path.file_name().unwrap().to_string_lossy();
        text.push_str(&format!("== {name} ==\n{body}\n"));
    }
    text
}

/// The rerun-if-changed lines with `root` shown as `[ROOT]`.
pub(crate) fn rerun_lines(built: &Built, root: &Path) -> String {
    built
        .rerun_lines()
        .iter()
        .map(|l| l.replace(&root.display().to_string(), "[ROOT]"))
        .collect::<Vec<_>>()
        .join("\n")
}
