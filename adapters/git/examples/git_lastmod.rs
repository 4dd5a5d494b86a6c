//! Prints the last commit date of every file listed in a file, read from
//! one git history pass. `cargo xtask bench git` times this binary.
//!
//! Usage: `git_lastmod <work tree> <file list, one path a line>`; prints
//! `path<TAB>lastmod` (or the reason there is none) for each path, in the
//! order given.

use std::io::Write;
use std::path::{Path, PathBuf};

use sitemap_git::{GitHistory, GitLastmod, GitOptions};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(dir), Some(list)) = (args.next(), args.next()) else {
        return Err("usage: git_lastmod <work tree> <file list>".into());
    };
    let files: Vec<PathBuf> = std::fs::read_to_string(&list)?
        .lines()
        .filter(|l| !l.is_empty())
        .map(PathBuf::from)
        .collect();
    let history = GitHistory::read(Path::new(&dir), &files, &GitOptions::default())?
        .ok_or_else(|| format!("{dir} is not a git work tree"))?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for file in &files {
        match history.get(file) {
            Some(GitLastmod::Committed(lastmod)) => writeln!(out, "{}\t{lastmod}", file.display())?,
            other => writeln!(out, "{}\t{other:?}", file.display())?,
        }
    }
    out.flush()?;
    Ok(())
}
