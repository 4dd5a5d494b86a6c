//! The built site the `scan` bench checks the scan against: a `public/`
//! holding one small page for each URL the scan lists (what `hugo`
//! would have written, less the bodies), generated once from a dry run
//! and cached beside the site as `public.off/`. It is moved into place as
//! `public/` only for the runs that time the build check (a rename each
//! way), so the plain scan runs see no build.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// The bench site's base URL (its `hugo.toml`).
const BASE_URL: &str = "https://bench.example.org/";

/// A built page: the head the check reads of a page it does not list.
const PAGE: &str = "<!doctype html><html><head><title>page</title></head><body></body></html>\n";

/// The parked build of `site` and its page count, generated unless
/// cached; a build left in place by an interrupted run is parked first.
pub(super) fn ensure(bin: &Path, site: &Path) -> Result<(PathBuf, usize)> {
    let (parked, live) = (site.join("public.off"), site.join("public"));
    if live.exists() {
        if parked.exists() {
            fs::remove_dir_all(&live)?;
        } else {
            fs::rename(&live, &parked)?;
        }
    }
    let stamp = parked.join(".complete");
    if let Ok(count) = fs::read_to_string(&stamp) {
        return Ok((parked, count.trim().parse().context("bad build stamp")?));
    }
    if parked.exists() {
        fs::remove_dir_all(&parked)?;
    }
    eprintln!("writing the built pages under {}…", parked.display());
    let output = Command::new(bin)
        .arg("scan")
        .arg(site)
        .args(["--dry-run", "--lastmod", "front-matter"])
        .env("NO_COLOR", "1")
        .output()
        .with_context(|| format!("cannot run {}", bin.display()))?;
    if !output.status.success() {
        bail!(
            "sitemap scan --dry-run failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let mut count = 0;
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let loc = line.split('\t').next().unwrap_or_default();
        let Some(rel) = loc.strip_prefix(BASE_URL) else {
            bail!("a listed URL outside {BASE_URL}: {loc}");
        };
        let file = if rel.is_empty() || rel.ends_with('/') {
            parked.join(rel).join("index.html")
        } else {
            parked.join(rel)
        };
        fs::create_dir_all(file.parent().context("a page's folder")?)?;
        fs::write(&file, PAGE)?;
        count += 1;
    }
    fs::write(&stamp, count.to_string())?;
    Ok((parked, count))
}

/// The parked build moved into place as `public/` while this lives.
pub(super) struct InPlace<'a> {
    parked: &'a Path,
    live: PathBuf,
}

impl<'a> InPlace<'a> {
    pub(super) fn new(parked: &'a Path) -> Result<InPlace<'a>> {
        let live = parked.with_file_name("public");
        fs::rename(parked, &live)
            .with_context(|| format!("cannot move {} into place", parked.display()))?;
        Ok(InPlace { parked, live })
    }
}

impl Drop for InPlace<'_> {
    fn drop(&mut self) {
        if let Err(e) = fs::rename(&self.live, self.parked) {
            eprintln!("cannot park {} again: {e}", self.live.display());
        }
    }
}
