//! Sites checked out from bare mirrors, with their history (lastmod from
//! git needs it) and without network once the mirrors are on disk.
//!
//! Mirrors live in `$SITEMAP_CORPUS_MIRRORS` (default
//! `target/corpus/mirrors`) as `<owner>+<name>/repo`, the layout of a bare
//! clone made by `git clone --bare https://github.com/<owner>/<name>
//! <owner>+<name>/repo`, which is done here when the mirror is missing.
//!
//! A mirror may lack the blobs of its largest files (snapshots of public
//! repositories often do): `git checkout-index` writes every file it can
//! and the missing ones are counted, not fatal, since images and archives
//! do not change a URL set.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use super::list::Site;

pub(crate) fn mirrors() -> PathBuf {
    std::env::var_os("SITEMAP_CORPUS_MIRRORS").map_or_else(
        || crate::root().join("target/corpus/mirrors"),
        PathBuf::from,
    )
}

/// Checks `site` (and its extra checkouts) out under `sites/<name>`,
/// reusing a finished checkout of the same commits; returns the folder.
pub(crate) fn checkout(site: &Site, sites: &Path) -> Result<PathBuf> {
    let dir = sites.join(&site.name);
    let stamp = std::iter::once(format!("{} {} .", site.repo, site.commit))
        .chain(
            site.checkouts
                .iter()
                .map(|c| format!("{} {} {}", c.repo, c.commit, c.path)),
        )
        .collect::<Vec<_>>()
        .join("\n");
    let stamp_file = dir.join(".git/corpus-checkout");
    if std::fs::read_to_string(&stamp_file).is_ok_and(|s| s == stamp) {
        return Ok(dir);
    }
    if dir.exists() {
        std::fs::remove_dir_all(&dir).with_context(|| format!("cannot clear {}", dir.display()))?;
    }
    check_out(&site.repo, &site.commit, &dir)?;
    for extra in &site.checkouts {
        let at = dir.join(&extra.path);
        if at.exists() {
            std::fs::remove_dir_all(&at)?;
        }
        check_out(&extra.repo, &extra.commit, &at)?;
    }
    std::fs::write(&stamp_file, stamp)?;
    Ok(dir)
}

fn check_out(repo: &str, commit: &str, dir: &Path) -> Result<()> {
    let mirror = mirror(repo)?;
    std::fs::create_dir_all(dir.parent().context("a folder")?)?;
    git(
        None,
        &["clone", "-q", "--shared", "--no-checkout"],
        &[&mirror, dir],
    )?;
    git(Some(dir), &["reset", "-q", commit], &[]).with_context(|| {
        format!(
            "commit {commit} of {repo}: is it in the mirror {}?",
            mirror.display()
        )
    })?;
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["checkout-index", "-a", "-f"])
        .output()?;
    let missing = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains("unable to read"))
        .count();
    if !out.status.success() && missing == 0 {
        bail!(
            "git checkout-index in {}: {}",
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    if missing > 0 {
        eprintln!(
            "note: {repo}: {missing} file(s) missing from the mirror (large blobs), left out"
        );
    }
    Ok(())
}

/// The bare mirror of `owner/name`, cloned when missing.
fn mirror(repo: &str) -> Result<PathBuf> {
    let (owner, name) = repo
        .split_once('/')
        .with_context(|| format!("repo `{repo}`: expected owner/name"))?;
    let dir = mirrors().join(format!("{owner}+{name}")).join("repo");
    if !dir.exists() {
        eprintln!("cloning {repo} into {}", dir.display());
        let url = format!("https://github.com/{repo}");
        git(None, &["clone", "-q", "--bare", &url], &[&dir])
            .with_context(|| format!("no mirror of {repo}; set SITEMAP_CORPUS_MIRRORS"))?;
    }
    Ok(dir)
}

fn git(dir: Option<&Path>, args: &[&str], paths: &[&Path]) -> Result<()> {
    let mut cmd = Command::new("git");
    if let Some(dir) = dir {
        cmd.arg("-C").arg(dir);
    }
    cmd.args(args).args(paths);
    let out = cmd.output().context("cannot run git")?;
    if !out.status.success() {
        bail!("{cmd:?}: {}", String::from_utf8_lossy(&out.stderr).trim());
    }
    Ok(())
}
