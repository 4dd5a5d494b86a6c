//! Random Hugo sites: sections of pages with random front matter.

use std::path::Path;

use anyhow::{Result, bail};

use super::{BASE_URL, Generator};

pub(super) struct Hugo;

impl Generator for Hugo {
    fn name(&self) -> &'static str {
        "hugo"
    }

    fn write_site(&self, rng: &mut fastrand::Rng, dir: &Path) -> Result<()> {
        std::fs::write(
            dir.join("config.toml"),
            format!("baseURL = \"{BASE_URL}\"\ntitle = \"random\"\n"),
        )?;
        let content = dir.join("content");
        std::fs::create_dir_all(&content)?;
        std::fs::write(content.join("_index.md"), "---\ntitle: home\n---\n")?;
        for s in 0..rng.usize(1..4) {
            let section = content.join(format!("s{s}"));
            std::fs::create_dir_all(&section)?;
            for p in 0..rng.usize(1..6) {
                let draft = rng.u8(..10) == 0;
                std::fs::write(
                    section.join(format!("p{p}.md")),
                    format!("---\ntitle: page {p}\ndraft: {draft}\n---\nbody\n"),
                )?;
            }
        }
        Ok(())
    }

    fn build(&self, tool: &Path, dir: &Path, out: &Path) -> Result<()> {
        let status = std::process::Command::new(tool)
            .arg("--source")
            .arg(dir)
            .arg("--destination")
            .arg(out)
            .args(["--baseURL", BASE_URL, "--quiet"])
            .output()?;
        if !status.status.success() {
            bail!("hugo: {}", String::from_utf8_lossy(&status.stderr));
        }
        Ok(())
    }
}
