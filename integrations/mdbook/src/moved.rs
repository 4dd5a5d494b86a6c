//! What `install` does to where the book is published.
//!
//! mdBook 0.4 and 0.5 alike (`MDBook::build_dir_for`) write a book with one
//! output straight into its build folder (`book/`) and a book with two
//! into a folder per output (`book/html/`, `book/sitemap/`). Only an
//! `[output.sitemap]` makes `mdbook build` (and `mdbook serve`) write the
//! sitemap itself, so `install` adds it and the HTML moves; a preprocessor
//! cannot write beside the HTML instead, as the HTML renderer empties its
//! folder before it writes. So `install` says what moved and rewrites the
//! GitHub workflows that publish the old folder, naming each line, and
//! names the lines that mention it that it cannot safely rewrite (a `run:`
//! script).

use std::path::{Path, PathBuf};

use anyhow::Result;
use toml_edit::DocumentMut;

/// The HTML's folder before and after `install`, relative to the folder
/// `install` was run from, as the user named it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Move {
    /// `book/` (or the `build-dir`), where the HTML was.
    pub(crate) from: String,
    /// `book/html/`, where it is now.
    pub(crate) to: String,
    /// Workflow lines: rewritten, or to be checked by hand.
    pub(crate) lines: Vec<WorkflowLine>,
}

/// A line of a workflow that names the old folder.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct WorkflowLine {
    /// `.github/workflows/x.yml`, relative to the repository root.
    pub(crate) file: String,
    /// 1-based.
    pub(crate) line: usize,
    /// The line as it was, trimmed.
    pub(crate) was: String,
    /// The old folder as the repository names it (`book`, `docs/book`).
    pub(crate) folder: String,
    /// The line as `install` wrote it; `None` when it was left for the
    /// user to check.
    pub(crate) now: Option<String>,
}

/// Whether mdBook built the HTML alone (`[output]` empty, or only
/// `[output.html]`), so it was in the build folder itself.
pub(crate) fn html_alone(doc: &DocumentMut) -> bool {
    let Some(output) = doc.get("output").and_then(|o| o.as_table_like()) else {
        return true;
    };
    output.iter().all(|(name, _)| name == "html")
}

/// The build folder `book.toml` names (`[build] build-dir`, default `book`).
pub(crate) fn build_dir(doc: &DocumentMut) -> String {
    doc.get("build")
        .and_then(|b| b.as_table_like())
        .and_then(|b| b.get("build-dir"))
        .and_then(|d| d.as_str())
        .unwrap_or("book")
        .trim_end_matches('/')
        .to_owned()
}

/// Describes the move of the HTML from `dir/build_dir` to
/// `dir/build_dir/html` and rewrites the workflows that publish it.
pub(crate) fn apply(dir: &Path, build_dir: &str) -> Result<Move> {
    let from = dir.join(build_dir);
    let mut moved = Move {
        from: format!("{}/", from.display()),
        to: format!("{}/", from.join("html").display()),
        lines: Vec::new(),
    };
    let Some((root, rel)) = repository_root(dir, build_dir) else {
        return Ok(moved);
    };
    let workflows = root.join(".github/workflows");
    let Ok(entries) = std::fs::read_dir(&workflows) else {
        return Ok(moved);
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yml" || x == "yaml"))
        .collect();
    files.sort();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let shown = format!(
            ".github/workflows/{}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        let (edited, lines) = rewrite(&text, &rel, &shown);
        if edited != text {
            sitemap_core::output::replace_file(&path, edited.as_bytes()).map_err(|e| {
                sitemap_engine::diagnostic::Diagnostic::error(format!(
                    "{}; book.toml is changed, this file is not: point it at {}",
                    e.kind(),
                    moved.to
                ))
                .in_file(&path)
            })?;
        }
        moved.lines.extend(lines);
    }
    Ok(moved)
}

/// The repository holding `dir/build_dir` (the nearest folder above it
/// with a `.git`) and that folder's path in it with `/`; `None` outside a
/// repository, where no workflow can publish it. The folder need not
/// exist yet (a book never built).
fn repository_root(dir: &Path, build_dir: &str) -> Option<(PathBuf, String)> {
    let mut full = dir.canonicalize().ok()?;
    for part in Path::new(build_dir).components() {
        match part {
            std::path::Component::ParentDir => {
                full.pop();
            }
            std::path::Component::Normal(name) => full.push(name),
            std::path::Component::RootDir => full = PathBuf::from("/"),
            _ => {}
        }
    }
    let root = full.ancestors().skip(1).find(|a| a.join(".git").exists())?;
    let rel = full.strip_prefix(root).ok()?;
    let rel: Vec<_> = rel.iter().map(|c| c.to_string_lossy()).collect();
    Some((root.to_owned(), rel.join("/")))
}

/// `text` with every `key: FOLDER` (`FOLDER` being `rel`, `./rel`, with or
/// without a trailing `/`, quoted or not) pointed at `FOLDER/html`, and
/// the lines it rewrote or that name the folder some other way.
fn rewrite(text: &str, rel: &str, file: &str) -> (String, Vec<WorkflowLine>) {
    let names = |value: &str| {
        let bare = value.strip_prefix("./").unwrap_or(value);
        bare.strip_suffix('/').unwrap_or(bare) == rel
    };
    let mut out = String::with_capacity(text.len() + 16);
    let mut lines = Vec::new();
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let body = line.trim_end_matches(['\n', '\r']);
        let end = &line[body.len()..];
        if let Some((head, value, tail)) = key_value(body)
            && names(value)
        {
            let html = match value.strip_suffix('/') {
                Some(folder) => format!("{folder}/html/"),
                None => format!("{value}/html"),
            };
            let now = format!("{head}{html}{tail}");
            lines.push(WorkflowLine {
                file: file.to_owned(),
                line: n + 1,
                was: body.trim().to_owned(),
                folder: rel.to_owned(),
                now: Some(now.trim().to_owned()),
            });
            out.push_str(&now);
            out.push_str(end);
            continue;
        }
        let mentions = body
            .split(|c: char| c.is_whitespace() || "'\":=,;()".contains(c))
            .any(|word| !word.is_empty() && names(word));
        if mentions && !body.trim_start().starts_with('#') {
            lines.push(WorkflowLine {
                file: file.to_owned(),
                line: n + 1,
                was: body.trim().to_owned(),
                folder: rel.to_owned(),
                now: None,
            });
        }
        out.push_str(line);
    }
    (out, lines)
}

/// A YAML `key: value` line split into what comes before the value (with
/// an opening quote), the value, and what follows it (a closing quote, a
/// comment).
fn key_value(line: &str) -> Option<(&str, &str, &str)> {
    let colon = line.find(": ")?;
    let key = line[..colon].trim_start().trim_start_matches("- ");
    if key.is_empty() || !key.chars().all(|c| c.is_alphanumeric() || "_-".contains(c)) {
        return None;
    }
    let start = colon + 2 + line[colon + 2..].len() - line[colon + 2..].trim_start().len();
    let rest = &line[start..];
    let (open, value) = match rest.chars().next()? {
        q @ ('"' | '\'') => {
            let close = rest[1..].find(q)? + 1;
            (1, &rest[1..close])
        }
        _ => (0, rest.split(" #").next()?.trim_end()),
    };
    let value_start = start + open;
    let value_end = value_start + value.len();
    Some((&line[..value_start], value, &line[value_end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_publishing_keys_and_names_other_mentions() {
        let text = "on: push\njobs:\n  x:\n    steps:\n      - run: mdbook build && cp -r book public\n      - uses: actions/upload-pages-artifact@v3\n        with:\n          path: ./book # the HTML\n      - with:\n          publish_dir: \"book/\"\n          other: docs/book\n";
        let (edited, lines) = rewrite(text, "book", "w.yml");
        assert_eq!(
            edited,
            "on: push\njobs:\n  x:\n    steps:\n      - run: mdbook build && cp -r book public\n      - uses: actions/upload-pages-artifact@v3\n        with:\n          path: ./book/html # the HTML\n      - with:\n          publish_dir: \"book/html/\"\n          other: docs/book\n"
        );
        let shown: Vec<_> = lines
            .iter()
            .map(|l| (l.line, l.was.as_str(), l.now.as_deref()))
            .collect();
        assert_eq!(
            shown,
            [
                (5, "- run: mdbook build && cp -r book public", None),
                (
                    8,
                    "path: ./book # the HTML",
                    Some("path: ./book/html # the HTML")
                ),
                (
                    10,
                    "publish_dir: \"book/\"",
                    Some("publish_dir: \"book/html/\"")
                ),
            ]
        );
    }
}
