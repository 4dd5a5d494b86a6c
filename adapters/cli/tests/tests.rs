//! Integration tests for the `sitemap` binary: each runs the built binary
//! on a copy of a fixture site and compares the whole output.

mod files;
mod hostile;
mod mdbook;
mod scan;
mod served;
mod site;
mod validate;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// Copies a fixture tree (tests write into the copy).
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs `sitemap ARGS` in `dir` with a clean environment for colours.
fn sitemap(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sitemap"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// Output as text with the temporary folder's path redacted.
fn text(bytes: &[u8], dir: &Path) -> String {
    String::from_utf8_lossy(bytes).replace(&*dir.to_string_lossy(), "<site>")
}
