//! `sitemap write SITEMAP`: another generator's sitemap (a `<urlset>`, an
//! index with its children, or either gzipped) in, a correct set out,
//! through the same writer as a URL list.
//!
//! The reading and its repairs are `sitemap_engine::sitemap_input`'s:
//! each dropped or corrected value is a warning naming its file and line,
//! and the run still writes (the point is to repair what a generator
//! wrote, not to refuse it). Without `--out` the set replaces the input
//! in its own folder: everything is read before the writer switches the
//! new files in, so reading and writing the same folder is safe.

use std::path::Path;

use sitemap_core::Pushed;
use sitemap_engine::sitemap_input::{Found, read_sitemaps};
use sitemap_engine::{HumanPage, Outputs, Publisher, Resolved};

use crate::Outcome;
use crate::ui::{Ui, shown};
use crate::write::{WriteArgs, waiting_for};

pub(crate) fn run(args: &WriteArgs, input: &Path, ui: &Ui) -> anyhow::Result<Outcome> {
    let base = crate::values::base_url(&args.base_url)?;
    let mut layer = args.output.layer(Some(&args.base_url));
    if layer.settings.out.is_none() {
        let folder = input.parent().filter(|p| !p.as_os_str().is_empty());
        layer.settings.out = Some(folder.unwrap_or(Path::new(".")).to_path_buf());
    }
    let resolved = Resolved::new(&[layer]);
    let mut outputs = Outputs::resolve(&resolved, base.clone(), None)?;
    outputs.lock_wait = args.wait.map(std::time::Duration::from_secs);
    let html_page = outputs.html_page;
    let mut pages = Vec::new();
    let mut publisher = Publisher::open(outputs, |dir| ui.summary(&waiting_for(dir)))?;
    let read = read_sitemaps(input, &base, &mut |found| -> anyhow::Result<()> {
        match found {
            Found::Note(note) => ui.warning(&note),
            Found::Url { file, line, url } => {
                if publisher.push(&url)? == Pushed::SkippedOutside {
                    ui.warning(&format!(
                        "{}:{line}: {} lies outside {base}: left out",
                        file.display(),
                        url.loc
                    ));
                } else if html_page {
                    pages.push(HumanPage {
                        loc: url.loc,
                        source: None,
                        lastmod: url.lastmod,
                    });
                }
            }
            _ => {}
        }
        Ok(())
    })?;
    let report = publisher.finish(&pages)?;
    for w in &report.warnings {
        ui.warning(w);
    }
    // The old index's children are the generator's files: never deleted,
    // but no longer listed, so the user hears that they are left over.
    let written: Vec<&Path> = report
        .set
        .sitemaps
        .iter()
        .map(|s| s.path.as_path())
        .collect();
    for child in &read.children {
        if child.exists() && !written.iter().any(|w| same_file(w, child)) {
            ui.warning(&format!(
                "{}: read, and not part of the new set: delete it once the new set is served",
                child.display()
            ));
        }
    }
    let mut notes = Vec::new();
    if read.made_absolute > 0 {
        notes.push(format!(
            "{} relative loc(s) made absolute",
            read.made_absolute
        ));
    }
    if read.repaired > 0 {
        notes.push(format!("{} problem(s) reported above", read.repaired));
    }
    if report.duplicates > 0 {
        notes.push(format!("{} duplicate(s) left out", report.duplicates));
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    };
    ui.summary(&format!(
        "sitemap: {} sitemap file(s) read, {} <url> entries, {} URLs{notes}; {}",
        read.files,
        read.urls,
        report.set.urls,
        report.written(shown)
    ));
    Ok(Outcome::Done)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
