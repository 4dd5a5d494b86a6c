//! The sites of Hugo's integration tests, read from a bare clone of
//! gohugoio/hugo at run time (Hugo's code is never committed here).
//!
//! - A site is a Go raw string literal (backticks) of a `*_test.go` that
//!   holds txtar file sections (a line `-- path --` starts a file), named
//!   `<test file>:<line of the opening backtick>`.
//! - The files are what Hugo's `IntegrationTestBuilder` writes: `§§§`
//!   and `§§` turned into three and one backticks first, each file's one
//!   trailing newline dropped.
//! - A literal the test changes before building (passed to `Sprintf`,
//!   `strings.Replace*`, a `Replacer`, `text/template`, concatenated or
//!   appended to) is marked with the reason: it is built as written,
//!   placeholders and all, and counted apart.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

/// One txtar literal of a test file.
pub(super) struct Site {
    /// `<test file>:<line>`, e.g. `hugolib/sitemap_test.go:28`.
    pub(super) name: String,
    /// The test file's folder in Hugo's tree (`sourcefilename:` files
    /// are relative to it).
    pub(super) dir: String,
    /// Path and content, in the literal's order.
    pub(super) files: Vec<(String, Vec<u8>)>,
    /// Why the literal is not built as it stands: the test changes it
    /// before building.
    pub(super) not_literal: Option<&'static str>,
}

/// The snapshot's commit, as a hash and as `git describe` names it
/// (`v0.165.0-9-g7b5199fde`), and every txtar literal of its test files.
pub(super) fn sites(git_dir: &Path) -> Result<(String, String, Vec<Site>)> {
    let (commit, described) = commit(git_dir)?;
    let listing = git(git_dir, &["ls-tree", "-r", "-z", "--name-only", &commit])?;
    let mut paths: Vec<String> = listing
        .split('\0')
        .filter(|p| p.ends_with("_test.go"))
        .map(str::to_owned)
        .collect();
    paths.sort();
    let blobs = super::super::front_matter::harvest::read_blobs(git_dir, &commit, &paths)?;
    let mut sites = Vec::new();
    for (path, blob) in paths.iter().zip(blobs) {
        let Ok(src) = String::from_utf8(blob) else {
            continue;
        };
        let dir = path.rsplit_once('/').map_or("", |(d, _)| d).to_owned();
        for lit in raw_literals(&src) {
            let text = &src[lit.start + 1..lit.end];
            let files = txtar(text);
            if files.is_empty() {
                continue;
            }
            sites.push(Site {
                name: format!("{path}:{}", lit.line),
                dir: dir.clone(),
                files,
                not_literal: changed_at_run_time(&src, &lit),
            });
        }
    }
    Ok((commit, described, sites))
}

/// The snapshot's commit, as a hash and as `git describe` names it.
pub(super) fn commit(git_dir: &Path) -> Result<(String, String)> {
    let commit = git(git_dir, &["rev-parse", "HEAD"])?.trim().to_owned();
    // A snapshot without tags has no name; the hash says it all then.
    let described = git(git_dir, &["describe", "--tags", &commit])
        .map(|d| d.trim().to_owned())
        .unwrap_or_default();
    Ok((commit, described))
}

/// A blob of the snapshot, for a test's `sourcefilename:` file.
pub(super) fn read_file(git_dir: &Path, commit: &str, path: &str) -> Option<Vec<u8>> {
    let out = Command::new("git")
        .arg("--git-dir")
        .arg(git_dir)
        .args(["cat-file", "blob", &format!("{commit}:{path}")])
        .output()
        .ok()?;
    out.status.success().then_some(out.stdout)
}

fn git(git_dir: &Path, args: &[&str]) -> Result<String> {
    let out = Command::new("git")
        .arg("--git-dir")
        .arg(git_dir)
        .args(args)
        .output()
        .context("cannot run git")?;
    if !out.status.success() {
        bail!(
            "git {} in {}: {}",
            args.join(" "),
            git_dir.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A raw string literal: the byte offsets of its two backticks and the
/// line of the first.
struct Literal {
    start: usize,
    end: usize,
    line: usize,
}

/// Every raw string literal of Go source `src`, skipping comments,
/// interpreted strings and runes (a backtick inside those opens nothing).
fn raw_literals(src: &str) -> Vec<Literal> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    // Skips to the byte after the closing `quote`, over escapes.
    let skip_quoted = |mut j: usize, quote: u8| {
        while j < b.len() && b[j] != quote && b[j] != b'\n' {
            j += if b[j] == b'\\' { 2 } else { 1 };
        }
        j + 1
    };
    while i < b.len() {
        match b[i] {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = src[i..].find('\n').map_or(b.len(), |n| i + n);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = src[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
                line += src[i..end].matches('\n').count();
                i = end;
            }
            q @ (b'"' | b'\'') => i = skip_quoted(i + 1, q),
            b'`' => {
                let end = src[i + 1..].find('`').map_or(b.len(), |n| i + 1 + n);
                out.push(Literal {
                    start: i,
                    end,
                    line,
                });
                line += src[i..end].matches('\n').count();
                i = end + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// The files of a txtar archive as Hugo's test builder writes them; none
/// when `text` has no file marker.
fn txtar(text: &str) -> Vec<(String, Vec<u8>)> {
    let text = text.replace("§§§", "```").replace("§§", "`");
    let mut files: Vec<(String, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        if let Some(name) = marker(line) {
            files.push((name.to_owned(), String::new()));
        } else if let Some((_, data)) = files.last_mut() {
            data.push_str(line);
        }
    }
    files
        .into_iter()
        .map(|(name, data)| {
            let data = data.strip_suffix('\n').unwrap_or(&data);
            (name, data.as_bytes().to_vec())
        })
        .collect()
}

/// The file name of a txtar marker line `-- name --`.
fn marker(line: &str) -> Option<&str> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let name = line.strip_prefix("-- ")?.strip_suffix(" --")?.trim();
    (!name.is_empty()).then_some(name)
}

/// Why the test changes literal `lit` before it builds it, if it does:
/// judged from the code around it, up to the end of its function.
fn changed_at_run_time(src: &str, lit: &Literal) -> Option<&'static str> {
    let before = src[..lit.start].trim_end();
    let after = src[lit.end + 1..].trim_start();
    if before.ends_with('+') || (after.starts_with('+') && !after.starts_with("++")) {
        return Some("concatenated with other text");
    }
    for (call, why) in CHANGING_CALLS {
        if before.ends_with(&format!("{call}(")) {
            return Some(why);
        }
    }
    // `name := \`…\`` or `name = \`…\``: follow the variable.
    let var = before
        .strip_suffix('=')
        .map(|b| b.strip_suffix(':').unwrap_or(b).trim_end())
        .and_then(|b| {
            let start = b
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |i| i + 1);
            Some(&b[start..]).filter(|v| !v.is_empty())
        })?;
    // The rest of the function: up to a `}` at the start of a line.
    let rest = &src[lit.end + 1..];
    let body = &rest[..rest.find("\n}").unwrap_or(rest.len())];
    for (at, _) in body.match_indices(var) {
        let pre = &body[..at];
        let post = &body[at + var.len()..];
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if word(pre.chars().next_back()) || word(post.chars().next()) {
            continue;
        }
        let (pre, post) = (pre.trim_end(), post.trim_start());
        for (call, why) in CHANGING_CALLS {
            if pre.ends_with(&format!("{call}(")) {
                return Some(why);
            }
        }
        if post.starts_with("+=") || pre.ends_with('+') || post.starts_with("+ ") {
            return Some("concatenated with other text");
        }
        // `var = …var…`: reassigned from itself.
        if post.starts_with('=') && !post.starts_with("==") {
            let line = post.lines().next().unwrap_or_default();
            if line
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| w == var)
            {
                let call = CHANGING_CALLS
                    .iter()
                    .find(|(call, _)| line.contains(&format!("{call}(")));
                return Some(call.map_or("rewritten from itself before the build", |c| c.1));
            }
        }
    }
    None
}

/// Calls that make a test's site from a literal, rather than take it as
/// it is.
const CHANGING_CALLS: &[(&str, &str)] = &[
    ("Sprintf", "a fmt.Sprintf format"),
    ("Replace", "strings.Replace* placeholders"),
    ("ReplaceAll", "strings.Replace* placeholders"),
    ("WriteString", "written into a builder with other text"),
    ("Parse", "a text/template"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_skip_comments_strings_and_runes() {
        let src = "a := \"`\" // `x`\n/* `y`\n*/ r := '`'\nfiles := `\n-- hugo.toml --\nbaseURL = \"x\"\n`\n";
        let lits = raw_literals(src);
        assert_eq!(lits.len(), 1);
        assert_eq!(lits[0].line, 4);
        let files = txtar(&src[lits[0].start + 1..lits[0].end]);
        assert_eq!(
            files,
            [("hugo.toml".to_owned(), b"baseURL = \"x\"".to_vec())]
        );
    }

    #[test]
    fn a_literal_the_test_rewrites_is_no_site() {
        let src = "func T() {\n\tfiles := `\n-- hugo.toml --\nX\n`\n\tfiles = strings.ReplaceAll(files, \"X\", y)\n\tTest(t, files)\n}\n";
        let lit = &raw_literals(src)[0];
        assert_eq!(
            changed_at_run_time(src, lit),
            Some("strings.Replace* placeholders")
        );
        let plain =
            "func T() {\n\tfiles := `\n-- hugo.toml --\n`\n\tTest(t, files)\n\tmyfiles := 1\n}\n";
        assert_eq!(changed_at_run_time(plain, &raw_literals(plain)[0]), None);
        let concat = "func T() {\n\tfiles := `\n-- hugo.toml --\n` + more\n}\n";
        assert!(changed_at_run_time(concat, &raw_literals(concat)[0]).is_some());
    }

    #[test]
    fn section_markers_and_builder_replacements() {
        let files = txtar("comment\n-- a.md --\n§§§go\nx\n§§§\n\n-- b.md --\n--  --\n-- c --");
        let names: Vec<_> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a.md", "b.md", "c"]);
        assert_eq!(files[0].1, b"```go\nx\n```\n");
        assert_eq!(files[1].1, b"--  --");
    }
}
