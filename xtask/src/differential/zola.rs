//! Random Zola sites: sections of pages with random front matter.

use std::path::Path;

use anyhow::{Result, bail};

use super::{BASE_URL, Generator};

pub(super) struct Zola;

impl Generator for Zola {
    fn name(&self) -> &'static str {
        "zola"
    }

    fn write_site(&self, rng: &mut fastrand::Rng, dir: &Path) -> Result<()> {
        std::fs::write(
            dir.join("config.toml"),
            format!("base_url = \"{BASE_URL}\"\ntitle = \"random\"\n"),
        )?;
        let templates = dir.join("templates");
        std::fs::create_dir_all(&templates)?;
        for t in ["index.html", "section.html", "page.html"] {
            std::fs::write(templates.join(t), "<html><body>x</body></html>\n")?;
        }
        let content = dir.join("content");
        std::fs::create_dir_all(&content)?;
        std::fs::write(content.join("_index.md"), "+++\ntitle = \"home\"\n+++\n")?;
        for s in 0..rng.usize(1..4) {
            let section = content.join(format!("s{s}"));
            std::fs::create_dir_all(&section)?;
            std::fs::write(section.join("_index.md"), "+++\n+++\n")?;
            for p in 0..rng.usize(1..6) {
                let draft = rng.u8(..10) == 0;
                std::fs::write(
                    section.join(format!("p{p}.md")),
                    format!("+++\ntitle = \"page {p}\"\ndraft = {draft}\n+++\nbody\n"),
                )?;
            }
        }
        Ok(())
    }

    fn build(&self, tool: &Path, dir: &Path, out: &Path) -> Result<()> {
        let status = std::process::Command::new(tool)
            .arg("--root")
            .arg(dir)
            .arg("build")
            .arg("--output-dir")
            .arg(out)
            .args(["--base-url", BASE_URL, "--force"])
            .output()?;
        if !status.status.success() {
            bail!("zola: {}", String::from_utf8_lossy(&status.stderr));
        }
        Ok(())
    }
}
