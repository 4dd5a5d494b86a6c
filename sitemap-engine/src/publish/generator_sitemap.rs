//! The generator's own sitemap in the output folder. Hugo writes
//! `public/sitemap.xml` on every build (with several languages, an index
//! there and one sitemap per language, `public/en/sitemap.xml`), so the
//! scan's set, written under the same name, is replaced by the next
//! `hugo`; a `--gzip` set (`sitemap.xml.gz`) gets Hugo's file back beside
//! it. The scan replaces Hugo's file as it does any earlier set of that
//! name, or keeps it beside a set of another format name (it is not the
//! tool's), and says once, before the write, what to do: build with
//! `hugo && sitemap scan`, and turn Hugo's off with `disableKinds`.
//!
//! A sitemap there is Hugo's when the site is Hugo's, its configuration
//! has Hugo writing one, and the file does not begin as every XML file
//! this toolkit writes ([`sitemap_core::has_own_declaration`]: Hugo's
//! templates write `encoding="utf-8" standalone="yes"`). Nothing is
//! refused on that test, so a wrong guess costs a warning, never a file.
//! With another `filename`, ours sits beside Hugo's by choice: no warning.

use std::path::{Path, PathBuf};

use sitemap_core::{Diagnostic, Format, Loc};

use crate::publish::Outputs;

/// What a site's generator writes as its own sitemap.
#[derive(Debug)]
pub(crate) struct GeneratorSitemap {
    /// Its file name in the output folder (Hugo's `[sitemap] filename`).
    name: String,
    /// The configuration file (or Hugo's `config/_default` folder) where
    /// `disableKinds` goes.
    config: PathBuf,
}

/// Hugo's sitemap index is read up to this size for the language
/// sitemaps it lists (one `<sitemap>` a language).
const MAX_READ: u64 = 16 << 20;

impl GeneratorSitemap {
    /// Hugo's, when its configuration has it writing one.
    pub(crate) fn of(site: &sitemap_content::Site) -> Option<GeneratorSitemap> {
        (site.flavor == sitemap_content::Flavor::Hugo && site.writes_own_sitemap()).then(|| {
            GeneratorSitemap {
                name: site
                    .sitemap
                    .filename
                    .clone()
                    .unwrap_or_else(|| "sitemap.xml".to_owned()),
                config: site.config_path.clone(),
            }
        })
    }

    /// Where the generator's sitemap lies in the set's folder.
    pub(crate) fn path(&self, outputs: &Outputs) -> PathBuf {
        outputs.set.dir.join(&self.name)
    }

    /// The warning for the generator's sitemap the set will replace or
    /// keep beside it in the output folder; `None` when there is none, it is
    /// ours (an earlier run's), or the set has another name.
    pub(crate) fn warning(&self, outputs: &Outputs) -> Option<Diagnostic> {
        let set = &outputs.set;
        let ext = match set.format {
            Format::Text => "txt",
            _ => "xml",
        };
        let gz = if set.gzip { ".gz" } else { "" };
        let root = format!("{}.{ext}{gz}", set.stem);
        let names = ["xml", "xml.gz", "txt", "txt.gz"].map(|e| format!("{}.{e}", set.stem));
        if !names.contains(&self.name) {
            return None;
        }
        let path = set.dir.join(&self.name);
        if !std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            return None;
        }
        // Its first line first: an earlier scan's own set (a large one,
        // run after run) is not read whole for this.
        let mut head = Vec::new();
        std::io::Read::read_to_end(
            &mut std::io::Read::take(sitemap_core::input::open_regular(&path).ok()?, 64),
            &mut head,
        )
        .ok()?;
        if sitemap_core::has_own_declaration(&head) {
            return None;
        }
        let bytes = sitemap_core::input::read_regular(&path, MAX_READ).ok()?;
        let text = String::from_utf8_lossy(&bytes);
        if !(text.contains("<urlset") || text.contains("<sitemapindex")) {
            return None;
        }
        // Under another format name it is kept: nothing of it is the
        // set's (`SetReport::kept`), and this warning is the one naming it.
        let replaced = root == self.name;
        let mut warning = if replaced {
            format!(
                "{} is Hugo's own sitemap, not written by this tool: this run replaced it, but Hugo writes it again on every build, so build with `hugo && sitemap scan`, and set `disableKinds = [\"sitemap\"]` in {} to stop Hugo writing its own (or give ours another `filename`)",
                shown(&path),
                shown(&self.config),
            )
        } else {
            format!(
                "{} is Hugo's own sitemap, not written by this tool: this run kept it beside {root} (it is not this tool's to remove), so the site serves both; set `disableKinds = [\"sitemap\"]` in {} to stop Hugo writing its own, then delete it",
                shown(&path),
                shown(&self.config),
            )
        };
        let languages = if replaced && text.contains("<sitemapindex") {
            language_sitemaps(&text, &set.dir, &set.base_url)
        } else {
            Vec::new()
        };
        if !languages.is_empty() {
            warning.push_str(&format!(
                "; the language sitemaps Hugo's index listed stay, listed nowhere now: {} (delete them once Hugo's is off)",
                languages.join(", ")
            ));
        }
        Some(Diagnostic::warning(warning))
    }
}

/// The files in subfolders of `dir` that Hugo's index `text` lists
/// (`en/sitemap.xml`) and that are there.
fn language_sitemaps(text: &str, dir: &Path, base: &Loc) -> Vec<String> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut in_loc = false;
    let mut found = Vec::new();
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Start(e)) => in_loc = e.local_name().as_ref() == "loc",
            Ok(quick_xml::events::Event::Text(t)) if in_loc => {
                // A language sitemap's URL holds no entity: raw is enough.
                let loc: &str = &t;
                let Some(rel) = loc.trim().strip_prefix(base.as_str()) else {
                    continue;
                };
                let path = dir.join(rel);
                if rel.contains('/')
                    && !rel.split('/').any(|s| s == ".." || s.is_empty())
                    && path.is_file()
                {
                    found.push(shown(&path));
                }
            }
            Ok(quick_xml::events::Event::End(_)) => in_loc = false,
            Ok(quick_xml::events::Event::Eof) | Err(_) => break,
            Ok(_) => {}
        }
    }
    found
}

/// A path as the user gave it, without a leading `./`.
fn shown(path: &Path) -> String {
    sitemap_core::diagnostic::shown::path(path.strip_prefix(".").unwrap_or(path))
}
